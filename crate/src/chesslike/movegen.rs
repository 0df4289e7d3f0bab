//! Legal move generation and check detection, for every variant, driven by
//! the variant's piece table and rule options.

use std::ops::ControlFlow;

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::Dir;
use crate::chesslike::geometry::Square;
use crate::chesslike::moves::{Move, MoveList};
use crate::chesslike::piece::{Color, Role, RoleSet};
use crate::chesslike::position::Position;
use crate::chesslike::variant::{CastlingKingMove, Promotion};

/// Which moves `for_each_move` yields.
#[derive(Clone, Copy)]
struct Wanted {
    /// Moves of the pieces on these cells.
    from: Bitboard,
    /// Only legal moves; else every pseudo-legal one (monarch safety and the
    /// drop-mate rule unchecked).
    legal_only: bool,
    /// Only captures and promotions (no castling, no drops).
    noisy_only: bool,
    /// Drops of these roles onto these cells.
    drop_roles: RoleSet,
    drop_to: Bitboard,
}

impl Wanted {
    const LEGAL: Wanted = Wanted {
        from: Bitboard(!0),
        legal_only: true,
        noisy_only: false,
        drop_roles: RoleSet(!0),
        drop_to: Bitboard(!0),
    };

    /// Only the moves of the piece on `from`, no drops.
    fn moving_from(self, from: Square) -> Wanted {
        Wanted { from: Bitboard::from_square(from), drop_roles: RoleSet::NONE, ..self }
    }
}

impl Position {
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.monarch_threatened(self.turn())
    }

    /// Whether `side`'s monarch could be removed by the opponent's next move,
    /// were it the opponent's turn: a capture onto its cell, or a blast that
    /// covers it. A blast that would also remove the blaster's own monarch is
    /// illegal, so it threatens nothing.
    pub fn monarch_threatened(&self, side: Color) -> bool {
        let Some(k) = self.monarch_square(side) else { return false };
        let v = self.variant();
        let them = !side;
        let occ = self.occupied();
        let their_monarch = self.monarch_square(them);
        let near = |sq: Square| their_monarch.is_some_and(|m| v.geometry.ball(sq, 1).contains(m));
        let candidates = self.by_color(them);
        let direct = |role: Role| self.role_attackers(role, k, them, occ, candidates).any();
        if v.roles().any(|role| direct(role) && !(v.is_blaster(role) && near(k))) {
            return true;
        }
        if let Some(blast) = v.rules.blast {
            let blasters = self.by_color(them) & self.by_roles(blast.roles);
            if (blasters & v.blast_exposure(k).zone).is_empty() {
                return false;
            }
            for t in v.geometry.ring(k) & self.by_color(side) {
                if near(t) {
                    continue;
                }
                let target = self.piece_at(t).expect("occupied").role();
                for role in v.roles().filter(|r| blast.roles.contains(*r)) {
                    let attackers = self.role_attackers(role, t, them, occ, candidates);
                    if attackers.into_iter().any(|from| v.armor_allows(role, from, target, t)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The pieces of `by` that attack `sq` with `occ` as the board's
    /// occupancy: those that could capture an enemy piece standing there, by
    /// moving onto it or by a shot (armor aside). The one attack test behind
    /// check detection, legality and the search.
    pub fn attackers_to(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let candidates = self.by_color(by);
        self.variant()
            .roles()
            .fold(Bitboard::EMPTY, |found, role| found | self.role_attackers(role, sq, by, occ, candidates))
    }

    /// Whether a piece of `side` on `sq` could be captured directly by the
    /// opponent, with `occ` blocking (castling's through-check test).
    pub fn attacked(&self, sq: Square, side: Color, occ: Bitboard) -> bool {
        self.attacked_by(sq, !side, occ, self.by_color(!side))
    }

    /// Whether `attackers_to(sq, by, occ) & candidates` is not empty, stopping
    /// at the first role found.
    #[inline]
    fn attacked_by(&self, sq: Square, by: Color, occ: Bitboard, candidates: Bitboard) -> bool {
        self.variant().roles().any(|role| self.role_attackers(role, sq, by, occ, candidates).any())
    }

    /// The pieces of `role` among `candidates` (pieces of `by`) that attack
    /// `sq`. Every movement part is symmetric, so they stand where a `role` of
    /// the other side on `sq` would attack.
    #[inline(always)]
    fn role_attackers(&self, role: Role, sq: Square, by: Color, occ: Bitboard, candidates: Bitboard) -> Bitboard {
        let v = self.variant();
        let attackers = self.by_role(role) & candidates;
        if (attackers & v.source_reach(role, by, sq)).is_empty() {
            return Bitboard::EMPTY;
        }
        v.attack_sources(role, by, sq, occ) & attackers
    }

    /// Every legal move, moves before drops.
    pub fn legal_moves(&self) -> MoveList {
        self.collect_moves(Wanted::LEGAL, None)
    }

    /// The legal moves of the piece on `from` (none for an empty cell or an enemy piece).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        self.collect_moves(Wanted::LEGAL.moving_from(from), Some(from))
    }

    /// Moves of the piece on `from` that obey its movement, whether or not they
    /// leave the monarch in check.
    pub fn pseudo_legal_moves_from(&self, from: Square) -> MoveList {
        self.collect_moves(Wanted { legal_only: false, ..Wanted::LEGAL.moving_from(from) }, Some(from))
    }

    /// The legal captures, promotions and en passant captures: the moves a
    /// quiescence search looks at.
    pub fn noisy_moves(&self) -> MoveList {
        self.collect_moves(Wanted { noisy_only: true, ..Wanted::LEGAL }, None)
    }

    /// [`legal_moves`](Self::legal_moves) written into `list` (emptied
    /// first): a `MoveList` is a 1,024-move array, which returning it by
    /// value copies whole (8 KB) once or twice on its way to the search.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        self.collect_moves_into(Wanted::LEGAL, None, list)
    }

    /// [`noisy_moves`](Self::noisy_moves) written into `list` (emptied first).
    pub fn noisy_moves_into(&self, list: &mut MoveList) {
        self.collect_moves_into(Wanted { noisy_only: true, ..Wanted::LEGAL }, None, list)
    }

    /// The moves `for_each_move` yields, only those starting on `from` if given.
    fn collect_moves(&self, wanted: Wanted, from: Option<Square>) -> MoveList {
        let mut list = MoveList::new();
        self.collect_moves_into(wanted, from, &mut list);
        list
    }

    /// [`collect_moves`](Self::collect_moves) into `list`, emptied first.
    fn collect_moves_into(&self, wanted: Wanted, from: Option<Square>, list: &mut MoveList) {
        list.clear();
        let _ = self.for_each_move(wanted, |m| {
            if from.is_none() || m.from() == from {
                list.push(m);
            }
            ControlFlow::<()>::Continue(())
        });
    }

    /// How many legal moves there are, without keeping them.
    pub fn count_legal(&self) -> usize {
        let mut n = 0;
        let _ = self.for_each_move(Wanted::LEGAL, |_| {
            n += 1;
            ControlFlow::<()>::Continue(())
        });
        n
    }

    pub fn has_legal_move(&self) -> bool {
        self.for_each_move(Wanted::LEGAL, |_| ControlFlow::Break(())).is_break()
    }

    /// Whether `m` is legal here: generates only the moves of its piece (or
    /// its drop), so it is cheap enough to check a move from anywhere (the
    /// search asks it of its table, killer and counter moves at every node).
    /// A move of a piece is legal when its piece may make it and it keeps the
    /// monarch safe: the one move is tested, which spares the generator's
    /// check and exposure tests, made for a whole list.
    pub fn is_legal(&self, m: Move) -> bool {
        let found = |wanted: Wanted| {
            self.for_each_move(wanted, |g| if g == m { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
                .is_break()
        };
        match m {
            Move::Drop { role, to } => {
                role.index() < self.variant().pieces.len()
                    && found(Wanted {
                        from: Bitboard::EMPTY,
                        drop_roles: RoleSet::of(&[role]),
                        drop_to: Bitboard::from_square(to),
                        ..Wanted::LEGAL
                    })
            }
            _ => match m.from() {
                Some(from) => {
                    let us = self.turn();
                    self.monarch_square(!us).is_some()
                        && found(Wanted { legal_only: false, ..Wanted::LEGAL.moving_from(from) })
                        && self.keeps_monarch_safe(m)
                }
                None => false,
            },
        }
    }

    /// Calls `f` with each move `wanted` asks for, stopping when `f` breaks.
    fn for_each_move<B>(&self, wanted: Wanted, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
        let Wanted { from: from_mask, legal_only, noisy_only, drop_roles, drop_to } = wanted;
        let v = self.variant();
        let g = &v.geometry;
        let us = self.turn();
        let them = !us;
        // A game whose monarch is gone is over: nobody moves.
        let (Some(k), Some(their_k)) = (self.monarch_square(us), self.monarch_square(them)) else {
            return ControlFlow::Continue(());
        };
        // Only a legal list needs to know which moves may expose the monarch
        // (and castling, whether it is in check).
        let checked = legal_only.then(|| self.monarch_threatened(us));
        let in_check = || checked.unwrap_or_else(|| self.monarch_threatened(us));
        let (vacate, arrive) = match checked {
            Some(false) => self.exposure(k),
            _ => (g.all(), g.all()),
        };
        let occ = self.occupied();
        let enemy = self.by_color(them);
        // Emits `m` if it is legal: most moves need no test (see `exposure`).
        let mut emit = |m: Move, risky: bool| -> ControlFlow<B> {
            if legal_only && risky && !self.keeps_monarch_safe(m) {
                return ControlFlow::Continue(());
            }
            f(m)
        };
        let shooters = v.shooters();
        for role in v.roles() {
            let blaster = v.is_blaster(role);
            // Without promotion, a quiet move is never noisy.
            let quiets_wanted = !noisy_only || v.may_promote(role);
            let armored_out_of_reach = match v.rules.ranged_armor {
                Some(a) if a.attackers.contains(role) => Some((self.pieces(them, a.armored), a.max_distance)),
                _ => None,
            };
            for from in self.pieces(us, role) & from_mask {
                let mut captures = v.capture_targets(role, us, from, occ) & enemy;
                if let Some((armored, reach)) = armored_out_of_reach {
                    captures &= !(armored & !g.ball(from, reach));
                }
                let mut quiets =
                    if quiets_wanted { v.move_targets(role, us, from, occ) & !occ } else { Bitboard::EMPTY };
                if quiets_wanted && v.rules.double_step.contains(role) && g.rank_of(from) == g.relative_rank(us, 1) {
                    let forward = if us == Color::White { 1 } else { -1 };
                    if let (Some(one), Some(two)) = (g.offset(from, 0, forward), g.offset(from, 0, 2 * forward)) {
                        if !occ.contains(one) && !occ.contains(two) {
                            quiets.set(two);
                        }
                    }
                }
                let risky_from = role == v.royal() || vacate.contains(from);
                for to in captures {
                    self.promotions(role, from, to, |m| emit(m, risky_from || blaster || arrive.contains(to)))?;
                }
                for to in quiets {
                    self.promotions(role, from, to, |m| {
                        if noisy_only && m.promotion().is_none() {
                            return ControlFlow::Continue(());
                        }
                        emit(m, risky_from || arrive.contains(to))
                    })?;
                }
                if shooters.contains(role) {
                    // A shot takes a piece off the board and puts none back:
                    // it may open any line, so it is always tested.
                    for target in v.shot_targets(role, us, from, occ) & enemy {
                        emit(Move::Snipe { from, target }, true)?;
                    }
                }
            }
        }
        for ep in self.en_passant() {
            for role in v.roles().filter(|r| v.rules.en_passant.contains(*r)) {
                for from in v.capture_targets(role, them, ep, occ) & self.pieces(us, role) & from_mask {
                    // Two pieces leave one rank: always test.
                    emit(Move::EnPassant { from, to: ep }, true)?;
                }
            }
        }
        if noisy_only {
            return ControlFlow::Continue(());
        }
        if v.rules.castling.is_some() && from_mask.contains(k) && !in_check() {
            for rook in self.castling_rights() & self.by_color(us) {
                self.castles(k, rook, |m| emit(m, true))?;
            }
        }
        if v.has_hands() {
            for role in v.roles() {
                if self.hand_count(us, role) == 0 || !drop_roles.contains(role) {
                    continue;
                }
                let targets = self.drop_cells(role) & drop_to;
                let no_mate = v.rules.no_drop_mate.contains(role);
                for to in targets {
                    let m = Move::Drop { role, to };
                    if legal_only {
                        if (checked == Some(true) || arrive.contains(to)) && !self.keeps_monarch_safe(m) {
                            continue;
                        }
                        // A drop adds no line and vacates none, so it can only
                        // check by attacking the monarch itself.
                        if no_mate && v.capture_targets(role, us, to, occ).contains(their_k) && self.drop_mates(m) {
                            continue;
                        }
                    }
                    f(m)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Where the side to move could drop a `role` by the drop rules alone
    /// (its king's safety aside): any empty cell for captured pieces, minus
    /// the ranks it could never leave and the files the rules forbid; its own
    /// reserve rank and the empty cells of each file a thrust reaches from it.
    fn drop_cells(&self, role: Role) -> Bitboard {
        let v = self.variant();
        let g = &v.geometry;
        let us = self.turn();
        let empty = g.all() & !self.occupied();
        let mut cells = Bitboard::EMPTY;
        if v.rules.drops && role != v.royal() {
            let mut targets = empty;
            for n in 0..v.piece(role).stuck_ranks {
                targets &= !g.rank_mask(g.relative_rank(us, g.ranks - 1 - n));
            }
            if v.rules.one_per_file.contains(role) {
                for sq in self.pieces(us, role) {
                    targets &= !g.file_mask(g.file_of(sq));
                }
            }
            cells |= targets;
        }
        if let Some(reserve) = v.rules.reserve.filter(|r| r.roles.contains(role)) {
            let forward = if us == Color::White { 1 } else { -1 };
            let mut reached = empty & g.rank_mask(g.relative_rank(us, reserve.rank));
            cells |= reached;
            for _ in reserve.rank..reserve.thrust_to {
                reached = reached.into_iter().filter_map(|sq| g.offset(sq, 0, forward)).collect::<Bitboard>() & empty;
                cells |= reached;
            }
        }
        cells
    }

    /// The move(s) of a `role` from `from` to `to`: one per promotion choice
    /// where promotion is forced, with and without where it is optional.
    #[inline]
    fn promotions<B>(
        &self,
        role: Role,
        from: Square,
        to: Square,
        mut f: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let v = self.variant();
        let g = &v.geometry;
        let us = self.turn();
        let plain = Move::Normal { from, to, promotion: None };
        match v.rules.promotion {
            Promotion::None => f(plain),
            Promotion::LastRank { roles, choices } => {
                if roles.contains(role) && g.rank_of(to) == g.relative_rank(us, g.ranks - 1) {
                    for choice in v.roles().filter(|r| choices.contains(*r)) {
                        f(Move::Normal { from, to, promotion: Some(choice) })?;
                    }
                    ControlFlow::Continue(())
                } else {
                    f(plain)
                }
            }
            Promotion::Zone { ranks } => {
                let def = v.piece(role);
                let Some(promoted) = def.promotes_to else { return f(plain) };
                let depth = |sq: Square| g.ranks - 1 - g.relative_rank(us, g.rank_of(sq));
                if depth(from) < ranks || depth(to) < ranks {
                    f(Move::Normal { from, to, promotion: Some(promoted) })?;
                }
                if depth(to) >= def.stuck_ranks {
                    f(plain)?;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// The castles with `rook` that the squares allow (the king is not in
    /// check): every square between king and rook, and both landing squares,
    /// empty but for the two of them; no square the king crosses or lands on
    /// attacked, tested before the castle. Whether the king is safe after it
    /// is left to the caller, as for any move.
    fn castles<B>(&self, king: Square, rook: Square, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
        let v = self.variant();
        let g = &v.geometry;
        let Some(castling) = v.rules.castling else { return ControlFlow::Continue(()) };
        let rank = g.rank_of(king);
        let (kf, rf) = (g.file_of(king), g.file_of(rook));
        let toward = if rf > kf { Dir::E } else { Dir::W };
        let distance = kf.abs_diff(rf);
        let steps = match castling.king_move {
            CastlingKingMove::TwoSquares => 2..=2,
            CastlingKingMove::UpToTheRook => 1..=distance,
        };
        // The cells from file a to file b on this rank, both included.
        let span = |a: u8, b: u8| {
            let (lo, hi) = (g.square(a.min(b), rank).expect("on board"), g.square(a.max(b), rank).expect("on board"));
            (g.ray(lo, Dir::E) | Bitboard::from_square(lo)) & !g.ray(hi, Dir::E)
        };
        let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let others = self.occupied() & !movers;
        if (span(kf, rf) & others).any() {
            return ControlFlow::Continue(());
        }
        let us = self.turn();
        let step = if toward == Dir::E { 1 } else { -1 };
        for n in steps {
            let Some(king_to) = g.offset(king, step * n as i8, 0) else { break };
            let rook_to = g.offset(king_to, -step, 0).expect("the king came from there");
            let crossed = span(kf, g.file_of(king_to));
            if ((crossed | span(rf, g.file_of(rook_to))) & others).any()
                || crossed.into_iter().any(|sq| self.attacked(sq, us, self.occupied()))
            {
                continue;
            }
            f(Move::Castle { king, rook, king_to, rook_to })?;
        }
        ControlFlow::Continue(())
    }

    /// Where a move of the side to move, not in check, could expose its
    /// monarch on `k`: moves starting in the first set or ending in the second
    /// need the full test; all others are legal as generated. That is what
    /// lets perft count most moves without playing them.
    fn exposure(&self, k: Square) -> (Bitboard, Bitboard) {
        let v = self.variant();
        let them = !self.turn();
        let mut vacate = Bitboard::EMPTY;
        let mut arrive = Bitboard::EMPTY;
        let theirs = self.by_color(them);
        for dir in Dir::ALL {
            let line = v.geometry.ray(k, dir.opposite());
            let on_line = line & theirs;
            if on_line.is_empty() {
                continue;
            }
            // Sliders and shooters see through a line that empties; hoppers
            // also through one that gains a screen.
            let sliders = v.line_roles(them, dir);
            if !sliders.is_empty() && (on_line & self.by_roles(sliders)).any() {
                vacate |= line;
            }
            let hoppers = v.hop_roles(them, dir);
            if !hoppers.is_empty() && (on_line & self.by_roles(hoppers)).any() {
                vacate |= line;
                arrive |= line;
            }
        }
        // Bent rides and lame leaps open when a cell of their route empties.
        let routed = v.routed();
        if !routed.is_empty() {
            for role in v.roles().filter(|&r| routed.contains(r)) {
                if (self.pieces(them, role) & v.source_reach(role, them, k)).any() {
                    vacate |= v.route_cells(role, them, k);
                }
            }
        }
        if let Some(blast) = v.rules.blast {
            let exposure = v.blast_exposure(k);
            if (self.by_color(them) & self.by_roles(blast.roles) & exposure.zone).any() {
                vacate |= exposure.lines;
                arrive |= exposure.ring;
            }
        }
        (vacate, arrive)
    }

    /// For a pseudo-legal move: afterwards the mover still has its monarch,
    /// and either the enemy monarch is gone (that wins at once) or ours
    /// cannot be removed next move.
    pub(crate) fn keeps_monarch_safe(&self, m: Move) -> bool {
        let us = self.turn();
        let v = self.variant();
        // Without blasts, check is direct attack alone: test it on the
        // changed occupancy instead of playing the move on a copy.
        if v.rules.blast.is_none() {
            let Some(k) = self.monarch_square(us) else { return false };
            let occ = self.occupied();
            let bit = Bitboard::from_square;
            let theirs = self.by_color(!us);
            match m {
                Move::Normal { from, to, .. } => {
                    let k = if from == k { to } else { k };
                    return !self.attacked_by(k, !us, (occ & !bit(from)) | bit(to), theirs & !bit(to));
                }
                Move::Drop { to, .. } => return !self.attacked_by(k, !us, occ | bit(to), theirs),
                Move::EnPassant { from, to } => {
                    let taken = self.en_passant_runner(to, us).expect("the pawn taken en passant");
                    let occ = (occ & !bit(from) & !bit(taken)) | bit(to);
                    return !self.attacked_by(k, !us, occ, theirs & !bit(taken));
                }
                Move::Snipe { target, .. } => {
                    return !self.attacked_by(k, !us, occ & !bit(target), theirs & !bit(target))
                }
                Move::Castle { .. } => {}
            }
        }
        let next = self.play_unchecked(m);
        match (next.monarch_square(us), next.monarch_square(!us)) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(_), Some(_)) => !next.monarch_threatened(us),
        }
    }

    /// Whether dropping `m` checkmates the opponent.
    pub(crate) fn drop_mates(&self, m: Move) -> bool {
        let next = self.play_unchecked(m);
        next.is_check() && !next.has_legal_move()
    }

    /// The cells a move passes between its start and its landing cell, in
    /// order, for a board to draw its path: a slide's or a bent ride's cells,
    /// a lame leap's open path, a thrust's file; none for a leap.
    pub fn move_path(&self, m: Move) -> Vec<Square> {
        let v = self.variant();
        let g = &v.geometry;
        let us = self.turn();
        match m {
            Move::Normal { from, to, .. } | Move::EnPassant { from, to } => {
                let Some(piece) = self.piece_at(from) else { return Vec::new() };
                let capture = self.piece_at(to).is_some() || matches!(m, Move::EnPassant { .. });
                v.move_path(piece.role(), us, from, to, self.occupied(), capture)
            }
            Move::Drop { to, .. } => {
                // A thrust passes the reserve rank's cell and those above it.
                let Some(reserve) = v.rules.reserve else { return Vec::new() };
                let back = if us == Color::White { -1 } else { 1 };
                let mut cells = Vec::new();
                let mut at = to;
                while g.relative_rank(us, g.rank_of(at)) > reserve.rank {
                    let Some(prev) = g.offset(at, 0, back) else { break };
                    cells.push(prev);
                    at = prev;
                }
                cells.reverse();
                cells
            }
            Move::Castle { .. } | Move::Snipe { .. } => Vec::new(),
        }
    }

    /// The cells the side to move may drop a `role` on, legally.
    pub fn drop_targets(&self, role: Role) -> Bitboard {
        let mut targets = Bitboard::EMPTY;
        let wanted = Wanted { from: Bitboard::EMPTY, drop_roles: RoleSet::of(&[role]), ..Wanted::LEGAL };
        let _ = self.for_each_move(wanted, |m| {
            if let Move::Drop { role: r, to } = m {
                if r == role {
                    targets.set(to);
                }
            }
            ControlFlow::<()>::Continue(())
        });
        targets
    }
}
