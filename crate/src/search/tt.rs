//! The transposition table: a fixed-size array of results of earlier
//! searches, indexed by the position's Zobrist hash (which covers board,
//! hands and side to move).

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
pub struct Entry<M> {
    /// The upper 32 bits of the hash (the lower ones chose the slot).
    check: u32,
    pub best: Option<M>,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
    generation: u8,
    /// The static evaluation, or `NO_EVAL`.
    pub eval: i16,
}

pub const NO_EVAL: i16 = i16::MIN;

/// See [`Table::new_search`].
const AGE_SWEEP: u8 = 64;
const MAX_AGE: u8 = 128;

impl<M: Copy> Entry<M> {
    const EMPTY: Entry<M> =
        Entry { check: 0, best: None, score: 0, depth: -1, bound: Bound::Upper, generation: 0, eval: NO_EVAL };
}

pub struct Table<M> {
    entries: Vec<Entry<M>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of `2^log2_entries` slots.
    pub fn new(log2_entries: u32) -> Table<M> {
        let size = 1usize << log2_entries.max(1);
        Table { entries: vec![Entry::EMPTY; size], mask: size - 1, generation: 0 }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Marks a new search: entries of older searches are replaced first.
    ///
    /// An entry's age is the wrapping distance from its generation to the
    /// table's. So that an entry 256 searches old never reads as new, every
    /// `AGE_SWEEP` searches the entries older than `MAX_AGE` are made exactly
    /// `MAX_AGE` old: ages stay below `MAX_AGE + AGE_SWEEP` < 256.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation.is_multiple_of(AGE_SWEEP) {
            let generation = self.generation;
            for e in self.entries.iter_mut().filter(|e| e.depth >= 0) {
                if generation.wrapping_sub(e.generation) > MAX_AGE {
                    e.generation = generation.wrapping_sub(MAX_AGE);
                }
            }
        }
    }

    /// How many searches ago `e` was written.
    #[inline]
    fn age(&self, e: &Entry<M>) -> u8 {
        self.generation.wrapping_sub(e.generation)
    }

    /// The two slots a hash may live in.
    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize & self.mask) & !1
    }

    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry<M>> {
        let b = self.bucket(hash);
        let check = (hash >> 32) as u32;
        self.entries[b..b + 2].iter().find(|e| e.check == check && e.depth >= 0).copied()
    }

    /// Stores a result. Of the bucket's two slots it takes the one already
    /// holding this position, else the one of least worth (shallow or from
    /// an older search). A deeper bound of this search for the same
    /// position is not overwritten by a shallower one.
    #[inline]
    pub fn store(&mut self, hash: u64, depth: i32, score: i32, bound: Bound, best: Option<M>, eval: i16) {
        let b = self.bucket(hash);
        let check = (hash >> 32) as u32;
        let generation = self.generation;
        let worth = |e: &Entry<M>| e.depth as i32 - if self.age(e) == 0 { 0 } else { 64 };
        let i = if self.entries[b].check == check {
            b
        } else if self.entries[b + 1].check == check {
            b + 1
        } else if worth(&self.entries[b]) <= worth(&self.entries[b + 1]) {
            b
        } else {
            b + 1
        };
        let slot = &mut self.entries[i];
        let same = slot.check == check && slot.depth >= 0;
        if same && slot.generation == generation && slot.depth as i32 > depth && bound != Bound::Exact {
            if slot.eval == NO_EVAL {
                slot.eval = eval;
            }
            return;
        }
        let best = if best.is_none() && same { slot.best } else { best };
        let eval = if eval == NO_EVAL && same { slot.eval } else { eval };
        *slot = Entry {
            check,
            best,
            score: score.clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16,
            depth: depth.clamp(0, i8::MAX as i32) as i8,
            bound,
            generation,
            eval,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two hashes that share a bucket (same low bits) but not a check word.
    const A: u64 = 0x0000_0001_0000_0010;
    const B: u64 = 0x0000_0002_0000_0010;
    const C: u64 = 0x0000_0003_0000_0010;

    #[test]
    fn an_entry_hundreds_of_searches_old_is_replaced_before_a_current_one() {
        let mut t: Table<u16> = Table::new(8);
        t.store(A, 30, 0, Bound::Exact, Some(1), NO_EVAL);
        // Exactly 256 searches later, an 8-bit generation is back where it was.
        for _ in 0..256 {
            t.new_search();
        }
        t.store(B, 5, 0, Bound::Exact, Some(2), NO_EVAL);
        // The bucket is full: the third position must evict the old deep
        // entry, not the shallow one of this search.
        t.store(C, 4, 0, Bound::Exact, Some(3), NO_EVAL);
        assert!(t.probe(A).is_none(), "the old entry survived");
        assert_eq!(t.probe(B).map(|e| e.best), Some(Some(2)));
        assert_eq!(t.probe(C).map(|e| e.best), Some(Some(3)));
    }

    #[test]
    fn a_shallower_result_replaces_the_same_position_of_an_old_search() {
        let mut t: Table<u16> = Table::new(8);
        t.store(A, 30, 100, Bound::Lower, Some(1), NO_EVAL);
        for _ in 0..512 {
            t.new_search();
        }
        t.store(A, 3, -50, Bound::Upper, Some(2), NO_EVAL);
        let e = t.probe(A).expect("stored");
        assert_eq!((e.depth, e.score, e.best), (3, -50, Some(2)));
    }
}
