//! Cyvasse behind the game door: its positions as [`DoorPosition`] (turns
//! described in field names, engagement on the board, the end in words),
//! the game as a [`DoorFamily`] with a hidden setup ([`SetupRules`]).

use super::board::Cell;
use super::movegen::{turn_code, turn_from_code, Turn};
use super::outcome::{EndReason, Outcome};
use super::piece::{Side as CyvasseSide, Terrain};
use super::position::Position;
use super::setup::{check_setup, default_start, starting_position, SetupHalf};
use crate::door::family::boxed;
use crate::door::{
    AnyGame, BoardPiece, DoorError, DoorFamily, DoorPosition, Engagement, ErrorKind, FromTo, MoveRecord, PlacedPiece,
    SetupRules, Side,
};
use crate::record::Record;

/// The one game of its family.
pub struct Cyvasse;

/// Its id.
pub const ID: &str = "cyvasse";

impl DoorFamily for Cyvasse {
    fn ids(&self) -> Vec<&'static str> {
        vec![ID]
    }

    fn new_game(&self, _id: &str, position: Option<&str>) -> Result<Box<dyn AnyGame>, DoorError> {
        let start = match position {
            None => default_start(),
            Some(text) => Position::parse(text)
                .map_err(|e| DoorError::new(ErrorKind::BadPosition, format!("bad position string: {e}")))?,
        };
        Ok(boxed(start))
    }

    fn setup(&self) -> Option<&'static dyn SetupRules> {
        Some(&CyvasseSetup)
    }
}

/// Cyvasse's hidden setup: each side's half is its zone's four rows, top row first.
struct CyvasseSetup;

fn cyvasse_side(side: Side) -> CyvasseSide {
    match side {
        Side::First => CyvasseSide::White,
        Side::Second => CyvasseSide::Black,
    }
}

/// `side`'s half read from its text and checked against every setup rule.
fn checked_half(side: Side, text: &str) -> Result<SetupHalf, DoorError> {
    let side = cyvasse_side(side);
    let half =
        SetupHalf::parse(side, text).map_err(|e| DoorError::new(ErrorKind::BadSetup, format!("bad setup: {e}")))?;
    check_setup(side, &half).map_err(|e| DoorError::new(ErrorKind::BadSetup, format!("bad {e}")))?;
    Ok(half)
}

impl SetupRules for CyvasseSetup {
    fn check_half(&self, side: Side, half: &str) -> Result<(), DoorError> {
        checked_half(side, half).map(|_| ())
    }

    fn join(&self, first: &str, second: &str, to_move: Side) -> Result<String, DoorError> {
        let white = checked_half(Side::First, first)?;
        let black = checked_half(Side::Second, second)?;
        starting_position(&white, &black, cyvasse_side(to_move))
            .map(|p| p.to_position_string())
            .map_err(|e| DoorError::new(ErrorKind::BadSetup, format!("bad {e}")))
    }
}

fn cell_arg(name: &str) -> Result<Cell, DoorError> {
    Cell::parse(name).map_err(|e| DoorError::new(ErrorKind::BadArgument, e.to_string()))
}

fn piece_arg(letter: &str) -> Result<(), DoorError> {
    let mut chars = letter.chars();
    match (chars.next().and_then(super::piece::Kind::from_letter), chars.next()) {
        (Some(_), None) => Ok(()),
        _ => Err(DoorError::new(
            ErrorKind::BadArgument,
            format!("'{letter}' is not a Cyvasse piece (R S L H E C T D W K)"),
        )),
    }
}

/// The word for a field's terrain.
pub fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Mountain => "mountain",
        Terrain::Water => "water",
        Terrain::Land => "land",
    }
}

/// How the two sides are named in sentences.
fn side_name(side: CyvasseSide) -> &'static str {
    match side {
        CyvasseSide::White => "White",
        CyvasseSide::Black => "Black",
    }
}

impl DoorPosition for Position {
    fn game_id(&self) -> &'static str {
        ID
    }

    fn door_side(side: CyvasseSide) -> Side {
        match side {
            CyvasseSide::White => Side::First,
            CyvasseSide::Black => Side::Second,
        }
    }

    fn family_side(side: Side) -> CyvasseSide {
        cyvasse_side(side)
    }

    /// `kind`: `move`, `capture`, `shot` (the Trebuchet's), `jump` (the
    /// King's) or `double` (two Rabble moves; `from` and `to` are the first's).
    fn play_recorded(&self, turn: Turn) -> (Position, MoveRecord) {
        let text = turn.to_string();
        let captured = turn.captured().and_then(|c| {
            self.piece_at(c).map(|p| PlacedPiece { square: c.to_string(), piece: p.letter().to_string() })
        });
        let record = MoveRecord {
            notation: text.clone(),
            text,
            kind: match turn {
                Turn::Move { .. } => "move",
                Turn::Capture { .. } => "capture",
                Turn::Shot { .. } => "shot",
                Turn::Jump { .. } => "jump",
                Turn::Rabbles { .. } => "double",
            },
            from: Some(turn.from().to_string()),
            // A shot's square on the board is its target, as for the Sniper's.
            to: match turn {
                Turn::Shot { target, .. } => target.to_string(),
                _ => turn.to().to_string(),
            },
            drop: None,
            promotion: None,
            declined_promotion: false,
            rook: None,
            path: self.turn_path(&turn).into_iter().map(|c| c.to_string()).collect(),
            second: match turn {
                Turn::Rabbles { second, .. } => Some(FromTo { from: second.0.to_string(), to: second.1.to_string() }),
                _ => None,
            },
            landing: match turn {
                Turn::Shot { to, .. } => Some(to.to_string()),
                _ => None,
            },
            captured,
            blasted: Vec::new(),
            captured_to_hand: false,
            check: false,
        };
        (self.after(&turn), record)
    }

    fn ending_words(record: &Record<Position>) -> (String, String) {
        let outcome: Outcome = record.outcome();
        match outcome {
            Outcome::Ongoing => (String::new(), String::new()),
            Outcome::Win { winner, reason } => {
                let loser = winner.opponent();
                let why = match reason {
                    EndReason::KingCaptured => {
                        format!("The {} King was captured.", side_name(loser).to_ascii_lowercase())
                    }
                    EndReason::NoMoves => format!("{} has no legal move, and that loses.", side_name(loser)),
                    EndReason::Resignation => format!("{} resigned.", side_name(loser)),
                    EndReason::Repetition | EndReason::FiftyTurns => String::new(),
                };
                (format!("{} wins ({})", side_name(winner), outcome.result()), why)
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    EndReason::FiftyTurns => {
                        "Draw by the fifty-turn rule: fifty turns by each side without a capture.".to_string()
                    }
                    _ => "Draw by repetition: the same position arose for the third time.".to_string(),
                };
                (format!("Draw ({})", outcome.result()), why)
            }
        }
    }

    fn move_code(&self, turn: Turn) -> u32 {
        turn_code(&turn)
    }

    fn move_from_code(&self, code: u32) -> Option<Turn> {
        turn_from_code(code)
    }

    fn board(&self) -> Vec<BoardPiece> {
        self.pieces()
            .map(|(c, p)| BoardPiece {
                square: c.to_string(),
                piece: p.letter().to_string(),
                engagement: Some(Engagement {
                    on_water: self.terrain_at(c) == Terrain::Water,
                    armor: p.kind.armor(),
                    attackers: self.attackers(c).len(),
                    shielded: self.is_shielded(c),
                    capturable: self.is_capturable(c),
                }),
            })
            .collect()
    }

    fn terrain(&self) -> Vec<(String, &'static str)> {
        Cell::all()
            .filter(|&c| self.terrain_at(c) != Terrain::Land)
            .map(|c| (c.to_string(), terrain_word(self.terrain_at(c))))
            .collect()
    }

    fn moves_from(&self, square: &str) -> Result<Vec<Turn>, DoorError> {
        Ok(self.turns_from(cell_arg(square)?))
    }

    /// Nothing is ever dropped in Cyvasse (the arguments are checked all the same).
    fn drop_targets(&self, piece: &str) -> Result<Vec<String>, DoorError> {
        piece_arg(piece)?;
        Ok(Vec::new())
    }

    fn drop_error(&self, piece: &str, square: &str) -> Result<Option<String>, DoorError> {
        piece_arg(piece)?;
        cell_arg(square)?;
        Ok(Some("pieces are never dropped in Cyvasse".to_string()))
    }
}
