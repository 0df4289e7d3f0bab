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
//! Every call goes through the engine's game door (`crate::door`): this
//! file holds argument checks and conversions only, no rule and no family.
//! One `Game` class serves every game; a game with a hidden setup adds the
//! `Setup` class and `startPosition` (`wasm/setup.rs`).

use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

mod setup;

use crate::door::{self, DoorError, Game, MoveRecord, Side, MAX_MOVE_LEN, MAX_PERFT_DEPTH, MAX_POSITION_LEN};
use crate::packed;
use crate::players::Level;
use crate::search::{self, Limits};

pub use setup::{start_position, JsSetup};

/// Every code an engine refusal may carry (`Error.code`): the page's
/// catalogs word each as `engine.<code>`.
#[wasm_bindgen(js_name = errorCodes)]
pub fn error_codes() -> Vec<String> {
    door::CODES.iter().map(|c| c.to_string()).collect()
}

/// Every code's words (`[{code, args, en}]`), for the build that writes the
/// page's English catalog of refusals (`tools/engine-catalog.mjs`); the
/// public API does not forward it.
#[wasm_bindgen(js_name = errorWords)]
pub fn error_words() -> Result<JsValue, JsValue> {
    to_js(&door::codes::words().collect::<Vec<_>>())
}

/// The arguments a page words (`[{name, kind, words}]`: piece letters, sides,
/// words with their English), for the build that writes the page's table of
/// them and the English catalog's `<argument>.<word>` entries
/// (`tools/engine-catalog.mjs`); the public API does not forward it.
#[wasm_bindgen(js_name = argWords)]
pub fn arg_words() -> Result<JsValue, JsValue> {
    to_js(&door::codes::arg_words_info())
}

/// The fields of the packed move records, for the build that writes their
/// JavaScript unpacker and TypeScript declarations (`tools/packed-record.mjs`);
/// the public API does not forward it.
#[wasm_bindgen(js_name = packedFields)]
pub fn packed_fields() -> Result<JsValue, JsValue> {
    to_js(&packed::packed_fields())
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// [`door::PartialTurn`] as JavaScript reads it (`PartialTurn` in engine.d.ts).
#[derive(Serialize)]
struct PartialTurnJs<'a> {
    fen: &'a str,
    board: &'a [door::BoardPiece],
    seconds: Vec<SecondJs<'a>>,
}

/// A turn that goes on with a second move: its text and the second move's squares.
#[derive(Serialize)]
struct SecondJs<'a> {
    #[serde(rename = "move")]
    turn: &'a str,
    from: &'a str,
    to: &'a str,
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| error(e.to_string()))
}

/// A JS `Error` for an argument the bindings refuse before the engine sees
/// it (a caller's mistake, not a player's): code `argument.invalid`.
fn error(message: impl AsRef<str>) -> JsValue {
    coded_error(message.as_ref(), "argument.invalid", &Vec::new(), &[])
}

/// A JS `Error` with a one-line English `message`, and `code`, `args` (an
/// object) and, for a setup's refusal, `problems` (`[{code, args, message}]`)
/// for a page that words the refusal in its own language.
fn coded_error(message: &str, code: &str, args: &door::Args, problems: &[door::Said]) -> JsValue {
    let e: JsValue = JsError::new(&one_line(message)).into();
    // Setting a property on a fresh Error cannot fail; were it to, the message still stands.
    let _ = reflect_set(&e, "code", &JsValue::from_str(code));
    if let Ok(args) = to_js(&ArgsObject(args)) {
        let _ = reflect_set(&e, "args", &args);
    }
    if !problems.is_empty() {
        if let Ok(problems) = to_js(&problems) {
            let _ = reflect_set(&e, "problems", &problems);
        }
    }
    e
}

/// A code's args, serialized as a `{name: value}` object.
struct ArgsObject<'a>(&'a door::Args);

impl Serialize for ArgsObject<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        door::codes::args_as_object(self.0, s)
    }
}

/// A message of reasonable length on one line: text echoed from the caller
/// is cut in the middle.
fn one_line(message: &str) -> String {
    const MAX: usize = 240;
    let one_line: String = message.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    if one_line.chars().count() <= MAX {
        return one_line;
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
    format!("{head}…{tail}")
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
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = set)]
    fn reflect_set(target: &JsValue, key: &str, value: &JsValue) -> Result<bool, JsValue>;
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
) -> Result<String, JsValue> {
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
fn whole_arg(value: &JsValue, what: &str, low: u64, high: u64) -> Result<u64, JsValue> {
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
pub fn engine_stats() -> Result<JsValue, JsValue> {
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

/// The games the engine plays, described for front ends (`door::games`).
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsValue> {
    to_js(&door::games())
}

/// The engine's refusal as a JS `Error` with its code and args.
fn refused(e: DoorError) -> JsValue {
    coded_error(e.message(), e.code(), e.args(), e.problems())
}

/// A game id argument; `example` is a game id in quotes for the message when it is no text.
fn variant_arg(value: &JsValue, example: &str) -> Result<String, JsValue> {
    let known = door::ids().join(", ");
    text_arg(value, "the variant", example, 40, |n| {
        format!("unknown variant (a name of {n} characters; known: {known})")
    })
}

/// A side argument: `'w'` or `'b'`.
fn side_arg(value: &JsValue) -> Result<Side, JsValue> {
    let side = text_arg(value, "a side", "'w'", 8, |n| format!("a side is 'w' or 'b', not {n} characters"))?;
    let mut chars = side.chars();
    match (chars.next().and_then(Side::from_letter), chars.next()) {
        (Some(s), None) => Ok(s),
        _ => Err(error(format!("side '{side}' is neither 'w' nor 'b'"))),
    }
}

fn square_arg(value: &JsValue) -> Result<String, JsValue> {
    text_arg(value, "a square", "'e3'", 8, |n| format!("a square is named in 2 or 3 characters, not {n}"))
}

fn piece_arg(value: &JsValue) -> Result<String, JsValue> {
    text_arg(value, "a piece", "'P'", 8, |n| format!("a piece is one letter, not {n} characters"))
}

/// A `{key: value}` object from pairs.
fn object<V: Serialize>(pairs: impl IntoIterator<Item = (String, V)>) -> Result<JsValue, JsValue> {
    to_js(&pairs.into_iter().collect::<std::collections::BTreeMap<String, V>>())
}

/// A game in progress.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    game: Game,
    /// The table `analyse` keeps from one call to the next (made on first use).
    memory: Option<Box<door::SearchMemory>>,
}

impl Drop for JsGame {
    fn drop(&mut self) {
        LIVE_GAMES.fetch_sub(1, Ordering::Relaxed);
    }
}

impl JsGame {
    /// A move code (a number from `legalMoveCodes`) as its text.
    fn code_text(&self, code: f64) -> Result<String, JsValue> {
        let text = (code.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&code))
            .then(|| self.game.code_text(code as u32))
            .flatten();
        text.ok_or_else(|| {
            error(format!(
                "{} is not a move code (codes come from legalMoveCodes(); or give the move as text like 'e2e4')",
                number_text(code)
            ))
        })
    }

    /// A move given as text (`'e2e4'`) or as a code, as its text (not yet checked).
    fn move_arg(&self, value: &JsValue) -> Result<String, JsValue> {
        if let Some(code) = value.as_f64() {
            return self.code_text(code);
        }
        if !value.is_string() {
            return Err(error(format!(
                "a move must be text like 'e2e4' or a code from legalMoveCodes(), not {}",
                describe(value)
            )));
        }
        text_arg(value, "a move", "'e2e4'", MAX_MOVE_LEN, |n| {
            format!("a move text has at most {MAX_MOVE_LEN} characters, not {n}")
        })
    }

    /// The record of the legal move `value` names, before it is played.
    fn details(&self, value: &JsValue) -> Result<MoveRecord, JsValue> {
        self.game.describe(&self.move_arg(value)?).map_err(refused)
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `variant`, from its start or from a position string.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue, fen: JsValue) -> Result<JsGame, JsValue> {
        let variant = variant_arg(&variant, "'chess'")?;
        let fen = if fen.is_undefined() || fen.is_null() {
            None
        } else {
            Some(text_arg(&fen, "the position string", "'8/8/8/8/8/8/8/8 w - - 0 1'", MAX_POSITION_LEN, |n| {
                format!(
                    "bad position string: it is {n} characters long; no position needs more than {MAX_POSITION_LEN}"
                )
            })?)
        };
        let game = Game::new(&variant, fen.as_deref()).map_err(refused)?;
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        Ok(JsGame { game, memory: None })
    }

    #[wasm_bindgen(js_name = variant)]
    pub fn variant_id(&self) -> String {
        self.game.variant().to_string()
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        self.game.position()
    }

    /// The position string the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.game.start_position()
    }

    /// `{turn: 'w'|'b', number}`: who moved first from the start and that move's number.
    #[wasm_bindgen(js_name = startNumbering)]
    pub fn start_numbering(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct Numbering {
            turn: String,
            number: u32,
        }
        let (side, number) = self.game.start_numbering();
        to_js(&Numbering { turn: side.letter().to_string(), number })
    }

    /// `'w'` or `'b'`.
    pub fn turn(&self) -> String {
        self.game.turn().letter().to_string()
    }

    /// The occupied squares: `[{square: 'e3', piece: 'P'}]` (Cyvasse adds
    /// `onWater, armor, attackers, shielded, capturable`).
    pub fn board(&self) -> Result<JsValue, JsValue> {
        to_js(&self.game.board())
    }

    /// The fields that are not plain land: `{c4: 'mountain', d3: 'water'}` (`{}` for chess-like games).
    pub fn terrain(&self) -> Result<JsValue, JsValue> {
        object(self.game.terrain())
    }

    /// A side's hand as `{P: 2, Q: 1}` (uppercase letters, counts above zero).
    pub fn hand(&self, side: JsValue) -> Result<JsValue, JsValue> {
        object(self.game.hand(side_arg(&side)?))
    }

    /// The moves that may be played now, as texts (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// The moves `push` accepts now, as codes, one number each in a
    /// `Uint32Array`: the cheap list for walking the game tree (`push(code)`,
    /// `moveText(code)`). Empty once the game is over.
    #[wasm_bindgen(js_name = legalMoveCodes)]
    pub fn legal_move_codes(&self) -> Vec<u32> {
        self.game.legal_move_codes()
    }

    /// The moves `push` accepts now as one string, separated by spaces (`''`
    /// when there are none, as once the game is over).
    #[wasm_bindgen(js_name = legalMovesText)]
    pub fn legal_moves_text(&self) -> String {
        self.game.legal_moves().join(" ")
    }

    /// The text of a move code: `e2e4`.
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text_of(&self, code: JsValue) -> Result<String, JsValue> {
        let Some(n) = code.as_f64() else {
            return Err(error(format!("a move code is a number from legalMoveCodes(), not {}", describe(&code))));
        };
        self.code_text(n)
    }

    /// The code of a legal move given as text (or as a code); throws if it is not legal here.
    #[wasm_bindgen(js_name = moveCode)]
    pub fn move_code_of(&self, value: JsValue) -> Result<u32, JsValue> {
        self.game.move_code(&self.move_arg(&value)?).map_err(refused)
    }

    /// The legal moves of the piece on `square` (Cyvasse: the turns whose first move starts there).
    #[wasm_bindgen(js_name = movesFrom)]
    pub fn moves_from(&self, square: JsValue) -> Result<Vec<String>, JsValue> {
        self.game.moves_from(&square_arg(&square)?).map_err(refused)
    }

    /// The squares where the side to move may legally drop `piece` (a letter).
    #[wasm_bindgen(js_name = dropTargets)]
    pub fn drop_targets(&self, piece: JsValue) -> Result<Vec<String>, JsValue> {
        self.game.drop_targets(&piece_arg(&piece)?).map_err(refused)
    }

    /// Why dropping `piece` on `square` is illegal, or `null` if it is legal.
    #[wasm_bindgen(js_name = dropError)]
    pub fn drop_error(&self, piece: JsValue, square: JsValue) -> Result<JsValue, JsValue> {
        let why = self.game.drop_error(&piece_arg(&piece)?, &square_arg(&square)?).map_err(refused)?;
        Ok(why.map_or(JsValue::NULL, |w| JsValue::from_str(w.message())))
    }

    /// Why dropping `piece` on `square` may not be played now, coded for a
    /// page that words it: `{code, args, message}`, or `null` if it may.
    #[wasm_bindgen(js_name = dropRefusal)]
    pub fn drop_refusal(&self, piece: JsValue, square: JsValue) -> Result<JsValue, JsValue> {
        let why = self.game.drop_error(&piece_arg(&piece)?, &square_arg(&square)?).map_err(refused)?;
        match why {
            None => Ok(JsValue::NULL),
            Some(w) => to_js(&door::Said { code: w.code(), args: w.args().clone(), message: w.message().to_string() }),
        }
    }

    /// The turn after its first move `first` (Cyvasse's second Rabble move),
    /// for a board that shows the first move before the turn is played whole:
    /// `{fen, board, seconds: [{move, from, to}]}`, the position after `first`
    /// alone, its pieces as `board()` lists them, and the legal turns that go
    /// on with a second move (the whole turn's text, the second move's
    /// squares). Throws, with the engine's reason, if `first` may not be played now.
    #[wasm_bindgen(js_name = partialTurn)]
    pub fn partial_turn(&self, first: JsValue) -> Result<JsValue, JsValue> {
        let part = self.game.partial_turn(&self.move_arg(&first)?).map_err(refused)?;
        to_js(&PartialTurnJs {
            fen: &part.position,
            board: &part.board,
            seconds: part
                .seconds
                .iter()
                .map(|s| SecondJs { turn: &s.turn, from: &s.second.from, to: &s.second.to })
                .collect(),
        })
    }

    /// A legal move described without playing it, packed for the wrapper
    /// (see [`crate::packed`]). Throws if the move is not legal here.
    #[wasm_bindgen(js_name = moveDetailsPacked)]
    pub fn move_details_packed(&self, value: JsValue) -> Result<String, JsValue> {
        let mut out = String::with_capacity(64);
        packed::pack_move(&self.details(&value)?, &mut out);
        Ok(out)
    }

    /// The squares a legal move's blast would clear (empty when it blasts
    /// nothing), worked out on a copy of the position. Throws if the move is
    /// not legal here.
    #[wasm_bindgen(js_name = blastCells)]
    pub fn blast_cells(&self, value: JsValue) -> Result<Vec<String>, JsValue> {
        Ok(self.details(&value)?.blasted.into_iter().map(|p| p.square).collect())
    }

    /// Plays a move given as text or code; returns what happened, packed
    /// for the wrapper (a string crosses the boundary much faster than an
    /// object built field by field; see [`crate::packed`]). Throws on an
    /// illegal move.
    #[wasm_bindgen(js_name = playPacked)]
    pub fn play_packed(&mut self, value: JsValue) -> Result<String, JsValue> {
        let text = self.move_arg(&value)?;
        let record = self.game.play(&text).map_err(refused)?;
        let mut out = String::with_capacity(128);
        packed::pack_move(&record, &mut out);
        packed::pack_result(&packed::Ending::of(&self.game), &mut out);
        Ok(out)
    }

    /// Plays a legal move given as text (or code) and returns nothing: the
    /// lean `play`. Throws on an illegal move.
    pub fn push(&mut self, value: JsValue) -> Result<(), JsValue> {
        if let Some(code) = value.as_f64() {
            return self.push_code(code);
        }
        let text = self.move_arg(&value)?;
        self.game.push(&text).map_err(refused)
    }

    /// `push` for a move code (a number from `legalMoveCodes()`).
    #[wasm_bindgen(js_name = pushCode)]
    pub fn push_code(&mut self, code: f64) -> Result<(), JsValue> {
        if !(code.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&code)) {
            return Err(self.code_text(code).err().unwrap_or_else(|| error("not a move code")));
        }
        match self.game.push_code(code as u32) {
            Ok(()) => Ok(()),
            // A code that names no move at all is worded as the other calls word it.
            Err(e) if self.game.code_text(code as u32).is_none() => {
                Err(self.code_text(code).err().unwrap_or(refused(e)))
            }
            Err(e) => Err(refused(e)),
        }
    }

    /// Takes back the last move: `undo`, named for tree walks.
    pub fn pop(&mut self) -> bool {
        self.undo()
    }

    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.game.can_undo()
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// Whether the side to move is in check (never in Cyvasse, which has none).
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.game.is_check()
    }

    /// The square of the side to move's monarch when it is in check, else `null`.
    #[wasm_bindgen(js_name = checkedSquare)]
    pub fn checked_square(&self) -> JsValue {
        self.game.checked_square().map_or(JsValue::NULL, |sq| JsValue::from_str(&sq))
    }

    /// `{result: '1-0'|'0-1'|'1/2-1/2'|'*', reason, winner: 'w'|'b'|null, title, text}`.
    pub fn result(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct ResultInfo {
            result: &'static str,
            reason: &'static str,
            winner: Option<String>,
            title: String,
            text: String,
        }
        let o = self.game.outcome();
        let (title, text) = self.game.ending_words();
        to_js(&ResultInfo {
            result: o.result(),
            reason: o.reason(),
            winner: o.winner().map(|s| s.letter().to_string()),
            title,
            text,
        })
    }

    /// The moves played from the start position.
    pub fn history(&self) -> Vec<String> {
        self.game.history()
    }

    /// `{from, to, drop}` of the last move, or `null`.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct LastMove {
            from: Option<String>,
            to: String,
            drop: Option<String>,
        }
        match self.game.last_move() {
            Some(r) => to_js(&LastMove { from: r.from, to: r.to, drop: r.drop }),
            None => Ok(JsValue::NULL),
        }
    }

    /// The computer's move: `{move, score, mate, depth, seldepth, nodes,
    /// timeMs, pv, stopped}` (`move` is `null` when there is none). Options:
    /// `{level: 1..5}` or `{depth, timeMs, nodes}`; the default is the
    /// default level. With `keepTable: true` the search uses the game's own
    /// table (the one `analyse` keeps), kept from one call to the next;
    /// without, a fresh one (the same answer every time). It runs to its
    /// limit without returning, so call it in a Web Worker.
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&mut self, options: JsValue) -> Result<JsValue, JsValue> {
        let options = best_move_options(&options)?;
        let keep = options.as_ref().map(|o| o.flag("keepTable")).transpose()?.unwrap_or(false);
        let limits = search_limits(options.as_ref(), self.game.history().len())?;
        if !keep {
            return to_js(&self.game.best_move(limits).map_err(refused)?);
        }
        let memory = self.memory.get_or_insert_with(|| Box::new(door::SearchMemory::with_megabytes(ANALYSIS_TABLE_MB)));
        let thinking = door::Thinking { stop: None, excluded: &[], memory: Some(memory) };
        to_js(&self.game.think(limits, thinking, &mut |_| {}).map_err(refused)?)
    }

    /// The best lines of the position: `{lines: [{move, score, mate, depth,
    /// pv, san}], depth, nodes, timeMs, stopped}`, best first, each score
    /// from the side to move. Options `{multiPv: 1..3, depth, nodes,
    /// timeMs}`; without a limit, half a second. The game keeps its table
    /// from one call to the next, so deepening call by call (depth 1, 2, …)
    /// costs little more than one deep call. Synchronous: call it in a Web
    /// Worker.
    pub fn analyse(&mut self, options: JsValue) -> Result<JsValue, JsValue> {
        let (limits, lines) = analysis_options(options)?;
        let memory = self.memory.get_or_insert_with(|| Box::new(door::SearchMemory::with_megabytes(ANALYSIS_TABLE_MB)));
        to_js(&self.game.analyse(limits, lines, Some(memory)).map_err(refused)?)
    }

    /// Leaf count of the legal move tree `depth` plies deep from the current
    /// position (a finished game counts 0 from depth 1 on).
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsValue> {
        let depth = whole_arg(&depth, "perft depth", 0, MAX_PERFT_DEPTH as u64)?;
        Ok(self.game.perft(depth as u32).map_err(refused)? as f64)
    }

    /// `side` ('w' or 'b') resigns.
    pub fn resign(&mut self, side: JsValue) -> Result<(), JsValue> {
        self.game.resign(side_arg(&side)?);
        Ok(())
    }
}

/// The options object of a call (`bestMove`, `analyse`): left out
/// (`undefined` or `null`), or an object whose keys are all known; each
/// refusal is one line naming the call.
struct CallOptions<'a> {
    call: &'static str,
    object: &'a JsValue,
}

impl<'a> CallOptions<'a> {
    /// `None` when the options are left out; `example` shows the shape in
    /// the refusal of a value that is not an object.
    fn read(call: &'static str, object: &'a JsValue, known: &[&str], example: &str) -> Result<Option<Self>, JsValue> {
        if object.is_undefined() || object.is_null() {
            return Ok(None);
        }
        if !object.is_object() || is_array(object) {
            return Err(error(format!("{call} options must be an object like {example}, not {}", describe(object))));
        }
        let keys = object_keys(object).map_err(|_| error(format!("bad {call} options: they cannot be read")))?;
        if let Some(unknown) = keys.iter().find_map(|k| k.as_string().filter(|k| !known.contains(&k.as_str()))) {
            return Err(error(format!("bad {call} options: unknown option '{unknown}' (known: {})", known.join(", "))));
        }
        Ok(Some(CallOptions { call, object }))
    }

    /// An option's value; `None` when left out, `undefined` or `null`.
    fn get(&self, key: &str) -> Result<Option<JsValue>, JsValue> {
        let value = reflect_get(self.object, key)
            .map_err(|_| error(format!("bad {} options: they cannot be read", self.call)))?;
        Ok((!value.is_undefined() && !value.is_null()).then_some(value))
    }

    /// A whole-number option in `low..=high`.
    fn whole(&self, key: &str, low: u64, high: u64) -> Result<Option<u64>, JsValue> {
        self.get(key)?.map(|value| whole_arg(&value, &format!("{} {key}", self.call), low, high)).transpose()
    }

    /// A true-or-false option (false when left out).
    fn flag(&self, key: &str) -> Result<bool, JsValue> {
        match self.get(key)? {
            None => Ok(false),
            Some(value) => value
                .as_bool()
                .ok_or_else(|| error(format!("{} {key} must be true or false, not {}", self.call, describe(&value)))),
        }
    }
}

/// The options of `bestMove`: `{level}` or `{depth, timeMs, nodes}`, `seed`
/// and `keepTable`.
fn best_move_options(options: &JsValue) -> Result<Option<CallOptions<'_>>, JsValue> {
    const KNOWN: [&str; 6] = ["level", "depth", "timeMs", "nodes", "seed", "keepTable"];
    CallOptions::read("bestMove", options, &KNOWN, "{level: 3} or {depth: 6}")
}

/// The search limits of `bestMove` options: each a whole number in its
/// range, the depth's the CLI's (`--depth`); the seed is the number of moves
/// played unless given.
fn search_limits(options: Option<&CallOptions>, moves_played: usize) -> Result<Limits, JsValue> {
    let Some(options) = options else { return Ok(Level::DEFAULT.limits(moves_played as u64)) };
    let level = options.whole("level", Level::MIN as u64, Level::MAX as u64)?;
    let depth = options.whole("depth", 0, search::MAX_DEPTH as u64)?;
    let time_ms = options.whole("timeMs", 0, MAX_SAFE_INTEGER)?;
    let nodes = options.whole("nodes", 0, MAX_SAFE_INTEGER)?;
    let seed = options.whole("seed", 0, MAX_SAFE_INTEGER)?.unwrap_or(moves_played as u64);
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

/// The table an analysing game keeps (MiB).
const ANALYSIS_TABLE_MB: usize = 8;
/// The time an analysis takes when no limit is given (ms).
const ANALYSIS_DEFAULT_MS: u64 = 500;

/// The limits and the number of lines of `analyse` options (`{multiPv,
/// depth, nodes, timeMs}`): each a whole number in its range.
fn analysis_options(options: JsValue) -> Result<(Limits, usize), JsValue> {
    const KNOWN: [&str; 4] = ["multiPv", "depth", "timeMs", "nodes"];
    let default = Limits { time_ms: Some(ANALYSIS_DEFAULT_MS), ..Limits::default() };
    let Some(options) = CallOptions::read("analyse", &options, &KNOWN, "{multiPv: 3, depth: 8}")? else {
        return Ok((default, 1));
    };
    let lines = options.whole("multiPv", 1, door::analyse::MAX_LINES as u64)?.unwrap_or(1) as usize;
    let depth = options.whole("depth", 0, search::MAX_DEPTH as u64)?;
    let time_ms = options.whole("timeMs", 0, MAX_SAFE_INTEGER)?;
    let nodes = options.whole("nodes", 0, MAX_SAFE_INTEGER)?;
    if depth.is_none() && time_ms.is_none() && nodes.is_none() {
        return Ok((default, lines));
    }
    // Depth 0 searches one ply, as bestMove's does.
    Ok((Limits { depth: depth.map(|d| (d as u32).max(1)), time_ms, nodes, ..Limits::default() }, lines))
}

/// The longest tag value `toPgn` takes.
const MAX_TAG_LEN: usize = 1000;

/// A PGN refusal as the other refusals: one line (`line 4, column 7:
/// illegal move Nf9: …`), a `pgn.*` code, and `line`, `column` (and `move`) args.
fn pgn_refused(e: door::PgnError) -> JsValue {
    let mut args: door::Args = vec![("line", e.line.to_string()), ("column", e.column.to_string())];
    if let Some(text) = &e.text {
        args.push(("move", text.clone()));
    }
    coded_error(&e.to_string(), e.code, &args, &[])
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// The game as PGN: `tags` (optional) is an object of tag names and
    /// string values (`{White: 'Ann', TimeControl: '180+2'}`); the variant,
    /// start position and result are the game's.
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(&self, tags: JsValue) -> Result<String, JsValue> {
        let mut read = door::Tags::new();
        if !(tags.is_undefined() || tags.is_null()) {
            if !tags.is_object() || is_array(&tags) {
                return Err(error(format!(
                    "toPgn tags must be an object like {{White: 'Ann'}}, not {}",
                    describe(&tags)
                )));
            }
            let keys = object_keys(&tags).map_err(|_| error("bad toPgn tags: they cannot be read"))?;
            for key in keys {
                let name = key.as_string().unwrap_or_default();
                if name.is_empty() || name.len() > 40 || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(error("bad toPgn tags: a tag name is letters, digits and '_' (at most 40)"));
                }
                let value = reflect_get(&tags, &name).map_err(|_| error("bad toPgn tags: they cannot be read"))?;
                let value = text_arg(&value, &format!("tag {name}"), "'Ann'", MAX_TAG_LEN, |n| {
                    format!("tag {name} has {n} characters; at most {MAX_TAG_LEN}")
                })?;
                read.set(&name, value);
            }
        }
        Ok(self.game.to_pgn(&read))
    }

    /// Every game of a PGN text: `[{tags, game, moves, comments, result}]`,
    /// `game` a `Game` along the main line, `moves` its tree (`{text,
    /// notation, nags, commentsBefore, comments, variations}`). The first
    /// problem refuses the whole text.
    #[wasm_bindgen(js_name = fromPgn)]
    pub fn from_pgn(text: JsValue) -> Result<Vec<JsValue>, JsValue> {
        let max = door::pgn::MAX_PGN_LEN;
        let text = text_arg(&text, "the PGN text", "'1. e4 e5 *'", max, |n| {
            format!("line 1, column 1: the PGN text is {n} characters long; at most {max} are read")
        })?;
        let games = Game::from_pgn(&text).map_err(pgn_refused)?;
        let mut out = Vec::with_capacity(games.len());
        for g in games {
            let entry = to_js(&PgnEntry { tags: &g.tags, moves: &g.moves, comments: &g.comments, result: &g.result })?;
            LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
            let game: JsValue = JsGame { game: g.game, memory: None }.into();
            let _ = reflect_set(&entry, "game", &game);
            out.push(entry);
        }
        Ok(out)
    }
}

/// A game read from PGN, but its `Game`, as JavaScript gets it.
#[derive(Serialize)]
struct PgnEntry<'a> {
    tags: &'a door::Tags,
    moves: &'a [door::PgnMove],
    comments: &'a [String],
    result: &'a str,
}
