//! Clocks, timed by the server: a live clock (initial time plus an increment
//! after each move) or a correspondence one (each move within `days` days of
//! the previous). Both are the same thing here: each side has time left, the
//! side to move's runs from the last event, and a correspondence move sets
//! the mover's time back to the full `days`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::engine::Side;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// The longest live initial time and increment, and correspondence days.
const MAX_INITIAL_S: f64 = 24.0 * 60.0 * 60.0;
const MAX_INCREMENT_S: f64 = 60.0 * 60.0;
const MAX_DAYS: f64 = 60.0;

/// A game's clock as the creator asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ClockSpec {
    Live { initial: f64, increment: f64 },
    Correspondence { days: f64 },
}

impl ClockSpec {
    /// Reads the `clock` field of a create request (`null` or missing: no clock).
    pub fn from_request(value: Option<&Value>) -> Result<Option<ClockSpec>, String> {
        let Some(value) = value.filter(|v| !v.is_null()) else { return Ok(None) };
        let spec: ClockSpec = serde_json::from_value(value.clone())
            .map_err(|_| "clock is {\"initial\": <seconds>, \"increment\": <seconds>}, {\"days\": <days>} or null")?;
        match spec {
            ClockSpec::Live { initial, increment } => {
                if !(initial > 0.0 && initial <= MAX_INITIAL_S) {
                    return Err(format!("clock initial must be above 0 and at most {MAX_INITIAL_S} seconds"));
                }
                if !(0.0..=MAX_INCREMENT_S).contains(&increment) {
                    return Err(format!("clock increment must be 0 to {MAX_INCREMENT_S} seconds"));
                }
            }
            ClockSpec::Correspondence { days } => {
                if !(days > 0.0 && days <= MAX_DAYS) {
                    return Err(format!("clock days must be above 0 and at most {MAX_DAYS}"));
                }
            }
        }
        Ok(Some(spec))
    }

    fn full_ms(self) -> i64 {
        match self {
            ClockSpec::Live { initial, .. } => (initial * 1000.0).round() as i64,
            ClockSpec::Correspondence { days } => (days * DAY_MS as f64).round() as i64,
        }
    }
}

impl ClockSpec {
    /// A correspondence clock (days a move): such a game never aborts on its own.
    pub fn is_correspondence(self) -> bool {
        matches!(self, ClockSpec::Correspondence { .. })
    }
}

/// Milliseconds left for each seat: `{"first": ms, "second": ms}` on the wire and in storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Times {
    pub first: i64,
    pub second: i64,
}

/// Time left for each side, and since when the side to move's time runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    pub spec: ClockSpec,
    /// Milliseconds left, first seat then second, as of `since`.
    left: [i64; 2],
    /// When the running side's time started to run (ms since the epoch); `None` while stopped.
    since: Option<i64>,
}

fn index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

impl Clock {
    pub fn new(spec: ClockSpec) -> Clock {
        let full = spec.full_ms();
        Clock { spec, left: [full, full], since: None }
    }

    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Starts the side to move's time at `at`.
    pub fn start(&mut self, at: i64) {
        self.since = Some(at);
    }

    /// Time left for each side at `now`, `turn` to move.
    pub fn left_at(&self, turn: Side, now: i64) -> [i64; 2] {
        let mut left = self.left;
        if let Some(since) = self.since {
            left[index(turn)] -= (now - since).max(0);
        }
        left
    }

    /// When `turn`'s flag falls (ms since the epoch), if the clock runs.
    pub fn deadline(&self, turn: Side) -> Option<i64> {
        self.since.map(|since| since + self.left[index(turn)])
    }

    pub fn has_flagged(&self, turn: Side, now: i64) -> bool {
        self.deadline(turn).is_some_and(|d| now >= d)
    }

    /// The clock after `mover` moves at `at`: their time charged, then the
    /// increment added (live), or reset to the full days (correspondence).
    /// A clock not yet running (the first moves, `game.rs`) charges and adds nothing.
    pub fn after_move(&self, mover: Side, at: i64) -> Clock {
        if !self.is_running() {
            return *self;
        }
        let mut next = *self;
        next.left = self.left_at(mover, at);
        next.left[index(mover)] = match self.spec {
            ClockSpec::Live { increment, .. } => next.left[index(mover)] + (increment * 1000.0).round() as i64,
            ClockSpec::Correspondence { .. } => self.spec.full_ms(),
        };
        next.since = Some(at);
        next
    }

    /// Stops the clock at `at` (the game ended), `turn` having been to move.
    pub fn stop(&mut self, turn: Side, at: i64) {
        self.left = self.left_at(turn, at).map(|ms| ms.max(0));
        self.since = None;
    }

    /// Sets the time left from a stored move's `clock`, running from `at` (if it ran).
    pub fn restore(&mut self, times: Times, at: i64) {
        self.left = [times.first, times.second];
        if self.since.is_some() {
            self.since = Some(at);
        }
    }

    /// The time left at `now`, never below zero.
    pub fn times(&self, turn: Side, now: i64) -> Times {
        let [first, second] = self.left_at(turn, now).map(|ms| ms.max(0));
        Times { first, second }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_live_clock_charges_the_mover_and_adds_the_increment() {
        let mut clock = Clock::new(ClockSpec::Live { initial: 60.0, increment: 2.0 });
        clock.start(1_000);
        let after = clock.after_move(Side::First, 11_000);
        assert_eq!(after.left_at(Side::Second, 11_000), [52_000, 60_000]);
        assert_eq!(after.deadline(Side::Second), Some(71_000));
        assert!(!after.has_flagged(Side::Second, 70_999));
        assert!(after.has_flagged(Side::Second, 71_000));
    }

    #[test]
    fn a_move_before_the_clock_runs_charges_nothing_and_adds_nothing() {
        let clock = Clock::new(ClockSpec::Live { initial: 60.0, increment: 2.0 });
        let after = clock.after_move(Side::First, 50_000);
        assert_eq!(after.left_at(Side::Second, 90_000), [60_000, 60_000]);
        assert!(!after.is_running());
        assert_eq!(after.deadline(Side::Second), None);
    }

    #[test]
    fn a_correspondence_move_resets_the_movers_days() {
        let mut clock = Clock::new(ClockSpec::Correspondence { days: 1.0 });
        clock.start(0);
        let after = clock.after_move(Side::First, DAY_MS / 2);
        assert_eq!(after.left_at(Side::Second, DAY_MS / 2), [DAY_MS, DAY_MS]);
        assert_eq!(after.deadline(Side::Second), Some(DAY_MS / 2 + DAY_MS));
    }

    #[test]
    fn a_stopped_clock_keeps_its_times() {
        let mut clock = Clock::new(ClockSpec::Live { initial: 10.0, increment: 0.0 });
        clock.start(0);
        clock.stop(Side::First, 4_000);
        assert_eq!(clock.left_at(Side::First, 1_000_000), [6_000, 10_000]);
        assert_eq!(clock.deadline(Side::First), None);
    }

    #[test]
    fn clock_requests_are_checked() {
        assert_eq!(ClockSpec::from_request(None), Ok(None));
        assert_eq!(ClockSpec::from_request(Some(&Value::Null)), Ok(None));
        let days = json!({"days": 3});
        assert_eq!(ClockSpec::from_request(Some(&days)), Ok(Some(ClockSpec::Correspondence { days: 3.0 })));
        for bad in [json!({"initial": 0, "increment": 0}), json!({"initial": 60}), json!({"days": -1}), json!("5+3")] {
            assert!(ClockSpec::from_request(Some(&bad)).is_err(), "{bad}");
        }
    }
}
