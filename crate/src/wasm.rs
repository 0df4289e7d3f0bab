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

use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::fen;
use crate::game::{self, Game, Outcome, MAX_FEN_LEN, MAX_MOVE_LEN, MAX_PERFT_DEPTH};
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, Role};
use crate::players::Level;
use crate::position::Removal;
use crate::search::{self, Limits};
use crate::variant::{MoveNotation, Promotion, Variant};

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
    let head: String = one_line.chars().take(MAX / 2).collect();
    let tail: Vec<char> = one_line.chars().rev().take(MAX / 2).collect();
    let tail: String = tail.into_iter().rev().collect();
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
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantInfo {
    id: &'static str,
    name: &'static str,
    files: u8,
    ranks: u8,
    start_fen: &'static str,
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
struct ResultInfo {
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
    /// `step`, `drop`, `enPassant`, `castle` or `snipe`.
    kind: &'static str,
    /// Where the moving piece starts (`null` for a drop); a snipe's shooter.
    from: Option<String>,
    /// Where the moving piece lands; for a snipe, the cell shot at.
    to: String,
    drop: Option<String>,
    /// The piece it becomes, as written on the board (`Q`, `+P`).
    promotion: Option<String>,
    /// The rook's move, for a castle.
    rook: Option<FromTo>,
    /// The cells the move passes, in order (a slide's, a Sissa's bent ride,
    /// a thrust's file); empty for a leap.
    path: Vec<String>,
}

struct FromTo {
    from: String,
    to: String,
}

/// `bestMove` options: a level (1–5), or explicit limits; all optional.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct SearchOptions {
    level: Option<u8>,
    depth: Option<u32>,
    time_ms: Option<u64>,
    nodes: Option<u64>,
    seed: Option<u64>,
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

/// The variants the engine plays, with their boards and piece tables.
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsError> {
    let list: Vec<VariantInfo> = Variant::all()
        .iter()
        .map(|id| {
            let v = Variant::by_id(id).expect("listed variants exist");
            VariantInfo {
                id: v.id,
                name: v.name,
                files: v.geometry.files,
                ranks: v.geometry.ranks,
                start_fen: v.start_fen,
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
                    })
                    .collect(),
            }
        })
        .collect();
    to_js(&list)
}

/// A game in progress.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    game: Game,
}

impl Drop for JsGame {
    fn drop(&mut self) {
        LIVE_GAMES.fetch_sub(1, Ordering::Relaxed);
    }
}

impl JsGame {
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
        }
    }

    /// `details(m)` as 9 tab-separated fields (`null` as empty): move, san,
    /// kind, from, to, drop, promotion, the rook's `from:to`, the path's
    /// squares separated by spaces.
    fn pack_details(&self, m: Move, out: &mut String) {
        let d = self.details(m);
        let rook = d.rook.map(|r| format!("{}:{}", r.from, r.to));
        let path = Some(d.path.join(" "));
        let fields =
            [Some(d.text), Some(d.san), Some(d.kind.to_string()), d.from, Some(d.to), d.drop, d.promotion, rook, path];
        for (i, field) in fields.into_iter().enumerate() {
            if i > 0 {
                out.push('\t');
            }
            out.push_str(field.as_deref().unwrap_or(""));
        }
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

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `variant`, from its start or from a position string.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue, fen: JsValue) -> Result<JsGame, JsError> {
        let known = Variant::all().join(", ");
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
        let fen = fen.filter(|f| !f.trim().is_empty());
        let game = Game::from_text(&variant, fen.as_deref()).map_err(|e| error(e.to_string()))?;
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        Ok(JsGame { game })
    }

    #[wasm_bindgen(js_name = variant)]
    pub fn variant_id(&self) -> String {
        self.variant().id.to_string()
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        fen::write_position(self.game.position())
    }

    /// The position string the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        fen::write_position(self.game.start_position())
    }

    /// `'w'` or `'b'`.
    pub fn turn(&self) -> String {
        self.game.position().turn().letter().to_string()
    }

    /// The occupied squares: `[{square: 'e3', piece: 'P'}]`.
    pub fn board(&self) -> Result<JsValue, JsError> {
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
    pub fn hand(&self, side: JsValue) -> Result<JsValue, JsError> {
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

    /// The position's legal moves as texts.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.texts(self.game.position().legal_moves())
    }

    /// The moves `push` accepts now, as codes, one number each in a
    /// `Uint32Array`: the cheap list for walking the game tree (`push(code)`,
    /// `moveText(code)`). Empty once the game is over.
    #[wasm_bindgen(js_name = legalMoveCodes)]
    pub fn legal_move_codes(&self) -> Vec<u32> {
        self.playable().into_iter().map(game::move_code).collect()
    }

    /// The moves `push` accepts now as one string, separated by spaces (`''`
    /// when there are none, as once the game is over).
    #[wasm_bindgen(js_name = legalMovesText)]
    pub fn legal_moves_text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        for m in self.playable() {
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "{}", crate::notation::move_text(self.variant(), m));
        }
        out
    }

    /// The text of a move code: `e2e4`.
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text_of(&self, code: JsValue) -> Result<String, JsError> {
        let Some(n) = code.as_f64() else {
            return Err(error(format!("a move code is a number from legalMoveCodes(), not {}", describe(&code))));
        };
        Ok(self.game.move_text(self.code_move(n)?))
    }

    /// The code of a legal move given as text (or as a code); throws if it is not legal here.
    #[wasm_bindgen(js_name = moveCode)]
    pub fn move_code_of(&self, value: JsValue) -> Result<u32, JsError> {
        Ok(game::move_code(self.legal_move(&value)?))
    }

    /// The legal moves of the piece on `square`.
    #[wasm_bindgen(js_name = movesFrom)]
    pub fn moves_from(&self, square: JsValue) -> Result<Vec<String>, JsError> {
        let sq = self.square(&square)?;
        Ok(self.texts(self.game.position().legal_moves_from(sq)))
    }

    /// The squares where the side to move may legally drop `piece` (a letter).
    #[wasm_bindgen(js_name = dropTargets)]
    pub fn drop_targets(&self, piece: JsValue) -> Result<Vec<String>, JsError> {
        let role = self.role(&piece)?;
        Ok(self.game.position().drop_targets(role).into_iter().map(|sq| self.square_name(sq)).collect())
    }

    /// Why dropping `piece` on `square` is illegal, or `null` if it is legal.
    #[wasm_bindgen(js_name = dropError)]
    pub fn drop_error(&self, piece: JsValue, square: JsValue) -> Result<JsValue, JsError> {
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
    #[wasm_bindgen(js_name = moveDetailsPacked)]
    pub fn move_details_packed(&self, value: JsValue) -> Result<String, JsError> {
        let m = self.legal_move(&value)?;
        let mut out = String::with_capacity(48);
        self.pack_details(m, &mut out);
        Ok(out)
    }

    /// The squares a legal move's blast would clear (empty when it blasts
    /// nothing), worked out on a copy of the position. Throws if the move is
    /// not legal here.
    #[wasm_bindgen(js_name = blastCells)]
    pub fn blast_cells(&self, value: JsValue) -> Result<Vec<String>, JsError> {
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
    #[wasm_bindgen(js_name = playPacked)]
    pub fn play_packed(&mut self, value: JsValue) -> Result<String, JsError> {
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
        let r = result_info(&self.game);
        for field in [r.result, r.reason, r.winner.map_or("", |w| if w == 'w' { "w" } else { "b" }), &r.title, &r.text]
        {
            out.push('\t');
            out.push_str(field);
        }
        Ok(out)
    }

    /// Plays a legal move given as text (or code) and returns nothing: the
    /// lean `play`. Throws on an illegal move.
    pub fn push(&mut self, value: JsValue) -> Result<(), JsError> {
        let m = self.move_arg(&value)?;
        self.push_move(m)
    }

    /// `push` for a move code (a number from `legalMoveCodes()`).
    #[wasm_bindgen(js_name = pushCode)]
    pub fn push_code(&mut self, code: f64) -> Result<(), JsError> {
        let m = self.code_move(code)?;
        self.push_move(m)
    }

    /// Takes back the last move: `undo`, named for tree walks.
    pub fn pop(&mut self) -> bool {
        self.game.undo()
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

    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// The square of the side to move's monarch when it is in check, else `null`.
    #[wasm_bindgen(js_name = checkedSquare)]
    pub fn checked_square(&self) -> JsValue {
        let pos = self.game.position();
        match pos.is_check().then(|| pos.monarch_square(pos.turn())).flatten() {
            Some(sq) => JsValue::from_str(&self.square_name(sq)),
            None => JsValue::NULL,
        }
    }

    /// `{result: '1-0'|'0-1'|'1/2-1/2'|'*', reason, winner: 'w'|'b'|null, title, text}`.
    pub fn result(&self) -> Result<JsValue, JsError> {
        to_js(&result_info(&self.game))
    }

    /// The moves played from the start position.
    pub fn history(&self) -> Vec<String> {
        self.texts(self.game.moves().iter().copied())
    }

    /// `{from, to, drop}` of the last move, or `null`.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> Result<JsValue, JsError> {
        match self.game.moves().last() {
            Some(&m) => to_js(&self.move_info(m)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The computer's move: `{move, score, mate, depth, nodes, timeMs, pv}`
    /// (`move` is `null` when there is none). Options: `{level: 1..5}` or
    /// `{depth, timeMs, nodes}`; the default is the default level. It runs to
    /// its limit without returning, so call it in a Web Worker.
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&self, options: JsValue) -> Result<JsValue, JsError> {
        let options: SearchOptions = if options.is_undefined() || options.is_null() {
            SearchOptions::default()
        } else if !options.is_object() || is_array(&options) {
            return Err(error(format!(
                "bestMove options must be an object like {{level: 3}} or {{depth: 6}}, not {}",
                describe(&options)
            )));
        } else {
            const KNOWN: [&str; 5] = ["level", "depth", "timeMs", "nodes", "seed"];
            let keys = object_keys(&options).map_err(|_| error("bad bestMove options: they cannot be read"))?;
            if let Some(unknown) = keys.iter().find_map(|k| k.as_string().filter(|k| !KNOWN.contains(&k.as_str()))) {
                return Err(error(format!(
                    "bad bestMove options: unknown option '{unknown}' (known: {})",
                    KNOWN.join(", ")
                )));
            }
            serde_wasm_bindgen::from_value(options).map_err(|e| {
                let e = e.to_string();
                error(format!("bad bestMove options: {}", e.strip_prefix("Error: ").unwrap_or(&e)))
            })?
        };
        let seed = options.seed.unwrap_or(self.game.moves().len() as u64);
        let limits = if options.depth.is_some() || options.time_ms.is_some() || options.nodes.is_some() {
            if options.level.is_some() {
                return Err(error("bestMove takes a level or limits (depth, timeMs, nodes), not both"));
            }
            Limits { depth: options.depth, time_ms: options.time_ms, nodes: options.nodes, seed, ..Limits::default() }
        } else {
            let n = options.level.unwrap_or(Level::DEFAULT.number());
            Level::new(n)
                .ok_or_else(|| error(format!("level {n} is not between {} and {}", Level::MIN, Level::MAX)))?
                .limits(seed)
        };
        if self.game.outcome().is_over() {
            return Err(error("the game is over"));
        }
        let found = search::best_move(self.game.position(), &search::game_history(&self.game), limits);
        to_js(&BestMoveInfo {
            text: found.best.map(|m| self.game.move_text(m)),
            score: found.score,
            mate: found.mate_in(),
            depth: found.depth,
            nodes: found.nodes,
            time_ms: found.time_ms,
            pv: self.texts(found.pv.iter().copied()),
        })
    }

    /// Leaf count of the legal move tree `depth` plies deep from the current
    /// position (for testing and speed measurement).
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsError> {
        let d =
            depth.as_f64().ok_or_else(|| error(format!("perft depth must be a number, not {}", describe(&depth))))?;
        if d.fract() != 0.0 || !(0.0..=MAX_PERFT_DEPTH as f64).contains(&d) {
            return Err(error(format!(
                "perft depth {} is not a whole number from 0 to {MAX_PERFT_DEPTH}",
                number_text(d)
            )));
        }
        Ok(crate::perft::perft(self.game.position(), d as u32) as f64)
    }

    /// `side` ('w' or 'b') resigns.
    pub fn resign(&mut self, side: JsValue) -> Result<(), JsError> {
        self.game.resign(Self::side(&side)?);
        Ok(())
    }
}

impl JsGame {
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
