//! The wire contract's shapes: what clients send over the WebSocket, the
//! names of the seats, and the frames the server writes. Events are stored
//! as the very JSON objects sent to clients, so a replay is byte-for-byte
//! what a live client saw.

use serde::Deserialize;
use serde_json::{json, Value};

use super::engine::Side;
use super::refused::Refused;

/// The longest `cid` accepted: ids are stored with every command.
pub const MAX_CID_LEN: usize = 100;

/// A frame a client sends, by its `t`. Fields beyond these are ignored.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ClientMessage {
    Move {
        cid: String,
        v: u64,
        #[serde(rename = "move")]
        text: String,
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
    /// An addition to the contract (`rematch.rs`): a new game, colours swapped.
    Rematch {
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
        if !matches!(t.as_str(), "move" | "setup" | "resign" | "draw" | "rematch" | "ping") {
            let shown: String = t.chars().take(40).collect();
            return Err(format!("unknown message type '{shown}' (known: move, setup, resign, draw, rematch, ping)"));
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
            | ClientMessage::Rematch { cid } => Some(cid),
            ClientMessage::Ping => None,
        }
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

/// The result string of a win by `winner`.
pub fn win_for(winner: Side) -> &'static str {
    match winner {
        Side::First => "1-0",
        Side::Second => "0-1",
    }
}

pub const DRAW_RESULT: &str = "1/2-1/2";

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
        assert_eq!(m, ClientMessage::Move { cid: "a1".into(), v: 3, text: "e2e4".into() });
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
