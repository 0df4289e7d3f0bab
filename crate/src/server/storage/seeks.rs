//! Seeks in the database (schema version 3, `migrate.rs`): an open
//! challenge until a game is claimed for it (`claim_seek`: one `UPDATE`
//! that only an open seek passes, so of two racing accepts, in one process
//! or two on one PostgreSQL, exactly one wins) or it is closed (cancelled, or
//! a live seek whose creator left). The creator's seek token is also its
//! seat's token in the game (only its hash is stored).
//!
//! Each change a lobby socket hears of (a seek made, claimed or closed)
//! carries its frames, one JSON text a line: on PostgreSQL the statement
//! that makes the change also sends them with `NOTIFY zilo_lobby` (so they
//! are delivered, at the commit, to every process listening, this one
//! too); on SQLite the caller tells its own sockets.

use rusqlite::{params, OptionalExtension, Row};

use super::statement::{lite, pg, sq};
use super::{Storage, StoreError};
use crate::server::event::Entry;
use crate::server::game::{Meta, Summary};

/// A seek as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    pub id: String,
    pub token_hash: String,
    pub variant: String,
    /// The clock as JSON text (`None`: no clock).
    pub clock: Option<String>,
    /// `first`, `second` or `random`: the creator's side.
    pub side: String,
    pub rated: bool,
    /// The creator's player key and name, when signed in.
    pub player: Option<String>,
    pub player_name: Option<String>,
    /// The creator's rating in the variant (a player without one: `None`).
    pub rating: Option<f64>,
    pub address: String,
    pub created_ms: i64,
    pub game: Option<String>,
    /// The creator's seat in the game.
    pub seat: Option<String>,
    pub closed_ms: Option<i64>,
    /// A live seek's lease: the last time a lobby socket holding it was seen
    /// open (`None`: not a live seek; it never lapses).
    pub held_ms: Option<i64>,
}

/// Claims an open seek for a game (`$1` the seek, `$2` the game, `$3` the creator's seat, `$4` the time).
const CLAIM: &str =
    "UPDATE seeks SET game = $2, seat = $3, closed_ms = $4 WHERE id = $1 AND game IS NULL AND closed_ms IS NULL";

/// A game made by an accept, as `accept_seek` stores it.
pub struct Paired {
    pub meta: Meta,
    pub events: Vec<Entry>,
    pub summary: Summary,
    pub rated: bool,
    /// The creator's seat's name (`first` or `second`).
    pub seat: String,
    /// The accepter's seat token's hash and player, when signed in.
    pub bind: Option<(String, String)>,
}

const COLUMNS: &str = "s.id, s.token_hash, s.variant, s.clock, s.side, s.rated, s.player, p.name, r.rating, s.address,
    s.created_ms, s.game, s.seat, s.closed_ms, s.held_ms
    FROM seeks s LEFT JOIN players p ON p.name_key = s.player
    LEFT JOIN ratings r ON r.player = s.player AND r.variant = s.variant";

fn from_sqlite(r: &Row) -> rusqlite::Result<SeekRow> {
    Ok(SeekRow {
        id: r.get(0)?,
        token_hash: r.get(1)?,
        variant: r.get(2)?,
        clock: r.get(3)?,
        side: r.get(4)?,
        rated: r.get::<_, i64>(5)? != 0,
        player: r.get(6)?,
        player_name: r.get(7)?,
        rating: r.get(8)?,
        address: r.get(9)?,
        created_ms: r.get(10)?,
        game: r.get(11)?,
        seat: r.get(12)?,
        closed_ms: r.get(13)?,
        held_ms: r.get(14)?,
    })
}

fn from_pg(r: &tokio_postgres::Row) -> SeekRow {
    SeekRow {
        id: r.get(0),
        token_hash: r.get(1),
        variant: r.get(2),
        clock: r.get(3),
        side: r.get(4),
        rated: r.get::<_, i64>(5) != 0,
        player: r.get(6),
        player_name: r.get(7),
        rating: r.get(8),
        address: r.get(9),
        created_ms: r.get(10),
        game: r.get(11),
        seat: r.get(12),
        closed_ms: r.get(13),
        held_ms: r.get(14),
    }
}

impl Storage {
    /// Stores a new seek; `frames` go to every process's lobby (PostgreSQL).
    pub async fn insert_seek(&self, s: &SeekRow, frames: &str) -> Result<(), StoreError> {
        let s = s.clone();
        const SQL: &str =
            "INSERT INTO seeks (id, token_hash, variant, clock, side, rated, player, address, created_ms, held_ms)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
        const NOTIFYING: &str = "WITH i AS (
              INSERT INTO seeks (id, token_hash, variant, clock, side, rated, player, address, created_ms, held_ms)
              VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING 1
            ) SELECT pg_notify('zilo_lobby', $11) FROM i";
        let rated = i64::from(s.rated);
        match self {
            Storage::Sqlite(db) => {
                db.write(move |c| {
                    c.execute(
                        &lite(SQL),
                        params![
                            s.id,
                            s.token_hash,
                            s.variant,
                            s.clock,
                            s.side,
                            rated,
                            s.player,
                            s.address,
                            s.created_ms,
                            s.held_ms
                        ],
                    )
                    .map(|_| ())
                    .map_err(sq)
                })
                .await
            }
            Storage::Postgres(db) => db
                .lobby_write(
                    NOTIFYING,
                    vec![
                        Box::new(s.id),
                        Box::new(s.token_hash),
                        Box::new(s.variant),
                        Box::new(s.clock),
                        Box::new(s.side),
                        Box::new(rated),
                        Box::new(s.player),
                        Box::new(s.address),
                        Box::new(s.created_ms),
                        Box::new(s.held_ms),
                        Box::new(frames.to_string()),
                    ],
                )
                .await
                .map(|_| ()),
        }
    }

    /// The open seeks created after `since_ms`, newest first.
    pub async fn open_seeks(&self, since_ms: i64) -> Result<Vec<SeekRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} WHERE s.game IS NULL AND s.closed_ms IS NULL AND s.created_ms > $1
             ORDER BY s.created_ms DESC, s.id LIMIT 1000"
        );
        match self {
            Storage::Sqlite(db) => {
                db.read(move |c| {
                    let mut stmt = c.prepare_cached(&lite(&sql)).map_err(sq)?;
                    let rows = stmt.query_map([since_ms], from_sqlite).map_err(sq)?;
                    rows.collect::<Result<Vec<_>, _>>().map_err(sq)
                })
                .await
            }
            Storage::Postgres(db) => {
                Ok(db.client().await?.query(&sql, &[&since_ms]).await.map_err(pg)?.iter().map(from_pg).collect())
            }
        }
    }

    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, StoreError> {
        let id = id.to_string();
        let sql = format!("SELECT {COLUMNS} WHERE s.id = $1");
        match self {
            Storage::Sqlite(db) => {
                db.read(move |c| c.query_row(&lite(&sql), [&id], from_sqlite).optional().map_err(sq)).await
            }
            Storage::Postgres(db) => {
                Ok(db.client().await?.query_opt(&sql, &[&id]).await.map_err(pg)?.as_ref().map(from_pg))
            }
        }
    }

    /// The seek a token (by its hash) holds.
    pub async fn seek_by_token(&self, token_hash: &str) -> Result<Option<SeekRow>, StoreError> {
        let hash = token_hash.to_string();
        let sql = format!("SELECT {COLUMNS} WHERE s.token_hash = $1");
        match self {
            Storage::Sqlite(db) => {
                db.read(move |c| c.query_row(&lite(&sql), [&hash], from_sqlite).optional().map_err(sq)).await
            }
            Storage::Postgres(db) => {
                Ok(db.client().await?.query_opt(&sql, &[&hash]).await.map_err(pg)?.as_ref().map(from_pg))
            }
        }
    }

    /// Accepts an open seek in one transaction: claims it for `paired`'s game
    /// (only an open seek is claimed, so of racing accepts, in one process or
    /// two on one PostgreSQL, one wins) and, only then, stores that game (its
    /// row, events and summary, whether it is rated) and binds the accepter's
    /// seat to its player. `false` (and nothing stored) when the seek was taken
    /// or closed first. `frames` go to every process's lobby when it was
    /// claimed (PostgreSQL, where the write joins the lobby's group commit).
    pub async fn accept_seek(&self, id: &str, paired: Paired, now: i64, frames: &str) -> Result<bool, StoreError> {
        match self {
            Storage::Sqlite(db) => {
                let id = id.to_string();
                let (tx, rx) = tokio::sync::oneshot::channel();
                db.write(move |c| {
                    let claimed = c
                        .prepare_cached(&lite(CLAIM))
                        .and_then(|mut s| s.execute(params![id, paired.meta.id, paired.seat, now]))
                        .map_err(sq)?;
                    if claimed == 1 {
                        if let Some((hash, player)) = &paired.bind {
                            c.prepare_cached("INSERT INTO seat_players (token_hash, player) VALUES (?1, ?2)")
                                .and_then(|mut s| s.execute(params![hash, player]))
                                .map_err(sq)?;
                        }
                        super::sqlite::create_in(c, &paired.meta, &paired.events, &paired.summary, paired.rated)?;
                    }
                    let _ = tx.send(claimed == 1);
                    Ok(())
                })
                .await?;
                rx.await.map_err(|_| StoreError::Other("the database thread stopped".into()))
            }
            Storage::Postgres(db) => {
                // One statement: every insert reads from the claim, so nothing
                // is stored when another accept (or a close) got there first.
                const SQL: &str = "WITH c AS (UPDATE seeks SET game = $2, seat = $3, closed_ms = $4
                      WHERE id = $1 AND game IS NULL AND closed_ms IS NULL RETURNING 1),
                    b AS (INSERT INTO seat_players (token_hash, player) SELECT $5, $6 FROM c WHERE $6::text IS NOT NULL),
                    g AS (INSERT INTO games (id, variant, position, clock, created_ms, version, status, result, reason,
                            deadline_ms, rated)
                          SELECT $2, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16 FROM c RETURNING id),
                    e AS (INSERT INTO events (game, v, seat, cid, at_ms, body, secret)
                          SELECT g.id, x.* FROM g,
                            unnest($17::bigint[], $18::text[], $19::text[], $20::bigint[], $21::text[], $22::text[]) AS x)
                    SELECT pg_notify('zilo_lobby', $23) FROM c";
                let Paired { meta, events, summary, rated, seat, bind } = paired;
                let columns = super::postgres::Columns::of(&events);
                let (hash, player) = bind.map_or((String::new(), None), |(h, p)| (h, Some(p)));
                let clock = super::clock_text(&meta);
                let params: super::postgres::LobbyParams = vec![
                    Box::new(id.to_string()),
                    Box::new(meta.id),
                    Box::new(seat),
                    Box::new(now),
                    Box::new(hash),
                    Box::new(player),
                    Box::new(meta.variant),
                    Box::new(meta.position),
                    Box::new(clock),
                    Box::new(meta.created_ms),
                    Box::new(summary.version as i64),
                    Box::new(summary.status.name()),
                    Box::new(summary.result),
                    Box::new(summary.reason),
                    Box::new(summary.deadline_ms),
                    Box::new(i64::from(rated)),
                    Box::new(columns.v),
                    Box::new(columns.seat),
                    Box::new(columns.cid),
                    Box::new(columns.at),
                    Box::new(columns.body),
                    Box::new(columns.secret),
                    Box::new(frames.to_string()),
                ];
                Ok(db.lobby_write(SQL, params).await?.len() == 1)
            }
        }
    }

    /// Closes an open seek (cancelled, or its creator left); `false` when it was not open.
    /// `frames` go to every process's lobby when it was closed (PostgreSQL).
    pub async fn close_seek(&self, id: &str, now: i64, frames: &str) -> Result<bool, StoreError> {
        const SQL: &str = "UPDATE seeks SET closed_ms = $2 WHERE id = $1 AND game IS NULL AND closed_ms IS NULL";
        const NOTIFYING: &str = "WITH c AS (UPDATE seeks SET closed_ms = $2
            WHERE id = $1 AND game IS NULL AND closed_ms IS NULL RETURNING 1)
            SELECT pg_notify('zilo_lobby', $3) FROM c";
        self.change_seek(SQL, NOTIFYING, vec![id.to_string()], now, frames).await
    }

    /// Runs `sql` on one seek (`texts`, then the time; PostgreSQL runs `notifying`,
    /// which also sends `frames`); `false` when it changed nothing.
    async fn change_seek(
        &self,
        sql: &'static str,
        notifying: &'static str,
        texts: Vec<String>,
        now: i64,
        frames: &str,
    ) -> Result<bool, StoreError> {
        match self {
            Storage::Sqlite(_) => Ok(self.execute(sql, texts, vec![now]).await? == 1),
            Storage::Postgres(db) => {
                let mut values: super::postgres::LobbyParams = Vec::new();
                for text in texts {
                    values.push(Box::new(text));
                }
                values.push(Box::new(now));
                values.push(Box::new(frames.to_string()));
                Ok(db.lobby_write(notifying, values).await?.len() == 1)
            }
        }
    }

    /// Renews the leases of live seeks: each `(id, at_ms)` is the last time
    /// this process saw a lobby socket holding the seek open (a lease only
    /// moves forward, whoever else holds it too).
    pub async fn renew_leases(&self, leases: Vec<(String, i64)>) -> Result<(), StoreError> {
        if leases.is_empty() {
            return Ok(());
        }
        match self {
            Storage::Sqlite(db) => {
                db.write(move |c| {
                    let mut stmt =
                        c.prepare_cached("UPDATE seeks SET held_ms = ?2 WHERE id = ?1 AND held_ms < ?2").map_err(sq)?;
                    for (id, at) in &leases {
                        stmt.execute(params![id, at]).map_err(sq)?;
                    }
                    Ok(())
                })
                .await
            }
            Storage::Postgres(db) => {
                // A renewal never waits for a row lock: one that waited, locking seeks'
                // rows in its own order while the lobby's writer held some of them (a
                // group of claims and closes) and waited for others, was a deadlock
                // (PostgreSQL then aborted one). So `k` takes the rows to renew with
                // `SKIP LOCKED` (in id order) and carries their new lease, and the
                // UPDATE writes only `k`'s rows, which this statement already holds.
                // `MATERIALIZED`: `k` must not be folded into the UPDATE (PostgreSQL 12+
                // folds a side-effect-free CTE used once), whose own row locks would then
                // wait like any UPDATE's. (PostgreSQL 15 already keeps a CTE that locks
                // rows apart: EXPLAIN shows `CTE k` with its own LockRows; the keyword
                // makes it so whatever the version.) A seek skipped now (being claimed
                // or closed, or renewed by another process) is renewed at the next
                // heartbeat, well within `LIVE_GRACE`.
                let (ids, at): (Vec<String>, Vec<i64>) = leases.into_iter().unzip();
                const SQL: &str = "WITH k AS MATERIALIZED (
                      SELECT s.id, l.at FROM seeks AS s JOIN unnest($1::text[], $2::bigint[]) AS l(id, at) ON s.id = l.id
                      WHERE s.held_ms < l.at ORDER BY s.id FOR UPDATE OF s SKIP LOCKED)
                    UPDATE seeks AS s SET held_ms = k.at FROM k WHERE s.id = k.id";
                db.client().await?.execute(SQL, &[&ids, &at]).await.map(|_| ()).map_err(pg)
            }
        }
    }

    /// Closes the open live seeks whose lease is older than `held_before`; the
    /// ids closed. On PostgreSQL the same statement sends their `unseek`
    /// frames to every process's lobby (of several processes sweeping at once,
    /// each seek is closed, and told, by one).
    pub async fn close_lapsed(&self, held_before: i64, now: i64) -> Result<Vec<String>, StoreError> {
        const SQL: &str = "UPDATE seeks SET closed_ms = $1
            WHERE game IS NULL AND closed_ms IS NULL AND held_ms IS NOT NULL AND held_ms < $2 RETURNING id";
        match self {
            Storage::Sqlite(db) => {
                let (tx, rx) = tokio::sync::oneshot::channel();
                db.write(move |c| {
                    let mut stmt = c.prepare_cached(&lite(SQL)).map_err(sq)?;
                    let ids = stmt.query_map([now, held_before], |r| r.get(0)).map_err(sq)?;
                    let _ = tx.send(ids.collect::<Result<Vec<String>, _>>().map_err(sq)?);
                    Ok(())
                })
                .await?;
                rx.await.map_err(|_| StoreError::Other("the database thread stopped".into()))
            }
            Storage::Postgres(db) => {
                let sql = format!(
                    "WITH c AS ({SQL})
                     SELECT id, pg_notify('zilo_lobby', '{{\"seek\":\"' || id || '\",\"t\":\"unseek\"}}') FROM c"
                );
                let rows = db.lobby_write(&sql, vec![Box::new(now), Box::new(held_before)]).await?;
                Ok(rows.iter().map(|r| r.get(0)).collect())
            }
        }
    }

    /// Gives every open live seek a lease from `now` (a process alone on its
    /// database starting: their creators may reconnect within the grace).
    pub async fn renew_all_leases(&self, now: i64) -> Result<u64, StoreError> {
        const SQL: &str =
            "UPDATE seeks SET held_ms = $1 WHERE game IS NULL AND closed_ms IS NULL AND held_ms IS NOT NULL";
        self.execute(SQL, vec![], vec![now]).await
    }

    /// A player's rating in a variant, if they have one.
    pub async fn rating_of(&self, player: &str, variant: &str) -> Result<Option<f64>, StoreError> {
        let (player, variant) = (player.to_string(), variant.to_string());
        const SQL: &str = "SELECT rating FROM ratings WHERE player = $1 AND variant = $2";
        match self {
            Storage::Sqlite(db) => {
                db.read(move |c| c.query_row(&lite(SQL), [&player, &variant], |r| r.get(0)).optional().map_err(sq))
                    .await
            }
            Storage::Postgres(db) => {
                Ok(db.client().await?.query_opt(SQL, &[&player, &variant]).await.map_err(pg)?.map(|r| r.get(0)))
            }
        }
    }

    /// Open seeks from one address.
    pub async fn open_seeks_from(&self, address: &str) -> Result<i64, StoreError> {
        let address = address.to_string();
        const SQL: &str = "SELECT count(*) FROM seeks WHERE address = $1 AND game IS NULL AND closed_ms IS NULL";
        match self {
            Storage::Sqlite(db) => {
                db.read(move |c| c.query_row(&lite(SQL), [&address], |r| r.get(0)).map_err(sq)).await
            }
            Storage::Postgres(db) => Ok(db.client().await?.query_one(SQL, &[&address]).await.map_err(pg)?.get(0)),
        }
    }
}
