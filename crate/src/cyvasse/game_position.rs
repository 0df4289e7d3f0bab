//! Cyvasse behind the crate's boundary: [`Position`] as a [`GamePosition`]
//! and an [`Evaluation`], [`Side`] as a [`Player`].
//!
//! Cyvasse has no check: a King is won by capturing it, which the search
//! sees as a capture that wins the game, so `is_check` keeps its default.
//! Late-move pruning may skip a quiet turn unless it ends within three steps
//! of the enemy King (the filter's "may give check").
//!
//! Null-move pruning passes a whole turn. A turn of two Rabble moves is one
//! move of the search (`Turn::Rabbles`), so a position the search sees is
//! never halfway through a turn: no second Rabble move is ever pending when
//! the search passes, and the pass gives the opponent one whole turn, as any
//! turn does. The search passes only while the side to move has a piece
//! other than its King, Rabble and Towers (which never move): with those
//! alone, having to move is what loses, and a pass would hide it.

use super::board::{cells_of, Cell, CELLS, NEIGHBOURS};
use super::eval;
use super::movegen::{Turn, TurnError};
use super::outcome::{Outcome, REPETITIONS};
use super::piece::{Kind, Side};
use super::position::Position;
use crate::game_position::EndReason;
use crate::game_position::{Evaluation, GamePosition, NoMoves, Pass, Player, MAX_MOVE_LEN};

impl Player for Side {
    const BOTH: [Side; 2] = Side::BOTH;

    #[inline]
    fn opponent(self) -> Side {
        Side::opponent(self)
    }

    fn letter(self) -> char {
        Side::letter(self)
    }

    #[inline]
    fn index(self) -> usize {
        Side::index(self)
    }
}

/// The fields within three steps of the enemy King, where a quiet turn may
/// start a threat on it; empty when it is off the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct KingZone(u128);

impl GamePosition for Position {
    type Move = Turn;
    type MoveList = Vec<Turn>;
    type Side = Side;
    type MoveError = TurnError;

    /// Far above what any position has (about 1,100 turns with every second
    /// Rabble move and every other piece free, under 2,000 in the worst case).
    const MAX_MOVES: usize = 2048;

    #[inline]
    fn turn(&self) -> Side {
        self.side_to_move()
    }

    fn legal_moves(&self) -> Vec<Turn> {
        let mut out = Vec::with_capacity(512);
        self.generate(&mut out);
        out
    }

    fn is_legal(&self, m: Turn) -> bool {
        Position::is_legal(self, &m)
    }

    fn play(&self, m: Turn) -> Position {
        self.after(&m)
    }

    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn has_lost(&self) -> bool {
        self.king_lost() == Some(self.side_to_move())
    }

    /// A player who cannot move loses.
    fn no_moves(&self) -> NoMoves {
        NoMoves::Loss
    }

    fn same_position(&self, other: &Position) -> bool {
        self.same_placement(other)
    }

    fn position_draw(&self) -> Option<EndReason> {
        Position::position_draw(self)
    }

    /// A captured King or no legal turn (the position alone), else the third
    /// occurrence, else fifty turns each without a capture.
    fn judge(line: &[Position]) -> Outcome {
        let Some(now) = line.last() else { return Outcome::Ongoing };
        match now.outcome() {
            o @ Outcome::Decisive { .. } => o,
            o => {
                if line.iter().filter(|p| p.same_placement(now)).count() >= REPETITIONS {
                    Outcome::Draw { reason: EndReason::Repetition }
                } else {
                    o
                }
            }
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        Position::perft(self, depth)
    }

    fn position_text(&self) -> String {
        self.to_position_string()
    }

    fn move_text(&self, m: Turn) -> String {
        m.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Turn, TurnError> {
        if text.len() > MAX_MOVE_LEN {
            return Err(TurnError::Syntax(text.chars().take(24).collect()));
        }
        self.parse_turn(text)
    }

    fn move_error(&self, m: Turn) -> Option<TurnError> {
        (!Position::is_legal(self, &m)).then(|| self.explain(&m.to_string()))
    }
}

impl Evaluation for Position {
    type CheckHint = KingZone;

    const HISTORY_SLOTS: usize = 2 * CELLS * CELLS;
    /// A kind and the cell its (last) move ends on.
    const PIECE_TO_SLOTS: usize = Kind::ALL.len() * CELLS;

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn material(&self, side: Side) -> i32 {
        eval::material(self, side)
    }

    fn noisy_moves(&self) -> Vec<Turn> {
        self.captures()
    }

    #[inline]
    fn is_quiet(&self, m: Turn) -> bool {
        !m.is_capture()
    }

    fn capture_gain(&self, m: Turn) -> Option<i32> {
        let victim = self.piece_at(m.captured()?)?;
        Some(if victim.kind == Kind::King { i32::MAX } else { eval::value(victim.kind) })
    }

    fn mover_value(&self, m: Turn) -> i32 {
        self.piece_at(m.from()).map_or(0, |p| eval::value(p.kind))
    }

    fn exchange_value(&self, m: Turn) -> i32 {
        eval::exchange_value(self, &m)
    }

    #[inline]
    fn history_slot(&self, m: Turn) -> usize {
        (self.side_to_move().index() * CELLS + m.from().index()) * CELLS + m.to().index()
    }

    #[inline]
    fn piece_to_slot(&self, m: Turn) -> usize {
        let (from, to) = match m {
            Turn::Rabbles { second, .. } => second,
            _ => (m.from(), m.to()),
        };
        let kind = match m {
            Turn::Rabbles { .. } => Kind::Rabble,
            _ => self.piece_at(from).map_or(Kind::Rabble, |p| p.kind),
        };
        kind as usize * CELLS + to.index()
    }

    fn check_hint(&self) -> KingZone {
        let Some(k) = self.king(self.side_to_move().opponent()) else { return KingZone(0) };
        let mut zone = k.bit();
        for _ in 0..3 {
            let mut grown = zone;
            for c in cells_of(zone) {
                grown |= NEIGHBOURS[c.index()];
            }
            zone = grown;
        }
        KingZone(zone)
    }

    fn may_give_check(&self, hint: &KingZone, m: Turn) -> bool {
        let lands = |c: Cell| hint.0 & c.bit() != 0;
        match m {
            Turn::Rabbles { first, second } => lands(first.1) || lands(second.1),
            _ => lands(m.to()),
        }
    }

    /// A whole turn passed (see the module's comment), while the side to
    /// move has a piece that is not its King, a Rabble or a Tower.
    fn pass(&self) -> Option<Pass<Position>> {
        let us = self.side_to_move();
        let strong = cells_of(self.occ[us.index()])
            .filter_map(|c| self.piece_at(c))
            .any(|p| !matches!(p.kind, Kind::King | Kind::Rabble | Kind::Tower));
        if !strong {
            return None;
        }
        let mut next = self.clone();
        next.end_turn(false);
        Some(Pass { position: next, max_reduction: i32::MAX })
    }
}
