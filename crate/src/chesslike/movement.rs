//! A piece's `Movement` compiled for one side on one board: per-cell tables
//! for its leaps, and its directions, so that finding where it goes with a
//! given occupancy is a few table lookups and ray scans.

use crate::chesslike::bitboard::Bitboard;
use crate::chesslike::geometry::{DirSet, Geometry, Square};
use crate::chesslike::piece::{Color, Movement};

/// A leap that needs one of its paths empty, from one cell.
#[derive(Clone, Debug)]
struct LameTarget {
    to: Square,
    paths: Vec<Bitboard>,
}

/// One side's `Movement` on one board.
#[derive(Clone, Debug)]
pub struct CompiledMovement {
    leaps: Vec<Bitboard>,
    slides: DirSet,
    range: u8,
    /// The slide range from each cell, where it depends on the rank.
    range_by_cell: Option<Vec<u8>>,
    hops: DirSet,
    bent: DirSet,
    lame: Vec<Vec<LameTarget>>,
    /// Zone leaps from each cell (none outside the zone).
    zone_leaps: Vec<Bitboard>,
    /// For each cell, the cells of the zone whose zone leaps reach it.
    zone_sources: Vec<Bitboard>,
    /// Only leaps and fixed-range slides: the common case, looked up first.
    simple: bool,
}

impl CompiledMovement {
    pub fn new(m: &Movement, color: Color, g: &Geometry) -> CompiledMovement {
        let forward = |(df, dr): (i8, i8)| if color == Color::White { (df, dr) } else { (df, -dr) };
        let relative_rank = |sq: Square| g.relative_rank(color, g.rank_of(sq));
        let leaps_from = |leaps: &[(i8, i8)], sq: Square| -> Bitboard {
            leaps
                .iter()
                .filter_map(|&d| {
                    let (df, dr) = forward(d);
                    g.offset(sq, df, dr)
                })
                .collect()
        };
        let in_zone = |sq: Square| m.zone.contains(relative_rank(sq));
        let zone_leaps: Vec<Bitboard> =
            g.squares().map(|sq| if in_zone(sq) { leaps_from(m.zone_leaps, sq) } else { Bitboard::EMPTY }).collect();
        let mut zone_sources = vec![Bitboard::EMPTY; g.cell_count()];
        for from in g.squares() {
            for to in zone_leaps[from.index()] {
                zone_sources[to.index()].set(from);
            }
        }
        let lame = g
            .squares()
            .map(|sq| {
                m.lame
                    .iter()
                    .filter_map(|leap| {
                        let (df, dr) = forward(leap.to);
                        let to = g.offset(sq, df, dr)?;
                        let paths = leap
                            .paths
                            .iter()
                            .filter_map(|path| {
                                path.iter()
                                    .map(|&d| {
                                        let (df, dr) = forward(d);
                                        g.offset(sq, df, dr)
                                    })
                                    .collect()
                            })
                            .collect();
                        Some(LameTarget { to, paths })
                    })
                    .collect()
            })
            .collect();
        let range_by_cell = m
            .range_by_rank
            .map(|ranges| g.squares().map(|sq| ranges.get(relative_rank(sq) as usize).copied().unwrap_or(0)).collect());
        CompiledMovement {
            leaps: g.squares().map(|sq| leaps_from(m.leaps, sq)).collect(),
            slides: m.slides.for_color(color),
            range: m.range,
            simple: m.hops.is_empty()
                && m.bent.is_empty()
                && m.lame.is_empty()
                && m.zone_leaps.is_empty()
                && range_by_cell.is_none(),
            range_by_cell,
            hops: m.hops.for_color(color),
            bent: m.bent.for_color(color),
            lame,
            zone_leaps,
            zone_sources,
        }
    }

    /// Where it goes from `sq` with `occupied` blocking: slides stop on the
    /// first piece (included), hops land on the first piece beyond a screen
    /// (`hop_captures`) or on the empty cells before it (otherwise).
    #[inline]
    pub fn targets(&self, g: &Geometry, sq: Square, occupied: Bitboard, hop_captures: bool) -> Bitboard {
        let mut targets = self.leaps[sq.index()];
        if !self.slides.is_empty() {
            let range = match &self.range_by_cell {
                Some(ranges) => ranges[sq.index()],
                None => self.range,
            };
            targets |= g.slide(sq, self.slides, range, occupied);
        }
        if self.simple {
            return targets;
        }
        self.symmetric_extras(g, sq, occupied, hop_captures) | targets | self.zone_leaps[sq.index()]
    }

    /// `targets` without the zone leaps: the parts whose reverse is the same
    /// part of the other side (`sources` adds the zone leaps' reverse).
    #[inline]
    fn symmetric_extras(&self, g: &Geometry, sq: Square, occupied: Bitboard, hop_captures: bool) -> Bitboard {
        let mut targets = Bitboard::EMPTY;
        if !self.hops.is_empty() {
            let hops = g.hop(sq, self.hops, occupied);
            targets |= if hop_captures { hops.captures } else { hops.quiet };
        }
        if !self.bent.is_empty() {
            targets |= g.bent_ride(sq, self.bent, occupied);
        }
        for leap in &self.lame[sq.index()] {
            if leap.paths.iter().any(|path| (*path & occupied).is_empty()) {
                targets.set(leap.to);
            }
        }
        targets
    }

    /// The cells from which this side's piece would reach `sq`, given the
    /// other side's compiled copy of the same movement (`mirror`): every part
    /// is symmetric, so they are where the mirror piece goes from `sq`, but
    /// zone leaps count only from this side's zone.
    #[inline]
    pub fn sources(&self, mirror: &CompiledMovement, g: &Geometry, sq: Square, occupied: Bitboard) -> Bitboard {
        let mut sources = mirror.leaps[sq.index()];
        if !mirror.slides.is_empty() {
            sources |= g.slide(sq, mirror.slides, mirror.range, occupied);
        }
        if self.simple {
            return sources;
        }
        sources | mirror.symmetric_extras(g, sq, occupied, true) | self.zone_sources[sq.index()]
    }

    /// The cells a move from `from` to `to` passes, in order (empty for a
    /// leap), by the first of its parts that gets there; `None` if none does.
    pub fn path(
        &self,
        g: &Geometry,
        from: Square,
        to: Square,
        occupied: Bitboard,
        hop_captures: bool,
    ) -> Option<Vec<Square>> {
        let line = |dirs: DirSet| -> Option<Vec<Square>> {
            let d = dirs.iter().find(|&d| g.ray(from, d).contains(to))?;
            let (df, dr) = d.delta();
            let mut cells = Vec::new();
            let mut at = g.offset(from, df, dr)?;
            while at != to {
                cells.push(at);
                at = g.offset(at, df, dr)?;
            }
            Some(cells)
        };
        if self.leaps[from.index()].contains(to) || self.zone_leaps[from.index()].contains(to) {
            return Some(Vec::new());
        }
        let range = self.range_by_cell.as_ref().map_or(self.range, |r| r[from.index()]);
        if g.slide(from, self.slides, range, occupied).contains(to) {
            return line(self.slides);
        }
        let hops = g.hop(from, self.hops, occupied);
        if (if hop_captures { hops.captures } else { hops.quiet }).contains(to) {
            return line(self.hops);
        }
        for d1 in self.bent.iter() {
            let second = if DirSet::ORTHOGONAL.contains(d1) { DirSet::DIAGONAL } else { DirSet::ORTHOGONAL };
            let (df, dr) = d1.delta();
            let mut leg = Vec::new();
            for n in 1..=g.files.max(g.ranks) as i8 {
                let Some(turn) = g.offset(from, df * n, dr * n).filter(|t| !occupied.contains(*t)) else { break };
                leg.push(turn);
                for d2 in second.iter() {
                    let (ef, er) = d2.delta();
                    if g.offset(turn, ef * n, er * n) == Some(to)
                        && g.slide(turn, DirSet::of(&[d2]), n as u8, occupied).contains(to)
                    {
                        let rest = (1..n).filter_map(|i| g.offset(turn, ef * i, er * i));
                        return Some(leg.iter().copied().chain(rest).collect());
                    }
                }
            }
        }
        let lame = self.lame[from.index()].iter().find(|l| l.to == to)?;
        let path = lame.paths.iter().find(|p| (**p & occupied).is_empty())?;
        // A lame path's cells, nearest the start first.
        let mut cells: Vec<Square> = path.into_iter().collect();
        cells.sort_by_key(|c| g.file_of(*c).abs_diff(g.file_of(from)).max(g.rank_of(*c).abs_diff(g.rank_of(from))));
        Some(cells)
    }

    /// A superset of its targets from `sq` whatever the occupancy.
    pub fn reach(&self, g: &Geometry, sq: Square) -> Bitboard {
        let lines = g.slide(sq, self.slides, self.range, Bitboard::EMPTY)
            | g.slide(sq, self.hops, Movement::UNLIMITED, Bitboard::EMPTY) & !g.ball(sq, 1);
        let lame: Bitboard = self.lame[sq.index()].iter().map(|l| l.to).collect();
        self.leaps[sq.index()] | lines | g.bent_ride_paths(sq, self.bent).1 | lame | self.zone_leaps[sq.index()]
    }

    /// The cells its bent rides and lame leaps from `sq` pass on an empty
    /// board: a piece leaving one of them may open an attack.
    pub fn route_cells(&self, g: &Geometry, sq: Square) -> Bitboard {
        let lame =
            self.lame[sq.index()].iter().flat_map(|l| l.paths.iter().copied()).fold(Bitboard::EMPTY, |a, b| a | b);
        g.bent_ride_paths(sq, self.bent).0 | lame
    }

    /// Whether it has parts whose paths are not straight lines from the
    /// target (bent rides, lame leaps).
    pub fn has_routes(&self) -> bool {
        !self.bent.is_empty() || self.lame.iter().any(|l| !l.is_empty())
    }

    /// Whether its slide range depends on the rank (not allowed for captures:
    /// the reverse lookup of an attack assumes it does not).
    pub fn ranged_by_rank(&self) -> bool {
        self.range_by_cell.is_some()
    }
}
