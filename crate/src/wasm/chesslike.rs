//! The JavaScript API's game of a chess-like variant: the bindings' `Game`
//! dispatches here for every variant but Cyvasse.

use wasm_bindgen::prelude::*;

use super::{
    best_move_info, describe, error, number_text, pack_details, pack_result, search_limits, text_arg, to_js, FromTo,
    MoveDetails, MoveInfo, ResultInfo, SquarePiece,
};
use crate::game::{self, Game, Outcome, MAX_MOVE_LEN};
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, Role};
use crate::position::Removal;
use crate::variant::Variant;

/// A game of a chess-like variant.
pub(super) struct ChessLikeGame {
    game: Game,
}

impl ChessLikeGame {
    fn variant(&self) -> &'static Variant {
        self.game.variant()
    }

    fn square(&self, value: &JsValue) -> Result<Square, JsError> {
        let name =
            text_arg(value, "a square", "'e3'", 8, |n| format!("a square is named in 2 or 3 characters, not {n}"))?;
        self.variant().geometry.parse_square(&name).ok_or_else(|| error(format!("square '{name}' is not on the board")))
    }

    fn square_name(&self, sq: Square) -> String {
        self.variant().geometry.square_name(sq).to_string()
    }

    fn role(&self, value: &JsValue) -> Result<Role, JsError> {
        let letter = text_arg(value, "a piece", "'P'", 8, |n| format!("a piece is one letter, not {n} characters"))?;
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.variant().role_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| error(format!("'{letter}' is not a piece of this variant")))
    }

    /// The piece as written in position strings: `P`, `p`, `+P` (shogi's tokin).
    fn piece_letter(&self, piece: Piece) -> String {
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

    fn side(value: &JsValue) -> Result<Color, JsError> {
        let side = text_arg(value, "a side", "'w'", 8, |n| format!("a side is 'w' or 'b', not {n} characters"))?;
        Color::from_letter(side.chars().next().unwrap_or(' '))
            .filter(|_| side.len() == 1)
            .ok_or_else(|| error(format!("side '{side}' is neither 'w' nor 'b'")))
    }

    fn move_info(&self, m: Move) -> MoveInfo {
        match m {
            Move::Drop { role, to } => MoveInfo {
                from: None,
                to: self.square_name(to),
                drop: Some(self.variant().piece(role).letter.to_string()),
            },
            _ => MoveInfo { from: m.from().map(|sq| self.square_name(sq)), to: self.square_name(m.to()), drop: None },
        }
    }

    /// `m`, legal in the current position, described before it is played.
    fn details(&self, m: Move) -> MoveDetails {
        let pos = self.game.position();
        let us = pos.turn();
        let info = self.move_info(m);
        MoveDetails {
            text: self.game.move_text(m),
            san: crate::notation::san(pos, m),
            kind: match m.kind() {
                MoveKind::Step => "step",
                MoveKind::Drop => "drop",
                MoveKind::EnPassant => "enPassant",
                MoveKind::Castle => "castle",
                MoveKind::Snipe => "snipe",
            },
            from: info.from,
            to: info.to,
            drop: info.drop,
            promotion: m.promotion().map(|r| self.piece_letter(Piece::new(us, r))),
            rook: match m {
                Move::Castle { rook, rook_to, .. } => {
                    Some(FromTo { from: self.square_name(rook), to: self.square_name(rook_to) })
                }
                _ => None,
            },
            path: pos.move_path(m).into_iter().map(|sq| self.square_name(sq)).collect(),
            second: None,
            landing: None,
        }
    }

    /// `details(m)` as 11 tab-separated fields (`null` as empty): move, san,
    /// kind, from, to, drop, promotion, the rook's `from:to`, the path's
    /// squares separated by spaces, the second move's `from:to`, the landing.
    fn pack_details(&self, m: Move, out: &mut String) {
        pack_details(self.details(m), out);
    }

    fn texts(&self, moves: impl IntoIterator<Item = Move>) -> Vec<String> {
        moves.into_iter().map(|m| self.game.move_text(m)).collect()
    }

    /// A move code (a number from `legalMoveCodes`) read as a move of this variant.
    fn code_move(&self, code: f64) -> Result<Move, JsError> {
        let m = (code.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&code))
            .then(|| game::move_from_code(self.variant(), code as u32))
            .flatten();
        m.ok_or_else(|| {
            error(format!(
                "{} is not a move code (codes come from legalMoveCodes(); or give the move as text like 'e2e4')",
                number_text(code)
            ))
        })
    }

    /// A move given as text (`'e2e4'`) or as a code, parsed against the
    /// current position; not yet checked for legality.
    fn move_arg(&self, value: &JsValue) -> Result<Move, JsError> {
        if let Some(code) = value.as_f64() {
            return self.code_move(code);
        }
        if !value.is_string() {
            return Err(error(format!(
                "a move must be text like 'e2e4' or a code from legalMoveCodes(), not {}",
                describe(value)
            )));
        }
        let text = text_arg(value, "a move", "'e2e4'", MAX_MOVE_LEN, |n| {
            crate::notation::MoveTextError::TooLong(n).to_string()
        })?;
        self.game.parse_move(&text).map_err(|e| error(e.to_string()))
    }

    /// `m` if it may be played now; otherwise why not.
    fn legal(&self, m: Move) -> Result<Move, JsError> {
        match self.game.move_error(m) {
            Some(e) => Err(error(crate::game::GameError::Illegal(e).to_string())),
            None => Ok(m),
        }
    }

    /// The move `value` (text or code) parsed against the current position, if it is legal.
    fn legal_move(&self, value: &JsValue) -> Result<Move, JsError> {
        self.legal(self.move_arg(value)?)
    }
}

impl ChessLikeGame {
    /// A game of the chess-like `variant` (checked by the caller), from its
    /// start or from a position string.
    pub(super) fn new(variant: &str, fen: Option<&str>) -> Result<ChessLikeGame, JsError> {
        let game = Game::from_text(variant, fen).map_err(|e| error(e.to_string()))?;
        Ok(ChessLikeGame { game })
    }

    /// The game's record, as every family has one.
    pub(super) fn record(&self) -> &crate::record::Record<crate::position::Position> {
        self.game.record()
    }

    pub(super) fn result_info(&self) -> ResultInfo {
        result_info(&self.game)
    }

    pub(super) fn variant_id(&self) -> String {
        self.variant().id.to_string()
    }

    /// The occupied squares: `[{square: 'e3', piece: 'P'}]`.
    pub(super) fn board(&self) -> Result<JsValue, JsError> {
        let pos = self.game.position();
        let list: Vec<SquarePiece> = self
            .variant()
            .geometry
            .squares()
            .filter_map(|sq| {
                pos.piece_at(sq).map(|p| SquarePiece { square: self.square_name(sq), piece: self.piece_letter(p) })
            })
            .collect();
        to_js(&list)
    }

    /// A side's hand as `{P: 2, Q: 1}` (uppercase letters, counts above zero).
    pub(super) fn hand(&self, side: JsValue) -> Result<JsValue, JsError> {
        let color = Self::side(&side)?;
        let pos = self.game.position();
        let map: std::collections::BTreeMap<String, u8> = self
            .variant()
            .roles()
            .filter(|&r| pos.hand_count(color, r) > 0)
            .map(|r| (self.variant().piece(r).letter.to_string(), pos.hand_count(color, r)))
            .collect();
        to_js(&map)
    }

    /// The moves `push` accepts now, as codes, one number each in a
    /// `Uint32Array`: the cheap list for walking the game tree (`push(code)`,
    /// `moveText(code)`). Empty once the game is over.
    pub(super) fn legal_move_codes(&self) -> Vec<u32> {
        self.playable().into_iter().map(game::move_code).collect()
    }

    /// The text of a move code: `e2e4`.
    pub(super) fn move_text_of(&self, code: JsValue) -> Result<String, JsError> {
        let Some(n) = code.as_f64() else {
            return Err(error(format!("a move code is a number from legalMoveCodes(), not {}", describe(&code))));
        };
        Ok(self.game.move_text(self.code_move(n)?))
    }

    /// The code of a legal move given as text (or as a code); throws if it is not legal here.
    pub(super) fn move_code_of(&self, value: JsValue) -> Result<u32, JsError> {
        Ok(game::move_code(self.legal_move(&value)?))
    }

    /// The legal moves of the piece on `square`.
    pub(super) fn moves_from(&self, square: JsValue) -> Result<Vec<String>, JsError> {
        let sq = self.square(&square)?;
        Ok(self.texts(self.game.legal_moves_from(sq)))
    }

    /// The squares where the side to move may legally drop `piece` (a letter).
    pub(super) fn drop_targets(&self, piece: JsValue) -> Result<Vec<String>, JsError> {
        let role = self.role(&piece)?;
        Ok(self.game.drop_targets(role).into_iter().map(|sq| self.square_name(sq)).collect())
    }

    /// Why dropping `piece` on `square` is illegal, or `null` if it is legal.
    pub(super) fn drop_error(&self, piece: JsValue, square: JsValue) -> Result<JsValue, JsError> {
        let role = self.role(&piece)?;
        let sq = self.square(&square)?;
        if self.game.outcome().is_over() {
            return Ok(JsValue::from_str("the game is over"));
        }
        Ok(self
            .game
            .position()
            .drop_error(role, sq)
            .map_or(JsValue::NULL, |e| JsValue::from_str(&e.reason.to_string())))
    }

    /// A legal move described without playing it, packed for the wrapper
    /// (which returns `{move, san, kind, from, to, drop, promotion, rook}`).
    /// Throws if the move is not legal here.
    pub(super) fn move_details_packed(&self, value: JsValue) -> Result<String, JsError> {
        let m = self.legal_move(&value)?;
        let mut out = String::with_capacity(48);
        self.pack_details(m, &mut out);
        Ok(out)
    }

    /// The squares a legal move's blast would clear (empty when it blasts
    /// nothing), worked out on a copy of the position. Throws if the move is
    /// not legal here.
    pub(super) fn blast_cells(&self, value: JsValue) -> Result<Vec<String>, JsError> {
        let m = self.legal_move(&value)?;
        let mut cells = Vec::new();
        let _ = self.game.position().play_reporting(m, |r| {
            if let Removal::Blasted(sq, _) = r {
                cells.push(sq);
            }
        });
        Ok(cells.into_iter().map(|sq| self.square_name(sq)).collect())
    }

    /// Plays a move given as text or code; returns what happened, packed
    /// for the wrapper, which unpacks it into `{move, san, kind, from, to,
    /// drop, promotion, rook, captured, blasted, check, result}` (a string
    /// crosses the boundary much faster than an object built field by
    /// field). Throws on an illegal move.
    pub(super) fn play_packed(&mut self, value: JsValue) -> Result<String, JsError> {
        let m = self.legal_move(&value)?;
        let mut out = String::with_capacity(96);
        self.pack_details(m, &mut out);
        let report = self.game.play_checked(m);
        let sp = |out: &mut String, (sq, p): (Square, Piece)| {
            out.push_str(&self.square_name(sq));
            out.push(':');
            out.push_str(&self.piece_letter(p));
        };
        out.push('\t');
        if let Some(c) = report.captured {
            sp(&mut out, c);
        }
        out.push('\t');
        for (i, &b) in report.blasted.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            sp(&mut out, b);
        }
        out.push('\t');
        out.push_str(if report.check { "1" } else { "" });
        pack_result(&result_info(&self.game), &mut out);
        Ok(out)
    }

    /// Plays a legal move given as text (or code) and returns nothing: the
    /// lean `play`. Throws on an illegal move.
    pub(super) fn push(&mut self, value: JsValue) -> Result<(), JsError> {
        let m = self.move_arg(&value)?;
        self.push_move(m)
    }

    /// `push` for a move code (a number from `legalMoveCodes()`).
    pub(super) fn push_code(&mut self, code: f64) -> Result<(), JsError> {
        let m = self.code_move(code)?;
        self.push_move(m)
    }

    pub(super) fn undo(&mut self) -> bool {
        self.game.undo()
    }

    pub(super) fn redo(&mut self) -> bool {
        self.game.redo()
    }

    /// The square of the side to move's monarch when it is in check, else `null`.
    pub(super) fn checked_square(&self) -> JsValue {
        let pos = self.game.position();
        match pos.is_check().then(|| pos.monarch_square(pos.turn())).flatten() {
            Some(sq) => JsValue::from_str(&self.square_name(sq)),
            None => JsValue::NULL,
        }
    }

    /// `{from, to, drop}` of the last move, or `null`.
    pub(super) fn last_move(&self) -> Result<JsValue, JsError> {
        match self.game.moves().last() {
            Some(&m) => to_js(&self.move_info(m)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The computer's move: `{move, score, mate, depth, nodes, timeMs, pv}`
    /// (`move` is `null` when there is none). Options: `{level: 1..5}` or
    /// `{depth, timeMs, nodes}`; the default is the default level. It runs to
    /// its limit without returning, so call it in a Web Worker.
    pub(super) fn best_move(&self, options: JsValue) -> Result<JsValue, JsError> {
        let limits = search_limits(options, self.game.moves().len())?;
        if self.game.outcome().is_over() {
            return Err(error("the game is over"));
        }
        best_move_info(self.game.record(), limits)
    }

    /// `side` ('w' or 'b') resigns.
    pub(super) fn resign(&mut self, side: JsValue) -> Result<(), JsError> {
        self.game.resign(Self::side(&side)?);
        Ok(())
    }
}

impl ChessLikeGame {
    /// The moves that may be played now: the legal moves, none once the game is over.
    fn playable(&self) -> crate::moves::MoveList {
        if self.game.outcome().is_over() {
            crate::moves::MoveList::new()
        } else {
            self.game.position().legal_moves()
        }
    }

    fn push_move(&mut self, m: Move) -> Result<(), JsError> {
        self.game.push(m).map_err(|e| error(crate::game::GameError::Illegal(e).to_string()))
    }
}

fn result_info(game: &Game) -> ResultInfo {
    let outcome: Outcome = game.outcome();
    let (title, text) = game.outcome_text();
    ResultInfo {
        result: outcome.result(),
        reason: outcome.reason(),
        winner: outcome.winner().map(Color::letter),
        title,
        text,
    }
}
