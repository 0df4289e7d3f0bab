//! The boundary between the games and everything that plays them.
//!
//! Two families of games live behind [`GamePosition`]: the chess-like
//! variants (`crate::chesslike`: rectangular boards, pieces declared as data)
//! and Cyvasse (`crate::cyvasse`: a hex board with terrain, armor and compound
//! turns). The search, the game record, the computer players, the CLI and the
//! JavaScript bindings are written once against this trait; each family
//! implements it in its own folder. A new game of an existing family is data
//! in that family; a game that fits neither is a new folder with one more
//! implementation of this trait.
//!
//! Two traits: [`GamePosition`], the rules a game record and the door need
//! (whose turn it is, the legal moves, playing one, how the game ends as an
//! [`Outcome`], move texts and position strings), and [`Evaluation`], the
//! hooks the search asks about a position (its static value, which moves are
//! noisy, how to order them), each with a neutral default, so a new game
//! plays before it has an evaluation.

use std::fmt::{self, Debug, Display};
use std::ops::{Deref, DerefMut};

use arrayvec::ArrayVec;

/// The longest position string (or setup half) any game reads: far more
/// than any real position needs (a full 10×10 board and full hands), so
/// longer text is refused before it is parsed or echoed in a message.
pub const MAX_POSITION_LEN: usize = 4096;

/// The longest move text any game reads (the longest real move, a flexible
/// castle like `a10j10+b10i10`, has 13 bytes; a Cyvasse turn, 9).
pub const MAX_MOVE_LEN: usize = 32;

/// One of the two players. Text names them `w` (the first player, who
/// owns rank or row 1) and `b`.
pub trait Player: Copy + Eq + Debug + Send + Sync + 'static {
    /// `w` then `b`.
    const BOTH: [Self; 2];
    fn opponent(self) -> Self;
    /// `w` or `b`.
    fn letter(self) -> char;
    /// 0 for `w`, 1 for `b`.
    fn index(self) -> usize;
}

/// Why a game ended, in every game: each family's rules use the ones they have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check (a draw in
    /// chess; a loss where the rules say so, as in shogi and `zilo`).
    Stalemate,
    /// The side to move has no legal turn, in a game without check (Cyvasse).
    NoMoves,
    /// A monarch was removed (taken or blown up, in the chess-like games).
    MonarchCaptured,
    /// A King was captured (Cyvasse).
    KingCaptured,
    /// The same position occurred the number of times the rules allow.
    Repetition,
    /// The same position a fourth time, reached by checking at every move.
    PerpetualCheck,
    /// Fifty moves (or turns) by each side without a capture (or pawn move).
    FiftyMoves,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
}

impl EndReason {
    /// The word the CLI, the JavaScript API and the server write.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::NoMoves => "no-moves",
            EndReason::MonarchCaptured => "monarch-captured",
            EndReason::KingCaptured => "king-captured",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual-check",
            EndReason::FiftyMoves => "fifty-moves",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::Resignation => "resignation",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game stands: going on, won by one side (`S`, the family's side or
/// the door's), or drawn, with the reason. Written as text (`1-0 checkmate`)
/// only where text is wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome<S> {
    /// The game goes on.
    Ongoing,
    /// `winner` has won.
    Decisive {
        winner: S,
        reason: EndReason,
    },
    Draw {
        reason: EndReason,
    },
}

impl<S: Player> Outcome<S> {
    /// `loser` resigned.
    pub fn resignation(loser: S) -> Self {
        Outcome::Decisive { winner: loser.opponent(), reason: EndReason::Resignation }
    }

    /// `1-0` (the first player won), `0-1`, `1/2-1/2` or `*` (the game goes on).
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Ongoing => "*",
            Outcome::Decisive { winner, .. } if winner.index() == 0 => "1-0",
            Outcome::Decisive { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// Why it ended, if it did.
    pub fn end_reason(self) -> Option<EndReason> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => Some(reason),
        }
    }

    /// The reason's word (`checkmate`, `king-captured`, …), `ongoing` before the end.
    pub fn reason(self) -> &'static str {
        self.end_reason().map_or("ongoing", EndReason::as_str)
    }

    pub fn winner(self) -> Option<S> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            _ => None,
        }
    }

    pub fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The same outcome with the winner as another side type (a family's side as the door's).
    pub fn map_side<T>(self, f: impl FnOnce(S) -> T) -> Outcome<T> {
        match self {
            Outcome::Ongoing => Outcome::Ongoing,
            Outcome::Decisive { winner, reason } => Outcome::Decisive { winner: f(winner), reason },
            Outcome::Draw { reason } => Outcome::Draw { reason },
        }
    }
}

impl<S: Player> fmt::Display for Outcome<S> {
    /// `1-0 checkmate`, `* ongoing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.result(), self.reason())
    }
}

/// What it means to have no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    /// The side to move has lost (checkmate; shogi's and Cyvasse's rule).
    Loss,
    /// A draw (chess's stalemate).
    Draw,
}

/// Who the rules make win a repetition the search found (the same position,
/// the same side to move), from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionOutcome {
    Draw,
    /// The side to move wins (say, the opponent gave check with every move).
    Win,
    /// The side to move loses (say, it gave check with every move).
    Loss,
}

/// What the search knows of a cycle of positions that came back to the same
/// one: whether every position of the cycle in which one side was to move
/// had it in check. (A cycle that goes back into the game's earlier positions
/// is judged on its part inside the search tree: the game history reaches the
/// search as hashes.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The side to move at the repeated position gave check with every move of the cycle.
    pub mover_always_checked: bool,
    /// The other side gave check with every move of the cycle.
    pub opponent_always_checked: bool,
}

/// A list of moves that the generator fills and the search reorders in
/// place: a fixed-capacity array (nothing allocated) or a `Vec`.
pub trait MoveBuffer<M>: Deref<Target = [M]> + DerefMut + Default {
    fn push(&mut self, m: M);
    fn truncate(&mut self, len: usize);
}

impl<M, const N: usize> MoveBuffer<M> for ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, m: M) {
        ArrayVec::push(self, m)
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        ArrayVec::truncate(self, len)
    }
}

impl<M> MoveBuffer<M> for Vec<M> {
    #[inline]
    fn push(&mut self, m: M) {
        Vec::push(self, m)
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len)
    }
}

/// A position of some game: what the game record, the door and the search
/// know of its rules. Positions are values: [`GamePosition::play`] returns
/// the next one (copy-make), so the search keeps one per ply and never undoes.
pub trait GamePosition: Clone + Debug + Send + Sync + 'static {
    type Move: Copy + Eq + Debug + Send + Sync + 'static;
    type MoveList: MoveBuffer<Self::Move>;
    type Side: Player;
    /// Why a move text could not be read or played here (one line).
    type MoveError: Display;

    /// The most legal moves any position has (the search keeps that many
    /// ordering scores per ply).
    const MAX_MOVES: usize;

    // ---- rules ----

    fn turn(&self) -> Self::Side;
    /// Every legal move.
    fn legal_moves(&self) -> Self::MoveList;
    /// [`legal_moves`](Self::legal_moves) into `out`, replacing what it held:
    /// for move lists that are big arrays, which returning by value copies
    /// whole (the search keeps one list a node and refills it).
    fn legal_moves_into(&self, out: &mut Self::MoveList) {
        *out = self.legal_moves();
    }
    fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }
    /// Whether `m` is legal here (`m` may come from another position).
    fn is_legal(&self, m: Self::Move) -> bool;
    /// The position after a legal move.
    fn play(&self, m: Self::Move) -> Self;
    /// A Zobrist-style hash of what repetition compares (the counters aside).
    fn hash(&self) -> u64;
    /// The side to move has lost already: its royal piece is gone.
    fn has_lost(&self) -> bool;
    /// What having no legal move means here (for a side that has not lost already).
    fn no_moves(&self) -> NoMoves;
    /// The same position for repetition (what [`GamePosition::hash`] covers).
    fn same_position(&self, other: &Self) -> bool;
    /// How the game stands at the last of `line`, the positions of a game
    /// from its start (resignation aside).
    fn judge(line: &[Self]) -> Outcome<Self::Side>;
    /// A draw that this position alone shows by a counting or material rule
    /// (the fifty-move rule, insufficient material), whatever the game's
    /// history: the search asks it at every node, so it must be cheap. It
    /// does not look for legal moves: a side with none is judged by
    /// [`GamePosition::no_moves`] first. Default: no such rule.
    fn position_draw(&self) -> Option<EndReason> {
        None
    }
    /// The side to move's royal piece is attacked (the door reports it, the
    /// search extends checks). Default: a game without check.
    fn is_check(&self) -> bool {
        false
    }
    /// The leaves of the legal move tree `depth` plies deep.
    fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self.legal_moves().iter().map(|&m| self.play(m).perft(depth - 1)).sum(),
        }
    }

    // ---- text ----

    /// The position string.
    fn position_text(&self) -> String;
    /// The move text (UCI style).
    fn move_text(&self, m: Self::Move) -> String;
    /// The legal move written `text`, or why there is none.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// Why `m` is not legal here, or `None` if it is.
    fn move_error(&self, m: Self::Move) -> Option<Self::MoveError>;
}

/// A pass for null-move pruning: the position with the other side to move
/// and nothing else changed (but for the move counters and a lapsed en
/// passant right), and the most plies the search may take off the pass's
/// search beyond the pass itself.
#[derive(Clone, Debug)]
pub struct Pass<P> {
    pub position: P,
    pub max_reduction: i32,
}

/// What the search (and the players built on it) asks of a position beyond
/// its rules: its static value, which moves are noisy, how to order them.
/// Every hook has a default, so a new game plays (searched blindly, each
/// position worth 0) with an empty `impl Evaluation for … { type CheckHint = (); }`
/// before it has an evaluation of its own. The search is generic over this
/// trait, so each game's search is compiled for it (no dynamic dispatch).
pub trait Evaluation: GamePosition {
    /// What [`Evaluation::may_give_check`] needs, worked out once per node
    /// (`()` for a game that needs nothing).
    type CheckHint: Copy + Default;

    /// The size of the search's history table: [`Evaluation::history_slot`] is below it.
    const HISTORY_SLOTS: usize = 1;
    /// How many [`Evaluation::piece_to_slot`] values there are: the search's
    /// countermove table has this many entries, its continuation history
    /// the square of it, so it should stay small (a few thousand).
    const PIECE_TO_SLOTS: usize = 1;

    /// What the position is worth to the side to move, in centipawns.
    fn evaluate(&self) -> i32 {
        0
    }
    /// The value of `side`'s pieces (the greedy player counts it).
    fn material(&self, _side: Self::Side) -> i32 {
        0
    }
    /// The moves quiescence tries: captures (and promotions). Default: none.
    fn noisy_moves(&self) -> Self::MoveList {
        Self::MoveList::default()
    }
    /// [`noisy_moves`](Self::noisy_moves) into `out`, replacing what it held
    /// (see [`GamePosition::legal_moves_into`]).
    fn noisy_moves_into(&self, out: &mut Self::MoveList) {
        *out = self.noisy_moves();
    }
    /// Neither a capture nor a promotion: a move late-move pruning and the
    /// killer and history tables deal with.
    fn is_quiet(&self, m: Self::Move) -> bool {
        self.capture_gain(m).is_none() && self.promotion_value(m).is_none()
    }
    /// For a capture, the value it wins at once (negative if it costs more
    /// than it takes), `i32::MAX` if it wins the game; `None` if it captures nothing.
    fn capture_gain(&self, _m: Self::Move) -> Option<i32> {
        None
    }
    /// The value of the moving piece (the cheaper attacker is tried first).
    fn mover_value(&self, _m: Self::Move) -> i32 {
        0
    }
    /// What a move wins once the exchange it starts on its target is
    /// played out, both sides recapturing with their cheapest piece while it
    /// pays (static exchange evaluation): negative when the move loses
    /// material, `i32::MAX` when it wins the game. For a quiet move, 0, or
    /// what the enemy wins by taking the piece where it lands (0 is always a
    /// safe answer). Quiescence drops the captures where this is negative
    /// and the main search, at low depth, the moves where it is below a
    /// margin, so it must be cheap; an approximation is fine.
    /// The default ignores recaptures: the capture's gain, or what a
    /// promotion adds, or 0.
    fn exchange_value(&self, m: Self::Move) -> i32 {
        match self.capture_gain(m) {
            Some(gain) => gain,
            None => self.promotion_value(m).map_or(0, |v| v - self.mover_value(m)),
        }
    }
    /// How a repetition ends by the game's rules (the search scores the
    /// first repetition in its tree this way). Default: a draw.
    fn repetition_outcome(&self, _cycle: Cycle) -> RepetitionOutcome {
        RepetitionOutcome::Draw
    }
    /// The value of the piece a promotion makes, if `m` promotes.
    fn promotion_value(&self, _m: Self::Move) -> Option<i32> {
        None
    }
    /// Where `m` (by the side to move) counts in the history table. Default:
    /// one slot for every move.
    fn history_slot(&self, _m: Self::Move) -> usize {
        0
    }
    /// What kind of piece `m` (by the side to move) moves and where to, below
    /// [`Evaluation::PIECE_TO_SLOTS`]: the key of the countermove table and
    /// of the continuation history (which quiet move tends to answer which).
    /// Default: one slot for every move.
    fn piece_to_slot(&self, _m: Self::Move) -> usize {
        0
    }
    fn check_hint(&self) -> Self::CheckHint {
        Self::CheckHint::default()
    }
    /// The side to move passing, if the search may try it here (null-move
    /// pruning: a side that stays above beta even after passing is not
    /// searched further). `None` where the game's rules make passing
    /// unsound in this position (zugzwang likely). Asked only of a side not
    /// in check. Default: never.
    fn pass(&self) -> Option<Pass<Self>> {
        None
    }
    /// `false` only if `m` surely does not give check (so pruning may skip
    /// it). Default: any move may.
    fn may_give_check(&self, _hint: &Self::CheckHint, _m: Self::Move) -> bool {
        true
    }
}
