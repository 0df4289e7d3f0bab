//! The wire contract's shapes: what clients send over the WebSocket (and the
//! command each asks for: the one mapping), and the frames the server writes.
//! An event's frame is made here from the event's type, at the edge: the
//! stored events have a format of their own (`storage/format.rs`), so the
//! wire and the database change apart.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::clock::Times;
use super::event::{Entry, Event};
use super::game::{After, Command};
use super::refused::Refused;
use super::tokens;

pub use super::event::{seat_by_name, seat_name};

/// The client frames' types.
const KNOWN: [&str; 9] =
    ["move", "setup", "resign", "draw", "abort", "rematch", "rematch_accept", "rematch_decline", "ping"];

/// The longest `cid` accepted: ids are stored with every command.
pub const MAX_CID_LEN: usize = 100;

/// A frame a client sends, by its `t`. Fields beyond these are ignored.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMessage {
    Move {
        cid: String,
        v: u64,
        r#move: String,
    },
    Setup {
        cid: String,
        half: String,
    },
    Resign {
        cid: String,
    },
    Draw {
        cid: String,
    },
    /// Additions to the contract: abort before both sides moved (`game.rs`);
    /// a rematch offer, its acceptance or decline (`rematch.rs`).
    Abort {
        cid: String,
    },
    Rematch {
        cid: String,
    },
    RematchAccept {
        cid: String,
    },
    RematchDecline {
        cid: String,
    },
    Ping,
}

impl ClientMessage {
    /// Reads a text frame; the error is the one line an `error` frame carries.
    pub fn parse(text: &str) -> Result<ClientMessage, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let Some(t) = value.get("t") else { return Err("missing field 't'".into()) };
        let Some(t) = t.as_str().map(str::to_string) else { return Err("field 't' is not a string".into()) };
        if !KNOWN.contains(&t.as_str()) {
            let shown: String = t.chars().take(40).collect();
            return Err(format!("unknown message type '{shown}' (known: {})", KNOWN.join(", ")));
        }
        let message: ClientMessage = serde_json::from_value(value).map_err(|e| format!("bad '{t}' message: {e}"))?;
        if let Some(cid) = message.cid() {
            if cid.is_empty() || cid.len() > MAX_CID_LEN {
                return Err(format!("a cid is 1 to {MAX_CID_LEN} bytes long"));
            }
        }
        Ok(message)
    }

    pub fn cid(&self) -> Option<&str> {
        match self {
            ClientMessage::Move { cid, .. }
            | ClientMessage::Setup { cid, .. }
            | ClientMessage::Resign { cid }
            | ClientMessage::Draw { cid }
            | ClientMessage::Abort { cid }
            | ClientMessage::Rematch { cid }
            | ClientMessage::RematchAccept { cid }
            | ClientMessage::RematchDecline { cid } => Some(cid),
            ClientMessage::Ping => None,
        }
    }
}

/// What a client's frame asks for: a pong, or a command to the game under its `cid`.
#[derive(Debug, PartialEq)]
pub enum Asked {
    Pong,
    Command { cid: String, command: Command },
}

impl ClientMessage {
    /// The command a message asks for: every message is mapped here, once.
    pub fn asked(self) -> Asked {
        let (cid, command) = match self {
            ClientMessage::Ping => return Asked::Pong,
            ClientMessage::Move { cid, v, r#move } => (cid, Command::Move { v, r#move }),
            ClientMessage::Setup { cid, half } => (cid, Command::Setup { half }),
            ClientMessage::Resign { cid } => (cid, Command::Resign),
            ClientMessage::Draw { cid } => (cid, Command::Draw),
            ClientMessage::Abort { cid } => (cid, Command::Abort),
            ClientMessage::Rematch { cid } => (cid, Command::Rematch { game: tokens::game_id() }),
            ClientMessage::RematchAccept { cid } => (cid, Command::RematchAccept { game: tokens::game_id() }),
            ClientMessage::RematchDecline { cid } => (cid, Command::RematchDecline),
        };
        Asked::Command { cid, command }
    }
}

/// The frame of a stored event: the contract's fields, in the order the
/// server has always written them (serde_json keeps an object's keys sorted,
/// and event frames were such objects), so clients see byte for byte what
/// they saw before events had types; then this server's additions, last:
/// `status` and `draw_offer`, the game as the event leaves it (`game::After`),
/// so a client follows the game without rules of its own.
pub fn event_frame(e: &Entry, after: &After) -> String {
    let (t, v) = (e.event.name(), e.v);
    let added = Added {
        status: after.status.name(),
        draw_offer: after.draw_offer.map(seat_name),
        clock_running: after.clock_running,
        abortable: after.abortable,
        first_move_ms: after.first_move_ms,
        rematch_offer: after.rematch_offer.map(seat_name),
    };
    let frame = match &e.event {
        Event::Joined { seat, .. }
        | Event::Ready { seat }
        | Event::Draw { seat }
        | Event::RematchOffer { seat }
        | Event::RematchDecline { seat } => EventFrame::Seat { seat: seat_name(*seat), t, v, added },
        Event::Start { position } => EventFrame::Start { position, t, v, added },
        Event::Move { r#move, san, position, clock } => {
            EventFrame::Move { clock, r#move, position, t, text: san, v, added }
        }
        Event::Rematch { game } => EventFrame::Rematch { game, t, v, added },
        Event::End { result, reason } => {
            EventFrame::End { reason: reason.as_str(), result: result.as_str(), t, v, added }
        }
    };
    // Strings, numbers and optional objects of them: nothing here fails to serialise.
    serde_json::to_string(&frame).unwrap_or_else(|e| error(&format!("event {v}: {e}")).to_string())
}

/// An event's frame, field by field in the contract's order.
#[derive(Serialize)]
#[serde(untagged)]
enum EventFrame<'a> {
    Seat {
        seat: &'static str,
        t: &'static str,
        v: u64,
        #[serde(flatten)]
        added: Added,
    },
    Start {
        position: &'a str,
        t: &'static str,
        v: u64,
        #[serde(flatten)]
        added: Added,
    },
    Move {
        clock: &'a Option<Times>,
        r#move: &'a str,
        position: &'a str,
        t: &'static str,
        /// The contract's name for the move as players read it (`san`).
        text: &'a str,
        v: u64,
        #[serde(flatten)]
        added: Added,
    },
    Rematch {
        game: &'a str,
        t: &'static str,
        v: u64,
        #[serde(flatten)]
        added: Added,
    },
    End {
        reason: &'a str,
        result: &'static str,
        t: &'static str,
        v: u64,
        #[serde(flatten)]
        added: Added,
    },
}

/// The additions every event frame ends with.
#[derive(Serialize)]
struct Added {
    status: &'static str,
    draw_offer: Option<&'static str>,
    clock_running: bool,
    abortable: bool,
    first_move_ms: Option<i64>,
    rematch_offer: Option<&'static str>,
}

pub fn ack(cid: &str, v: u64) -> Value {
    json!({"t": "ack", "cid": cid, "v": v})
}

/// A refused command: the contract's `reason`, plus its `code` and `args`
/// (an addition, see `refused`) for a page that words it in its language.
pub fn reject(cid: &str, refused: &Refused) -> Value {
    let mut frame = json!({"t": "reject", "cid": cid, "reason": refused.reason});
    if let Value::Object(body) = &mut frame {
        refused.add_to(body);
    }
    frame
}

pub fn error(reason: &str) -> Value {
    json!({"t": "error", "reason": reason})
}

pub fn pong() -> Value {
    json!({"t": "pong"})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_frame_reads_with_its_version() {
        let m = ClientMessage::parse(r#"{"t":"move","cid":"a1","v":3,"move":"e2e4","extra":1}"#).unwrap();
        assert_eq!(m, ClientMessage::Move { cid: "a1".into(), v: 3, r#move: "e2e4".into() });
    }

    #[test]
    fn each_message_asks_for_the_command_of_its_name_and_a_ping_for_a_pong() {
        let asked = |frame: &str| ClientMessage::parse(frame).unwrap().asked();
        let command = |cid: &str, command| Asked::Command { cid: cid.into(), command };
        assert_eq!(asked(r#"{"t":"ping"}"#), Asked::Pong);
        assert_eq!(asked(r#"{"t":"draw","cid":"d"}"#), command("d", Command::Draw));
        assert_eq!(asked(r#"{"t":"resign","cid":"r"}"#), command("r", Command::Resign));
        assert_eq!(asked(r#"{"t":"abort","cid":"a"}"#), command("a", Command::Abort));
        assert_eq!(asked(r#"{"t":"rematch_decline","cid":"n"}"#), command("n", Command::RematchDecline));
        let accept = asked(r#"{"t":"rematch_accept","cid":"y"}"#);
        assert!(matches!(accept, Asked::Command { command: Command::RematchAccept { .. }, .. }), "{accept:?}");
        assert_eq!(asked(r#"{"t":"setup","cid":"s","half":"h"}"#), command("s", Command::Setup { half: "h".into() }));
        assert_eq!(
            asked(r#"{"t":"move","cid":"m","v":4,"move":"e2e4"}"#),
            command("m", Command::Move { v: 4, r#move: "e2e4".into() })
        );
        let Asked::Command { cid, command: Command::Rematch { game } } = asked(r#"{"t":"rematch","cid":"x"}"#) else {
            panic!("a rematch asks for a rematch")
        };
        assert_eq!((cid.as_str(), game.len() >= 8), ("x", true), "a fresh game id: {game}");
    }

    #[test]
    fn an_event_frame_is_the_contracts_fields_then_the_additions() {
        use super::super::engine::Side;
        use super::super::event::{EndReason, GameResult};
        use super::super::game::Status;
        let entry = |v, event| Entry { v, seat: None, cid: None, at_ms: 0, event, secret: Some("secret".into()) };
        let playing = After {
            status: Status::Playing,
            draw_offer: Some(Side::First),
            clock_running: true,
            abortable: false,
            first_move_ms: None,
            rematch_offer: None,
        };
        let clock = Some(Times { first: 1000, second: 2000 });
        let played = Event::Move { r#move: "g1f3".into(), san: "Nf3".into(), position: "p".into(), clock };
        assert_eq!(
            event_frame(&entry(6, played), &playing),
            r#"{"clock":{"first":1000,"second":2000},"move":"g1f3","position":"p","t":"move","text":"Nf3","v":6,"status":"playing","draw_offer":"first","clock_running":true,"abortable":false,"first_move_ms":null,"rematch_offer":null}"#
        );
        let over = After { status: Status::Over, draw_offer: None, rematch_offer: Some(Side::Second), ..playing };
        let end = Event::End { result: GameResult::Draw, reason: EndReason::Agreement };
        assert_eq!(
            event_frame(&entry(9, end), &over),
            r#"{"reason":"agreement","result":"1/2-1/2","t":"end","v":9,"status":"over","draw_offer":null,"clock_running":true,"abortable":false,"first_move_ms":null,"rematch_offer":"second"}"#
        );
        let joined = event_frame(&entry(1, Event::Joined { seat: Side::Second, legacy_clock: true }), &over);
        assert!(
            joined.starts_with(r#"{"seat":"second","t":"joined","v":1,"#)
                && !joined.contains("secret")
                && !joined.contains("legacy"),
            "{joined}"
        );
    }

    #[test]
    fn bad_frames_are_named_in_one_line() {
        for (frame, says) in [
            ("{", "not JSON"),
            ("[1]", "missing field 't'"),
            (r#"{"t":5}"#, "not a string"),
            (r#"{"t":"dance"}"#, "unknown message type 'dance'"),
            (r#"{"t":"move","cid":"x","v":1}"#, "missing field `move`"),
            (r#"{"t":"resign","cid":""}"#, "a cid is 1 to"),
        ] {
            let e = ClientMessage::parse(frame).unwrap_err();
            assert!(e.contains(says) && !e.contains('\n'), "{frame}: {e}");
        }
    }
}
