//! What a family implements, once, to stand behind the door: its positions
//! as [`DoorPosition`] (moves described, squares and pieces named, the end
//! in words), the family itself as a [`DoorFamily`] (its ids, how a game is
//! made), and, for a game with a hidden setup, its [`SetupRules`].

use super::info::GameInfo;
use super::setup::HalfBoard;
use super::{AnyGame, BoardPiece, DoorError, MoveRecord, Side};
use crate::game_position::Evaluation;
use crate::players::{GameRecord, MatchOptions, MatchResult, PlayerSpec};
use crate::record::Record;

/// A position of a family that stands behind the door: its rules
/// (`GamePosition`) and the search's hooks ([`Evaluation`], whose defaults
/// let a new family play before it has an evaluation).
pub trait DoorPosition: Evaluation {
    /// The id of the game this position belongs to.
    fn game_id(&self) -> &'static str;
    /// The side of the door a family's side is.
    fn door_side(side: Self::Side) -> Side;
    fn family_side(side: Side) -> Self::Side;

    /// The number of the move (a pair of plies, the first player's first)
    /// this position's side to move is to make: position strings' last field.
    fn move_number(&self) -> u32;

    /// Plays the legal move `m`: the next position, and the move's record
    /// (everything but `check`, which the door adds from the next position).
    fn play_recorded(&self, m: Self::Move) -> (Self, MoveRecord);

    /// The outcome of a finished game in words: a title and a sentence.
    fn ending_words(record: &Record<Self>) -> (String, String);

    /// A move as one whole number, the same for the same move in every
    /// position of the game (see `Game::legal_move_codes`).
    fn move_code(&self, m: Self::Move) -> u32;
    /// The move a code stands for here, if it is one (legal or not).
    fn move_from_code(&self, code: u32) -> Option<Self::Move>;

    /// The pieces on the board, as position strings write them.
    fn board(&self) -> Vec<BoardPiece>;
    /// The squares that are not plain land, with their terrain's word.
    fn terrain(&self) -> Vec<(String, &'static str)> {
        Vec::new()
    }
    /// A side's hand: upper-case letters with counts above zero.
    fn hand(&self, _side: Self::Side) -> Vec<(String, u8)> {
        Vec::new()
    }
    /// The square of the side to move's royal piece when it is in check.
    fn checked_square(&self) -> Option<String> {
        None
    }
    /// The legal moves starting on the square named `square`.
    fn moves_from(&self, square: &str) -> Result<Vec<Self::Move>, DoorError>;
    /// The squares where `piece` (a letter) may be dropped.
    fn drop_targets(&self, piece: &str) -> Result<Vec<String>, DoorError>;
    /// Why dropping `piece` on `square` is illegal, or `None` if it is legal.
    fn drop_error(&self, piece: &str, square: &str) -> Result<Option<DoorError>, DoorError>;
    /// A move error of the family as the door's coded refusal (piece
    /// arguments as the letters of this position's game).
    fn refusal(&self, e: Self::MoveError) -> DoorError;
}

/// A family of games: which ids it plays and how a game of one is made.
pub trait DoorFamily: Sync {
    /// Its game ids, in the order menus list them.
    fn ids(&self) -> Vec<&'static str>;
    /// Its games described for front ends, in the same order.
    fn games(&self) -> Vec<GameInfo>;
    /// A game of `id` (one of [`DoorFamily::ids`]) from its start or a
    /// position string (already checked for length and emptiness).
    fn new_game(&self, id: &str, position: Option<&str>) -> Result<Box<dyn AnyGame>, DoorError>;
    /// A match in game `id` (see `door::play_match`).
    fn play_match(
        &self,
        id: &str,
        a: PlayerSpec,
        b: PlayerSpec,
        options: MatchOptions,
        on_game: &(dyn Fn(&GameRecord, &MatchResult) + Sync),
    ) -> MatchResult;
    /// The setup rules, for a family whose games start with a hidden setup.
    fn setup(&self) -> Option<&'static dyn SetupRules> {
        None
    }
    /// The family's refusal codes and their words: its errors' English lines
    /// (`Display`), the door's list of codes and the page's English catalog
    /// come from them (a row of a code the door words gives only the line).
    fn words(&self) -> &'static [super::codes::Words];
}

/// The hidden setup of a game: each side places its half unseen.
pub trait SetupRules: Sync {
    /// The game these rules are for.
    fn id(&self) -> &'static str;
    /// `side`'s half, empty or read from its text (refused, with the rule,
    /// if the text holds what no half may: too many of a kind, say).
    fn new_half(&self, side: Side, text: Option<&str>) -> Result<Box<dyn HalfBoard>, DoorError>;
    /// A random complete half, the same for the same seed.
    fn random_half(&self, side: Side, seed: u64) -> Box<dyn HalfBoard>;
    /// A ready-made half by its preset id.
    fn preset_half(&self, side: Side, preset: &str) -> Result<Box<dyn HalfBoard>, DoorError>;
    /// Every problem of `side`'s half, written as the engine writes halves.
    fn check_half(&self, side: Side, half: &str) -> Result<(), DoorError>;
    /// The start position string from both halves, `to_move` moving first.
    fn join(&self, first: &str, second: &str, to_move: Side) -> Result<String, DoorError>;
}

/// Every family, the flagship's first: the one list the door looks games up in.
pub static FAMILIES: &[&dyn DoorFamily] = &[&crate::chesslike::door::ChessLike, &crate::cyvasse::door::Cyvasse];

/// A game of family `P` made from an id's start position.
pub(crate) fn boxed<P: DoorPosition>(start: P) -> Box<dyn AnyGame> {
    Box::new(Record::new(start))
}
