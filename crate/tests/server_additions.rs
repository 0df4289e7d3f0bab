//! The server's additions to the wire contract (README, "Playing over the network"), against
//! the real `zilo serve`: a rematch by consent (an offer the other accepts or declines; a new
//! game with the colours swapped, the same tokens), the clock rule of the first moves (each
//! side's clock starts after its first move; a live game whose first moves never come is
//! aborted), abort, the seat token in the subprotocol header, and presence frames (who is
//! connected, since when gone, how many watch).

mod server_support;

use std::time::Duration;

use std::time::Instant;

use serde_json::{json, Value};
use server_support::*;

/// Two seats' sockets at a game's start: (first, second, version).
fn seated(server: &Server, id: &str, t1: &str, t2: &str) -> (Client, Client, u64) {
    let mut first = server.socket(id, Some(t1), None);
    let mut second = server.socket(id, Some(t2), None);
    let v = first.until("snapshot")["v"].as_u64().unwrap();
    second.until("snapshot");
    (first, second, v)
}

#[test]
fn a_rematch_is_an_offer_the_other_accepts_and_it_swaps_the_colours_and_keeps_the_tokens() {
    let server = Server::start(&sqlite_db("rematch"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 60, "increment": 1}}));
    let (mut first, mut second, v) = seated(&server, &id, &t1, &t2);

    // Not before the end, never for a spectator.
    first.send(&json!({"t": "rematch", "cid": "early"}));
    assert!(first.answer("early")["reason"].as_str().unwrap().contains("finished"));
    first.send(&json!({"t": "resign", "cid": "r"}));
    assert_eq!(first.answer("r")["t"], "ack");
    let mut watcher = server.socket(&id, None, None);
    watcher.until("snapshot");
    watcher.send(&json!({"t": "rematch", "cid": "w"}));
    assert!(watcher.answer("w")["reason"].as_str().unwrap().contains("spectators"));

    // One seat's ask is an offer: the other sees it, and no game is made.
    first.send(&json!({"t": "rematch", "cid": "again"}));
    let ack = first.answer("again");
    assert_eq!(ack["t"], "ack", "{ack}");
    let offer = second.until("rematch_offer");
    assert_eq!((offer["seat"].clone(), offer["rematch_offer"].clone()), (json!("first"), json!("first")));
    assert_eq!(offer["v"].as_u64().unwrap(), v + 2);
    assert_eq!(watcher.until("rematch_offer")["seat"], "first");
    let view = server.view(&id);
    assert_eq!((view["rematch"].clone(), view["rematch_offer"].clone()), (Value::Null, json!("first")));
    // Asking again, or resending, adds nothing.
    first.send(&json!({"t": "rematch", "cid": "again"}));
    assert_eq!(first.answer("again")["v"], ack["v"]);
    first.send(&json!({"t": "rematch", "cid": "twice"}));
    assert_eq!(first.answer("twice")["t"], "ack");
    assert_eq!(server.view(&id)["v"], view["v"]);

    // The other's accept makes the game, for both at once.
    second.send(&json!({"t": "rematch_accept", "cid": "yes"}));
    assert_eq!(second.answer("yes")["t"], "ack");
    let event = first.until("rematch");
    let new_id = s(&event["game"]);
    assert_ne!(new_id, id);
    assert_eq!(event["rematch_offer"], Value::Null);
    assert_eq!(server.view(&id)["rematch"], new_id.as_str());
    // Once made, every ask is answered with the same game; a decline finds no offer.
    second.send(&json!({"t": "rematch", "cid": "mine-too"}));
    assert_eq!(second.answer("mine-too")["t"], "ack");
    second.send(&json!({"t": "rematch_decline", "cid": "no"}));
    assert_eq!(second.answer("no")["code"], "server.noRematchOffer");

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
fn a_declined_rematch_offer_makes_no_game_and_an_answer_needs_an_offer() {
    let server = Server::start(&sqlite_db("decline"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut first, mut second, _) = seated(&server, &id, &t1, &t2);
    second.send(&json!({"t": "resign", "cid": "r"}));
    assert_eq!(second.answer("r")["t"], "ack");
    for (cid, t) in [("a", "rematch_accept"), ("d", "rematch_decline")] {
        second.send(&json!({"t": t, "cid": cid}));
        let refused = second.answer(cid);
        assert_eq!((refused["t"].clone(), refused["code"].clone()), (json!("reject"), json!("server.noRematchOffer")));
    }
    second.send(&json!({"t": "rematch", "cid": "offer"}));
    assert_eq!(second.answer("offer")["t"], "ack");
    // The offerer cannot accept its own offer.
    second.send(&json!({"t": "rematch_accept", "cid": "self"}));
    assert_eq!(second.answer("self")["code"], "server.noRematchOffer");
    first.send(&json!({"t": "rematch_decline", "cid": "no"}));
    assert_eq!(first.answer("no")["t"], "ack");
    let declined = second.until("rematch_decline");
    assert_eq!((declined["seat"].clone(), declined["rematch_offer"].clone()), (json!("first"), Value::Null));
    let view = server.view(&id);
    assert_eq!((view["rematch"].clone(), view["rematch_offer"].clone()), (Value::Null, Value::Null));
}

#[test]
fn each_sides_clock_starts_after_its_first_move() {
    let server = Server::start(&sqlite_db("first-moves"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 60, "increment": 5}}));
    let (mut first, mut second, v) = seated(&server, &id, &t1, &t2);
    let snapshot = &first.seen[0];
    assert_eq!(snapshot["game"]["clock_running"], false, "{snapshot}");
    assert_eq!(snapshot["game"]["abortable"], true);
    let first_move = snapshot["game"]["first_move_ms"].as_i64().unwrap();
    assert!(first_move > 25_000 && first_move <= 30_000, "the default 30 s for a first move: {first_move}");

    // Time passes before each first move, and neither side is charged (nor given an increment).
    std::thread::sleep(Duration::from_millis(400));
    let ack = first.play("w1", v, "e2e4");
    let white = first.until("move");
    assert_eq!(white["clock"], json!({"first": 60_000, "second": 60_000}), "{white}");
    assert_eq!((white["clock_running"].clone(), white["abortable"].clone()), (json!(false), json!(true)));
    assert!(white["first_move_ms"].as_i64().unwrap() > 25_000, "black's time for its first move: {white}");
    std::thread::sleep(Duration::from_millis(400));
    second.play("b1", ack["v"].as_u64().unwrap(), "e7e5");
    let black = second.until("move");
    assert_eq!(black["clock"], json!({"first": 60_000, "second": 60_000}), "{black}");
    assert_eq!((black["clock_running"].clone(), black["abortable"].clone()), (json!(true), json!(false)));
    assert_eq!(black["first_move_ms"], Value::Null);
    let view = server.view(&id);
    assert_eq!((view["clock_running"].clone(), view["abortable"].clone()), (json!(true), json!(false)));

    // From now on the side to move's time runs: white is charged, then gets the increment.
    std::thread::sleep(Duration::from_millis(400));
    first.play("w2", black["v"].as_u64().unwrap(), "g1f3");
    let charged = first.until("move")["clock"]["first"].as_i64().unwrap();
    assert!((64_000..=64_700).contains(&charged), "60 s - 0.4 s + 5 s: {charged}");
}

#[test]
fn a_live_game_whose_first_move_never_comes_is_aborted_without_a_result() {
    let server = Server::start_with_args(&sqlite_db("abort-auto"), &temp_dir("www"), &["--first-move", "1"]);
    let live = json!({"variant": "chess", "clock": {"initial": 60, "increment": 0}});
    // White never moves; in another game black never answers.
    let (none, _, _) = server.create_and_join(live.clone());
    let (one, t1, t2) = server.create_and_join(live);
    let (mut first, _second, v) = seated(&server, &one, &t1, &t2);
    assert_eq!(first.play("w", v, "e2e4")["t"], "ack");
    // Correspondence and untimed games wait for their first moves.
    let (corr, _, _) = server.create_and_join(json!({"variant": "chess", "clock": {"days": 1}}));
    let (free, _, _) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let end = first.until("end");
    assert_eq!((end["result"].clone(), end["reason"].clone()), (json!("*"), json!("aborted")), "{end}");
    let started = Instant::now();
    while server.view(&none)["status"] != "over" {
        assert!(started.elapsed() < Duration::from_secs(5), "{}", server.view(&none));
        std::thread::sleep(Duration::from_millis(50));
    }
    let view = server.view(&none);
    assert_eq!((view["result"].clone(), view["reason"].clone()), (json!("*"), json!("aborted")));
    std::thread::sleep(Duration::from_millis(800));
    for id in [&corr, &free] {
        let view = server.view(id);
        assert_eq!((view["status"].clone(), view["first_move_ms"].clone()), (json!("playing"), Value::Null), "{view}");
    }
}

#[test]
fn a_player_aborts_until_both_sides_have_moved_and_not_after() {
    let server = Server::start(&sqlite_db("abort"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 60, "increment": 0}}));
    let (mut first, mut second, v) = seated(&server, &id, &t1, &t2);
    let mut watcher = server.socket(&id, None, None);
    watcher.until("snapshot");
    watcher.send(&json!({"t": "abort", "cid": "w"}));
    assert_eq!(watcher.answer("w")["code"], "server.spectatorCannotPlay");
    assert_eq!(first.play("w1", v, "e2e4")["t"], "ack");
    second.send(&json!({"t": "abort", "cid": "stop"}));
    assert_eq!(second.answer("stop")["t"], "ack");
    let end = first.until("end");
    assert_eq!(
        (end["result"].clone(), end["reason"].clone(), end["abortable"].clone()),
        (json!("*"), json!("aborted"), json!(false))
    );

    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut first, mut second, v) = seated(&server, &id, &t1, &t2);
    let ack = first.play("w1", v, "d2d4");
    second.play("b1", ack["v"].as_u64().unwrap(), "d7d5");
    first.send(&json!({"t": "abort", "cid": "late"}));
    let refused = first.answer("late");
    assert_eq!((refused["t"].clone(), refused["code"].clone()), (json!("reject"), json!("server.abortTooLate")));
    assert_eq!(server.view(&id)["status"], "playing");
}

#[test]
fn the_seat_token_may_travel_in_the_subprotocol_header_instead_of_the_url() {
    let server = Server::start(&sqlite_db("subprotocol"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut second, chosen) = server.socket_with_subprotocol(&id, &t2);
    assert_eq!(chosen.as_deref(), Some("zilo"));
    let snapshot = second.until("snapshot");
    assert_eq!(snapshot["seat"], "second");
    // The query's token keeps working.
    let mut first = server.socket(&id, Some(&t1), None);
    assert_eq!(first.until("snapshot")["seat"], "first");
    let ack = first.play("m", snapshot["v"].as_u64().unwrap(), "e2e4");
    assert_eq!(ack["t"], "ack");
    assert_eq!(second.play("n", ack["v"].as_u64().unwrap(), "e7e5")["t"], "ack");
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
