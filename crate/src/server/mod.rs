//! `zilo serve`: games over the network (the wire contract is in the README).
//!
//! - `config`: the command's options;
//! - `engine`: the one way into the rules (the family-free game door);
//! - `protocol`: the contract's message shapes; `tokens`: ids and secrets;
//! - `refused`: why something was refused, coded for any page's words;
//! - `clock`: clocks timed by the server;
//! - `event`: what happens in a game, as types (stored and sent from them);
//! - `game`: one game as a fold of its events (decide, then apply);
//! - `actor`: one owner per game, storing before it tells anyone;
//! - `storage/`: SQLite (default) or PostgreSQL, one interface;
//! - `http`: the routes; `socket`: a WebSocket connection; `metrics`;
//! - `limits`: request sizes and write rates per client address;
//!   `admission`: who may open a socket (seat holders before spectators);
//! - `rematch`, `presence`: additions to the contract (a new game with the
//!   colours swapped; who is connected);
//! - `accounts`, `players_http`, `ratings`, `storage/players.rs`: players
//!   (sign up, sign in, sessions), their pages and Glicko-2 ratings;
//!   `storage/migrate.rs`: the database's schema versions;
//! - `push`, `push_http`, `storage/push.rs`: Web Push (a closed tab is told
//!   it is the player's move).

pub mod accounts;
pub mod actor;
pub mod admission;
pub mod clock;
pub mod config;
pub mod engine;
pub mod event;
pub mod game;
mod http;
pub mod limits;
mod lobby;
pub mod metrics;
mod players_http;
pub mod presence;
pub mod protocol;
pub mod push;
mod push_http;
pub mod ratings;
pub mod refused;
pub mod rematch;
mod socket;
pub mod storage;
pub mod tokens;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::serve::ListenerExt;
use tokio::sync::{broadcast, watch};

pub use config::Config;

use actor::{now_ms, Hub};
use game::Command;
use limits::Limits;
use storage::Storage;

/// How often the server looks for flags that fell with nobody connected.
const SWEEP: Duration = Duration::from_millis(200);
/// How long a stop waits for connections to close.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// Runs the server until Ctrl-C or SIGTERM.
pub fn serve(config: Config) -> Result<(), String> {
    let filter = tracing_subscriber::EnvFilter::try_from_env("ZILO_LOG").unwrap_or_else(|_| "info".into());
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(run(config))
}

async fn run(config: Config) -> Result<(), String> {
    game::set_first_move_ms(config.first_move_ms);
    let store = Storage::open(&config.db).await?;
    let hub = Hub::new(store);
    let policy = push::Policy { allow_http_loopback: config.push_allow_http_loopback };
    let pusher = push::Pusher::start(hub.clone(), policy, config.push_contact.clone()).await?;
    let _ = hub.push.set(pusher);
    let listener = tokio::net::TcpListener::bind(&config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let www = config.www.is_dir().then(|| config.www.clone());
    if www.is_none() {
        tracing::warn!("no directory {}: serving the API only", config.www.display());
    }
    let stop_signal = stop_signal();
    println!("zilo serve: listening on http://{addr}/ (db: {})", hub.store.kind());
    let _ = std::io::stdout().flush();

    let (stop_tx, stop) = watch::channel(false);
    tokio::spawn(sweep_flags(hub.clone()));
    if let Some(notices) = hub.store.notices() {
        tokio::spawn(follow_notices(hub.clone(), notices));
    }
    let limits = Arc::new(Limits::new(&config));
    tokio::spawn(forget_idle_clients(limits.clone()));
    let app = http::router(hub.clone(), www, stop, &config, limits);
    // No Nagle: an event and its ack are small writes in a row, and Nagle held
    // the second until the client's delayed ACK (~40 ms).
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("cannot set TCP_NODELAY: {e}");
        }
    });
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async move {
            stop_signal.await;
            tracing::info!("stopping: no new commands; closing connections");
            let _ = stop_tx.send(true);
        })
        .await
        .map_err(|e| format!("server error: {e}"))?;
    // Sockets finish the command they are in (stored and acked), then close.
    let started = Instant::now();
    while hub.metrics.connections.load(Ordering::Relaxed) > 0 && started.elapsed() < STOP_GRACE {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    hub.store.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Registers SIGTERM and Ctrl-C at once and returns the wait for either. It is
/// called before the address is printed: a supervisor (or a test) that sends
/// SIGTERM as soon as the server says it listens gets a graceful stop, where a
/// handler registered later, when the shutdown future is first polled, left
/// that first moment to the default action, which kills the process.
fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, Signal, SignalKind};
        let term = signal(SignalKind::terminate()).ok();
        let interrupt = signal(SignalKind::interrupt()).ok();
        async fn wait(signal: Option<Signal>) {
            match signal {
                Some(mut s) => {
                    s.recv().await;
                }
                // Not registered: that signal keeps its default action.
                None => std::future::pending().await,
            }
        }
        async move {
            tokio::select! {
                _ = wait(term) => {}
                _ = wait(interrupt) => {}
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Ends games whose side to move ran out of time, connected or not (the
/// database says which, so this covers games no process holds in memory).
async fn sweep_flags(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(SWEEP);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let due = match hub.store.due(now_ms()).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("cannot look for fallen flags: {e}");
                continue;
            }
        };
        for id in due {
            let hub = hub.clone();
            tokio::spawn(async move {
                if let Err(e) = hub.command(&id, None, None, Command::Flag).await {
                    tracing::warn!(game = %id, "cannot end the game on time: {e:?}");
                }
            });
        }
    }
}

/// Forgets, now and then, the write rates of addresses gone quiet.
async fn forget_idle_clients(limits: Arc<Limits>) {
    let mut tick = tokio::time::interval(limits::FORGET_EVERY);
    loop {
        tick.tick().await;
        limits.forget_idle();
    }
}

/// Passes other processes' appends (PostgreSQL NOTIFY) to the games in memory.
async fn follow_notices(hub: Arc<Hub>, mut notices: broadcast::Receiver<storage::Notice>) {
    loop {
        match notices.recv().await {
            Ok(storage::Notice::Appended(id, v)) => hub.appended_elsewhere(&id, v).await,
            // Some notices went unread or unsent: everyone reads the database.
            Ok(storage::Notice::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => hub.catch_up_all().await,
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}
