//! The server's additions to the wire contract (README, "Playing over the network"), against
//! the real `zilo serve`: a rematch (a new game with the colours swapped, the same tokens) and
//! presence frames (who is connected, since when gone, how many watch).

mod server_support;

use std::time::Duration;

use serde_json::json;
use server_support::*;

#[test]
fn a_rematch_swaps_the_colours_keeps_the_tokens_and_is_made_once() {
    let server = Server::start(&sqlite_db("rematch"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 60, "increment": 1}}));
    let mut first = server.socket(&id, Some(&t1), None);
    let mut second = server.socket(&id, Some(&t2), None);
    let v = first.until("snapshot")["v"].as_u64().unwrap();
    second.until("snapshot");

    // Not before the end, never for a spectator.
    first.send(&json!({"t": "rematch", "cid": "early"}));
    assert!(first.answer("early")["reason"].as_str().unwrap().contains("finished"));
    first.send(&json!({"t": "resign", "cid": "r"}));
    assert_eq!(first.answer("r")["t"], "ack");
    let mut watcher = server.socket(&id, None, None);
    watcher.until("snapshot");
    watcher.send(&json!({"t": "rematch", "cid": "w"}));
    assert!(watcher.answer("w")["reason"].as_str().unwrap().contains("spectators"));

    first.send(&json!({"t": "rematch", "cid": "again"}));
    let ack = first.answer("again");
    assert_eq!(ack["t"], "ack", "{ack}");
    let event = second.until("rematch");
    let new_id = s(&event["game"]);
    assert_ne!(new_id, id);
    assert_eq!(event["v"].as_u64().unwrap(), v + 2);
    // The other player's request and a resend get the same game; nothing new is stored.
    second.send(&json!({"t": "rematch", "cid": "mine-too"}));
    assert_eq!(second.answer("mine-too")["t"], "ack");
    first.send(&json!({"t": "rematch", "cid": "again"}));
    assert_eq!(first.answer("again")["v"], ack["v"]);
    assert_eq!(server.view(&id)["rematch"], new_id.as_str());

    // The new game: same variant and clock, both seats taken, colours swapped.
    let view = server.view(&new_id);
    assert_eq!((view["variant"].clone(), view["status"].clone()), (json!("chess"), json!("playing")));
    assert_eq!(view["clock_spec"], json!({"initial": 60.0, "increment": 1.0}));
    let mut now_second = server.socket(&new_id, Some(&t1), None);
    assert_eq!(now_second.until("snapshot")["seat"], "second");
    let mut now_first = server.socket(&new_id, Some(&t2), None);
    let snapshot = now_first.until("snapshot");
    assert_eq!(snapshot["seat"], "first");
    let mv = a_legal_move("chess", snapshot["game"]["position"].as_str().unwrap());
    assert_eq!(now_first.play("m1", snapshot["v"].as_u64().unwrap(), &mv)["t"], "ack");
    // The join link of a rematch finds no free seat.
    assert_eq!(server.post(&format!("/api/games/{new_id}/join"), &json!({})).0, 409);
}

#[test]
fn presence_frames_say_who_is_connected_only_to_those_who_ask() {
    let server = Server::start(&sqlite_db("presence"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let mut first = server.socket_with_query(&id, &format!("token={t1}&presence=1")).unwrap();
    assert_eq!(first.until("snapshot")["seat"], "first");
    let p = first.until("presence");
    assert_eq!((p["online"]["first"].clone(), p["online"]["second"].clone()), (json!(true), json!(false)));

    // A client that does not ask never gets one (the contract's clients see only its frames).
    let mut second = server.socket(&id, Some(&t2), None);
    let p = first.until("presence");
    assert_eq!(p["online"]["second"], true);
    let mut watcher = server.socket_with_query(&id, "presence=1").unwrap();
    assert_eq!(first.until("presence")["watchers"], 1);
    assert_eq!(watcher.until("presence")["watchers"], 1);
    let frames = second.drain(Duration::from_millis(300));
    assert!(frames.iter().all(|f| f["t"] != "presence"), "{frames:?}");

    drop(second);
    let p = first.until("presence");
    assert_eq!(p["online"]["second"], false);
    assert!(p["away_ms"]["second"].as_u64().unwrap() < 5_000, "{p}");
    drop(watcher);
    assert_eq!(first.until("presence")["watchers"], 0);
}
