//! Glicko-2 ratings, per player and variant (the `skillratings` crate's
//! Glicko-2). A player starts at 1500 with deviation 350 and volatility
//! 0.06; the system constant τ is 0.5 (Glickman suggests 0.3 to 1.2); each
//! rated game is a rating period of its own, so a rating moves as soon as a
//! game ends (as on lichess). The update is made by the storage, in the
//! transaction that stores the game's end (`storage/players.rs`), so it
//! happens once and survives a crash like the end itself.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::event::GameResult;

pub const START_RATING: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;
pub const START_VOLATILITY: f64 = 0.06;
/// Glicko-2's system constant τ: how fast volatility may change.
pub const TAU: f64 = 0.5;

/// A player's rating in one variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY, games: 0 }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config { tau: TAU, ..Glicko2Config::new() }
}

fn glicko(r: Rating) -> Glicko2Rating {
    Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

fn back(g: Glicko2Rating, games: i64) -> Rating {
    Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility, games: games + 1 }
}

/// Both players' ratings after a rated game between them (`first` held the first seat).
pub fn after_game(first: Rating, second: Rating, result: GameResult) -> (Rating, Rating) {
    let outcome = match result {
        GameResult::FirstWins => Outcomes::WIN,
        GameResult::SecondWins => Outcomes::LOSS,
        GameResult::Draw => Outcomes::DRAW,
        // An aborted game rates nobody (`rated_pair` leaves it out before this).
        GameResult::NoResult => return (first, second),
    };
    let (a, b) = glicko2(&glicko(first), &glicko(second), &outcome, &config());
    (back(a, first.games), back(b, second.games))
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman, "Example of the Glicko-2 system": 1500/200 against 1400/30
    /// (won), 1550/100 and 1700/300 (lost) gives 1464.06 / 151.52.
    #[test]
    fn glickmans_worked_example_gives_his_figures() {
        let player = Glicko2Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opponent = |rating, deviation| Glicko2Rating { rating, deviation, volatility: 0.06 };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player, &results, &config());
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!((after.deviation - 151.52).abs() < 0.01, "{}", after.deviation);
        assert!((after.volatility - 0.05999).abs() < 0.0001, "{}", after.volatility);
    }

    /// Two new players: the winner gains what the loser loses (same
    /// deviations), about 162 points, and both grow surer.
    #[test]
    fn a_first_game_between_new_players_moves_both_by_the_same() {
        let (w, l) = after_game(Rating::default(), Rating::default(), GameResult::FirstWins);
        assert!((w.rating - 1662.31).abs() < 0.01, "{}", w.rating);
        assert!((l.rating - 1337.69).abs() < 0.01, "{}", l.rating);
        assert!(w.deviation < START_DEVIATION && (w.deviation - l.deviation).abs() < 1e-9);
        assert_eq!((w.games, l.games), (1, 1));
        let (d1, d2) = after_game(Rating::default(), Rating::default(), GameResult::Draw);
        assert!((d1.rating - START_RATING).abs() < 1e-9 && (d2.rating - START_RATING).abs() < 1e-9);
    }
}
