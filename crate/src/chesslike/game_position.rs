//! The chess-like family behind the crate's boundary: [`Position`] as a
//! [`GamePosition`] and [`Evaluation`], [`Color`] as a [`Player`].
//! Every method forwards to the family's own code; the search-specific
//! refinements (check extension, the check filter of late-move pruning,
//! blast gains in move ordering) live here, not in the search.

use crate::chesslike::check_zone::CheckZone;
use crate::chesslike::eval::{blast_gain, evaluate, material};
use crate::chesslike::fen;
use crate::chesslike::moves::{Move, MoveList, MAX_MOVES};
use crate::chesslike::notation;
use crate::chesslike::outcome::{self, MoveError, Outcome};
use crate::chesslike::piece::{Color, RoleSet, MAX_ROLES};
use crate::chesslike::position::Position;
use crate::chesslike::see;
use crate::chesslike::variant::{NoMovesOutcome, NullMove, BLAST_PASS_MAX_REDUCTION};
use crate::game_position::{
    Cycle, EndReason, Evaluation, GamePosition, NoMoves, Pass, Player, RepetitionOutcome, MAX_MOVE_LEN,
};

impl Player for Color {
    const BOTH: [Color; 2] = Color::BOTH;

    #[inline]
    fn opponent(self) -> Color {
        !self
    }

    fn letter(self) -> char {
        Color::letter(self)
    }

    #[inline]
    fn index(self) -> usize {
        Color::index(self)
    }
}

/// History slots: 128 cells a move can start from, then one per droppable
/// role, for each side, times 128 cells it can go to.
const FROM_SLOTS: usize = 128 + MAX_ROLES;

impl GamePosition for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Side = Color;
    type MoveError = MoveError;

    const MAX_MOVES: usize = MAX_MOVES;

    #[inline]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    #[inline]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    #[inline]
    fn legal_moves_into(&self, out: &mut MoveList) {
        Position::legal_moves_into(self, out)
    }

    #[inline]
    fn has_legal_move(&self) -> bool {
        Position::has_legal_move(self)
    }

    #[inline]
    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }

    #[inline]
    fn play(&self, m: Move) -> Position {
        self.play_unchecked(m)
    }

    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    #[inline]
    fn has_lost(&self) -> bool {
        self.monarch_square(Position::turn(self)).is_none()
    }

    fn no_moves(&self) -> NoMoves {
        if Position::is_check(self) {
            return NoMoves::Loss;
        }
        match self.variant().rules.stalemate {
            NoMovesOutcome::Loss => NoMoves::Loss,
            NoMovesOutcome::Draw => NoMoves::Draw,
        }
    }

    fn same_position(&self, other: &Position) -> bool {
        self.same_placement(other)
    }

    fn judge(line: &[Position]) -> Outcome {
        outcome::judge(line)
    }

    fn position_draw(&self) -> Option<EndReason> {
        outcome::position_draw(self)
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::chesslike::perft::perft(self, depth)
    }

    fn position_text(&self) -> String {
        fen::write_position(self)
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(self.variant(), m).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if text.len() > MAX_MOVE_LEN {
            return Err(MoveError::MoveText(notation::MoveTextError::TooLong(text.len())));
        }
        let m = notation::parse_move_in(self, text)?;
        match Position::move_error(self, m) {
            Some(e) => Err(MoveError::Illegal(e)),
            None => Ok(m),
        }
    }

    fn move_error(&self, m: Move) -> Option<MoveError> {
        Position::move_error(self, m).map(MoveError::Illegal)
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }
}

impl Evaluation for Position {
    type CheckHint = CheckZone;

    const HISTORY_SLOTS: usize = 2 * FROM_SLOTS * 128;
    /// A role (the moving piece's, or the dropped one's) and a target cell.
    const PIECE_TO_SLOTS: usize = MAX_ROLES * 128;

    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn material(&self, side: Color) -> i32 {
        material(self, side)
    }

    #[inline]
    fn noisy_moves(&self) -> MoveList {
        Position::noisy_moves(self)
    }

    #[inline]
    fn noisy_moves_into(&self, out: &mut MoveList) {
        Position::noisy_moves_into(self, out)
    }

    /// Neither a capture nor a promotion (castling and drops are quiet; en
    /// passant and a Sniper's shot are captures).
    #[inline]
    fn is_quiet(&self, m: Move) -> bool {
        match m {
            Move::Normal { to, promotion, .. } => {
                promotion.is_none() && !self.piece_at(to).is_some_and(|p| p.color() != Position::turn(self))
            }
            Move::Drop { .. } | Move::Castle { .. } => true,
            Move::EnPassant { .. } | Move::Snipe { .. } => false,
        }
    }

    /// The victim's value; for a blaster, the net value its blast removes
    /// (`None` if it would blast its own monarch); `i32::MAX` for the enemy monarch.
    #[inline]
    fn capture_gain(&self, m: Move) -> Option<i32> {
        let us = Position::turn(self);
        let victim = self.piece_at(m.to()).filter(|p| p.color() != us)?;
        let v = self.variant();
        let from = m.from()?;
        let attacker = self.piece_at(from)?;
        if v.is_blaster(attacker.role()) {
            return blast_gain(self, us, from, m.to());
        }
        if victim.role() == v.royal() {
            return Some(i32::MAX);
        }
        Some(v.piece(victim.role()).value)
    }

    #[inline]
    fn mover_value(&self, m: Move) -> i32 {
        m.from().and_then(|f| self.piece_at(f)).map_or(0, |p| self.variant().piece(p.role()).value)
    }

    #[inline]
    fn exchange_value(&self, m: Move) -> i32 {
        see::exchange_value(self, m)
    }

    /// Where the rules say so (shogi), the side that gave check with every
    /// move of the cycle loses; otherwise a repetition is a draw.
    fn repetition_outcome(&self, cycle: Cycle) -> RepetitionOutcome {
        if self.variant().rules.perpetual_check_loses {
            if cycle.mover_always_checked {
                return RepetitionOutcome::Loss;
            }
            if cycle.opponent_always_checked {
                return RepetitionOutcome::Win;
            }
        }
        RepetitionOutcome::Draw
    }

    #[inline]
    fn promotion_value(&self, m: Move) -> Option<i32> {
        m.promotion().map(|role| self.variant().piece(role).value)
    }

    #[inline]
    fn history_slot(&self, m: Move) -> usize {
        let from = match (m.from(), m) {
            (Some(sq), _) => sq.index(),
            (None, Move::Drop { role, .. }) => 128 + role.index(),
            (None, _) => 128 + MAX_ROLES - 1,
        };
        (Position::turn(self).index() * FROM_SLOTS + from) * 128 + m.to().index()
    }

    #[inline]
    fn piece_to_slot(&self, m: Move) -> usize {
        let role = match m {
            Move::Drop { role, .. } => role.index(),
            _ => m.from().and_then(|f| self.piece_at(f)).map_or(0, |p| p.role().index()),
        };
        role * 128 + m.to().index()
    }

    #[inline]
    fn check_hint(&self) -> CheckZone {
        CheckZone::new(self)
    }

    #[inline]
    fn may_give_check(&self, hint: &CheckZone, m: Move) -> bool {
        hint.may_give_check(self, m)
    }

    /// By the variant's [`NullMove`] rule: only while the side to move has
    /// a piece, on the board or in hand, that is neither its monarch nor of
    /// the roles with which zugzwang is common; less reduced where a capture blasts.
    fn pass(&self) -> Option<Pass<Position>> {
        let v = self.variant();
        let NullMove::UnlessOnly(weak) = v.rules.null_move else { return None };
        let us = Position::turn(self);
        let weak = weak.0 | 1 << v.royal().0;
        let strong_on_board = (self.by_color(us) & !self.by_roles(RoleSet(weak))).any();
        let strong_in_hand = || self.hand(us).iter().enumerate().any(|(r, &n)| n > 0 && weak >> r & 1 == 0);
        if !strong_on_board && !strong_in_hand() {
            return None;
        }
        let max_reduction = if v.rules.blast.is_some() { BLAST_PASS_MAX_REDUCTION } else { i32::MAX };
        Some(Pass { position: self.passed(), max_reduction })
    }
}
