//! PostgreSQL storage, for several server processes on one database.
//!
//! Appends are committed in groups: appends waiting together (from any
//! games) go into one transaction by one of a few writer connections, which
//! locks the games' rows in id order, updates those whose version is still
//! the one their events follow (the version check), inserts their events and
//! sends `NOTIFY zilo_events, '<game> <version>,...'`, delivered at commit to
//! every process listening; nobody is answered before the commit. Groups
//! matter because PostgreSQL serialises the commits of transactions that
//! NOTIFY (a lock held through the commit's flush to disk): one transaction
//! per move tops out at one move per disk flush. New games (`create`) join
//! the same groups (their rows, then their events, with the appends'), so a
//! game starting costs no flush of its own either.
//!
//! Races: two processes appending after the same version queue on that
//! game's row; the second finds the version moved and stores nothing for it
//! (a conflict; the actor catches up and decides again). Deadlocks cannot
//! happen: a writer takes its row locks first and in id order, and its
//! events' keys belong to games whose rows it holds, so nobody it waits for
//! waits for it. A group that fails as a whole is written again append by
//! append (`append_one`, the same order: the row, then the events), so one
//! bad write fails alone.
//!
//! The lobby's writes that `NOTIFY zilo_lobby` (a seek posted, claimed or
//! closed, `seeks.rs`) are committed in groups too, for the same reason, by a
//! writer connection of their own (`write_lobby_groups`): in order, in one
//! transaction; a group that fails is written again one by one.
//!
//! Connections that drop are opened again: a query connection on its next
//! use; the LISTEN connection at once (with a growing pause between
//! attempts), after which every game in memory catches up from the
//! database, so no event made meanwhile is missed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{broadcast, mpsc, oneshot, Mutex};
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, Client, NoTls};

use super::{body, clock_text, event_from_row, meta_from_row, LobbyNotice, Notice, StoreError};
use crate::server::event::Entry;
use crate::server::game::{Meta, Status, Summary};
use crate::server::protocol::seat_name;

/// Connections for queries (each pipelines many at once; several let PostgreSQL commit in parallel).
const CLIENTS: usize = 16;
const CHANNEL: &str = "zilo_events";
/// The lobby's frames (`seeks.rs` sends them in the statement that makes the change).
const LOBBY_CHANNEL: &str = "zilo_lobby";
/// Serialises schema creation between processes starting together.
const SCHEMA_LOCK: i64 = 0x7a69_6c6f;
/// Serialises rating updates between processes (`players::settle_postgres`).
const RATINGS_LOCK: i64 = 0x7a69_6c72;
/// Writer connections committing groups of appends (the commits queue on the
/// NOTIFY lock anyway; two let one group gather while the other commits).
const WRITERS: usize = 2;
/// The most appends one group commits.
const GROUP_MAX: usize = 512;
/// Appends waiting for a writer.
const APPENDS_QUEUE: usize = 8192;
/// Game versions per NOTIFY payload (PostgreSQL takes payloads under 8000 bytes).
const PER_NOTICE: usize = 200;
/// Pauses between attempts to open the LISTEN connection again.
const RELISTEN_FIRST: Duration = Duration::from_millis(100);
const RELISTEN_MAX: Duration = Duration::from_secs(5);

/// A lobby write that `NOTIFY`s (`seeks.rs`), waiting for a group commit:
/// its statement, its parameters, and who to answer with the rows it returned.
struct LobbyWrite {
    sql: String,
    params: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>>,
    done: oneshot::Sender<Result<Vec<tokio_postgres::Row>, StoreError>>,
}

/// Parameters of a lobby write.
pub type LobbyParams = Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>>;

pub struct Postgres {
    lobby_writes: mpsc::Sender<LobbyWrite>,
    url: String,
    clients: Vec<Mutex<Arc<Client>>>,
    next: AtomicUsize,
    notices: broadcast::Sender<Notice>,
    lobby: broadcast::Sender<LobbyNotice>,
    appends: mpsc::Sender<Append>,
}

/// Where the LISTEN connection passes what it hears.
#[derive(Clone)]
struct Listeners {
    games: broadcast::Sender<Notice>,
    lobby: broadcast::Sender<LobbyNotice>,
}

/// One game's events waiting for a group commit, and who to answer; with
/// `create`, a new game (its row is inserted, with all its events).
struct Append {
    id: String,
    create: Option<Meta>,
    events: Vec<Entry>,
    summary: Summary,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The database's own message when there is one (the error's Display says only "db error").
pub(super) fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => e.to_string(),
    }
}

fn other(e: tokio_postgres::Error) -> StoreError {
    if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
        StoreError::Conflict
    } else {
        StoreError::Other(describe(&e))
    }
}

/// A connection named `application_name` (which `pg_stat_activity` shows), driven by a task of its own.
async fn connect(url: &str, application_name: &str) -> Result<Client, String> {
    let mut config: tokio_postgres::Config =
        url.parse().map_err(|e| format!("cannot read the PostgreSQL URL: {}", describe(&e)))?;
    config.application_name(application_name);
    let (client, connection) =
        config.connect(NoTls).await.map_err(|e| format!("cannot connect to PostgreSQL: {}", describe(&e)))?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::warn!("PostgreSQL connection lost: {}", describe(&e));
        }
    });
    Ok(client)
}

/// The name of this process's LISTEN connection (tests find its backend by it).
pub fn listener_name() -> String {
    format!("zilo-listen-{}", std::process::id())
}

/// Opens a connection that LISTENs; its notifications go to `notices` until it
/// drops, which the returned task's end tells.
async fn listen(url: &str, notices: Listeners) -> Result<tokio::task::JoinHandle<()>, String> {
    let mut config: tokio_postgres::Config =
        url.parse().map_err(|e| format!("cannot read the PostgreSQL URL: {}", describe(&e)))?;
    config.application_name(listener_name());
    let (client, mut connection) =
        config.connect(NoTls).await.map_err(|e| format!("cannot connect to PostgreSQL: {}", describe(&e)))?;
    let (up_tx, up_rx) = tokio::sync::oneshot::channel::<Client>();
    let task = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        // The client lives as long as its connection is read.
        let mut _client = None;
        let mut up_rx = Some(up_rx);
        loop {
            let message = match up_rx.as_mut() {
                Some(rx) => tokio::select! {
                    client = rx => { _client = client.ok(); up_rx = None; continue; }
                    message = messages.next() => message,
                },
                None => messages.next().await,
            };
            match message {
                Some(Ok(AsyncMessage::Notification(n))) if n.channel() == LOBBY_CHANNEL => {
                    let _ = notices.lobby.send(LobbyNotice::Frames(n.payload().to_string()));
                }
                Some(Ok(AsyncMessage::Notification(n))) => {
                    for (game, v) in n.payload().split(',').filter_map(|pair| pair.split_once(' ')) {
                        if let Ok(v) = v.parse() {
                            let _ = notices.games.send(Notice::Appended(game.to_string(), v));
                        }
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    tracing::warn!("PostgreSQL LISTEN connection lost: {}", describe(&e));
                    return;
                }
                None => {
                    tracing::warn!("PostgreSQL LISTEN connection closed");
                    return;
                }
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {LOBBY_CHANNEL}"))
        .await
        .map_err(|e| format!("cannot LISTEN: {}", describe(&e)))?;
    let _ = up_tx.send(client);
    Ok(task)
}

/// Keeps a LISTEN connection open: when it drops, opens another and tells
/// everyone to catch up (notifications sent meanwhile were lost).
async fn keep_listening(url: String, notices: Listeners, mut current: tokio::task::JoinHandle<()>) {
    loop {
        let _ = (&mut current).await;
        let mut pause = RELISTEN_FIRST;
        current = loop {
            tokio::time::sleep(pause).await;
            match listen(&url, notices.clone()).await {
                Ok(task) => break task,
                Err(e) => {
                    tracing::warn!("cannot LISTEN again yet: {e}");
                    pause = (pause * 2).min(RELISTEN_MAX);
                }
            }
        };
        tracing::info!("PostgreSQL LISTEN connection open again; games catch up");
        let _ = notices.games.send(Notice::Resync);
        let _ = notices.lobby.send(LobbyNotice::Resync);
    }
}

impl Postgres {
    pub async fn open(url: &str) -> Result<Postgres, String> {
        let mut clients = Vec::with_capacity(CLIENTS);
        for _ in 0..CLIENTS {
            clients.push(Mutex::new(Arc::new(connect(url, "zilo").await?)));
        }
        {
            // The schema lock is held to the migration's commit.
            let mut setup = connect(url, "zilo-migrate").await?;
            let applied = super::migrate::postgres(&mut setup, SCHEMA_LOCK, crate::server::actor::now_ms()).await?;
            if !applied.is_empty() {
                tracing::info!("PostgreSQL migrated to schema version {}", super::migrate::LATEST);
            }
        }

        let (notices, _) = broadcast::channel(4096);
        let (lobby, _) = broadcast::channel(4096);
        let listeners = Listeners { games: notices.clone(), lobby: lobby.clone() };
        let listening = listen(url, listeners.clone()).await?;
        tokio::spawn(keep_listening(url.to_string(), listeners, listening));
        let (lobby_writes, lobby_queue) = mpsc::channel(APPENDS_QUEUE);
        tokio::spawn(write_lobby_groups(url.to_string(), connect(url, "zilo-lobby-writer").await?, lobby_queue));
        let (appends, queue) = mpsc::channel(APPENDS_QUEUE);
        let queue = Arc::new(Mutex::new(queue));
        for _ in 0..WRITERS {
            let writer = connect(url, "zilo-writer").await?;
            tokio::spawn(write_groups(url.to_string(), writer, queue.clone()));
        }
        Ok(Postgres { lobby_writes, url: url.to_string(), clients, next: AtomicUsize::new(0), notices, lobby, appends })
    }

    /// The next query connection, opened again if it dropped.
    pub(super) async fn client(&self) -> Result<Arc<Client>, StoreError> {
        let slot = &self.clients[self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len()];
        let mut client = slot.lock().await;
        if client.is_closed() {
            *client = Arc::new(connect(&self.url, "zilo").await.map_err(StoreError::Other)?);
            tracing::info!("PostgreSQL connection open again");
        }
        Ok(client.clone())
    }

    pub fn notices(&self) -> broadcast::Receiver<Notice> {
        self.notices.subscribe()
    }

    pub fn lobby_notices(&self) -> broadcast::Receiver<LobbyNotice> {
        self.lobby.subscribe()
    }

    /// Runs a lobby statement that `NOTIFY`s in a group commit with the others
    /// waiting (PostgreSQL serialises the commits of transactions that notify,
    /// so one transaction each would cap the lobby near one write per disk
    /// flush); the rows it returned, once committed.
    pub async fn lobby_write(&self, sql: &str, params: LobbyParams) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        let (done, answer) = oneshot::channel();
        let stopped = || StoreError::Other("the lobby's database writer stopped".into());
        self.lobby_writes.send(LobbyWrite { sql: sql.to_string(), params, done }).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// Stores a new game: through the group-commit writers too (a game created
    /// alone was one commit, one disk flush, of its own; under load, with
    /// games ending and others starting every few milliseconds, those flushes
    /// queued with the groups' for the disk). Answers after the commit.
    pub async fn create(&self, meta: &Meta, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
        self.write(meta.id.clone(), Some(meta.clone()), events, summary).await
    }

    /// Stores one game's events: through the group-commit writers, which answer after the commit.
    pub async fn append(&self, id: &str, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
        if events.is_empty() {
            return Ok(());
        }
        self.write(id.to_string(), None, events, summary).await
    }

    /// Queues a creation or an append for the writers; their answer, after the commit.
    async fn write(
        &self,
        id: String,
        create: Option<Meta>,
        events: &[Entry],
        summary: &Summary,
    ) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        let job = Append { id, create, events: events.to_vec(), summary: summary.clone(), done };
        let stopped = || StoreError::Other("the database writer stopped".into());
        self.appends.send(job).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    pub async fn load(&self, id: &str) -> Result<Option<(Meta, Vec<Entry>)>, StoreError> {
        let row = self
            .client()
            .await?
            .query_opt("SELECT id, variant, position, clock, created_ms FROM games WHERE id = $1", &[&id])
            .await
            .map_err(other)?;
        let Some(row) = row else { return Ok(None) };
        let meta = meta_from_row(row.get(0), row.get(1), row.get(2), row.get(3), row.get(4))?;
        let events = self.events_after(id, 0).await?;
        Ok(Some((meta, events)))
    }

    pub async fn events_after(&self, id: &str, after: u64) -> Result<Vec<Entry>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT v, seat, cid, at_ms, body, secret FROM events WHERE game = $1 AND v > $2 ORDER BY v",
                &[&id, &(after as i64)],
            )
            .await
            .map_err(other)?;
        rows.iter()
            .map(|r| event_from_row(r.get(0), r.get(1), r.get(2), r.get(3), r.get::<_, &str>(4), r.get(5)))
            .collect()
    }

    pub async fn due(&self, now_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = self
            .client()
            .await?
            .query("SELECT id FROM games WHERE deadline_ms <= $1", &[&now_ms])
            .await
            .map_err(other)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn count_in_play(&self) -> Result<i64, StoreError> {
        let row = self
            .client()
            .await?
            .query_one("SELECT count(*) FROM games WHERE status IN ('playing', 'setup')", &[])
            .await
            .map_err(other)?;
        Ok(row.get(0))
    }
}

/// A writer connection's prepared statements, by their text: prepared once,
/// a statement is one round trip a use where its text is two (`query` with a
/// text prepares it each time), and a writer runs the same few again and again.
#[derive(Default)]
struct Prepared(HashMap<String, tokio_postgres::Statement>);

impl Prepared {
    async fn get(&mut self, client: &Client, sql: &str) -> Result<tokio_postgres::Statement, tokio_postgres::Error> {
        if let Some(statement) = self.0.get(sql) {
            return Ok(statement.clone());
        }
        let statement = client.prepare(sql).await?;
        self.0.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }
}

/// The lobby's writer: takes the lobby writes waiting (up to `GROUP_MAX`),
/// runs them in one transaction, in order, and answers each after the commit;
/// if the group fails as a whole, each is run again alone (its own transaction).
async fn write_lobby_groups(url: String, mut client: Client, mut queue: mpsc::Receiver<LobbyWrite>) {
    let mut prepared = Prepared::default();
    while let Some(first) = queue.recv().await {
        let mut group = vec![first];
        while group.len() < GROUP_MAX {
            match queue.try_recv() {
                Ok(write) => group.push(write),
                Err(_) => break,
            }
        }
        if client.is_closed() {
            match connect(&url, "zilo-lobby-writer").await {
                Ok(fresh) => (client, prepared) = (fresh, Prepared::default()),
                Err(e) => {
                    for write in group {
                        let _ = write.done.send(Err(StoreError::Other(e.clone())));
                    }
                    continue;
                }
            }
        }
        let grouped = async {
            let mut statements = Vec::with_capacity(group.len());
            for write in &group {
                statements.push(prepared.get(&client, &write.sql).await?);
            }
            let params: Vec<Vec<&(dyn tokio_postgres::types::ToSql + Sync)>> = group
                .iter()
                .map(|write| {
                    write.params.iter().map(|p| p.as_ref() as &(dyn tokio_postgres::types::ToSql + Sync)).collect()
                })
                .collect();
            let tx = client.transaction().await?;
            // Sent all at once (pipelined; the database runs them in order):
            // one round trip for the group instead of one (or two) per write.
            let answers = futures_util::future::try_join_all(
                statements.iter().zip(&params).map(|(statement, params)| tx.query(statement, params)),
            )
            .await?;
            tx.commit().await?;
            Ok::<_, tokio_postgres::Error>(answers)
        }
        .await;
        match grouped {
            Ok(answers) => {
                for (write, rows) in group.into_iter().zip(answers) {
                    let _ = write.done.send(Ok(rows));
                }
            }
            Err(e) => {
                tracing::debug!("a group of {} lobby writes failed ({}); one by one", group.len(), describe(&e));
                for write in group {
                    let params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
                        write.params.iter().map(|p| p.as_ref() as &(dyn tokio_postgres::types::ToSql + Sync)).collect();
                    let _ = write.done.send(client.query(write.sql.as_str(), &params).await.map_err(other));
                }
            }
        }
    }
}

/// A writer: takes the appends and creations waiting (up to `GROUP_MAX`),
/// commits them in one transaction, answers each; again and again until the
/// server stops.
async fn write_groups(url: String, mut client: Client, queue: Arc<Mutex<mpsc::Receiver<Append>>>) {
    let mut prepared = Prepared::default();
    loop {
        let group = {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else { return };
            let mut group = vec![first];
            while group.len() < GROUP_MAX {
                match queue.try_recv() {
                    Ok(append) => group.push(append),
                    Err(_) => break,
                }
            }
            group
        };
        if client.is_closed() {
            match connect(&url, "zilo-writer").await {
                Ok(fresh) => (client, prepared) = (fresh, Prepared::default()),
                Err(e) => {
                    for append in group {
                        let _ = append.done.send(Err(StoreError::Other(e.clone())));
                    }
                    continue;
                }
            }
        }
        match commit_group(&mut client, &mut prepared, &group).await {
            Ok(stored) => {
                for append in group {
                    let stored = stored.get(&append.id) == Some(&(append.summary.version as i64));
                    let _ = append.done.send(if stored { Ok(()) } else { Err(StoreError::Conflict) });
                }
            }
            Err(e) => {
                tracing::debug!(
                    "a group of {} appends failed ({}); writing them one by one",
                    group.len(),
                    describe(&e)
                );
                for append in group {
                    let outcome = match &append.create {
                        Some(meta) => create_one(&client, meta, &append.events, &append.summary).await,
                        None => append_one(&mut client, &append.id, &append.events, &append.summary).await,
                    };
                    let _ = append.done.send(outcome);
                }
            }
        }
    }
}

/// A group's new games' rows.
const CREATE_GAMES: &str =
    "INSERT INTO games (id, variant, position, clock, created_ms, version, status, result, reason, deadline_ms)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
       $7::text[], $8::text[], $9::text[], $10::bigint[])";
/// A group's appended games' rows, locked in id order: two groups wanting the
/// same games queue in the same order. A join with the ids rather than `id =
/// ANY($1)`: prepared, the latter's generic plan was a bitmap heap scan, which
/// visits every dead version of the games' rows (each move leaves one) and
/// took most of the writers' time; the join's is an index scan.
const LOCK_GAMES: &str =
    "SELECT g.id FROM unnest($1::text[]) AS i(id) JOIN games g ON g.id = i.id ORDER BY g.id FOR UPDATE OF g";
/// The version check and the new summaries: the games whose version still is the one their events follow.
const UPDATE_GAMES: &str = "UPDATE games AS g
     SET version = i.version, status = i.status, result = i.result, reason = i.reason, deadline_ms = i.deadline_ms
     FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::bigint[])
       AS i(id, base, version, status, result, reason, deadline_ms)
     WHERE g.id = i.id AND g.version = i.base
     RETURNING g.id, g.version";
const INSERT_EVENTS: &str = "INSERT INTO events (game, v, seat, cid, at_ms, body, secret)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[])";
const NOTIFY_EVENTS: &str = "SELECT pg_notify('zilo_events', p) FROM unnest($1::text[]) AS p";

/// Commits a group of appends and creations (one per game: each game's actor
/// waits for its write before the next) in one transaction; the games stored,
/// with their new versions. The statements that do not wait for another's
/// answer are sent together (pipelined: the database still runs them in
/// order), so a group is four round trips (begin; the new rows, the locks and
/// the version check; the events and the notice; commit) plus an ended
/// game's settling.
async fn commit_group(
    client: &mut Client,
    prepared: &mut Prepared,
    group: &[Append],
) -> Result<HashMap<String, i64>, tokio_postgres::Error> {
    let create_games = prepared.get(client, CREATE_GAMES).await?;
    let lock_games = prepared.get(client, LOCK_GAMES).await?;
    let update_games = prepared.get(client, UPDATE_GAMES).await?;
    let insert_events = prepared.get(client, INSERT_EVENTS).await?;
    let notify_events = prepared.get(client, NOTIFY_EVENTS).await?;
    let (created, appends): (Vec<&Append>, Vec<&Append>) = group.iter().partition(|a| a.create.is_some());
    // New games' rows (their ids are new: nobody else holds them).
    let metas: Vec<&Meta> = created.iter().filter_map(|a| a.create.as_ref()).collect();
    let new_id: Vec<&str> = metas.iter().map(|m| m.id.as_str()).collect();
    let new_variant: Vec<&str> = metas.iter().map(|m| m.variant.as_str()).collect();
    let new_position: Vec<Option<&str>> = metas.iter().map(|m| m.position.as_deref()).collect();
    let new_clock: Vec<Option<String>> = metas.iter().map(|m| clock_text(m)).collect();
    let new_created_ms: Vec<i64> = metas.iter().map(|m| m.created_ms).collect();
    let new_version: Vec<i64> = created.iter().map(|a| a.summary.version as i64).collect();
    let new_status: Vec<&str> = created.iter().map(|a| a.summary.status.name()).collect();
    let new_result: Vec<&str> = created.iter().map(|a| a.summary.result.as_str()).collect();
    let new_reason: Vec<&str> = created.iter().map(|a| a.summary.reason.as_str()).collect();
    let new_deadline: Vec<Option<i64>> = created.iter().map(|a| a.summary.deadline_ms).collect();
    // The appended games.
    let mut ids: Vec<&str> = appends.iter().map(|a| a.id.as_str()).collect();
    ids.sort_unstable();
    let game: Vec<&str> = appends.iter().map(|a| a.id.as_str()).collect();
    let base: Vec<i64> = appends.iter().map(|a| a.events[0].v as i64 - 1).collect();
    let version: Vec<i64> = appends.iter().map(|a| a.summary.version as i64).collect();
    let status: Vec<&str> = appends.iter().map(|a| a.summary.status.name()).collect();
    let result: Vec<&str> = appends.iter().map(|a| a.summary.result.as_str()).collect();
    let reason: Vec<&str> = appends.iter().map(|a| a.summary.reason.as_str()).collect();
    let deadline: Vec<Option<i64>> = appends.iter().map(|a| a.summary.deadline_ms).collect();

    let tx = client.transaction().await?;
    let create = async {
        if created.is_empty() {
            return Ok(0);
        }
        tx.execute(
            &create_games,
            &[
                &new_id,
                &new_variant,
                &new_position,
                &new_clock,
                &new_created_ms,
                &new_version,
                &new_status,
                &new_result,
                &new_reason,
                &new_deadline,
            ],
        )
        .await
    };
    let update = async {
        if appends.is_empty() {
            return Ok(Vec::new());
        }
        let (locked, updated) = futures_util::future::join(
            tx.query(&lock_games, &[&ids]),
            tx.query(&update_games, &[&game, &base, &version, &status, &result, &reason, &deadline]),
        )
        .await;
        locked?;
        updated
    };
    let (create, update) = futures_util::future::join(create, update).await;
    create?;
    let mut stored: HashMap<String, i64> = update?.iter().map(|r| (r.get(0), r.get(1))).collect();
    let kept: Vec<&Append> =
        appends.into_iter().filter(|a| stored.get(&a.id) == Some(&(a.summary.version as i64))).collect();
    // The events of the new games and of the appends that passed the version check.
    let written: Vec<&Append> = created.iter().chain(kept.iter()).copied().collect();
    let games: Vec<&str> = written.iter().flat_map(|a| a.events.iter().map(|_| a.id.as_str())).collect();
    let columns = Columns::of(written.iter().flat_map(|a| a.events.iter()));
    let pairs: Vec<String> = kept.iter().map(|a| format!("{} {}", a.id, a.summary.version)).collect();
    let payloads: Vec<String> = pairs.chunks(PER_NOTICE).map(|chunk| chunk.join(",")).collect();
    let insert = async {
        if written.is_empty() {
            return Ok(0);
        }
        tx.execute(
            &insert_events,
            &[&games, &columns.v, &columns.seat, &columns.cid, &columns.at, &columns.body, &columns.secret],
        )
        .await
    };
    let notify = async {
        if payloads.is_empty() {
            return Ok(0);
        }
        tx.execute(&notify_events, &[&payloads]).await
    };
    let (inserted, notified) = futures_util::future::join(insert, notify).await;
    inserted?;
    notified?;
    for a in kept.iter().filter(|a| a.summary.status == Status::Over) {
        super::players::settle_postgres(&tx, &a.id, super::players::ended_at(&a.events), RATINGS_LOCK).await?;
    }
    tx.commit().await?;
    for a in created {
        stored.insert(a.id.clone(), a.summary.version as i64);
    }
    Ok(stored)
}

/// A new game in one statement, for when a group failed as a whole.
async fn create_one(client: &Client, meta: &Meta, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
    let columns = Columns::of(events);
    client
        .execute(
            "WITH g AS (
               INSERT INTO games (id, variant, position, clock, created_ms, version, status, result, reason, deadline_ms)
               VALUES ($1, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id
             )
             INSERT INTO events (game, v, seat, cid, at_ms, body, secret)
             SELECT (SELECT id FROM g), * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[])",
            &[
                &meta.id,
                &columns.v,
                &columns.seat,
                &columns.cid,
                &columns.at,
                &columns.body,
                &columns.secret,
                &meta.variant,
                &meta.position,
                &clock_text(meta),
                &meta.created_ms,
                &(summary.version as i64),
                &summary.status.name(),
                &summary.result,
                &summary.reason,
                &summary.deadline_ms,
            ],
        )
        .await
        .map_err(other)?;
    Ok(())
}

/// One append in one statement (atomic on its own), for when a group failed
/// as a whole; an end is settled in the same transaction (`players.rs`).
async fn append_one(client: &mut Client, id: &str, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(other)?;
    append_one_in(&tx, id, events, summary).await?;
    if summary.status == Status::Over {
        super::players::settle_postgres(&tx, id, super::players::ended_at(events), RATINGS_LOCK)
            .await
            .map_err(other)?;
    }
    tx.commit().await.map_err(other)
}

async fn append_one_in(
    client: &tokio_postgres::Transaction<'_>,
    id: &str,
    events: &[Entry],
    summary: &Summary,
) -> Result<(), StoreError> {
    let Some(first) = events.first() else { return Ok(()) };
    let columns = Columns::of(events);
    // The game's row first (version check and lock), then the events, which
    // come from `upd` and so are inserted only when the check passed.
    let rows = client
        .query(
            "WITH upd AS (
               UPDATE games SET version = $8, status = $9, result = $10, reason = $11, deadline_ms = $12
               WHERE id = $1 AND version = $13 RETURNING id
             ), ins AS (
               INSERT INTO events (game, v, seat, cid, at_ms, body, secret)
               SELECT upd.id, e.* FROM upd,
                 unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[]) AS e
               RETURNING 1
             )
             SELECT pg_notify('zilo_events', id || ' ' || $8::text), (SELECT count(*) FROM ins) FROM upd",
            &[
                &id,
                &columns.v,
                &columns.seat,
                &columns.cid,
                &columns.at,
                &columns.body,
                &columns.secret,
                &(summary.version as i64),
                &summary.status.name(),
                &summary.result,
                &summary.reason,
                &summary.deadline_ms,
                &(first.v as i64 - 1),
            ],
        )
        .await
        .map_err(other)?;
    match rows.first().map(|r| r.get::<_, i64>(1)) {
        Some(n) if n == events.len() as i64 => Ok(()),
        Some(n) => Err(StoreError::Other(format!("{n} of {} events stored", events.len()))),
        // No row: the version moved on (or the game is gone); the caller catches up.
        None => Err(StoreError::Conflict),
    }
}

/// Events as column arrays, for `unnest`.
pub(super) struct Columns {
    pub v: Vec<i64>,
    pub seat: Vec<Option<&'static str>>,
    pub cid: Vec<Option<String>>,
    pub at: Vec<i64>,
    pub body: Vec<String>,
    pub secret: Vec<Option<String>>,
}

impl Columns {
    pub(super) fn of<'a>(events: impl IntoIterator<Item = &'a Entry>) -> Columns {
        let mut c = Columns {
            v: Vec::new(),
            seat: Vec::new(),
            cid: Vec::new(),
            at: Vec::new(),
            body: Vec::new(),
            secret: Vec::new(),
        };
        for e in events {
            c.v.push(e.v as i64);
            c.seat.push(e.seat.map(seat_name));
            c.cid.push(e.cid.clone());
            c.at.push(e.at_ms);
            c.body.push(body(e));
            c.secret.push(e.secret.clone());
        }
        c
    }
}
