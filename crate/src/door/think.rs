//! A search run for an engine protocol (`zilo uci`): beyond its limits it
//! can be stopped from another thread, can leave root moves out (MultiPV:
//! the second line is the best of the rest) and can keep its table from one
//! move of a game to the next, whatever the game's family.

use std::any::Any;
use std::sync::atomic::AtomicBool;

use crate::game_position::{Evaluation, GamePosition};
use crate::search::Searcher;

/// Bytes per table slot (`search::tt`).
const SLOT_BYTES: usize = 16;
/// The largest table a memory is given: 2^30 slots (16 GiB).
const MAX_TABLE_LOG2: u32 = 30;

/// A search's table and move ordering, kept between searches (an engine's
/// `Hash`). It holds the searcher of the family searched last; a search in
/// another family starts a new one.
pub struct SearchMemory {
    table_log2: u32,
    searcher: Option<Box<dyn Any + Send>>,
}

impl SearchMemory {
    /// A memory whose table takes at most `megabytes` MiB (at least one slot).
    pub fn with_megabytes(megabytes: usize) -> SearchMemory {
        let slots = (megabytes.max(1) << 20) / SLOT_BYTES;
        SearchMemory { table_log2: slots.ilog2().min(MAX_TABLE_LOG2), searcher: None }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.searcher = None;
    }

    /// The searcher for positions `P`, made on first use.
    pub(crate) fn searcher<P: GamePosition + Evaluation>(&mut self) -> &mut Searcher<P> {
        if !self.searcher.as_ref().is_some_and(|s| s.is::<Searcher<P>>()) {
            self.searcher = Some(Box::new(Searcher::<P>::with_table_size(self.table_log2)));
        }
        self.searcher.as_mut().and_then(|s| s.downcast_mut()).expect("made above")
    }
}

/// How to run one search, beyond its limits. The default is a plain search:
/// never stopped from outside, every root move, a fresh table.
#[derive(Default)]
pub struct Thinking<'a> {
    /// Set from another thread to end the search at once (with the answer so far).
    pub stop: Option<&'a AtomicBool>,
    /// Root moves, as texts, not to consider.
    pub excluded: &'a [String],
    /// The table to use and keep; `None`: a fresh one for this search.
    pub memory: Option<&'a mut SearchMemory>,
}
