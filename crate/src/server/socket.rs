//! A WebSocket connection to one game: it sends the subscription's first
//! frames (a snapshot or the missed events), then every event as the actor
//! publishes it, and turns the client's frames into commands, one at a time,
//! answering each with an ack or a reject. Limits: 16 KiB a frame (larger
//! closes the socket), a rate of frames per connection, and a spectator's
//! socket silent for `--watcher-idle` is closed (its place is another's).

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;

use super::actor::{Answer, Hub, Subscription};
use super::admission::Place;
use super::engine::Side;
use super::presence::PRESENCE_V;
use super::protocol::{self, Asked, ClientMessage};

/// The largest frame read; larger closes the connection.
pub const MAX_FRAME: usize = 16 * 1024;
/// Frames a connection may send: a burst of this many, refilled at `RATE` a second.
const BURST: f64 = 40.0;
const RATE: f64 = 20.0;
/// Refused frames in a row after which the connection is closed.
const MAX_REFUSED: u32 = 200;

/// A token bucket: how many frames the client may send now.
struct RateLimit {
    tokens: f64,
    at: Instant,
}

impl RateLimit {
    fn new() -> RateLimit {
        RateLimit { tokens: BURST, at: Instant::now() }
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

pub struct Connection {
    pub hub: Arc<Hub>,
    pub game: String,
    pub token_hash: Option<String>,
    pub subscription: Subscription,
    pub stop: watch::Receiver<bool>,
    /// The client asked for presence frames (`presence=1`).
    pub presence: bool,
    /// This connection's place among the open ones.
    pub place: Place,
    /// How long a spectator's socket may stay silent.
    pub watcher_idle: Duration,
}

/// Tells the game a connection closed when the connection's task ends, however it ends.
struct Present(Arc<Hub>, String, Option<Side>);

impl Drop for Present {
    fn drop(&mut self) {
        let (hub, game, seat) = (self.0.clone(), std::mem::take(&mut self.1), self.2);
        // A connection dropped while the runtime shuts down has nobody left to tell.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { hub.presence(&game, seat, false).await });
        }
    }
}

/// Ends when a socket heard from at `heard` has been silent for `idle` (never without one).
async fn silent(idle: Option<Duration>, heard: tokio::time::Instant) {
    match idle {
        Some(idle) => tokio::time::sleep_until(heard + idle).await,
        None => std::future::pending().await,
    }
}

async fn send(socket: &mut WebSocket, text: &str) -> bool {
    socket.send(Message::Text(text.into())).await.is_ok()
}

async fn send_json(socket: &mut WebSocket, value: serde_json::Value) -> bool {
    send(socket, &value.to_string()).await
}

pub async fn run(mut socket: WebSocket, connection: Connection) {
    let Connection { hub, game, token_hash, subscription, mut stop, presence, place, watcher_idle } = connection;
    let idle = place.is_watcher().then_some(watcher_idle);
    let mut heard = tokio::time::Instant::now();
    let Subscription { seat, first, mut events } = subscription;
    tracing::debug!(game = %game, seat = ?seat, "connected");
    for frame in &first {
        if !send(&mut socket, frame).await {
            return;
        }
    }
    hub.presence(&game, seat, true).await;
    let _present = Present(hub.clone(), game.clone(), seat);
    let mut last_v = None;
    let mut limit = RateLimit::new();
    let mut refused = 0u32;
    loop {
        tokio::select! {
            _ = stop.changed() => {
                let close = CloseFrame { code: 1001, reason: "the server is stopping".into() };
                let _ = socket.send(Message::Close(Some(close))).await;
                return;
            }
            _ = silent(idle, heard) => {
                let reason = format!("idle: nothing received for {} s", watcher_idle.as_secs());
                let _ = socket.send(Message::Close(Some(CloseFrame { code: 1000, reason: reason.into() }))).await;
                return;
            }
            event = events.recv() => match event {
                Ok((PRESENCE_V, text)) => {
                    if presence && !send(&mut socket, &text).await {
                        return;
                    }
                }
                Ok((v, text)) => {
                    last_v = Some(v);
                    if !send(&mut socket, &text).await {
                        return;
                    }
                }
                Err(RecvError::Lagged(_)) | Err(RecvError::Closed) => {
                    // Too far behind (or the actor left): start again from the last event sent.
                    match hub.connect(&game, token_hash.clone(), last_v).await {
                        Ok(Ok(again)) => {
                            events = again.events;
                            for frame in &again.first {
                                if !send(&mut socket, frame).await {
                                    return;
                                }
                            }
                        }
                        _ => return,
                    }
                }
            },
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        if !send_json(&mut socket, protocol::error("binary frames are not read; send JSON text")).await {
                            return;
                        }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                if !limit.allow() {
                    hub.metrics.frames_refused.fetch_add(1, Ordering::Relaxed);
                    refused += 1;
                    if refused > MAX_REFUSED {
                        let close = CloseFrame { code: 1008, reason: "too many messages".into() };
                        let _ = socket.send(Message::Close(Some(close))).await;
                        return;
                    }
                    let reason = format!("too many messages: at most {RATE} a second");
                    if !send_json(&mut socket, protocol::error(&reason)).await {
                        return;
                    }
                    continue;
                }
                refused = 0;
                let reply = match ClientMessage::parse(text.as_str()).map(ClientMessage::asked) {
                    Err(reason) => {
                        hub.metrics.frames_refused.fetch_add(1, Ordering::Relaxed);
                        protocol::error(&reason)
                    }
                    Ok(Asked::Pong) => protocol::pong(),
                    Ok(Asked::Command { cid, command }) => {
                        match hub.command(&game, seat, Some(cid.clone()), command).await {
                            Ok(Answer::Ack(v, _)) => protocol::ack(&cid, v),
                            Ok(Answer::Reject(refused)) => protocol::reject(&cid, &refused),
                            Err(e) => protocol::reject(&cid, &e.refused()),
                        }
                    }
                };
                if !send_json(&mut socket, reply).await {
                    return;
                }
            }
        }
    }
}
