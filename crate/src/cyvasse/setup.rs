//! The hidden setup phase as data: each side places its King on one of three
//! fields, 3 mountains and 3 water fields, and its other 22 pieces in its own
//! zone; [`check_setup`] lists every problem; two halves make a starting
//! position once both are done.
//!
//! A half is written as the four rows of its zone in position-string
//! notation, from the top row down like a position string: rows 4/3/2/1 for
//! `w` (uppercase letters), rows 9/8/7/6 for `b` (lowercase), e.g. the
//! "Fortress" preset `RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4`.

use super::board::{Cell, BLACK_ZONE, WHITE_ZONE};
use super::piece::{Kind, Piece, Side, Terrain};
use super::position::{parse_row, write_row, Item, Position, PositionError};
use crate::rng::Rng;

/// Mountains each side places.
pub const MOUNTAINS: usize = 3;
/// Water fields each side places.
pub const WATER: usize = 3;

/// The three fields a side may put its King on: `c2 e2 g2` / `c8 e8 g8`.
pub fn king_fields(side: Side) -> [Cell; 3] {
    let row = if side == Side::White { 2 } else { 8 };
    [2, 4, 6].map(|f| Cell::new(row, f).unwrap_or(Cell::from_u8(0)))
}

/// The fields of a side's zone, `a1` (or `a6`) first.
pub fn zone(side: Side) -> Vec<Cell> {
    let bits = if side == Side::White { WHITE_ZONE } else { BLACK_ZONE };
    Cell::all().filter(|c| bits & c.bit() != 0).collect()
}

/// One side's setup: its pieces (the King included), mountains and water.
/// It may be incomplete or wrong while being made; [`check_setup`] judges it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SetupHalf {
    pub pieces: Vec<(Cell, Kind)>,
    pub mountains: Vec<Cell>,
    pub water: Vec<Cell>,
}

impl SetupHalf {
    /// Nothing placed yet.
    pub fn new() -> SetupHalf {
        SetupHalf::default()
    }

    /// Where the King stands (the first King, if several).
    pub fn king_field(&self) -> Option<Cell> {
        self.pieces.iter().find(|(_, k)| *k == Kind::King).map(|&(c, _)| c)
    }

    /// What stands on a field.
    pub fn piece_at(&self, cell: Cell) -> Option<Kind> {
        self.pieces.iter().find(|(c, _)| *c == cell).map(|&(_, k)| k)
    }

    /// The terrain placed on a field.
    pub fn terrain_at(&self, cell: Cell) -> Terrain {
        if self.mountains.contains(&cell) {
            Terrain::Mountain
        } else if self.water.contains(&cell) {
            Terrain::Water
        } else {
            Terrain::Land
        }
    }

    /// Puts a piece on a field, replacing any piece there.
    pub fn place(&mut self, cell: Cell, kind: Kind) {
        self.remove_piece(cell);
        self.pieces.push((cell, kind));
    }

    /// Takes the piece off a field.
    pub fn remove_piece(&mut self, cell: Cell) -> Option<Kind> {
        let i = self.pieces.iter().position(|(c, _)| *c == cell)?;
        Some(self.pieces.remove(i).1)
    }

    /// Makes a field a mountain, water or land again.
    pub fn place_terrain(&mut self, cell: Cell, terrain: Terrain) {
        self.mountains.retain(|&c| c != cell);
        self.water.retain(|&c| c != cell);
        match terrain {
            Terrain::Mountain => self.mountains.push(cell),
            Terrain::Water => self.water.push(cell),
            Terrain::Land => {}
        }
    }

    /// The pieces still to place: `(kind, how many)` for each kind short.
    pub fn missing(&self) -> Vec<(Kind, u8)> {
        Kind::ALL
            .into_iter()
            .filter_map(|k| {
                let placed = self.pieces.iter().filter(|(_, x)| *x == k).count();
                (placed < k.count() as usize).then(|| (k, k.count() - placed as u8))
            })
            .collect()
    }

    /// Reads a half written as its zone's four rows (see the module's notes).
    pub fn parse(side: Side, text: &str) -> Result<SetupHalf, PositionError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 4 {
            return Err(PositionError::ZoneRowCount { side, found: rows.len() });
        }
        let top = if side == Side::White { 4 } else { 9 };
        let mut half = SetupHalf::new();
        for (k, row_text) in rows.iter().enumerate() {
            let row = top - k as u8;
            for (file, item) in parse_row(row, row_text)?.into_iter().enumerate() {
                let Some(cell) = Cell::new(row, file as u8) else { continue };
                match item {
                    Item::Land => {}
                    Item::Terrain(Terrain::Mountain) => half.mountains.push(cell),
                    Item::Terrain(_) => half.water.push(cell),
                    Item::Piece(p, on_water) => {
                        if p.side != side {
                            return Err(PositionError::WrongSide { side, letter: p.letter() });
                        }
                        if on_water {
                            half.water.push(cell);
                        }
                        half.pieces.push((cell, p.kind));
                    }
                }
            }
        }
        let problems = half.placing_problems(side);
        if !problems.is_empty() {
            return Err(PositionError::Setup(SetupError { side, problems }));
        }
        Ok(half)
    }

    /// What is wrong with the half that placing more cannot mend: everything
    /// [`check_setup`] finds but what is still to place (too many of a kind,
    /// a fourth mountain, a King off its fields, a piece outside the zone…).
    /// A half being made field by field never has one; a half read from text
    /// is refused with them.
    pub fn placing_problems(&self, side: Side) -> Vec<SetupProblem> {
        let Err(e) = check_setup(side, self) else { return Vec::new() };
        e.problems
            .into_iter()
            .filter(|p| match *p {
                SetupProblem::NoKing | SetupProblem::NotDone => false,
                SetupProblem::PieceCount { kind, placed } => placed > kind.count() as usize,
                SetupProblem::TerrainCount { terrain, placed } => {
                    placed > if terrain == Terrain::Mountain { MOUNTAINS } else { WATER }
                }
                _ => true,
            })
            .collect()
    }

    /// Writes the half as its zone's four rows (anything outside the zone is left out).
    pub fn to_text(&self, side: Side) -> String {
        let mut pos = Position::empty();
        self.put_on(side, &mut pos);
        let rows: [u8; 4] = if side == Side::White { [4, 3, 2, 1] } else { [9, 8, 7, 6] };
        let mut out = String::new();
        for (i, row) in rows.into_iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            write_row(&pos, row, &mut out);
        }
        out
    }

    /// The same setup for the other side: every field reflected across row 5.
    pub fn mirrored(&self) -> SetupHalf {
        SetupHalf {
            pieces: self.pieces.iter().map(|&(c, k)| (c.mirrored(), k)).collect(),
            mountains: self.mountains.iter().map(|c| c.mirrored()).collect(),
            water: self.water.iter().map(|c| c.mirrored()).collect(),
        }
    }

    /// Places terrain, then pieces (not on mountains), on a position.
    fn put_on(&self, side: Side, pos: &mut Position) {
        for &c in &self.mountains {
            pos.set_terrain(c, Terrain::Mountain);
        }
        for &c in &self.water {
            if pos.terrain_at(c) == Terrain::Land {
                pos.set_terrain(c, Terrain::Water);
            }
        }
        for &(c, k) in &self.pieces {
            if pos.terrain_at(c) != Terrain::Mountain {
                pos.put(c, Piece::new(side, k));
            }
        }
    }
}

/// One thing wrong with a setup.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupProblem {
    /// No King placed.
    NoKing,
    /// The King is not on one of the three King fields.
    KingField(Cell),
    /// The wrong number of pieces of a kind.
    PieceCount { kind: Kind, placed: usize },
    /// The wrong number of mountains or water fields.
    TerrainCount { terrain: Terrain, placed: usize },
    /// A piece outside the side's zone.
    PieceOutsideZone(Cell, Kind),
    /// Terrain outside the side's zone (row 5 included).
    TerrainOutsideZone(Cell, Terrain),
    /// Terrain on the King's field.
    TerrainOnKingField(Cell, Terrain),
    /// A piece on a mountain.
    OnMountain(Cell, Kind),
    /// Two pieces on one field.
    SharedField(Cell),
    /// Two terrains (or the same one twice) on one field.
    DoubleTerrain(Cell),
    /// The side has not handed in its setup.
    NotDone,
}

/// Everything wrong with one side's setup.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupError {
    pub side: Side,
    pub problems: Vec<SetupProblem>,
}

impl std::error::Error for SetupError {}

/// Checks one side's setup against the rules; every problem is listed.
pub fn check_setup(side: Side, half: &SetupHalf) -> Result<(), SetupError> {
    let mut problems = Vec::new();
    let zone_bits = if side == Side::White { WHITE_ZONE } else { BLACK_ZONE };
    let in_zone = |c: Cell| zone_bits & c.bit() != 0;

    let king = half.king_field();
    match king {
        None => problems.push(SetupProblem::NoKing),
        Some(k) if !king_fields(side).contains(&k) => problems.push(SetupProblem::KingField(k)),
        Some(_) => {}
    }
    for kind in Kind::ALL {
        let placed = half.pieces.iter().filter(|(_, k)| *k == kind).count();
        if placed != kind.count() as usize && !(kind == Kind::King && placed == 0) {
            problems.push(SetupProblem::PieceCount { kind, placed });
        }
    }
    for (terrain, cells, want) in
        [(Terrain::Mountain, &half.mountains, MOUNTAINS), (Terrain::Water, &half.water, WATER)]
    {
        if cells.len() != want {
            problems.push(SetupProblem::TerrainCount { terrain, placed: cells.len() });
        }
    }
    let mut seen_terrain = 0u128;
    let mut reported = 0u128;
    for (terrain, cells) in [(Terrain::Mountain, &half.mountains), (Terrain::Water, &half.water)] {
        for &c in cells.iter() {
            if !in_zone(c) {
                problems.push(SetupProblem::TerrainOutsideZone(c, terrain));
            }
            if Some(c) == king {
                problems.push(SetupProblem::TerrainOnKingField(c, terrain));
            }
            if seen_terrain & c.bit() != 0 && reported & c.bit() == 0 {
                problems.push(SetupProblem::DoubleTerrain(c));
                reported |= c.bit();
            }
            seen_terrain |= c.bit();
        }
    }
    let mut seen = 0u128;
    let mut reported = 0u128;
    for &(c, k) in &half.pieces {
        if !in_zone(c) {
            problems.push(SetupProblem::PieceOutsideZone(c, k));
        }
        if half.mountains.contains(&c) {
            problems.push(SetupProblem::OnMountain(c, k));
        }
        if seen & c.bit() != 0 && reported & c.bit() == 0 {
            problems.push(SetupProblem::SharedField(c));
            reported |= c.bit();
        }
        seen |= c.bit();
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(SetupError { side, problems })
    }
}

/// A random legal setup for one side, from a seeded generator.
pub fn random_setup(side: Side, rng: &mut Rng) -> SetupHalf {
    let kings = king_fields(side);
    let king = kings[rng.below(kings.len())];
    let mut cells: Vec<Cell> = zone(side).into_iter().filter(|&c| c != king).collect();
    shuffle(&mut cells, rng);
    let mut half = SetupHalf::new();
    half.mountains = cells[..MOUNTAINS].to_vec();
    half.water = cells[MOUNTAINS..MOUNTAINS + WATER].to_vec();
    // Pieces go anywhere but on mountains (water included).
    let mut free: Vec<Cell> = cells[MOUNTAINS..].to_vec();
    shuffle(&mut free, rng);
    half.pieces.push((king, Kind::King));
    let mut spots = free.into_iter();
    for kind in Kind::ALL {
        if kind == Kind::King {
            continue;
        }
        for _ in 0..kind.count() {
            if let Some(c) = spots.next() {
                half.pieces.push((c, kind));
            }
        }
    }
    half
}

/// [`random_setup`] from a seed.
pub fn random_setup_seeded(side: Side, seed: u64) -> SetupHalf {
    random_setup(side, &mut Rng::new(seed))
}

fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i + 1);
        items.swap(i, j);
    }
}

/// A named ready-made setup.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Preset {
    pub name: &'static str,
    pub half: SetupHalf,
}

/// The presets, written for `w`; `b`'s are their mirror images across row 5.
const PRESETS: [(&str, &str); 3] = [
    // King on e2 between its Towers, Spears spread along the front row.
    ("Fortress", "RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4"),
    // King on c2, a solid front line, Elephants and Dragon behind it.
    ("Phalanx", "SRSRS^RRR~R/EHDE1~C^CL/LWKW1H^T~/1L6"),
    // King on g2, Horses and the Dragon forward for quick strikes.
    ("Skirmish", "RSRL~D^RSRR/CREH~SHE1C/LT^2WKW~/2L2^2"),
];

/// The three named presets of a side (each passes [`check_setup`]).
pub fn presets(side: Side) -> Vec<Preset> {
    PRESETS
        .iter()
        .map(|&(name, text)| {
            let half = SetupHalf::parse(Side::White, text).unwrap_or_default();
            let half = if side == Side::White { half } else { half.mirrored() };
            Preset { name, half }
        })
        .collect()
}

/// The preset of a side with this name (case-insensitive).
pub fn preset(side: Side, name: &str) -> Option<SetupHalf> {
    presets(side).into_iter().find(|p| p.name.eq_ignore_ascii_case(name)).map(|p| p.half)
}

/// The starting position from both halves, `first` to move: turn 1, no plies.
pub fn starting_position(white: &SetupHalf, black: &SetupHalf, first: Side) -> Result<Position, SetupError> {
    check_setup(Side::White, white)?;
    check_setup(Side::Black, black)?;
    let mut pos = Position::empty();
    white.put_on(Side::White, &mut pos);
    black.put_on(Side::Black, &mut pos);
    pos.set_side_to_move(first);
    Ok(pos)
}

/// The start when none is given (the CLI's and the page's default): the
/// first preset ("Fortress") for both sides, `w` to move.
pub fn default_start() -> Position {
    let [white, black] = Side::BOTH.map(|side| presets(side).swap_remove(0).half);
    starting_position(&white, &black, Side::White).unwrap_or_default()
}

/// A start from a random setup for each side, drawn independently (neither
/// side sees the other's), and a random first player.
pub fn random_start(rng: &mut Rng) -> Position {
    let white = random_setup(Side::White, rng);
    let black = random_setup(Side::Black, rng);
    let first = if rng.below(2) == 0 { Side::White } else { Side::Black };
    starting_position(&white, &black, first).unwrap_or_default()
}

/// The hidden setup phase: each side hands in its half without seeing the
/// other's; once both are in, the game starts.
#[derive(Clone, Debug, Default)]
pub struct SetupPhase {
    halves: [Option<SetupHalf>; 2],
}

impl SetupPhase {
    /// Neither side done.
    pub fn new() -> SetupPhase {
        SetupPhase::default()
    }

    /// Hands in a side's half; refused (and not kept) if it breaks a rule.
    pub fn submit(&mut self, side: Side, half: SetupHalf) -> Result<(), SetupError> {
        check_setup(side, &half)?;
        self.halves[side.index()] = Some(half);
        Ok(())
    }

    /// Takes a side's half back to change it.
    pub fn withdraw(&mut self, side: Side) -> Option<SetupHalf> {
        self.halves[side.index()].take()
    }

    /// Whether a side has handed in its half.
    pub fn is_done(&self, side: Side) -> bool {
        self.halves[side.index()].is_some()
    }

    /// The starting position once both halves are in, `first` to move.
    pub fn start(&self, first: Side) -> Result<Position, SetupError> {
        match (&self.halves[0], &self.halves[1]) {
            (Some(w), Some(b)) => starting_position(w, b, first),
            (None, _) => Err(SetupError { side: Side::White, problems: vec![SetupProblem::NotDone] }),
            (_, None) => Err(SetupError { side: Side::Black, problems: vec![SetupProblem::NotDone] }),
        }
    }
}
