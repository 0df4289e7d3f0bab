//! The database's shape, version by version: `zilo_schema` records each
//! migration applied (its version, what it did, when), and opening a
//! database applies, in one transaction, those it has not had yet. A
//! database from before this table (version 0: the games and events of
//! every server up to this one) is upgraded in place; version 1 is that
//! shape, written with `IF NOT EXISTS`, so it changes nothing there. A
//! database newer than this server is refused (its shape is unknown here).
//!
//! Each migration is SQL that both SQLite and PostgreSQL read. Several
//! processes opening one PostgreSQL database at once take turns (an advisory
//! lock held to the transaction's end), so each migration runs once.

use rusqlite::{params, Connection};
use tokio_postgres::Client;

/// One step of the database's shape.
pub struct Migration {
    pub version: i64,
    /// What it does, in a few words (kept in `zilo_schema`).
    pub what: &'static str,
    pub sql: &'static str,
}

/// Every migration, in order; the last is the shape this server writes.
pub const MIGRATIONS: &[Migration] = &[
    Migration { version: 1, what: "games and their events", sql: super::SCHEMA },
    Migration { version: 2, what: "players, sessions, ratings; the players and end of a game", sql: PLAYERS },
    Migration { version: 3, what: "seeks (the lobby)", sql: SEEKS },
    Migration { version: 4, what: "leases of live seeks", sql: LEASES },
    Migration { version: 5, what: "Web Push: the VAPID key and subscriptions", sql: PUSH },
];

/// The version this server writes.
pub const LATEST: i64 = MIGRATIONS[MIGRATIONS.len() - 1].version;

const TABLE: &str = "CREATE TABLE IF NOT EXISTS zilo_schema (
    version BIGINT PRIMARY KEY,
    what TEXT NOT NULL,
    applied_ms BIGINT NOT NULL
)";

/// Version 2: accounts (`players`, `sessions`), who holds a seat (a seat
/// token's hash bound to a player, `seat_players`), Glicko-2 `ratings`, and
/// on each game whether it is rated, its players and when it ended (filled
/// in for the games already over, from their last event).
const PLAYERS: &str = "
CREATE TABLE players (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    password TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX sessions_player ON sessions (player);
CREATE TABLE seat_players (
    token_hash TEXT PRIMARY KEY,
    player TEXT NOT NULL
);
CREATE TABLE ratings (
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (player, variant)
);
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN first_player TEXT;
ALTER TABLE games ADD COLUMN second_player TEXT;
ALTER TABLE games ADD COLUMN ended_ms BIGINT;
UPDATE games SET ended_ms = (SELECT max(at_ms) FROM events WHERE events.game = games.id) WHERE status = 'over';
CREATE INDEX games_first_player ON games (first_player, ended_ms) WHERE first_player IS NOT NULL;
CREATE INDEX games_second_player ON games (second_player, ended_ms) WHERE second_player IS NOT NULL;
";

/// Version 3: the lobby's seeks (`seeks.rs`).
const SEEKS: &str = "
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    variant TEXT NOT NULL,
    clock TEXT,
    side TEXT NOT NULL,
    rated BIGINT NOT NULL,
    player TEXT,
    address TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    game TEXT,
    seat TEXT,
    closed_ms BIGINT
);
CREATE INDEX seeks_token ON seeks (token_hash);
CREATE INDEX seeks_open ON seeks (created_ms) WHERE game IS NULL AND closed_ms IS NULL;
";

/// Version 4: a live seek's lease (`seeks.held_ms`): the last time a lobby
/// socket holding it was seen open, written by the process holding it; any
/// process closes a live seek whose lease is older than the grace. Open live
/// seeks of before get their creation time (a restart gives them a fresh lease).
const LEASES: &str = "
ALTER TABLE seeks ADD COLUMN held_ms BIGINT;
UPDATE seeks SET held_ms = created_ms WHERE game IS NULL AND closed_ms IS NULL AND clock LIKE '%initial%';
CREATE INDEX seeks_held ON seeks (held_ms) WHERE game IS NULL AND closed_ms IS NULL AND held_ms IS NOT NULL;
";

/// Version 5: Web Push (`storage/push.rs`): the server's VAPID private key
/// (one row, base64url), the browsers' subscriptions (bound to a player
/// and/or, through `push_seats`, to seat tokens' hashes) and the address each
/// came from (for the per-address limit).
const PUSH: &str = "
CREATE TABLE push_keys (
    id BIGINT PRIMARY KEY,
    private_key TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    player TEXT,
    address TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player) WHERE player IS NOT NULL;
CREATE INDEX push_subscriptions_address ON push_subscriptions (address);
CREATE TABLE push_seats (
    endpoint TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (endpoint, token_hash)
);
CREATE INDEX push_seats_token ON push_seats (token_hash);
";

fn too_new(version: i64) -> String {
    format!("the database is at schema version {version}, newer than this server's ({LATEST}): run a newer server")
}

/// Brings a SQLite database to `LATEST`; the versions applied.
pub fn sqlite(conn: &mut Connection, now_ms: i64) -> Result<Vec<i64>, String> {
    let fail = |e: rusqlite::Error| format!("cannot migrate the database: {e}");
    // IMMEDIATE: the write lock first, so two processes cannot both migrate.
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(fail)?;
    tx.execute_batch(TABLE).map_err(fail)?;
    let current: i64 =
        tx.query_row("SELECT COALESCE(max(version), 0) FROM zilo_schema", [], |r| r.get(0)).map_err(fail)?;
    if current > LATEST {
        return Err(too_new(current));
    }
    let mut applied = Vec::new();
    for m in MIGRATIONS.iter().filter(|m| m.version > current) {
        tx.execute_batch(m.sql).map_err(|e| format!("cannot migrate the database to version {}: {e}", m.version))?;
        tx.execute(
            "INSERT INTO zilo_schema (version, what, applied_ms) VALUES (?1, ?2, ?3)",
            params![m.version, m.what, now_ms],
        )
        .map_err(fail)?;
        applied.push(m.version);
    }
    tx.commit().map_err(fail)?;
    Ok(applied)
}

/// Brings a PostgreSQL database to `LATEST` under the advisory lock `lock`; the versions applied.
pub async fn postgres(client: &mut Client, lock: i64, now_ms: i64) -> Result<Vec<i64>, String> {
    let fail =
        |e: tokio_postgres::Error| format!("cannot migrate the PostgreSQL tables: {}", super::postgres::describe(&e));
    let tx = client.transaction().await.map_err(fail)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&lock]).await.map_err(fail)?;
    tx.batch_execute(TABLE).await.map_err(fail)?;
    let current: i64 =
        tx.query_one("SELECT COALESCE(max(version), 0)::bigint FROM zilo_schema", &[]).await.map_err(fail)?.get(0);
    if current > LATEST {
        return Err(too_new(current));
    }
    let mut applied = Vec::new();
    for m in MIGRATIONS.iter().filter(|m| m.version > current) {
        tx.batch_execute(m.sql).await.map_err(|e| {
            format!("cannot migrate the PostgreSQL tables to version {}: {}", m.version, super::postgres::describe(&e))
        })?;
        tx.execute(
            "INSERT INTO zilo_schema (version, what, applied_ms) VALUES ($1, $2, $3)",
            &[&m.version, &m.what, &now_ms],
        )
        .await
        .map_err(fail)?;
        applied.push(m.version);
    }
    tx.commit().await.map_err(fail)?;
    Ok(applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database of the shape before `zilo_schema` (version 0) with one
    /// game over: migrated to the latest version, once, and its end time
    /// filled in from its last event.
    #[test]
    fn an_unversioned_database_is_upgraded_in_place_once() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(super::super::SCHEMA).unwrap();
        conn.execute_batch(
            "INSERT INTO games VALUES ('g1', 'chess', NULL, NULL, 1, 2, 'over', '1-0', 'resignation', NULL);
             INSERT INTO events VALUES ('g1', 1, 'first', NULL, 10, '{}', 'h');
             INSERT INTO events VALUES ('g1', 2, 'second', 'c', 25, '{}', NULL);",
        )
        .unwrap();
        assert_eq!(sqlite(&mut conn, 99).unwrap(), (1..=LATEST).collect::<Vec<_>>());
        assert_eq!(sqlite(&mut conn, 100).unwrap(), Vec::<i64>::new(), "a second open migrates nothing");
        let (ended, rated): (i64, i64) = conn
            .query_row("SELECT ended_ms, rated FROM games WHERE id = 'g1'", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap();
        assert_eq!((ended, rated), (25, 0));
        let versions: i64 = conn.query_row("SELECT count(*) FROM zilo_schema", [], |r| r.get(0)).unwrap();
        assert_eq!(versions, LATEST);
    }

    #[test]
    fn a_database_newer_than_the_server_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        sqlite(&mut conn, 1).unwrap();
        conn.execute("INSERT INTO zilo_schema VALUES (?1, 'the future', 2)", [LATEST + 1]).unwrap();
        let e = sqlite(&mut conn, 3).unwrap_err();
        assert!(e.contains("newer than this server"), "{e}");
    }

    #[test]
    fn versions_follow_one_another_from_one() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version, i as i64 + 1, "{}", m.what);
        }
    }
}
