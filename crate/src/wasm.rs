//! The JavaScript API (wasm-bindgen). Every failure becomes a JS `Error`
//! carrying the engine's one-line message; structured values cross as plain
//! objects and arrays.
//!
//! Strict at the door: every argument a caller could get wrong arrives as a
//! `JsValue` (or an `f64`) and is checked here, type and length, before it
//! is copied into the module, because wasm-bindgen's own conversions of a
//! wrong type either trap (`&str` given a number) or guess (`u32` given a
//! string). Nothing a caller passes reaches a panic. The JavaScript wrapper
//! around these bindings (`tools/engine-runtime.mjs`) adds the last line of
//! defence: it restarts the module if a call ever traps.
//!
//! One `Game` class serves every game: it holds a game of either family
//! (`wasm/chesslike.rs`, `wasm/cyvasse.rs`) and passes each call on; what
//! every game answers the same way (texts, search, perft) is written once
//! here, generic over `GamePosition`. Cyvasse adds a `Setup` class and
//! `startPosition` for its hidden setup.

use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

mod chesslike;
mod cyvasse;

use crate::catalog::{self, Family};
use crate::game::{MAX_FEN_LEN, MAX_PERFT_DEPTH};
use crate::game_position::GamePosition;
use crate::players::Level;
use crate::record::Record;
use crate::search::{self, Limits};
use crate::variant::{MoveNotation, Promotion, Variant};

use chesslike::ChessLikeGame;
use cyvasse::CyvasseGame;
pub use cyvasse::{start_position, JsSetup};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| error(e.to_string()))
}

/// A JS `Error` with a one-line message of reasonable length: text echoed
/// from the caller is cut in the middle.
fn error(message: impl AsRef<str>) -> JsError {
    const MAX: usize = 240;
    let one_line: String = message.as_ref().chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    if one_line.chars().count() <= MAX {
        return JsError::new(&one_line);
    }
    // Cut between words where there are any (a long unbroken echo is cut where it must).
    let head: String = one_line.chars().take(MAX / 2).collect();
    let head = match head.rfind(' ') {
        Some(i) if i > MAX / 4 => head[..i].to_string(),
        _ => head,
    };
    let tail: Vec<char> = one_line.chars().rev().take(MAX / 2).collect();
    let tail: String = tail.into_iter().rev().collect();
    let tail = match tail.find(' ') {
        Some(i) if i < MAX / 4 => tail[i + 1..].to_string(),
        _ => tail,
    };
    JsError::new(&format!("{head}…{tail}"))
}

// Imports that could throw (a revoked Proxy, a trap that throws) catch: an
// exception unwinding through Rust frames would leave the game borrowed.
#[wasm_bindgen]
extern "C" {
    /// A JS string, seen only to ask its length before copying it in.
    type Text;
    #[wasm_bindgen(method, getter, structural, js_name = length)]
    fn length(this: &Text) -> f64;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array_or_throw(value: &JsValue) -> Result<bool, JsValue>;
    /// JavaScript's own `String(value)`: numbers written as JavaScript
    /// writes them, without Rust's float formatting in the module.
    #[wasm_bindgen(js_name = String)]
    fn js_string(value: &JsValue) -> String;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(value: &JsValue) -> Result<Vec<JsValue>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get(target: &JsValue, key: &str) -> Result<JsValue, JsValue>;
}

/// Whether `value` is an array (not a revoked Proxy, which throws when asked).
fn is_array(value: &JsValue) -> bool {
    is_array_or_throw(value).unwrap_or(false)
}

/// A number as JavaScript writes it.
fn number_text(n: f64) -> String {
    js_string(&JsValue::from_f64(n))
}

/// What a wrong argument is, for messages: `a number`, `an object`, `null`.
fn describe(value: &JsValue) -> String {
    if value.is_null() {
        return "null".to_string();
    }
    if value.is_undefined() {
        return "undefined (nothing)".to_string();
    }
    if is_array(value) {
        return "an array".to_string();
    }
    if let Some(n) = value.as_f64() {
        return format!("the number {}", number_text(n));
    }
    match value.js_typeof().as_string().as_deref() {
        Some("object") => "an object".to_string(),
        Some("boolean") => format!("{}", value.as_bool() == Some(true)),
        Some(t) => format!("a {t}"),
        None => "something else".to_string(),
    }
}

/// A string argument of at most `max` characters. `what` names it in
/// messages ("the variant"), `example` shows one (`'chess'`); `too_long`
/// words the message for a longer one, given its length.
fn text_arg(
    value: &JsValue,
    what: &str,
    example: &str,
    max: usize,
    too_long: impl Fn(usize) -> String,
) -> Result<String, JsError> {
    if !value.is_string() {
        return Err(error(format!("{what} must be a string like {example}, not {}", describe(value))));
    }
    let n = value.unchecked_ref::<Text>().length() as usize;
    if n > max {
        return Err(error(too_long(n)));
    }
    Ok(value.as_string().unwrap_or_default())
}

/// The largest whole number a JavaScript number holds exactly (2⁵³ − 1).
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// A whole-number argument from `low` to `high`; `what` names it in messages
/// (`perft depth`), worded as the CLI words its options.
fn whole_arg(value: &JsValue, what: &str, low: u64, high: u64) -> Result<u64, JsError> {
    let n = value.as_f64().ok_or_else(|| error(format!("{what} must be a number, not {}", describe(value))))?;
    if n.fract() != 0.0 || n < 0.0 || !n.is_finite() {
        return Err(error(format!("{what} {} is not a whole number ({low} to {high})", number_text(n))));
    }
    if n < low as f64 || n > high as f64 {
        return Err(error(format!("{what} {} is out of range ({low} to {high})", number_text(n))));
    }
    Ok(n as u64)
}

/// Games alive in this module (created and not yet freed): a leak check.
static LIVE_GAMES: AtomicUsize = AtomicUsize::new(0);

/// The module's state, for leak checks: `{games, memoryBytes}`.
#[wasm_bindgen(js_name = engineStats)]
pub fn engine_stats() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Stats {
        games: usize,
        memory_bytes: usize,
    }
    to_js(&Stats {
        games: LIVE_GAMES.load(Ordering::Relaxed),
        memory_bytes: core::arch::wasm32::memory_size(0) * 65536,
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PieceInfo {
    letter: String,
    name: &'static str,
    native_name: &'static str,
    value: i32,
    royal: bool,
    /// Cyvasse only: the kind's armor, move, attack range and number per side.
    #[serde(flatten)]
    cyvasse: Option<cyvasse::KindInfo>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantInfo {
    id: &'static str,
    /// `chesslike` or `cyvasse`.
    family: &'static str,
    name: &'static str,
    files: u8,
    ranks: u8,
    start_fen: String,
    drops: bool,
    /// `none`, `choice` (chess: the move text ends with the new piece's
    /// letter) or `optional` (shogi: `+` promotes, plain text does not).
    promotion: &'static str,
    /// `algebraic` (files a…, ranks 1… from the first player's side) or
    /// `shogi` (files 9…1 from the first player's right, ranks a… from the far side).
    notation: &'static str,
    /// How many times a position must occur to end the game.
    repetition_count: u8,
    /// The first and the second player's names.
    sides: [SideInfo; 2],
    pieces: Vec<PieceInfo>,
    /// Cyvasse only: its 88 fields, rows and zones (absent for chess-like games).
    #[serde(flatten)]
    board: Option<cyvasse::BoardInfo>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SideInfo {
    name: &'static str,
    one: &'static str,
    plural: bool,
    monarch: &'static str,
    long: &'static str,
    native: &'static str,
}

#[derive(Serialize)]
struct SquarePiece {
    square: String,
    piece: String,
}

#[derive(Serialize)]
pub(crate) struct ResultInfo {
    result: &'static str,
    reason: &'static str,
    winner: Option<char>,
    /// `White wins (1-0)`, `Draw (1/2-1/2)`; empty while the game goes on.
    title: String,
    /// Why, in a sentence with the variant's names; empty while the game goes on.
    text: String,
}

#[derive(Serialize)]
struct MoveInfo {
    from: Option<String>,
    to: String,
    drop: Option<String>,
}

/// A move described for a board: which pieces go where.
struct MoveDetails {
    /// The move text.
    text: String,
    /// How players write it (SAN, or shogi notation), check marks included.
    san: String,
    /// Chess-like: `step`, `drop`, `enPassant`, `castle` or `snipe`;
    /// Cyvasse: `move`, `capture`, `shot`, `jump` or `double`.
    kind: &'static str,
    /// Where the moving piece starts (`null` for a drop); a shooter's field.
    from: Option<String>,
    /// Where the moving piece lands; for a snipe or a Trebuchet's shot, the
    /// cell shot at; for two Rabble moves, where the first lands.
    to: String,
    drop: Option<String>,
    /// The piece it becomes, as written on the board (`Q`, `+P`).
    promotion: Option<String>,
    /// The rook's move, for a castle.
    rook: Option<FromTo>,
    /// The cells the move passes, in order (a slide's, a Sissa's bent ride,
    /// a thrust's file); empty for a leap.
    path: Vec<String>,
    /// The second Rabble's move of a Cyvasse turn that has one.
    second: Option<FromTo>,
    /// Where a Trebuchet that shoots steps back to.
    landing: Option<String>,
}

struct FromTo {
    from: String,
    to: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BestMoveInfo {
    #[serde(rename = "move")]
    text: Option<String>,
    /// Centipawns for the side to move.
    score: i32,
    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    mate: Option<i32>,
    depth: u32,
    nodes: u64,
    time_ms: u64,
    pv: Vec<String>,
}

/// The variants the engine plays, with their boards and piece tables.
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsError> {
    let list: Vec<VariantInfo> = Variant::all()
        .iter()
        .map(|id| {
            let v = Variant::by_id(id).expect("listed variants exist");
            VariantInfo {
                id: v.id,
                family: "chesslike",
                name: v.name,
                files: v.geometry.files,
                ranks: v.geometry.ranks,
                start_fen: v.start_fen.to_string(),
                drops: v.has_hands(),
                promotion: match v.rules.promotion {
                    Promotion::None => "none",
                    Promotion::LastRank { .. } => "choice",
                    Promotion::Zone { .. } => "optional",
                },
                notation: match v.rules.move_notation {
                    MoveNotation::Algebraic => "algebraic",
                    MoveNotation::Shogi => "shogi",
                },
                repetition_count: v.rules.repetition_count,
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
                    .map(|p| PieceInfo {
                        letter: if p.promoted { format!("+{}", p.letter) } else { p.letter.to_string() },
                        name: p.name,
                        native_name: p.native_name,
                        value: p.value,
                        royal: p.royal,
                        cyvasse: None,
                    })
                    .collect(),
                board: None,
            }
        })
        .chain(std::iter::once(cyvasse::variant_info()))
        .collect();
    to_js(&list)
}

/// The game behind a `Game` object, of either family.
#[allow(clippy::large_enum_variant)]
enum AnyGame {
    ChessLike(ChessLikeGame),
    Cyvasse(CyvasseGame),
}

/// A game in progress.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    game: AnyGame,
}

impl Drop for JsGame {
    fn drop(&mut self) {
        LIVE_GAMES.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Passes a call on to the game of whichever family.
macro_rules! each {
    ($self:ident, $g:ident => $call:expr) => {
        match &$self.game {
            AnyGame::ChessLike($g) => $call,
            AnyGame::Cyvasse($g) => $call,
        }
    };
    (mut $self:ident, $g:ident => $call:expr) => {
        match &mut $self.game {
            AnyGame::ChessLike($g) => $call,
            AnyGame::Cyvasse($g) => $call,
        }
    };
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `variant`, from its start or from a position string.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue, fen: JsValue) -> Result<JsGame, JsError> {
        let known = catalog::ids().join(", ");
        let variant = text_arg(&variant, "the variant", "'chess'", 40, |n| {
            format!("unknown variant (a name of {n} characters; known: {known})")
        })?;
        let fen = if fen.is_undefined() || fen.is_null() {
            None
        } else {
            Some(text_arg(&fen, "the position string", "'8/8/8/8/8/8/8/8 w - - 0 1'", MAX_FEN_LEN, |n| {
                format!("bad position string: it is {n} characters long; no position needs more than {MAX_FEN_LEN}")
            })?)
        };
        let game = match Family::by_id(&variant) {
            Some(Family::Cyvasse) => AnyGame::Cyvasse(CyvasseGame::new(fen.as_deref())?),
            // Unknown names too: the chess-like family words that error.
            _ => AnyGame::ChessLike(ChessLikeGame::new(&variant, fen.as_deref()).map_err(|e| {
                if Family::by_id(&variant).is_none() {
                    error(catalog::StartError::UnknownVariant(variant.clone()).to_string())
                } else {
                    e
                }
            })?),
        };
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        Ok(JsGame { game })
    }

    #[wasm_bindgen(js_name = variant)]
    pub fn variant_id(&self) -> String {
        each!(self, g => g.variant_id())
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        each!(self, g => g.record().position().position_text())
    }

    /// The position string the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        each!(self, g => g.record().start_position().position_text())
    }

    /// `'w'` or `'b'`.
    pub fn turn(&self) -> String {
        each!(self, g => crate::game_position::Player::letter(g.record().position().turn()).to_string())
    }

    /// The occupied squares: `[{square: 'e3', piece: 'P'}]` (Cyvasse adds
    /// `onWater, armor, attackers, shielded, capturable`).
    pub fn board(&self) -> Result<JsValue, JsError> {
        each!(self, g => g.board())
    }

    /// The fields that are not plain land: `{c4: 'mountain', d3: 'water'}` (`{}` for chess-like games).
    pub fn terrain(&self) -> Result<JsValue, JsError> {
        match &self.game {
            AnyGame::ChessLike(_) => to_js(&std::collections::BTreeMap::<String, &str>::new()),
            AnyGame::Cyvasse(g) => g.terrain(),
        }
    }

    /// A side's hand as `{P: 2, Q: 1}` (uppercase letters, counts above zero).
    pub fn hand(&self, side: JsValue) -> Result<JsValue, JsError> {
        each!(self, g => g.hand(side))
    }

    /// The legal moves as texts: none once the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        each!(self, g => move_texts(g.record().position(), g.record().legal_moves().iter().copied()))
    }

    /// The moves `push` accepts now, as codes, one number each in a
    /// `Uint32Array`: the cheap list for walking the game tree (`push(code)`,
    /// `moveText(code)`). Empty once the game is over.
    #[wasm_bindgen(js_name = legalMoveCodes)]
    pub fn legal_move_codes(&self) -> Vec<u32> {
        each!(self, g => g.legal_move_codes())
    }

    /// The moves `push` accepts now as one string, separated by spaces (`''`
    /// when there are none, as once the game is over).
    #[wasm_bindgen(js_name = legalMovesText)]
    pub fn legal_moves_text(&self) -> String {
        each!(self, g => {
            let record = g.record();
            move_texts(record.position(), record.legal_moves().iter().copied()).join(" ")
        })
    }

    /// The text of a move code: `e2e4`.
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text_of(&self, code: JsValue) -> Result<String, JsError> {
        each!(self, g => g.move_text_of(code))
    }

    /// The code of a legal move given as text (or as a code); throws if it is not legal here.
    #[wasm_bindgen(js_name = moveCode)]
    pub fn move_code_of(&self, value: JsValue) -> Result<u32, JsError> {
        each!(self, g => g.move_code_of(value))
    }

    /// The legal moves of the piece on `square` (Cyvasse: the turns whose first move starts there).
    #[wasm_bindgen(js_name = movesFrom)]
    pub fn moves_from(&self, square: JsValue) -> Result<Vec<String>, JsError> {
        each!(self, g => g.moves_from(square))
    }

    /// The squares where the side to move may legally drop `piece` (a letter).
    #[wasm_bindgen(js_name = dropTargets)]
    pub fn drop_targets(&self, piece: JsValue) -> Result<Vec<String>, JsError> {
        each!(self, g => g.drop_targets(piece))
    }

    /// Why dropping `piece` on `square` is illegal, or `null` if it is legal.
    #[wasm_bindgen(js_name = dropError)]
    pub fn drop_error(&self, piece: JsValue, square: JsValue) -> Result<JsValue, JsError> {
        each!(self, g => g.drop_error(piece, square))
    }

    /// A legal move described without playing it, packed for the wrapper
    /// (which returns `{move, san, kind, from, to, drop, promotion, rook, path}`).
    /// Throws if the move is not legal here.
    #[wasm_bindgen(js_name = moveDetailsPacked)]
    pub fn move_details_packed(&self, value: JsValue) -> Result<String, JsError> {
        each!(self, g => g.move_details_packed(value))
    }

    /// The squares a legal move's blast would clear (empty when it blasts
    /// nothing), worked out on a copy of the position. Throws if the move is
    /// not legal here.
    #[wasm_bindgen(js_name = blastCells)]
    pub fn blast_cells(&self, value: JsValue) -> Result<Vec<String>, JsError> {
        each!(self, g => g.blast_cells(value))
    }

    /// Plays a move given as text or code; returns what happened, packed
    /// for the wrapper, which unpacks it into `{move, san, kind, from, to,
    /// drop, promotion, rook, captured, blasted, check, result}` (a string
    /// crosses the boundary much faster than an object built field by
    /// field). Throws on an illegal move.
    #[wasm_bindgen(js_name = playPacked)]
    pub fn play_packed(&mut self, value: JsValue) -> Result<String, JsError> {
        each!(mut self, g => g.play_packed(value))
    }

    /// Plays a legal move given as text (or code) and returns nothing: the
    /// lean `play`. Throws on an illegal move.
    pub fn push(&mut self, value: JsValue) -> Result<(), JsError> {
        each!(mut self, g => g.push(value))
    }

    /// `push` for a move code (a number from `legalMoveCodes()`).
    #[wasm_bindgen(js_name = pushCode)]
    pub fn push_code(&mut self, code: f64) -> Result<(), JsError> {
        each!(mut self, g => g.push_code(code))
    }

    /// Takes back the last move: `undo`, named for tree walks.
    pub fn pop(&mut self) -> bool {
        self.undo()
    }

    pub fn undo(&mut self) -> bool {
        each!(mut self, g => g.undo())
    }

    pub fn redo(&mut self) -> bool {
        each!(mut self, g => g.redo())
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        each!(self, g => g.record().can_undo())
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        each!(self, g => g.record().can_redo())
    }

    /// Whether the side to move is in check (never in Cyvasse, which has none).
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        each!(self, g => g.record().position().is_check())
    }

    /// The square of the side to move's monarch when it is in check, else `null`.
    #[wasm_bindgen(js_name = checkedSquare)]
    pub fn checked_square(&self) -> JsValue {
        match &self.game {
            AnyGame::ChessLike(g) => g.checked_square(),
            AnyGame::Cyvasse(_) => JsValue::NULL,
        }
    }

    /// `{result: '1-0'|'0-1'|'1/2-1/2'|'*', reason, winner: 'w'|'b'|null, title, text}`.
    pub fn result(&self) -> Result<JsValue, JsError> {
        each!(self, g => to_js(&g.result_info()))
    }

    /// The moves played from the start position.
    pub fn history(&self) -> Vec<String> {
        each!(self, g => history_texts(g.record()))
    }

    /// `{from, to, drop}` of the last move, or `null`.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> Result<JsValue, JsError> {
        each!(self, g => g.last_move())
    }

    /// The computer's move: `{move, score, mate, depth, nodes, timeMs, pv}`
    /// (`move` is `null` when there is none). Options: `{level: 1..5}` or
    /// `{depth, timeMs, nodes}`; the default is the default level. It runs to
    /// its limit without returning, so call it in a Web Worker.
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&self, options: JsValue) -> Result<JsValue, JsError> {
        each!(self, g => g.best_move(options))
    }

    /// Leaf count of the legal move tree `depth` plies deep from the current
    /// position (for testing and speed measurement).
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsError> {
        each!(self, g => perft_of(g.record(), depth))
    }

    /// `side` ('w' or 'b') resigns.
    pub fn resign(&mut self, side: JsValue) -> Result<(), JsError> {
        each!(mut self, g => g.resign(side))
    }
}

// ---- what every game answers the same way ----

/// The texts of moves of `pos`.
fn move_texts<P: GamePosition>(pos: &P, moves: impl IntoIterator<Item = P::Move>) -> Vec<String> {
    moves.into_iter().map(|m| pos.move_text(m)).collect()
}

/// The texts of the moves played, each in the position it was played from.
fn history_texts<P: GamePosition>(record: &Record<P>) -> Vec<String> {
    record.moves().iter().zip(record.positions()).map(|(&m, p)| p.move_text(m)).collect()
}

/// The search limits of `bestMove` options (`{level}` or `{depth, timeMs,
/// nodes}`, and `seed`): each a whole number in its range, the depth's the
/// CLI's (`--depth`).
fn search_limits(options: JsValue, moves_played: usize) -> Result<Limits, JsError> {
    const KNOWN: [&str; 5] = ["level", "depth", "timeMs", "nodes", "seed"];
    if options.is_undefined() || options.is_null() {
        return Ok(Level::DEFAULT.limits(moves_played as u64));
    }
    if !options.is_object() || is_array(&options) {
        return Err(error(format!(
            "bestMove options must be an object like {{level: 3}} or {{depth: 6}}, not {}",
            describe(&options)
        )));
    }
    let keys = object_keys(&options).map_err(|_| error("bad bestMove options: they cannot be read"))?;
    if let Some(unknown) = keys.iter().find_map(|k| k.as_string().filter(|k| !KNOWN.contains(&k.as_str()))) {
        return Err(error(format!("bad bestMove options: unknown option '{unknown}' (known: {})", KNOWN.join(", "))));
    }
    // An option left out, `undefined` or `null` is not given.
    let option = |key: &str, low: u64, high: u64| -> Result<Option<u64>, JsError> {
        let value = reflect_get(&options, key).map_err(|_| error("bad bestMove options: they cannot be read"))?;
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        whole_arg(&value, &format!("bestMove {key}"), low, high).map(Some)
    };
    let level = option("level", Level::MIN as u64, Level::MAX as u64)?;
    let depth = option("depth", 0, search::MAX_DEPTH as u64)?;
    let time_ms = option("timeMs", 0, MAX_SAFE_INTEGER)?;
    let nodes = option("nodes", 0, MAX_SAFE_INTEGER)?;
    let seed = option("seed", 0, MAX_SAFE_INTEGER)?.unwrap_or(moves_played as u64);
    if depth.is_some() || time_ms.is_some() || nodes.is_some() {
        if level.is_some() {
            return Err(error("bestMove takes a level or limits (depth, timeMs, nodes), not both"));
        }
        return Ok(Limits {
            // Depth 0 searches one ply, as the CLI's `--depth 0` does.
            depth: depth.map(|d| (d as u32).max(1)),
            time_ms,
            nodes,
            seed,
            ..Limits::default()
        });
    }
    let level = level.map_or(Level::DEFAULT, |n| Level::new(n as u8).expect("in the range of levels"));
    Ok(level.limits(seed))
}

/// The search's answer in the game's current position, for JavaScript.
fn best_move_info<P: GamePosition>(record: &Record<P>, limits: Limits) -> Result<JsValue, JsError> {
    let pos = record.position();
    let found = search::best_move(pos, &record.earlier_hashes(), limits);
    let mut at = pos.clone();
    let pv = found
        .pv
        .iter()
        .map(|&m| {
            let text = at.move_text(m);
            at = at.play(m);
            text
        })
        .collect();
    to_js(&BestMoveInfo {
        text: found.best.map(|m| pos.move_text(m)),
        score: found.score,
        mate: found.mate_in(),
        depth: found.depth,
        nodes: found.nodes,
        time_ms: found.time_ms,
        pv,
    })
}

/// perft in the game's current position, the depth checked (a finished game counts 0).
fn perft_of<P: GamePosition>(record: &Record<P>, depth: JsValue) -> Result<f64, JsError> {
    let depth = whole_arg(&depth, "perft depth", 0, MAX_PERFT_DEPTH as u64)?;
    Ok(record.perft(depth as u32) as f64)
}

/// A move's details as 9 tab-separated fields (`null` as empty): move, san,
/// kind, from, to, drop, promotion, the rook's `from:to`, the path's
/// squares separated by spaces.
fn pack_details(d: MoveDetails, out: &mut String) {
    let rook = d.rook.map(|r| format!("{}:{}", r.from, r.to));
    let path = Some(d.path.join(" "));
    let second = d.second.map(|r| format!("{}:{}", r.from, r.to));
    let fields = [
        Some(d.text),
        Some(d.san),
        Some(d.kind.to_string()),
        d.from,
        Some(d.to),
        d.drop,
        d.promotion,
        rook,
        path,
        second,
        d.landing,
    ];
    for (i, field) in fields.into_iter().enumerate() {
        if i > 0 {
            out.push('\t');
        }
        out.push_str(field.as_deref().unwrap_or(""));
    }
}

/// The result's five fields, each after a tab, closing a packed `play` record.
fn pack_result(r: &ResultInfo, out: &mut String) {
    for field in [r.result, r.reason, r.winner.map_or("", |w| if w == 'w' { "w" } else { "b" }), &r.title, &r.text] {
        out.push('\t');
        out.push_str(field);
    }
}
