//! The transposition table: a fixed-size array of results of earlier
//! searches, indexed by the position's Zobrist hash (which covers board,
//! hands and side to move).

use crate::moves::Move;

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy)]
pub struct Entry {
    /// The upper 32 bits of the hash (the lower ones chose the slot).
    check: u32,
    pub best: Option<Move>,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
    generation: u8,
}

const EMPTY: Entry = Entry { check: 0, best: None, score: 0, depth: -1, bound: Bound::Upper, generation: 0 };

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^log2_entries` slots.
    pub fn new(log2_entries: u32) -> Table {
        let size = 1usize << log2_entries;
        Table { entries: vec![EMPTY; size], mask: size - 1, generation: 0 }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 0;
    }

    /// Marks a new search: entries of older searches are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let e = self.entries[hash as usize & self.mask];
        (e.check == (hash >> 32) as u32 && e.depth >= 0).then_some(e)
    }

    #[inline]
    pub fn store(&mut self, hash: u64, depth: i32, score: i32, bound: Bound, best: Option<Move>) {
        let slot = &mut self.entries[hash as usize & self.mask];
        let check = (hash >> 32) as u32;
        let same = slot.check == check;
        // Keep a deeper result of this search for the same position, and its
        // move if the new result has none.
        if same && slot.generation == self.generation && slot.depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        let best = if best.is_none() && same { slot.best } else { best };
        *slot = Entry {
            check,
            best,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, i8::MAX as i32) as i8,
            bound,
            generation: self.generation,
        };
    }
}
