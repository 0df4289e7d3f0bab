//! Cyvasse behind the game door: its positions as [`DoorPosition`] (turns
//! described in field names, engagement on the board, the end in words),
//! the game as a [`DoorFamily`] with a hidden setup ([`SetupRules`]).

use super::board::{Cell, ROW_LEN};
use super::codes::WORDS;
use super::eval;
use super::movegen::{turn_code, turn_from_code, Turn, TurnError};
use super::outcome::Outcome;
use super::outcome::REPETITIONS;
use super::piece::Kind;
use super::piece::{Side as CyvasseSide, Terrain};
use super::position::{Position, PositionError};
use super::setup::{
    check_setup, default_start, preset, random_setup_seeded, random_start, starting_position, SetupError, SetupHalf,
};
use super::setup::{king_fields, presets, zone, MOUNTAINS, WATER};
use crate::door::family::boxed;
use crate::door::info::{
    ArmoredInfo, BySide, CellInfo, GameInfo, PieceInfo, PresetInfo, SetupInfo, SideInfo, TerrainCount,
};
use crate::door::setup::HalfBoard;
use crate::door::{
    AnyGame, BoardPiece, DoorError, DoorFamily, DoorPosition, Engagement, ErrorKind, FromTo, MoveKind, MoveRecord,
    PlacedPiece, Said, SetupRules, Side,
};
use crate::game_position::EndReason;
use crate::players::{play_match_from, GameRecord, MatchOptions, MatchResult, PlayerSpec};
use crate::record::Record;
use crate::rng::Rng;

/// The one game of its family.
pub struct Cyvasse;

/// Its id.
pub const ID: &str = "cyvasse";

impl DoorFamily for Cyvasse {
    fn words(&self) -> &'static [crate::door::Words] {
        super::codes::WORDS
    }

    fn ids(&self) -> Vec<&'static str> {
        vec![ID]
    }

    fn games(&self) -> Vec<GameInfo> {
        vec![game_info()]
    }

    /// Each pair of games starts from its own random setups, both halves
    /// drawn independently (as the computer sets up without seeing the
    /// person's half), then the pair's random opening turns.
    fn play_match(
        &self,
        _id: &str,
        a: PlayerSpec,
        b: PlayerSpec,
        options: MatchOptions,
        on_game: &(dyn Fn(&GameRecord, &MatchResult) + Sync),
    ) -> MatchResult {
        let seed = options.seed;
        let start = |pair: u32| {
            random_start(&mut Rng::new(seed ^ 0xc1fa_55e0 ^ (pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)))
        };
        play_match_from(start, a, b, options, on_game)
    }

    fn new_game(&self, _id: &str, position: Option<&str>) -> Result<Box<dyn AnyGame>, DoorError> {
        let start = match position {
            None => default_start(),
            Some(text) => Position::parse(text)
                .map_err(|e| position_refusal(ErrorKind::BadPosition, &e, |m| format!("bad position string: {m}")))?,
        };
        Ok(boxed(start))
    }

    fn setup(&self) -> Option<&'static dyn SetupRules> {
        Some(&CyvasseSetup)
    }
}

/// What is special about each kind, in words (armor, move and attack
/// range are numbers of their own).
fn special(kind: Kind) -> &'static str {
    match kind {
        Kind::Rabble => "After its plain move, another Rabble may take one step in the same turn.",
        Kind::Spears => "Attacks and captures only its two forward fields; no enemy but the Dragon may pass them.",
        Kind::LightHorse | Kind::HeavyHorse => {
            "May ride on past a captured piece, over empty fields, and may stop on an empty water field there."
        }
        Kind::Elephant => "Passes no piece at all; captures up to 2 fields away.",
        Kind::Crossbows => "Never captures: its attacks wear armor down for others.",
        Kind::Trebuchet => {
            "Attacks 2–4 fields away over mountains; captures by stepping one field back, without moving onto the target."
        }
        Kind::Dragon => "Flies over mountains and enemy pieces.",
        Kind::Tower => "Never moves; its neighbours of its own side cannot be captured.",
        Kind::King => "May jump over its own Tower, two fields in a straight line. Losing it loses the game.",
    }
}

fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|c| c.to_string()).collect()
}

/// Cyvasse described for front ends.
fn game_info() -> GameInfo {
    let side = |name, monarch, long| SideInfo { name, one: name, plural: false, monarch, long, native: "" };
    let by_side =
        |f: &dyn Fn(CyvasseSide) -> Vec<String>| BySide { w: f(CyvasseSide::White), b: f(CyvasseSide::Black) };
    GameInfo {
        id: ID,
        family: "cyvasse",
        name: "Cyvasse",
        short_name: "Cyvasse",
        rules: ID,
        files: 12,
        ranks: 9,
        start_fen: default_start().to_position_string(),
        drops: false,
        captures_to_hand: false,
        promotion: "none",
        notation: "algebraic",
        file_labels: (0..12u8).map(|f| ((b'a' + f) as char).to_string()).collect(),
        rank_labels: (1..=9u8).map(|r| r.to_string()).collect(),
        repetition_count: REPETITIONS as u8,
        elsewhere: Default::default(),
        level_elo: None,
        sides: [side("White", "white King", "first player"), side("Black", "black King", "second player")],
        pieces: Kind::ALL
            .into_iter()
            .map(|k| PieceInfo {
                letter: k.letter().to_string(),
                name: k.name(),
                native_name: k.polish_name(),
                moves: special(k),
                value: eval::value(k),
                royal: k == Kind::King,
                // Its pieces show their armor and attack range instead (`armored`).
                powers: Vec::new(),
                armored: Some(ArmoredInfo {
                    armor: k.armor(),
                    movement: k.movement(),
                    attack_range: k.attack_range(),
                    count: k.count(),
                }),
            })
            .collect(),
        cells: Some(Cell::all().map(|c| CellInfo { square: c.to_string(), row: c.row(), index: c.file() }).collect()),
        row_lengths: Some(ROW_LEN.to_vec()),
        hidden_setup: true,
        setup: Some(SetupInfo {
            zones: by_side(&|s| names(zone(s))),
            zone_words: BySide { w: CyvasseSide::White.zone_rows(), b: CyvasseSide::Black.zone_rows() },
            king_fields: by_side(&|s| names(king_fields(s))),
            setup_terrain: vec![
                TerrainCount { terrain: "mountain", count: MOUNTAINS as u8 },
                TerrainCount { terrain: "water", count: WATER as u8 },
            ],
            presets: presets(CyvasseSide::White)
                .into_iter()
                .map(|p| PresetInfo { id: p.name.to_ascii_lowercase(), name: p.name })
                .collect(),
        }),
    }
}

/// Cyvasse's hidden setup: each side's half is its zone's four rows, top row first.
struct CyvasseSetup;

fn cyvasse_side(side: Side) -> CyvasseSide {
    match side {
        Side::First => CyvasseSide::White,
        Side::Second => CyvasseSide::Black,
    }
}

/// `side`'s half read from its text and checked against every setup rule.
fn checked_half(side: Side, text: &str) -> Result<SetupHalf, DoorError> {
    let side = cyvasse_side(side);
    let half = SetupHalf::parse(side, text)
        .map_err(|e| position_refusal(ErrorKind::BadSetup, &e, |m| format!("bad setup: {m}")))?;
    check_setup(side, &half).map_err(|e| setup_refusal(&e))?;
    Ok(half)
}

/// A setup that breaks the rules, every problem coded.
fn setup_refusal(e: &SetupError) -> DoorError {
    DoorError::coded(ErrorKind::BadSetup, e, |m| format!("bad {m}"))
        .with_problems(e.problems.iter().map(Said::of).collect())
}

/// A position string (or a setup text) that could not be read; `line` puts
/// the English line in context.
fn position_refusal(kind: ErrorKind, e: &PositionError, line: impl FnOnce(String) -> String) -> DoorError {
    let refusal = DoorError::coded(kind, e, line);
    match e {
        PositionError::Setup(s) => refusal.with_problems(s.problems.iter().map(Said::of).collect()),
        _ => refusal,
    }
}

impl SetupRules for CyvasseSetup {
    fn id(&self) -> &'static str {
        ID
    }

    fn check_half(&self, side: Side, half: &str) -> Result<(), DoorError> {
        checked_half(side, half).map(|_| ())
    }

    fn join(&self, first: &str, second: &str, to_move: Side) -> Result<String, DoorError> {
        let white = checked_half(Side::First, first)?;
        let black = checked_half(Side::Second, second)?;
        starting_position(&white, &black, cyvasse_side(to_move))
            .map(|p| p.to_position_string())
            .map_err(|e| setup_refusal(&e))
    }

    fn new_half(&self, side: Side, text: Option<&str>) -> Result<Box<dyn HalfBoard>, DoorError> {
        let half = match text {
            None => SetupHalf::new(),
            Some(text) => SetupHalf::parse(cyvasse_side(side), text)
                .map_err(|e| position_refusal(ErrorKind::BadSetup, &e, |m| format!("bad setup: {m}")))?,
        };
        Ok(Box::new(CyvasseHalf { side: cyvasse_side(side), half }))
    }

    fn random_half(&self, side: Side, seed: u64) -> Box<dyn HalfBoard> {
        Box::new(CyvasseHalf { side: cyvasse_side(side), half: random_setup_seeded(cyvasse_side(side), seed) })
    }

    fn preset_half(&self, side: Side, id: &str) -> Result<Box<dyn HalfBoard>, DoorError> {
        let side = cyvasse_side(side);
        let half = preset(side, id).ok_or_else(|| {
            let known: Vec<String> = presets(side).iter().map(|p| p.name.to_ascii_lowercase()).collect();
            DoorError::worded(ErrorKind::BadArgument, WORDS, "setup.unknownPreset")
                .arg("id", id)
                .arg("known", known.join(", "))
        })?;
        Ok(Box::new(CyvasseHalf { side, half }))
    }
}

/// A Cyvasse half being set up.
#[derive(Clone)]
struct CyvasseHalf {
    side: CyvasseSide,
    half: SetupHalf,
}

/// What `place` puts on a field.
enum Placed {
    Piece(Kind),
    Terrain(Terrain),
}

impl HalfBoard for CyvasseHalf {
    fn clone_box(&self) -> Box<dyn HalfBoard> {
        Box::new(self.clone())
    }

    fn side(&self) -> Side {
        Position::door_side(self.side)
    }

    fn place(&mut self, square: &str, what: &str) -> Result<(), DoorError> {
        let cell = cell_arg(square)?;
        let refuse = |code: &'static str| DoorError::worded(ErrorKind::BadSetup, WORDS, code).arg("square", cell);
        let placed = match what {
            "mountain" => Placed::Terrain(Terrain::Mountain),
            "water" => Placed::Terrain(Terrain::Water),
            _ => {
                let mut chars = what.chars();
                match (chars.next().and_then(Kind::from_letter), chars.next()) {
                    (Some(k), None) => Placed::Piece(k),
                    _ => {
                        return Err(
                            DoorError::worded(ErrorKind::BadArgument, WORDS, "setup.badPlacement").arg("text", what)
                        )
                    }
                }
            }
        };
        if cell.zone() != Some(self.side) {
            return Err(refuse("setup.outsideZone")
                .line_arg("side", self.side)
                .line_arg("zone", self.side.zone_rows())
                .arg("side", self.side.letter()));
        }
        let mut half = self.half.clone();
        match placed {
            Placed::Piece(kind) => {
                if let Some(there) = half.piece_at(cell) {
                    return Err(refuse("setup.fieldTaken").line_arg("piece", there).arg("piece", there.letter()));
                }
                if half.terrain_at(cell) == Terrain::Mountain {
                    return Err(refuse("setup.mountainField"));
                }
                half.place(cell, kind);
            }
            Placed::Terrain(terrain) => {
                if half.terrain_at(cell) != Terrain::Land {
                    let there = terrain_word(half.terrain_at(cell));
                    return Err(refuse("setup.alreadyTerrain").arg("terrain", there));
                }
                if let Some(there) = half.piece_at(cell).filter(|_| terrain == Terrain::Mountain) {
                    return Err(refuse("setup.fieldTaken").line_arg("piece", there).arg("piece", there.letter()));
                }
                half.place_terrain(cell, terrain);
            }
        }
        // What no setup may have (one too many of a kind, a King off its fields,
        // terrain under the King), in the words a half read from text is refused with.
        let before = self.half.placing_problems(self.side);
        if let Some(problem) = half.placing_problems(self.side).into_iter().find(|p| !before.contains(p)) {
            return Err(DoorError::coded(ErrorKind::BadSetup, &problem, |m| m));
        }
        self.half = half;
        Ok(())
    }

    fn clear(&mut self, square: &str) -> Result<Option<String>, DoorError> {
        let cell = cell_arg(square)?;
        if let Some(kind) = self.half.remove_piece(cell) {
            return Ok(Some(kind.letter().to_string()));
        }
        let terrain = self.half.terrain_at(cell);
        if terrain == Terrain::Land {
            return Ok(None);
        }
        self.half.place_terrain(cell, Terrain::Land);
        Ok(Some(terrain_word(terrain).to_string()))
    }

    fn at(&self, square: &str) -> Result<(Option<String>, Option<&'static str>), DoorError> {
        let cell = cell_arg(square)?;
        let piece = self.half.piece_at(cell).map(|k| k.letter().to_string());
        let terrain = Some(self.half.terrain_at(cell)).filter(|&t| t != Terrain::Land).map(terrain_word);
        Ok((piece, terrain))
    }

    fn text(&self) -> String {
        self.half.to_text(self.side)
    }

    fn missing(&self) -> Vec<(String, usize)> {
        let mut out: Vec<(String, usize)> = Vec::new();
        for (word, placed, want) in
            [("mountain", self.half.mountains.len(), MOUNTAINS), ("water", self.half.water.len(), WATER)]
        {
            if placed < want {
                out.push((word.to_string(), want - placed));
            }
        }
        out.extend(self.half.missing().into_iter().map(|(k, n)| (k.letter().to_string(), n as usize)));
        out
    }

    fn problems(&self) -> Vec<Said> {
        match check_setup(self.side, &self.half) {
            Ok(()) => Vec::new(),
            Err(e) => e.problems.iter().map(Said::of).collect(),
        }
    }
}

fn cell_arg(name: &str) -> Result<Cell, DoorError> {
    Cell::parse(name).map_err(|e| DoorError::coded(ErrorKind::BadArgument, &e, |m| m))
}

fn piece_arg(letter: &str) -> Result<(), DoorError> {
    let mut chars = letter.chars();
    match (chars.next().and_then(super::piece::Kind::from_letter), chars.next()) {
        (Some(_), None) => Ok(()),
        _ => Err(DoorError::worded(ErrorKind::BadArgument, WORDS, "piece.unknown").arg("letter", letter)),
    }
}

/// The word for a field's terrain.
pub fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Mountain => "mountain",
        Terrain::Water => "water",
        Terrain::Land => "land",
    }
}

/// How the two sides are named in sentences.
fn side_name(side: CyvasseSide) -> &'static str {
    match side {
        CyvasseSide::White => "White",
        CyvasseSide::Black => "Black",
    }
}

impl DoorPosition for Position {
    fn game_id(&self) -> &'static str {
        ID
    }

    fn door_side(side: CyvasseSide) -> Side {
        match side {
            CyvasseSide::White => Side::First,
            CyvasseSide::Black => Side::Second,
        }
    }

    fn family_side(side: Side) -> CyvasseSide {
        cyvasse_side(side)
    }

    fn move_number(&self) -> u32 {
        self.turn_number()
    }

    /// `kind`: a move, a capture, a shot (the Trebuchet's), a jump (the
    /// King's) or a double (two Rabble moves; `from` and `to` are the first's).
    fn play_recorded(&self, turn: Turn) -> (Position, MoveRecord) {
        let text = turn.to_string();
        let captured = turn.captured().and_then(|c| {
            self.piece_at(c).map(|p| PlacedPiece { square: c.to_string(), piece: p.letter().to_string() })
        });
        let record = MoveRecord {
            notation: text.clone(),
            text,
            kind: match turn {
                Turn::Move { .. } => MoveKind::Move,
                Turn::Capture { .. } => MoveKind::Capture,
                Turn::Shot { .. } => MoveKind::Shot,
                Turn::Jump { .. } => MoveKind::Jump,
                Turn::Rabbles { .. } => MoveKind::Double,
            },
            piece: self.piece_at(turn.from()).map(|p| p.letter().to_string()).unwrap_or_default(),
            from: Some(turn.from().to_string()),
            // A shot's square on the board is its target, as for the Sniper's.
            to: match turn {
                Turn::Shot { target, .. } => target.to_string(),
                _ => turn.to().to_string(),
            },
            drop: None,
            promotion: None,
            declined_promotion: false,
            rook: None,
            path: self.turn_path(&turn).into_iter().map(|c| c.to_string()).collect(),
            second: match turn {
                Turn::Rabbles { second, .. } => Some(FromTo { from: second.0.to_string(), to: second.1.to_string() }),
                _ => None,
            },
            landing: match turn {
                Turn::Shot { to, .. } => Some(to.to_string()),
                _ => None,
            },
            captured,
            blasted: Vec::new(),
            captured_to_hand: false,
            check: false,
        };
        (self.after(&turn), record)
    }

    fn ending_words(record: &Record<Position>) -> (String, String) {
        let outcome: Outcome = record.outcome();
        match outcome {
            Outcome::Ongoing => (String::new(), String::new()),
            Outcome::Decisive { winner, reason } => {
                let loser = winner.opponent();
                let why = match reason {
                    EndReason::KingCaptured => {
                        format!("The {} King was captured.", side_name(loser).to_ascii_lowercase())
                    }
                    EndReason::NoMoves => format!("{} has no legal move, and that loses.", side_name(loser)),
                    EndReason::Resignation => format!("{} resigned.", side_name(loser)),
                    // Cyvasse's rules end no game won in any other way.
                    _ => String::new(),
                };
                (format!("{} wins ({})", side_name(winner), outcome.result()), why)
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    EndReason::FiftyMoves => {
                        "Draw by the fifty-turn rule: fifty turns by each side without a capture.".to_string()
                    }
                    _ => "Draw by repetition: the same position arose for the third time.".to_string(),
                };
                (format!("Draw ({})", outcome.result()), why)
            }
        }
    }

    fn move_code(&self, turn: Turn) -> u32 {
        turn_code(&turn)
    }

    fn move_from_code(&self, code: u32) -> Option<Turn> {
        turn_from_code(code)
    }

    fn board(&self) -> Vec<BoardPiece> {
        self.pieces()
            .map(|(c, p)| BoardPiece {
                square: c.to_string(),
                piece: p.letter().to_string(),
                engagement: Some(Engagement {
                    on_water: self.terrain_at(c) == Terrain::Water,
                    armor: p.kind.armor(),
                    attackers: self.attackers(c).len(),
                    shielded: self.is_shielded(c),
                    capturable: self.is_capturable(c),
                }),
            })
            .collect()
    }

    fn terrain(&self) -> Vec<(String, &'static str)> {
        Cell::all()
            .filter(|&c| self.terrain_at(c) != Terrain::Land)
            .map(|c| (c.to_string(), terrain_word(self.terrain_at(c))))
            .collect()
    }

    fn moves_from(&self, square: &str) -> Result<Vec<Turn>, DoorError> {
        Ok(self.turns_from(cell_arg(square)?))
    }

    /// Nothing is ever dropped in Cyvasse (the arguments are checked all the same).
    fn drop_targets(&self, piece: &str) -> Result<Vec<String>, DoorError> {
        piece_arg(piece)?;
        Ok(Vec::new())
    }

    fn drop_error(&self, piece: &str, square: &str) -> Result<Option<DoorError>, DoorError> {
        piece_arg(piece)?;
        cell_arg(square)?;
        Ok(Some(DoorError::worded(ErrorKind::IllegalMove, WORDS, "drop.notAllowed")))
    }

    fn refusal(&self, e: TurnError) -> DoorError {
        DoorError::coded(ErrorKind::IllegalMove, &e, |m| m)
    }
}
