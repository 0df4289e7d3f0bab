//! How other programs name our games, as data of each game.

/// How other programs name a game where their name is not its id: PGN's
/// `Variant` tag (lichess's and pychess-variants' names) and XBoard's
/// `variant` command. Data of each game, so the formats' code names none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NamesElsewhere {
    /// `Variant` tag values read as this game (case aside); the first is the
    /// one written. Empty: the game's id is its tag.
    pub pgn: &'static [&'static str],
    /// The name in XBoard's `variant` command and `feature variants=`.
    pub xboard: Option<&'static str>,
}
