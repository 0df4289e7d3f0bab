//! How an event is kept in the `body` column: its own format, with a version,
//! apart from the wire's frames (`protocol.rs`), so renaming a field on the
//! wire never breaks the replay of a stored game, and a stored field changes
//! by adding a version and its upgrade here.
//!
//! - Version 3 (written now): `{"format": 3, "event": <Event>}`, the event
//!   as `event.rs` serialises it (`{"t": "move", "move", "san", "position",
//!   "clock"}`, …), with no version number (it is the row's `v`). New in 3:
//!   the clock of a game starts after each side's first move (not at the
//!   join), `rematch_offer` and `rematch_decline` events, and the `*` result
//!   of an aborted game.
//! - Version 2: the same shape, written before the first-move clock rule; read
//!   by marking its `joined` events `legacy_clock: true`, so a game stored
//!   then replays with its clock running from the join, as it was played.
//! - Version 1 (no `format` field: what the server wrote up to commit
//!   40e4941): the event's wire frame itself, `{"t": "move", "v", "move",
//!   "text", "position", "clock"}`, …; read by upgrading it to version 2
//!   (the move's `text` is its `san`; `v` is dropped), then as version 2.
//!
//! The rows are upgraded as they are read, never rewritten: a database
//! holds both versions once this server appends to an older game.

use serde::Serialize;
use serde_json::Value;

use crate::server::event::Event;

/// The version written.
pub const FORMAT: u64 = 3;

#[derive(Serialize)]
struct Stored<'a> {
    format: u64,
    event: &'a Event,
}

/// The `body` of an event.
pub fn encode(event: &Event) -> String {
    // An event is strings, numbers and optional objects of them: it always serialises.
    serde_json::to_string(&Stored { format: FORMAT, event }).unwrap_or_default()
}

/// An event from its `body`, whatever version wrote it; the error names the problem.
pub fn decode(body: &str) -> Result<Event, String> {
    let mut value: Value = serde_json::from_str(body).map_err(|e| format!("not JSON: {e}"))?;
    let format = match value.get("format") {
        None => 1,
        Some(format) => format.as_u64().ok_or_else(|| format!("a format that is not a version: {format}"))?,
    };
    let event = match format {
        1 => upgrade_from_2(upgrade_from_wire_frame(value)),
        2 => upgrade_from_2(value.get_mut("event").map(Value::take).ok_or("no event in a stored event")?),
        FORMAT => value.get_mut("event").map(Value::take).ok_or("no event in a stored event")?,
        newer => return Err(format!("format {newer} is newer than this server's ({FORMAT}): run a newer server")),
    };
    serde_json::from_value(event).map_err(|e| format!("format {format}: {e}"))
}

/// A version 2 event as a version 3 one: a join is marked as the old clock rule's.
fn upgrade_from_2(mut event: Value) -> Value {
    if let Value::Object(fields) = &mut event {
        if fields.get("t").and_then(Value::as_str) == Some("joined") {
            fields.insert("legacy_clock".into(), Value::Bool(true));
        }
    }
    event
}

/// A version 1 body (a wire frame) as a version 2 event.
fn upgrade_from_wire_frame(mut frame: Value) -> Value {
    if let Value::Object(fields) = &mut frame {
        fields.remove("v");
        if fields.get("t").and_then(Value::as_str) == Some("move") {
            if let Some(san) = fields.remove("text") {
                fields.insert("san".into(), san);
            }
        }
    }
    frame
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::clock::Times;
    use crate::server::engine::Side;
    use crate::server::event::{EndReason, GameResult};

    /// Bodies as the server of 40e4941 wrote them (from tests/fixtures/main-40e4941.sqlite),
    /// and the events they are.
    #[test]
    fn every_kind_of_body_written_before_formats_reads_as_its_event() {
        let clock = Some(Times { first: 301998, second: 300000 });
        let position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let cases = [
            (r#"{"seat":"first","t":"joined","v":1}"#, Event::Joined { seat: Side::First, legacy_clock: true }),
            (r#"{"seat":"second","t":"ready","v":3}"#, Event::Ready { seat: Side::Second }),
            (r#"{"position":"p w 0 1","t":"start","v":5}"#, Event::Start { position: "p w 0 1".into() }),
            (
                r#"{"clock":{"first":301998,"second":300000},"move":"e2e4","position":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","t":"move","text":"e4","v":3}"#,
                Event::Move { r#move: "e2e4".into(), san: "e4".into(), position: position.into(), clock },
            ),
            (
                r#"{"clock":null,"move":"a6a3","position":"p","t":"move","text":"a6a3","v":6}"#,
                Event::Move { r#move: "a6a3".into(), san: "a6a3".into(), position: "p".into(), clock: None },
            ),
            (r#"{"seat":"first","t":"draw","v":5}"#, Event::Draw { seat: Side::First }),
            (r#"{"game":"8iYm3jUYEA","t":"rematch","v":10}"#, Event::Rematch { game: "8iYm3jUYEA".into() }),
            (
                r#"{"reason":"agreement","result":"1/2-1/2","t":"end","v":9}"#,
                Event::End { result: GameResult::Draw, reason: EndReason::Agreement },
            ),
            (
                r#"{"reason":"checkmate","result":"0-1","t":"end","v":7}"#,
                Event::End { result: GameResult::SecondWins, reason: EndReason::Rules("checkmate".into()) },
            ),
            (
                r#"{"reason":"time","result":"1-0","t":"end","v":3}"#,
                Event::End { result: GameResult::FirstWins, reason: EndReason::Time },
            ),
        ];
        for (body, event) in cases {
            assert_eq!(decode(body).as_ref(), Ok(&event), "{body}");
            // Written again, it is version 3, and reads back the same.
            let again = encode(&event);
            assert!(again.starts_with(r#"{"format":3,"event":{"t":""#), "{again}");
            assert_eq!(decode(&again), Ok(event), "{again}");
        }
    }

    #[test]
    fn the_stored_format_is_not_the_wire_frame() {
        let event = Event::Move { r#move: "g1f3".into(), san: "Nf3".into(), position: "p".into(), clock: None };
        assert_eq!(
            encode(&event),
            r#"{"format":3,"event":{"t":"move","move":"g1f3","san":"Nf3","position":"p","clock":null}}"#
        );
    }

    #[test]
    fn a_join_stored_in_format_2_replays_under_the_old_clock_rule_and_a_new_one_does_not() {
        let old = decode(r#"{"format":2,"event":{"t":"joined","seat":"second"}}"#);
        assert_eq!(old, Ok(Event::Joined { seat: Side::Second, legacy_clock: true }));
        let new = Event::Joined { seat: Side::Second, legacy_clock: false };
        assert_eq!(encode(&new), r#"{"format":3,"event":{"t":"joined","seat":"second"}}"#);
        assert_eq!(decode(&encode(&new)), Ok(new));
        let offer = Event::RematchOffer { seat: Side::First };
        assert_eq!(encode(&offer), r#"{"format":3,"event":{"t":"rematch_offer","seat":"first"}}"#);
        assert_eq!(decode(&encode(&offer)), Ok(offer));
    }

    #[test]
    fn a_body_that_cannot_be_read_says_why_in_one_line() {
        for (body, says) in [
            ("{", "not JSON"),
            (r#"{"t":"dance","v":1}"#, "unknown variant `dance`"),
            (r#"{"t":"move","v":1,"move":"e2e4"}"#, "missing field"),
            (r#"{"format":4,"event":{}}"#, "format 4 is newer"),
            (r#"{"format":"two"}"#, "not a version"),
            (r#"{"format":2}"#, "no event"),
            (r#"{"format":2,"event":{"t":"end","result":"2-0","reason":"x"}}"#, "format 2"),
        ] {
            let e = decode(body).unwrap_err();
            assert!(e.contains(says) && !e.contains('\n'), "{body}: {e}");
        }
    }
}
