//! Guarantee 8: two `zilo serve` processes on one PostgreSQL serve the same
//! game. Needs `ZILO_TEST_PG`: `make test-server` runs these (ignored by a
//! plain `cargo test`) through tests/pg/with-postgres.sh, which sets it.
//! Without it a test says so loudly and passes, except under CI
//! (`CI=true`), where it fails.

mod server_support;

use std::time::{Duration, Instant};

use serde_json::json;
use server_support::*;

fn postgres_url() -> Option<String> {
    match std::env::var("ZILO_TEST_PG") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "ZILO_TEST_PG is not set under CI: run this test through tests/pg/with-postgres.sh"
            );
            // Straight to the stream, past the test harness's capture, so the skip is seen.
            let _ = std::io::Write::write_all(
                &mut std::io::stderr(),
                b"SKIPPED: ZILO_TEST_PG is not set; run through tests/pg/with-postgres.sh (make test-server)\n",
            );
            None
        }
    }
}

/// The event of version `v`, within one second.
fn event_within_a_second(client: &mut Client, v: u64) -> serde_json::Value {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(1) {
        if let Some(frame) = client.next_within(Duration::from_secs(1).saturating_sub(started.elapsed())) {
            if frame["t"] != "ack" && frame["v"].as_u64() == Some(v) {
                return frame;
            }
        }
    }
    panic!("no event {v} within a second; saw {:?}", client.seen);
}

#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn two_processes_on_one_postgres_see_each_others_moves_and_settle_races() {
    let Some(url) = postgres_url() else { return };
    let a = Server::start(&url);
    let b = Server::start(&url);
    let (id, t1, t2) = a.create_and_join(json!({"variant": "chess", "clock": {"initial": 300, "increment": 2}}));
    let mut first = a.socket(&id, Some(&t1), None);
    let mut second = b.socket(&id, Some(&t2), None);
    let mut watcher_b = b.socket(&id, None, None);
    let v = first.next()["v"].as_u64().unwrap();
    second.next();
    watcher_b.next();

    // A move through A reaches B's players within a second, and back.
    assert_eq!(first.play("a1", v, "e2e4")["t"], "ack");
    let seen = event_within_a_second(&mut second, v + 1);
    assert_eq!((seen["t"].as_str(), seen["move"].as_str()), (Some("move"), Some("e2e4")));
    assert_eq!(event_within_a_second(&mut watcher_b, v + 1), seen);
    assert_eq!(second.play("b1", v + 1, "e7e5")["t"], "ack");
    assert_eq!(event_within_a_second(&mut first, v + 2)["move"], "e7e5");

    // Races: the first seat sends two different moves at once, one through each process.
    let mut version = v + 2;
    let mut other_a = a.socket(&id, Some(&t1), None);
    let mut other_b = b.socket(&id, Some(&t1), None);
    other_a.next();
    other_b.next();
    let mut reply_moves = ["d7d6", "d6d5"].iter();
    for (round, (m1, m2)) in [("g1f3", "b1c3"), ("f1c4", "d2d4")].iter().enumerate() {
        let (cid1, cid2) = (format!("race{round}a"), format!("race{round}b"));
        other_a.send(&json!({"t": "move", "cid": cid1, "v": version, "move": m1}));
        other_b.send(&json!({"t": "move", "cid": cid2, "v": version, "move": m2}));
        let (r1, r2) = (other_a.answer(&cid1), other_b.answer(&cid2));
        let acks = [&r1, &r2].iter().filter(|r| r["t"] == "ack").count();
        assert_eq!(acks, 1, "exactly one of two racing moves goes in: {r1} {r2}");
        let winner = if r1["t"] == "ack" { m1 } else { m2 };
        let moves_a = a.view(&id)["moves"].clone();
        assert_eq!(moves_a, b.view(&id)["moves"], "both processes agree");
        assert_eq!(moves_a.as_array().unwrap().last().unwrap(), winner);
        assert_eq!(moves_a.as_array().unwrap().len(), 3 + 2 * round);
        version += 1;
        let reply = second.play(&format!("reply{round}"), version, reply_moves.next().unwrap());
        assert_eq!(reply["t"], "ack", "{reply}");
        version += 1;
    }

    // kill -9 of one process loses nothing: the other goes on with the game.
    let moves = b.view(&id)["moves"].clone();
    a.kill9();
    assert_eq!(b.view(&id)["moves"], moves);
    let mut first_on_b = b.socket(&id, Some(&t1), None);
    let snapshot = first_on_b.next();
    let mv = a_legal_move("chess", snapshot["game"]["position"].as_str().unwrap());
    assert_eq!(first_on_b.play("after", snapshot["v"].as_u64().unwrap(), &mv)["t"], "ack");
}

#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn postgres_keeps_hidden_halves_and_clocks_like_sqlite() {
    let Some(url) = postgres_url() else { return };
    let a = Server::start(&url);
    let (live, _, _) = a.create_and_join(json!({"variant": "chess", "clock": {"initial": 1, "increment": 0}}));
    let (id, t1, _) = a.create_and_join(json!({"variant": "cyvasse"}));
    let half = zilo::cyvasse::setup::presets(zilo::cyvasse::Side::White)[0].half.to_text(zilo::cyvasse::Side::White);
    let mut first = a.socket(&id, Some(&t1), None);
    first.next();
    first.send(&json!({"t": "setup", "cid": "h", "half": half}));
    assert_eq!(first.answer("h")["t"], "ack");
    let (db, www) = a.kill9();
    let b = Server::start_with(&db, &www);
    assert!(!b.view(&id).to_string().contains(&half));
    assert_eq!(b.socket(&id, Some(&t1), None).next()["game"]["half"].as_str(), Some(half.as_str()));
    let started = Instant::now();
    while b.view(&live)["status"] != "over" && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(b.view(&live)["reason"], "time");
}
