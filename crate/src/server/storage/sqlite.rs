//! SQLite storage: one connection on a thread of its own. Writes arriving
//! together are committed together (group commit): one transaction, each
//! write in a savepoint of its own so a conflict undoes only that write, and
//! one fsync for all (WAL with `synchronous=FULL`: a commit that returned
//! survives `kill -9` and power loss). Nobody is answered before the commit.

use std::sync::mpsc as std_mpsc;
use std::sync::Mutex;
use std::thread::JoinHandle;

use rusqlite::{params, Connection, ErrorCode, OptionalExtension};
use tokio::sync::oneshot;

use super::{clock_text, event_from_row, meta_from_row, StoreError, SCHEMA};
use crate::server::game::{Event, Meta, Summary};
use crate::server::protocol::seat_name;

/// The most writes one transaction takes.
const GROUP_MAX: usize = 512;

type Read = Box<dyn FnOnce(&Connection) + Send>;
type Write = Box<dyn FnOnce(&Connection) -> Result<(), StoreError> + Send>;

enum Job {
    Read(Read),
    Write(Write, oneshot::Sender<Result<(), StoreError>>),
}

pub struct Sqlite {
    jobs: Mutex<Option<std_mpsc::Sender<Job>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

fn other(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::ConstraintViolation) => StoreError::Conflict,
        _ => StoreError::Other(e.to_string()),
    }
}

impl Sqlite {
    pub fn open(path: &str) -> Result<Sqlite, String> {
        let mut conn = Connection::open(path).map_err(|e| format!("cannot open the database '{path}': {e}"))?;
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=5000;")
            .and_then(|_| conn.execute_batch(SCHEMA))
            .map_err(|e| format!("cannot set up the database '{path}': {e}"))?;
        let (tx, rx) = std_mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("zilo-sqlite".into())
            .spawn(move || run(&mut conn, rx))
            .map_err(|e| format!("cannot start the database thread: {e}"))?;
        Ok(Sqlite { jobs: Mutex::new(Some(tx)), thread: Mutex::new(Some(thread)) })
    }

    fn send(&self, job: Job) -> Result<(), StoreError> {
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        let sender = jobs.as_ref().ok_or_else(|| StoreError::Other("the database is closed".into()))?;
        sender.send(job).map_err(|_| StoreError::Other("the database thread stopped".into()))
    }

    async fn read<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<R, StoreError> + Send + 'static,
    ) -> Result<R, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Read(Box::new(move |conn| {
            let _ = tx.send(f(conn));
        })))?;
        rx.await.map_err(|_| StoreError::Other("the database thread stopped".into()))?
    }

    async fn write(
        &self,
        f: impl FnOnce(&Connection) -> Result<(), StoreError> + Send + 'static,
    ) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Write(Box::new(f), tx))?;
        rx.await.map_err(|_| StoreError::Other("the database thread stopped".into()))?
    }

    pub async fn create(&self, meta: &Meta, events: &[Event], summary: &Summary) -> Result<(), StoreError> {
        let (meta, events, summary) = (meta.clone(), events.to_vec(), summary.clone());
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO games (id, variant, position, clock, created_ms, version, status, result, reason, deadline_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, 0, 'waiting', '*', 'ongoing', NULL)",
                params![meta.id, meta.variant, meta.position, clock_text(&meta), meta.created_ms],
            )
            .map_err(other)?;
            insert(tx, &meta.id, &events, &summary)
        })
        .await
    }

    pub async fn append(&self, id: &str, events: &[Event], summary: &Summary) -> Result<(), StoreError> {
        let (id, events, summary) = (id.to_string(), events.to_vec(), summary.clone());
        self.write(move |tx| insert(tx, &id, &events, &summary)).await
    }

    pub async fn load(&self, id: &str) -> Result<Option<(Meta, Vec<Event>)>, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            let meta = conn
                .query_row("SELECT id, variant, position, clock, created_ms FROM games WHERE id = ?1", [&id], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
                })
                .optional()
                .map_err(other)?;
            let Some((id, variant, position, clock, created)) = meta else { return Ok(None) };
            let meta = meta_from_row(id, variant, position, clock, created)?;
            let events = events_after(conn, &meta.id, 0)?;
            Ok(Some((meta, events)))
        })
        .await
    }

    pub async fn events_after(&self, id: &str, after: u64) -> Result<Vec<Event>, StoreError> {
        let id = id.to_string();
        self.read(move |conn| events_after(conn, &id, after)).await
    }

    pub async fn due(&self, now_ms: i64) -> Result<Vec<String>, StoreError> {
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached("SELECT id FROM games WHERE deadline_ms <= ?1").map_err(other)?;
            let rows = stmt.query_map([now_ms], |r| r.get(0)).map_err(other)?;
            rows.collect::<Result<Vec<String>, _>>().map_err(other)
        })
        .await
    }

    pub async fn count_in_play(&self) -> Result<i64, StoreError> {
        self.read(|conn| {
            conn.query_row("SELECT count(*) FROM games WHERE status IN ('playing', 'setup')", [], |r| r.get(0))
                .map_err(other)
        })
        .await
    }

    /// Lets the writes already sent finish, then stops the thread.
    pub async fn close(&self) {
        drop(self.jobs.lock().unwrap_or_else(|p| p.into_inner()).take());
        let thread = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(thread) = thread {
            let _ = tokio::task::spawn_blocking(move || thread.join()).await;
        }
    }
}

fn insert(tx: &Connection, id: &str, events: &[Event], summary: &Summary) -> Result<(), StoreError> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT INTO events (game, v, seat, cid, at_ms, body, secret) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )
        .map_err(other)?;
    for e in events {
        stmt.execute(params![id, e.v as i64, e.seat.map(seat_name), e.cid, e.at_ms, e.body.to_string(), e.secret])
            .map_err(other)?;
    }
    let changed = tx
        .prepare_cached(
            "UPDATE games SET version = ?2, status = ?3, result = ?4, reason = ?5, deadline_ms = ?6 WHERE id = ?1",
        )
        .and_then(|mut s| {
            s.execute(params![
                id,
                summary.version as i64,
                summary.status.name(),
                summary.result,
                summary.reason,
                summary.deadline_ms
            ])
        })
        .map_err(other)?;
    if changed != 1 {
        return Err(StoreError::Other(format!("no game '{id}' to append to")));
    }
    Ok(())
}

fn events_after(conn: &Connection, id: &str, after: u64) -> Result<Vec<Event>, StoreError> {
    let mut stmt = conn
        .prepare_cached("SELECT v, seat, cid, at_ms, body, secret FROM events WHERE game = ?1 AND v > ?2 ORDER BY v")
        .map_err(other)?;
    let rows = stmt
        .query_map(params![id, after as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get::<_, String>(4)?, r.get(5)?))
        })
        .map_err(other)?;
    let mut events = Vec::new();
    for row in rows {
        let (v, seat, cid, at, body, secret) = row.map_err(other)?;
        events.push(event_from_row(v, seat, cid, at, &body, secret)?);
    }
    Ok(events)
}

/// The database thread: reads one by one, writes in groups.
fn run(conn: &mut Connection, jobs: std_mpsc::Receiver<Job>) {
    while let Ok(job) = jobs.recv() {
        let mut pending = Vec::new();
        match job {
            Job::Read(read) => {
                read(conn);
                continue;
            }
            Job::Write(write, done) => pending.push((write, done)),
        }
        let mut reads = Vec::new();
        while pending.len() < GROUP_MAX {
            match jobs.try_recv() {
                Ok(Job::Write(write, done)) => pending.push((write, done)),
                Ok(Job::Read(read)) => reads.push(read),
                Err(_) => break,
            }
        }
        commit_group(conn, pending);
        for read in reads {
            read(conn);
        }
    }
}

fn commit_group(conn: &mut Connection, pending: Vec<(Write, oneshot::Sender<Result<(), StoreError>>)>) {
    let mut answers = Vec::with_capacity(pending.len());
    let outcome = (|| -> Result<(), rusqlite::Error> {
        let mut tx = conn.transaction()?;
        for (write, done) in pending {
            let mut sp = tx.savepoint()?;
            let result = write(&sp);
            if result.is_ok() {
                sp.commit()?;
            } else {
                sp.rollback()?;
            }
            answers.push((done, result));
        }
        tx.commit()
    })();
    for (done, result) in answers {
        let _ = done.send(match &outcome {
            Ok(()) => result,
            Err(e) => Err(StoreError::Other(format!("commit failed: {e}"))),
        });
    }
}
