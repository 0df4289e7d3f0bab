//! `zilo serve` holds under a hostile or careless client, against the real
//! binary on 127.0.0.1: spectators never lock out seat holders, a flood of
//! writes meets 429, the SQLite log stays bounded (and is truncated after a
//! crash), back-to-back moves are acked without Nagle's delay, and oversized
//! or incomplete requests are refused. Every loop is bounded in count and time.

mod server_support;

use std::net::TcpStream;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use server_support::{s, sqlite_db, temp_dir, Server, WAIT};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// A server with the default limits and these options.
fn server_with(name: &str, args: &[&str]) -> Server {
    Server::start_with_args(&sqlite_db(name), &temp_dir("www"), args)
}

/// A spectator's socket to `id`, sent with `X-Forwarded-For: forwarded` if given:
/// the socket, or the refusal's status and JSON body.
fn watch(server: &Server, id: &str, forwarded: Option<&str>) -> Result<Socket, (u16, Value)> {
    let mut request = format!("ws://{}/api/games/{id}/socket", server.addr).into_client_request().unwrap();
    if let Some(address) = forwarded {
        request.headers_mut().insert("x-forwarded-for", address.parse().unwrap());
    }
    match tungstenite::connect(request) {
        Ok((ws, _)) => Ok(ws),
        Err(tungstenite::Error::Http(response)) => {
            let body = response.body().as_deref().unwrap_or_default();
            Err((response.status().as_u16(), serde_json::from_slice(body).unwrap_or(Value::Null)))
        }
        Err(e) => panic!("socket to {id}: {e}"),
    }
}

/// A POST with `X-Forwarded-For: forwarded`: the status, `Retry-After` and the JSON answer.
fn post_from(server: &Server, path: &str, forwarded: &str, body: &Value) -> (u16, Option<String>, Value) {
    let agent: ureq::Agent =
        ureq::Agent::config_builder().http_status_as_error(false).timeout_global(Some(WAIT)).build().into();
    let mut response =
        agent.post(&server.url(path)).header("x-forwarded-for", forwarded).send_json(body).expect("an HTTP answer");
    let retry = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
    (response.status().as_u16(), retry, response.body_mut().read_json().unwrap_or(Value::Null))
}

/// The size of the database's WAL file (0 when there is none).
fn wal_size(server: &Server) -> u64 {
    let path = format!("{}-wal", server.db.trim_start_matches("sqlite:"));
    std::fs::metadata(path).map_or(0, |m| m.len())
}

/// Held by the tests that flood the server and by the one that times acks, so that
/// no flood runs beside the timing (the tests of one file run in parallel).
static TIMING: Mutex<()> = Mutex::new(());

fn timing() -> std::sync::MutexGuard<'static, ()> {
    TIMING.lock().unwrap_or_else(|p| p.into_inner())
}

const CHESS: fn() -> Value = || json!({"variant": "chess", "side": "first", "clock": null});

#[test]
fn spectators_filling_max_connections_never_lock_out_a_seat_holder() {
    // Six places: spectators get half (the default share), players the rest.
    let server = server_with("watchers", &["--max-connections", "6"]);
    let (id, t1, t2) = server.create_and_join(CHESS());
    let mut watchers = Vec::new();
    let mut refusal = None;
    for _ in 0..6 {
        match watch(&server, &id, None) {
            Ok(ws) => watchers.push(ws),
            Err(e) => {
                refusal = Some(e);
                break;
            }
        }
    }
    assert_eq!(watchers.len(), 3, "spectators take only their share of the places");
    let (status, body) = refusal.expect("the fourth spectator is refused");
    assert_eq!((status, body["code"].as_str()), (503, Some("server.tooManyWatchers")), "{body}");
    assert_eq!(body["args"]["max"], "3", "{body}");
    // Both players get in and play.
    let mut first = server.socket(&id, Some(&t1), None);
    let mut second = server.socket(&id, Some(&t2), None);
    let v = first.until("snapshot")["v"].as_u64().unwrap();
    second.until("snapshot");
    assert_eq!(first.play("m1", v, "e2e4")["t"], "ack");
    // A spectator gone is a place free again.
    drop(watchers.pop());
    let started = Instant::now();
    while watch(&server, &id, None).is_err() {
        assert!(started.elapsed() < Duration::from_secs(5), "the freed spectator's place stays taken");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn spectators_are_capped_per_address_and_a_proxys_address_only_when_trusted() {
    let args = ["--watchers-per-address", "2"];
    let server = server_with("per-address", &args);
    let (id, _, _) = server.create_and_join(CHESS());
    // Not trusted: every socket is 127.0.0.1's, whatever the header says.
    let _a = watch(&server, &id, Some("10.0.0.1")).unwrap();
    let _b = watch(&server, &id, Some("10.0.0.2")).unwrap();
    let Err((status, body)) = watch(&server, &id, Some("10.0.0.3")) else {
        panic!("a third from 127.0.0.1 is refused")
    };
    assert_eq!((status, body["code"].as_str()), (429, Some("server.watchersFromAddress")), "{body}");
    assert!(body["error"].as_str().unwrap().contains("127.0.0.1"), "{body}");

    let server = server_with("trusted", &[&args[..], &["--trust-proxy"]].concat());
    let (id, _, _) = server.create_and_join(CHESS());
    let _a = watch(&server, &id, Some("10.0.0.1")).unwrap();
    let _b = watch(&server, &id, Some("6.6.6.6, 10.0.0.1")).unwrap();
    let Err((status, body)) = watch(&server, &id, Some("10.0.0.1")) else { panic!("a third from 10.0.0.1 is refused") };
    assert_eq!((status, body["code"].as_str()), (429, Some("server.watchersFromAddress")), "{body}");
    assert!(watch(&server, &id, Some("10.0.0.2")).is_ok(), "another address still watches");
}

/// A seat's socket (`token`), or the refusal's status and JSON body.
fn seat_socket(server: &Server, id: &str, token: &str) -> Result<Socket, (u16, Value)> {
    let request = format!("ws://{}/api/games/{id}/socket?token={token}", server.addr).into_client_request().unwrap();
    match tungstenite::connect(request) {
        Ok((ws, _)) => Ok(ws),
        Err(tungstenite::Error::Http(response)) => {
            let body = response.body().as_deref().unwrap_or_default();
            Err((response.status().as_u16(), serde_json::from_slice(body).unwrap_or(Value::Null)))
        }
        Err(e) => panic!("socket to {id}: {e}"),
    }
}

#[test]
fn one_token_cannot_fill_the_server_with_its_seats_sockets() {
    let server = server_with("per-seat", &["--seat-sockets-per-address", "10"]);
    let (id, t1, t2) = server.create_and_join(CHESS());
    let mine: Vec<Socket> =
        (0..8).map(|i| seat_socket(&server, &id, &t1).unwrap_or_else(|e| panic!("{i}: {e:?}"))).collect();
    let Err((status, body)) = seat_socket(&server, &id, &t1) else { panic!("a ninth socket of one seat is refused") };
    assert_eq!((status, body["code"].as_str()), (429, Some("server.socketsPerSeat")), "{body}");
    // The other seat is another token: two more sockets from this address, then the address is full.
    let _theirs: Vec<Socket> = (0..2).map(|_| seat_socket(&server, &id, &t2).unwrap()).collect();
    let Err((status, body)) = seat_socket(&server, &id, &t2) else { panic!("an eleventh from one address is refused") };
    assert_eq!((status, body["code"].as_str()), (429, Some("server.seatSocketsFromAddress")), "{body}");
    // A closed socket gives its place back.
    drop(mine);
    let started = std::time::Instant::now();
    while seat_socket(&server, &id, &t2).is_err() {
        assert!(started.elapsed() < Duration::from_secs(5), "the closed sockets' places stay taken");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_silent_spectator_is_closed_with_a_close_frame_and_a_player_is_not() {
    let server = server_with("idle", &["--watcher-idle", "1"]);
    let (id, t1, _) = server.create_and_join(CHESS());
    let mut silent = watch(&server, &id, None).unwrap();
    let mut pinging = watch(&server, &id, None).unwrap();
    let mut player = server.socket(&id, Some(&t1), None);
    player.until("snapshot");
    for ws in [&mut silent, &mut pinging] {
        if let MaybeTlsStream::Plain(stream) = ws.get_ref() {
            stream.set_read_timeout(Some(Duration::from_millis(100))).unwrap();
        }
    }
    let started = Instant::now();
    let mut close = None;
    while close.is_none() && started.elapsed() < Duration::from_secs(4) {
        pinging.send(Message::text(r#"{"t":"ping"}"#)).unwrap();
        for _ in 0..3 {
            let _ = pinging.read();
        }
        match silent.read() {
            Ok(Message::Close(frame)) => close = Some(frame.map(|f| (u16::from(f.code), f.reason.to_string()))),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(e) => panic!("the silent spectator's socket ended without a close frame: {e}"),
        }
    }
    let (code, reason) = close.expect("a close frame within 4 s").expect("with a code");
    assert!(code == 1000 && reason.contains("idle"), "{code} {reason}");
    assert!(started.elapsed() >= Duration::from_millis(500), "closed before it was idle");
    // The spectator who pings and the silent player are still there.
    pinging.send(Message::text(r#"{"t":"ping"}"#)).unwrap();
    let pong = (0..20).find_map(|_| match pinging.read() {
        Ok(Message::Text(t)) if t.contains("pong") => Some(()),
        _ => None,
    });
    assert!(pong.is_some(), "the pinging spectator was closed");
    assert!(!player.is_closed_within(Duration::from_millis(300)), "the silent player was closed");
}

#[test]
fn a_flood_of_creations_from_one_address_meets_429_with_retry_after_and_others_go_on() {
    let _alone = timing();
    let server = server_with("flood", &["--trust-proxy"]);
    let started = Instant::now();
    let mut created = 0;
    let refused = loop {
        let (status, retry, body) = post_from(&server, "/api/games", "10.0.0.9", &CHESS());
        match status {
            201 => created += 1,
            429 => break (retry, body),
            other => panic!("create answered {other}: {body}"),
        }
        assert!(created < 200 && started.elapsed() < WAIT, "no 429 after {created} creations");
    };
    // The default burst is 30 a minute's start; the refill is one a second.
    assert!((30..=40).contains(&created), "{created} creations before the first 429");
    let (retry, body) = refused;
    assert_eq!(body["code"], "server.tooManyRequests", "{body}");
    assert!(!body["error"].as_str().unwrap().contains('\n'), "{body}");
    let seconds: u64 = retry.expect("a Retry-After header").parse().expect("Retry-After in seconds");
    assert!((1..=60).contains(&seconds), "Retry-After: {seconds}");
    assert_eq!(body["args"]["seconds"], seconds.to_string(), "{body}");
    // Joining is a write too; another address is not held back.
    let (status, _, body) = post_from(&server, "/api/games/zzzzzzzzzz/join", "10.0.0.9", &json!({}));
    assert_eq!((status, body["code"].as_str()), (429, Some("server.tooManyRequests")), "{body}");
    let (status, _, body) = post_from(&server, "/api/games", "10.0.0.10", &CHESS());
    assert_eq!(status, 201, "{body}");
    // Reads are not limited.
    assert_eq!(server.get("/api/health").0, 200);
    assert!(wal_size(&server) < WAL_BOUND, "WAL {} bytes", wal_size(&server));
}

/// The WAL's bound: the server's 16 MiB limit plus one commit group's pages
/// (the storage's own test drives the WAL past the limit many times over).
const WAL_BOUND: u64 = 24 * 1024 * 1024;

#[test]
fn a_creation_flood_keeps_the_wal_bounded_and_a_crash_leaves_none_at_start() {
    let _alone = timing();
    // The bench's setting: writes unlimited, so only the checkpoints hold the log.
    let server = server_with("wal", &["--writes-per-minute", "0"]);
    let started = Instant::now();
    let largest = AtomicU64::new(0);
    let created = AtomicU64::new(0);
    let flooding = || started.elapsed() < Duration::from_secs(5) && created.load(Ordering::Relaxed) < 20_000;
    // Eight clients create games without a pause, for at most 5 s or 20,000 games.
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                while flooding() {
                    let (status, body) = server.post("/api/games", &CHESS());
                    assert_eq!(status, 201, "{body}");
                    created.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        while flooding() {
            largest.fetch_max(wal_size(&server), Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    let (largest, created) = (largest.into_inner(), created.into_inner());
    eprintln!("{created} games created in {:.1} s; largest WAL {largest} bytes", started.elapsed().as_secs_f64());
    assert!(largest < WAL_BOUND, "the WAL reached {largest} bytes over {created} creations");
    // kill -9 with a WAL, then start again: the WAL is checkpointed into the database and truncated at once.
    let (status, kept) = server.post("/api/games", &CHESS());
    assert_eq!(status, 201, "{kept}");
    assert!(wal_size(&server) > 0, "no WAL to leave behind");
    let (db, www) = server.kill9();
    let server = Server::start_with_args(&db, &www, &["--writes-per-minute", "0"]);
    assert_eq!(wal_size(&server), 0, "a WAL left by the crash is truncated at start");
    assert_eq!(server.view(&s(&kept["game"]))["status"], "waiting");
}

#[test]
fn back_to_back_moves_are_each_acked_well_under_20_ms() {
    let _alone = timing();
    // In memory: what is timed is the way from the socket to the ack and back (Nagle's
    // delay was ~40 ms), not the disk's flush, which a busy machine can stretch.
    let server = Server::start("sqlite::memory:");
    let (id, t1, t2) = server.create_and_join(CHESS());
    let mut seats = [server.socket(&id, Some(&t1), None), server.socket(&id, Some(&t2), None)];
    let mut v = seats[0].until("snapshot")["v"].as_u64().unwrap();
    seats[1].until("snapshot");
    let mut game = zilo::door::Game::new("chess", None).unwrap();
    let mut took = Vec::new();
    // Twenty moves, ten from each socket, each sent as soon as the last was acked.
    for ply in 0..20 {
        let mv = game.legal_moves().into_iter().next().expect("a legal move");
        let seat = &mut seats[ply % 2];
        let sent = Instant::now();
        let ack = seat.play(&format!("c{ply}"), v, &mv);
        took.push(sent.elapsed());
        assert_eq!(ack["t"], "ack", "{ack}");
        v = ack["v"].as_u64().unwrap();
        game.play(&mv).unwrap();
    }
    let slowest = took.iter().max().unwrap();
    assert!(*slowest < Duration::from_millis(20), "acks took {took:?}");
}

#[test]
fn request_headers_over_16_kib_are_refused_with_431() {
    let server = Server::start(&sqlite_db("headers"));
    let big = "a".repeat(200 * 1024);
    let answer = server
        .raw_request(&format!("GET /api/health HTTP/1.1\r\nHost: x\r\nX-Filler: {big}\r\nConnection: close\r\n\r\n"));
    assert!(answer.starts_with("HTTP/1.1 431"), "{}", &answer[..answer.len().min(200)]);
    assert!(answer.contains("\"code\":\"server.headersTooLarge\""), "{answer}");
    // Headers just under the limit are read as usual.
    let fits = "a".repeat(15 * 1024);
    let answer = server
        .raw_request(&format!("GET /api/health HTTP/1.1\r\nHost: x\r\nX-Filler: {fits}\r\nConnection: close\r\n\r\n"));
    assert!(answer.starts_with("HTTP/1.1 200"), "{}", &answer[..answer.len().min(200)]);
}

#[test]
fn a_creation_without_side_or_clock_is_refused_naming_the_field() {
    let server = Server::start(&sqlite_db("fields"));
    for (body, field) in [
        (json!({"variant": "chess", "clock": null}), "side"),
        (json!({"variant": "chess", "side": "first"}), "clock"),
        (json!({"variant": "chess"}), "side"),
    ] {
        let (status, answer) = server.post("/api/games", &body);
        assert_eq!((status, answer["code"].as_str()), (400, Some("server.missingField")), "{body}: {answer}");
        assert_eq!(answer["args"]["field"], field, "{body}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(&format!("'{field}'")), "{answer}");
    }
    // Both named, `clock` null (no clock): created.
    let (status, answer) = server.post("/api/games", &json!({"variant": "chess", "side": "random", "clock": null}));
    assert_eq!(status, 201, "{answer}");
}
