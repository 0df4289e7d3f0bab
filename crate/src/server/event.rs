//! What happens in a game, as types: the events a game is the fold of
//! (`game.rs` decides and applies them), and the seats, results and reasons
//! they name. Two encodings are made from these types, each at its edge: the
//! stored one (`storage/format.rs`, versioned) and the wire's frames
//! (`protocol.rs`, the contract's names and shapes).
//!
//! Nothing secret is in an event: a seat's token hash and a locked hidden
//! half travel beside it, in [`Entry::secret`], so every event may be shown
//! to anyone.
//!
//! One name per meaning, here and in the page: `move` is the engine's move
//! text (`e2e4`, `P*e5`: what the doors read and the client sends); `san` is
//! the move as players read it (SAN with check marks, or shogi notation).
//! The wire names `san` `text` (the contract's `{"t": "move", "text"}`).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::clock::Times;
use super::engine::Side;

/// One thing that happened in a game; each takes the next version.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Event {
    /// A seat was taken (its token hash is the entry's secret). `legacy_clock`:
    /// stored before the clock rule of the first moves (format 2 and older,
    /// `storage/format.rs`): the game replays with the clock running from the
    /// join, as it was played.
    Joined {
        #[serde(with = "seat")]
        seat: Side,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        legacy_clock: bool,
    },
    /// A seat locked its hidden half (the half is the entry's secret).
    Ready {
        #[serde(with = "seat")]
        seat: Side,
    },
    /// Both halves revealed: the start position, whose side to move says who begins.
    Start {
        position: String,
    },
    Move {
        r#move: String,
        san: String,
        /// The position after it.
        position: String,
        /// Time left after it, when the game has a clock.
        clock: Option<Times>,
    },
    /// An offer of a draw (an offer standing from the other seat makes an `End` instead).
    Draw {
        #[serde(with = "seat")]
        seat: Side,
    },
    /// A seat of the finished game offers a rematch (it stands until declined or accepted).
    RematchOffer {
        #[serde(with = "seat")]
        seat: Side,
    },
    /// The offer standing was declined (or withdrawn) by `seat`.
    RematchDecline {
        #[serde(with = "seat")]
        seat: Side,
    },
    /// This finished game's rematch is the game `game` (the offer was accepted).
    Rematch {
        game: String,
    },
    End {
        result: GameResult,
        reason: EndReason,
    },
}

impl Event {
    /// Every event's name (its `t`), in the order of the variants: the one
    /// list (a test checks it against the serialised tags, and the page's
    /// list against it).
    pub const NAMES: [&'static str; 9] =
        ["joined", "ready", "start", "move", "draw", "rematch_offer", "rematch_decline", "rematch", "end"];

    pub fn name(&self) -> &'static str {
        let i = match self {
            Event::Joined { .. } => 0,
            Event::Ready { .. } => 1,
            Event::Start { .. } => 2,
            Event::Move { .. } => 3,
            Event::Draw { .. } => 4,
            Event::RematchOffer { .. } => 5,
            Event::RematchDecline { .. } => 6,
            Event::Rematch { .. } => 7,
            Event::End { .. } => 8,
        };
        Event::NAMES[i]
    }
}

/// An event as a game's log keeps it: its version, the command that made it
/// (whose seat and `cid`, to answer a resend), when, and what only the server may know.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub v: u64,
    pub seat: Option<Side>,
    pub cid: Option<String>,
    pub at_ms: i64,
    pub event: Event,
    /// A joined seat's token hash, or a locked hidden half.
    pub secret: Option<String>,
}

/// How a game ended, as results are written: `1-0` (the first seat won), `0-1`,
/// `1/2-1/2`, or `*` for an aborted game (no result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    FirstWins,
    #[serde(rename = "0-1")]
    SecondWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// Aborted before both sides moved: no result, nothing rated.
    #[serde(rename = "*")]
    NoResult,
}

impl GameResult {
    pub fn win_for(winner: Side) -> GameResult {
        match winner {
            Side::First => GameResult::FirstWins,
            Side::Second => GameResult::SecondWins,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::NoResult => "*",
        }
    }

    /// The engine's result string (`*` while a game goes on: no result).
    pub fn from_engine(result: &str) -> Option<GameResult> {
        [GameResult::FirstWins, GameResult::SecondWins, GameResult::Draw].into_iter().find(|r| r.as_str() == result)
    }
}

/// Why a game ended: the server's own reasons, or the engine's word for the
/// rule that ended it (`checkmate`, `repetition`, …; the families have many,
/// and the server passes them on). Written as that one word.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum EndReason {
    /// The side to move ran out of time.
    Time,
    Resignation,
    /// A draw offer accepted.
    Agreement,
    /// Aborted: by a player before both sides moved, or by the server when a
    /// first move did not come in time (`game::first_move_ms`).
    Aborted,
    Rules(String),
}

impl EndReason {
    pub fn as_str(&self) -> &str {
        match self {
            EndReason::Time => "time",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Aborted => "aborted",
            EndReason::Rules(word) => word,
        }
    }
}

impl From<String> for EndReason {
    fn from(word: String) -> EndReason {
        match word.as_str() {
            "time" => EndReason::Time,
            "resignation" => EndReason::Resignation,
            "agreement" => EndReason::Agreement,
            "aborted" => EndReason::Aborted,
            _ => EndReason::Rules(word),
        }
    }
}

impl From<EndReason> for String {
    fn from(reason: EndReason) -> String {
        reason.as_str().to_string()
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `first` or `second`: the seat playing the side written `w` or `b`.
pub fn seat_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

pub fn seat_by_name(name: &str) -> Option<Side> {
    match name {
        "first" => Some(Side::First),
        "second" => Some(Side::Second),
        _ => None,
    }
}

/// A seat by its name, for serde.
mod seat {
    use super::*;

    pub fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(seat_name(*side))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let name = String::deserialize(d)?;
        seat_by_name(&name).ok_or_else(|| serde::de::Error::custom(format!("no seat '{name}' (first or second)")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_of_each() -> Vec<Event> {
        vec![
            Event::Joined { seat: Side::First, legacy_clock: false },
            Event::Ready { seat: Side::Second },
            Event::Start { position: "p".into() },
            Event::Move { r#move: "e2e4".into(), san: "e4".into(), position: "p".into(), clock: None },
            Event::Draw { seat: Side::First },
            Event::RematchOffer { seat: Side::Second },
            Event::RematchDecline { seat: Side::First },
            Event::Rematch { game: "g".into() },
            Event::End { result: GameResult::Draw, reason: EndReason::Agreement },
        ]
    }

    #[test]
    fn the_list_of_names_is_the_serialised_tags_in_order() {
        let tags: Vec<String> =
            one_of_each().iter().map(|e| serde_json::to_value(e).unwrap()["t"].as_str().unwrap().to_string()).collect();
        assert_eq!(tags, Event::NAMES);
        assert!(one_of_each().iter().all(|e| serde_json::to_value(e).unwrap()["t"] == e.name()));
    }

    /// The page's list of events (online-client.js) is this one, and its fold
    /// (online-view.js) has a step for each.
    #[test]
    fn the_pages_events_are_the_servers() {
        let www = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/src");
        let client = std::fs::read_to_string(www.join("online-client.js")).unwrap();
        let list = client.split("EVENTS = [").nth(1).and_then(|rest| rest.split(']').next()).expect("EVENTS = [...]");
        let names: Vec<&str> = list.split(',').map(|n| n.trim().trim_matches('\'')).collect();
        assert_eq!(names, Event::NAMES, "online-client.js's EVENTS");
        let view = std::fs::read_to_string(www.join("online-view.js")).unwrap();
        let folds = view.split("FOLDS = {").nth(1).expect("FOLDS = {...}");
        let steps: Vec<&str> = folds.lines().take_while(|line| line.trim() != "};").map(str::trim_start).collect();
        for name in Event::NAMES {
            let step = format!("{name}(");
            assert!(
                steps.iter().any(|line| line.starts_with(&step)),
                "online-view.js's FOLDS has no step for '{name}'"
            );
        }
    }

    #[test]
    fn results_and_reasons_are_written_as_the_contract_writes_them() {
        let end = Event::End { result: GameResult::SecondWins, reason: EndReason::Rules("checkmate".into()) };
        let text = serde_json::to_string(&end).unwrap();
        assert_eq!(text, r#"{"t":"end","result":"0-1","reason":"checkmate"}"#);
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), end);
        assert_eq!(EndReason::from("time".to_string()), EndReason::Time);
        assert_eq!(GameResult::from_engine("1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(GameResult::from_engine("*"), None);
        let aborted = Event::End { result: GameResult::NoResult, reason: EndReason::Aborted };
        let text = serde_json::to_string(&aborted).unwrap();
        assert_eq!(text, r#"{"t":"end","result":"*","reason":"aborted"}"#);
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), aborted);
        assert_eq!(GameResult::win_for(Side::First).as_str(), "1-0");
    }

    #[test]
    fn a_seat_that_is_not_first_or_second_is_refused_by_name() {
        let e = serde_json::from_str::<Event>(r#"{"t":"draw","seat":"third"}"#).unwrap_err().to_string();
        assert!(e.contains("no seat 'third'"), "{e}");
    }
}
