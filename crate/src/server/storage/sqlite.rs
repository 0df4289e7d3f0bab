//! SQLite storage: one writer connection on a thread of its own (reads have
//! another connection and thread, `Reader`). Writes arriving
//! together are committed together (group commit): one transaction, each
//! write in a savepoint of its own so a conflict undoes only that write, and
//! one fsync for all (WAL with `synchronous=FULL`: a commit that returned
//! survives `kill -9` and power loss). Nobody is answered before the commit.
//!
//! Checkpoints (copying the WAL back into the database file, with an fsync
//! of that file) run on a second connection and thread, never inside a
//! commit: SQLite's automatic checkpoint would otherwise run in the commit
//! that crosses its threshold and hold every waiting move for the length of
//! a checkpoint, which was most of the 99th-percentile acknowledgement time.
//!
//! Passive checkpoints alone let the WAL grow without end under writes that
//! never pause (the WAL starts over only once a checkpoint has caught up with
//! its end, and every commit moves the end): so when the WAL passes
//! `WAL_LIMIT`, the writer itself, between two groups, checkpoints it all and
//! truncates it. A WAL left by a crash is checkpointed and truncated at start.
//! The WAL file stays under `WAL_LIMIT` plus one group's pages.

use std::path::PathBuf;
use std::sync::mpsc as std_mpsc;
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::{params, Connection, ErrorCode, OptionalExtension};
use tokio::sync::oneshot;

use super::{body, clock_text, event_from_row, meta_from_row, StoreError};
use crate::server::event::Entry;
use crate::server::game::{Meta, Status, Summary};
use crate::server::protocol::seat_name;

/// The most writes one transaction takes.
const GROUP_MAX: usize = 512;

/// How often the checkpoint thread copies the WAL into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// The WAL's size past which the writer checkpoints and truncates it.
pub const WAL_LIMIT: u64 = 16 * 1024 * 1024;

type Read = Box<dyn FnOnce(&Connection) + Send>;
type Write = Box<dyn FnOnce(&Connection) -> Result<(), StoreError> + Send>;

enum Job {
    Read(Read),
    Write(Write, oneshot::Sender<Result<(), StoreError>>),
}

pub struct Sqlite {
    jobs: Mutex<Option<std_mpsc::Sender<Job>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
    /// Reads, on a connection and thread of their own (a file database only).
    reader: Mutex<Option<Reader>>,
    /// Dropping it stops the checkpoint thread (a file database only).
    checkpoints: Mutex<Option<Checkpointer>>,
}

/// The thread that answers reads on a connection of its own: a WAL database
/// is read while it is written, so a read (an accept's look-up of its seek, a
/// session, a lobby's list) does not wait for the group commit under way and
/// its fsync, as it did on the writer's thread. A read sees every write that
/// was answered before it was asked.
struct Reader {
    jobs: std_mpsc::Sender<Read>,
    thread: JoinHandle<()>,
}

impl Reader {
    fn start(path: &str) -> Result<Reader, String> {
        let conn = Connection::open(path).map_err(|e| format!("cannot open the database '{path}': {e}"))?;
        conn.execute_batch("PRAGMA busy_timeout=5000;").map_err(|e| format!("cannot set up '{path}': {e}"))?;
        let (jobs, rx) = std_mpsc::channel::<Read>();
        let thread = std::thread::Builder::new()
            .name("zilo-sqlite-read".into())
            .spawn(move || {
                while let Ok(read) = rx.recv() {
                    read(&conn);
                }
            })
            .map_err(|e| format!("cannot start the database's read thread: {e}"))?;
        Ok(Reader { jobs, thread })
    }
}

/// The thread that checkpoints the WAL off the write path.
struct Checkpointer {
    stop: std_mpsc::Sender<()>,
    thread: JoinHandle<()>,
}

impl Checkpointer {
    fn start(path: &str) -> Result<Checkpointer, String> {
        let conn = Connection::open(path).map_err(|e| format!("cannot open the database '{path}': {e}"))?;
        conn.execute_batch("PRAGMA busy_timeout=5000;").map_err(|e| format!("cannot set up '{path}': {e}"))?;
        let (stop, stopped) = std_mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("zilo-sqlite-checkpoint".into())
            .spawn(move || {
                // PASSIVE: copies what no reader still needs and never waits
                // for the writer, so a commit is never held up by it.
                while let Err(std_mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(CHECKPOINT_EVERY) {
                    if let Err(e) = conn.execute_batch("PRAGMA wal_checkpoint(PASSIVE);") {
                        tracing::warn!("checkpoint failed: {e}");
                    }
                }
            })
            .map_err(|e| format!("cannot start the checkpoint thread: {e}"))?;
        Ok(Checkpointer { stop, thread })
    }

    fn stop(self) {
        drop(self.stop);
        let _ = self.thread.join();
    }
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
            .map_err(|e| format!("cannot set up the database '{path}': {e}"))?;
        let applied = super::migrate::sqlite(&mut conn, crate::server::actor::now_ms())?;
        if !applied.is_empty() {
            tracing::info!("database '{path}' migrated to schema version {}", super::migrate::LATEST);
        }
        // An in-memory database has no WAL and nobody else to open it.
        let in_memory = path.is_empty() || path == ":memory:";
        let (checkpoints, wal, reader) = if in_memory {
            (None, None, None)
        } else {
            // TRUNCATE first: a WAL a crash left behind goes into the database file now.
            conn.execute_batch(&format!(
                "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA wal_autocheckpoint=0; PRAGMA journal_size_limit={WAL_LIMIT};"
            ))
            .map_err(|e| format!("cannot set up the database '{path}': {e}"))?;
            let wal = Some(PathBuf::from(format!("{path}-wal")));
            (Some(Checkpointer::start(path)?), wal, Some(Reader::start(path)?))
        };
        let (tx, rx) = std_mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("zilo-sqlite".into())
            .spawn(move || run(&mut conn, rx, wal))
            .map_err(|e| format!("cannot start the database thread: {e}"))?;
        Ok(Sqlite {
            jobs: Mutex::new(Some(tx)),
            thread: Mutex::new(Some(thread)),
            reader: Mutex::new(reader),
            checkpoints: Mutex::new(checkpoints),
        })
    }

    fn send(&self, job: Job) -> Result<(), StoreError> {
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        let sender = jobs.as_ref().ok_or_else(|| StoreError::Other("the database is closed".into()))?;
        sender.send(job).map_err(|_| StoreError::Other("the database thread stopped".into()))
    }

    pub(super) async fn read<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<R, StoreError> + Send + 'static,
    ) -> Result<R, StoreError> {
        let (tx, rx) = oneshot::channel();
        let read: Read = Box::new(move |conn| {
            let _ = tx.send(f(conn));
        });
        let to_reader = self.reader.lock().unwrap_or_else(|p| p.into_inner()).as_ref().map(|r| r.jobs.clone());
        match to_reader {
            Some(jobs) => {
                jobs.send(read).map_err(|_| StoreError::Other("the database's read thread stopped".into()))?
            }
            None => self.send(Job::Read(read))?,
        }
        rx.await.map_err(|_| StoreError::Other("the database thread stopped".into()))?
    }

    pub(super) async fn write(
        &self,
        f: impl FnOnce(&Connection) -> Result<(), StoreError> + Send + 'static,
    ) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Write(Box::new(f), tx))?;
        rx.await.map_err(|_| StoreError::Other("the database thread stopped".into()))?
    }

    pub async fn create(&self, meta: &Meta, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
        let (meta, events, summary) = (meta.clone(), events.to_vec(), summary.clone());
        self.write(move |tx| create_in(tx, &meta, &events, &summary, false)).await
    }

    pub async fn append(&self, id: &str, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
        let (id, events, summary) = (id.to_string(), events.to_vec(), summary.clone());
        self.write(move |tx| insert(tx, &id, &events, &summary)).await
    }

    pub async fn load(&self, id: &str) -> Result<Option<(Meta, Vec<Entry>)>, StoreError> {
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

    pub async fn events_after(&self, id: &str, after: u64) -> Result<Vec<Entry>, StoreError> {
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
        let reader = self.reader.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(Reader { jobs, thread }) = reader {
            drop(jobs);
            let _ = tokio::task::spawn_blocking(move || thread.join()).await;
        }
        let checkpoints = self.checkpoints.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(checkpoints) = checkpoints {
            let _ = tokio::task::spawn_blocking(move || checkpoints.stop()).await;
        }
    }
}

/// Stores a new game (its row, events and summary) in the transaction under way.
pub(super) fn create_in(
    tx: &Connection,
    meta: &Meta,
    events: &[Entry],
    summary: &Summary,
    rated: bool,
) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO games (id, variant, position, clock, created_ms, version, status, result, reason, deadline_ms, rated)
         VALUES (?1, ?2, ?3, ?4, ?5, 0, 'waiting', '*', 'ongoing', NULL, ?6)",
    )
    .and_then(|mut s| {
        s.execute(params![meta.id, meta.variant, meta.position, clock_text(meta), meta.created_ms, i64::from(rated)])
    })
    .map_err(other)?;
    insert(tx, &meta.id, events, summary)
}

fn insert(tx: &Connection, id: &str, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT INTO events (game, v, seat, cid, at_ms, body, secret) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )
        .map_err(other)?;
    for e in events {
        stmt.execute(params![id, e.v as i64, e.seat.map(seat_name), e.cid, e.at_ms, body(e), e.secret])
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
    if summary.status == Status::Over {
        super::players::settle_sqlite(tx, id, super::players::ended_at(events))?;
    }
    Ok(())
}

fn events_after(conn: &Connection, id: &str, after: u64) -> Result<Vec<Entry>, StoreError> {
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

/// The database thread: reads one by one, writes in groups; `wal` is watched for `WAL_LIMIT`.
fn run(conn: &mut Connection, jobs: std_mpsc::Receiver<Job>, wal: Option<PathBuf>) {
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
        if wal.as_ref().and_then(|wal| std::fs::metadata(wal).ok()).is_some_and(|m| m.len() > WAL_LIMIT) {
            truncate_wal(conn);
        }
    }
}

/// Checkpoints the whole WAL and truncates it; writes wait meanwhile (in the queue).
fn truncate_wal(conn: &Connection) {
    match conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)) {
        Ok(0) => tracing::debug!("the WAL passed {WAL_LIMIT} bytes: checkpointed and truncated"),
        Ok(_) => tracing::warn!("the WAL passed {WAL_LIMIT} bytes and could not be truncated (busy)"),
        Err(e) => tracing::warn!("the WAL passed {WAL_LIMIT} bytes and could not be truncated: {e}"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::event::Event;

    fn event(v: u64) -> Entry {
        let event = Event::Draw { seat: crate::server::engine::Side::First };
        Entry { v, seat: None, cid: None, at_ms: 0, event, secret: None }
    }

    fn summary(version: u64) -> Summary {
        Summary { version, status: Status::Playing, result: "*".into(), reason: String::new(), deadline_ms: None }
    }

    /// The writer never checkpoints (no commit waits for one), yet the
    /// database file itself, read without its WAL, soon holds every commit:
    /// the checkpoint thread copied them.
    #[test]
    fn commits_reach_the_database_file_through_the_checkpoint_thread() {
        let dir = std::env::temp_dir().join(format!("zilo-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite");
        let path = path.to_str().unwrap().to_string();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let db = Sqlite::open(&path).unwrap();
            let meta = Meta { id: "g1".into(), variant: "chess".into(), position: None, clock: None, created_ms: 0 };
            db.create(&meta, &[event(1)], &summary(1)).await.unwrap();
            for v in 2..=50 {
                db.append("g1", &[event(v)], &summary(v)).await.unwrap();
            }
            // On the writer's connection (a pragma is per connection; reads have one of their own).
            let (tx, rx) = oneshot::channel();
            db.write(move |c| {
                let _ = tx.send(c.query_row("PRAGMA wal_autocheckpoint", [], |r| r.get::<_, i64>(0)).map_err(other)?);
                Ok(())
            })
            .await
            .unwrap();
            let auto = rx.await.unwrap();
            assert_eq!(auto, 0, "the writer must not checkpoint inside a commit");
            std::thread::sleep(CHECKPOINT_EVERY * 3);
            let file_only = Connection::open_with_flags(
                format!("file:{path}?immutable=1"),
                rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI,
            )
            .unwrap();
            let stored: i64 = file_only.query_row("SELECT count(*) FROM events", [], |r| r.get(0)).unwrap();
            assert_eq!(stored, 50);
            db.close().await;
        });
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Writes that never pause (so the passive checkpoints never catch up with
    /// the WAL's end) leave the WAL under `WAL_LIMIT` plus one group: the writer
    /// truncates it each time it passes the limit.
    #[test]
    fn the_wal_stays_bounded_under_writes_that_never_pause() {
        let dir = std::env::temp_dir().join(format!("zilo-wal-bound-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite").to_str().unwrap().to_string();
        let wal = format!("{path}-wal");
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let (largest, written) = runtime.block_on(async {
            let db = std::sync::Arc::new(Sqlite::open(&path).unwrap());
            // 16 writers at once, 48 KiB an event: 60 events each write the WAL's limit three times over.
            let pad = "x".repeat(48 * 1024);
            let writers = (0..16).map(|w| {
                let (db, pad, wal) = (db.clone(), pad.clone(), wal.clone());
                tokio::spawn(async move {
                    let id = format!("g{w}");
                    let meta =
                        Meta { id: id.clone(), variant: "chess".into(), position: None, clock: None, created_ms: 0 };
                    db.create(&meta, &[event(1)], &summary(1)).await.unwrap();
                    let mut largest = 0;
                    for v in 2..=61 {
                        let mut e = event(v);
                        e.event = Event::Start { position: pad.clone() };
                        db.append(&id, &[e], &summary(v)).await.unwrap();
                        largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
                    }
                    largest
                })
            });
            let mut largest = 0;
            for writer in writers.collect::<Vec<_>>() {
                largest = largest.max(writer.await.unwrap());
            }
            let written: i64 = db
                .read(|c| c.query_row("SELECT sum(length(body)) FROM events", [], |r| r.get(0)).map_err(other))
                .await
                .unwrap();
            db.close().await;
            (largest, written as u64)
        });
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(written > 2 * WAL_LIMIT, "only {written} bytes written");
        assert!(largest < WAL_LIMIT + 8 * 1024 * 1024, "the WAL reached {largest} bytes ({written} written)");
    }
}
