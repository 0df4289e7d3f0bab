//! The two move counters that end every game's position string: the plies
//! since the last capture (or pawn move, or drop) and the move (or turn)
//! number. Every game reads them the same way, from one range, so that a
//! position string is refused for the same reason in every game and a game
//! continued from any accepted position counts on without overflowing.

/// The largest value either counter may be given: far more than any game
/// reaches, and far enough below `u32::MAX` that a game continued from it
/// keeps counting.
pub const MAX_COUNTER: u32 = 1_000_000;

/// A counter that could not be read: which one, its text (clipped), and the
/// range it must be in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterError {
    /// What the game calls it: `half-move counter`, `turn number`, …
    pub counter: &'static str,
    pub text: String,
    /// The smallest value (the move number starts at 1).
    pub low: u32,
}

impl std::error::Error for CounterError {}

/// Reads a counter written in decimal digits, from `low` to [`MAX_COUNTER`].
pub fn parse_counter(counter: &'static str, text: &str, low: u32) -> Result<u32, CounterError> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    // Longer digit strings are out of range whatever they say.
    let value = if digits && text.len() <= 10 { text.parse::<u64>().ok() } else { None };
    match value {
        Some(n) if (low as u64..=MAX_COUNTER as u64).contains(&n) => Ok(n as u32),
        _ => Err(CounterError { counter, text: text.chars().take(24).collect(), low }),
    }
}
