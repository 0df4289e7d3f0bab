//! Where games are kept: SQLite (an embedded file, the default) or
//! PostgreSQL (shared by several server processes), behind one interface.
//! A game is its `Meta` and its events; `append` is all-or-nothing and
//! refuses an event whose version is already stored (another process got
//! there first: the caller catches up and decides again).

mod format;
pub mod migrate;
pub mod players;
mod postgres;
pub mod push;
pub mod seeks;
mod sqlite;
mod statement;

use std::fmt;

use tokio::sync::broadcast;

use super::event::Entry;
use super::game::{Meta, Summary};

#[derive(Debug, Clone, PartialEq)]
pub enum StoreError {
    /// A version or cid already stored: someone else appended first.
    Conflict,
    Other(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("conflicting write"),
            StoreError::Other(e) => write!(f, "storage: {e}"),
        }
    }
}

/// What the database tells every process (PostgreSQL's LISTEN/NOTIFY).
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    /// Some process appended to a game: its id and new version.
    Appended(String, u64),
    /// Notices may have been lost (the LISTEN connection dropped and is back):
    /// every game in memory must catch up from the database.
    Resync,
}

/// What the database tells every process's lobby (PostgreSQL's `NOTIFY zilo_lobby`).
#[derive(Debug, Clone, PartialEq)]
pub enum LobbyNotice {
    /// Frames for the lobby sockets, one JSON text a line.
    Frames(String),
    /// Notices may have been lost (the LISTEN connection dropped and is back).
    Resync,
}

/// The database behind the server.
pub enum Storage {
    Sqlite(sqlite::Sqlite),
    Postgres(postgres::Postgres),
}

impl Storage {
    /// Opens `sqlite:PATH` or `postgres://...`, creating the tables when missing.
    pub async fn open(url: &str) -> Result<Storage, String> {
        if let Some(path) = url.strip_prefix("sqlite:") {
            Ok(Storage::Sqlite(sqlite::Sqlite::open(path.trim_start_matches("//"))?))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Storage::Postgres(postgres::Postgres::open(url).await?))
        } else {
            Err(format!("--db must be sqlite:PATH or postgres://..., not '{url}'"))
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Storage::Sqlite(_) => "sqlite",
            Storage::Postgres(_) => "postgres",
        }
    }

    pub async fn create(&self, meta: &Meta, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
        match self {
            Storage::Sqlite(s) => s.create(meta, events, summary).await,
            Storage::Postgres(s) => s.create(meta, events, summary).await,
        }
    }

    pub async fn load(&self, id: &str) -> Result<Option<(Meta, Vec<Entry>)>, StoreError> {
        match self {
            Storage::Sqlite(s) => s.load(id).await,
            Storage::Postgres(s) => s.load(id).await,
        }
    }

    pub async fn events_after(&self, id: &str, after: u64) -> Result<Vec<Entry>, StoreError> {
        match self {
            Storage::Sqlite(s) => s.events_after(id, after).await,
            Storage::Postgres(s) => s.events_after(id, after).await,
        }
    }

    /// Stores `events` (the versions after the game's current one) and the new summary, atomically.
    pub async fn append(&self, id: &str, events: &[Entry], summary: &Summary) -> Result<(), StoreError> {
        match self {
            Storage::Sqlite(s) => s.append(id, events, summary).await,
            Storage::Postgres(s) => s.append(id, events, summary).await,
        }
    }

    /// Games whose side to move's flag has fallen by `now_ms`.
    pub async fn due(&self, now_ms: i64) -> Result<Vec<String>, StoreError> {
        match self {
            Storage::Sqlite(s) => s.due(now_ms).await,
            Storage::Postgres(s) => s.due(now_ms).await,
        }
    }

    /// How many games are in play (status `playing` or `setup`).
    pub async fn count_in_play(&self) -> Result<i64, StoreError> {
        match self {
            Storage::Sqlite(s) => s.count_in_play().await,
            Storage::Postgres(s) => s.count_in_play().await,
        }
    }

    /// Appends made by any process (PostgreSQL's NOTIFY); `None` when this process is the only writer.
    pub fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        match self {
            Storage::Sqlite(_) => None,
            Storage::Postgres(s) => Some(s.notices()),
        }
    }

    /// Lobby changes made by any process, this one too (PostgreSQL's NOTIFY);
    /// `None` when this process is the only writer (it tells its sockets itself).
    pub fn lobby_notices(&self) -> Option<broadcast::Receiver<LobbyNotice>> {
        match self {
            Storage::Sqlite(_) => None,
            Storage::Postgres(s) => Some(s.lobby_notices()),
        }
    }

    /// Finishes every write under way, then closes.
    pub async fn close(&self) {
        match self {
            Storage::Sqlite(s) => s.close().await,
            Storage::Postgres(_) => {}
        }
    }
}

/// The tables of schema version 1 (`migrate.rs`), in SQL both databases read.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    position TEXT,
    clock TEXT,
    created_ms BIGINT NOT NULL,
    version BIGINT NOT NULL,
    status TEXT NOT NULL,
    result TEXT NOT NULL,
    reason TEXT NOT NULL,
    deadline_ms BIGINT
);
CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline_ms) WHERE deadline_ms IS NOT NULL;
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL,
    v BIGINT NOT NULL,
    seat TEXT,
    cid TEXT,
    at_ms BIGINT NOT NULL,
    body TEXT NOT NULL,
    secret TEXT,
    PRIMARY KEY (game, v)
);
CREATE UNIQUE INDEX IF NOT EXISTS events_cid ON events (game, seat, cid) WHERE cid IS NOT NULL;
";

/// A stored row back into an event (its body in any stored format, `format.rs`).
fn event_from_row(
    v: i64,
    seat: Option<String>,
    cid: Option<String>,
    at_ms: i64,
    body: &str,
    secret: Option<String>,
) -> Result<Entry, StoreError> {
    let event = format::decode(body).map_err(|e| StoreError::Other(format!("stored event {v}: {e}")))?;
    let seat = seat.as_deref().and_then(super::event::seat_by_name);
    Ok(Entry { v: v as u64, seat, cid, at_ms, event, secret })
}

/// An event's `body` column, in the format written now.
fn body(e: &Entry) -> String {
    format::encode(&e.event)
}

fn meta_from_row(
    id: String,
    variant: String,
    position: Option<String>,
    clock: Option<String>,
    created_ms: i64,
) -> Result<Meta, StoreError> {
    let clock = match clock {
        Some(text) => Some(serde_json::from_str(&text).map_err(|e| StoreError::Other(format!("stored clock: {e}")))?),
        None => None,
    };
    Ok(Meta { id, variant, position, clock, created_ms })
}

fn clock_text(meta: &Meta) -> Option<String> {
    meta.clock.map(|c| serde_json::to_string(&c).unwrap_or_default())
}
