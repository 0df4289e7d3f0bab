//! The fixture of tests/fixtures/main-40e4941.*: a SQLite database the
//! server of commit 40e4941 wrote through real play, and what that server
//! answered about its games (see server_stored.rs, which records it). Shared
//! by the SQLite and PostgreSQL tests that this server answers the same.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{json, Value};

use super::{s, temp_dir, Server};

pub const FIXTURE: &str = "main-40e4941";

pub fn fixture(ext: &str) -> PathBuf {
    fixture_named(FIXTURE, ext)
}

/// Another fixture's file (`main-fe1eb11`: the database before schema versions).
pub fn fixture_named(name: &str, ext: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(format!("{name}.{ext}"))
}

/// A copy of the fixture database in a fresh directory (the server writes to it).
pub fn fixture_db(name: &str) -> String {
    let path = temp_dir(name).join("games.sqlite");
    std::fs::copy(fixture("sqlite"), &path).expect("the fixture database");
    format!("sqlite:{}", path.display())
}

pub fn expected() -> Value {
    let text = std::fs::read_to_string(fixture("json")).expect("the fixture's answers");
    serde_json::from_str(&text).expect("the fixture's answers are JSON")
}

// ------------------------------------------------------------------ comparing frames

/// The fields this server adds to every event frame, after the contract's
/// own: the game's status and standing draw offer once the event is in.
const ADDED: &str = ",\"status\":";

/// An event frame without this server's additions (other frames as they are).
fn without_additions(frame: &str) -> &str {
    match frame.find(ADDED) {
        Some(at) if frame.contains("\"v\":") && !frame.starts_with("{\"t\":\"snapshot\"") => &frame[..at],
        _ => frame,
    }
}

/// A view or snapshot without the players' names and `rated` (additions of
/// the lobby, which older servers did not send); other frames as they are.
pub fn without_players(text: &str) -> String {
    let Ok(mut value) = serde_json::from_str::<Value>(text) else { return text.to_string() };
    let view = if value.get("game").is_some_and(Value::is_object) { &mut value["game"] } else { &mut value };
    match view.as_object_mut() {
        Some(fields) if fields.contains_key("names") && fields.contains_key("variant") => {
            fields.remove("names");
            fields.remove("rated");
            value.to_string()
        }
        _ => text.to_string(),
    }
}

/// `new` is `old` byte for byte, but for the additions after an event's last
/// field and the players' names of a snapshot.
fn assert_same_frame(old: &str, new: &str, context: &str) {
    let new = &without_players(new);
    if old == new {
        return;
    }
    // A snapshot: the same but for the fields added to its game since.
    let (o, n): (Value, Value) = (serde_json::from_str(old).unwrap(), serde_json::from_str(new).unwrap());
    // An unknown type's error names the known ones: more of them since (abort, the rematch's).
    if o["t"] == "error" && n["t"] == "error" {
        let split = |v: &Value| {
            let reason = v["reason"].as_str().unwrap_or_default().to_string();
            let (line, known) = reason.split_once(" (known: ").unwrap_or((&reason, ""));
            let known: Vec<String> = known.trim_end_matches(')').split(", ").map(str::to_string).collect();
            (line.to_string(), known)
        };
        let ((old_line, old_known), (new_line, new_known)) = (split(&o), split(&n));
        assert_eq!(new_line, old_line, "{context}");
        assert!(old_known.iter().all(|k| new_known.contains(k)), "{context}: {new_known:?} lost one of {old_known:?}");
        return;
    }
    if o["t"] == "snapshot" && n["t"] == "snapshot" {
        let without_game = |v: &Value| {
            let mut v = v.clone();
            v.as_object_mut().unwrap().remove("game");
            v
        };
        assert_eq!(without_game(&n), without_game(&o), "{context}");
        assert_same_object(&json!(n["game"].to_string()), &json!(o["game"].to_string()), context);
        return;
    }
    let stripped = without_additions(new);
    // A frame recorded before the additions is this one without them; one
    // recorded with some of them (a later fixture) has the same frame before
    // them, and each addition it had is here with the same value.
    let same_before = old.strip_suffix('}') == Some(stripped)
        || (without_additions(old) == stripped && {
            let (o, n): (Value, Value) = (serde_json::from_str(old).unwrap(), serde_json::from_str(new).unwrap());
            o.as_object().unwrap().iter().all(|(key, value)| n.get(key) == Some(value))
        });
    assert!(
        stripped.len() < new.len() && new.ends_with('}') && same_before,
        "{context}: this server sent\n  {new}\nwhere the recorded server sent\n  {old}"
    );
}

pub fn assert_same_frames(old: &[String], new: &[String], context: &str) {
    for (i, (o, n)) in old.iter().zip(new).enumerate() {
        assert_same_frame(o, n, &format!("{context}, frame {i}"));
    }
    assert_eq!(
        old.len(),
        new.len(),
        "{context}: {} frames, then {:?}",
        old.len().min(new.len()),
        if old.len() > new.len() { &old[new.len()..] } else { &new[old.len()..] }
    );
}

pub fn texts(frames: &[String]) -> Value {
    json!(frames)
}

pub fn strings(value: &Value) -> Vec<String> {
    value.as_array().expect("a list").iter().map(s).collect()
}

// ------------------------------------------------------------------ what is asked of a game

/// What a server answers about one stored game: the spectators' view (HTTP),
/// each seat's snapshot, and every event from the start (a connect with `v=0`).
pub fn answers(server: &Server, id: &str, tokens: &Value) -> Value {
    let (status, view) = server.get_text(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{view}");
    let mut snapshots = serde_json::Map::new();
    for seat in ["first", "second"] {
        if let Some(token) = tokens[seat].as_str() {
            let mut client = server.socket(id, Some(token), None);
            client.until("snapshot");
            snapshots.insert(seat.into(), json!(client.texts[0]));
        }
    }
    let mut replay = server.socket(id, None, Some(0));
    replay.drain(Duration::from_millis(300));
    json!({"view": view, "snapshots": snapshots, "replay": texts(&replay.texts)})
}

/// Fields this server added to the view of a game (and a snapshot's `game`)
/// since the fixture was recorded: the first-move clock rule, abort and the rematch offer.
/// (`names` and `rated`: the players bound to the seats, from the lobby's accounts.)
const VIEW_ADDITIONS: [&str; 6] = ["abortable", "clock_running", "first_move_ms", "rematch_offer", "names", "rated"];

/// `new` (a JSON object's text) holds every field of `old` with the same
/// value, and nothing more but `VIEW_ADDITIONS`.
fn assert_same_object(new: &Value, old: &Value, context: &str) {
    let parse = |v: &Value| serde_json::from_str::<Value>(v.as_str().expect("a recorded text")).unwrap();
    let (new, old) = (parse(new), parse(old));
    let (new, old) = (new.as_object().expect("an object"), old.as_object().expect("an object"));
    for (key, value) in old {
        assert_eq!(new.get(key), Some(value), "{context}: field '{key}'");
    }
    for key in new.keys().filter(|k| !old.contains_key(*k)) {
        assert!(VIEW_ADDITIONS.contains(&key.as_str()), "{context}: an unexpected field '{key}'");
    }
}

/// The additions of each event frame: (status, draw_offer).
pub fn additions(frames: &[String]) -> Vec<(Value, Value)> {
    frames
        .iter()
        .map(|f| serde_json::from_str::<Value>(f).unwrap())
        .map(|f| (f["status"].clone(), f["draw_offer"].clone()))
        .collect()
}

/// Every game of the fixture, asked of `server`, is answered as recorded: the
/// same view and snapshots byte for byte, the same replay but for the
/// additions, whose last says what the view says.
pub fn assert_answers_as_recorded(server: &Server, expected: &Value) {
    for (name, game) in expected["games"].as_object().unwrap() {
        let old = &expected["answers"][name];
        let new = answers(server, &s(&game["id"]), &game["tokens"]);
        assert_same_object(&new["view"], &old["view"], &format!("{name}: the spectators' view"));
        for seat in ["first", "second"] {
            if let Some(old) = old["snapshots"][seat].as_str() {
                let new = new["snapshots"][seat].as_str().expect("a snapshot for each seat recorded");
                let (old, new): (Value, Value) =
                    (serde_json::from_str(old).unwrap(), serde_json::from_str(new).unwrap());
                let context = format!("{name}: the {seat} seat's snapshot");
                assert_eq!((&new["t"], &new["v"], &new["seat"]), (&old["t"], &old["v"], &old["seat"]), "{context}");
                assert_same_object(&json!(new["game"].to_string()), &json!(old["game"].to_string()), &context);
            }
        }
        let replay = strings(&new["replay"]);
        assert_same_frames(&strings(&old["replay"]), &replay, &format!("{name}: the replay"));
        let view: Value = serde_json::from_str(new["view"].as_str().unwrap()).unwrap();
        let last = additions(&replay).pop().unwrap();
        assert_eq!(last, (view["status"].clone(), view["draw_offer"].clone()), "{name}: the last event's additions");
    }
}
