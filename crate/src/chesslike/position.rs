//! A position: pieces on cells, both hands, the side to move, the move
//! counters and the Zobrist hash. `Setup` is what a position string says;
//! `Position` is a setup that has been checked against the variant's rules.

use std::fmt;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::{Dir, Square};
use crate::chesslike::moves::Move;
use crate::chesslike::piece::{Color, Piece, Role, RoleSet, MAX_ROLES};
use crate::chesslike::variant::Variant;
use crate::chesslike::zobrist::ZOBRIST;
use crate::counters::MAX_COUNTER;

/// An unchecked description of a position, as parsed from text.
#[derive(Clone, Debug)]
pub struct Setup {
    pub board: [Option<Piece>; 128],
    pub hands: [[u8; MAX_ROLES]; 2],
    pub turn: Color,
    /// Rooks that may still castle.
    pub castling: Bitboard,
    /// The squares a pawn just passed with an advance of two or more.
    pub en_passant: Bitboard,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// Why a setup is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    MissingMonarch(Color),
    TooManyMonarchs(Color),
    /// The side that just moved has its monarch capturable.
    OpponentInCheck,
    /// More of one piece in a hand than the hash counts (the limit is given).
    HandTooLarge {
        limit: usize,
    },
    /// A monarch/king in a hand: it is never captured into one.
    RoyalInHand(Color),
}

impl std::error::Error for PositionError {}

/// What a move removed from the board, reported to the caller of `play_reporting`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// Taken by the moving piece.
    Captured(Square, Piece),
    /// Removed by a blast around the landing cell.
    Blasted(Square, Piece),
}

#[derive(Clone)]
pub struct Position {
    variant: &'static Variant,
    board: [Option<Piece>; 128],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; MAX_ROLES],
    hands: [[u8; MAX_ROLES]; 2],
    turn: Color,
    castling: Bitboard,
    en_passant: Bitboard,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

impl Position {
    /// The variant's start position.
    pub fn start(variant: &'static Variant) -> Position {
        crate::chesslike::fen::parse_position(variant, variant.start_fen).expect("every start position string is valid")
    }

    /// Checks a setup against the rules and builds the position.
    pub fn from_setup(variant: &'static Variant, setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            variant,
            board: [None; 128],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; MAX_ROLES],
            hands: setup.hands,
            turn: setup.turn,
            castling: Bitboard::EMPTY,
            en_passant: Bitboard::EMPTY,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for sq in variant.geometry.squares() {
            if let Some(piece) = setup.board[sq.index()] {
                pos.put(sq, piece);
            }
        }
        for color in Color::BOTH {
            for role in variant.roles() {
                let n = pos.hands[color.index()][role.index()];
                if n as usize > crate::chesslike::zobrist::MAX_HAND_COUNT {
                    return Err(PositionError::HandTooLarge { limit: crate::chesslike::zobrist::MAX_HAND_COUNT });
                }
                if n > 0 && role == variant.royal() {
                    return Err(PositionError::RoyalInHand(color));
                }
                pos.hash ^= ZOBRIST.hand(color, role, n);
            }
        }
        if pos.turn == Color::Black {
            pos.hash ^= ZOBRIST.black_to_move;
        }
        for color in Color::BOTH {
            match pos.pieces(color, variant.royal()).count() {
                0 => return Err(PositionError::MissingMonarch(color)),
                1 => {}
                _ => return Err(PositionError::TooManyMonarchs(color)),
            }
        }
        if !variant.rules.monarch_capture_wins && pos.monarch_threatened(!pos.turn) {
            return Err(PositionError::OpponentInCheck);
        }
        // Keep only the rights that can still be used: an unmoved rook on its
        // side's back rank, with its king there too.
        if let Some(castling) = variant.rules.castling {
            for color in Color::BOTH {
                let back = variant.geometry.rank_mask(variant.geometry.relative_rank(color, 0));
                let king_home = (pos.pieces(color, variant.royal()) & back).any();
                if king_home {
                    pos.castling |= setup.castling & back & pos.pieces(color, castling.rook);
                }
            }
            for rook in pos.castling {
                pos.hash ^= ZOBRIST.castling(rook.index());
            }
        }
        for ep in setup.en_passant {
            if pos.could_have_just_passed(ep) {
                pos.set_en_passant_if_capturable(ep, pos.turn);
            }
        }
        Ok(pos)
    }

    /// Whether a piece of the side not to move that may be taken en passant
    /// could just have advanced over `passed`: it is the first piece beyond
    /// it on the file, and it could have come there from an empty cell behind
    /// `passed` in one advance.
    fn could_have_just_passed(&self, passed: Square) -> bool {
        let v = self.variant;
        let g = &v.geometry;
        let mover = !self.turn;
        if self.piece_at(passed).is_some() {
            return false;
        }
        let Some(landed) = self.en_passant_runner(passed, self.turn) else { return false };
        let Some(runner) =
            self.piece_at(landed).filter(|p| p.color() == mover && v.rules.en_passant.contains(p.role()))
        else {
            return false;
        };
        let role = runner.role();
        let back = if mover == Color::White { -1 } else { 1 };
        let occ = self.occupied() & !Bitboard::from_square(landed);
        // The runner started on an empty cell behind `passed`, before any piece.
        let mut origin = passed;
        while let Some(sq) = g.offset(origin, 0, back).filter(|sq| !occ.contains(*sq)) {
            origin = sq;
            let occ_before = occ | Bitboard::from_square(origin);
            let double_step = v.rules.double_step.contains(role)
                && g.rank_of(origin) == g.relative_rank(mover, 1)
                && g.rank_of(origin).abs_diff(g.rank_of(landed)) == 2;
            if double_step || v.move_targets(role, mover, origin, occ_before).contains(landed) {
                return true;
            }
        }
        false
    }

    /// The piece taken by an en passant capture onto `to` by `capturer`: the
    /// first piece beyond `to` on its file, on the side the runner went.
    pub fn en_passant_runner(&self, to: Square, capturer: Color) -> Option<Square> {
        let toward_runner = if capturer == Color::White { Dir::S } else { Dir::N };
        self.variant.geometry.first_blocker(to, toward_runner, self.occupied())
    }

    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The pieces of any of `roles`, both sides.
    #[inline]
    pub fn by_roles(&self, roles: RoleSet) -> Bitboard {
        let mut bits = roles.0;
        let mut bb = Bitboard::EMPTY;
        while bits != 0 {
            bb |= self.by_role[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        bb
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// How many pieces of `role` `color` holds in hand.
    #[inline]
    pub fn hand_count(&self, color: Color, role: Role) -> u8 {
        self.hands[color.index()][role.index()]
    }

    pub fn hand(&self, color: Color) -> &[u8] {
        &self.hands[color.index()][..self.variant.pieces.len()]
    }

    /// Where `color`'s monarch stands; `None` once it has been blown up or taken.
    #[inline]
    pub fn monarch_square(&self, color: Color) -> Option<Square> {
        self.pieces(color, self.variant.royal()).first()
    }

    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Rooks that may still castle.
    #[inline]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// The squares passed by the last move's advance on which a pawn of the
    /// side to move could take en passant.
    #[inline]
    pub fn en_passant(&self) -> Bitboard {
        self.en_passant
    }

    /// Fingerprint of board, hands, side to move, castling and en passant
    /// rights (not the move counters).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Same board, hands and side to move: the identity used for repetition.
    pub fn same_placement(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.turn == other.turn
            && self.board == other.board
            && self.hands == other.hands
            && self.castling == other.castling
            && self.en_passant == other.en_passant
    }

    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color().index()].set(sq);
        self.by_role[piece.role().index()].set(sq);
        self.hash ^= ZOBRIST.piece(piece, sq.index());
    }

    #[inline]
    fn remove(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = None;
        self.by_color[piece.color().index()].clear(sq);
        self.by_role[piece.role().index()].clear(sq);
        self.hash ^= ZOBRIST.piece(piece, sq.index());
    }

    #[inline]
    fn add_to_hand(&mut self, color: Color, role: Role, delta: i8) {
        let count = &mut self.hands[color.index()][role.index()];
        self.hash ^= ZOBRIST.hand(color, role, *count);
        *count = count.wrapping_add_signed(delta);
        self.hash ^= ZOBRIST.hand(color, role, *count);
    }

    /// The position after `m`, which must be pseudo-legal here.
    #[inline]
    pub fn play_unchecked(&self, m: Move) -> Position {
        self.play_reporting(m, |_| {})
    }

    /// The position after `m` (pseudo-legal here), telling `removed` about
    /// every piece the move takes off the board.
    #[inline]
    pub fn play_reporting(&self, m: Move, mut removed: impl FnMut(Removal)) -> Position {
        let mut next = self.clone();
        let v = self.variant;
        let us = self.turn;
        // The counters stop at the largest a position string may give, so that
        // every position reached can be written and read again.
        next.halfmoves = (next.halfmoves + 1).min(MAX_COUNTER);
        for ep in std::mem::take(&mut next.en_passant) {
            next.hash ^= ZOBRIST.en_passant(ep.index());
        }
        match m {
            Move::Normal { from, to, promotion } => {
                let piece = self.board[from.index()].expect("a pseudo-legal move starts on a piece");
                next.remove(from, piece);
                if v.rules.halfmove_reset.contains(piece.role()) {
                    next.halfmoves = 0;
                }
                if let Some(victim) = self.board[to.index()] {
                    next.capture(to, victim, &mut removed);
                    if v.is_blaster(piece.role()) {
                        for sq in v.geometry.ring(to) & next.occupied() {
                            let blasted = next.board[sq.index()].expect("occupied");
                            next.remove(sq, blasted);
                            removed(Removal::Blasted(sq, blasted));
                        }
                    }
                }
                if promotion.is_some() {
                    next.halfmoves = 0;
                }
                next.put(to, Piece::new(us, promotion.unwrap_or(piece.role())));
                if v.rules.en_passant.contains(piece.role())
                    && v.geometry.file_of(from) == v.geometry.file_of(to)
                    && v.geometry.rank_of(from).abs_diff(v.geometry.rank_of(to)) >= 2
                {
                    let up = if v.geometry.rank_of(to) > v.geometry.rank_of(from) { Dir::N } else { Dir::S };
                    for passed in v.geometry.ray(from, up) & !v.geometry.ray(to, up) & !Bitboard::from_square(to) {
                        next.set_en_passant_if_capturable(passed, !us);
                    }
                }
                if self.castling.any() {
                    next.lose_castling(piece, from, to);
                }
            }
            Move::EnPassant { from, to } => {
                let pawn = self.board[from.index()].expect("a pawn takes en passant");
                let taken = self.en_passant_runner(to, us).expect("the pawn taken en passant");
                next.remove(from, pawn);
                next.capture(taken, self.board[taken.index()].expect("the pawn taken en passant"), &mut removed);
                next.halfmoves = 0;
                next.put(to, pawn);
            }
            Move::Castle { king, rook, king_to, rook_to } => {
                let k = self.board[king.index()].expect("castling king");
                let r = self.board[rook.index()].expect("castling rook");
                next.remove(king, k);
                next.remove(rook, r);
                next.put(king_to, k);
                next.put(rook_to, r);
                next.lose_castling(k, king, king_to);
            }
            Move::Snipe { target, .. } => {
                let victim = self.board[target.index()].expect("a snipe hits a piece");
                next.capture(target, victim, &mut removed);
                if self.castling.any() {
                    next.lose_castling(victim, target, target);
                }
            }
            Move::Drop { role, to } => {
                next.add_to_hand(us, role, -1);
                next.put(to, Piece::new(us, role));
                next.halfmoves = 0;
            }
        }
        if us == Color::Black {
            next.fullmoves = (next.fullmoves + 1).min(MAX_COUNTER);
        }
        next.turn = !us;
        next.hash ^= ZOBRIST.black_to_move;
        next
    }

    /// The same position with the other side to move (a null move for the
    /// search, never a legal move): the en passant right lapses, the
    /// counters advance as after a move.
    pub fn passed(&self) -> Position {
        let mut next = self.clone();
        next.halfmoves = (next.halfmoves + 1).min(MAX_COUNTER);
        for ep in std::mem::take(&mut next.en_passant) {
            next.hash ^= ZOBRIST.en_passant(ep.index());
        }
        if self.turn == Color::Black {
            next.fullmoves = (next.fullmoves + 1).min(MAX_COUNTER);
        }
        next.turn = !self.turn;
        next.hash ^= ZOBRIST.black_to_move;
        next
    }

    /// Takes `victim` off `sq` for the side to move, into its hand where the variant has drops.
    #[inline]
    fn capture(&mut self, sq: Square, victim: Piece, removed: &mut impl FnMut(Removal)) {
        self.remove(sq, victim);
        self.halfmoves = 0;
        // A monarch taken (the game's last move) goes to no hand.
        if self.variant.rules.drops && victim.role() != self.variant.royal() {
            let role = self.variant.piece(victim.role()).demotes_to.unwrap_or(victim.role());
            self.add_to_hand(self.turn, role, 1);
        }
        removed(Removal::Captured(sq, victim));
    }

    /// After `piece` went from `from` to `to`: a king loses both rights, a rook
    /// moving or being taken loses its own.
    fn lose_castling(&mut self, piece: Piece, from: Square, to: Square) {
        let mut lost = self.castling & (Bitboard::from_square(from) | Bitboard::from_square(to));
        if piece.role() == self.variant.royal() {
            lost |= self.castling & self.by_color[piece.color().index()];
            let back = self.variant.geometry.rank_mask(self.variant.geometry.relative_rank(piece.color(), 0));
            lost |= self.castling & back;
        }
        for rook in lost {
            self.hash ^= ZOBRIST.castling(rook.index());
        }
        self.castling &= !lost;
    }

    /// Records `passed` as the en passant square if a pawn of `capturer`
    /// attacks it (Fairy-Stockfish writes the square only then).
    fn set_en_passant_if_capturable(&mut self, passed: Square, capturer: Color) {
        let v = self.variant;
        if self.board[passed.index()].is_some() {
            return;
        }
        for role in v.roles().filter(|r| v.rules.en_passant.contains(*r)) {
            if (v.capture_targets(role, !capturer, passed, self.occupied()) & self.pieces(capturer, role)).any() {
                self.en_passant.set(passed);
                self.hash ^= ZOBRIST.en_passant(passed.index());
                return;
            }
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::chesslike::fen::write_position(self))
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.same_placement(other)
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}
