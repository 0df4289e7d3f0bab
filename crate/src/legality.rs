//! Why a move is illegal, in words a player understands.

use std::fmt;

use crate::geometry::Square;
use crate::moves::Move;
use crate::notation::move_text;
use crate::piece::Role;
use crate::position::Position;

/// The reason a move may not be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    GameOver,
    NoPieceOfYours { square: String },
    CannotReach { piece: &'static str, from: String, to: String },
    OwnPieceThere { square: String },
    Armored { attacker: &'static str, target: &'static str, max_distance: u8 },
    NoPromotion,
    BlastsOwnMonarch { monarch: &'static str },
    LeavesMonarchInCheck { monarch: &'static str, in_check: bool },
    DropsNotAllowed,
    NotInHand { piece: &'static str },
    SquareOccupied { square: String },
    DropOnLastRank { piece: &'static str },
    DropMate { piece: &'static str },
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalReason::*;
        match self {
            GameOver => write!(f, "the game is over"),
            NoPieceOfYours { square } => write!(f, "there is no piece of yours on {square}"),
            CannotReach { piece, from, to } => write!(f, "the {piece} on {from} cannot move to {to}"),
            OwnPieceThere { square } => write!(f, "{square} is occupied by your own piece"),
            Armored { attacker, target, max_distance } => write!(
                f,
                "a {attacker} can capture a {target} only from at most {max_distance} squares away"
            ),
            NoPromotion => write!(f, "that piece does not promote here"),
            BlastsOwnMonarch { monarch } => write!(f, "the blast would remove your own {monarch}"),
            LeavesMonarchInCheck { monarch, in_check: true } => {
                write!(f, "your {monarch} is in check and this does not save it")
            }
            LeavesMonarchInCheck { monarch, in_check: false } => write!(f, "it would leave your {monarch} in check"),
            DropsNotAllowed => write!(f, "this variant has no drops"),
            NotInHand { piece } => write!(f, "you have no {piece} in hand"),
            SquareOccupied { square } => write!(f, "{square} is not empty; pieces are dropped on empty squares only"),
            DropOnLastRank { piece } => write!(f, "a {piece} may not be dropped on the farthest rank"),
            DropMate { piece } => write!(f, "a {piece} drop may not give checkmate"),
        }
    }
}

/// An illegal move with its reason; displays as `P@e9: a Minion may not be dropped on the farthest rank`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub text: String,
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.text, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// `None` if `m` is legal here, otherwise why not.
    pub fn move_error(&self, m: Move) -> Option<IllegalMove> {
        if self.is_legal(m) {
            return None;
        }
        let reason = self.diagnose(m);
        Some(IllegalMove { text: move_text(self.variant(), m).to_string(), reason })
    }

    /// Why dropping a `role` on `to` is illegal, or `None` if it is legal.
    pub fn drop_error(&self, role: Role, to: Square) -> Option<IllegalMove> {
        self.move_error(Move::Drop { role, to })
    }

    fn diagnose(&self, m: Move) -> IllegalReason {
        let v = self.variant();
        let g = &v.geometry;
        let us = self.turn();
        let name = |sq: Square| g.square_name(sq).to_string();
        let monarch = v.piece(v.royal()).name;
        if self.monarch_square(us).is_none() || self.monarch_square(!us).is_none() || !self.has_legal_move() {
            return IllegalReason::GameOver;
        }
        match m {
            Move::Normal { from, to, promotion } => {
                let Some(piece) = self.piece_at(from).filter(|p| p.color() == us) else {
                    return IllegalReason::NoPieceOfYours { square: name(from) };
                };
                let def = v.piece(piece.role());
                let target = self.piece_at(to);
                if target.is_some_and(|t| t.color() == us) {
                    return IllegalReason::OwnPieceThere { square: name(to) };
                }
                let occ = self.occupied();
                let reachable = match target {
                    Some(_) => v.capture_targets(piece.role(), us, from, occ),
                    None => v.move_targets(piece.role(), us, from, occ),
                };
                if !reachable.contains(to) {
                    return IllegalReason::CannotReach { piece: def.name, from: name(from), to: name(to) };
                }
                if let Some(t) = target {
                    if !v.armor_allows(piece.role(), from, t.role(), to) {
                        let armor = v.rules.ranged_armor.expect("armor refused the capture");
                        return IllegalReason::Armored {
                            attacker: def.name,
                            target: v.piece(t.role()).name,
                            max_distance: armor.max_distance,
                        };
                    }
                }
                if promotion.is_some() {
                    return IllegalReason::NoPromotion;
                }
                self.safety_reason(m, monarch)
            }
            Move::Drop { role, to } => {
                let piece = v.piece(role).name;
                if !v.rules.drops {
                    return IllegalReason::DropsNotAllowed;
                }
                if self.hand_count(us, role) == 0 {
                    return IllegalReason::NotInHand { piece };
                }
                if self.piece_at(to).is_some() {
                    return IllegalReason::SquareOccupied { square: name(to) };
                }
                if v.rules.no_drop_on_last_rank.contains(role) && g.rank_of(to) == g.relative_rank(us, g.ranks - 1) {
                    return IllegalReason::DropOnLastRank { piece };
                }
                if !self.keeps_monarch_safe(m) {
                    return self.safety_reason(m, monarch);
                }
                IllegalReason::DropMate { piece }
            }
        }
    }

    fn safety_reason(&self, m: Move, monarch: &'static str) -> IllegalReason {
        let next = self.play_unchecked(m);
        if next.monarch_square(self.turn()).is_none() {
            IllegalReason::BlastsOwnMonarch { monarch }
        } else {
            IllegalReason::LeavesMonarchInCheck { monarch, in_check: self.is_check() }
        }
    }
}
