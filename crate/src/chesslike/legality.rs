//! Why a move is illegal, in words a player understands.

use std::fmt;

use crate::chesslike::geometry::Square;
use crate::chesslike::moves::Move;
use crate::chesslike::notation::move_text;
use crate::chesslike::piece::Role;
use crate::chesslike::position::Position;
use crate::chesslike::variant::CastlingKingMove;

/// The reason a move may not be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    GameOver,
    NoPieceOfYours {
        square: String,
    },
    CannotReach {
        piece: &'static str,
        from: String,
        to: String,
    },
    OwnPieceThere {
        square: String,
    },
    Armored {
        attacker: &'static str,
        target: &'static str,
        max_distance: u8,
    },
    NoPromotion,
    CastlingNotAllowed,
    /// A flexible castle typed as the king's move alone.
    CastleNeedsRookMove {
        castle: String,
    },
    CannotShoot {
        piece: &'static str,
        from: String,
        target: String,
    },
    BlastsOwnMonarch {
        monarch: &'static str,
    },
    LeavesMonarchInCheck {
        monarch: &'static str,
        in_check: bool,
    },
    DropsNotAllowed,
    NeverDropped {
        piece: &'static str,
    },
    NotInHand {
        piece: &'static str,
        reserve: bool,
    },
    ReserveDropRank {
        piece: &'static str,
        rank: u8,
        thrust_to: u8,
    },
    ThrustBlocked {
        piece: &'static str,
    },
    SquareOccupied {
        square: String,
    },
    DropWhereStuck {
        piece: &'static str,
        ranks: u8,
    },
    TwoOnAFile {
        piece: &'static str,
    },
    MustPromote {
        piece: &'static str,
    },
    DropMate {
        piece: &'static str,
    },
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
                let same_path: Vec<Move> = self
                    .pseudo_legal_moves_from(from)
                    .into_iter()
                    .filter(|pm| matches!(pm, Move::Normal { .. }) && pm.to() == to)
                    .collect();
                if same_path.is_empty() {
                    if let Some(t) = target {
                        let occ = self.occupied();
                        if v.capture_targets(piece.role(), us, from, occ).contains(to)
                            && !v.armor_allows(piece.role(), from, t.role(), to)
                        {
                            let armor = v.rules.ranged_armor.expect("armor refused the capture");
                            return IllegalReason::Armored {
                                attacker: def.name,
                                target: v.piece(t.role()).name,
                                max_distance: armor.max_distance,
                            };
                        }
                    }
                    if piece.role() == v.royal() {
                        let castle = self
                            .pseudo_legal_moves_from(from)
                            .into_iter()
                            .find(|c| matches!(c, Move::Castle { king_to, .. } if *king_to == to));
                        match (v.rules.castling.map(|c| c.king_move), castle) {
                            (Some(CastlingKingMove::UpToTheRook), Some(c)) => {
                                return IllegalReason::CastleNeedsRookMove { castle: move_text(v, c).to_string() }
                            }
                            (Some(CastlingKingMove::TwoSquares), _)
                                if g.rank_of(from) == g.rank_of(to) && g.file_of(from).abs_diff(g.file_of(to)) == 2 =>
                            {
                                return IllegalReason::CastlingNotAllowed
                            }
                            _ => {}
                        }
                    }
                    return IllegalReason::CannotReach { piece: def.name, from: name(from), to: name(to) };
                }
                let Some(&pseudo) = same_path.iter().find(|pm| pm.promotion() == promotion) else {
                    return if promotion.is_none() {
                        IllegalReason::MustPromote { piece: def.name }
                    } else {
                        IllegalReason::NoPromotion
                    };
                };
                self.safety_reason(pseudo, monarch)
            }
            Move::EnPassant { from, .. } | Move::Castle { king: from, .. } | Move::Snipe { from, .. } => {
                let Some(piece) = self.piece_at(from).filter(|p| p.color() == us) else {
                    return IllegalReason::NoPieceOfYours { square: name(from) };
                };
                if !self.pseudo_legal_moves_from(from).contains(&m) {
                    let piece = v.piece(piece.role()).name;
                    return match m {
                        Move::Castle { .. } => IllegalReason::CastlingNotAllowed,
                        Move::Snipe { target, .. } => {
                            IllegalReason::CannotShoot { piece, from: name(from), target: name(target) }
                        }
                        _ => IllegalReason::CannotReach { piece, from: name(from), to: name(m.to()) },
                    };
                }
                self.safety_reason(m, monarch)
            }
            Move::Drop { role, to } => {
                let piece = v.piece(role).name;
                if !v.droppable(role) {
                    return if v.has_hands() {
                        IllegalReason::NeverDropped { piece }
                    } else {
                        IllegalReason::DropsNotAllowed
                    };
                }
                let reserve = v.rules.reserve.filter(|r| r.roles.contains(role));
                if self.hand_count(us, role) == 0 {
                    return IllegalReason::NotInHand { piece, reserve: reserve.is_some() };
                }
                if self.piece_at(to).is_some() {
                    return IllegalReason::SquareOccupied { square: name(to) };
                }
                if let Some(r) = reserve {
                    let rank = g.relative_rank(us, g.rank_of(to));
                    if rank < r.rank || rank > r.thrust_to {
                        return IllegalReason::ReserveDropRank { piece, rank: r.rank + 1, thrust_to: r.thrust_to + 1 };
                    }
                    if !self.drop_targets(role).contains(to) && self.keeps_monarch_safe(m) {
                        return IllegalReason::ThrustBlocked { piece };
                    }
                }
                let depth = g.ranks - 1 - g.relative_rank(us, g.rank_of(to));
                if depth < v.piece(role).stuck_ranks {
                    return IllegalReason::DropWhereStuck { piece, ranks: v.piece(role).stuck_ranks };
                }
                if v.rules.one_per_file.contains(role) && (self.pieces(us, role) & g.file_mask(g.file_of(to))).any() {
                    return IllegalReason::TwoOnAFile { piece };
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
