//! The catalog of games: every id the front doors (the CLI, the bindings)
//! accept, and which family plays it. This is the one place that knows both
//! families by name; everything else is written against `GamePosition`.

use std::fmt;

use crate::chesslike::fen::{self, FenError};
use crate::chesslike::game::MAX_FEN_LEN;
use crate::chesslike::position::Position;
use crate::chesslike::variant::Variant;
use crate::cyvasse;

/// The id of Cyvasse, the one game of its family.
pub const CYVASSE: &str = "cyvasse";

/// The family of a game id.
#[derive(Clone, Copy, Debug)]
pub enum Family {
    /// A chess-like variant, with its piece table and rules.
    ChessLike(&'static Variant),
    Cyvasse,
}

impl Family {
    /// The family playing `id`, if the engine knows the game.
    pub fn by_id(id: &str) -> Option<Family> {
        if id == CYVASSE {
            return Some(Family::Cyvasse);
        }
        Variant::by_id(id).map(Family::ChessLike)
    }
}

/// Every game id, in the order menus list them.
pub fn ids() -> Vec<&'static str> {
    let mut ids = Variant::all().to_vec();
    ids.push(CYVASSE);
    ids
}

/// A start position of either family. (Made once per command or game, so
/// its size does not matter.)
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Start {
    ChessLike(Position),
    Cyvasse(cyvasse::Position),
}

/// Why a game could not be set up from an id and a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    UnknownVariant(String),
    /// A position string far longer than any position (its length in bytes).
    TooLong(usize),
    ChessLike(FenError),
    Cyvasse(cyvasse::PositionError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::UnknownVariant(v) => write!(f, "unknown variant '{v}' (known: {})", ids().join(", ")),
            StartError::TooLong(n) => {
                write!(f, "bad position string: it is {n} bytes long; no position needs more than {MAX_FEN_LEN}")
            }
            StartError::ChessLike(e) => write!(f, "bad position string: {e}"),
            StartError::Cyvasse(e) => write!(f, "bad position string: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// The position a game of `id` starts from: its start, or `text` if given.
/// Cyvasse's start, without a position string, is [`cyvasse::default_start`].
pub fn start_position(id: &str, text: Option<&str>) -> Result<Start, StartError> {
    let family = Family::by_id(id).ok_or_else(|| {
        // An unknown name is echoed, but not a page of it.
        StartError::UnknownVariant(if id.len() > 40 { format!("({} bytes)", id.len()) } else { id.to_string() })
    })?;
    if let Some(text) = text {
        if text.len() > MAX_FEN_LEN {
            return Err(StartError::TooLong(text.len()));
        }
    }
    Ok(match (family, text) {
        (Family::ChessLike(v), None) => Start::ChessLike(Position::start(v)),
        (Family::ChessLike(v), Some(text)) => {
            Start::ChessLike(fen::parse_position(v, text).map_err(StartError::ChessLike)?)
        }
        (Family::Cyvasse, None) => Start::Cyvasse(cyvasse::default_start()),
        (Family::Cyvasse, Some(text)) => Start::Cyvasse(cyvasse::Position::parse(text).map_err(StartError::Cyvasse)?),
    })
}

/// Runs `$body` with `$pos` bound to the position of a [`Start`], whatever
/// its family: the body is written once, generic over `GamePosition`.
#[macro_export]
macro_rules! with_start {
    ($start:expr, $pos:ident => $body:expr) => {
        match $start {
            $crate::catalog::Start::ChessLike($pos) => $body,
            $crate::catalog::Start::Cyvasse($pos) => $body,
        }
    };
}
