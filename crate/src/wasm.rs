//! The JavaScript API (wasm-bindgen). Every failure becomes a JS `Error`
//! carrying the engine's one-line message; structured values cross as plain
//! objects and arrays.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::fen;
use crate::game::{Game, Outcome};
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, Role};
use crate::players::Level;
use crate::search::{self, Limits};
use crate::variant::{MoveNotation, Promotion, Variant};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
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
#[derive(Serialize)]
struct MoveDetails {
    #[serde(rename = "move")]
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
}

#[derive(Serialize)]
struct FromTo {
    from: String,
    to: String,
}

#[derive(Serialize)]
struct PlayInfo {
    #[serde(rename = "move")]
    text: String,
    san: String,
    kind: &'static str,
    from: Option<String>,
    to: String,
    drop: Option<String>,
    promotion: Option<String>,
    rook: Option<FromTo>,
    captured: Option<SquarePiece>,
    blasted: Vec<SquarePiece>,
    check: bool,
    result: ResultInfo,
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
                drops: v.rules.drops,
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

impl JsGame {
    fn variant(&self) -> &'static Variant {
        self.game.variant()
    }

    fn square(&self, name: &str) -> Result<Square, JsError> {
        self.variant()
            .geometry
            .parse_square(name)
            .ok_or_else(|| JsError::new(&format!("square '{name}' is not on the board")))
    }

    fn square_name(&self, sq: Square) -> String {
        self.variant().geometry.square_name(sq).to_string()
    }

    fn role(&self, letter: &str) -> Result<Role, JsError> {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.variant().role_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| JsError::new(&format!("'{letter}' is not a piece of this variant")))
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

    fn side(side: &str) -> Result<Color, JsError> {
        Color::from_letter(side.chars().next().unwrap_or(' '))
            .filter(|_| side.len() == 1)
            .ok_or_else(|| JsError::new(&format!("side '{side}' is neither 'w' nor 'b'")))
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
        }
    }

    fn texts(&self, moves: impl IntoIterator<Item = Move>) -> Vec<String> {
        moves.into_iter().map(|m| self.game.move_text(m)).collect()
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `variant`, from its start or from a position string.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<JsGame, JsError> {
        let fen = fen.filter(|f| !f.trim().is_empty());
        Game::from_text(variant, fen.as_deref()).map(|game| JsGame { game }).map_err(|e| JsError::new(&e.to_string()))
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
    pub fn hand(&self, side: &str) -> Result<JsValue, JsError> {
        let color = Self::side(side)?;
        let pos = self.game.position();
        let map: std::collections::BTreeMap<String, u8> = self
            .variant()
            .roles()
            .filter(|&r| pos.hand_count(color, r) > 0)
            .map(|r| (self.variant().piece(r).letter.to_string(), pos.hand_count(color, r)))
            .collect();
        to_js(&map)
    }

    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.texts(self.game.position().legal_moves())
    }

    /// The legal moves of the piece on `square`.
    #[wasm_bindgen(js_name = movesFrom)]
    pub fn moves_from(&self, square: &str) -> Result<Vec<String>, JsError> {
        let sq = self.square(square)?;
        Ok(self.texts(self.game.position().legal_moves_from(sq)))
    }

    /// The squares where the side to move may legally drop `piece` (a letter).
    #[wasm_bindgen(js_name = dropTargets)]
    pub fn drop_targets(&self, piece: &str) -> Result<Vec<String>, JsError> {
        let role = self.role(piece)?;
        Ok(self.game.position().drop_targets(role).into_iter().map(|sq| self.square_name(sq)).collect())
    }

    /// Why dropping `piece` on `square` is illegal, or `null` if it is legal.
    #[wasm_bindgen(js_name = dropError)]
    pub fn drop_error(&self, piece: &str, square: &str) -> Result<JsValue, JsError> {
        let role = self.role(piece)?;
        let sq = self.square(square)?;
        if self.game.outcome().is_over() {
            return Ok(JsValue::from_str("the game is over"));
        }
        Ok(self
            .game
            .position()
            .drop_error(role, sq)
            .map_or(JsValue::NULL, |e| JsValue::from_str(&e.reason.to_string())))
    }

    /// A legal move described without playing it: `{move, san, kind, from,
    /// to, drop, promotion, rook}`. Throws if the move is not legal here.
    #[wasm_bindgen(js_name = moveDetails)]
    pub fn move_details(&self, text: &str) -> Result<JsValue, JsError> {
        let m = self.legal_move(text)?;
        to_js(&self.details(m))
    }

    /// Plays a move given as text; returns what happened. Throws on an illegal move.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        let m = self.legal_move(text)?;
        let details = self.details(m);
        let report = self.game.play(m).map_err(|e| JsError::new(&crate::game::GameError::Illegal(e).to_string()))?;
        let sp = |(sq, p): (Square, Piece)| SquarePiece { square: self.square_name(sq), piece: self.piece_letter(p) };
        to_js(&PlayInfo {
            text: details.text,
            san: details.san,
            kind: details.kind,
            from: details.from,
            to: details.to,
            drop: details.drop,
            promotion: details.promotion,
            rook: details.rook,
            captured: report.captured.map(sp),
            blasted: report.blasted.into_iter().map(sp).collect(),
            check: report.check,
            result: result_info(&self.game),
        })
    }

    /// The move `text` parsed against the current position, if it is legal.
    fn legal_move(&self, text: &str) -> Result<Move, JsError> {
        let m = self.game.parse_move(text).map_err(|e| JsError::new(&e.to_string()))?;
        let error = if self.game.outcome().is_over() {
            Some(crate::legality::IllegalMove {
                text: self.game.move_text(m),
                reason: crate::legality::IllegalReason::GameOver,
            })
        } else {
            self.game.position().move_error(m)
        };
        match error {
            Some(e) => Err(JsError::new(&crate::game::GameError::Illegal(e).to_string())),
            None => Ok(m),
        }
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

    /// `{result: '1-0'|'0-1'|'1/2-1/2'|'*', reason, winner: 'w'|'b'|null}`.
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
        } else {
            serde_wasm_bindgen::from_value(options).map_err(|e| JsError::new(&format!("bad bestMove options: {e}")))?
        };
        let seed = options.seed.unwrap_or(self.game.moves().len() as u64);
        let limits = if options.depth.is_some() || options.time_ms.is_some() || options.nodes.is_some() {
            if options.level.is_some() {
                return Err(JsError::new("bestMove takes a level or limits (depth, timeMs, nodes), not both"));
            }
            Limits { depth: options.depth, time_ms: options.time_ms, nodes: options.nodes, seed, ..Limits::default() }
        } else {
            let n = options.level.unwrap_or(Level::DEFAULT.number());
            Level::new(n)
                .ok_or_else(|| JsError::new(&format!("level {n} is not between {} and {}", Level::MIN, Level::MAX)))?
                .limits(seed)
        };
        if self.game.outcome().is_over() {
            return Err(JsError::new("the game is over"));
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
    pub fn perft(&self, depth: u32) -> f64 {
        crate::perft::perft(self.game.position(), depth) as f64
    }

    /// `side` ('w' or 'b') resigns.
    pub fn resign(&mut self, side: &str) -> Result<(), JsError> {
        self.game.resign(Self::side(side)?);
        Ok(())
    }
}
