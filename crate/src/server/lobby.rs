//! The lobby (the contract's seeks): `POST /api/seeks`, `GET /api/seeks`,
//! `GET /api/seeks/<id>?token=`, `POST /api/seeks/<id>/accept`,
//! `DELETE /api/seeks/<id>?token=`, and the lobby socket
//! `GET /api/lobby/socket?token=…`.
//!
//! - A seek is stored (`storage/seeks.rs`); its token is also the creator's
//!   seat token in the game it becomes (only its hash is stored).
//! - An accept claims the seek and stores its game (both seats taken) in one
//!   transaction whose conditional `UPDATE` only an open seek passes: of two
//!   racing accepts (in one process or two on one PostgreSQL) one claims it
//!   and stores its game; the other stores nothing and is answered `409`.
//!   The creator learns its game from `paired` on the lobby socket, or from
//!   `GET /api/seeks/<id>?token=` (always, also after a restart).
//! - A live seek (with an `initial`/`increment` clock) closes when no lobby
//!   socket holding its token has been open for `LIVE_GRACE`; others stay
//!   until accepted, cancelled, or `MAX_AGE` old. A live seek has a lease in
//!   the database (`held_ms`): every `HEARTBEAT` the process with a socket
//!   holding it writes the time (and, once, the time its last such socket
//!   closed), and every process closes the live seeks whose lease is older
//!   than `LIVE_GRACE`; so a seek held through a process that died is closed
//!   by another one, `LIVE_GRACE` (plus a heartbeat at most) after its
//!   holder's last write.
//! - Every change's frames reach every lobby socket: alone on SQLite this
//!   process tells its sockets after the change; on PostgreSQL the
//!   statement that makes the change sends them (`NOTIFY zilo_lobby`,
//!   `storage/seeks.rs`) and every process, this one too, tells its sockets
//!   what it hears (`follow`). When the LISTEN connection was lost and is back
//!   (frames may be lost), every lobby socket is closed: the page reconnects
//!   and gets the list, and its `paired` frames, afresh.
//! - Limits: `--seeks-per-address` open seeks per client address (20) and
//!   `--lobby-sockets-per-address` lobby sockets per address (50; `429`); a lobby
//!   socket's frames are read only for `ping` and `hold` (1 KiB at most; more closes
//!   it), 5 a second after a burst of 20; a flood gets `error` frames, then
//!   the socket is closed (1008).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio::sync::broadcast;

use super::accounts;
use super::actor::{now_ms, Hub};
use super::clock::ClockSpec;
use super::engine::Side;
use super::game::{Command, GameState, Meta};
use super::http::{error, json_object, optional_string, App, Refusal};
use super::limits::{too_many, ClientAddr};
use super::protocol::{seat_by_name, seat_name};
use super::refused::Refused;
use super::storage::players::round2;
use super::storage::seeks::{Paired, SeekRow};
use super::storage::LobbyNotice;
use super::tokens;

/// How long a live seek outlives its creator's last lobby socket.
pub const LIVE_GRACE: Duration = Duration::from_secs(10);
/// How often a process renews the leases of the live seeks its sockets hold
/// and closes the live seeks whose lease lapsed.
pub const HEARTBEAT: Duration = Duration::from_secs(1);
/// The oldest a seek gets.
pub const MAX_AGE_MS: i64 = 14 * 24 * 3600 * 1000;
/// The most seek tokens one lobby socket holds.
const TOKENS_PER_SOCKET: usize = 20;
/// How long the frames for every socket are gathered before they go out
/// together (one wake-up and one write per socket for all of them); a
/// `paired` frame goes to its holders at once.
pub const FLUSH: Duration = Duration::from_millis(50);
/// The largest frame a lobby socket reads (a `ping` or a `hold` is under 100
/// bytes); its read buffer is one such frame, since tungstenite zeroes the free
/// part of it before every read (a default 128 KiB one, on every socket woken
/// by every batch, was most of the server's time under the lobby's load).
const MAX_FRAME: usize = 1024;
/// A lobby socket's write buffer (a batch of frames is written at once).
const WRITE_BUFFER: usize = 8 * 1024;
/// Frames a lobby socket may send a second (after a burst of `BURST`); past
/// `MAX_REFUSED` refused in a row, the socket is closed.
const RATE: f64 = 5.0;
const BURST: f64 = 20.0;
const MAX_REFUSED: u32 = 100;

/// What the lobby tells all its sockets (`paired` goes to a seek's holders only, by `paired_to`).
#[derive(Clone, Debug)]
enum Notice {
    /// The frames of `FLUSH` for every socket, each made once (a clone shares the bytes).
    Batch(Arc<[Utf8Bytes]>),
    /// Frames may have been lost: every socket closes (the client reconnects).
    Restart,
}

/// Where a socket holding a seek hears its `paired` frame: (socket, channel).
type PairedTo = Vec<(u64, tokio::sync::mpsc::Sender<Arc<str>>)>;

/// The lobby sockets of this process holding one seek.
struct Hold {
    sockets: usize,
    /// When the last one closed (`sockets` is 0), and whether that time is in the database yet.
    since_ms: i64,
    written: bool,
}

/// The lobby of this process: its sockets' stream and who holds which live seek.
pub struct Lobby {
    notices: broadcast::Sender<Notice>,
    /// Per seek id held by a socket here: how many, and when the last one closed.
    holders: Mutex<HashMap<String, Hold>>,
    sockets: Mutex<HashMap<IpAddr, usize>>,
    /// Whether the database carries the frames to every process (PostgreSQL), this one too.
    shared: bool,
    /// Lobby sockets and open seeks one address may have (0: no limit).
    sockets_per_address: usize,
    seeks_per_address: usize,
    /// Frames for every socket, waiting for the next `FLUSH`.
    pending: Mutex<Vec<Utf8Bytes>>,
    /// Per seek id: the sockets here holding it, told `paired` directly.
    paired_to: Mutex<HashMap<String, PairedTo>>,
    next_socket: std::sync::atomic::AtomicU64,
}

impl Lobby {
    /// `shared`: the database sends every change's frames to every process (`follow`).
    pub fn new(shared: bool, sockets_per_address: usize, seeks_per_address: usize) -> Lobby {
        Lobby {
            notices: broadcast::channel(1024).0,
            holders: Mutex::new(HashMap::new()),
            sockets: Mutex::new(HashMap::new()),
            shared,
            sockets_per_address,
            seeks_per_address,
            pending: Mutex::new(Vec::new()),
            paired_to: Mutex::new(HashMap::new()),
            next_socket: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// A frame for every socket, at the next `FLUSH`.
    fn gather(&self, frame: &str) {
        self.pending.lock().unwrap_or_else(|p| p.into_inner()).push(Utf8Bytes::from(frame));
    }

    fn tell(&self, notice: Notice) {
        let _ = self.notices.send(notice);
    }

    /// After a change is stored: its frames to this process's sockets, unless
    /// the database brings them (to every process) itself.
    fn changed(&self, frames: &str) {
        if !self.shared {
            self.deliver(frames);
        }
    }

    /// Frames (one JSON text a line) to the sockets: `paired` to the holders
    /// of its seek only, the others to all.
    fn deliver(&self, frames: &str) {
        for line in frames.lines().filter(|l| !l.is_empty()) {
            let Ok(frame) = serde_json::from_str::<Value>(line) else {
                tracing::warn!("a lobby frame that is not JSON: {line}");
                continue;
            };
            let seek = frame["seek"].as_str().unwrap_or_default().to_string();
            match frame["t"].as_str() {
                Some("paired") => {
                    self.forget(&seek);
                    let holders = self.paired_to.lock().unwrap_or_else(|p| p.into_inner()).remove(&seek);
                    let frame: Arc<str> = Arc::from(line);
                    for (_, to) in holders.unwrap_or_default() {
                        let _ = to.try_send(frame.clone());
                    }
                }
                Some("unseek") => {
                    self.forget(&seek);
                    self.gather(line);
                }
                _ => self.gather(line),
            }
        }
    }

    fn hold(&self, seek: &str, by: isize) {
        let mut holders = self.holders.lock().unwrap_or_else(|p| p.into_inner());
        let entry = holders.entry(seek.to_string()).or_insert(Hold { sockets: 0, since_ms: now_ms(), written: true });
        entry.sockets = entry.sockets.saturating_add_signed(by);
        if entry.sockets == 0 {
            (entry.since_ms, entry.written) = (now_ms(), false);
        }
    }

    /// The leases to write now: the seeks held here (until now), and those
    /// whose last socket here closed since the last write (until then; then forgotten).
    fn leases(&self) -> Vec<(String, i64)> {
        let now = now_ms();
        let mut holders = self.holders.lock().unwrap_or_else(|p| p.into_inner());
        let mut leases = Vec::new();
        holders.retain(|seek, hold| {
            if hold.sockets > 0 {
                leases.push((seek.clone(), now));
            } else if !hold.written {
                leases.push((seek.clone(), hold.since_ms));
                hold.written = true;
            }
            hold.sockets > 0
        });
        leases
    }

    fn forget(&self, seek: &str) {
        self.holders.lock().unwrap_or_else(|p| p.into_inner()).remove(seek);
    }
}

/// A seek as the wire shows it.
pub fn seek_json(s: &SeekRow) -> Value {
    let clock: Value = s.clock.as_deref().and_then(|c| serde_json::from_str(c).ok()).unwrap_or(Value::Null);
    let rating = match (&s.player, s.rating) {
        (Some(_), Some(r)) => json!(round2(r)),
        (Some(_), None) => json!(super::ratings::START_RATING),
        (None, _) => Value::Null,
    };
    json!({"seek": s.id, "variant": s.variant, "clock": clock, "side": s.side, "rated": s.rated,
           "player": {"name": s.player_name, "rating": rating}, "created": s.created_ms})
}

pub(super) fn routes() -> Router<App> {
    Router::new()
        .route("/api/seeks", post(create).get(list))
        .route("/api/seeks/{id}", get(status).delete(cancel))
        .route("/api/seeks/{id}/accept", post(accept))
        .route("/api/lobby/socket", get(socket))
}

fn unavailable(e: impl std::fmt::Display) -> Response {
    error(StatusCode::SERVICE_UNAVAILABLE, Refused::unavailable(e))
}

fn no_such_seek() -> Response {
    error(StatusCode::NOT_FOUND, Refused::new("server.noSuchSeek", "no such seek (accepted, cancelled or gone)"))
}

fn address(client: ClientAddr) -> String {
    client.0.to_string()
}

async fn create(
    State(app): State<App>,
    Extension(client): Extension<ClientAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match json_object(body) {
        Ok(b) => b,
        Err(r) => return r.into_response(),
    };
    let variant = match optional_string(&body, "variant") {
        Ok(Some(v)) => v.to_string(),
        Ok(None) => return Refusal::bad("'variant' is missing").into_response(),
        Err(r) => return r.into_response(),
    };
    let side = match optional_string(&body, "side") {
        Ok(Some(s @ ("first" | "second" | "random"))) => s.to_string(),
        Ok(None) => "random".to_string(),
        _ => return Refusal::bad("'side' is \"first\", \"second\" or \"random\"").into_response(),
    };
    let clock = match ClockSpec::from_request(body.get("clock")) {
        Ok(c) => c,
        Err(e) => return Refusal::bad(e).into_response(),
    };
    let rated = match body.get("rated") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Refusal::bad("'rated' must be true or false").into_response(),
    };
    let player = match accounts::session_player(&app.hub.store, &headers).await {
        Ok(p) => p.map(|(p, _)| p),
        Err((status, refused)) => return error(status, refused),
    };
    if rated && player.is_none() {
        return error(StatusCode::UNAUTHORIZED, super::players_http::rated_needs_account());
    }
    // The engine checks the variant now, not at the accept.
    let probe = Meta { id: tokens::game_id(), variant: variant.clone(), position: None, clock, created_ms: 0 };
    if let Err(refused) = GameState::new(probe) {
        return error(StatusCode::BAD_REQUEST, refused);
    }
    let max = app.lobby.seeks_per_address;
    if max > 0 {
        match app.hub.store.open_seeks_from(&address(client)).await {
            Ok(n) if n >= max as i64 => {
                return too_many("server.tooManySeeks", format!("at most {max} open seeks from one address"), max)
            }
            Ok(_) => {}
            Err(e) => return unavailable(e),
        }
    }
    let rating = match &player {
        Some(p) => match app.hub.store.rating_of(&p.key, &variant).await {
            Ok(r) => r,
            Err(e) => return unavailable(e),
        },
        None => None,
    };
    let live = matches!(clock, Some(ClockSpec::Live { .. }));
    let token = tokens::token();
    let mut row = SeekRow {
        id: tokens::game_id(),
        token_hash: tokens::hash(&token),
        variant,
        clock: clock.map(|c| serde_json::to_string(&c).unwrap_or_default()),
        side,
        rated,
        player: player.as_ref().map(|p| p.key.clone()),
        player_name: player.as_ref().map(|p| p.name.clone()),
        rating,
        address: address(client),
        created_ms: now_ms(),
        game: None,
        seat: None,
        closed_ms: None,
        held_ms: None,
    };
    if let Some(player) = &player {
        // The seek's token is the creator's seat token: bound to the player now.
        if let Err(e) = app.hub.store.bind_seat(&row.token_hash, &player.key).await {
            return unavailable(e);
        }
    }
    // A live seek's lease starts now: its creator has `LIVE_GRACE` to open a lobby socket with it.
    row.held_ms = live.then_some(row.created_ms);
    let mut frame = seek_json(&row);
    frame["t"] = json!("seek");
    let frame = frame.to_string();
    if let Err(e) = app.hub.store.insert_seek(&row, &frame).await {
        return unavailable(e);
    }
    app.lobby.changed(&frame);
    (StatusCode::CREATED, Json(json!({"seek": row.id, "token": token}))).into_response()
}

async fn list(State(app): State<App>) -> Response {
    match app.hub.store.open_seeks(now_ms() - MAX_AGE_MS).await {
        Ok(seeks) => Json(json!({"seeks": seeks.iter().map(seek_json).collect::<Vec<_>>()})).into_response(),
        Err(e) => unavailable(e),
    }
}

/// The seek, if `token` is its creator's.
async fn own_seek(app: &App, id: &str, query: &HashMap<String, String>) -> Result<SeekRow, Response> {
    let seek = match app.hub.store.seek(id).await {
        Ok(Some(seek)) => seek,
        Ok(None) => return Err(no_such_seek()),
        Err(e) => return Err(unavailable(e)),
    };
    match query.get("token") {
        Some(token) if tokens::hash(token) == seek.token_hash => Ok(seek),
        _ => Err(error(StatusCode::FORBIDDEN, Refused::new("server.wrongToken", "wrong token for this seek"))),
    }
}

/// `{"seek", "game", "seat", "token"}` once accepted (the token is the seek's).
fn paired(seek: &SeekRow, token: &str) -> Value {
    json!({"seek": seek.id, "game": seek.game, "seat": seek.seat, "token": token})
}

async fn status(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let seek = match own_seek(&app, &id, &query).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let token = query.get("token").cloned().unwrap_or_default();
    if seek.game.is_some() {
        Json(paired(&seek, &token)).into_response()
    } else {
        let mut answer = seek_json(&seek);
        answer["game"] = Value::Null;
        answer["open"] = json!(seek.closed_ms.is_none());
        Json(answer).into_response()
    }
}

async fn cancel(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Err(r) = own_seek(&app, &id, &query).await {
        return r;
    }
    let frames = unseek(&id);
    match app.hub.store.close_seek(&id, now_ms(), &frames).await {
        Ok(true) => {
            app.lobby.changed(&frames);
            app.lobby.forget(&id);
            StatusCode::NO_CONTENT.into_response()
        }
        Ok(false) => {
            error(StatusCode::CONFLICT, Refused::new("server.seekTaken", "the seek was already accepted or closed"))
        }
        Err(e) => unavailable(e),
    }
}

async fn accept(State(app): State<App>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let taken =
        || error(StatusCode::CONFLICT, Refused::new("server.seekTaken", "the seek was already accepted or closed"));
    let seek = match app.hub.store.seek(&id).await {
        Ok(Some(seek))
            if seek.game.is_none() && seek.closed_ms.is_none() && seek.created_ms > now_ms() - MAX_AGE_MS =>
        {
            seek
        }
        Ok(Some(_)) => return taken(),
        Ok(None) => return no_such_seek(),
        Err(e) => return unavailable(e),
    };
    let player = match accounts::session_player(&app.hub.store, &headers).await {
        Ok(p) => p.map(|(p, _)| p),
        Err((status, refused)) => return error(status, refused),
    };
    if seek.rated && player.is_none() {
        return error(StatusCode::UNAUTHORIZED, super::players_http::rated_needs_account());
    }
    if player.is_some() && player.as_ref().map(|p| &p.key) == seek.player.as_ref() {
        return error(StatusCode::CONFLICT, Refused::new("server.ownSeek", "this is your own seek"));
    }
    let creator = match seek.side.as_str() {
        "random" => {
            if tokens::coin() {
                Side::First
            } else {
                Side::Second
            }
        }
        name => seat_by_name(name).unwrap_or(Side::First),
    };
    let token = tokens::token();
    let clock = seek.clock.as_deref().and_then(|c| serde_json::from_str(c).ok());
    let meta =
        Meta { id: tokens::game_id(), variant: seek.variant.clone(), position: None, clock, created_ms: now_ms() };
    let game = meta.id.clone();
    let paired = match paired_game(meta, creator, seek.token_hash.clone(), tokens::hash(&token)) {
        Ok((meta, events, summary)) => Paired {
            meta,
            events,
            summary,
            rated: seek.rated,
            seat: seat_name(creator).to_string(),
            bind: player.map(|p| (tokens::hash(&token), p.key)),
        },
        Err(e) => return unavailable(e),
    };
    // One transaction: the database settles racing accepts (only an open seek
    // is claimed) and stores the game only for the one that claimed it.
    let frame = json!({"t": "paired", "seek": id, "game": game, "seat": seat_name(creator)});
    let frames = format!("{}\n{frame}", unseek(&id));
    match app.hub.store.accept_seek(&id, paired, now_ms(), &frames).await {
        Ok(true) => {}
        Ok(false) => return taken(),
        Err(e) => return unavailable(e),
    }
    app.hub.metrics.games_created.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tracing::info!(seek = %id, game = %game, "seek accepted");
    app.lobby.changed(&frames);
    app.lobby.forget(&id);
    let seat = seat_name(creator.opponent());
    (StatusCode::CREATED, Json(json!({"game": game, "seat": seat, "token": token}))).into_response()
}

/// A new game with both seats taken (the seek's creator at `creator`): its
/// meta, events and summary, to be stored.
fn paired_game(
    meta: Meta,
    creator: Side,
    creator_hash: String,
    other_hash: String,
) -> Result<(Meta, Vec<super::event::Entry>, super::game::Summary), String> {
    let mut state = GameState::new(meta).map_err(|e| e.reason)?;
    let mut events = Vec::new();
    for (token_hash, seat) in [(creator_hash, creator), (other_hash, creator.opponent())] {
        let join = Command::Join { token_hash, seat: Some(seat) };
        for e in state.decide(None, None, &join, state.meta.created_ms).map_err(|e| e.reason)? {
            state.apply(&e)?;
            events.push(e);
        }
    }
    let summary = state.summary();
    Ok((state.meta, events, summary))
}

/// Every `HEARTBEAT`: renews the leases of the live seeks this process's
/// sockets hold, and closes the live seeks whose lease lapsed (held through
/// this process or another, also one that died). A process alone on its
/// database (SQLite) first gives the live seeks left open by a restart a
/// fresh lease, so their creators have `LIVE_GRACE` to come back.
pub async fn sweep(hub: Arc<Hub>, lobby: Arc<Lobby>) {
    if !lobby.shared {
        if let Err(e) = hub.store.renew_all_leases(now_ms()).await {
            tracing::warn!("cannot renew the leases of the open live seeks: {e}");
        }
    }
    let grace = LIVE_GRACE.as_millis() as i64;
    let mut tick = tokio::time::interval(HEARTBEAT);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let leases = lobby.leases();
        if let Err(e) = hub.store.renew_leases(leases).await {
            tracing::warn!("cannot renew the leases of live seeks: {e}");
        }
        let now = now_ms();
        match hub.store.close_lapsed(now - grace, now).await {
            Ok(closed) => {
                for id in closed {
                    lobby.changed(&unseek(&id));
                    lobby.forget(&id);
                }
            }
            Err(e) => tracing::warn!("cannot close the live seeks whose creators left: {e}"),
        }
    }
}

/// The `unseek` frame of a seek.
fn unseek(id: &str) -> String {
    json!({"t": "unseek", "seek": id}).to_string()
}

/// Tells this process's sockets the lobby changes the database brings from
/// every process (PostgreSQL); when some may have been lost, closes them all.
pub async fn follow(lobby: Arc<Lobby>, mut notices: broadcast::Receiver<LobbyNotice>) {
    loop {
        match notices.recv().await {
            Ok(LobbyNotice::Frames(frames)) => lobby.deliver(&frames),
            Ok(LobbyNotice::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                tracing::info!("lobby notices may have been lost: lobby sockets start over");
                lobby.tell(Notice::Restart);
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Every `FLUSH`: the frames gathered since, to every socket at once.
pub async fn pump(lobby: Arc<Lobby>) {
    let mut tick = tokio::time::interval(FLUSH);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let frames = std::mem::take(&mut *lobby.pending.lock().unwrap_or_else(|p| p.into_inner()));
        if !frames.is_empty() {
            lobby.tell(Notice::Batch(Arc::from(frames)));
        }
    }
}

/// Gives a lobby socket's place back when it closes: (lobby, address, seeks held, socket).
struct Place(Arc<Lobby>, IpAddr, Vec<String>, u64);

impl Drop for Place {
    fn drop(&mut self) {
        let mut sockets = self.0.sockets.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = sockets.get_mut(&self.1) {
            *n -= 1;
            if *n == 0 {
                sockets.remove(&self.1);
            }
        }
        drop(sockets);
        let mut paired_to = self.0.paired_to.lock().unwrap_or_else(|p| p.into_inner());
        for seek in &self.2 {
            if let Some(list) = paired_to.get_mut(seek) {
                list.retain(|(socket, _)| *socket != self.3);
                if list.is_empty() {
                    paired_to.remove(seek);
                }
            }
        }
        drop(paired_to);
        for seek in &self.2 {
            self.0.hold(seek, -1);
        }
    }
}

async fn socket(
    State(app): State<App>,
    Extension(client): Extension<ClientAddr>,
    uri: axum::http::Uri,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(e) => return error(e.status(), Refused::bad_request("a WebSocket request is needed here")),
    };
    // Several `token=` may come: every seek the client holds.
    let tokens: Vec<String> = uri
        .query()
        .unwrap_or_default()
        .split('&')
        .filter_map(|pair| pair.strip_prefix("token="))
        .filter(|t| !t.is_empty())
        .take(TOKENS_PER_SOCKET)
        .map(str::to_string)
        .collect();
    {
        let mut sockets = app.lobby.sockets.lock().unwrap_or_else(|p| p.into_inner());
        let n = sockets.entry(client.0).or_insert(0);
        let max = app.lobby.sockets_per_address;
        if max > 0 && *n >= max {
            return too_many("server.lobbySocketsFromAddress", "too many lobby sockets from your address", max);
        }
        *n += 1;
    }
    let socket = app.lobby.next_socket.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut place = Place(app.lobby.clone(), client.0, Vec::new(), socket);
    // Frames from now on (a change made meanwhile may come twice: the list is newer).
    let notices = app.lobby.notices.subscribe();
    // The seeks these tokens hold: open ones are held by this socket; accepted ones are told at once.
    let mut held = HashMap::new();
    let mut first = Vec::new();
    let open = match app.hub.store.open_seeks(now_ms() - MAX_AGE_MS).await {
        Ok(open) => open,
        Err(e) => return unavailable(e),
    };
    for token in &tokens {
        let hash = tokens::hash(token);
        if let Some(seek) = open.iter().find(|s| s.token_hash == hash) {
            held.insert(seek.id.clone(), token.clone());
        }
    }
    first.push(json!({"t": "seeks", "seeks": open.iter().map(seek_json).collect::<Vec<_>>()}).to_string());
    let (paired_tx, paired_rx) = tokio::sync::mpsc::channel(TOKENS_PER_SOCKET);
    {
        let mut paired_to = app.lobby.paired_to.lock().unwrap_or_else(|p| p.into_inner());
        for seek in held.keys() {
            paired_to.entry(seek.clone()).or_default().push((socket, paired_tx.clone()));
        }
    }
    for seek in held.keys() {
        app.lobby.hold(seek, 1);
        place.2.push(seek.clone());
    }
    // Seeks accepted while the creator was away, or since the list was read (whose
    // `paired` may come again through the channel: `told` keeps it to once).
    let mut told = std::collections::HashSet::new();
    for token in &tokens {
        if let Some(seek) = app.hub.store.seek_by_token(&tokens::hash(token)).await.ok().flatten() {
            if seek.game.is_some() {
                let mut frame = paired(&seek, token);
                frame["t"] = json!("paired");
                first.push(frame.to_string());
                told.insert(seek.id.clone());
            }
        }
    }
    // Held from now: a lease near its end is renewed at once (a lapsing one must
    // not close under a creator who is back); the others by the next heartbeat.
    let now = now_ms();
    let stale: Vec<(String, i64)> = open
        .iter()
        .filter(|seek| held.contains_key(&seek.id) && lease_needs_renewal(seek.held_ms, now))
        .map(|seek| (seek.id.clone(), now))
        .collect();
    if let Err(e) = app.hub.store.renew_leases(stale).await {
        return unavailable(e);
    }
    let stop = app.stop.clone();
    upgrade
        .read_buffer_size(MAX_FRAME)
        .write_buffer_size(WRITE_BUFFER)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |ws| {
            let held = Held { tokens: held, told, paired: paired_rx, paired_tx };
            run(app, ws, place, held, first, notices, stop)
        })
        .into_response()
}

/// The seeks a lobby socket holds: their tokens by seek id, those already
/// told `paired`, and where their `paired` frames come.
struct Held {
    tokens: HashMap<String, String>,
    told: std::collections::HashSet<String>,
    paired: tokio::sync::mpsc::Receiver<Arc<str>>,
    paired_tx: tokio::sync::mpsc::Sender<Arc<str>>,
}

/// Whether a live seek's lease (`held_ms`), held by a socket from `now`, must
/// be renewed at once rather than by the next `HEARTBEAT`: only when less than
/// half of `LIVE_GRACE` is left. A seek just posted (its lease starts at its
/// creation) is not: under load one renewal per hold was one more commit, one
/// more disk flush on PostgreSQL, per pairing. A seek that is not live has no
/// lease.
fn lease_needs_renewal(held_ms: Option<i64>, now: i64) -> bool {
    held_ms.is_some_and(|held| held < now - LIVE_GRACE.as_millis() as i64 / 2)
}

/// `{"t": "hold", "token"}` on a lobby socket: the open seek that token holds
/// is held by this socket from now on (as if its token had been in the
/// query): `held {seek}`, then `paired` when it is accepted (at once if it
/// was already); `error` when the token holds no open seek.
async fn hold_by_frame(app: &App, place: &mut Place, held: &mut Held, token: &str) -> Vec<Value> {
    let nothing = || vec![json!({"t": "error", "reason": "no open seek of yours has this token"})];
    let Ok(Some(seek)) = app.hub.store.seek_by_token(&tokens::hash(token)).await else { return nothing() };
    let told = |held: &mut Held, seek: &SeekRow| {
        if held.told.insert(seek.id.clone()) {
            let mut frame = paired(seek, token);
            frame["t"] = json!("paired");
            vec![frame]
        } else {
            vec![]
        }
    };
    if seek.game.is_some() {
        return told(held, &seek);
    }
    if seek.closed_ms.is_some() || held.tokens.len() >= TOKENS_PER_SOCKET {
        return nothing();
    }
    if !held.tokens.contains_key(&seek.id) {
        let mut paired_to = app.lobby.paired_to.lock().unwrap_or_else(|p| p.into_inner());
        paired_to.entry(seek.id.clone()).or_default().push((place.3, held.paired_tx.clone()));
        drop(paired_to);
        app.lobby.hold(&seek.id, 1);
        place.2.push(seek.id.clone());
        held.tokens.insert(seek.id.clone(), token.to_string());
    }
    let now = now_ms();
    if lease_needs_renewal(seek.held_ms, now) {
        let _ = app.hub.store.renew_leases(vec![(seek.id.clone(), now)]).await;
    }
    // Accepted between the look-up and the holding: told now (once).
    match app.hub.store.seek(&seek.id).await {
        Ok(Some(now)) if now.game.is_some() => told(held, &now),
        _ => vec![json!({"t": "held", "seek": seek.id})],
    }
}

async fn run(
    app: App,
    mut ws: WebSocket,
    mut place: Place,
    mut held: Held,
    first: Vec<String>,
    mut notices: broadcast::Receiver<Notice>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    for frame in first {
        if ws.send(Message::Text(frame.into())).await.is_err() {
            return;
        }
    }
    let (mut tokens, mut at, mut refused) = (BURST, Instant::now(), 0u32);
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            Some(frame) = held.paired.recv() => {
                let mut value: Value = serde_json::from_str(&frame).unwrap_or_default();
                let seek = value["seek"].as_str().unwrap_or_default().to_string();
                let Some(token) = held.tokens.get(&seek) else { continue };
                if !held.told.insert(seek) {
                    continue;
                }
                value["token"] = json!(token);
                if ws.send(Message::Text(value.to_string().into())).await.is_err() {
                    return;
                }
            }
            notice = notices.recv() => match notice {
                // The batch's frames, written with one flush.
                Ok(Notice::Batch(frames)) => {
                    for frame in frames.iter() {
                        if ws.feed(Message::Text(frame.clone())).await.is_err() {
                            return;
                        }
                    }
                    if ws.flush().await.is_err() {
                        return;
                    }
                }
                // Too far behind, or frames lost: start over with the list.
                Ok(Notice::Restart) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    let _ = ws.send(Message::Close(None)).await;
                    return;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            message = ws.recv() => match message {
                Some(Ok(Message::Text(text))) => {
                    tokens = (tokens + at.elapsed().as_secs_f64() * RATE).min(BURST);
                    at = Instant::now();
                    let answers = if tokens < 1.0 {
                        refused += 1;
                        if refused > MAX_REFUSED {
                            let close = axum::extract::ws::CloseFrame { code: 1008, reason: "too many frames".into() };
                            let _ = ws.send(Message::Close(Some(close))).await;
                            return;
                        }
                        vec![json!({"t": "error", "reason": "too many frames: slow down"})]
                    } else {
                        tokens -= 1.0;
                        refused = 0;
                        match serde_json::from_str::<Value>(&text) {
                            Ok(v) if v["t"] == "ping" => vec![json!({"t": "pong"})],
                            Ok(v) if v["t"] == "hold" && v["token"].is_string() => {
                                hold_by_frame(&app, &mut place, &mut held, v["token"].as_str().unwrap_or_default()).await
                            }
                            _ => vec![json!({
                                "t": "error",
                                "reason": "the lobby socket reads only {\"t\": \"ping\"} and {\"t\": \"hold\", \"token\"}"
                            })],
                        }
                    };
                    for answer in answers {
                        if ws.send(Message::Text(answer.to_string().into())).await.is_err() {
                            return;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
