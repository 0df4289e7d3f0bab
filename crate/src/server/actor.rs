//! One owner per game: an actor task holds a game's state, takes its
//! commands one at a time, stores the events they make, and only then
//! broadcasts them and acknowledges. The hub finds or loads a game's actor;
//! an actor with nobody connected and nothing to do for a while leaves
//! memory (the database has everything).

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use tokio::sync::{broadcast, mpsc, oneshot, Mutex};

use super::engine::Side;
use super::event::{Entry, Event};
use super::game::{After, Command, GameState, Meta};
use super::metrics::Metrics;
use super::presence::{Presence, PRESENCE_V};
use super::protocol::{event_frame, seat_name};
use super::push::Pusher;
use super::refused::Refused;
use super::storage::{Storage, StoreError};

/// Requests waiting for one game's actor.
const QUEUE: usize = 256;
/// Events buffered for a slow connection before it must catch up.
const FANOUT: usize = 512;
/// How long an actor with no connection stays in memory.
const IDLE: Duration = Duration::from_secs(30);
/// A reconnection further behind than this gets a snapshot instead of the events.
const MAX_REPLAY: usize = 2000;
/// Attempts at a command whose write lost a race with another process.
const ATTEMPTS: usize = 4;

pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// A stored event as sent: its version and its frame's text.
pub type Frame = (u64, Arc<str>);

/// How a command ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Stored: the version of the event it made, and the seat of a join.
    Ack(u64, Option<Side>),
    Reject(Refused),
}

/// A connection's start: its seat, the frames to send first, then the live events.
pub struct Subscription {
    pub seat: Option<Side>,
    pub first: Vec<Arc<str>>,
    pub events: broadcast::Receiver<Frame>,
}

enum Request {
    Command {
        seat: Option<Side>,
        cid: Option<String>,
        command: Command,
        received: Instant,
        reply: oneshot::Sender<Answer>,
    },
    Connect {
        token_hash: Option<String>,
        since: Option<u64>,
        reply: oneshot::Sender<Result<Subscription, Refused>>,
    },
    View {
        reply: oneshot::Sender<Value>,
    },
    /// Another process stored version `v` (or some events went unnoticed: `None`).
    CatchUp(Option<u64>),
    /// A connection for a seat (`None`: a spectator) opened or closed (`presence.rs`).
    Presence {
        seat: Option<Side>,
        joined: bool,
    },
}

#[derive(Debug, PartialEq)]
pub enum HubError {
    NotFound,
    Unavailable(String),
}

impl HubError {
    /// The refusal a client is given.
    pub fn refused(&self) -> Refused {
        match self {
            HubError::NotFound => Refused::new("server.noSuchGame", "no such game"),
            HubError::Unavailable(reason) => Refused::unavailable(reason),
        }
    }
}

pub struct Hub {
    pub store: Storage,
    pub metrics: Metrics,
    /// The Web Push sender, once its key is read (`push.rs`).
    pub push: std::sync::OnceLock<Pusher>,
    games: Mutex<HashMap<String, mpsc::Sender<Request>>>,
}

impl Hub {
    pub fn new(store: Storage) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            metrics: Metrics::default(),
            push: std::sync::OnceLock::new(),
            games: Mutex::new(HashMap::new()),
        })
    }

    /// Stores a new game whose creator holds `seat` with `token_hash`.
    pub async fn create(&self, meta: Meta, seat: Side, token_hash: String) -> Result<(), String> {
        let mut state = GameState::new(meta).map_err(|e| e.reason)?;
        let events = state
            .decide(None, None, &Command::Join { token_hash, seat: Some(seat) }, state.meta.created_ms)
            .map_err(|e| e.reason)?;
        for e in &events {
            state.apply(e)?;
        }
        self.store.create(&state.meta, &events, &state.summary()).await.map_err(|e| e.to_string())?;
        self.metrics.games_created.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// The actor of game `id`, loaded from the database when not in memory.
    /// The database is read without holding the map, so a slow load (or a
    /// flood of unknown ids) does not hold up other games; of two loads of
    /// one game at once, the first to finish is kept.
    async fn actor(self: &Arc<Hub>, id: &str) -> Result<mpsc::Sender<Request>, HubError> {
        if let Some(tx) = self.games.lock().await.get(id).filter(|tx| !tx.is_closed()) {
            return Ok(tx.clone());
        }
        let loaded = self.store.load(id).await.map_err(|e| HubError::Unavailable(e.to_string()))?;
        let (meta, events) = loaded.ok_or(HubError::NotFound)?;
        let state = GameState::load(meta, &events).map_err(|e| {
            tracing::error!(game = id, "cannot replay the stored game: {e}");
            HubError::Unavailable(format!("the stored game cannot be read: {e}"))
        })?;
        let players = self.store.game_players(id).await.map_err(|e| HubError::Unavailable(e.to_string()))?;
        let mut games = self.games.lock().await;
        if let Some(tx) = games.get(id).filter(|tx| !tx.is_closed()) {
            return Ok(tx.clone());
        }
        let (tx, rx) = mpsc::channel(QUEUE);
        let actor = Actor {
            hub: self.clone(),
            state,
            events: broadcast::channel(FANOUT).0,
            rx,
            presence: Presence::default(),
            broken: false,
            players,
        };
        tokio::spawn(actor.run());
        self.metrics.games_loaded.fetch_add(1, Ordering::Relaxed);
        games.insert(id.to_string(), tx.clone());
        Ok(tx)
    }

    /// Sends a request to a game's actor and waits for the answer; a request
    /// that met an actor just leaving memory goes to a fresh one.
    async fn ask<T>(self: &Arc<Hub>, id: &str, make: impl Fn(oneshot::Sender<T>) -> Request) -> Result<T, HubError> {
        for _ in 0..3 {
            let tx = self.actor(id).await?;
            let (reply, answer) = oneshot::channel();
            if tx.send(make(reply)).await.is_err() {
                continue;
            }
            if let Ok(answer) = answer.await {
                return Ok(answer);
            }
        }
        Err(HubError::Unavailable("the game's owner stopped; try again".into()))
    }

    pub async fn command(
        self: &Arc<Hub>,
        id: &str,
        seat: Option<Side>,
        cid: Option<String>,
        command: Command,
    ) -> Result<Answer, HubError> {
        let received = Instant::now();
        self.ask(id, |reply| Request::Command { seat, cid: cid.clone(), command: command.clone(), received, reply })
            .await
    }

    pub async fn connect(
        self: &Arc<Hub>,
        id: &str,
        token_hash: Option<String>,
        since: Option<u64>,
    ) -> Result<Result<Subscription, Refused>, HubError> {
        self.ask(id, |reply| Request::Connect { token_hash: token_hash.clone(), since, reply }).await
    }

    /// A connection opened or closed: the game's presence frame goes out.
    pub async fn presence(self: &Arc<Hub>, id: &str, seat: Option<Side>, joined: bool) {
        if let Ok(tx) = self.actor(id).await {
            let _ = tx.send(Request::Presence { seat, joined }).await;
        }
    }

    /// The spectators' view of a game.
    pub async fn view(self: &Arc<Hub>, id: &str) -> Result<Value, HubError> {
        self.ask(id, |reply| Request::View { reply }).await
    }

    /// Another process appended to `id`: its actor, if in memory, catches up.
    pub async fn appended_elsewhere(&self, id: &str, v: u64) {
        let tx = self.games.lock().await.get(id).cloned();
        if let Some(tx) = tx {
            tell(tx, Request::CatchUp(Some(v)));
        }
    }

    /// Every game in memory catches up (some notifications were missed).
    pub async fn catch_up_all(&self) {
        for tx in self.games.lock().await.values() {
            tell(tx.clone(), Request::CatchUp(None));
        }
    }

    pub async fn loaded(&self) -> usize {
        self.games.lock().await.len()
    }
}

/// Sends a request without waiting; a busy actor gets it as soon as its queue has room
/// (a catch-up must not be dropped, or a player would miss another process's move).
fn tell(tx: mpsc::Sender<Request>, request: Request) {
    if let Err(mpsc::error::TrySendError::Full(request)) = tx.try_send(request) {
        tokio::spawn(async move {
            let _ = tx.send(request).await;
        });
    }
}

struct Actor {
    hub: Arc<Hub>,
    state: GameState,
    events: broadcast::Sender<Frame>,
    rx: mpsc::Receiver<Request>,
    presence: Presence,
    /// Memory and database may disagree: leave, so the game is loaded afresh.
    broken: bool,
    /// The seats' players' names (first, second) and whether the game is rated:
    /// read at load and after each join.
    players: ([Option<String>; 2], bool),
}

impl Actor {
    async fn run(mut self) {
        loop {
            match tokio::time::timeout(IDLE, self.rx.recv()).await {
                Ok(Some(request)) => {
                    self.handle(request).await;
                    if self.broken {
                        let mut games = self.hub.games.lock().await;
                        games.remove(&self.state.meta.id);
                        break;
                    }
                }
                Ok(None) => break,
                Err(_) if self.events.receiver_count() == 0 => {
                    // Leave the hub first, so no new request can find this actor, then
                    // answer whatever was already queued.
                    let mut games = self.hub.games.lock().await;
                    games.remove(&self.state.meta.id);
                    drop(games);
                    self.rx.close();
                    while let Some(request) = self.rx.recv().await {
                        self.handle(request).await;
                    }
                    break;
                }
                Err(_) => {}
            }
        }
        self.hub.metrics.games_loaded.fetch_sub(1, Ordering::Relaxed);
    }

    async fn handle(&mut self, request: Request) {
        match request {
            Request::Command { seat, cid, command, received, reply } => {
                let answer = self.command(seat, cid, command).await;
                let metrics = &self.hub.metrics;
                match &answer {
                    Answer::Ack(..) => metrics.observe_ack(received.elapsed()),
                    Answer::Reject(_) => {
                        metrics.commands_rejected.fetch_add(1, Ordering::Relaxed);
                    }
                }
                let _ = reply.send(answer);
            }
            Request::Connect { token_hash, since, reply } => {
                let _ = reply.send(self.connect(token_hash, since).await);
            }
            Request::Presence { seat, joined } => {
                let now = now_ms();
                self.presence.change(seat, joined, now);
                let _ = self.events.send((PRESENCE_V, Arc::from(self.presence.frame(now).to_string())));
            }
            Request::View { reply } => {
                let _ = reply.send(self.view(None));
            }
            // This process's own appends come back too: those it already has cost nothing.
            Request::CatchUp(Some(v)) if v <= self.state.version => {}
            Request::CatchUp(_) => {
                if let Err(e) = self.catch_up().await {
                    tracing::warn!(game = %self.state.meta.id, "cannot catch up: {e}");
                }
            }
        }
    }

    async fn command(&mut self, seat: Option<Side>, cid: Option<String>, command: Command) -> Answer {
        if command != Command::Flag {
            // The clock speaks first: a move after the flag fell is too late.
            self.attempt(None, None, &Command::Flag).await;
        }
        self.attempt(seat, cid, &command).await
    }

    async fn attempt(&mut self, seat: Option<Side>, cid: Option<String>, command: &Command) -> Answer {
        for _ in 0..ATTEMPTS {
            if let (Some(seat), Some(cid)) = (seat, &cid) {
                if let Some(v) = self.state.acked(seat, cid) {
                    return Answer::Ack(v, None);
                }
            }
            let events = match self.state.decide(seat, cid.as_deref(), command, now_ms()) {
                Ok(events) => events,
                Err(reason) => return Answer::Reject(reason),
            };
            let Some(first) = events.first() else { return Answer::Ack(self.state.version, None) };
            let agreed = events.iter().find_map(|e| match &e.event {
                Event::Rematch { game } => Some(game.clone()),
                _ => None,
            });
            if let Some(game) = agreed {
                // The new game exists before the finished one points at it.
                if let Err(e) = self.hub.create_rematch(&self.state.meta, self.state.seat_hashes(), &game).await {
                    return Answer::Reject(Refused::not_stored(format!("the rematch was not created: {e}")));
                }
            }
            let answer = Answer::Ack(first.v, first.seat);
            match self.store(events).await {
                Ok(()) => return answer,
                Err(StoreError::Conflict) => {
                    // Another process wrote first: take its events, then decide again.
                    if let Err(e) = self.catch_up().await {
                        return Answer::Reject(Refused::not_stored(e));
                    }
                }
                Err(e) => return Answer::Reject(Refused::not_stored(e)),
            }
        }
        Answer::Reject(Refused::not_stored("the game is busy"))
    }

    /// Folds events in, stores them, then sends them out. Folding first gives
    /// the summary to store without copying the game; if the store fails, the
    /// game is read back from the database, which is the truth.
    async fn store(&mut self, events: Vec<Entry>) -> Result<(), StoreError> {
        let published = self.state.version;
        let mut outcome = Ok(());
        let mut afters = Vec::with_capacity(events.len());
        for e in &events {
            match self.state.apply(e) {
                Ok(after) => afters.push(after),
                Err(e) => {
                    outcome = Err(StoreError::Other(e));
                    break;
                }
            }
        }
        if outcome.is_ok() {
            outcome = self.hub.store.append(&self.state.meta.id, &events, &self.state.summary()).await;
        }
        match outcome {
            Ok(()) => {
                self.players_after(events.iter()).await;
                self.publish(events.iter().zip(&afters));
                self.push(&events);
            }
            Err(_) => self.reload(published).await,
        }
        outcome
    }

    /// Reads the game back from the database; if that fails too, this actor
    /// stops (its memory may be ahead of the database) and the next request loads it afresh.
    /// Events after `published` (the last version this actor sent out) that the
    /// database holds are sent out: another process may have stored them.
    async fn reload(&mut self, published: u64) {
        let id = self.state.meta.id.clone();
        match self.hub.store.load(&id).await {
            Ok(Some((meta, events))) => match GameState::replay(meta, &events, published) {
                Ok((state, missed)) => {
                    self.state = state;
                    self.players_after(events.iter()).await;
                    // Whatever another process stored meanwhile goes out as well.
                    self.publish(missed.iter().map(|(e, after)| (e, after)));
                    return;
                }
                Err(e) => tracing::error!(game = %id, "cannot replay the stored game: {e}"),
            },
            Ok(None) => tracing::error!(game = %id, "the game is gone from the database"),
            Err(e) => tracing::error!(game = %id, "cannot reload the game: {e}"),
        }
        self.broken = true;
    }

    /// Sends events out, each as its frame.
    fn publish<'a>(&self, events: impl IntoIterator<Item = (&'a Entry, &'a After)>) {
        for (e, after) in events {
            if let Event::Move { .. } = e.event {
                self.hub.metrics.moves_stored.fetch_add(1, Ordering::Relaxed);
            }
            let _ = self.events.send((e.v, Arc::from(event_frame(e, after))));
        }
    }

    /// Web Push notices for what this process just stored (a process that only
    /// catches up sends none: the one that stored the events did): a move
    /// tells the seat now to move; the end of a hidden setup (`start`) tells
    /// the seat that begins; an end tells both seats.
    fn push(&self, events: &[Entry]) {
        let Some(pusher) = self.hub.push.get() else { return };
        let hashes = self.state.seat_hashes();
        let (id, variant) = (&self.state.meta.id, &self.state.meta.variant);
        if let Some((result, reason)) = events.iter().find_map(|e| match &e.event {
            Event::End { result, reason } => Some((result, reason)),
            _ => None,
        }) {
            let notice = json!({"t": "end", "game": id, "variant": variant, "result": result.as_str(),
                                "reason": reason.to_string()});
            for hash in hashes.iter().flatten() {
                pusher.tell(&self.hub, hash, notice.clone());
            }
            return;
        }
        for e in events {
            if let Event::Start { .. } = e.event {
                // The state's turn is the start's: nothing follows a start in one write.
                let to_move = self.state.turn();
                let Some(hash) = &hashes[to_move.index()] else { continue };
                let notice = json!({"t": "start", "game": id, "variant": variant, "v": e.v,
                                    "seat": seat_name(to_move)});
                pusher.tell(&self.hub, hash, notice);
            }
            if let (Event::Move { r#move, san, .. }, Some(mover)) = (&e.event, e.seat) {
                let to_move = mover.opponent();
                let Some(hash) = &hashes[to_move.index()] else { continue };
                let notice = json!({"t": "move", "game": id, "variant": variant, "v": e.v, "by": seat_name(mover),
                                    "name": self.players.0[mover.index()], "move": r#move, "san": san,
                                    "seat": seat_name(to_move)});
                pusher.tell(&self.hub, hash, notice);
            }
        }
    }

    /// Takes in the events other processes stored since this actor's version.
    async fn catch_up(&mut self) -> Result<(), String> {
        let events =
            self.hub.store.events_after(&self.state.meta.id, self.state.version).await.map_err(|e| e.to_string())?;
        let mut applied = Vec::with_capacity(events.len());
        for e in events {
            let after = self.state.apply(&e)?;
            applied.push((e, after));
        }
        self.players_after(applied.iter().map(|(e, _)| e)).await;
        self.publish(applied.iter().map(|(e, after)| (e, after)));
        Ok(())
    }

    /// The events after version `n` with what each left, older than those in
    /// memory: the game is read and replayed (what an event left depends on
    /// those before it). `None` when the database is behind this actor.
    async fn replay_after(&mut self, n: u64) -> Option<Vec<(Entry, After)>> {
        let (meta, events) = self.hub.store.load(&self.state.meta.id).await.ok()??;
        let (state, replayed) = GameState::replay(meta, &events, n).ok()?;
        (state.version == self.state.version).then_some(replayed)
    }

    fn snapshot(&self, seat: Option<Side>) -> Arc<str> {
        let frame = json!({"t": "snapshot", "v": self.state.version, "seat": seat.map(seat_name),
                           "game": self.view(seat)});
        Arc::from(frame.to_string())
    }

    /// The game's view, with its players' names and whether it is rated.
    fn view(&self, seat: Option<Side>) -> Value {
        let mut view = self.state.view(seat, now_ms());
        let ([first, second], rated) = &self.players;
        view["names"] = json!({"first": first, "second": second});
        view["rated"] = json!(rated);
        view
    }

    /// Reads the players' names again when `events` seat someone.
    async fn players_after<'a>(&mut self, mut events: impl Iterator<Item = &'a Entry>) {
        if events.any(|e| matches!(e.event, Event::Joined { .. })) {
            match self.hub.store.game_players(&self.state.meta.id).await {
                Ok(players) => self.players = players,
                Err(e) => tracing::warn!(game = %self.state.meta.id, "cannot read the players: {e}"),
            }
        }
    }

    async fn connect(&mut self, token_hash: Option<String>, since: Option<u64>) -> Result<Subscription, Refused> {
        let seat = match token_hash {
            Some(hash) => Some(
                self.state
                    .seat_of(&hash)
                    .ok_or_else(|| Refused::new("server.wrongToken", "wrong token for this game"))?,
            ),
            None => None,
        };
        let events = self.events.subscribe();
        let replay = match since {
            Some(n) if n <= self.state.version => match self.state.recent_after(n) {
                Some(events) => Some(events),
                None if (self.state.version - n) as usize <= MAX_REPLAY => self.replay_after(n).await,
                None => None,
            },
            _ => None,
        };
        let first = match replay {
            Some(events) => events.iter().map(|(e, after)| Arc::from(event_frame(e, after))).collect(),
            None => vec![self.snapshot(seat)],
        };
        Ok(Subscription { seat, first, events })
    }
}
