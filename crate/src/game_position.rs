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
//! The trait has three parts: the rules a game record needs (whose turn it
//! is, the legal moves, playing one, how the game ends), the text front doors
//! need (move texts, position strings), and the hooks the search asks about
//! a position (its static value, which moves are noisy, how to order them).
//! Everything a family lacks has a neutral default (no checks, no promotions).

use std::fmt::{Debug, Display};
use std::ops::{Deref, DerefMut};

use arrayvec::ArrayVec;

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

/// How a game stands: going on, won by one side, or drawn, with the reason.
pub trait GameOutcome: Copy + Eq + Debug + Send + Sync + 'static {
    type Side: Player;
    /// The game goes on.
    const ONGOING: Self;
    /// `loser` resigned.
    fn resignation(loser: Self::Side) -> Self;
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn result(self) -> &'static str;
    /// The reason as the CLI writes it (`checkmate`, `king-captured`, …, `ongoing`).
    fn reason(self) -> &'static str;
    fn winner(self) -> Option<Self::Side>;
    fn is_over(self) -> bool;
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

/// A position of some game: what the search, the game record and the front
/// doors know about it. Positions are values: [`GamePosition::play`] returns
/// the next one (copy-make), so the search keeps one per ply and never undoes.
pub trait GamePosition: Clone + Debug + Send + Sync + 'static {
    type Move: Copy + Eq + Debug + Send + Sync + 'static;
    type MoveList: MoveBuffer<Self::Move>;
    type Side: Player;
    type Outcome: GameOutcome<Side = Self::Side>;
    /// Why a move text could not be read or played here (one line).
    type MoveError: Display;
    /// What [`GamePosition::may_give_check`] needs, worked out once per node.
    type CheckHint: Copy;

    /// The most legal moves any position has (the search keeps that many
    /// ordering scores per ply).
    const MAX_MOVES: usize;
    /// The size of the search's history table: [`GamePosition::history_slot`] is below it.
    const HISTORY_SLOTS: usize;

    // ---- rules ----

    fn turn(&self) -> Self::Side;
    /// Every legal move.
    fn legal_moves(&self) -> Self::MoveList;
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
    fn judge(line: &[Self]) -> Self::Outcome;
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

    // ---- hooks for the search ----

    /// What the position is worth to the side to move, in centipawns.
    fn evaluate(&self) -> i32;
    /// The value of `side`'s pieces (the greedy player counts it).
    fn material(&self, side: Self::Side) -> i32;
    /// The moves quiescence tries: captures (and promotions).
    fn noisy_moves(&self) -> Self::MoveList;
    /// Neither a capture nor a promotion: a move late-move pruning and the
    /// killer and history tables deal with.
    fn is_quiet(&self, m: Self::Move) -> bool;
    /// For a capture, the value it wins at once (negative if it costs more
    /// than it takes), `i32::MAX` if it wins the game; `None` if it captures nothing.
    fn capture_gain(&self, m: Self::Move) -> Option<i32>;
    /// The value of the moving piece (the cheaper attacker is tried first).
    fn mover_value(&self, m: Self::Move) -> i32;
    /// What a noisy move wins once the exchange it starts on its target is
    /// played out, both sides recapturing with their cheapest piece while it
    /// pays (static exchange evaluation): negative when the move loses
    /// material, `i32::MAX` when it wins the game. Quiescence drops the moves
    /// where this is negative, so it must be cheap; an approximation is fine.
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
    /// Where `m` (by the side to move) counts in the history table.
    fn history_slot(&self, m: Self::Move) -> usize;
    /// The side to move's royal piece is attacked (the search extends checks).
    fn is_check(&self) -> bool {
        false
    }
    fn check_hint(&self) -> Self::CheckHint;
    /// `false` only if `m` surely does not give check (so pruning may skip it).
    fn may_give_check(&self, hint: &Self::CheckHint, m: Self::Move) -> bool;
}
