//! The load generator behind `make bench-online`: starts `zilo serve` on a
//! free port of 127.0.0.1 (SQLite in a temporary file, or the PostgreSQL of
//! `--pg URL`), then plays `--games` games at once, each by one thread with
//! a WebSocket per seat, random legal moves paced so that all games together
//! aim at `--rate` moves a second, for `--seconds`. Reports games in play,
//! acknowledged moves a second, p50/p99 ack latency (send to ack, as the
//! client sees it) and the server's memory per game. Only 127.0.0.1; every
//! loop bounded in count and time.
//!
//! cargo run --release --example zilo-load -- --zilo target/release/zilo [--games N] [--seconds S] [--rate R] [--pg URL]

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

struct Options {
    zilo: String,
    games: usize,
    seconds: u64,
    rate: f64,
    pg: Option<String>,
    variant: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        zilo: "target/release/zilo".into(),
        games: 1000,
        seconds: 20,
        rate: 2000.0,
        pg: None,
        variant: "chess".into(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || value.parse::<f64>().map_err(|_| format!("{flag} needs a number"));
        match flag.as_str() {
            "--zilo" => o.zilo = value.clone(),
            "--games" => o.games = number()?.clamp(1.0, 5000.0) as usize,
            "--seconds" => o.seconds = number()?.clamp(1.0, 600.0) as u64,
            "--rate" => o.rate = number()?.clamp(1.0, 100_000.0),
            "--pg" => o.pg = Some(value.clone()),
            "--variant" => o.variant = value.clone(),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(o)
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(30))).build().into()
}

fn post(addr: &str, path: &str, body: Value) -> Result<Value, String> {
    let mut response =
        agent().post(&format!("http://{addr}{path}")).send_json(body).map_err(|e| format!("POST {path}: {e}"))?;
    response.body_mut().read_json().map_err(|e| e.to_string())
}

fn socket(addr: &str, game: &str, token: &str) -> Result<Socket, String> {
    let (ws, _) = tungstenite::connect(format!("ws://{addr}/api/games/{game}/socket?token={token}"))
        .map_err(|e| format!("socket: {e}"))?;
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
        let _ = s.set_nodelay(true);
    }
    Ok(ws)
}

/// Reads frames until `until` says stop; `None` on a closed socket or a 10 s silence.
fn read_until(ws: &mut Socket, mut until: impl FnMut(&Value) -> bool) -> Option<Value> {
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => {
                let frame: Value = serde_json::from_str(t.as_str()).ok()?;
                if until(&frame) {
                    return Some(frame);
                }
            }
            Ok(_) => {}
            Err(_) => return None,
        }
    }
}

/// What all bots share.
struct Shared {
    addr: String,
    variant: String,
    stop: AtomicBool,
    measuring: AtomicBool,
    acked: AtomicU64,
    errors: AtomicU64,
    in_play: AtomicU64,
    latencies_us: Mutex<Vec<u32>>,
}

/// One game: create, join, two sockets, then moves at `interval` until stopped.
fn bot(shared: Arc<Shared>, interval: Duration, seed: u64) -> Result<(), String> {
    let mut rng = zilo::rng::Rng::new(seed);
    let mut latencies = Vec::new();
    let result = (|| {
        while !shared.stop.load(Ordering::Relaxed) {
            let created = post(&shared.addr, "/api/games", json!({"variant": shared.variant, "side": "first"}))?;
            let game = created["game"].as_str().ok_or("no game id")?.to_string();
            let joined = post(&shared.addr, &format!("/api/games/{game}/join"), json!({}))?;
            let tokens = [created["token"].as_str().unwrap_or(""), joined["token"].as_str().unwrap_or("")];
            let mut sockets = [socket(&shared.addr, &game, tokens[0])?, socket(&shared.addr, &game, tokens[1])?];
            let mut v = 0;
            for ws in &mut sockets {
                v = read_until(ws, |f| f["t"] == "snapshot").ok_or("no snapshot")?["v"].as_u64().unwrap_or(0);
            }
            let mut local = zilo::door::Game::new(&shared.variant, None).map_err(|e| e.to_string())?;
            shared.in_play.fetch_add(1, Ordering::Relaxed);
            let mut next = Instant::now() + interval.mul_f64(rng.below(1000) as f64 / 1000.0);
            let mut cid = 0u64;
            while !shared.stop.load(Ordering::Relaxed) {
                let moves = local.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let now = Instant::now();
                if next > now {
                    std::thread::sleep(next - now);
                }
                next += interval;
                let mv = &moves[rng.below(moves.len())];
                let seat = local.turn().index();
                cid += 1;
                let cid_text = cid.to_string();
                let sent = Instant::now();
                let frame = json!({"t": "move", "cid": cid_text, "v": v, "move": mv}).to_string();
                sockets[seat].send(Message::text(frame)).map_err(|e| e.to_string())?;
                let answer = read_until(&mut sockets[seat], |f| f["cid"] == cid_text.as_str()).ok_or("no answer")?;
                if answer["t"] != "ack" {
                    return Err(format!("rejected: {answer}"));
                }
                let took = sent.elapsed();
                v = answer["v"].as_u64().unwrap_or(v);
                local.play(mv).map_err(|e| e.to_string())?;
                if shared.measuring.load(Ordering::Relaxed) {
                    shared.acked.fetch_add(1, Ordering::Relaxed);
                    latencies.push(took.as_micros().min(u32::MAX as u128) as u32);
                }
                // The end event, if the move ended the game, bumps the version.
                if local.outcome().is_over() {
                    break;
                }
                // The opponent's socket holds the move's event: read it (and any end).
                let other = 1 - seat;
                read_until(&mut sockets[other], |f| f["v"].as_u64() == Some(v)).ok_or("no event")?;
            }
            shared.in_play.fetch_sub(1, Ordering::Relaxed);
        }
        Ok(())
    })();
    shared.latencies_us.lock().unwrap_or_else(|p| p.into_inner()).extend(latencies);
    if result.is_err() {
        shared.errors.fetch_add(1, Ordering::Relaxed);
    }
    result
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("zilo-load: {e}");
            std::process::exit(2);
        }
    };
    let dir = std::env::temp_dir().join(format!("zilo-load-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let db = o.pg.clone().unwrap_or_else(|| format!("sqlite:{}", dir.join("games.sqlite").display()));
    let mut server = Command::new(&o.zilo)
        .args(["serve", "--listen", "127.0.0.1:0", "--db", &db, "--www"])
        .arg(&dir)
        .env("ZILO_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", o.zilo));
    let mut line = String::new();
    let _ = BufReader::new(server.stdout.take().expect("stdout")).read_line(&mut line);
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).expect("the address").to_string();
    let base_rss = rss_kib(server.id());

    let shared = Arc::new(Shared {
        addr,
        variant: o.variant.clone(),
        stop: AtomicBool::new(false),
        measuring: AtomicBool::new(false),
        acked: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        in_play: AtomicU64::new(0),
        latencies_us: Mutex::new(Vec::new()),
    });
    let interval = Duration::from_secs_f64(o.games as f64 / o.rate);
    let mut threads = Vec::new();
    for i in 0..o.games {
        let shared = shared.clone();
        let t = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || bot(shared, interval, 0x5eed + i as u64))
            .expect("a bot thread");
        threads.push(t);
    }
    // Warm up until every game is in play (at most 60 s), then measure.
    let warm = Instant::now();
    while (shared.in_play.load(Ordering::Relaxed) as usize) < o.games && warm.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let in_play_at_start = shared.in_play.load(Ordering::Relaxed);
    shared.measuring.store(true, Ordering::Relaxed);
    let started = Instant::now();
    let mut peak_rss = 0;
    while started.elapsed() < Duration::from_secs(o.seconds) {
        std::thread::sleep(Duration::from_millis(250));
        peak_rss = peak_rss.max(rss_kib(server.id()));
    }
    shared.measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed().as_secs_f64();
    let in_play = shared.in_play.load(Ordering::Relaxed);
    shared.stop.store(true, Ordering::Relaxed);
    let mut first_error = None;
    for t in threads {
        if let Ok(Err(e)) = t.join() {
            first_error.get_or_insert(e);
        }
    }
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);

    let mut lat = shared.latencies_us.lock().unwrap_or_else(|p| p.into_inner()).clone();
    lat.sort_unstable();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1)))
            .map_or(0.0, |&us| us as f64 / 1000.0)
    };
    let acked = shared.acked.load(Ordering::Relaxed);
    println!(
        "{} games ({} in play at start, {} at end), {:.0} s: {} moves acked, {:.0} acked moves/s (aim {:.0}), ack p50 {:.1} ms, p99 {:.1} ms, server memory {:.1} KiB per game ({} MiB peak), {} bot errors{}",
        o.games,
        in_play_at_start,
        in_play,
        elapsed,
        acked,
        acked as f64 / elapsed,
        o.rate,
        pct(0.50),
        pct(0.99),
        peak_rss.saturating_sub(base_rss) as f64 / o.games as f64,
        peak_rss / 1024,
        shared.errors.load(Ordering::Relaxed),
        first_error.map(|e| format!(" (first: {e})")).unwrap_or_default()
    );
}
