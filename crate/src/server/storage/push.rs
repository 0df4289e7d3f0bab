//! Web Push in the database (schema version 5, `migrate.rs`): the server's
//! VAPID key (one row, written by the first process to start, so every
//! process on one PostgreSQL signs with the same key and a browser's
//! subscription, made with the public key, stays good across restarts), and
//! the browsers' push subscriptions, each bound to the seat tokens (their
//! hashes, `push_seats`) its browser holds and/or to a signed-in player.

use std::collections::HashMap;

use super::statement::{lite, pg, sq};
use super::{Storage, StoreError};

/// The subscriptions of one seat (`$1`, its token's hash).
const OF_SEAT: &str = "SELECT endpoint, p256dh, auth FROM push_subscriptions
    WHERE endpoint IN (SELECT endpoint FROM push_seats WHERE token_hash = $1)
    OR player IN (SELECT player FROM seat_players WHERE token_hash = $1)
    ORDER BY endpoint";

/// A browser's push subscription as stored (the keys base64url, as the browser gives them).
#[derive(Clone, Debug, PartialEq)]
pub struct PushSubscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

impl Storage {
    /// The server's VAPID private key: `fresh` is stored if none is yet (by
    /// this process or another racing it), then the stored one is answered.
    pub async fn push_key(&self, fresh: &str, now: i64) -> Result<String, StoreError> {
        const INSERT: &str =
            "INSERT INTO push_keys (id, private_key, created_ms) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING";
        self.execute(INSERT, vec![fresh.to_string()], vec![now]).await?;
        const SQL: &str = "SELECT private_key FROM push_keys WHERE id = 1";
        match self {
            Storage::Sqlite(db) => db.read(|c| c.query_row(SQL, [], |r| r.get(0)).map_err(sq)).await,
            Storage::Postgres(db) => Ok(db.client().await?.query_one(SQL, &[]).await.map_err(pg)?.get(0)),
        }
    }

    /// Stores a subscription (or renews one with the same endpoint) bound to
    /// `player` (if any) and to exactly the seats `token_hashes` (the seats it
    /// was bound to before are replaced: a browser sends all it holds).
    pub async fn save_push_subscription(
        &self,
        sub: &PushSubscription,
        player: Option<&str>,
        token_hashes: &[String],
        address: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        const UPSERT: &str = "INSERT INTO push_subscriptions (endpoint, p256dh, auth, player, address, created_ms)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
            player = excluded.player, address = excluded.address";
        let (sub, player, hashes, address) =
            (sub.clone(), player.map(str::to_string), token_hashes.to_vec(), address.to_string());
        match self {
            Storage::Sqlite(db) => {
                db.write(move |c| {
                    c.execute(
                        &lite(UPSERT),
                        rusqlite::params![sub.endpoint, sub.p256dh, sub.auth, player, address, now],
                    )
                    .map_err(sq)?;
                    c.execute("DELETE FROM push_seats WHERE endpoint = ?1", [&sub.endpoint]).map_err(sq)?;
                    let mut insert = c
                        .prepare_cached(
                            "INSERT INTO push_seats (endpoint, token_hash) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                        )
                        .map_err(sq)?;
                    for hash in &hashes {
                        insert.execute([&sub.endpoint, hash]).map_err(sq)?;
                    }
                    Ok(())
                })
                .await
            }
            Storage::Postgres(db) => {
                // One statement, so one transaction: the seats not sent again go, the new ones come.
                const SQL: &str =
                    "WITH s AS (INSERT INTO push_subscriptions (endpoint, p256dh, auth, player, address, created_ms)
                    VALUES ($1, $2, $3, $4, $5, $6)
                    ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
                    player = excluded.player, address = excluded.address RETURNING endpoint),
                  d AS (DELETE FROM push_seats WHERE endpoint = $1 AND NOT (token_hash = ANY($7)))
                  INSERT INTO push_seats (endpoint, token_hash) SELECT $1, h FROM unnest($7::text[]) AS h
                  ON CONFLICT DO NOTHING";
                db.client()
                    .await?
                    .execute(SQL, &[&sub.endpoint, &sub.p256dh, &sub.auth, &player, &address, &now, &hashes])
                    .await
                    .map_err(pg)
                    .map(|_| ())
            }
        }
    }

    /// Forgets a subscription (the browser turned notices off, or its push
    /// service said it is gone); `false` when there was none.
    pub async fn delete_push_subscription(&self, endpoint: &str) -> Result<bool, StoreError> {
        self.execute("DELETE FROM push_seats WHERE endpoint = $1", vec![endpoint.into()], vec![]).await?;
        let n =
            self.execute("DELETE FROM push_subscriptions WHERE endpoint = $1", vec![endpoint.into()], vec![]).await?;
        Ok(n > 0)
    }

    /// How many subscriptions other than `endpoint` come from `address`, and
    /// how many are bound to `player`.
    pub async fn push_subscriptions_count(
        &self,
        endpoint: &str,
        address: &str,
        player: Option<&str>,
    ) -> Result<(i64, i64), StoreError> {
        const SQL: &str = "SELECT
            (SELECT count(*) FROM push_subscriptions WHERE address = $2 AND endpoint <> $1),
            (SELECT count(*) FROM push_subscriptions WHERE player = $3 AND endpoint <> $1)";
        let (endpoint, address, player) = (endpoint.to_string(), address.to_string(), player.map(str::to_string));
        match self {
            Storage::Sqlite(db) => {
                db.read(move |c| {
                    c.query_row(&lite(SQL), rusqlite::params![endpoint, address, player], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })
                    .map_err(sq)
                })
                .await
            }
            Storage::Postgres(db) => {
                let row = db.client().await?.query_one(SQL, &[&endpoint, &address, &player]).await.map_err(pg)?;
                Ok((row.get(0), row.get(1)))
            }
        }
    }

    /// The subscriptions that speak for each of some seats (by their tokens'
    /// hashes): those bound to the seat itself and those of the player the seat
    /// is bound to, in one look-up (the
    /// push sender asks for a batch of notices at once: one query a move, on the
    /// games' hot path, was most of its cost). Seats without any are left out.
    pub async fn push_subscriptions_of_seats(
        &self,
        token_hashes: Vec<String>,
    ) -> Result<HashMap<String, Vec<PushSubscription>>, StoreError> {
        let mut found: HashMap<String, Vec<PushSubscription>> = HashMap::new();
        if token_hashes.is_empty() {
            return Ok(found);
        }
        let rows: Vec<(String, String, String, String)> = match self {
            Storage::Sqlite(db) => {
                db.read(move |c| {
                    let mut stmt = c.prepare_cached(&lite(OF_SEAT)).map_err(sq)?;
                    let mut rows = Vec::new();
                    for hash in &token_hashes {
                        let subs = stmt
                            .query_map([hash], |r| Ok((hash.clone(), r.get(0)?, r.get(1)?, r.get(2)?)))
                            .map_err(sq)?;
                        for sub in subs {
                            rows.push(sub.map_err(sq)?);
                        }
                    }
                    Ok(rows)
                })
                .await?
            }
            Storage::Postgres(db) => {
                const SQL: &str = "SELECT h.token_hash, s.endpoint, s.p256dh, s.auth
                    FROM push_seats h JOIN push_subscriptions s ON s.endpoint = h.endpoint WHERE h.token_hash = ANY($1)
                    UNION
                    SELECT b.token_hash, s.endpoint, s.p256dh, s.auth
                    FROM seat_players b JOIN push_subscriptions s ON s.player = b.player WHERE b.token_hash = ANY($1)
                    ORDER BY 1, 2";
                db.client()
                    .await?
                    .query(SQL, &[&token_hashes])
                    .await
                    .map_err(pg)?
                    .iter()
                    .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
                    .collect()
            }
        };
        for (hash, endpoint, p256dh, auth) in rows {
            found.entry(hash).or_default().push(PushSubscription { endpoint, p256dh, auth });
        }
        Ok(found)
    }
}
