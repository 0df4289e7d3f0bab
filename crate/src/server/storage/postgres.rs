//! PostgreSQL storage, for several server processes on one database. Each
//! append is one statement (atomic on its own, so the connections can
//! pipeline without transactions): it inserts the events, updates the game's
//! row and sends `NOTIFY zilo_events, '<game> <version>'`, delivered at
//! commit to every process listening. Two processes appending the same
//! version collide on the events' primary key: the database settles races.

use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::StreamExt;
use tokio::sync::broadcast;
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, Client, NoTls};

use super::{clock_text, event_from_row, meta_from_row, Appended, StoreError, SCHEMA};
use crate::server::game::{Event, Meta, Summary};
use crate::server::protocol::seat_name;

/// Connections for queries (each pipelines many at once; several let PostgreSQL commit in parallel).
const CLIENTS: usize = 16;
const CHANNEL: &str = "zilo_events";
/// Serialises schema creation between processes starting together.
const SCHEMA_LOCK: i64 = 0x7a69_6c6f;

pub struct Postgres {
    clients: Vec<Client>,
    next: AtomicUsize,
    appended: broadcast::Sender<Appended>,
    /// Holds the LISTEN connection open.
    _listener: Client,
}

/// The database's own message when there is one (the error's Display says only "db error").
fn describe(e: &tokio_postgres::Error) -> String {
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

async fn connect(
    url: &str,
) -> Result<(Client, tokio_postgres::Connection<tokio_postgres::Socket, tokio_postgres::tls::NoTlsStream>), String> {
    tokio_postgres::connect(url, NoTls).await.map_err(|e| format!("cannot connect to PostgreSQL: {}", describe(&e)))
}

impl Postgres {
    pub async fn open(url: &str) -> Result<Postgres, String> {
        let mut clients = Vec::with_capacity(CLIENTS);
        for _ in 0..CLIENTS {
            let (client, connection) = connect(url).await?;
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    tracing::error!("PostgreSQL connection lost: {e}");
                }
            });
            clients.push(client);
        }
        clients[0]
            // One implicit transaction; the lock is held until its commit.
            .batch_execute(&format!("SELECT pg_advisory_xact_lock({SCHEMA_LOCK}); {SCHEMA}"))
            .await
            .map_err(|e| format!("cannot set up the PostgreSQL tables: {}", describe(&e)))?;

        let (appended, _) = broadcast::channel(4096);
        let (listener, mut connection) = connect(url).await?;
        let sender = appended.clone();
        tokio::spawn(async move {
            let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
            while let Some(message) = messages.next().await {
                match message {
                    Ok(AsyncMessage::Notification(n)) => {
                        if let Some((game, v)) = n.payload().split_once(' ') {
                            if let Ok(v) = v.parse() {
                                let _ = sender.send((game.to_string(), v));
                            }
                        }
                    }
                    Ok(_) => {}
                    Err(e) => {
                        tracing::error!("PostgreSQL LISTEN connection lost: {e}");
                        break;
                    }
                }
            }
        });
        listener.batch_execute(&format!("LISTEN {CHANNEL}")).await.map_err(|e| format!("cannot LISTEN: {e}"))?;
        Ok(Postgres { clients, next: AtomicUsize::new(0), appended, _listener: listener })
    }

    fn client(&self) -> &Client {
        &self.clients[self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len()]
    }

    pub fn appended(&self) -> broadcast::Receiver<Appended> {
        self.appended.subscribe()
    }

    pub async fn create(&self, meta: &Meta, events: &[Event], summary: &Summary) -> Result<(), StoreError> {
        let columns = Columns::of(events);
        self.client()
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

    pub async fn append(&self, id: &str, events: &[Event], summary: &Summary) -> Result<(), StoreError> {
        let columns = Columns::of(events);
        let rows = self
            .client()
            .query(
                "WITH ins AS (
                   INSERT INTO events (game, v, seat, cid, at_ms, body, secret)
                   SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[])
                 ), upd AS (
                   UPDATE games SET version = $8, status = $9, result = $10, reason = $11, deadline_ms = $12
                   WHERE id = $1 RETURNING id
                 )
                 SELECT pg_notify('zilo_events', id || ' ' || $8::text) FROM upd",
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
                ],
            )
            .await
            .map_err(other)?;
        if rows.len() != 1 {
            return Err(StoreError::Other(format!("no game '{id}' to append to")));
        }
        Ok(())
    }

    pub async fn load(&self, id: &str) -> Result<Option<(Meta, Vec<Event>)>, StoreError> {
        let row = self
            .client()
            .query_opt("SELECT id, variant, position, clock, created_ms FROM games WHERE id = $1", &[&id])
            .await
            .map_err(other)?;
        let Some(row) = row else { return Ok(None) };
        let meta = meta_from_row(row.get(0), row.get(1), row.get(2), row.get(3), row.get(4))?;
        let events = self.events_after(id, 0).await?;
        Ok(Some((meta, events)))
    }

    pub async fn events_after(&self, id: &str, after: u64) -> Result<Vec<Event>, StoreError> {
        let rows = self
            .client()
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
        let rows =
            self.client().query("SELECT id FROM games WHERE deadline_ms <= $1", &[&now_ms]).await.map_err(other)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn count_in_play(&self) -> Result<i64, StoreError> {
        let row = self
            .client()
            .query_one("SELECT count(*) FROM games WHERE status IN ('playing', 'setup')", &[])
            .await
            .map_err(other)?;
        Ok(row.get(0))
    }
}

/// Events as column arrays, for `unnest`.
struct Columns {
    v: Vec<i64>,
    seat: Vec<Option<&'static str>>,
    cid: Vec<Option<String>>,
    at: Vec<i64>,
    body: Vec<String>,
    secret: Vec<Option<String>>,
}

impl Columns {
    fn of(events: &[Event]) -> Columns {
        Columns {
            v: events.iter().map(|e| e.v as i64).collect(),
            seat: events.iter().map(|e| e.seat.map(seat_name)).collect(),
            cid: events.iter().map(|e| e.cid.clone()).collect(),
            at: events.iter().map(|e| e.at_ms).collect(),
            body: events.iter().map(|e| e.body.to_string()).collect(),
            secret: events.iter().map(|e| e.secret.clone()).collect(),
        }
    }
}
