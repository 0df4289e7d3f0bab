//! The server's one way into the engine: the family-free game door. Every
//! rule the server applies goes through here, so the server never names a
//! family or a game.
//!
//! TEMPORARY: a stand-in with the door's exact API, built on the catalog and
//! `Record`, until `zilo::door` lands; then this file becomes `pub use crate::door::*`.

use std::fmt;

use serde::Serialize;

use crate::catalog::{self, Family, Start};
use crate::cyvasse;
use crate::cyvasse::setup::{check_setup, starting_position, SetupHalf};
use crate::game_position::{GameOutcome, GamePosition, Player};
use crate::record::Record;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn letter(self) -> char {
        match self {
            Side::First => 'w',
            Side::Second => 'b',
        }
    }
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::First),
            'b' => Some(Side::Second),
            _ => None,
        }
    }
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Debug)]
pub struct DoorError(String);

impl fmt::Display for DoorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DoorError {}

fn err(e: impl fmt::Display) -> DoorError {
    DoorError(e.to_string())
}

pub fn ids() -> Vec<&'static str> {
    catalog::ids()
}

fn family(id: &str) -> Result<Family, DoorError> {
    Family::by_id(id).ok_or_else(|| err(format!("unknown variant '{id}'")))
}

pub fn hidden_setup(id: &str) -> Result<bool, DoorError> {
    Ok(matches!(family(id)?, Family::Cyvasse))
}

fn cyvasse_side(side: Side) -> cyvasse::Side {
    <cyvasse::Side as Player>::BOTH[side.index()]
}

fn parse_half(side: Side, half: &str) -> Result<SetupHalf, DoorError> {
    let half = SetupHalf::parse(cyvasse_side(side), half).map_err(err)?;
    check_setup(cyvasse_side(side), &half).map_err(err)?;
    Ok(half)
}

pub fn check_half(id: &str, side: Side, half: &str) -> Result<(), DoorError> {
    if !hidden_setup(id)? {
        return Err(err(format!("{id} has no hidden setup")));
    }
    parse_half(side, half).map(|_| ())
}

#[derive(Clone, Debug)]
enum Line {
    ChessLike(Record<crate::Position>),
    Cyvasse(Record<cyvasse::Position>),
}

macro_rules! with_line {
    ($line:expr, $r:ident => $body:expr) => {
        match $line {
            Line::ChessLike($r) => $body,
            Line::Cyvasse($r) => $body,
        }
    };
}

#[derive(Clone, Debug)]
pub struct Game {
    id: &'static str,
    line: Line,
    texts: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct MoveRecord {
    pub text: String,
    pub notation: String,
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub result: &'static str,
    pub reason: &'static str,
    pub winner: Option<Side>,
    pub title: String,
    pub text: String,
}

impl Outcome {
    pub fn is_over(&self) -> bool {
        self.result != "*"
    }
}

fn outcome_of<O: GameOutcome>(o: O) -> Outcome {
    Outcome {
        result: o.result(),
        reason: o.reason(),
        winner: o.winner().map(|s| if s.index() == 0 { Side::First } else { Side::Second }),
        title: o.result().to_string(),
        text: o.reason().to_string(),
    }
}

impl Game {
    pub fn new(id: &str, position: Option<&str>) -> Result<Game, DoorError> {
        let id = ids().into_iter().find(|&i| i == id).ok_or_else(|| err(format!("unknown variant '{id}'")))?;
        let line = match catalog::start_position(id, position).map_err(err)? {
            Start::ChessLike(p) => Line::ChessLike(Record::new(p)),
            Start::Cyvasse(p) => Line::Cyvasse(Record::new(p)),
        };
        Ok(Game { id, line, texts: Vec::new() })
    }

    pub fn from_halves(id: &str, first: &str, second: &str, to_move: Side) -> Result<Game, DoorError> {
        if !hidden_setup(id)? {
            return Err(err(format!("{id} has no hidden setup")));
        }
        let (w, b) = (parse_half(Side::First, first)?, parse_half(Side::Second, second)?);
        let pos = starting_position(&w, &b, cyvasse_side(to_move)).map_err(err)?;
        Game::new(id, Some(&pos.position_text()))
    }

    pub fn variant(&self) -> &'static str {
        self.id
    }
    pub fn position(&self) -> String {
        with_line!(&self.line, r => r.position().position_text())
    }
    pub fn start_position(&self) -> String {
        with_line!(&self.line, r => r.start_position().position_text())
    }
    pub fn turn(&self) -> Side {
        let letter = with_line!(&self.line, r => r.position().turn().letter());
        Side::from_letter(letter).unwrap_or(Side::First)
    }
    pub fn legal_moves(&self) -> Vec<String> {
        with_line!(&self.line, r => {
            if r.outcome().is_over() { return Vec::new(); }
            r.legal_moves().iter().map(|&m| r.position().move_text(m)).collect()
        })
    }
    pub fn play(&mut self, text: &str) -> Result<MoveRecord, DoorError> {
        let played = with_line!(&mut self.line, r => {
            let m = r.play_text(text).map_err(err)?;
            let before = &r.positions()[r.positions().len() - 2];
            before.move_text(m)
        });
        self.texts.push(played.clone());
        Ok(MoveRecord { text: played.clone(), notation: played })
    }
    pub fn history(&self) -> Vec<String> {
        self.texts.clone()
    }
    pub fn resign(&mut self, side: Side) {
        with_line!(&mut self.line, r => resign_in(r, side))
    }
    pub fn outcome(&self) -> Outcome {
        with_line!(&self.line, r => outcome_of(r.outcome()))
    }
}

fn resign_in<P: GamePosition>(record: &mut Record<P>, side: Side) {
    record.resign(<P::Side as Player>::BOTH[side.index()])
}
