//! The wire contract's guarantees 1 to 7, each against the real `zilo serve`
//! (SQLite) over real sockets on 127.0.0.1. Guarantee 8 (PostgreSQL) is in
//! server_postgres.rs.

mod server_support;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use server_support::*;

/// Plays `n` moves alternately through the two seats' sockets (chess from
/// its start); the acked versions.
fn play_moves(first: &mut Client, second: &mut Client, server: &Server, id: &str, n: usize) -> Vec<u64> {
    let mut acked = Vec::new();
    for i in 0..n {
        let view = server.view(id);
        let v = view_version(server, id);
        let mv = a_legal_move("chess", view["position"].as_str().unwrap());
        let client = if i % 2 == 0 { &mut *first } else { &mut *second };
        let answer = client.play(&format!("m{i}-{}", view["moves"].as_array().unwrap().len()), v, &mv);
        assert_eq!(answer["t"], "ack", "{answer}");
        acked.push(answer["v"].as_u64().unwrap());
    }
    acked
}

/// The game's version, from a spectator's snapshot.
fn view_version(server: &Server, id: &str) -> u64 {
    let mut watcher = server.socket(id, None, None);
    let snapshot = watcher.next();
    assert_eq!(snapshot["t"], "snapshot");
    snapshot["v"].as_u64().unwrap()
}

#[test]
fn acknowledged_moves_survive_kill_9_and_a_restart() {
    let server = Server::start(&sqlite_db("kill9"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut first, mut second) = (server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None));
    play_moves(&mut first, &mut second, &server, &id, 6);
    let before = server.view(&id);
    let (db, www) = server.kill9();

    let server = Server::start_with(&db, &www);
    let after = server.view(&id);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["moves"].as_array().unwrap().len(), 6);
    assert_eq!(after["position"], before["position"]);
    // The game goes on, with the same tokens.
    let mut first = server.socket(&id, Some(&t1), None);
    let snapshot = first.next();
    assert_eq!(snapshot["seat"], "first");
    let mv = a_legal_move("chess", snapshot["game"]["position"].as_str().unwrap());
    let answer = first.play("after-restart", snapshot["v"].as_u64().unwrap(), &mv);
    assert_eq!(answer["t"], "ack", "{answer}");
    assert_eq!(server.view(&id)["moves"].as_array().unwrap().len(), 7);
}

#[test]
fn a_command_resent_with_its_cid_is_applied_once() {
    let server = Server::start(&sqlite_db("cid"));
    let (id, t1, _) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let mut first = server.socket(&id, Some(&t1), None);
    let v = first.next()["v"].as_u64().unwrap();
    let ack = first.play("once", v, "e2e4");
    assert_eq!(ack["t"], "ack", "{ack}");
    // The same frame again, on the same connection and after a reconnection.
    assert_eq!(first.play("once", v, "e2e4"), ack);
    drop(first);
    let mut again = server.socket(&id, Some(&t1), Some(ack["v"].as_u64().unwrap()));
    assert_eq!(again.play("once", v, "e2e4"), ack);
    assert_eq!(server.view(&id)["moves"], json!(["e2e4"]));
}

#[test]
fn reconnecting_with_v_gives_exactly_the_missed_events() {
    let server = Server::start(&sqlite_db("gaps"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 600, "increment": 0}}));
    let mut first = server.socket(&id, Some(&t1), None);
    let mut watcher = server.socket(&id, None, None);
    let seen_v = watcher.next()["v"].as_u64().unwrap();
    let mut second = server.socket(&id, Some(&t2), None);
    let acked = play_moves(&mut first, &mut second, &server, &id, 3);
    drop(second);
    // The second seat is away while three more moves and a draw offer happen.
    let mut second_again_v = acked[2];
    let mut away = Vec::new();
    for i in 0..3 {
        let view = server.view(&id);
        let version = view_version(&server, &id);
        let mv = a_legal_move("chess", view["position"].as_str().unwrap());
        let client = &mut first;
        if view["turn"] == "first" {
            let a = client.play(&format!("away{i}"), version, &mv);
            assert_eq!(a["t"], "ack", "{a}");
            away.push(a["v"].as_u64().unwrap());
        } else {
            // The second seat's turn: it comes back for one move, then leaves again.
            let mut second = server.socket(&id, Some(&t2), Some(second_again_v));
            let a = second.play(&format!("back{i}"), version, &mv);
            assert_eq!(a["t"], "ack", "{a}");
            away.push(a["v"].as_u64().unwrap());
            second_again_v = a["v"].as_u64().unwrap();
        }
    }
    first.send(&json!({"t": "draw", "cid": "offer"}));
    let offer = first.answer("offer");
    assert_eq!(offer["t"], "ack");
    let now = offer["v"].as_u64().unwrap();

    // The watcher saw every event from seen_v + 1 to now, in order.
    let mut watched: Vec<Value> = watcher.seen.clone();
    while watched.last().map(|f| f["v"].as_u64()) != Some(Some(now)) {
        watched.push(watcher.next());
    }
    let watched_events: Vec<&Value> = watched.iter().filter(|f| f["t"] != "snapshot").collect();
    let versions: Vec<u64> = watched_events.iter().map(|f| f["v"].as_u64().unwrap()).collect();
    assert_eq!(versions, (seen_v + 1..=now).collect::<Vec<_>>());

    // A reconnection with v=N gets the events after N, exactly as the watcher saw them, and no snapshot.
    for n in [seen_v, seen_v + 2, now - 1] {
        let mut late = server.socket(&id, None, Some(n));
        let frames: Vec<Value> = (n + 1..=now).map(|_| late.next()).collect();
        let expected: Vec<Value> =
            watched_events.iter().filter(|f| f["v"].as_u64().unwrap() > n).map(|f| (*f).clone()).collect();
        assert_eq!(frames, expected, "replay after {n}");
        assert!(late.next_within(Duration::from_millis(300)).is_none(), "nothing more after {n}");
    }
    // Up to date: nothing; no v or a v from the future: a snapshot.
    let mut current = server.socket(&id, Some(&t1), Some(now));
    assert!(current.next_within(Duration::from_millis(300)).is_none());
    for v in [None, Some(now + 5)] {
        let snapshot = server.socket(&id, None, v).next();
        assert_eq!((snapshot["t"].as_str(), snapshot["v"].as_u64()), (Some("snapshot"), Some(now)));
    }
}

#[test]
fn only_the_seats_holder_moves_it_and_rejections_change_nothing() {
    let server = Server::start(&sqlite_db("reject"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut first, mut second) = (server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None));
    let v = first.next()["v"].as_u64().unwrap();
    second.next();
    let before = server.view(&id);
    let mut spectator = server.socket(&id, None, None);
    spectator.next();
    // Who sends (0: a spectator, 1: the first seat, 2: the second), what, what the reason
    // says, and its code: the server's own, or the engine's for an illegal move.
    let cases = [
        (0, json!({"t": "move", "cid": "s", "v": v, "move": "e2e4"}), "spectators", "server.spectatorCannotPlay"),
        (2, json!({"t": "move", "cid": "o", "v": v, "move": "e7e5"}), "not your turn", "server.notYourTurn"),
        (1, json!({"t": "move", "cid": "i", "v": v, "move": "e2e5"}), "", "move.cannotReach"),
        (1, json!({"t": "move", "cid": "g", "v": v, "move": "zz"}), "", "move.malformed"),
        (1, json!({"t": "move", "cid": "st", "v": v - 1, "move": "e2e4"}), "stale", "server.staleVersion"),
        (1, json!({"t": "setup", "cid": "su", "half": "x"}), "no hidden setup", "server.noHiddenSetup"),
    ];
    for (who, frame, says, code) in cases {
        let client = match who {
            0 => &mut spectator,
            1 => &mut first,
            _ => &mut second,
        };
        client.send(&frame);
        let answer = client.answer(frame["cid"].as_str().unwrap());
        assert_eq!(answer["t"], "reject", "{frame}: {answer}");
        assert!(answer["reason"].as_str().unwrap().contains(says), "{frame}: {answer}");
        assert_eq!(answer["code"], code, "{frame}: {answer}");
        assert!(answer["args"].is_object(), "{frame}: {answer}");
        assert_eq!(server.view(&id), before, "after {frame}");
    }
    let stale = first.seen.iter().find(|f| f["cid"] == "st").unwrap().clone();
    assert_eq!((stale["args"]["v"].as_str(), stale["args"]["version"].as_str()), (Some("1"), Some("2")), "{stale}");
    // A third player is refused over HTTP with the same kind of coded answer.
    let (status, full) = server.post(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!((status, full["code"].as_str()), (409, Some("server.seatsTaken")), "{full}");
    // A wrong token is refused at connect.
    assert_eq!(
        server.try_socket(&id, Some("0123456789abcdef0123456789abcdef01234567"), None).err().as_deref(),
        Some("HTTP 403")
    );
    // After the end, nothing more goes in.
    second.send(&json!({"t": "resign", "cid": "r"}));
    assert_eq!(second.answer("r")["t"], "ack");
    let over = server.view(&id);
    assert_eq!(
        (over["status"].as_str(), over["result"].as_str(), over["reason"].as_str()),
        (Some("over"), Some("1-0"), Some("resignation"))
    );
    let end_v = view_version(&server, &id);
    for (cid, frame) in [
        ("late-move", json!({"t": "move", "cid": "late-move", "v": end_v, "move": "e2e4"})),
        ("late-draw", json!({"t": "draw", "cid": "late-draw"})),
        ("late-resign", json!({"t": "resign", "cid": "late-resign"})),
    ] {
        first.send(&frame);
        let answer = first.answer(cid);
        assert_eq!(answer["t"], "reject", "{answer}");
        assert!(answer["reason"].as_str().unwrap().contains("over"), "{answer}");
        assert_eq!(
            (answer["code"].as_str(), answer["args"]["result"].as_str()),
            (Some("server.gameOver"), Some("1-0"))
        );
    }
    assert_eq!(server.view(&id), over);
}

#[test]
fn draw_offers_stand_until_the_opponent_moves_and_agreement_ends_the_game() {
    let server = Server::start(&sqlite_db("draw"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut first, mut second) = (server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None));
    let v = first.next()["v"].as_u64().unwrap();
    first.send(&json!({"t": "draw", "cid": "d1"}));
    assert_eq!(first.answer("d1")["t"], "ack");
    assert_eq!(server.view(&id)["draw_offer"], "first");
    first.send(&json!({"t": "draw", "cid": "d2"}));
    assert!(first.answer("d2")["reason"].as_str().unwrap().contains("already stands"));
    // The offer's event bumped the version; the move must say so.
    assert_eq!(first.play("m1", v + 1, "e2e4")["t"], "ack");
    let a = second.play("m2", v + 2, "e7e5");
    assert_eq!(a["t"], "ack", "{a}");
    assert_eq!(server.view(&id)["draw_offer"], Value::Null, "the offer lapsed when the opponent moved");
    second.send(&json!({"t": "draw", "cid": "d3"}));
    assert_eq!(second.answer("d3")["t"], "ack");
    first.send(&json!({"t": "draw", "cid": "d4"}));
    assert_eq!(first.answer("d4")["t"], "ack");
    let end = first.until("end");
    assert_eq!((end["result"].as_str(), end["reason"].as_str()), (Some("1/2-1/2"), Some("agreement")));
}

#[test]
fn a_checkmate_ends_the_game_with_the_engines_word() {
    let server = Server::start(&sqlite_db("mate"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut first, mut second) = (server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None));
    let mut v = first.next()["v"].as_u64().unwrap();
    for (i, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let client = if i % 2 == 0 { &mut first } else { &mut second };
        let a = client.play(&format!("fm{i}"), v, mv);
        assert_eq!(a["t"], "ack", "{mv}: {a}");
        v = a["v"].as_u64().unwrap();
    }
    let end = first.until("end");
    assert_eq!((end["result"].as_str(), end["reason"].as_str()), (Some("0-1"), Some("checkmate")));
    let view = server.view(&id);
    assert_eq!((view["status"].as_str(), view["moves"].as_array().unwrap().len()), (Some("over"), 4));
}

fn cyvasse_half(side: zilo::cyvasse::Side, preset: usize) -> String {
    zilo::cyvasse::setup::presets(side)[preset].half.to_text(side)
}

#[test]
fn hidden_halves_stay_hidden_until_both_are_locked() {
    let server = Server::start(&sqlite_db("hidden"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "cyvasse", "clock": null}));
    let (mut first, mut second) = (server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None));
    let mut watcher = server.socket(&id, None, None);
    assert_eq!(first.next()["game"]["status"], "setup");
    let half1 = cyvasse_half(zilo::cyvasse::Side::White, 0);
    let half2 = cyvasse_half(zilo::cyvasse::Side::Black, 1);

    // A bad half is rejected with the engine's reason and may be sent again.
    first.send(&json!({"t": "setup", "cid": "bad", "half": "nonsense"}));
    let bad = first.answer("bad");
    assert_eq!(bad["t"], "reject");
    assert!(bad["code"].as_str().is_some_and(|c| zilo::door::CODES.contains(&c)), "the engine's code: {bad}");
    // An empty zone is refused with each of its problems coded, for the page to word.
    first.send(&json!({"t": "setup", "cid": "empty", "half": "11/10/9/8"}));
    let empty = first.answer("empty");
    assert_eq!(empty["code"], "setup.invalid", "{empty}");
    assert!(empty["problems"].as_array().is_some_and(|p| p.iter().any(|p| p["code"] == "setup.noKing")), "{empty}");
    first.send(&json!({"t": "setup", "cid": "h1", "half": half1}));
    assert_eq!(first.answer("h1")["t"], "ack");
    // A locked half cannot change.
    first.send(&json!({"t": "setup", "cid": "h1b", "half": cyvasse_half(zilo::cyvasse::Side::White, 1)}));
    assert!(first.answer("h1b")["reason"].as_str().unwrap().contains("locked"));
    // The first seat sees its own half in a snapshot; nobody else does.
    let own = server.socket(&id, Some(&t1), None).next();
    assert_eq!(own["game"]["half"].as_str(), Some(half1.as_str()));
    let ready = second.until("ready");
    assert_eq!(ready["seat"], "first");
    let mut before_lock: Vec<String> = Vec::new();
    before_lock.extend(second.seen.iter().map(Value::to_string));
    before_lock.extend(watcher.drain(Duration::from_millis(300)).iter().map(Value::to_string));
    before_lock.push(server.socket(&id, Some(&t2), None).next().to_string());
    before_lock.push(
        server.socket(&id, None, Some(0)).drain(Duration::from_millis(300)).iter().map(Value::to_string).collect(),
    );
    before_lock.push(server.view(&id).to_string());
    before_lock.push(server.get_text(&format!("/api/games/{id}")).1);
    for text in &before_lock {
        assert!(!text.contains(&half1) && !text.contains("\"half\""), "a half leaked: {text}");
    }

    second.send(&json!({"t": "setup", "cid": "h2", "half": half2}));
    assert_eq!(second.answer("h2")["t"], "ack");
    let start = watcher.until("start");
    let position = start["position"].as_str().unwrap().to_string();
    let expected_first = zilo::door::Game::from_halves("cyvasse", &half1, &half2, zilo::door::Side::First).unwrap();
    let expected_second = zilo::door::Game::from_halves("cyvasse", &half1, &half2, zilo::door::Side::Second).unwrap();
    assert!(position == expected_first.position() || position == expected_second.position(), "{position}");
    assert_eq!(first.until("start"), start);
    let view = server.view(&id);
    assert_eq!((view["status"].as_str(), view["position"].as_str()), (Some("playing"), Some(position.as_str())));
    assert!(view.get("half").is_none());
    // Play begins: the side to move plays a legal move.
    let mover = if view["turn"] == "first" { &mut first } else { &mut second };
    let mv = a_legal_move("cyvasse", &position);
    let a = mover.play("c1", start["v"].as_u64().unwrap(), &mv);
    assert_eq!(a["t"], "ack", "{a}");
}

/// Plays `moves` in a game from its start, the seats in turn; closes the sockets.
fn open_with(server: &Server, id: &str, t1: &str, t2: &str, moves: &[&str]) {
    let (mut first, mut second) = (server.socket(id, Some(t1), None), server.socket(id, Some(t2), None));
    let mut v = first.until("snapshot")["v"].as_u64().unwrap();
    for (i, mv) in moves.iter().enumerate() {
        let client = if i % 2 == 0 { &mut first } else { &mut second };
        let ack = client.play(&format!("o{i}"), v, mv);
        assert_eq!(ack["t"], "ack", "{mv}: {ack}");
        v = ack["v"].as_u64().unwrap();
    }
}

#[test]
fn a_clock_runs_out_with_nobody_connected() {
    let server = Server::start(&sqlite_db("flag"));
    // Each side's clock starts after its first move (README, "Clocks").
    // Live: the first seat (to move after both first moves) has one second.
    let (live, l1, l2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 1, "increment": 0}}));
    open_with(&server, &live, &l1, &l2, &["e2e4", "e7e5"]);
    // Correspondence: 0.00002 days (1.7 s) per move.
    let (corr, c1, c2) = server.create_and_join(json!({"variant": "chess", "clock": {"days": 0.00002}}));
    open_with(&server, &corr, &c1, &c2, &["e2e4", "e7e5"]);
    // A game whose flag falls while the server is down.
    let (down, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": {"initial": 2, "increment": 1}}));
    open_with(&server, &down, &t1, &t2, &["e2e4", "e7e5", "g1f3"]);
    let (db, www) = server.kill9();
    std::thread::sleep(Duration::from_millis(3500));
    let server = Server::start_with(&db, &www);
    let started = Instant::now();
    let mut ended = Vec::new();
    while started.elapsed() < Duration::from_secs(8) {
        ended = [&live, &corr, &down].iter().map(|id| server.view(id)).filter(|v| v["status"] == "over").collect();
        if ended.len() == 3 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(ended.len(), 3, "every flag fell");
    let results: Vec<(String, String)> =
        [&live, &corr, &down].iter().map(|id| server.view(id)).map(|v| (s(&v["result"]), s(&v["reason"]))).collect();
    assert_eq!(results[0], ("0-1".into(), "time".into()));
    assert_eq!(results[1], ("0-1".into(), "time".into()));
    assert_eq!(results[2], ("1-0".into(), "time".into()), "black, to move, ran out while the server was down");
    let clock = &server.view(&down)["clock"];
    assert_eq!(clock["second"], 0);
    assert!(clock["first"].as_i64().unwrap() > 2000, "the first seat got its increment: {clock}");
}

#[test]
fn bad_input_is_harmless() {
    let server = Server::start(&sqlite_db("bad"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let mut client = server.socket(&id, Some(&t1), None);
    client.next();
    for (frame, says) in [
        ("{nope", "not JSON"),
        (r#"{"t":"dance"}"#, "unknown message type"),
        (r#"{"t":"move","cid":"x"}"#, "missing field"),
        ("[]", "missing field 't'"),
    ] {
        client.send_text(frame).unwrap();
        let answer = client.until("error");
        assert!(answer["reason"].as_str().unwrap().contains(says), "{frame}: {answer}");
    }
    client.send(&json!({"t": "ping"}));
    assert_eq!(client.until("pong"), json!({"t": "pong"}));
    assert_eq!(server.view(&id)["moves"], json!([]));

    // A frame over 16 KiB closes the socket.
    let mut big = server.socket(&id, Some(&t1), None);
    big.next();
    let huge = json!({"t": "move", "cid": "big", "v": 2, "move": "x".repeat(20 * 1024)}).to_string();
    let _ = big.send_text(&huge);
    assert!(big.is_closed_within(Duration::from_secs(5)), "a huge frame closes the socket");

    // A flood on one game: refused once over the rate, while another game plays at normal speed.
    let (other, o1, _) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let mut calm = server.socket(&other, Some(&o1), None);
    let calm_v = calm.next()["v"].as_u64().unwrap();
    let mut flood = server.socket(&id, Some(&t2), None);
    flood.next();
    for i in 0..400 {
        if flood.send_text(&json!({"t": "draw", "cid": format!("f{i}")}).to_string()).is_err() {
            break;
        }
    }
    let started = Instant::now();
    assert_eq!(calm.play("calm", calm_v, "e2e4")["t"], "ack");
    assert!(started.elapsed() < Duration::from_secs(1), "another game was slowed: {:?}", started.elapsed());
    let refused = |f: &Value| f["t"] == "error" && f["reason"].as_str().unwrap().contains("too many");
    let started = Instant::now();
    while !flood.seen.iter().any(refused) && started.elapsed() < Duration::from_secs(10) {
        flood.next_within(Duration::from_millis(200));
    }
    assert!(flood.seen.iter().any(refused), "the flood was refused: {:?}", &flood.seen[..flood.seen.len().min(5)]);
    // Over HTTP: unknown games, bad bodies, huge bodies, unknown routes, paths out of www.
    assert_eq!(server.get("/api/games/nosuchgame").0, 404);
    assert_eq!(server.get("/api/games/zzzzzzzzzz").0, 404);
    assert_eq!(server.post("/api/games/zzzzzzzzzz/join", &json!({})).0, 404);
    assert_eq!(server.try_socket("zzzzzzzzzz", None, None).err().as_deref(), Some("HTTP 404"));
    for body in [
        &b"{not json"[..],
        b"[1,2]",
        br#"{"variant": 5}"#,
        br#"{"variant": "chess", "side": "left", "clock": null}"#,
        br#"{"variant": "chess", "side": "first", "clock": {"initial": -1, "increment": 0}}"#,
        br#"{"variant": "chess", "side": "first", "clock": null, "position": "8/8"}"#,
    ] {
        let (status, answer) = server.post_raw("/api/games", body);
        let answer: Value = serde_json::from_str(&answer).unwrap_or(Value::Null);
        assert_eq!(status, 400, "{}: {answer}", String::from_utf8_lossy(body));
        assert!(answer["error"].as_str().is_some_and(|e| !e.contains('\n')), "{answer}");
        assert!(answer["code"].as_str().is_some_and(|c| c.contains('.')), "{answer}");
    }
    // A bad position is refused with the engine's own code.
    let (_, answer) =
        server.post("/api/games", &json!({"variant": "chess", "side": "first", "clock": null, "position": "8/8"}));
    assert_eq!(answer["code"], "position.rankCount", "{answer}");
    let (status, answer) = server.post_raw("/api/games", &vec![b' '; 17 * 1024]);
    assert_eq!(status, 413, "{answer}");
    assert!(answer.contains("\"error\""), "{answer}");
    assert_eq!(server.get("/api/nothing").0, 404);
    // An unreadable id and a wrong method get the same one-line JSON errors.
    let answer = server.raw_request("GET /api/games/%FF%FE HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(answer.starts_with("HTTP/1.1 404") && answer.contains("\"error\":\"no such game\""), "{answer}");
    assert!(answer.contains("\"code\":\"server.noSuchGame\""), "{answer}");
    let answer = server.raw_request("DELETE /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(
        answer.starts_with("HTTP/1.1 405") && answer.contains("\"error\":\"DELETE is not answered here\""),
        "{answer}"
    );
    for path in ["/../Cargo.toml", "/%2e%2e/Cargo.toml", "/..%2fCargo.toml"] {
        let answer = server.raw_request(&format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
        assert!(!answer.starts_with("HTTP/1.1 200"), "{path}: {answer}");
    }
    assert_eq!(server.get_text("/index.html").0, 200);
    assert_eq!(server.get("/api/health").1["ok"], true);
}

#[test]
fn the_api_is_open_to_other_origins_and_reports_metrics() {
    let server = Server::start(&sqlite_db("cors"));
    let answer = server.raw_request(&format!(
        "OPTIONS /api/games HTTP/1.1\r\nHost: {}\r\nOrigin: https://elsewhere.example\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\nConnection: close\r\n\r\n",
        server.addr
    ));
    assert!(answer.to_lowercase().contains("access-control-allow-origin: *"), "{answer}");
    let (id, t1, _) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let mut first = server.socket(&id, Some(&t1), None);
    let v = first.next()["v"].as_u64().unwrap();
    assert_eq!(first.play("m", v, "e2e4")["t"], "ack");
    let (status, metrics) = server.get_text("/metrics");
    assert_eq!(status, 200);
    for line in ["zilo_connections 1", "zilo_games_in_play 1", "zilo_moves_stored_total 1", "zilo_ack_seconds_count 2"]
    {
        assert!(metrics.contains(line), "{line} in {metrics}");
    }
}

#[test]
fn a_graceful_stop_loses_no_acknowledged_move() {
    let server = Server::start(&sqlite_db("stop"));
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let (mut first, mut second) = (server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None));
    play_moves(&mut first, &mut second, &server, &id, 4);
    let moves = server.view(&id)["moves"].clone();
    let db = server.db.clone();
    let status = server.terminate();
    assert!(status.success(), "zilo serve exits cleanly on SIGTERM: {status}");
    assert!(first.is_closed_within(Duration::from_secs(2)), "connections are closed on stop");
    let server = Server::start(&db);
    assert_eq!(server.view(&id)["moves"], moves);
}

#[test]
fn sockets_over_max_connections_are_refused_with_a_503() {
    let www = temp_dir("www-max");
    let server = Server::start_with_args(&sqlite_db("max"), &www, &["--max-connections", "2"]);
    let (id, t1, t2) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let mut first = server.socket(&id, Some(&t1), None);
    let mut second = server.socket(&id, Some(&t2), None);
    let v = first.next()["v"].as_u64().unwrap();
    second.next();
    let (status, body) = server.try_socket_with_body(&id, None, None).err().expect("a third socket is refused");
    assert_eq!(status, "HTTP 503");
    let answer: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    let reason = answer["error"].as_str().unwrap();
    assert!(
        reason.contains("too many connections") && reason.contains("at most 2") && !reason.contains('\n'),
        "{body}"
    );
    // Those already open go on playing, and HTTP still answers.
    assert_eq!(first.play("m", v, "e2e4")["t"], "ack");
    assert_eq!(server.get("/api/health").1["ok"], true);
    assert!(server.get_text("/metrics").1.contains("zilo_connections_refused_total 1"));
    // A place freed is a place taken again.
    drop(second);
    let started = Instant::now();
    let mut again = loop {
        match server.try_socket(&id, Some(&t2), None) {
            Ok(client) => break client,
            Err(e) => assert!(started.elapsed() < Duration::from_secs(5), "the freed place stays taken: {e}"),
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(again.next()["t"], "snapshot");
}

#[test]
fn every_game_plays_online_from_its_start_to_a_stored_result() {
    let server = Server::start(&sqlite_db("every"));
    for variant in zilo::door::ids() {
        let (id, t1, t2) =
            server.create_and_join(json!({"variant": variant, "clock": {"initial": 60, "increment": 1}}));
        let mut seats = [server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None)];
        let snapshot = seats[0].next();
        seats[1].next();
        let mut v = snapshot["v"].as_u64().unwrap();
        if snapshot["game"]["status"] == "setup" {
            for (i, side) in [zilo::door::Side::First, zilo::door::Side::Second].into_iter().enumerate() {
                let half = zilo::door::Half::random(variant, side, 7).unwrap().text();
                seats[i].send(&json!({"t": "setup", "cid": "half", "half": half}));
                assert_eq!(seats[i].answer("half")["t"], "ack", "{variant}");
            }
            v = seats[0].until("start")["v"].as_u64().unwrap();
        } else {
            assert_eq!(snapshot["game"]["status"], "playing", "{variant}");
        }
        // Two moves, each seen by the other seat with its notation, then a resignation.
        for ply in 0..2 {
            let view = server.view(&id);
            let mover = if view["turn"] == "first" { 0 } else { 1 };
            let mv = a_legal_move(variant, view["position"].as_str().unwrap());
            let ack = seats[mover].play(&format!("p{ply}"), v, &mv);
            assert_eq!(ack["t"], "ack", "{variant} {mv}: {ack}");
            v = ack["v"].as_u64().unwrap();
            let event = loop {
                let frame = seats[1 - mover].until("move");
                if frame["v"].as_u64() == Some(v) {
                    break frame;
                }
            };
            assert_eq!((event["v"].as_u64(), event["move"].as_str()), (Some(v), Some(mv.as_str())), "{variant}");
            assert!(event["text"].as_str().is_some_and(|t| !t.is_empty()) && event["clock"].is_object(), "{event}");
        }
        seats[0].send(&json!({"t": "resign", "cid": "bye"}));
        assert_eq!(seats[0].answer("bye")["t"], "ack", "{variant}");
        let view = server.view(&id);
        assert_eq!(
            (view["status"].as_str(), view["result"].as_str(), view["reason"].as_str()),
            (Some("over"), Some("0-1"), Some("resignation")),
            "{variant}"
        );
        assert_eq!(view["moves"].as_array().unwrap().len(), 2, "{variant}: the move list is kept");
    }
}

#[test]
fn sigterm_as_soon_as_the_address_is_printed_is_a_graceful_stop() {
    // The signal handlers are registered before the address is printed, so a
    // supervisor's SIGTERM at once is not the default action (a kill).
    for round in 0..5 {
        let server = Server::start(&sqlite_db(&format!("early-stop-{round}")));
        let status = server.terminate();
        assert!(status.success(), "round {round}: zilo serve exits cleanly on an early SIGTERM: {status}");
    }
}
