//! The game door: one family-free API for every game, used by every front
//! end (the `zilo` CLI, the JavaScript bindings, the network server).
//!
//! A front end names a game by its id and, optionally, a position string
//! (or, for a game with a hidden setup, two setup halves); it then deals in
//! texts and family-free types: moves and legal moves as texts (and as
//! numeric codes for fast tree walks), a played move's [`MoveRecord`] (its
//! [`MoveKind`], the piece that moved), the game's [`Outcome`] (decisive with
//! a winner, drawn, or going on, with an [`EndReason`]) and its words, the
//! position string, the computer's answer with its principal variation as
//! texts. The front ends write these as strings where their readers need
//! them (`1-0 checkmate`, `kind: 'enPassant'`); nothing above this module
//! names a family, and [`Game`] is the crate's one public game type.
//!
//! Below it, each family implements [`DoorPosition`] once (in its own
//! folder: `chesslike/door.rs`, `cyvasse/door.rs`) and is listed in
//! [`FAMILIES`], the one place the door names the families (each family's
//! refusals and their words come with it: [`DoorFamily::words`]); [`Game`] holds a
//! [`Record`] of that family's positions behind the object-safe [`AnyGame`],
//! so a new family touches neither the CLI, nor the bindings, nor the server.

pub mod analyse;
mod any_game;
pub mod codes;
pub(crate) mod family;
pub mod info;
#[cfg(test)]
mod lines_tests;
mod partial_turn;
pub mod pgn;
pub mod setup;
pub mod think;

use std::fmt;
use std::sync::OnceLock;

use serde::Serialize;

pub use analyse::{line_rank, Analysis, AnalysisLine};
pub use any_game::AnyGame;
pub use codes::{Args, Coded, Said, Words, CODES};
pub use family::{DoorFamily, DoorPosition, SetupRules, FAMILIES};
pub use partial_turn::{PartialTurn, SecondMove};
pub use pgn::{PgnError, PgnGame, PgnMove, Tags};
pub use setup::{start_position, Half, HalfBoard};
pub use think::{SearchMemory, Thinking};

use crate::game_position::Player;
use crate::players::{GameRecord, MatchOptions, MatchResult, PlayerSpec};
use crate::search::corpus::{CorpusOptions, CorpusReport};
use crate::search::Limits;

pub use crate::game_position::{EndReason, MAX_MOVE_LEN, MAX_POSITION_LEN};

/// The deepest perft the doors run: far beyond what finishes.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// One of the two players: `First` is written `w` in position strings (it
/// owns rank or row 1), `Second` is `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    First,
    Second,
}

impl Player for Side {
    const BOTH: [Side; 2] = Side::BOTH;

    fn opponent(self) -> Side {
        Side::opponent(self)
    }

    fn letter(self) -> char {
        Side::letter(self)
    }

    fn index(self) -> usize {
        Side::index(self)
    }
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Side::First => 'w',
            Side::Second => 'b',
        }
    }

    /// The side written `c` (`w` or `b`).
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::First),
            'b' => Some(Side::Second),
            _ => None,
        }
    }

    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first player, 1 for the second.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Why a door refused something: a kind to act on, a code with named
/// arguments for front ends that word it themselves (see [`codes`]), and
/// one English line to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoorError {
    pub kind: ErrorKind,
    code: &'static str,
    args: Args,
    /// The problems one refusal lists (a setup's), each coded.
    problems: Vec<Said>,
    message: String,
    /// For a refusal made by [`DoorError::worded`], where its line comes
    /// from: the message is filled again as args are added.
    worded: Option<Box<Worded>>,
}

/// The table a worded refusal's line comes from, and the arguments only the
/// line uses (`--divide`), which come before `args`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Worded {
    table: &'static [Words],
    line_args: Args,
}

/// What a [`DoorError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// No game of that id.
    UnknownGame,
    /// A position string that could not be read.
    BadPosition,
    /// A move text that could not be read, or a move that is not legal.
    IllegalMove,
    /// The game is over: no move may be played.
    GameOver,
    /// A setup half that breaks the setup rules.
    BadSetup,
    /// Any other argument out of its range (a square, a piece, a depth).
    BadArgument,
}

impl DoorError {
    /// A refusal with its code (one of [`CODES`]) and English line; add
    /// arguments with [`DoorError::arg`].
    pub fn new(kind: ErrorKind, code: &'static str, message: impl Into<String>) -> DoorError {
        // Messages echo what they were given (a move text, a square), control
        // characters included: each front end writes them as one line its way.
        DoorError { kind, code, args: Vec::new(), problems: Vec::new(), message: message.into(), worded: None }
    }

    /// A refusal worded by its code's line in `table` (a family's; `&[]` for
    /// the door's own, [`codes::DOOR_WORDS`]), filled from the arguments as
    /// they are added with [`DoorError::arg`] and [`DoorError::line_arg`].
    pub fn worded(kind: ErrorKind, table: &'static [Words], code: &'static str) -> DoorError {
        let mut e = DoorError::new(kind, code, "");
        e.worded = Some(Box::new(Worded { table, line_args: Vec::new() }));
        e.reword();
        e
    }

    /// A family's coded error, its English line put in context by `line`
    /// (`bad position string: …`).
    pub fn coded(kind: ErrorKind, e: &impl Coded, line: impl FnOnce(String) -> String) -> DoorError {
        DoorError { args: e.args(), ..DoorError::new(kind, e.code(), line(e.to_string())) }
    }

    /// The same refusal with one more named argument.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> DoorError {
        self.args.push((name, value.to_string()));
        self.reword();
        self
    }

    /// The same worded refusal with an argument only its English line uses
    /// (or words otherwise than `args`: `first player (w)` for `w`); a
    /// refusal with a message of its own keeps it as it is.
    pub fn line_arg(mut self, name: &'static str, value: impl ToString) -> DoorError {
        if let Some(worded) = &mut self.worded {
            worded.line_args.push((name, value.to_string()));
            self.reword();
        }
        self
    }

    /// The message filled again from the table, for a worded refusal.
    fn reword(&mut self) {
        if let Some(worded) = &self.worded {
            let args: Args = worded.line_args.iter().chain(&self.args).cloned().collect();
            self.message = codes::line_of(worded.table, self.code, &args);
        }
    }

    /// The same refusal listing `problems`.
    pub fn with_problems(mut self, problems: Vec<Said>) -> DoorError {
        self.problems = problems;
        self
    }

    /// The English line the CLI and the server print.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The stable code a front end words (one of [`CODES`]).
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The code's named arguments.
    pub fn args(&self) -> &Args {
        &self.args
    }

    /// The same refusal with each argument's value passed through `f` (a
    /// family whose errors name pieces in words gives their letters).
    pub(crate) fn map_args(mut self, f: impl Fn(&'static str, String) -> String) -> DoorError {
        self.args = self.args.into_iter().map(|(k, v)| (k, f(k, v))).collect();
        self
    }

    /// The coded problems a setup refusal lists; empty for other refusals.
    pub fn problems(&self) -> &[Said] {
        &self.problems
    }
}

impl fmt::Display for DoorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DoorError {}

/// A square's move, in square names: a castle's rook, a second Rabble move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FromTo {
    pub from: String,
    pub to: String,
}

/// A piece on a square, as written in position strings (`e4`, `P`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedPiece {
    pub square: String,
    pub piece: String,
}

/// A piece on the board, as [`Game::board`] lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardPiece {
    pub square: String,
    /// As written in position strings (`P`, `p`, `+P`).
    pub piece: String,
    /// What engagement says of it now, in a game with armor (Cyvasse).
    #[serde(flatten)]
    pub engagement: Option<Engagement>,
}

/// A piece's standing in a game with armor: taken only when its attackers
/// reach its armor and no Tower of its own shields it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Engagement {
    pub on_water: bool,
    pub armor: u8,
    /// Enemy pieces attacking it now.
    pub attackers: usize,
    /// Next to a Tower of its own side.
    pub shielded: bool,
    pub capturable: bool,
}

/// What kind of move a [`MoveRecord`] describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MoveKind {
    /// Chess-like: a piece goes from one square to another (capturing, promoting or not).
    Step,
    /// Chess-like: a piece from the hand (or reserve) is placed on the board.
    Drop,
    /// Chess-like: a pawn takes a pawn that just passed it.
    EnPassant,
    /// Chess-like: king and rook move together.
    Castle,
    /// Chess-like: a Sniper's shot, a capture without moving.
    Snipe,
    /// Cyvasse: a piece moves to an empty field.
    Move,
    /// Cyvasse: a piece moves and captures.
    Capture,
    /// Cyvasse: a Trebuchet's shot.
    Shot,
    /// Cyvasse: the King's jump over its Tower.
    Jump,
    /// Cyvasse: two Rabble moves in one turn.
    Double,
}

impl MoveKind {
    /// The word the JavaScript API writes (`step`, `enPassant`, `double`, …).
    pub const fn as_str(self) -> &'static str {
        match self {
            MoveKind::Step => "step",
            MoveKind::Drop => "drop",
            MoveKind::EnPassant => "enPassant",
            MoveKind::Castle => "castle",
            MoveKind::Snipe => "snipe",
            MoveKind::Move => "move",
            MoveKind::Capture => "capture",
            MoveKind::Shot => "shot",
            MoveKind::Jump => "jump",
            MoveKind::Double => "double",
        }
    }
}

/// A move described for every front end: what it is and what it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveRecord {
    /// The move text (`e2e4`, `P@e5`, `c3xd5`): what the doors read.
    pub text: String,
    /// How players write it (SAN with check marks, or shogi notation).
    pub notation: String,
    pub kind: MoveKind,
    /// The moving piece as written in position strings (`P`, `p`, `+P`):
    /// for a drop, the dropped piece; for a castle, the king; for two Rabble
    /// moves, the first one's.
    pub piece: String,
    /// Where the moving piece starts (`None` for a drop); a shooter's square.
    pub from: Option<String>,
    /// Where it lands; for a shot, the square shot at; for two Rabble moves,
    /// where the first lands.
    pub to: String,
    /// The dropped piece's letter.
    pub drop: Option<String>,
    /// The piece it becomes, as written on the board (`Q`, `+P`).
    pub promotion: Option<String>,
    /// A promotion that was offered and declined (shogi's plain move in the zone).
    pub declined_promotion: bool,
    /// The rook's move, for a castle.
    pub rook: Option<FromTo>,
    /// The squares the move passes, in order; empty for a leap.
    pub path: Vec<String>,
    /// The second Rabble move of a Cyvasse turn that has one.
    pub second: Option<FromTo>,
    /// Where a Trebuchet that shoots steps back to.
    pub landing: Option<String>,
    /// The piece taken, and where it stood.
    pub captured: Option<PlacedPiece>,
    /// The pieces a blast removed.
    pub blasted: Vec<PlacedPiece>,
    /// Where a captured piece went: `hand` when it joins the capturer's hand.
    pub captured_to_hand: bool,
    /// The move gives check.
    pub check: bool,
}

/// How a game stands: going on, won by a [`Side`] or drawn, with the
/// [`EndReason`]. Front ends write it as text where they need to
/// ([`Outcome::result`]: `1-0`, `0-1`, `1/2-1/2`, `*`; [`Outcome::reason`]:
/// `checkmate`, …, `ongoing`); [`Game::ending_words`] says it in words.
pub type Outcome = crate::game_position::Outcome<Side>;

/// The computer's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BestMove {
    /// The move's text; `None` when there is no legal move.
    #[serde(rename = "move")]
    pub best: Option<String>,
    /// Centipawns for the side to move.
    pub score: i32,
    /// Moves to mate: positive when the side to move mates.
    pub mate: Option<i32>,
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// The principal variation, as move texts.
    pub pv: Vec<String>,
    /// A limit cut the last iteration short (the answer is the last completed one's).
    pub stopped: bool,
}

/// A game in progress or finished, of any family.
pub struct Game {
    inner: Box<dyn AnyGame>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game { inner: self.inner.clone_box() }
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({} {})", self.variant(), self.position())
    }
}

/// The family that plays `id`, or the one-line error naming the known ids.
fn family(id: &str) -> Result<&'static dyn DoorFamily, DoorError> {
    FAMILIES.iter().copied().find(|f| f.ids().contains(&id)).ok_or_else(|| {
        // An unknown name is echoed, but not a page of it.
        let shown = if id.chars().count() > 40 { format!("({} bytes)", id.len()) } else { id.to_string() };
        DoorError::worded(ErrorKind::UnknownGame, &[], "game.unknown").arg("id", shown).arg("known", ids().join(", "))
    })
}

/// Every game id, in the order menus list them (the flagship first).
pub fn ids() -> Vec<&'static str> {
    FAMILIES.iter().flat_map(|f| f.ids()).collect()
}

/// Game `id`'s name in PGN's `Variant` tag (its id unless its data says otherwise).
pub fn pgn_variant_name(id: &str) -> String {
    catalog().iter().find(|g| g.id == id).and_then(|g| g.elsewhere.pgn.first().copied()).unwrap_or(id).to_string()
}

/// The game a PGN `Variant` tag names (any of a game's PGN names or its id,
/// case aside), if any.
pub fn game_of_pgn_variant(name: &str) -> Option<&'static str> {
    let name = name.trim();
    catalog()
        .iter()
        .find(|g| g.id.eq_ignore_ascii_case(name) || g.elsewhere.pgn.iter().any(|n| n.eq_ignore_ascii_case(name)))
        .map(|g| g.id)
}

/// Game `id`'s name in XBoard's `variant` command.
pub fn xboard_variant_name(id: &'static str) -> &'static str {
    catalog().iter().find(|g| g.id == id).and_then(|g| g.elsewhere.xboard).unwrap_or(id)
}

/// The game XBoard's `variant` command names, if any.
pub fn game_of_xboard_variant(name: &str) -> Option<&'static str> {
    catalog().iter().find(|g| g.elsewhere.xboard.unwrap_or(g.id) == name).map(|g| g.id)
}

/// Every game, described for front ends (boards, sides, pieces, setup).
pub fn games() -> Vec<info::GameInfo> {
    catalog().to_vec()
}

/// The games' descriptions, built once: the name lookups above run per PGN
/// tag and per protocol command, and a description builds every piece's
/// glyphs and names.
fn catalog() -> &'static [info::GameInfo] {
    static CATALOG: OnceLock<Vec<info::GameInfo>> = OnceLock::new();
    CATALOG.get_or_init(|| FAMILIES.iter().flat_map(|f| f.games()).collect())
}

/// A match between two players in game `id`: each pair of games starts
/// from the family's own idea of a fresh start (random openings; Cyvasse's
/// random setups), colours swapped within the pair.
pub fn play_match(
    id: &str,
    a: PlayerSpec,
    b: PlayerSpec,
    options: MatchOptions,
    on_game: &(dyn Fn(&GameRecord, &MatchResult) + Sync),
) -> Result<MatchResult, DoorError> {
    Ok(family(id)?.play_match(id, a, b, options, on_game))
}

/// The search corpus of game `id` (positions of random and level-1 play),
/// each searched to a fixed depth: see `search::corpus`.
pub fn search_corpus(id: &str, options: CorpusOptions) -> Result<CorpusReport, DoorError> {
    Ok(Game::new(id, None)?.inner.search_corpus(options))
}

/// Whether a game of `id` starts with a hidden setup (each player places
/// their half unseen, then both are revealed).
pub fn hidden_setup(id: &str) -> Result<bool, DoorError> {
    Ok(family(id)?.setup().is_some())
}

/// The setup rules of `id`, or an error for a game without a setup phase.
fn setup_rules(id: &str) -> Result<&'static dyn SetupRules, DoorError> {
    family(id)?.setup().ok_or_else(|| DoorError::worded(ErrorKind::BadSetup, &[], "game.noSetup").arg("id", id))
}

/// Checks `side`'s setup half, as the engine writes it: every problem is
/// named (one line, problems separated by `; `).
pub fn check_half(id: &str, side: Side, half: &str) -> Result<(), DoorError> {
    if half.len() > MAX_POSITION_LEN {
        return Err(too_long("setup", half.len()));
    }
    setup_rules(id)?.check_half(side, half)
}

/// A text far longer than any `what` (`position string`, `setup`) needs.
fn too_long(what: &str, n: usize) -> DoorError {
    let code = if what == "setup" { "setup.tooLong" } else { "position.tooLong" };
    DoorError::worded(ErrorKind::BadPosition, &[], code)
        .line_arg("unit", "bytes")
        .arg("length", n)
        .arg("max", MAX_POSITION_LEN)
}

impl Game {
    /// A game of `id` from its start, or from a position string.
    pub fn new(id: &str, position: Option<&str>) -> Result<Game, DoorError> {
        let family = family(id)?;
        if let Some(text) = position {
            if text.len() > MAX_POSITION_LEN {
                return Err(too_long("position string", text.len()));
            }
            if text.trim().is_empty() {
                return Err(DoorError::worded(ErrorKind::BadPosition, &[], "position.empty"));
            }
        }
        Ok(Game { inner: family.new_game(id, position)? })
    }

    /// A game of `id` from two setup halves, `to_move` moving first.
    pub fn from_halves(id: &str, first: &str, second: &str, to_move: Side) -> Result<Game, DoorError> {
        for half in [first, second] {
            if half.len() > MAX_POSITION_LEN {
                return Err(too_long("setup", half.len()));
            }
        }
        let start = setup_rules(id)?.join(first, second, to_move)?;
        Game::new(id, Some(&start))
    }

    pub fn variant(&self) -> &'static str {
        self.inner.variant()
    }

    /// The current position string.
    pub fn position(&self) -> String {
        self.inner.position()
    }

    /// The position string the game started from.
    pub fn start_position(&self) -> String {
        self.inner.start_position()
    }

    pub fn turn(&self) -> Side {
        self.inner.turn()
    }

    /// How the move list is numbered: the side that moved first from the
    /// start position, and the number of that move (position strings' last field).
    pub fn start_numbering(&self) -> (Side, u32) {
        self.inner.start_numbering()
    }

    /// The moves that may be played now, as texts: none once the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// The same moves as codes (whole numbers, one per move; see [`Game::push_code`]).
    pub fn legal_move_codes(&self) -> Vec<u32> {
        self.inner.legal_move_codes()
    }

    /// The text of a move code, if it is one (legal or not).
    pub fn code_text(&self, code: u32) -> Option<String> {
        self.inner.code_text(code)
    }

    /// The code of a move that may be played now, given as text.
    pub fn move_code(&self, text: &str) -> Result<u32, DoorError> {
        self.inner.move_code(text)
    }

    /// Plays a move given as text and describes it.
    pub fn play(&mut self, text: &str) -> Result<MoveRecord, DoorError> {
        self.inner.play(text)
    }

    /// A move that may be played now, described without playing it.
    pub fn describe(&self, text: &str) -> Result<MoveRecord, DoorError> {
        self.inner.describe(text)
    }

    /// Plays a move given as text, describing nothing: the lean call for tree walks.
    pub fn push(&mut self, text: &str) -> Result<(), DoorError> {
        self.inner.push(text)
    }

    /// Plays a move given as a code from [`Game::legal_move_codes`].
    pub fn push_code(&mut self, code: u32) -> Result<(), DoorError> {
        self.inner.push_code(code)
    }

    /// Takes back the last move (or a resignation). False if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Plays again the last undone move. False if there is none.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }

    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// The texts of the moves played from the start.
    pub fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// The records of the moves played from the start.
    pub fn history_records(&self) -> Vec<MoveRecord> {
        self.inner.history_records()
    }

    /// The record of the last move played, if any.
    pub fn last_move(&self) -> Option<MoveRecord> {
        self.inner.last_move()
    }

    /// `side` resigns (nothing happens once the game is over).
    pub fn resign(&mut self, side: Side) {
        self.inner.resign(side)
    }

    pub fn outcome(&self) -> Outcome {
        self.inner.outcome()
    }

    /// The outcome in words, in the game's names for sides and pieces: a
    /// title (`White wins (1-0)`, `Draw (1/2-1/2)`) and a sentence saying
    /// why; empty strings while the game goes on.
    pub fn ending_words(&self) -> (String, String) {
        self.inner.ending_words()
    }

    /// The side to move's royal piece is attacked.
    pub fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// The square of the side to move's royal piece when it is in check.
    pub fn checked_square(&self) -> Option<String> {
        self.inner.checked_square()
    }

    /// The pieces on the board, square by square.
    pub fn board(&self) -> Vec<BoardPiece> {
        self.inner.board()
    }

    /// The squares that are not plain land, with their terrain's word (`mountain`, `water`).
    pub fn terrain(&self) -> Vec<(String, &'static str)> {
        self.inner.terrain()
    }

    /// A side's hand: piece letters (upper case) with counts above zero.
    pub fn hand(&self, side: Side) -> Vec<(String, u8)> {
        self.inner.hand(side)
    }

    /// The texts of the moves that may be played now from `square`.
    pub fn moves_from(&self, square: &str) -> Result<Vec<String>, DoorError> {
        self.inner.moves_from(square)
    }

    /// The squares where `piece` (a letter) may be dropped now.
    pub fn drop_targets(&self, piece: &str) -> Result<Vec<String>, DoorError> {
        self.inner.drop_targets(piece)
    }

    /// Why dropping `piece` on `square` may not be played now, or `None` if it may.
    pub fn drop_error(&self, piece: &str, square: &str) -> Result<Option<DoorError>, DoorError> {
        self.inner.drop_error(piece, square)
    }

    /// The computer's answer in the current position, within `limits`.
    pub fn best_move(&self, limits: Limits) -> Result<BestMove, DoorError> {
        self.inner.think(limits, Thinking::default(), &mut |_| {})
    }

    /// [`Game::best_move`], calling `on_iteration` after every completed
    /// iteration with the answer so far.
    pub fn best_move_reporting(
        &self,
        limits: Limits,
        on_iteration: &mut dyn FnMut(&BestMove),
    ) -> Result<BestMove, DoorError> {
        self.inner.think(limits, Thinking::default(), on_iteration)
    }

    /// [`Game::best_move_reporting`] as an engine protocol runs it: stopped
    /// from another thread, among some of the root moves, with a kept table
    /// (see [`Thinking`]). An excluded text that is not a legal move is an error.
    pub fn think(
        &self,
        limits: Limits,
        thinking: Thinking<'_>,
        on_iteration: &mut dyn FnMut(&BestMove),
    ) -> Result<BestMove, DoorError> {
        self.inner.think(limits, thinking, on_iteration)
    }

    /// The leaves of the legal move tree `depth` plies deep from the current
    /// position; a finished game has no legal moves (0 from depth 1 on).
    pub fn perft(&self, depth: u32) -> Result<u64, DoorError> {
        if depth > MAX_PERFT_DEPTH {
            return Err(DoorError::worded(ErrorKind::BadArgument, &[], "perft.badDepth")
                .line_arg("divide", "")
                .arg("depth", depth)
                .arg("low", 0)
                .arg("max", MAX_PERFT_DEPTH));
        }
        Ok(self.inner.perft(depth))
    }

    /// perft one level down: each move's text with its leaf count.
    pub fn perft_divide(&self, depth: u32) -> Result<Vec<(String, u64)>, DoorError> {
        if depth == 0 || depth > MAX_PERFT_DEPTH {
            return Err(DoorError::worded(ErrorKind::BadArgument, &[], "perft.badDepth")
                .line_arg("divide", " --divide")
                .arg("depth", depth)
                .arg("low", 1)
                .arg("max", MAX_PERFT_DEPTH));
        }
        Ok(self.inner.perft_divide(depth))
    }

    /// How many times the current position has occurred in this game.
    pub fn occurrences(&self) -> usize {
        self.inner.occurrences()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level_elo::LevelElo;

    #[test]
    fn every_game_id_opens_a_game_from_its_start() {
        for id in ids() {
            let game = Game::new(id, None).expect(id);
            assert_eq!(game.variant(), id);
            assert!(!game.legal_moves().is_empty(), "{id} has moves at the start");
            assert_eq!(game.outcome(), Outcome::Ongoing);
        }
    }

    #[test]
    fn every_game_is_described_in_the_order_of_its_id() {
        let games = games();
        assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), ids());
        let shogi = games.iter().find(|g| g.id == "shogi").unwrap();
        // Shogi's c4 is 7f: files from the first player's right, ranks lettered from the far side.
        assert_eq!((shogi.file_labels[2].as_str(), shogi.rank_labels[3].as_str()), ("7", "f"));
        assert!(shogi.captures_to_hand);
        let venomous = games.iter().find(|g| g.id == "venomous").unwrap();
        assert!(venomous.drops && !venomous.captures_to_hand, "Venomous' reserve takes no captures");
        let cyvasse = games.iter().find(|g| g.id == "cyvasse").unwrap();
        assert!(cyvasse.hidden_setup && cyvasse.setup.as_ref().unwrap().zones.w.len() == 8 + 9 + 10 + 11);
    }

    #[test]
    fn level_elo_is_given_where_measured_and_rises_with_the_level() {
        // Every game's figures, where matches measured them (chess has them: README, Strength),
        // rise with the level and reach front ends as `levelElo`; a game without them says nothing.
        let games = games();
        assert!(games.iter().any(|g| g.level_elo.is_some()), "some game's levels are measured");
        for game in &games {
            let json = serde_json::to_value(game).unwrap();
            match game.level_elo {
                Some(LevelElo(elo)) => {
                    assert!(elo.windows(2).all(|w| w[0] < w[1]), "{}: {elo:?}", game.id);
                    assert_eq!(json["levelElo"], serde_json::json!(elo), "{}", game.id);
                }
                None => assert!(json.get("levelElo").is_none(), "{}: no figure where none was measured", game.id),
            }
        }
    }

    #[test]
    fn powers_name_the_pieces_that_blast_shoot_or_follow_a_route() {
        // The Bomber's capture explodes, the Sniper shoots, the Sissa rides bent lines and the
        // Sorcerer Snake's leaps are lame: those and no other piece of any game.
        let mut found = Vec::new();
        for game in games() {
            for piece in &game.pieces {
                for power in &piece.powers {
                    found.push(format!("{} {} {power}", game.id, piece.name));
                }
            }
        }
        assert_eq!(
            found,
            [
                "zilo Bomber blasts",
                "pillage-snipers Sniper shoots",
                "venomous Sissa routes",
                "venomous Sorcerer Snake routes"
            ]
        );
    }

    #[test]
    fn every_piece_of_every_game_says_how_it_moves() {
        // The page's piece help and rules tables show these words and have none of their own.
        for game in games() {
            for piece in &game.pieces {
                assert!(!piece.moves.trim().is_empty(), "{} {} has no movement words", game.id, piece.name);
            }
        }
    }

    #[test]
    fn an_unknown_game_is_named_with_the_known_ones() {
        let e = Game::new("checkers", None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownGame);
        assert!(e.to_string().starts_with("unknown variant 'checkers' (known: zilo, chess"), "{e}");
    }

    #[test]
    fn an_empty_position_string_is_refused() {
        for text in ["", "  "] {
            let e = Game::new("chess", Some(text)).unwrap_err();
            assert_eq!(e.to_string(), "bad position string: the position string is empty");
        }
    }

    #[test]
    fn a_move_is_recorded_with_its_notation_and_capture() {
        let mut game = Game::new("chess", None).unwrap();
        for m in ["e2e4", "d7d5"] {
            game.play(m).unwrap();
        }
        let r = game.play("e4d5").unwrap();
        assert_eq!((r.text.as_str(), r.notation.as_str(), r.kind), ("e4d5", "exd5", MoveKind::Step));
        assert_eq!(r.piece, "P");
        assert_eq!(r.captured, Some(PlacedPiece { square: "d5".into(), piece: "p".into() }));
        assert!(!r.captured_to_hand);
        assert_eq!(game.history(), ["e2e4", "d7d5", "e4d5"]);
    }

    #[test]
    fn every_move_record_names_the_piece_that_moves() {
        // The piece on the move's `from` square before it is played, or the dropped piece in
        // the mover's case: what a front end would otherwise read from the board.
        let positions = [
            ("chess", None),
            ("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")),
            ("shogi", Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Gg] b - - 0 1")),
            ("zilo", Some("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1")),
            ("venomous", None),
            ("cyvasse", None),
        ];
        for (id, text) in positions {
            let game = Game::new(id, text).unwrap();
            let board = game.board();
            let mut drops = 0;
            for m in game.legal_moves() {
                let r = game.describe(&m).unwrap();
                let expected = match (&r.from, &r.drop) {
                    (_, Some(letter)) => {
                        drops += 1;
                        if game.turn() == Side::First {
                            letter.clone()
                        } else {
                            letter.to_lowercase()
                        }
                    }
                    (Some(from), None) => board.iter().find(|p| &p.square == from).unwrap().piece.clone(),
                    (None, None) => panic!("{id} {m}: a move with neither a square nor a drop"),
                };
                assert_eq!(r.piece, expected, "{id} {m}");
            }
            assert_eq!(
                drops > 0,
                text.is_some_and(|t| t.contains('[')),
                "{id}: drops are checked where a hand has pieces"
            );
        }
    }

    #[test]
    fn a_capture_in_shogi_goes_to_the_hand() {
        let mut game = Game::new("shogi", None).unwrap();
        for m in ["c3c4", "g7g6"] {
            game.play(m).unwrap();
        }
        let r = game.play("b2h8+").unwrap();
        assert!(r.captured_to_hand, "{r:?}");
    }

    #[test]
    fn a_finished_game_refuses_moves_and_lists_none() {
        let mut game = Game::new("chess", None).unwrap();
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            game.play(m).unwrap();
        }
        let o = game.outcome();
        assert_eq!(o, Outcome::Decisive { winner: Side::Second, reason: EndReason::Checkmate });
        assert_eq!((o.result(), o.reason()), ("0-1", "checkmate"));
        assert_eq!(game.ending_words().0, "Black wins (0-1)");
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.play("a2a3").unwrap_err().kind, ErrorKind::GameOver);
        assert_eq!(game.perft(1).unwrap(), 0);
    }

    #[test]
    fn a_cyvasse_game_starts_from_two_halves() {
        let first = "RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4";
        let second = "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr";
        check_half("cyvasse", Side::First, first).unwrap();
        check_half("cyvasse", Side::Second, second).unwrap();
        let game = Game::from_halves("cyvasse", first, second, Side::Second).unwrap();
        assert_eq!(game.turn(), Side::Second);
        assert!(hidden_setup("cyvasse").unwrap());
        assert!(!hidden_setup("chess").unwrap());
        let e = check_half("cyvasse", Side::First, "8/8/8/8").unwrap_err();
        assert_eq!(e.kind, ErrorKind::BadSetup);
    }

    #[test]
    fn the_computer_answers_with_a_move_and_its_line() {
        let game = Game::new("chess", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")).unwrap();
        let best = game.best_move(Limits { depth: Some(3), ..Limits::default() }).unwrap();
        assert_eq!(best.best.as_deref(), Some("a1a8"));
        assert_eq!(best.pv[0], "a1a8");
        assert_eq!(best.mate, Some(1));
    }
}
