//! The chess-like family behind the game door: its positions as
//! [`DoorPosition`] (moves described in square names, the end in the
//! variant's words), and the family as [`DoorFamily`] (every variant id).

use crate::chesslike::codes::WORDS;
use crate::chesslike::fen;
use crate::chesslike::geometry::Square;
use crate::chesslike::moves::{move_code, move_from_code, Move};
use crate::chesslike::notation;
use crate::chesslike::outcome::{ending_words, MoveError};
use crate::chesslike::piece::{Color, Piece, PieceDef, Role};
use crate::chesslike::position::{Position, Removal};
use crate::chesslike::variant::{MoveNotation, Promotion, Variant};
use crate::door::codes::is_piece_arg;
use crate::door::family::boxed;
use crate::door::info::{GameInfo, PieceInfo, SideInfo};
use crate::door::{
    AnyGame, BoardPiece, DoorError, DoorFamily, DoorPosition, ErrorKind, FromTo, MoveKind, MoveRecord, PlacedPiece,
    Side,
};
use crate::players::{play_match_from, GameRecord, MatchOptions, MatchResult, PlayerSpec};
use crate::record::Record;

/// Every chess-like variant.
pub struct ChessLike;

impl DoorFamily for ChessLike {
    fn words(&self) -> &'static [crate::door::Words] {
        crate::chesslike::codes::WORDS
    }

    fn ids(&self) -> Vec<&'static str> {
        Variant::all().to_vec()
    }

    fn games(&self) -> Vec<GameInfo> {
        Variant::all().iter().filter_map(|id| Variant::by_id(id)).map(game_info).collect()
    }

    fn play_match(
        &self,
        id: &str,
        a: PlayerSpec,
        b: PlayerSpec,
        options: MatchOptions,
        on_game: &(dyn Fn(&GameRecord, &MatchResult) + Sync),
    ) -> MatchResult {
        let v = Variant::by_id(id).expect("the door asks only for its ids");
        play_match_from(|_pair| Position::start(v), a, b, options, on_game)
    }

    fn new_game(&self, id: &str, position: Option<&str>) -> Result<Box<dyn AnyGame>, DoorError> {
        let v = Variant::by_id(id).ok_or_else(|| {
            DoorError::new(ErrorKind::UnknownGame, "game.unknown", format!("unknown variant '{id}'")).arg("id", id)
        })?;
        let start = match position {
            None => Position::start(v),
            Some(text) => fen::parse_position(v, text).map_err(|e| {
                DoorError::coded(ErrorKind::BadPosition, &e, |m| format!("bad position string: {m}"))
                    .map_args(|name, value| piece_letter(v, name, value))
            })?,
        };
        Ok(boxed(start))
    }
}

/// An argument's value with a piece name (`Minion`) given as the piece's
/// letter in `v` (`M`, `+P`): the door's args name pieces by letter.
fn piece_letter(v: &Variant, arg: &'static str, value: String) -> String {
    if !is_piece_arg(arg) {
        return value;
    }
    match v.pieces.iter().find(|p| p.name == value) {
        Some(p) if p.promoted => format!("+{}", p.letter),
        Some(p) => p.letter.to_string(),
        None => value,
    }
}

/// A variant described for front ends.
/// What a piece does beyond displacing (see [`PieceInfo::powers`]), read from
/// its definition and the game's rules.
fn powers(v: &Variant, role: Role, p: &PieceDef) -> Vec<&'static str> {
    let mut out = Vec::new();
    if v.rules.blast.is_some_and(|b| b.roles.contains(role)) {
        out.push("blasts");
    }
    if p.shot.is_some() {
        out.push("shoots");
    }
    if [&p.moves, &p.captures].iter().any(|m| !m.bent.is_empty() || !m.lame.is_empty()) {
        out.push("routes");
    }
    out
}

fn game_info(v: &'static Variant) -> GameInfo {
    GameInfo {
        id: v.id,
        family: "chesslike",
        name: v.name,
        short_name: v.short_name,
        rules: v.rules_doc,
        files: v.geometry.files,
        ranks: v.geometry.ranks,
        start_fen: v.start_fen.to_string(),
        drops: v.has_hands(),
        captures_to_hand: v.rules.drops,
        promotion: match v.rules.promotion {
            Promotion::None => "none",
            Promotion::LastRank { .. } => "choice",
            Promotion::Zone { .. } => "optional",
        },
        notation: match v.rules.move_notation {
            MoveNotation::Algebraic => "algebraic",
            MoveNotation::Shogi => "shogi",
        },
        file_labels: (0..v.geometry.files).map(|f| notation::file_label(v, f)).collect(),
        rank_labels: (0..v.geometry.ranks).map(|r| notation::rank_label(v, r)).collect(),
        repetition_count: v.rules.repetition_count,
        elsewhere: v.elsewhere,
        level_elo: v.level_elo,
        sides: v.sides.map(|s| SideInfo {
            name: s.name,
            one: s.one,
            plural: s.plural,
            monarch: s.monarch,
            long: s.long,
            native: s.native,
        }),
        pieces: v
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| PieceInfo {
                letter: if p.promoted { format!("+{}", p.letter) } else { p.letter.to_string() },
                name: p.name,
                native_name: p.native_name,
                moves: p.description,
                value: p.value,
                royal: p.royal,
                powers: powers(v, Role(i as u8), p),
                armored: None,
            })
            .collect(),
        cells: None,
        row_lengths: None,
        hidden_setup: false,
        setup: None,
    }
}

impl Position {
    fn square_text(&self, sq: Square) -> String {
        self.variant().geometry.square_name(sq).to_string()
    }

    /// The piece as written in position strings: `P`, `p`, `+P` (shogi's tokin).
    fn piece_text(&self, piece: Piece) -> String {
        let def = self.variant().piece(piece.role());
        let letter = match piece.color() {
            Color::White => def.letter,
            Color::Black => def.letter.to_ascii_lowercase(),
        };
        if def.promoted {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }

    fn square_arg(&self, name: &str) -> Result<Square, DoorError> {
        self.variant()
            .geometry
            .parse_square(name)
            .ok_or_else(|| DoorError::worded(ErrorKind::BadArgument, WORDS, "square.offBoard").arg("square", name))
    }

    fn role_arg(&self, letter: &str) -> Result<Role, DoorError> {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.variant().role_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| DoorError::worded(ErrorKind::BadArgument, WORDS, "piece.unknown").arg("letter", letter))
    }
}

impl DoorPosition for Position {
    fn game_id(&self) -> &'static str {
        self.variant().id
    }

    fn door_side(side: Color) -> Side {
        match side {
            Color::White => Side::First,
            Color::Black => Side::Second,
        }
    }

    fn family_side(side: Side) -> Color {
        match side {
            Side::First => Color::White,
            Side::Second => Color::Black,
        }
    }

    fn move_number(&self) -> u32 {
        self.fullmoves()
    }

    fn play_recorded(&self, m: Move) -> (Position, MoveRecord) {
        let v = self.variant();
        let placed = |(sq, p): (Square, Piece)| PlacedPiece { square: self.square_text(sq), piece: self.piece_text(p) };
        let mut captured = None;
        let mut blasted = Vec::new();
        let next = self.play_reporting(m, |r| match r {
            Removal::Captured(sq, p) => captured = Some(placed((sq, p))),
            Removal::Blasted(sq, p) => blasted.push(placed((sq, p))),
        });
        let record = MoveRecord {
            text: notation::move_text(v, m).to_string(),
            notation: notation::san(self, m),
            kind: match m {
                Move::Normal { .. } => MoveKind::Step,
                Move::Drop { .. } => MoveKind::Drop,
                Move::EnPassant { .. } => MoveKind::EnPassant,
                Move::Castle { .. } => MoveKind::Castle,
                Move::Snipe { .. } => MoveKind::Snipe,
            },
            piece: match m {
                Move::Drop { role, .. } => self.piece_text(Piece::new(self.turn(), role)),
                _ => m.from().and_then(|sq| self.piece_at(sq)).map(|p| self.piece_text(p)).unwrap_or_default(),
            },
            from: m.from().map(|sq| self.square_text(sq)),
            to: self.square_text(m.to()),
            drop: match m {
                Move::Drop { role, .. } => Some(v.piece(role).letter.to_string()),
                _ => None,
            },
            promotion: m.promotion().map(|r| self.piece_text(Piece::new(self.turn(), r))),
            declined_promotion: notation::declines_promotion(self, m),
            rook: match m {
                Move::Castle { rook, rook_to, .. } => {
                    Some(FromTo { from: self.square_text(rook), to: self.square_text(rook_to) })
                }
                _ => None,
            },
            path: self.move_path(m).into_iter().map(|sq| self.square_text(sq)).collect(),
            second: None,
            landing: None,
            captured_to_hand: captured.is_some() && v.rules.drops,
            captured,
            blasted,
            check: false,
        };
        (next, record)
    }

    fn ending_words(record: &Record<Position>) -> (String, String) {
        ending_words(record)
    }

    fn move_code(&self, m: Move) -> u32 {
        move_code(m)
    }

    fn move_from_code(&self, code: u32) -> Option<Move> {
        move_from_code(self.variant(), code)
    }

    fn board(&self) -> Vec<BoardPiece> {
        self.variant()
            .geometry
            .squares()
            .filter_map(|sq| {
                self.piece_at(sq).map(|p| BoardPiece {
                    square: self.square_text(sq),
                    piece: self.piece_text(p),
                    engagement: None,
                })
            })
            .collect()
    }

    fn hand(&self, side: Color) -> Vec<(String, u8)> {
        let v = self.variant();
        v.roles()
            .filter(|&r| self.hand_count(side, r) > 0)
            .map(|r| (v.piece(r).letter.to_string(), self.hand_count(side, r)))
            .collect()
    }

    fn checked_square(&self) -> Option<String> {
        self.is_check().then(|| self.monarch_square(self.turn())).flatten().map(|sq| self.square_text(sq))
    }

    fn moves_from(&self, square: &str) -> Result<Vec<Move>, DoorError> {
        let sq = self.square_arg(square)?;
        Ok(self.legal_moves_from(sq).to_vec())
    }

    fn drop_targets(&self, piece: &str) -> Result<Vec<String>, DoorError> {
        let role = self.role_arg(piece)?;
        Ok(Position::drop_targets(self, role).into_iter().map(|sq| self.square_text(sq)).collect())
    }

    fn drop_error(&self, piece: &str, square: &str) -> Result<Option<DoorError>, DoorError> {
        let role = self.role_arg(piece)?;
        let sq = self.square_arg(square)?;
        let v = self.variant();
        Ok(Position::drop_error(self, role, sq).map(|e| {
            DoorError::coded(ErrorKind::IllegalMove, &e.reason, |m| m)
                .map_args(|name, value| piece_letter(v, name, value))
        }))
    }

    fn refusal(&self, e: MoveError) -> DoorError {
        let v = self.variant();
        DoorError::coded(ErrorKind::IllegalMove, &e, |m| m).map_args(|name, value| piece_letter(v, name, value))
    }
}
