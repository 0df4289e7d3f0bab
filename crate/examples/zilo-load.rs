//! The load generator behind `make bench-online`: starts `zilo serve` on a
//! free port of 127.0.0.1 (SQLite in a temporary file, or the PostgreSQL of
//! `--pg URL`), then plays `--games` games at once, each by one bot (a task
//! on a two-thread tokio runtime, so the bots cost little beside the server on
//! the same cores) with a WebSocket per seat, random legal moves paced so that
//! all games together aim at `--rate` moves a second, for `--seconds`.
//! Reports games in play, acknowledged moves a second, p50/p99 ack latency
//! (send to ack, as the client sees it) and the server's memory per game.
//! With `--lobby N --seeks R` (the lobby, alongside the games): N players
//! keep a lobby socket open, reading every frame, and R times a second a
//! player (each in turn) posts a live seek, holds it on its lobby socket
//! (`{"t": "hold", "token"}`), and another accepts it; reported: seeks paired a second and p50/p99
//! from the accept's send to the `paired` frame on the creator's socket. The
//! games made are left unplayed (the server's `--first-move` is raised so that
//! none is aborted during the run). At most `MAX_PAIRS` pairings at once.
//! Only 127.0.0.1; every loop bounded in count and time.
//!
//! cargo run --release --example zilo-load -- --zilo target/release/zilo [--games N] [--seconds S] [--rate R]
//!   [--lobby N] [--seeks R] [--pg URL]

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The longest a bot waits for any one answer.
const PATIENCE: Duration = Duration::from_secs(10);
/// The most seek pairings under way at once (a slow server is not buried).
const MAX_PAIRS: u64 = 1000;

struct Options {
    zilo: String,
    games: usize,
    seconds: u64,
    rate: f64,
    pg: Option<String>,
    variant: String,
    lobby: usize,
    seeks: f64,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        zilo: "target/release/zilo".into(),
        games: 1000,
        seconds: 20,
        rate: 2000.0,
        pg: None,
        variant: "chess".into(),
        lobby: 0,
        seeks: 0.0,
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
            "--lobby" => o.lobby = number()?.clamp(0.0, 5000.0) as usize,
            "--seeks" => o.seeks = number()?.clamp(0.0, 2000.0),
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

/// POST a JSON body over a fresh connection (HTTP/1.1, `Connection: close`); the JSON answer.
async fn post(addr: &str, path: &str, body: Value) -> Result<Value, String> {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await.map_err(|e| format!("POST {path}: {e}"))?;
        let body = body.to_string();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).await.map_err(|e| format!("POST {path}: {e}"))?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.map_err(|e| format!("POST {path}: {e}"))?;
        let answer = String::from_utf8_lossy(&answer);
        let (head, body) = answer.split_once("\r\n\r\n").ok_or_else(|| format!("POST {path}: no answer"))?;
        if !head.starts_with("HTTP/1.1 20") {
            return Err(format!("POST {path}: {}", head.lines().next().unwrap_or("")));
        }
        serde_json::from_str(body).map_err(|e| format!("POST {path}: {e}"))
    };
    tokio::time::timeout(PATIENCE, exchange).await.map_err(|_| format!("POST {path}: no answer in time"))?
}

async fn socket(addr: &str, game: &str, token: &str) -> Result<Socket, String> {
    let url = format!("ws://{addr}/api/games/{game}/socket?token={token}");
    let connecting = tokio_tungstenite::connect_async(url);
    let (ws, _) = tokio::time::timeout(PATIENCE, connecting)
        .await
        .map_err(|_| "socket: no answer in time".to_string())?
        .map_err(|e| format!("socket: {e}"))?;
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        let _ = s.set_nodelay(true);
    }
    Ok(ws)
}

/// Reads frames until `until` says stop; an error on a closed socket or a silence of `PATIENCE`.
async fn read_until(ws: &mut Socket, mut until: impl FnMut(&Value) -> bool) -> Result<Value, String> {
    loop {
        let message = tokio::time::timeout(PATIENCE, ws.next()).await.map_err(|_| "no frame in time".to_string())?;
        match message {
            Some(Ok(Message::Text(t))) => {
                let frame: Value = serde_json::from_str(t.as_str()).map_err(|e| e.to_string())?;
                if until(&frame) {
                    return Ok(frame);
                }
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err("socket closed".into()),
        }
    }
}

/// The server's ack histogram (`zilo_ack_seconds_bucket` from `/metrics`): (upper bound, cumulative count).
fn ack_histogram(addr: &str) -> Vec<(f64, u64)> {
    use std::io::{Read, Write};
    let mut text = String::new();
    if let Ok(mut stream) = std::net::TcpStream::connect(addr) {
        let _ = stream.set_read_timeout(Some(PATIENCE));
        let _ = write!(stream, "GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        let _ = stream.read_to_string(&mut text);
    }
    text.lines()
        .filter_map(|line| line.strip_prefix("zilo_ack_seconds_bucket{le=\""))
        .filter_map(|rest| {
            let (bound, count) = rest.split_once("\"} ")?;
            let bound = if bound == "+Inf" { f64::INFINITY } else { bound.parse().ok()? };
            Some((bound, count.trim().parse().ok()?))
        })
        .collect()
}

/// The bucket bound (ms) under which a share `p` of the acks between two histograms fell.
fn histogram_quantile(before: &[(f64, u64)], after: &[(f64, u64)], p: f64) -> String {
    let counts: Vec<(f64, u64)> =
        after.iter().map(|&(bound, n)| (bound, n - before.iter().find(|b| b.0 == bound).map_or(0, |b| b.1))).collect();
    let total = counts.last().map_or(0, |c| c.1);
    match counts.iter().find(|c| c.1 as f64 >= p * total as f64) {
        Some((bound, _)) if bound.is_finite() => format!("<= {} ms", bound * 1000.0),
        Some(_) => "over the top bucket".into(),
        None => "none".into(),
    }
}

/// A lobby socket (with seek tokens, if any).
async fn lobby_socket(addr: &str, tokens: &[&str]) -> Result<Socket, String> {
    let query: Vec<String> = tokens.iter().map(|t| format!("token={t}")).collect();
    let url = format!("ws://{addr}/api/lobby/socket?{}", query.join("&"));
    // A small read buffer: tungstenite zeroes its free part before every read (the default
    // 128 KiB one, on 1,000 sockets woken 20 times a second, was most of the bots' time).
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(16 * 1024);
    let connecting = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    let (ws, _) = tokio::time::timeout(PATIENCE, connecting)
        .await
        .map_err(|_| "lobby socket: no answer in time".to_string())?
        .map_err(|e| format!("lobby socket: {e}"))?;
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        let _ = s.set_nodelay(true);
    }
    Ok(ws)
}

/// What a pairing asks of its creator's lobby socket: hold this seek by its
/// token (`hold` frame), say when it is held, and when `paired` came.
struct Want {
    token: String,
    seek: String,
    held: oneshot::Sender<()>,
    paired: oneshot::Sender<(Instant, Value)>,
}

/// A seek a player holds: who to tell it is held (until it is), and who to tell `paired`.
type Waiting = (Option<oneshot::Sender<()>>, oneshot::Sender<(Instant, Value)>);

/// A player in the lobby: reads every frame until stopped, and holds the seeks it is given.
async fn lobby_player(shared: Arc<Shared>, mut wants: mpsc::Receiver<Want>) -> Result<(), String> {
    let result = async {
        let mut ws = lobby_socket(&shared.addr, &[]).await?;
        read_until(&mut ws, |f| f["t"] == "seeks").await?;
        shared.lobby_open.fetch_add(1, Ordering::Relaxed);
        let mut waiting: HashMap<String, Waiting> = HashMap::new();
        while !shared.stop.load(Ordering::Relaxed) {
            tokio::select! {
                want = wants.recv() => {
                    let Some(want) = want else { continue };
                    let frame = json!({"t": "hold", "token": want.token}).to_string();
                    ws.send(Message::text(frame)).await.map_err(|e| format!("lobby socket: {e}"))?;
                    waiting.insert(want.seek, (Some(want.held), want.paired));
                }
                message = tokio::time::timeout(Duration::from_millis(500), ws.next()) => match message {
                    Err(_) => {}
                    Ok(Some(Ok(Message::Text(text)))) => {
                        let at = Instant::now();
                        if shared.measuring.load(Ordering::Relaxed) {
                            shared.lobby_frames.fetch_add(1, Ordering::Relaxed);
                        }
                        // Only the frames for this player are read through.
                        if text.contains(r#""t":"held""#) || text.contains(r#""t":"paired""#) {
                            let frame: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
                            let seek = frame["seek"].as_str().unwrap_or_default().to_string();
                            if frame["t"] == "held" {
                                if let Some(held) = waiting.get_mut(&seek).and_then(|w| w.0.take()) {
                                    let _ = held.send(());
                                }
                            } else if let Some((_, paired)) = waiting.remove(&seek) {
                                let _ = paired.send((at, frame));
                            }
                        }
                    }
                    Ok(Some(Ok(_))) => {}
                    Ok(Some(Err(e))) => return Err(format!("lobby socket: {e}")),
                    Ok(None) => return Err("lobby socket closed".into()),
                },
            }
        }
        let _ = ws.close(None).await;
        Ok(())
    }
    .await;
    if result.is_err() {
        shared.errors.fetch_add(1, Ordering::Relaxed);
    }
    result
}

/// One seek: posted, held by its creator's lobby socket, accepted by another
/// player; the time from the accept's send to `paired` on the creator's socket.
async fn pairing(shared: Arc<Shared>, creator: mpsc::Sender<Want>) -> Result<(), String> {
    let result = async {
        let body = json!({"variant": shared.variant, "clock": {"initial": 300, "increment": 2}, "side": "random"});
        let seek = post(&shared.addr, "/api/seeks", body).await?;
        let (id, token) = (seek["seek"].as_str().unwrap_or(""), seek["token"].as_str().unwrap_or(""));
        let ((held_tx, held_rx), (paired_tx, paired_rx)) = (oneshot::channel(), oneshot::channel());
        let want = Want { token: token.to_string(), seek: id.to_string(), held: held_tx, paired: paired_tx };
        creator.send(want).await.map_err(|_| "the creator's socket is gone".to_string())?;
        tokio::time::timeout(PATIENCE, held_rx)
            .await
            .map_err(|_| "seek not held in time".to_string())?
            .map_err(|_| "the creator's socket is gone".to_string())?;
        let path = format!("/api/seeks/{id}/accept");
        let sent = Instant::now();
        let accepted = post(&shared.addr, &path, json!({})).await?;
        let (at, paired) = tokio::time::timeout(PATIENCE, paired_rx)
            .await
            .map_err(|_| "no paired in time".to_string())?
            .map_err(|_| "the creator's socket is gone".to_string())?;
        if accepted["game"] != paired["game"] {
            return Err(format!("accepted into {} but paired into {}", accepted["game"], paired["game"]));
        }
        if shared.measuring.load(Ordering::Relaxed) {
            shared.paired.fetch_add(1, Ordering::Relaxed);
            let took = at.saturating_duration_since(sent);
            shared
                .paired_us
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(took.as_micros().min(u32::MAX as u128) as u32);
        }
        Ok(())
    }
    .await;
    shared.pairs.fetch_sub(1, Ordering::Relaxed);
    // (One cut short by the end of the run, its creator's socket closed, is no failure.)
    let result = result.or_else(|e| if shared.stop.load(Ordering::Relaxed) { Ok(()) } else { Err(e) });
    if let Err(e) = &result {
        shared.errors.fetch_add(1, Ordering::Relaxed);
        shared.pair_errors.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e.clone());
    }
    result
}

/// Starts a pairing `rate` times a second until stopped, its creator the next
/// player in turn (none while `MAX_PAIRS` are under way).
async fn pairings(shared: Arc<Shared>, rate: f64, creators: Vec<mpsc::Sender<Want>>) {
    let interval = Duration::from_secs_f64(1.0 / rate);
    let mut next = tokio::time::Instant::now();
    let mut turn = 0;
    while !shared.stop.load(Ordering::Relaxed) && !creators.is_empty() {
        tokio::time::sleep_until(next).await;
        next += interval;
        if shared.pairs.load(Ordering::Relaxed) >= MAX_PAIRS {
            shared.skipped.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        shared.pairs.fetch_add(1, Ordering::Relaxed);
        tokio::spawn(pairing(shared.clone(), creators[turn % creators.len()].clone()));
        turn += 1;
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
    /// The lobby: sockets open, frames read while measuring, pairings under way,
    /// done while measuring, not started (too many under way), their times, the first failure.
    lobby_open: AtomicU64,
    lobby_frames: AtomicU64,
    pairs: AtomicU64,
    paired: AtomicU64,
    skipped: AtomicU64,
    paired_us: Mutex<Vec<u32>>,
    pair_errors: Mutex<Option<String>>,
}

/// One game after another: create, join, two sockets, then moves at `interval` until stopped.
async fn bot(shared: Arc<Shared>, interval: Duration, seed: u64) -> Result<(), String> {
    let mut rng = zilo::rng::Rng::new(seed);
    let mut latencies = Vec::new();
    let result = async {
        while !shared.stop.load(Ordering::Relaxed) {
            let created =
                post(&shared.addr, "/api/games", json!({"variant": shared.variant, "side": "first", "clock": null}))
                    .await?;
            let game = created["game"].as_str().ok_or("no game id")?.to_string();
            let joined = post(&shared.addr, &format!("/api/games/{game}/join"), json!({})).await?;
            let tokens = [created["token"].as_str().unwrap_or(""), joined["token"].as_str().unwrap_or("")];
            let mut sockets =
                [socket(&shared.addr, &game, tokens[0]).await?, socket(&shared.addr, &game, tokens[1]).await?];
            let mut v = 0;
            for ws in &mut sockets {
                v = read_until(ws, |f| f["t"] == "snapshot").await?["v"].as_u64().unwrap_or(0);
            }
            let mut local = zilo::door::Game::new(&shared.variant, None).map_err(|e| e.to_string())?;
            shared.in_play.fetch_add(1, Ordering::Relaxed);
            let mut next = tokio::time::Instant::now() + interval.mul_f64(rng.below(1000) as f64 / 1000.0);
            let mut cid = 0u64;
            while !shared.stop.load(Ordering::Relaxed) {
                let moves = local.legal_moves();
                if moves.is_empty() {
                    break;
                }
                tokio::time::sleep_until(next).await;
                next += interval;
                let mv = &moves[rng.below(moves.len())];
                let seat = local.turn().index();
                cid += 1;
                let cid_text = cid.to_string();
                let sent = Instant::now();
                let frame = json!({"t": "move", "cid": cid_text, "v": v, "move": mv}).to_string();
                sockets[seat].send(Message::text(frame)).await.map_err(|e| e.to_string())?;
                let answer = read_until(&mut sockets[seat], |f| f["cid"] == cid_text.as_str()).await?;
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
                read_until(&mut sockets[other], |f| f["v"].as_u64() == Some(v)).await?;
            }
            shared.in_play.fetch_sub(1, Ordering::Relaxed);
            for ws in &mut sockets {
                let _ = ws.close(None).await;
            }
        }
        Ok(())
    }
    .await;
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
    // Every bot is 127.0.0.1: the limit on writes per address is lifted (the bench
    // measures the server, not its limits); the places are all seat holders'.
    let mut server = Command::new(&o.zilo)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            &db,
            "--writes-per-minute",
            "0",
            "--seat-sockets-per-address",
            "0",
            "--lobby-sockets-per-address",
            "0",
            "--seeks-per-address",
            "0",
            // The games the lobby makes are not played: none is aborted during the run.
            "--first-move",
            "3600",
            "--www",
        ])
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
        lobby_open: AtomicU64::new(0),
        lobby_frames: AtomicU64::new(0),
        pairs: AtomicU64::new(0),
        paired: AtomicU64::new(0),
        skipped: AtomicU64::new(0),
        paired_us: Mutex::new(Vec::new()),
        pair_errors: Mutex::new(None),
    });
    let interval = Duration::from_secs_f64(o.games as f64 / o.rate);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime for the bots");
    let bots: Vec<_> = (0..o.games).map(|i| runtime.spawn(bot(shared.clone(), interval, 0x5eed + i as u64))).collect();
    let mut creators = Vec::new();
    let players: Vec<_> = (0..o.lobby)
        .map(|_| {
            let (tx, rx) = mpsc::channel(16);
            creators.push(tx);
            runtime.spawn(lobby_player(shared.clone(), rx))
        })
        .collect();
    // Warm up until every game is in play and every lobby socket open (at most 60 s), then measure.
    let warm = Instant::now();
    while ((shared.in_play.load(Ordering::Relaxed) as usize) < o.games
        || (shared.lobby_open.load(Ordering::Relaxed) as usize) < o.lobby)
        && warm.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let pacer = (o.seeks > 0.0).then(|| runtime.spawn(pairings(shared.clone(), o.seeks, creators)));
    if pacer.is_some() {
        // The pairings settle into their pace before the measurement.
        std::thread::sleep(Duration::from_secs(2));
    }
    let in_play_at_start = shared.in_play.load(Ordering::Relaxed);
    let histogram_before = ack_histogram(&shared.addr);
    shared.measuring.store(true, Ordering::Relaxed);
    let started = Instant::now();
    let mut peak_rss = 0;
    // SQLite's log, which the server keeps under its bound (PostgreSQL: none here).
    let wal = o.pg.is_none().then(|| dir.join("games.sqlite-wal"));
    let mut peak_wal = 0;
    while started.elapsed() < Duration::from_secs(o.seconds) {
        std::thread::sleep(Duration::from_millis(250));
        peak_rss = peak_rss.max(rss_kib(server.id()));
        peak_wal = peak_wal.max(wal.as_ref().and_then(|w| std::fs::metadata(w).ok()).map_or(0, |m| m.len()));
    }
    shared.measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed().as_secs_f64();
    let histogram_after = ack_histogram(&shared.addr);
    let in_play = shared.in_play.load(Ordering::Relaxed);
    shared.stop.store(true, Ordering::Relaxed);
    let mut first_error = None;
    runtime.block_on(async {
        // Each bot stops at its next move; one stuck on a read gives up after PATIENCE.
        for bot in bots.into_iter().chain(players) {
            if let Ok(Err(e)) = bot.await {
                first_error.get_or_insert(e);
            }
        }
        if let Some(pacer) = pacer {
            let _ = pacer.await;
        }
        // The pairings under way end within PATIENCE each.
        let ending = Instant::now();
        while shared.pairs.load(Ordering::Relaxed) > 0 && ending.elapsed() < PATIENCE {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
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
        "{} games ({} in play at start, {} at end), {:.0} s: {} moves acked, {:.0} acked moves/s (aim {:.0}), ack p50 {:.1} ms, p99 {:.1} ms (in the server, arrival to ack: p50 {}, p99 {}), server memory {:.1} KiB per game ({} MiB peak), largest WAL {:.1} MiB, {} bot errors{}",
        o.games,
        in_play_at_start,
        in_play,
        elapsed,
        acked,
        acked as f64 / elapsed,
        o.rate,
        pct(0.50),
        pct(0.99),
        histogram_quantile(&histogram_before, &histogram_after, 0.50),
        histogram_quantile(&histogram_before, &histogram_after, 0.99),
        peak_rss.saturating_sub(base_rss) as f64 / o.games as f64,
        peak_rss / 1024,
        peak_wal as f64 / (1024.0 * 1024.0),
        shared.errors.load(Ordering::Relaxed),
        first_error.map(|e| format!(" (first: {e})")).unwrap_or_default()
    );
    if o.lobby > 0 || o.seeks > 0.0 {
        let mut paired = shared.paired_us.lock().unwrap_or_else(|p| p.into_inner()).clone();
        paired.sort_unstable();
        let pct = |p: f64| {
            paired
                .get(((paired.len() as f64 * p) as usize).min(paired.len().saturating_sub(1)))
                .map_or(0.0, |&us| us as f64 / 1000.0)
        };
        let pair_error = shared.pair_errors.lock().unwrap_or_else(|p| p.into_inner()).clone();
        println!(
            "lobby: {} players on lobby sockets, {:.0} lobby frames/s read; {} seeks paired, {:.0} a second (aim {:.0}, {} not started), accept to paired p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms{}",
            o.lobby,
            shared.lobby_frames.load(Ordering::Relaxed) as f64 / elapsed,
            shared.paired.load(Ordering::Relaxed),
            shared.paired.load(Ordering::Relaxed) as f64 / elapsed,
            o.seeks,
            shared.skipped.load(Ordering::Relaxed),
            pct(0.50),
            pct(0.99),
            pct(1.0),
            pair_error.map(|e| format!(" (first pairing error: {e})")).unwrap_or_default()
        );
    }
}
