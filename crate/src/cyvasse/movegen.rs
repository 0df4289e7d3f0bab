//! Legal turns: normal path moves, straight-line captures (Horses continuing),
//! the Trebuchet's capture by stepping back, the King's jump over its own
//! Tower and the second Rabble move; their text; playing them; perft.

use std::fmt;

use super::board::{cells_of, Cell, CellError, Dir, NEIGHBOURS};
use super::piece::{Kind, Side};
use super::position::Position;

/// Every field of the board as a bit set.
const ALL_CELLS: u128 = (1u128 << super::board::CELLS) - 1;

/// One turn of a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// A normal move along a path of single steps, written `c3d4`.
    Move { from: Cell, to: Cell },
    /// The King's jump over its own adjacent Tower, written `e2e4`.
    Jump { from: Cell, over: Cell, to: Cell },
    /// A capture by moving in a straight line, written `<from>x<to>`: `to` is
    /// where the capturing piece ends, past `captured` for a Horse that continues.
    Capture { from: Cell, captured: Cell, to: Cell },
    /// The Trebuchet's capture, written `<from>x<target>`: the target is
    /// removed and the Trebuchet steps to `to`, one field directly away from it.
    Shot { from: Cell, target: Cell, to: Cell },
    /// A Rabble move followed by another Rabble's step, written `c3c4+e3e4`.
    Rabbles { first: (Cell, Cell), second: (Cell, Cell) },
}

impl Turn {
    /// The field the (first) moving piece starts from.
    pub fn from(&self) -> Cell {
        match *self {
            Turn::Move { from, .. }
            | Turn::Jump { from, .. }
            | Turn::Capture { from, .. }
            | Turn::Shot { from, .. } => from,
            Turn::Rabbles { first, .. } => first.0,
        }
    }

    /// The field the (first) moving piece ends on.
    pub fn to(&self) -> Cell {
        match *self {
            Turn::Move { to, .. } | Turn::Jump { to, .. } | Turn::Capture { to, .. } | Turn::Shot { to, .. } => to,
            Turn::Rabbles { first, .. } => first.1,
        }
    }

    /// The field of the piece this turn captures, if any.
    pub fn captured(&self) -> Option<Cell> {
        match *self {
            Turn::Capture { captured, .. } => Some(captured),
            Turn::Shot { target, .. } => Some(target),
            _ => None,
        }
    }

    /// Whether the turn captures.
    pub fn is_capture(&self) -> bool {
        self.captured().is_some()
    }
}

impl fmt::Display for Turn {
    /// The move text of the rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Turn::Move { from, to } | Turn::Jump { from, to, .. } => write!(f, "{from}{to}"),
            Turn::Capture { from, to, .. } => write!(f, "{from}x{to}"),
            Turn::Shot { from, target, .. } => write!(f, "{from}x{target}"),
            Turn::Rabbles { first, second } => write!(f, "{}{}+{}{}", first.0, first.1, second.0, second.1),
        }
    }
}

impl Position {
    /// The side that has lost its King while the other still has one (the
    /// game is then over); `None` when both Kings stand, or neither does.
    pub fn king_lost(&self) -> Option<Side> {
        let white = self.king(Side::White).is_some();
        let black = self.king(Side::Black).is_some();
        match (white, black) {
            (false, true) => Some(Side::White),
            (true, false) => Some(Side::Black),
            _ => None,
        }
    }

    /// The fields an enemy of `mover` may not pass through: the two forward
    /// fields of each of the other side's Spears.
    pub(crate) fn spear_zone(&self, mover: Side) -> u128 {
        let them = mover.opponent();
        let mut zone = 0;
        for c in cells_of(self.occ[them.index()]) {
            if self.pieces[c.index()].is_some_and(|p| p.kind == Kind::Spears) {
                for d in Dir::forward(them) {
                    if let Some(n) = c.step(d) {
                        zone |= n.bit();
                    }
                }
            }
        }
        zone
    }

    /// Every legal turn, sorted by text.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = self.turns_unsorted();
        turns.sort_by_cached_key(|t| t.to_string());
        turns
    }

    /// The texts of every legal turn, sorted.
    pub fn legal_turn_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.turns_unsorted().iter().map(|t| t.to_string()).collect();
        texts.sort();
        texts
    }

    /// The legal turns whose (first) moving piece starts on `cell`, sorted by text.
    pub fn turns_from(&self, cell: Cell) -> Vec<Turn> {
        let mut turns: Vec<Turn> = self.turns_unsorted().into_iter().filter(|t| t.from() == cell).collect();
        turns.sort_by_cached_key(|t| t.to_string());
        turns
    }

    /// Every legal turn in generation order. None once a King is captured.
    pub fn turns_unsorted(&self) -> Vec<Turn> {
        let mut out = Vec::with_capacity(256);
        self.generate(&mut out);
        out
    }

    pub(crate) fn generate(&self, out: &mut Vec<Turn>) {
        self.generate_from(ALL_CELLS, false, out);
    }

    /// The legal captures (the search's noisy turns), in generation order.
    pub(crate) fn captures(&self) -> Vec<Turn> {
        let mut out = Vec::with_capacity(32);
        self.generate_from(ALL_CELLS, true, &mut out);
        out
    }

    /// Whether `turn` is legal here, generating only the turns of its first piece.
    pub fn is_legal(&self, turn: &Turn) -> bool {
        let mut out = Vec::with_capacity(64);
        self.generate_from(turn.from().bit(), turn.is_capture(), &mut out);
        out.contains(turn)
    }

    /// The legal turns whose (first) piece starts on one of `sources`;
    /// only the captures if `captures_only`.
    fn generate_from(&self, sources: u128, captures_only: bool, out: &mut Vec<Turn>) {
        if self.king_lost().is_some() {
            return;
        }
        let us = self.side_to_move;
        let them = us.opponent();
        let own = self.occ[us.index()];
        let enemy = self.occ[them.index()];
        let empty = ALL_CELLS & !(own | enemy);
        let can_end = empty & !self.mountains;
        let zone = self.spear_zone(us);
        let capturable = self.capturable_mask(them);
        let passable = ALL_CELLS & !self.water & !self.mountains & !enemy & !zone;
        let dragon_passable = ALL_CELLS & !self.water;
        let mut rabbles = 0u128;
        for c in cells_of(own) {
            if self.pieces[c.index()].is_some_and(|p| p.kind == Kind::Rabble) {
                rabbles |= c.bit();
            }
        }

        for s in cells_of(own & sources) {
            let Some(piece) = self.pieces[s.index()] else { continue };
            let kind = piece.kind;
            if kind == Kind::Tower {
                continue;
            }

            // Normal moves: every field reachable in 1..=move steps.
            let pass = match kind {
                Kind::Dragon => dragon_passable,
                Kind::Elephant => passable & !own,
                _ => passable,
            };
            let steps = if captures_only { 0 } else { kind.movement() };
            let mut visited = s.bit();
            let mut frontier = s.bit();
            let mut ends = 0u128;
            for _ in 0..steps {
                let mut next = 0u128;
                for c in cells_of(frontier) {
                    next |= NEIGHBOURS[c.index()];
                }
                next &= !visited;
                visited |= next;
                ends |= next & can_end;
                frontier = next & pass;
                if frontier == 0 {
                    break;
                }
            }
            for t in cells_of(ends) {
                out.push(Turn::Move { from: s, to: t });
                if kind == Kind::Rabble {
                    // The second Rabble move: another Rabble steps to an empty
                    // non-mountain field of the position after the first move.
                    let empty_after = (empty | s.bit()) & !t.bit() & !self.mountains;
                    for r in cells_of(rabbles & !s.bit()) {
                        for u in cells_of(NEIGHBOURS[r.index()] & empty_after) {
                            out.push(Turn::Rabbles { first: (s, t), second: (r, u) });
                        }
                    }
                }
            }

            // Straight-line captures.
            let reach = kind.capture_reach();
            if reach > 0 {
                let dirs: &[Dir] = if kind == Kind::Spears { &Dir::forward(us) } else { &Dir::ALL };
                for &d in dirs {
                    let mut at = s;
                    let mut k = 0u8;
                    while k < reach {
                        let Some(c) = at.step(d) else { break };
                        at = c;
                        k += 1;
                        let b = c.bit();
                        if enemy & b != 0 {
                            if capturable & b != 0 {
                                out.push(Turn::Capture { from: s, captured: c, to: c });
                                if matches!(kind, Kind::LightHorse | Kind::HeavyHorse)
                                    && self.water & b == 0
                                    && zone & b == 0
                                {
                                    // Continue onto empty fields, within the allowance: over
                                    // land, stopping on the first water field (water ends
                                    // every move) or enemy Spears' forward field it enters.
                                    let mut at2 = c;
                                    let mut k2 = k;
                                    while k2 < reach {
                                        let Some(e) = at2.step(d) else { break };
                                        at2 = e;
                                        k2 += 1;
                                        let eb = e.bit();
                                        if empty & eb == 0 || self.mountains & eb != 0 {
                                            break;
                                        }
                                        out.push(Turn::Capture { from: s, captured: c, to: e });
                                        if (zone | self.water) & eb != 0 {
                                            break;
                                        }
                                    }
                                }
                            }
                            if kind == Kind::Dragon && self.water & b == 0 {
                                continue;
                            }
                            break;
                        }
                        if pass & b == 0 {
                            break;
                        }
                    }
                }
            }

            // The Trebuchet: a target it attacks itself, stepping one field away.
            if kind == Kind::Trebuchet && self.water & s.bit() == 0 {
                for d in Dir::ALL {
                    let Some(back) = s.step(d.opposite()) else { continue };
                    if can_end & back.bit() == 0 {
                        continue;
                    }
                    let mut at = s;
                    for k in 1..=Kind::Trebuchet.attack_range() {
                        let Some(c) = at.step(d) else { break };
                        at = c;
                        if enemy & c.bit() != 0 {
                            if k >= Kind::Trebuchet.min_attack_range() && capturable & c.bit() != 0 {
                                out.push(Turn::Shot { from: s, target: c, to: back });
                            }
                            break;
                        }
                    }
                }
            }

            // The King's jump over its own Tower.
            if kind == Kind::King && !captures_only {
                for d in Dir::ALL {
                    let Some(over) = s.step(d) else { continue };
                    let ob = over.bit();
                    if own & ob == 0 || (self.water | zone) & ob != 0 {
                        continue;
                    }
                    if self.pieces[over.index()].is_some_and(|p| p.kind == Kind::Tower) {
                        if let Some(to) = over.step(d) {
                            if can_end & to.bit() != 0 {
                                out.push(Turn::Jump { from: s, over, to });
                            }
                        }
                    }
                }
            }
        }
    }

    /// Moves a piece (nothing if `from` is empty or `to` a mountain).
    fn relocate(&mut self, from: Cell, to: Cell) {
        if self.mountains & to.bit() != 0 {
            return;
        }
        if let Some(p) = self.remove(from) {
            self.put(to, p);
        }
    }

    /// The position after a turn, without checking that it is legal: for
    /// turns from [`Position::legal_turns`]. (Any other turn is carried out
    /// literally, as far as it can be, and never panics.)
    pub fn after(&self, turn: &Turn) -> Position {
        let mut p = self.clone();
        let capture = match *turn {
            Turn::Move { from, to } | Turn::Jump { from, to, .. } => {
                p.relocate(from, to);
                false
            }
            Turn::Capture { from, captured, to } | Turn::Shot { from, target: captured, to } => {
                p.remove(captured);
                p.relocate(from, to);
                true
            }
            Turn::Rabbles { first, second } => {
                p.relocate(first.0, first.1);
                p.relocate(second.0, second.1);
                false
            }
        };
        p.end_turn(capture);
        p
    }

    /// Plays a legal turn.
    pub fn play(&self, turn: &Turn) -> Result<Position, TurnError> {
        if self.turns_unsorted().contains(turn) {
            Ok(self.after(turn))
        } else {
            Err(self.explain(&turn.to_string()))
        }
    }

    /// Plays a turn given as text; returns the turn and the new position.
    pub fn play_text(&self, text: &str) -> Result<(Turn, Position), TurnError> {
        let turn = self.parse_turn(text)?;
        Ok((turn, self.after(&turn)))
    }

    /// The legal turn written `text`, or why there is none.
    pub fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        self.turns_unsorted().into_iter().find(|t| t.to_string() == text).ok_or_else(|| self.explain(text))
    }

    /// Why `text` is not a legal turn here.
    pub(crate) fn explain(&self, text: &str) -> TurnError {
        let clipped: String = text.chars().take(24).collect();
        if let Some(loser) = self.king_lost() {
            return TurnError::GameOver(loser);
        }
        let Some(parts) = split_turn(text) else { return TurnError::Syntax(clipped) };
        let (from, to, capture, second) = match parts {
            Ok(p) => p,
            Err(e) => return TurnError::Cell(e),
        };
        let us = self.side_to_move;
        let Some(piece) = self.piece_at(from) else { return TurnError::NoPiece(from) };
        if piece.side != us {
            return TurnError::NotYours(from, piece.side);
        }
        let reason = if piece.kind == Kind::Tower {
            IllegalTurn::TowerNeverMoves
        } else if capture && piece.kind == Kind::Crossbows {
            IllegalTurn::CrossbowsNeverCapture
        } else if capture && self.piece_at(to).is_some_and(|p| p.side != us) && !self.is_capturable(to) {
            let victim = self.piece_at(to).map_or(Kind::King, |p| p.kind);
            if self.is_shielded(to) {
                IllegalTurn::Shielded { victim, at: to }
            } else {
                IllegalTurn::ArmorHolds { victim, at: to, attackers: self.attackers(to).len() }
            }
        } else if capture && self.piece_at(to).is_none() && !matches!(piece.kind, Kind::LightHorse | Kind::HeavyHorse) {
            IllegalTurn::NothingToCapture(to)
        } else if !capture && self.piece_at(to).is_some() {
            IllegalTurn::Occupied(to)
        } else if second.is_some() && piece.kind != Kind::Rabble {
            IllegalTurn::SecondNotRabble
        } else if second.is_some() {
            IllegalTurn::SecondRabbleMove
        } else {
            IllegalTurn::CannotGo { kind: piece.kind, from, to, capture }
        };
        TurnError::Illegal { text: clipped, reason }
    }

    /// Number of turn sequences of `depth` turns (a turn with two Rabble
    /// moves counts as one). Repetition and the fifty-turn rule are ignored;
    /// a position whose King is captured has no turns.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut turns = Vec::with_capacity(256);
        self.generate(&mut turns);
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|t| self.after(t).perft(depth - 1)).sum()
    }

    /// [`Position::perft`] per legal turn, sorted by text.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.legal_turns()
            .iter()
            .map(|t| (t.to_string(), if depth <= 1 { 1 } else { self.after(t).perft(depth - 1) }))
            .collect()
    }
}

/// Every turn code has this bit set (and none above it), as the chess-like
/// family's move codes do, so that small numbers are never taken for turns.
const CODE_MARK: u32 = 1 << 29;
/// Set in the code of a turn with two Rabble moves, whose four fields fill the bits below.
const CODE_RABBLES: u32 = 1 << 28;
const CODE_KIND_SHIFT: u32 = 21;

/// A turn as one number from 2²⁹ to 2³⁰, the same in every position: for
/// callers that walk the game tree without texts. Fields are their indices
/// (7 bits each): `from`, then the second and third fields of the turn.
pub fn turn_code(turn: &Turn) -> u32 {
    let f = |c: Cell, slot: u32| (c.index() as u32) << (7 * slot);
    let kind = |k: u32| CODE_MARK | k << CODE_KIND_SHIFT;
    match *turn {
        Turn::Move { from, to } => kind(0) | f(from, 0) | f(to, 1),
        Turn::Jump { from, over, to } => kind(1) | f(from, 0) | f(over, 1) | f(to, 2),
        Turn::Capture { from, captured, to } => kind(2) | f(from, 0) | f(captured, 1) | f(to, 2),
        Turn::Shot { from, target, to } => kind(3) | f(from, 0) | f(target, 1) | f(to, 2),
        Turn::Rabbles { first, second } => {
            CODE_MARK | CODE_RABBLES | f(first.0, 0) | f(first.1, 1) | f(second.0, 2) | f(second.1, 3)
        }
    }
}

/// The turn a code stands for, if it is one (whether it is legal anywhere is
/// another question): fields on the board, a known kind, no stray bits.
pub fn turn_from_code(code: u32) -> Option<Turn> {
    if code & !(CODE_MARK - 1) != CODE_MARK {
        return None;
    }
    let cell = |slot: u32| Cell::from_index(((code >> (7 * slot)) & 0x7f) as usize);
    if code & CODE_RABBLES != 0 {
        let (first, second) = ((cell(0)?, cell(1)?), (cell(2)?, cell(3)?));
        let steps = first.0 != first.1 && second.0 != second.1 && first.0 != second.0;
        return steps.then_some(Turn::Rabbles { first, second });
    }
    let kind = (code >> CODE_KIND_SHIFT) & 0x7f;
    let (a, b, c) = (cell(0)?, cell(1)?, cell(2));
    match kind {
        0 if code & (0x7f << 14) == 0 && a != b => Some(Turn::Move { from: a, to: b }),
        1..=3 => {
            // Three different fields (a Horse's capture may end on the captured field).
            let c = c?;
            let distinct = a != b && a != c && (b != c || kind == 2);
            match kind {
                1 if distinct => Some(Turn::Jump { from: a, over: b, to: c }),
                2 if distinct => Some(Turn::Capture { from: a, captured: b, to: c }),
                3 if distinct => Some(Turn::Shot { from: a, target: b, to: c }),
                _ => None,
            }
        }
        _ => None,
    }
}

impl Position {
    /// The fields the moving piece passes between its start and where it
    /// ends, in order, for a board to draw its path: a shortest way of a
    /// move, the straight line of a capture (the captured field included
    /// when a Horse goes on past it), the Tower a King jumps; none for the
    /// Trebuchet's shot and a turn with two Rabble moves (one step each).
    pub fn turn_path(&self, turn: &Turn) -> Vec<Cell> {
        match *turn {
            Turn::Move { from, to } => self.shortest_way(from, to),
            Turn::Jump { over, .. } => vec![over],
            Turn::Capture { from, to, .. } => match from.line_to(to) {
                Some((d, n)) => from.line(d).take(n as usize - 1).collect(),
                None => Vec::new(),
            },
            Turn::Shot { .. } | Turn::Rabbles { .. } => Vec::new(),
        }
    }

    /// The fields between `from` and `to` on a shortest way the piece on
    /// `from` may take (breadth first over the fields it may pass).
    fn shortest_way(&self, from: Cell, to: Cell) -> Vec<Cell> {
        let Some(piece) = self.piece_at(from) else { return Vec::new() };
        let us = piece.side;
        let own = self.occ[us.index()];
        let enemy = self.occ[us.opponent().index()];
        let zone = self.spear_zone(us);
        let passable = ALL_CELLS & !self.water & !self.mountains & !enemy & !zone;
        let pass = match piece.kind {
            Kind::Dragon => ALL_CELLS & !self.water,
            Kind::Elephant => passable & !own,
            _ => passable,
        };
        let mut came_from = [u8::MAX; super::board::CELLS];
        let mut frontier = from.bit();
        let mut visited = from.bit();
        for _ in 0..piece.kind.movement() {
            let mut next = 0u128;
            for c in cells_of(frontier) {
                for n in cells_of(NEIGHBOURS[c.index()] & !visited) {
                    came_from[n.index()] = c.index() as u8;
                    next |= n.bit();
                    visited |= n.bit();
                }
            }
            if next & to.bit() != 0 {
                let mut way = Vec::new();
                let mut at = came_from[to.index()] as usize;
                while at != from.index() && at < super::board::CELLS {
                    way.push(Cell::from_u8(at as u8));
                    at = came_from[at] as usize;
                }
                way.reverse();
                return way;
            }
            frontier = next & pass;
        }
        Vec::new()
    }
}

/// Reads the shape of a move text: `(from, to, capture, second move)`.
/// `None`: not a move text at all; `Some(Err)`: names a field that does not exist.
#[allow(clippy::type_complexity)]
fn split_turn(text: &str) -> Option<Result<(Cell, Cell, bool, Option<(Cell, Cell)>), CellError>> {
    fn cells(t: &str) -> Option<(&str, &str, bool)> {
        let bytes = t.as_bytes();
        // A field name is a letter and one digit.
        if bytes.len() < 4 || !t.is_ascii() {
            return None;
        }
        let (a, rest) = t.split_at(2);
        let (capture, b) = match rest.strip_prefix('x') {
            Some(b) => (true, b),
            None => (false, rest),
        };
        (b.len() == 2).then_some((a, b, capture))
    }
    let (head, tail) = match text.split_once('+') {
        Some((h, t)) => (h, Some(t)),
        None => (text, None),
    };
    let (a, b, capture) = cells(head)?;
    let second = match tail {
        Some(t) => {
            let (c, d, cap2) = cells(t)?;
            if cap2 || capture {
                return None;
            }
            Some((c, d))
        }
        None => None,
    };
    Some((|| {
        let from = Cell::parse(a)?;
        let to = Cell::parse(b)?;
        let second = match second {
            Some((c, d)) => Some((Cell::parse(c)?, Cell::parse(d)?)),
            None => None,
        };
        Ok((from, to, capture, second))
    })())
}

/// Why a turn could not be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TurnError {
    /// The text is not shaped like a move.
    Syntax(String),
    /// It names a field that does not exist.
    Cell(CellError),
    /// No piece stands where the move starts.
    NoPiece(Cell),
    /// The piece belongs to the side not to move.
    NotYours(Cell, Side),
    /// A well-formed turn that the rules do not allow here.
    Illegal { text: String, reason: IllegalTurn },
    /// The game is over: this side's King has been captured.
    GameOver(Side),
}

impl fmt::Display for TurnError {
    /// Its code's line in Cyvasse's table of words (`codes.rs`); a turn the
    /// rules refuse, with its move text before the reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Illegal { text, reason } => write!(f, "illegal move {text}: {reason}"),
            _ => f.write_str(&crate::door::codes::line(super::codes::WORDS, self)),
        }
    }
}

impl std::error::Error for TurnError {}

/// Why a well-formed turn may not be played here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalTurn {
    TowerNeverMoves,
    CrossbowsNeverCapture,
    /// The piece to capture stands next to a Tower of its own.
    Shielded {
        victim: Kind,
        at: Cell,
    },
    /// Too few attackers for the piece's armor.
    ArmorHolds {
        victim: Kind,
        at: Cell,
        attackers: usize,
    },
    NothingToCapture(Cell),
    Occupied(Cell),
    /// A second move after a piece that is not a Rabble.
    SecondNotRabble,
    /// A second move that is not another Rabble's step to an empty field.
    SecondRabbleMove,
    /// The piece's moves do not reach (or capture on) the field.
    CannotGo {
        kind: Kind,
        from: Cell,
        to: Cell,
        capture: bool,
    },
}
