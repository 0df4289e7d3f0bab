//! Guarantee 8: two `zilo serve` processes on one PostgreSQL serve the same
//! game. Needs `ZILO_TEST_PG`: `make test-server` runs these (ignored by a
//! plain `cargo test`) through tests/pg/with-postgres.sh, which sets it.
//! Without it a test says so loudly and passes, except under CI
//! (`CI=true`), where it fails.

mod server_support;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use server_support::fixture::{assert_answers_as_recorded, expected, fixture};
use server_support::*;

/// Runs `query` on the database (for what the tests do behind the servers' backs); the rows, as text.
fn sql(url: &str, query: &str) -> Vec<Vec<String>> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.expect("a connection");
        tokio::spawn(connection);
        let messages = client.simple_query(query).await.unwrap_or_else(|e| panic!("{query}: {e}"));
        messages
            .into_iter()
            .filter_map(|m| match m {
                tokio_postgres::SimpleQueryMessage::Row(row) => {
                    Some((0..row.len()).map(|i| row.get(i).unwrap_or("").to_string()).collect())
                }
                _ => None,
            })
            .collect()
    })
}

/// The events a watcher saw up to version `last` (waiting for them, bounded), in order.
fn events_until(watcher: &mut Client, last: u64) -> Vec<Value> {
    let started = Instant::now();
    while watcher.seen.last().and_then(|f| f["v"].as_u64()) != Some(last) {
        assert!(started.elapsed() < WAIT, "no event {last}; saw {:?}", watcher.seen);
        watcher.next_within(Duration::from_millis(200));
    }
    watcher.seen.iter().filter(|f| f["t"] != "snapshot").cloned().collect()
}

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

/// A SQL literal: `NULL` or the text quoted.
fn literal(text: Option<String>) -> String {
    text.map_or("NULL".into(), |t| format!("'{}'", t.replace('\'', "''")))
}

/// The rows the server of 40e4941 wrote (the SQLite fixture of server_stored.rs),
/// copied as they are into PostgreSQL, replay as they did on that server.
#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn rows_written_before_the_stored_format_replay_the_same_from_postgres() {
    let Some(url) = postgres_url() else { return };
    // The server makes the tables; the rows go in behind its back, then a fresh process reads them.
    drop(Server::start(&url));
    let old = rusqlite::Connection::open(fixture("sqlite")).unwrap();
    let text = |r: &rusqlite::Row, i| r.get::<_, Option<String>>(i).unwrap();
    let number = |r: &rusqlite::Row, i| r.get::<_, Option<i64>>(i).unwrap().map_or("NULL".into(), |n| n.to_string());
    let mut inserts = Vec::new();
    let mut games = old
        .prepare(
            "SELECT id, variant, position, clock, created_ms, version, status, result, reason, deadline_ms FROM games",
        )
        .unwrap();
    let mut rows = games.query([]).unwrap();
    while let Some(r) = rows.next().unwrap() {
        inserts.push(format!(
            "INSERT INTO games VALUES ({}, {}, {}, {}, {}, {}, {}, {}, {}, {}) ON CONFLICT DO NOTHING;",
            literal(text(r, 0)),
            literal(text(r, 1)),
            literal(text(r, 2)),
            literal(text(r, 3)),
            number(r, 4),
            number(r, 5),
            literal(text(r, 6)),
            literal(text(r, 7)),
            literal(text(r, 8)),
            number(r, 9)
        ));
    }
    let mut events = old.prepare("SELECT game, v, seat, cid, at_ms, body, secret FROM events").unwrap();
    let mut rows = events.query([]).unwrap();
    while let Some(r) = rows.next().unwrap() {
        inserts.push(format!(
            "INSERT INTO events VALUES ({}, {}, {}, {}, {}, {}, {}) ON CONFLICT DO NOTHING;",
            literal(text(r, 0)),
            number(r, 1),
            literal(text(r, 2)),
            literal(text(r, 3)),
            number(r, 4),
            literal(text(r, 5)),
            literal(text(r, 6))
        ));
    }
    sql(&url, &inserts.join("\n"));
    let server = Server::start(&url);
    assert_answers_as_recorded(&server, &expected());
    // And the game still going plays on, its new rows beside the old.
    let game = &expected()["games"]["offer_stands"];
    let mut first = server.socket(&s(&game["id"]), Some(&s(&game["tokens"]["first"])), None);
    let snapshot = first.until("snapshot");
    let mv = a_legal_move("chess", snapshot["game"]["position"].as_str().unwrap());
    assert_eq!(first.play("pg", snapshot["v"].as_u64().unwrap(), &mv)["t"], "ack");
    drop(server);
    let again = Server::start(&url);
    let view = again.view(&s(&game["id"]));
    assert_eq!((view["moves"].as_array().unwrap().len(), view["draw_offer"].clone()), (5, Value::Null));
}

#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn postgres_keeps_hidden_halves_and_clocks_like_sqlite() {
    let Some(url) = postgres_url() else { return };
    let a = Server::start(&url);
    let (live, l1, l2) = a.create_and_join(json!({"variant": "chess", "clock": {"initial": 1, "increment": 0}}));
    // The clock runs once both sides have made their first move (README, "Clocks").
    let (mut white, mut black) = (a.socket(&live, Some(&l1), None), a.socket(&live, Some(&l2), None));
    let v = white.until("snapshot")["v"].as_u64().unwrap();
    let ack = white.play("w1", v, "e2e4");
    assert_eq!(black.play("b1", ack["v"].as_u64().unwrap(), "e7e5")["t"], "ack");
    drop((white, black));
    let (id, t1, _) = a.create_and_join(json!({"variant": "cyvasse", "clock": null}));
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

#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn two_processes_racing_appends_never_deadlock_and_every_watcher_sees_one_history() {
    let Some(url) = postgres_url() else { return };
    let (a, b) = (Server::start(&url), Server::start(&url));
    const GAMES: usize = 4;
    const ROUNDS: usize = 16;
    let games: Vec<(String, String, String)> = (0..GAMES)
        .map(|_| a.create_and_join(json!({"variant": "chess", "clock": {"initial": 600, "increment": 0}})))
        .collect();
    // Per game, in parallel: each round the seat to move sends two different
    // moves at the same version at once, one through each process.
    std::thread::scope(|scope| {
        for (g, (id, t1, t2)) in games.iter().enumerate() {
            let (a, b) = (&a, &b);
            scope.spawn(move || {
                let mut watchers = [a.socket(id, None, None), b.socket(id, None, None)];
                let start_v = watchers[0].next()["v"].as_u64().unwrap();
                assert_eq!(watchers[1].next()["v"].as_u64(), Some(start_v));
                let mut seats = [
                    [a.socket(id, Some(t1), None), b.socket(id, Some(t1), None)],
                    [a.socket(id, Some(t2), None), b.socket(id, Some(t2), None)],
                ];
                for pair in &mut seats {
                    for client in pair.iter_mut() {
                        client.next();
                    }
                }
                let mut v = start_v;
                let mut played = 0;
                for round in 0..ROUNDS {
                    let view = a.view(id);
                    let game = zilo::door::Game::new("chess", view["position"].as_str()).unwrap();
                    let legal = game.legal_moves();
                    // Two different moves (when there are two), varied so the game does not repeat.
                    let n = legal.len();
                    let (m1, m2) = (&legal[(g + 3 * round) % n], &legal[(g + 3 * round + n / 2 + 1) % n]);
                    let pair = &mut seats[round % 2];
                    let (c1, c2) = (format!("g{g}r{round}a"), format!("g{g}r{round}b"));
                    pair[0].send(&json!({"t": "move", "cid": c1, "v": v, "move": m1}));
                    pair[1].send(&json!({"t": "move", "cid": c2, "v": v, "move": m2}));
                    let answers = [pair[0].answer(&c1), pair[1].answer(&c2)];
                    let acked: Vec<&Value> = answers.iter().filter(|r| r["t"] == "ack").collect();
                    assert_eq!(acked.len(), 1, "exactly one of two racing moves goes in: {answers:?}");
                    let over = a.view(id)["status"] == "over";
                    for r in answers.iter().filter(|r| r["t"] == "reject") {
                        // A deadlock or a failed write would say "not stored"; a lost race is a stale
                        // version, or, when the move that won it ended the game, the game being over.
                        let stale = r["reason"].as_str().unwrap().contains("stale");
                        let ended = over && r["code"] == "server.gameOver";
                        assert!(stale || ended, "{r}");
                    }
                    v = acked[0]["v"].as_u64().unwrap();
                    assert_eq!(v, start_v + round as u64 + 1);
                    played += 1;
                    if over {
                        v += 1; // the end event
                        break;
                    }
                }
                // Both processes' watchers saw the same events, each version once, in order.
                let seen_a = events_until(&mut watchers[0], v);
                let seen_b = events_until(&mut watchers[1], v);
                let versions: Vec<u64> = seen_a.iter().map(|f| f["v"].as_u64().unwrap()).collect();
                assert_eq!(versions, (start_v + 1..=v).collect::<Vec<_>>());
                assert_eq!(seen_a, seen_b, "the two processes told the same history");
                assert_eq!(a.view(id)["moves"], b.view(id)["moves"]);
                assert_eq!(a.view(id)["moves"].as_array().unwrap().len(), played);
            });
        }
    });
}

#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn a_dropped_listen_connection_comes_back_and_misses_no_move() {
    let Some(url) = postgres_url() else { return };
    let (a, b) = (Server::start(&url), Server::start(&url));
    let (id, t1, t2) = a.create_and_join(json!({"variant": "chess", "clock": null}));
    let mut watcher_a = a.socket(&id, None, None);
    let v = watcher_a.next()["v"].as_u64().unwrap();
    let (mut first_b, mut second_b) = (b.socket(&id, Some(&t1), None), b.socket(&id, Some(&t2), None));
    first_b.next();
    second_b.next();
    let mut lobby_a = Lobby::open(&a, &[]);
    lobby_a.until("seeks", None);
    let listener = format!("zilo-listen-{}", a.pid());
    let backends =
        |name: &str| sql(&url, &format!("SELECT pid FROM pg_stat_activity WHERE application_name = '{name}'"));
    let old = backends(&listener);
    assert_eq!(old.len(), 1, "one LISTEN connection for process A");

    // A's LISTEN connection is cut; moves made through B meanwhile still reach A's watcher.
    let killed = sql(&url, &format!("SELECT pg_terminate_backend({})", old[0][0]));
    assert_eq!(killed, vec![vec!["t".to_string()]]);
    assert_eq!(first_b.play("e4", v, "e2e4")["t"], "ack");
    assert_eq!(second_b.play("e5", v + 1, "e7e5")["t"], "ack");
    let seen = events_until(&mut watcher_a, v + 2);
    let moves: Vec<&str> = seen.iter().map(|f| f["move"].as_str().unwrap()).collect();
    assert_eq!(moves, ["e2e4", "e7e5"]);

    // The connection is back (a new backend), and moves arrive through it within a second again.
    let started = Instant::now();
    let new = loop {
        let now = backends(&listener);
        if now.len() == 1 && now != old {
            break now;
        }
        assert!(started.elapsed() < WAIT, "A never listened again: {now:?}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_ne!(new, old);
    assert_eq!(first_b.play("nf3", v + 2, "g1f3")["t"], "ack");
    assert_eq!(event_within_a_second(&mut watcher_a, v + 3)["move"], "g1f3");
    // Lobby frames may have been lost meanwhile: A's lobby sockets were closed (to start over).
    assert!(lobby_a.is_closed_within(WAIT), "A's lobby socket stayed open after the LISTEN connection came back");
    let mut lobby_a = Lobby::open(&a, &[]);
    lobby_a.until("seeks", None);
    let (status, created) = b.post("/api/seeks", &json!({"variant": "chess", "clock": null, "side": "first"}));
    assert_eq!(status, 201, "{created}");
    lobby_a.until("seek", created["seek"].as_str());
}

/// POST with an optional session; the status and the JSON answer.
fn post_as(server: &Server, path: &str, session: Option<&str>, body: Value) -> (u16, Value) {
    let agent: ureq::Agent =
        ureq::Agent::config_builder().http_status_as_error(false).timeout_global(Some(WAIT)).build().into();
    let mut request = agent.post(&server.url(path));
    if let Some(session) = session {
        request = request.header("authorization", &format!("Bearer {session}"));
    }
    let mut response = request.send_json(body).expect("an HTTP answer");
    let status = response.status().as_u16();
    (status, response.body_mut().read_json().unwrap_or(Value::Null))
}

/// A database of its own on the test's cluster (the URL with another name).
fn fresh_database(url: &str, name: &str) -> String {
    let name = format!("{name}_{}", std::process::id());
    sql(url, &format!("DROP DATABASE IF EXISTS {name}"));
    sql(url, &format!("CREATE DATABASE {name}"));
    let (base, _) = url.rsplit_once('/').expect("a database in the URL");
    format!("{base}/{name}")
}

/// The tables of every server before schema versions (version 0), as commit fe1eb11 made them.
const UNVERSIONED: &str = "
CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, position TEXT, clock TEXT, created_ms BIGINT NOT NULL,
    version BIGINT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL, deadline_ms BIGINT);
CREATE INDEX games_deadline ON games (deadline_ms) WHERE deadline_ms IS NOT NULL;
CREATE TABLE events (game TEXT NOT NULL, v BIGINT NOT NULL, seat TEXT, cid TEXT, at_ms BIGINT NOT NULL, body TEXT NOT NULL,
    secret TEXT, PRIMARY KEY (game, v));
CREATE UNIQUE INDEX events_cid ON events (game, seat, cid) WHERE cid IS NOT NULL;
";

/// A PostgreSQL database from before schema versions, holding the games of
/// the fixture main-fe1eb11: two processes starting on it at once migrate it
/// once, in place, and answer every game as that server did.
#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn a_postgres_database_before_schema_versions_is_migrated_once_by_two_processes() {
    let Some(url) = postgres_url() else { return };
    let url = fresh_database(&url, "zilo_unversioned");
    let old = rusqlite::Connection::open(server_support::fixture::fixture_named("main-fe1eb11", "sqlite")).unwrap();
    let mut inserts = vec![UNVERSIONED.to_string()];
    let text = |r: &rusqlite::Row, i| literal(r.get::<_, Option<String>>(i).unwrap());
    let number = |r: &rusqlite::Row, i| r.get::<_, Option<i64>>(i).unwrap().map_or("NULL".into(), |n| n.to_string());
    let mut games = old.prepare("SELECT * FROM games").unwrap();
    let mut rows = games.query([]).unwrap();
    while let Some(r) = rows.next().unwrap() {
        let (a, b, c, d, e) = (text(r, 0), text(r, 1), text(r, 2), text(r, 3), number(r, 4));
        let (f, g, h, i, j) = (number(r, 5), text(r, 6), text(r, 7), text(r, 8), number(r, 9));
        inserts.push(format!("INSERT INTO games VALUES ({a}, {b}, {c}, {d}, {e}, {f}, {g}, {h}, {i}, {j});"));
    }
    let mut events = old.prepare("SELECT * FROM events").unwrap();
    let mut rows = events.query([]).unwrap();
    while let Some(r) = rows.next().unwrap() {
        let (a, b, c, d) = (text(r, 0), number(r, 1), text(r, 2), text(r, 3));
        let (e, f, g) = (number(r, 4), text(r, 5), text(r, 6));
        inserts.push(format!("INSERT INTO events VALUES ({a}, {b}, {c}, {d}, {e}, {f}, {g});"));
    }
    sql(&url, &inserts.join("\n"));
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| Server::start(&url));
        let b = s.spawn(|| Server::start(&url));
        (a.join().unwrap(), b.join().unwrap())
    });
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(server_support::fixture::fixture_named("main-fe1eb11", "json")).unwrap(),
    )
    .unwrap();
    assert_answers_as_recorded(&a, &expected);
    assert_answers_as_recorded(&b, &expected);
    let versions = sql(&url, "SELECT version FROM zilo_schema ORDER BY version");
    assert_eq!(versions, (1..=5).map(|v| vec![v.to_string()]).collect::<Vec<_>>());
    let unended = sql(&url, "SELECT count(*) FROM games WHERE (status = 'over') <> (ended_ms IS NOT NULL)");
    assert_eq!(unended, vec![vec!["0".to_string()]]);
}

/// Guarantee 11 on PostgreSQL with two processes: a rated game created
/// through one and joined and finished through the other moves both ratings
/// once, as on SQLite.
#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn a_rated_game_across_two_processes_rates_both_players_once() {
    let Some(url) = postgres_url() else { return };
    let (a, b) = two_servers(&url, &["--writes-per-minute", "0"]);
    let suffix = std::process::id() % 100_000;
    let (p1, p2) = (format!("pg1_{suffix}"), format!("pg2_{suffix}"));
    let (status, one) = post_as(&a, "/api/accounts", None, json!({"name": p1, "password": "password one"}));
    assert_eq!(status, 201, "{one}");
    let (status, two) = post_as(&b, "/api/sessions", None, json!({"name": p1, "password": "password one"}));
    assert_eq!(status, 200, "a session made through A signs in through B: {two}");
    let (_, two) = post_as(&b, "/api/accounts", None, json!({"name": p2, "password": "password two"}));
    let body = json!({"variant": "chess", "side": "first", "clock": null, "rated": true});
    let (status, created) = post_as(&a, "/api/games", Some(&s(&one["session"])), body);
    assert_eq!(status, 201, "{created}");
    let id = s(&created["game"]);
    let (status, joined) = post_as(&b, &format!("/api/games/{id}/join"), Some(&s(&two["session"])), json!({}));
    assert_eq!(status, 200, "{joined}");
    let mut first = a.socket(&id, Some(&s(&created["token"])), None);
    let mut second = b.socket(&id, Some(&s(&joined["token"])), None);
    let mut v = first.until("snapshot")["v"].as_u64().unwrap();
    second.until("snapshot");
    for (i, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let client = if i % 2 == 0 { &mut first } else { &mut second };
        if i > 0 {
            // The other process's move reaches this one first (NOTIFY).
            event_within_a_second(client, v);
        }
        let ack = client.play(&format!("m{i}"), v, mv);
        assert_eq!(ack["t"], "ack", "{ack}");
        v = ack["v"].as_u64().unwrap();
    }
    let started = Instant::now();
    while a.view(&id)["status"] != "over" {
        assert!(started.elapsed() < WAIT, "A never saw the end");
        std::thread::sleep(Duration::from_millis(50));
    }
    let view = a.view(&id);
    assert_eq!(view["names"], json!({"first": p1, "second": p2}));
    assert_eq!(view["result"], "0-1");
    let page = |server: &Server, name: &str| server.get(&format!("/api/players/{name}")).1;
    let (r1, r2) = (&page(&b, &p1)["ratings"]["chess"], &page(&a, &p2)["ratings"]["chess"]);
    assert!((r1["rating"].as_f64().unwrap() - 1337.69).abs() < 0.01, "{r1}");
    assert!((r2["rating"].as_f64().unwrap() - 1662.31).abs() < 0.01, "{r2}");
    assert_eq!((r1["games"].as_i64(), r2["games"].as_i64()), (Some(1), Some(1)));
}

/// Guarantee 9 with two processes on one PostgreSQL: accepts of one seek
/// racing through both make exactly one game, which the creator learns
/// through either process.
#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn racing_accepts_through_two_processes_make_one_game() {
    let Some(url) = postgres_url() else { return };
    let (a, b) = two_servers(&url, &["--writes-per-minute", "0"]);
    for round in 0..3 {
        let (status, created) =
            post_as(&a, "/api/seeks", None, json!({"variant": "chess", "clock": {"days": 1}, "side": "first"}));
        assert_eq!(status, 201, "{created}");
        let (id, token) = (s(&created["seek"]), s(&created["token"]));
        let listed = b.get("/api/seeks").1;
        assert!(listed.to_string().contains(&id), "B lists A's seek: {listed}");
        let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
            let racers: Vec<_> = (0..8)
                .map(|i| {
                    let (server, path) = (if i % 2 == 0 { &a } else { &b }, format!("/api/seeks/{id}/accept"));
                    scope.spawn(move || post_as(server, &path, None, json!({})))
                })
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        let winners: Vec<&Value> = answers.iter().filter(|(st, _)| *st == 201).map(|(_, v)| v).collect();
        assert_eq!(winners.len(), 1, "round {round}: {answers:?}");
        assert!(answers.iter().all(|(st, _)| [201, 409].contains(st)), "{answers:?}");
        let game = s(&winners[0]["game"]);
        // The losers stored nothing: one game for the seek (its token took a seat in it), the winner's.
        let stored = sql(
            &url,
            &format!(
                "SELECT DISTINCT e.game FROM events e JOIN seeks s ON e.secret = s.token_hash WHERE s.id = '{id}'"
            ),
        );
        assert_eq!(stored, vec![vec![game.clone()]], "round {round}");
        for server in [&a, &b] {
            let (status, learned) = server.get(&format!("/api/seeks/{id}?token={token}"));
            assert_eq!((status, learned["game"].as_str()), (200, Some(game.as_str())), "{learned}");
            assert_eq!(server.view(&game)["status"], "playing");
        }
    }
}

/// The lobby's frames cross processes (PostgreSQL's NOTIFY): a seek made
/// through A appears on B's lobby socket; accepted through B, its creator's
/// lobby socket on A hears `paired`, and both processes' watchers `unseek`;
/// a seek cancelled through B vanishes from A's.
#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn lobby_frames_reach_the_sockets_of_every_process() {
    let Some(url) = postgres_url() else { return };
    let (a, b) = two_servers(&url, &["--writes-per-minute", "0"]);
    let mut on_a = Lobby::open(&a, &[]);
    let mut on_b = Lobby::open(&b, &[]);
    on_a.until("seeks", None);
    on_b.until("seeks", None);
    let body = json!({"variant": "chess", "clock": {"initial": 300, "increment": 3}, "side": "second"});
    let (status, created) = post_as(&a, "/api/seeks", None, body);
    assert_eq!(status, 201, "{created}");
    let (id, token) = (s(&created["seek"]), s(&created["token"]));
    let mut creator = Lobby::open(&a, &[&token]);
    creator.until("seeks", None);
    let shown = on_b.until("seek", Some(&id));
    assert_eq!((&shown["variant"], &shown["side"]), (&json!("chess"), &json!("second")), "{shown}");
    assert_eq!(shown["clock"], json!({"initial": 300.0, "increment": 3.0}));
    assert_eq!(on_a.until("seek", Some(&id)), shown, "the process that made it tells its own sockets once too");

    let (status, accepted) = post_as(&b, &format!("/api/seeks/{id}/accept"), None, json!({}));
    assert_eq!(status, 201, "{accepted}");
    let game = s(&accepted["game"]);
    let paired = creator.until("paired", Some(&id));
    assert_eq!(paired, json!({"t": "paired", "seek": id, "game": game, "seat": "second", "token": token}));
    on_a.until("unseek", Some(&id));
    on_b.until("unseek", Some(&id));
    // Each frame came once to each socket, and `paired` only to the creator.
    for watcher in [&on_a, &on_b] {
        let told: Vec<&Value> = watcher.seen.iter().filter(|f| f["seek"] == id.as_str()).collect();
        assert_eq!(told.iter().map(|f| f["t"].as_str().unwrap()).collect::<Vec<_>>(), ["seek", "unseek"], "{told:?}");
    }
    let mut first = b.socket(&game, Some(&s(&accepted["token"])), None);
    assert_eq!(first.until("snapshot")["seat"], "first");
    let mut second = a.socket(&game, Some(&token), None);
    assert_eq!(second.until("snapshot")["seat"], "second");

    let (status, created) =
        post_as(&a, "/api/seeks", None, json!({"variant": "shogi", "clock": {"days": 2}, "side": "random"}));
    assert_eq!(status, 201, "{created}");
    let (other, other_token) = (s(&created["seek"]), s(&created["token"]));
    on_b.until("seek", Some(&other));
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let cancelled = agent.delete(&b.url(&format!("/api/seeks/{other}?token={other_token}"))).call().unwrap();
    assert_eq!(cancelled.status().as_u16(), 204);
    on_a.until("unseek", Some(&other));
    on_b.until("unseek", Some(&other));
}

/// A live seek held through a process that dies (`kill -9`, so it closes
/// nothing) is closed by another process once its lease, renewed while a
/// lobby socket held it, is `LIVE_GRACE` (10 s) old, and every lobby socket
/// left hears `unseek`; a correspondence seek made there stays.
#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn a_live_seek_held_through_a_killed_process_is_closed_by_another() {
    let Some(url) = postgres_url() else { return };
    let (a, b) = two_servers(&url, &["--writes-per-minute", "0"]);
    let mut on_b = Lobby::open(&b, &[]);
    on_b.until("seeks", None);
    let live = json!({"variant": "chess", "clock": {"initial": 60, "increment": 0}, "side": "first"});
    let (status, created) = post_as(&a, "/api/seeks", None, live);
    assert_eq!(status, 201, "{created}");
    let (id, token) = (s(&created["seek"]), s(&created["token"]));
    let (status, stays) = post_as(&a, "/api/seeks", None, json!({"variant": "chess", "clock": {"days": 1}}));
    assert_eq!(status, 201, "{stays}");
    let stays = s(&stays["seek"]);
    let mut holder = Lobby::open(&a, &[&token]);
    holder.until("seeks", None);
    // Held past the grace: A renews the lease, so B does not close it.
    assert!(
        !on_b.until_within("unseek", &id, Duration::from_secs(12)),
        "B closed a seek A's socket holds: {:?}",
        on_b.seen
    );
    let listed = b.get("/api/seeks").1.to_string();
    assert!(listed.contains(&id), "{listed}");

    a.kill9();
    let killed = Instant::now();
    assert!(on_b.until_within("unseek", &id, Duration::from_secs(15)), "B never closed the dead holder's seek");
    let after = killed.elapsed();
    assert!(after >= Duration::from_secs(8), "closed too soon after the holder died: {after:?}");
    let listed = b.get("/api/seeks").1.to_string();
    assert!(!listed.contains(&id) && listed.contains(&stays), "{listed}");
    let (status, answer) = post_as(&b, &format!("/api/seeks/{id}/accept"), None, json!({}));
    assert_eq!((status, answer["code"].as_str()), (409, Some("server.seekTaken")), "{answer}");
    drop(holder);
}

/// Web Push on one PostgreSQL: both processes sign with one key (the first to
/// start made it); a subscription stored through one (and renewed through the
/// other, not doubled) is told once of a move stored through the other.
#[test]
#[ignore = "needs PostgreSQL: make test-server"]
fn two_processes_share_the_push_key_and_the_subscriptions() {
    let Some(url) = postgres_url() else { return };
    let service = server_support::push::FakePushService::start();
    let args = ["--writes-per-minute", "0", "--push-allow-http-loopback"];
    let (a, b) = two_servers(&url, &args);
    let (key_a, key_b) = (a.get("/api/push/key").1, b.get("/api/push/key").1);
    assert!(key_a["key"].is_string(), "{key_a}");
    assert_eq!(key_a, key_b, "one key for every process");
    let (id, first, second) = a.create_and_join(json!({"variant": "chess", "clock": null}));
    let browser = server_support::push::Subscriber::new(service.endpoint(&format!("pg-{}", std::process::id())));
    let (status, answer) = a.post("/api/push/subscription", &browser.json(&[&first]));
    assert_eq!(status, 201, "{answer}");
    let (status, answer) = b.post("/api/push/subscription", &browser.json(&[&first]));
    assert_eq!(status, 201, "{answer}");
    let rows = sql(&url, &format!("SELECT count(*) FROM push_subscriptions WHERE endpoint = '{}'", browser.endpoint));
    assert_eq!(rows, vec![vec!["1".to_string()]]);
    let mut white = a.socket(&id, Some(&first), None);
    let mut black = b.socket(&id, Some(&second), None);
    let v = white.until("snapshot")["v"].as_u64().unwrap();
    black.until("snapshot");
    assert_eq!(white.play("1", v, "e2e4")["t"], "ack");
    event_within_a_second(&mut black, v + 1);
    assert_eq!(black.play("2", v + 1, "e7e5")["t"], "ack");
    let notice = browser.open(&service.next());
    assert_eq!((notice["game"].as_str(), notice["move"].as_str()), (Some(id.as_str()), Some("e7e5")));
    assert!(service.nothing_within(Duration::from_millis(500)), "told once, by the process that stored the move");
}
