//! The middle of a turn made of two moves (Cyvasse's second Rabble move): a
//! board shows the first move played and offers the second ones before the
//! engine plays the whole turn at once. The door answers what such a board
//! needs, so that it never replays moves of its own: the position after the
//! first move alone, and the legal turns that go on from it.

use super::{BoardPiece, DoorError, FromTo, Game};

/// A turn's first move played, its second one still to choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialTurn {
    /// The position string after the first move alone (the turn may end there).
    pub position: String,
    /// The pieces after the first move, as [`Game::board`] lists them
    /// (engagement included, counted as the first move leaves them).
    pub board: Vec<BoardPiece>,
    /// The legal turns that go on from the first move with a second one:
    /// each the whole turn's text (`a4a5+c4d4`, as [`Game::legal_moves`]
    /// lists it) and its second move. Empty for a first move no second may
    /// follow (a capture, a piece other than a Rabble, any chess-like move).
    pub seconds: Vec<SecondMove>,
}

/// A turn that goes on with a second move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondMove {
    /// The whole turn's move text.
    pub turn: String,
    /// Its second move.
    pub second: FromTo,
}

impl Game {
    /// The turn after its first move `first` (a move that may be played now on
    /// its own): the position it leaves and the legal turns that continue it.
    /// Refused, with the engine's reason, when `first` may not be played now.
    pub fn partial_turn(&self, first: &str) -> Result<PartialTurn, DoorError> {
        let single = self.describe(first)?;
        let mut seconds = Vec::new();
        // A whole two-move turn given as `first` continues nothing.
        if let (Some(from), None) = (single.from.as_deref(), &single.second) {
            for turn in self.moves_from(from)? {
                let record = self.describe(&turn)?;
                if let (Some(second), true) = (record.second, record.to == single.to) {
                    seconds.push(SecondMove { turn, second });
                }
            }
        }
        let mut after = self.clone();
        after.push(first)?;
        Ok(PartialTurn { position: after.position(), board: after.board(), seconds })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_rabble_move_leaves_the_position_it_plays_and_offers_every_turn_that_goes_on_from_it() {
        let game = Game::new("cyvasse", None).unwrap();
        let part = game.partial_turn("a4a5").unwrap();
        let mut alone = game.clone();
        alone.play("a4a5").unwrap();
        assert_eq!(part.position, alone.position());
        assert_eq!(part.board, alone.board());
        assert!(part.board.iter().any(|p| p.square == "a5" && p.piece == "R"));
        assert!(!part.board.iter().any(|p| p.square == "a4"));
        let mut listed: Vec<String> = game.legal_moves().into_iter().filter(|m| m.starts_with("a4a5+")).collect();
        let mut offered: Vec<String> = part.seconds.iter().map(|s| s.turn.clone()).collect();
        listed.sort();
        offered.sort();
        assert_eq!(offered, listed);
        assert_eq!(offered.len(), 14);
        let one = part.seconds.iter().find(|s| s.turn == "a4a5+c4d4").unwrap();
        assert_eq!(one.second, FromTo { from: "c4".into(), to: "d4".into() });
        // The game itself is not moved.
        assert_eq!(game.history(), Vec::<String>::new());
    }

    #[test]
    fn a_move_no_second_may_follow_offers_none() {
        let chess = Game::new("chess", None).unwrap();
        let part = chess.partial_turn("e2e4").unwrap();
        assert!(part.seconds.is_empty());
        let mut alone = chess.clone();
        alone.play("e2e4").unwrap();
        assert_eq!(part.position, alone.position());
        let cyvasse = Game::new("cyvasse", None).unwrap();
        let board = cyvasse.board();
        let not_rabble = |m: &String| board.iter().any(|p| m.starts_with(&p.square) && p.piece != "R");
        let other =
            cyvasse.legal_moves().into_iter().find(not_rabble).expect("a piece other than a Rabble moves at the start");
        assert!(cyvasse.partial_turn(&other).unwrap().seconds.is_empty());
    }

    #[test]
    fn a_first_move_that_may_not_be_played_now_is_refused_with_the_engines_reason() {
        let game = Game::new("cyvasse", None).unwrap();
        let e = game.partial_turn("a4a7").unwrap_err();
        assert_eq!(e.code(), game.describe("a4a7").unwrap_err().code());
        assert!(!e.message().is_empty());
        // A whole two-move turn given as the first move continues nothing.
        assert!(game.partial_turn("a4a5+c4d4").unwrap().seconds.is_empty());
    }
}
