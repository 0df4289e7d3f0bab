//! Time management: how long to think on a clock (`go wtime … btime …`).
//!
//! A share of the remaining time (all of it spread over `movestogo` moves,
//! or over [`MOVES_LEFT`] when the control has no move count) plus most of
//! the increment, never more than a safe fraction of what is left after the
//! move overhead (the time lost between the engine's answer and the GUI's
//! clock: pipes, process switches, a loaded machine). The search stops at
//! once when this allocation runs out, and does not start an iteration past
//! about half of it, so it usually answers well inside it.
//!
//! USI's byoyomi (a time granted afresh for every move once the clock is
//! spent) is added whole to that share, less the overhead: it cannot be
//! saved, so it is there to be used.

/// The moves a game is expected still to last when the control has no move count.
pub const MOVES_LEFT: u64 = 30;
/// The share of the increment spent on a move.
const INCREMENT_SHARE: f64 = 0.75;
/// Never more than this fraction of the time left (after the overhead) on one move...
const HARD_FRACTION: f64 = 0.5;
/// ...or, on the last move before the control's time is added, this one.
const HARD_FRACTION_LAST_MOVE: f64 = 0.8;

/// One side's clock, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: u64,
    pub increment_ms: u64,
    /// Moves until the next time control adds time.
    pub moves_to_go: Option<u64>,
    /// Granted for every move on top of `time_ms` (USI's byoyomi).
    pub byoyomi_ms: u64,
}

/// How many milliseconds to think on `clock`, keeping `overhead_ms` for the answer to arrive.
/// Always at least 1 (the search then completes its first, small iteration only).
pub fn allocate(clock: Clock, overhead_ms: u64) -> u64 {
    if clock.byoyomi_ms > 0 {
        // The share of the clock (none of it kept for the overhead), then the byoyomi less the overhead.
        let main = if clock.time_ms == 0 { 0 } else { allocate(Clock { byoyomi_ms: 0, ..clock }, 0) };
        return (main + clock.byoyomi_ms).saturating_sub(overhead_ms).max(1);
    }
    let left = clock.time_ms.saturating_sub(overhead_ms) as f64;
    let moves = clock.moves_to_go.unwrap_or(MOVES_LEFT).max(1);
    let share = left / moves as f64 + clock.increment_ms as f64 * INCREMENT_SHARE;
    let hard = left * if moves == 1 { HARD_FRACTION_LAST_MOVE } else { HARD_FRACTION };
    share.min(hard).max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time_ms: u64, increment_ms: u64, moves_to_go: Option<u64>) -> Clock {
        Clock { time_ms, increment_ms, moves_to_go, byoyomi_ms: 0 }
    }

    #[test]
    fn spends_a_share_of_the_time_plus_most_of_the_increment() {
        // 10 s + 0.1 s: 9 950 / 30 + 75.
        assert_eq!(allocate(clock(10_000, 100, None), 50), 406);
        // 40 moves in 60 s: a fortieth.
        assert_eq!(allocate(clock(60_000, 0, Some(40)), 0), 1_500);
    }

    #[test]
    fn never_spends_more_than_a_safe_fraction_of_what_is_left() {
        // Little time and a large increment: the increment alone would lose on time.
        assert_eq!(allocate(clock(300, 2_000, None), 50), 125);
        // The last move of a control may use more, but not all.
        assert_eq!(allocate(clock(1_050, 0, Some(1)), 50), 800);
        for time in [0, 1, 10, 49, 50, 51, 100, 1_000, 10_000] {
            for inc in [0, 100, 1_000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let a = allocate(clock(time, inc, mtg), 50);
                    assert!(a >= 1);
                    assert!(a as f64 <= (time.saturating_sub(50) as f64 * 0.8).max(1.0), "{time} {inc} {mtg:?}: {a}");
                }
            }
        }
    }

    #[test]
    fn a_byoyomi_is_spent_whole_less_the_overhead_on_top_of_the_clocks_share() {
        let byoyomi = |time_ms, byoyomi_ms| Clock { time_ms, increment_ms: 0, moves_to_go: None, byoyomi_ms };
        // The clock spent: the byoyomi alone, less the overhead.
        assert_eq!(allocate(byoyomi(0, 1_000), 50), 950);
        // 30 s left: a thirtieth of it, then the byoyomi.
        assert_eq!(allocate(byoyomi(30_000, 1_000), 50), 1_950);
        // Never past what is left of the clock and the byoyomi together.
        for time in [0, 10, 100, 1_000, 60_000] {
            for b in [1, 50, 100, 1_000] {
                let a = allocate(byoyomi(time, b), 50);
                assert!(a >= 1 && (a < time + b || a == 1), "{time} {b}: {a}");
            }
        }
    }
}
