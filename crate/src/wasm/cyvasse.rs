//! The JavaScript API's Cyvasse: the bindings' `Game` dispatches here for
//! `cyvasse`; `Setup` is one side's half during the hidden setup, and
//! `startPosition` joins two halves into the position of turn 1.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{
    best_move_info, describe, error, number_text, pack_details, pack_result, search_limits, text_arg, to_js, FromTo,
    MoveDetails, MoveInfo, PieceInfo, ResultInfo, SideInfo, VariantInfo,
};
use crate::catalog::{self, CYVASSE};
use crate::cyvasse::setup::{zone, MOUNTAINS, WATER};
use crate::cyvasse::{
    check_setup, default_start, eval, king_fields, preset, presets, random_setup_seeded, starting_position, turn_code,
    turn_from_code, Cell, EndReason, Game, Kind, Outcome, Position, SetupHalf, Side, Terrain, Turn, ROW_LEN,
};
use crate::game::MAX_FEN_LEN;
use crate::game_position::GamePosition;
use crate::record::Record;

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `Math.random()`: a seed for a random setup when none is given.
    #[wasm_bindgen(js_namespace = Math, js_name = random)]
    fn math_random() -> f64;
}

/// The longest move text read (real ones have at most 9 characters).
const MAX_TURN_LEN: usize = 32;

/// A kind's numbers, in `variants()`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct KindInfo {
    armor: u8,
    #[serde(rename = "move")]
    movement: u8,
    attack_range: u8,
    count: u8,
}

/// The board in `variants()`: its fields, rows, zones, King fields and presets.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BoardInfo {
    cells: Vec<CellInfo>,
    row_lengths: [u8; 9],
    zones: BySide,
    king_fields: BySide,
    presets: Vec<PresetInfo>,
}

#[derive(Serialize)]
struct CellInfo {
    square: String,
    row: u8,
    /// 0-based within the row.
    index: u8,
}

#[derive(Serialize)]
struct BySide {
    w: Vec<String>,
    b: Vec<String>,
}

#[derive(Serialize)]
struct PresetInfo {
    id: String,
    name: &'static str,
}

/// A piece on the board, with what engagement says of it now.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PieceOnBoard {
    square: String,
    piece: String,
    on_water: bool,
    /// The kind's armor.
    armor: u8,
    /// Enemy pieces attacking it now.
    attackers: usize,
    /// Next to a Tower of its own side.
    shielded: bool,
    /// `attackers >= armor && !shielded`.
    capturable: bool,
}

fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|c| c.to_string()).collect()
}

fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Mountain => "mountain",
        Terrain::Water => "water",
        Terrain::Land => "land",
    }
}

/// Cyvasse's entry in `variants()`.
pub(super) fn variant_info() -> VariantInfo {
    let side = |name, monarch, long| SideInfo { name, one: name, plural: false, monarch, long, native: "" };
    VariantInfo {
        id: CYVASSE,
        family: "cyvasse",
        name: "Cyvasse",
        files: 12,
        ranks: 9,
        start_fen: default_start().to_position_string(),
        drops: false,
        promotion: "none",
        notation: "algebraic",
        repetition_count: crate::cyvasse::outcome::REPETITIONS as u8,
        sides: [side("White", "white King", "first player"), side("Black", "black King", "second player")],
        pieces: Kind::ALL
            .into_iter()
            .map(|k| PieceInfo {
                letter: k.letter().to_string(),
                name: k.name(),
                native_name: k.polish_name(),
                value: eval::value(k),
                royal: k == Kind::King,
                cyvasse: Some(KindInfo {
                    armor: k.armor(),
                    movement: k.movement(),
                    attack_range: k.attack_range(),
                    count: k.count(),
                }),
            })
            .collect(),
        board: Some(BoardInfo {
            cells: Cell::all().map(|c| CellInfo { square: c.to_string(), row: c.row(), index: c.file() }).collect(),
            row_lengths: ROW_LEN,
            zones: BySide { w: names(zone(Side::White)), b: names(zone(Side::Black)) },
            king_fields: BySide { w: names(king_fields(Side::White)), b: names(king_fields(Side::Black)) },
            presets: presets(Side::White)
                .into_iter()
                .map(|p| PresetInfo { id: p.name.to_ascii_lowercase(), name: p.name })
                .collect(),
        }),
    }
}

fn side_arg(value: &JsValue) -> Result<Side, JsError> {
    let side = text_arg(value, "a side", "'w'", 8, |n| format!("a side is 'w' or 'b', not {n} characters"))?;
    let mut chars = side.chars();
    match (chars.next().and_then(Side::from_letter), chars.next()) {
        (Some(s), None) => Ok(s),
        _ => Err(error(format!("side '{side}' is neither 'w' nor 'b'"))),
    }
}

fn cell_arg(value: &JsValue) -> Result<Cell, JsError> {
    let name = text_arg(value, "a square", "'e3'", 8, |n| format!("a square is named in 2 characters, not {n}"))?;
    Cell::parse(&name).map_err(|e| error(e.to_string()))
}

fn kind_arg(value: &JsValue) -> Result<Kind, JsError> {
    let letter = text_arg(value, "a piece", "'R'", 8, |n| format!("a piece is one letter, not {n} characters"))?;
    let mut chars = letter.chars();
    match (chars.next().and_then(Kind::from_letter), chars.next()) {
        (Some(k), None) => Ok(k),
        _ => Err(error(format!("'{letter}' is not a Cyvasse piece (R S L H E C T D W K)"))),
    }
}

/// A game of Cyvasse.
pub(super) struct CyvasseGame {
    game: Game,
}

impl CyvasseGame {
    /// From a position string, or the default start.
    pub(super) fn new(text: Option<&str>) -> Result<CyvasseGame, JsError> {
        let start = match text {
            Some(t) => Position::parse(t).map_err(|e| error(format!("bad position string: {e}")))?,
            None => default_start(),
        };
        Ok(CyvasseGame { game: Game::new(start) })
    }

    pub(super) fn record(&self) -> &Record<Position> {
        self.game.record()
    }

    pub(super) fn variant_id(&self) -> String {
        CYVASSE.to_string()
    }

    fn position(&self) -> &Position {
        self.game.position()
    }

    pub(super) fn board(&self) -> Result<JsValue, JsError> {
        let pos = self.position();
        let list: Vec<PieceOnBoard> = pos
            .pieces()
            .map(|(c, p)| PieceOnBoard {
                square: c.to_string(),
                piece: p.letter().to_string(),
                on_water: pos.terrain_at(c) == Terrain::Water,
                armor: p.kind.armor(),
                attackers: pos.attackers(c).len(),
                shielded: pos.is_shielded(c),
                capturable: pos.is_capturable(c),
            })
            .collect();
        to_js(&list)
    }

    pub(super) fn terrain(&self) -> Result<JsValue, JsError> {
        let pos = self.position();
        let map: std::collections::BTreeMap<String, &str> = Cell::all()
            .filter(|&c| pos.terrain_at(c) != Terrain::Land)
            .map(|c| (c.to_string(), terrain_word(pos.terrain_at(c))))
            .collect();
        to_js(&map)
    }

    /// Cyvasse has no hands: `{}` for either side.
    pub(super) fn hand(&self, side: JsValue) -> Result<JsValue, JsError> {
        side_arg(&side)?;
        to_js(&std::collections::BTreeMap::<String, u8>::new())
    }

    pub(super) fn legal_move_codes(&self) -> Vec<u32> {
        self.record().legal_moves().iter().map(turn_code).collect()
    }

    fn code_turn(&self, code: f64) -> Result<Turn, JsError> {
        let turn = (code.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&code))
            .then(|| turn_from_code(code as u32))
            .flatten();
        turn.ok_or_else(|| {
            error(format!(
                "{} is not a move code (codes come from legalMoveCodes(); or give the move as text like 'c3d4')",
                number_text(code)
            ))
        })
    }

    /// The legal turn `value` names (text or code), or why there is none.
    fn legal_turn(&self, value: &JsValue) -> Result<Turn, JsError> {
        let turn = if let Some(code) = value.as_f64() {
            self.code_turn(code)?
        } else if value.is_string() {
            let text = text_arg(value, "a move", "'c3d4'", MAX_TURN_LEN, |n| {
                format!("a move text has at most {MAX_TURN_LEN} characters, not {n}")
            })?;
            self.position().parse_move(&text).map_err(|e| error(e.to_string()))?
        } else {
            return Err(error(format!(
                "a move must be text like 'c3d4' or a code from legalMoveCodes(), not {}",
                describe(value)
            )));
        };
        self.record().check(turn).map_err(|e| error(e.to_string()))?;
        Ok(turn)
    }

    pub(super) fn move_text_of(&self, code: JsValue) -> Result<String, JsError> {
        let Some(n) = code.as_f64() else {
            return Err(error(format!("a move code is a number from legalMoveCodes(), not {}", describe(&code))));
        };
        Ok(self.code_turn(n)?.to_string())
    }

    pub(super) fn move_code_of(&self, value: JsValue) -> Result<u32, JsError> {
        Ok(turn_code(&self.legal_turn(&value)?))
    }

    pub(super) fn moves_from(&self, square: JsValue) -> Result<Vec<String>, JsError> {
        let cell = cell_arg(&square)?;
        Ok(self.game.turns_from(cell).iter().map(Turn::to_string).collect())
    }

    /// Nothing is ever dropped in Cyvasse (the arguments are checked all the same).
    pub(super) fn drop_targets(&self, piece: JsValue) -> Result<Vec<String>, JsError> {
        kind_arg(&piece)?;
        Ok(Vec::new())
    }

    pub(super) fn drop_error(&self, piece: JsValue, square: JsValue) -> Result<JsValue, JsError> {
        kind_arg(&piece)?;
        cell_arg(&square)?;
        Ok(JsValue::from_str("pieces are never dropped in Cyvasse"))
    }

    /// `kind`: `move`, `capture`, `shot` (the Trebuchet's), `jump` (the King's)
    /// or `double` (two Rabble moves; `from` and `to` are the first's).
    fn details(&self, turn: &Turn) -> MoveDetails {
        let text = turn.to_string();
        MoveDetails {
            san: text.clone(),
            text,
            kind: match turn {
                Turn::Move { .. } => "move",
                Turn::Capture { .. } => "capture",
                Turn::Shot { .. } => "shot",
                Turn::Jump { .. } => "jump",
                Turn::Rabbles { .. } => "double",
            },
            from: Some(turn.from().to_string()),
            // A shot's destination on the board is its target, as for the Sniper's.
            to: match *turn {
                Turn::Shot { target, .. } => target.to_string(),
                _ => turn.to().to_string(),
            },
            drop: None,
            promotion: None,
            rook: None,
            path: names(self.position().turn_path(turn)),
            second: match *turn {
                Turn::Rabbles { second, .. } => Some(FromTo { from: second.0.to_string(), to: second.1.to_string() }),
                _ => None,
            },
            landing: match *turn {
                Turn::Shot { to, .. } => Some(to.to_string()),
                _ => None,
            },
        }
    }

    pub(super) fn move_details_packed(&self, value: JsValue) -> Result<String, JsError> {
        let turn = self.legal_turn(&value)?;
        let mut out = String::with_capacity(48);
        pack_details(self.details(&turn), &mut out);
        Ok(out)
    }

    pub(super) fn blast_cells(&self, value: JsValue) -> Result<Vec<String>, JsError> {
        self.legal_turn(&value)?;
        Ok(Vec::new())
    }

    /// Plays a turn: its details, then `captured` (`square:piece`), no
    /// blast, no check, and the result.
    pub(super) fn play_packed(&mut self, value: JsValue) -> Result<String, JsError> {
        let turn = self.legal_turn(&value)?;
        let mut out = String::with_capacity(96);
        pack_details(self.details(&turn), &mut out);
        let captured = turn.captured().and_then(|c| self.position().piece_at(c).map(|p| format!("{c}:{}", p.letter())));
        self.game.play(&turn).map_err(|e| error(e.to_string()))?;
        out.push('\t');
        out.push_str(captured.as_deref().unwrap_or(""));
        out.push_str("\t\t");
        pack_result(&self.result_info(), &mut out);
        Ok(out)
    }

    pub(super) fn push(&mut self, value: JsValue) -> Result<(), JsError> {
        let turn = self.legal_turn(&value)?;
        self.game.play(&turn).map_err(|e| error(e.to_string()))
    }

    pub(super) fn push_code(&mut self, code: f64) -> Result<(), JsError> {
        self.push(JsValue::from_f64(code))
    }

    pub(super) fn undo(&mut self) -> bool {
        self.game.record_mut().undo()
    }

    pub(super) fn redo(&mut self) -> bool {
        self.game.record_mut().redo()
    }

    pub(super) fn result_info(&self) -> ResultInfo {
        let outcome = self.game.outcome();
        let winner = match outcome {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        };
        let name = |s: Side| if s == Side::White { "White" } else { "Black" };
        let (title, text) = match outcome {
            Outcome::Ongoing => (String::new(), String::new()),
            Outcome::Win { winner, reason } => {
                let loser = winner.opponent();
                let why = match reason {
                    EndReason::KingCaptured => format!("The {} King was captured.", name(loser).to_ascii_lowercase()),
                    EndReason::NoMoves => format!("{} has no legal move, and that loses.", name(loser)),
                    EndReason::Resignation => format!("{} resigned.", name(loser)),
                    EndReason::Repetition | EndReason::FiftyTurns => String::new(),
                };
                (format!("{} wins ({})", name(winner), outcome.result()), why)
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    EndReason::FiftyTurns => {
                        "Draw by the fifty-turn rule: fifty turns by each side without a capture.".to_string()
                    }
                    _ => "Draw by repetition: the same position arose for the third time.".to_string(),
                };
                (format!("Draw ({})", outcome.result()), why)
            }
        };
        ResultInfo { result: outcome.result(), reason: outcome.reason(), winner: winner.map(Side::letter), title, text }
    }

    pub(super) fn last_move(&self) -> Result<JsValue, JsError> {
        match self.game.turns().last() {
            Some(t) => to_js(&MoveInfo { from: Some(t.from().to_string()), to: t.to().to_string(), drop: None }),
            None => Ok(JsValue::NULL),
        }
    }

    pub(super) fn best_move(&self, options: JsValue) -> Result<JsValue, JsError> {
        let limits = search_limits(options, self.game.turns().len())?;
        if self.game.outcome().is_over() {
            return Err(error("the game is over"));
        }
        best_move_info(self.record(), limits)
    }

    pub(super) fn resign(&mut self, side: JsValue) -> Result<(), JsError> {
        let side = side_arg(&side)?;
        self.game.record_mut().resign(side);
        Ok(())
    }
}

/// One side's half of a Cyvasse setup, made field by field (the hidden setup).
#[wasm_bindgen(js_name = Setup)]
pub struct JsSetup {
    side: Side,
    half: SetupHalf,
}

/// The game id a setup is made for: only Cyvasse has one.
fn setup_variant(value: &JsValue) -> Result<(), JsError> {
    let known = catalog::ids().join(", ");
    let variant = text_arg(value, "the variant", "'cyvasse'", 40, |n| {
        format!("unknown variant (a name of {n} characters; known: {known})")
    })?;
    match catalog::Family::by_id(&variant) {
        Some(catalog::Family::Cyvasse) => Ok(()),
        Some(_) => Err(error(format!("'{variant}' has no setup phase; only cyvasse has one"))),
        None => Err(error(catalog::StartError::UnknownVariant(variant).to_string())),
    }
}

/// What `place` puts on a field.
enum Placed {
    Piece(Kind),
    Terrain(Terrain),
}

#[wasm_bindgen(js_class = Setup)]
impl JsSetup {
    /// `side`'s half (`'w'` or `'b'`): empty, or read from its text (the
    /// zone's four rows, top row first, as in position strings).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue, side: JsValue, text: JsValue) -> Result<JsSetup, JsError> {
        setup_variant(&variant)?;
        let side = side_arg(&side)?;
        let half = if text.is_undefined() || text.is_null() {
            SetupHalf::new()
        } else {
            let text = text_arg(&text, "a setup text", "'3T4/…'", MAX_FEN_LEN, |n| {
                format!("bad setup: it is {n} characters long; no setup needs more than {MAX_FEN_LEN}")
            })?;
            SetupHalf::parse(side, &text).map_err(|e| error(format!("bad setup: {e}")))?
        };
        Ok(JsSetup { side, half })
    }

    /// A random complete half; the same for the same `seed` (a whole number), else a fresh one.
    pub fn random(variant: JsValue, side: JsValue, seed: JsValue) -> Result<JsSetup, JsError> {
        setup_variant(&variant)?;
        let side = side_arg(&side)?;
        let seed = if seed.is_undefined() || seed.is_null() {
            (math_random() * 9_007_199_254_740_991.0) as u64
        } else {
            match seed.as_f64() {
                Some(n) if n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&n) => n as u64,
                _ => return Err(error(format!("a seed is a whole number from 0, not {}", describe(&seed)))),
            }
        };
        Ok(JsSetup { side, half: random_setup_seeded(side, seed) })
    }

    /// A preset half by its id (`fortress`, `phalanx`, `skirmish`).
    pub fn preset(variant: JsValue, side: JsValue, id: JsValue) -> Result<JsSetup, JsError> {
        setup_variant(&variant)?;
        let side = side_arg(&side)?;
        let id = text_arg(&id, "a preset", "'fortress'", 40, |n| format!("a preset id is a word, not {n} characters"))?;
        let known: Vec<String> = presets(side).iter().map(|p| p.name.to_ascii_lowercase()).collect();
        let half = preset(side, &id).ok_or_else(|| error(format!("no preset '{id}' (known: {})", known.join(", "))))?;
        Ok(JsSetup { side, half })
    }

    /// `'w'` or `'b'`.
    pub fn side(&self) -> String {
        self.side.letter().to_string()
    }

    /// Puts `what` (a piece letter, either case, or `'mountain'` or `'water'`)
    /// on a field of the side's zone; throws if the field is outside it or
    /// taken (or a mountain, for a piece), or if all of that kind are placed.
    pub fn place(&mut self, square: JsValue, what: JsValue) -> Result<(), JsError> {
        let cell = cell_arg(&square)?;
        let what = text_arg(&what, "what to place", "'R' or 'mountain'", 16, |n| {
            format!("what to place is a piece letter, 'mountain' or 'water', not {n} characters")
        })?;
        let placed = match what.as_str() {
            "mountain" => Placed::Terrain(Terrain::Mountain),
            "water" => Placed::Terrain(Terrain::Water),
            _ => {
                let mut chars = what.chars();
                match (chars.next().and_then(Kind::from_letter), chars.next()) {
                    (Some(k), None) => Placed::Piece(k),
                    _ => {
                        return Err(error(format!(
                            "'{what}' is neither a piece letter (R S L H E C T D W K) nor 'mountain' or 'water'"
                        )))
                    }
                }
            }
        };
        if cell.zone() != Some(self.side) {
            return Err(error(format!("{cell} is outside the zone of the {} ({})", self.side, self.side.zone_rows())));
        }
        let mut half = self.half.clone();
        match placed {
            Placed::Piece(kind) => {
                if let Some(there) = half.piece_at(cell) {
                    return Err(error(format!("{cell} is taken by the {there}")));
                }
                if half.terrain_at(cell) == Terrain::Mountain {
                    return Err(error(format!("{cell} is a mountain: no piece may stand on it")));
                }
                half.place(cell, kind);
            }
            Placed::Terrain(terrain) => {
                if half.terrain_at(cell) != Terrain::Land {
                    return Err(error(format!("{cell} is already a {} field", terrain_word(half.terrain_at(cell)))));
                }
                if let Some(there) = half.piece_at(cell).filter(|_| terrain == Terrain::Mountain) {
                    return Err(error(format!("{cell} is taken by the {there}")));
                }
                half.place_terrain(cell, terrain);
            }
        }
        // What no setup may have (one too many of a kind, a King off its fields,
        // terrain under the King), in the words the engine refuses a half read from text with.
        let before = self.half.placing_problems(self.side);
        if let Some(problem) = half.placing_problems(self.side).into_iter().find(|p| !before.contains(p)) {
            return Err(error(format!("{problem}")));
        }
        self.half = half;
        Ok(())
    }

    /// Takes what is on a field off it (the piece first, then the terrain
    /// under it) and returns it: a letter, `'mountain'`, `'water'`, or `null`.
    pub fn clear(&mut self, square: JsValue) -> Result<JsValue, JsError> {
        let cell = cell_arg(&square)?;
        if let Some(kind) = self.half.remove_piece(cell) {
            return Ok(JsValue::from_str(&kind.letter().to_string()));
        }
        let terrain = self.half.terrain_at(cell);
        if terrain == Terrain::Land {
            return Ok(JsValue::NULL);
        }
        self.half.place_terrain(cell, Terrain::Land);
        Ok(JsValue::from_str(terrain_word(terrain)))
    }

    /// What is on a field: `{piece?: 'R', terrain?: 'mountain'|'water'}`, or `null`.
    pub fn at(&self, square: JsValue) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct At {
            #[serde(skip_serializing_if = "Option::is_none")]
            piece: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            terrain: Option<&'static str>,
        }
        let cell = cell_arg(&square)?;
        let piece = self.half.piece_at(cell).map(|k| k.letter().to_string());
        let terrain = Some(self.half.terrain_at(cell)).filter(|&t| t != Terrain::Land).map(terrain_word);
        if piece.is_none() && terrain.is_none() {
            return Ok(JsValue::NULL);
        }
        to_js(&At { piece, terrain })
    }

    /// The half as text: the zone's four rows, top row first.
    pub fn text(&self) -> String {
        self.half.to_text(self.side)
    }

    /// What is still to place: `{R: 2, mountain: 1}` (only what is short).
    pub fn missing(&self) -> Result<JsValue, JsError> {
        let mut map: std::collections::BTreeMap<String, usize> =
            self.half.missing().into_iter().map(|(k, n)| (k.letter().to_string(), n as usize)).collect();
        for (word, placed, want) in
            [("mountain", self.half.mountains.len(), MOUNTAINS), ("water", self.half.water.len(), WATER)]
        {
            if placed < want {
                map.insert(word.to_string(), want - placed);
            }
        }
        to_js(&map)
    }

    /// Everything wrong with the half, one line each; empty when it is complete and valid.
    pub fn problems(&self) -> Vec<String> {
        match check_setup(self.side, &self.half) {
            Ok(()) => Vec::new(),
            Err(e) => e.problems.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[wasm_bindgen(js_name = isComplete)]
    pub fn is_complete(&self) -> bool {
        check_setup(self.side, &self.half).is_ok()
    }
}

/// The position string of turn 1 from both halves, `first` (`'w'` or `'b'`)
/// to move; throws with the problems of the side at fault.
#[wasm_bindgen(js_name = startPosition)]
pub fn start_position(variant: JsValue, white: &JsSetup, black: &JsSetup, first: JsValue) -> Result<String, JsError> {
    setup_variant(&variant)?;
    let first = side_arg(&first)?;
    if white.side != Side::White || black.side != Side::Black {
        return Err(error("startPosition takes the first player's (w) setup, then the second player's (b)"));
    }
    starting_position(&white.half, &black.half, first).map(|p| p.to_position_string()).map_err(|e| error(e.to_string()))
}
