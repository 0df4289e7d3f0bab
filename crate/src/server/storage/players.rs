//! Players in the database (schema version 2, `migrate.rs`): accounts,
//! sessions (stored as their SHA-256, like seat tokens), which player holds
//! a seat (a seat token's hash bound to a player before the seat is taken,
//! so a seat is never taken unnamed), ratings, and the end of a game: when
//! an append stores a game's end, `settle_*` runs in the same transaction,
//! once per game (`ended_ms` is set only while empty), writes down the
//! game's players and, for a rated game both players moved in, their new
//! Glicko-2 ratings (`ratings.rs`).

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};

use super::statement::{pg, sq};
use super::{format, Storage, StoreError};
use crate::server::event::{seat_by_name, Entry, Event, GameResult};
use crate::server::ratings::{self, Rating};

/// A player as stored: the name as written and its key (lower case).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub key: String,
    pub name: String,
}

/// The most games a player's page lists at once.
pub const PAGE: i64 = 50;

impl Storage {
    /// A new account; `Conflict` when the name (without regard to case) is taken.
    pub async fn create_player(&self, player: &Player, password: &str, now: i64) -> Result<(), StoreError> {
        const SQL: &str = "INSERT INTO players (name_key, name, password, created_ms) VALUES ($1, $2, $3, $4)";
        let texts = vec![player.key.clone(), player.name.clone(), password.to_string()];
        self.execute(SQL, texts, vec![now]).await.map(|_| ())
    }

    /// A player and their password hash, by key.
    pub async fn player_password(&self, key: &str) -> Result<Option<(Player, String)>, StoreError> {
        let key = key.to_string();
        let rows = match self {
            Storage::Sqlite(s) => {
                s.read(move |c| {
                    c.query_row("SELECT name_key, name, password FROM players WHERE name_key = ?1", [&key], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })
                    .optional()
                    .map_err(sq)
                })
                .await?
            }
            Storage::Postgres(p) => p
                .client()
                .await?
                .query_opt("SELECT name_key, name, password FROM players WHERE name_key = $1", &[&key])
                .await
                .map_err(pg)?
                .map(|r| (r.get(0), r.get(1), r.get(2))),
        };
        Ok(rows.map(|(key, name, password)| (Player { key, name }, password)))
    }

    /// Stores a session (its hash) for a player.
    pub async fn create_session(&self, hash: &str, player: &str, now: i64) -> Result<(), StoreError> {
        const SQL: &str = "INSERT INTO sessions (hash, player, created_ms) VALUES ($1, $2, $3)";
        self.execute(SQL, vec![hash.into(), player.into()], vec![now]).await.map(|_| ())
    }

    /// The player a session (by its hash) belongs to.
    pub async fn session_player(&self, hash: &str) -> Result<Option<Player>, StoreError> {
        let hash = hash.to_string();
        const SQL: &str =
            "SELECT p.name_key, p.name FROM sessions s JOIN players p ON p.name_key = s.player WHERE s.hash = ";
        let row = match self {
            Storage::Sqlite(s) => {
                s.read(move |c| {
                    c.query_row(&format!("{SQL}?1"), [&hash], |r| Ok((r.get(0)?, r.get(1)?))).optional().map_err(sq)
                })
                .await?
            }
            Storage::Postgres(p) => p
                .client()
                .await?
                .query_opt(&format!("{SQL}$1"), &[&hash])
                .await
                .map_err(pg)?
                .map(|r| (r.get(0), r.get(1))),
        };
        Ok(row.map(|(key, name)| Player { key, name }))
    }

    pub async fn delete_session(&self, hash: &str) -> Result<(), StoreError> {
        self.execute("DELETE FROM sessions WHERE hash = $1", vec![hash.into()], vec![]).await.map(|_| ())
    }

    /// Binds a seat token (by its hash) to a player, before the seat is taken with it.
    pub async fn bind_seat(&self, token_hash: &str, player: &str) -> Result<(), StoreError> {
        const SQL: &str = "INSERT INTO seat_players (token_hash, player) VALUES ($1, $2)";
        self.execute(SQL, vec![token_hash.into(), player.into()], vec![]).await.map(|_| ())
    }

    /// Marks a game rated (right after it is created, before anyone else learns of it).
    pub async fn set_rated(&self, game: &str) -> Result<(), StoreError> {
        self.execute("UPDATE games SET rated = 1 WHERE id = $1", vec![game.into()], vec![]).await.map(|_| ())
    }

    /// A game's players' names by seat (first, second) and whether it is rated.
    pub async fn game_players(&self, game: &str) -> Result<([Option<String>; 2], bool), StoreError> {
        let game = game.to_string();
        const SEATS: &str = "SELECT e.seat, p.name FROM events e JOIN seat_players s ON s.token_hash = e.secret
                             JOIN players p ON p.name_key = s.player WHERE e.seat IS NOT NULL AND e.game = ";
        let (seats, rated): (Vec<(String, String)>, i64) = match self {
            Storage::Sqlite(s) => {
                s.read(move |c| {
                    let mut stmt = c.prepare_cached(&format!("{SEATS}?1")).map_err(sq)?;
                    let seats = stmt
                        .query_map([&game], |r| Ok((r.get(0)?, r.get(1)?)))
                        .map_err(sq)?
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(sq)?;
                    let rated = c
                        .query_row("SELECT rated FROM games WHERE id = ?1", [&game], |r| r.get(0))
                        .optional()
                        .map_err(sq)?
                        .unwrap_or(0);
                    Ok((seats, rated))
                })
                .await?
            }
            Storage::Postgres(p) => {
                let client = p.client().await?;
                let seats = client.query(&format!("{SEATS}$1"), &[&game]).await.map_err(pg)?;
                let rated = client.query_opt("SELECT rated FROM games WHERE id = $1", &[&game]).await.map_err(pg)?;
                (seats.iter().map(|r| (r.get(0), r.get(1))).collect(), rated.map_or(0, |r| r.get(0)))
            }
        };
        let mut names = [None, None];
        for (seat, name) in seats {
            match seat.as_str() {
                "first" => names[0] = Some(name),
                "second" => names[1] = Some(name),
                _ => {}
            }
        }
        Ok((names, rated != 0))
    }

    /// A player's page: name, ratings by variant, and ended games, latest first
    /// (at most `PAGE`, ended before `before` when given). `None`: no such player.
    pub async fn player_page(&self, key: &str, before: Option<i64>) -> Result<Option<Value>, StoreError> {
        let key = key.to_string();
        let before = before.unwrap_or(i64::MAX);
        const GAMES: &str = "SELECT g.id, g.variant, pf.name, ps.name, g.result, g.reason, g.rated, g.ended_ms
            FROM games g LEFT JOIN players pf ON pf.name_key = g.first_player
            LEFT JOIN players ps ON ps.name_key = g.second_player
            WHERE (g.first_player = $1 OR g.second_player = $1) AND g.ended_ms IS NOT NULL AND g.ended_ms < $2
            ORDER BY g.ended_ms DESC, g.id LIMIT $3";
        const RATINGS: &str =
            "SELECT variant, rating, deviation, games FROM ratings WHERE player = $1 ORDER BY variant";
        type GameRow = (String, String, Option<String>, Option<String>, String, String, i64, i64);
        type RatingRow = (String, f64, f64, i64);
        let (name, ratings, games): (String, Vec<RatingRow>, Vec<GameRow>) = match self {
            Storage::Sqlite(s) => {
                let found = s
                    .read(move |c| {
                        let Some(name) = c
                            .query_row("SELECT name FROM players WHERE name_key = ?1", [&key], |r| {
                                r.get::<_, String>(0)
                            })
                            .optional()
                            .map_err(sq)?
                        else {
                            return Ok(None);
                        };
                        let mut stmt = c.prepare_cached(RATINGS).map_err(sq)?;
                        let ratings = stmt
                            .query_map([&key], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
                            .map_err(sq)?
                            .collect::<Result<Vec<_>, _>>()
                            .map_err(sq)?;
                        let mut stmt = c.prepare_cached(GAMES).map_err(sq)?;
                        let games = stmt
                            .query_map(params![key, before, PAGE], |r| {
                                Ok((
                                    r.get(0)?,
                                    r.get(1)?,
                                    r.get(2)?,
                                    r.get(3)?,
                                    r.get(4)?,
                                    r.get(5)?,
                                    r.get(6)?,
                                    r.get(7)?,
                                ))
                            })
                            .map_err(sq)?
                            .collect::<Result<Vec<_>, _>>()
                            .map_err(sq)?;
                        Ok(Some((name, ratings, games)))
                    })
                    .await?;
                match found {
                    Some(found) => found,
                    None => return Ok(None),
                }
            }
            Storage::Postgres(p) => {
                let client = p.client().await?;
                let Some(row) =
                    client.query_opt("SELECT name FROM players WHERE name_key = $1", &[&key]).await.map_err(pg)?
                else {
                    return Ok(None);
                };
                let ratings = client.query(RATINGS, &[&key]).await.map_err(pg)?;
                let games = client.query(GAMES, &[&key, &before, &PAGE]).await.map_err(pg)?;
                (
                    row.get(0),
                    ratings.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect(),
                    games
                        .iter()
                        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), r.get(6), r.get(7)))
                        .collect(),
                )
            }
        };
        let ratings: serde_json::Map<String, Value> = ratings
            .into_iter()
            .map(|(variant, rating, deviation, games)| {
                (variant, json!({"rating": round2(rating), "deviation": round2(deviation), "games": games}))
            })
            .collect();
        let games: Vec<Value> = games
            .into_iter()
            .map(|(game, variant, first, second, result, reason, rated, ended)| {
                json!({"game": game, "variant": variant, "first": first, "second": second, "result": result,
                       "reason": reason, "rated": rated != 0, "ended": ended})
            })
            .collect();
        Ok(Some(json!({"name": name, "ratings": ratings, "games": games})))
    }
}

/// A rating as shown: two decimals.
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// What settling a game's end needs to know, read in its transaction.
struct Ending {
    first: Option<String>,
    second: Option<String>,
    rated: bool,
    variant: String,
    result: Option<GameResult>,
    /// Whether each seat (first, second) made a move.
    moved: [bool; 2],
}

impl Ending {
    fn from_rows(
        seats: Vec<(String, String)>,
        moves: Vec<(String, String)>,
        rated: i64,
        variant: String,
        result: &str,
    ) -> Ending {
        let mut e = Ending {
            first: None,
            second: None,
            rated: rated != 0,
            variant,
            result: GameResult::from_engine(result),
            moved: [false, false],
        };
        for (seat, player) in seats {
            match seat.as_str() {
                "first" => e.first = Some(player),
                "second" => e.second = Some(player),
                _ => {}
            }
        }
        for (seat, body) in moves {
            if let (Some(side), Ok(Event::Move { .. })) = (seat_by_name(&seat), format::decode(&body)) {
                e.moved[usize::from(side == crate::server::engine::Side::Second)] = true;
            }
        }
        e
    }

    /// The two players to rate and the result, when the game counts.
    fn rated_pair(&self) -> Option<(&str, &str, GameResult)> {
        match (&self.first, &self.second, self.result) {
            (Some(a), Some(b), Some(result))
                if self.rated && a != b && self.moved == [true, true] && result != GameResult::NoResult =>
            {
                Some((a, b, result))
            }
            _ => None,
        }
    }
}

const SEAT_PLAYERS: &str = "SELECT e.seat, s.player FROM events e JOIN seat_players s ON s.token_hash = e.secret
                            WHERE e.seat IS NOT NULL AND e.game = ";
const MOVES: &str = "SELECT seat, body FROM events WHERE seat IS NOT NULL AND body LIKE '%\"t\":\"move\"%' AND game = ";
const UPSERT: &str = "INSERT INTO ratings (player, variant, rating, deviation, volatility, games)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (player, variant) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
    volatility = excluded.volatility, games = excluded.games";

/// The time a game ended: its last event's.
pub fn ended_at(events: &[Entry]) -> i64 {
    events.last().map_or(0, |e| e.at_ms)
}

/// Settles a game's end in a SQLite transaction (see the module's comment).
pub fn settle_sqlite(tx: &Connection, id: &str, ended_ms: i64) -> Result<(), StoreError> {
    let first_time = tx
        .execute("UPDATE games SET ended_ms = ?2 WHERE id = ?1 AND ended_ms IS NULL", params![id, ended_ms])
        .map_err(sq)?;
    if first_time != 1 {
        return Ok(());
    }
    let pairs = |sql: &str| -> Result<Vec<(String, String)>, StoreError> {
        let mut stmt = tx.prepare_cached(sql).map_err(sq)?;
        let rows = stmt.query_map([id], |r| Ok((r.get(0)?, r.get(1)?))).map_err(sq)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(sq)
    };
    let seats = pairs(&format!("{SEAT_PLAYERS}?1"))?;
    let moves = pairs(&format!("{MOVES}?1"))?;
    let (rated, variant, result): (i64, String, String) = tx
        .query_row("SELECT rated, variant, result FROM games WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .map_err(sq)?;
    let ending = Ending::from_rows(seats, moves, rated, variant, &result);
    tx.execute(
        "UPDATE games SET first_player = ?2, second_player = ?3 WHERE id = ?1",
        params![id, ending.first, ending.second],
    )
    .map_err(sq)?;
    let Some((a, b, result)) = ending.rated_pair() else { return Ok(()) };
    let read = |player: &str| -> Result<Rating, StoreError> {
        tx.query_row(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player = ?1 AND variant = ?2",
            [player, &ending.variant],
            |r| Ok(Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)?, games: r.get(3)? }),
        )
        .optional()
        .map(Option::unwrap_or_default)
        .map_err(sq)
    };
    let (ra, rb) = ratings::after_game(read(a)?, read(b)?, result);
    for (player, r) in [(a, ra), (b, rb)] {
        tx.execute(UPSERT, params![player, ending.variant, r.rating, r.deviation, r.volatility, r.games])
            .map_err(sq)?;
    }
    Ok(())
}

/// Settles a game's end in a PostgreSQL transaction. Rated ends take a
/// transaction-wide advisory lock first, so two processes rating the same
/// player take turns (and never deadlock: the games' rows come first, in
/// every writer, and this lock after them).
pub async fn settle_postgres(
    tx: &tokio_postgres::Transaction<'_>,
    id: &str,
    ended_ms: i64,
    ratings_lock: i64,
) -> Result<(), tokio_postgres::Error> {
    let first_time =
        tx.execute("UPDATE games SET ended_ms = $2 WHERE id = $1 AND ended_ms IS NULL", &[&id, &ended_ms]).await?;
    if first_time != 1 {
        return Ok(());
    }
    let pairs = |rows: Vec<tokio_postgres::Row>| rows.iter().map(|r| (r.get(0), r.get(1))).collect::<Vec<_>>();
    // The three reads sent together (pipelined): this runs in the group
    // writers' transactions, where every round trip holds up the group.
    let (seats, moves, row) = futures_util::future::try_join3(
        tx.query(&format!("{SEAT_PLAYERS}$1"), &[&id]),
        tx.query(&format!("{MOVES}$1"), &[&id]),
        tx.query_one("SELECT rated, variant, result FROM games WHERE id = $1", &[&id]),
    )
    .await?;
    let ending = Ending::from_rows(pairs(seats), pairs(moves), row.get(0), row.get(1), row.get::<_, &str>(2));
    // Both seats anonymous: the columns stay NULL (one write less).
    if ending.first.is_some() || ending.second.is_some() {
        tx.execute(
            "UPDATE games SET first_player = $2, second_player = $3 WHERE id = $1",
            &[&id, &ending.first, &ending.second],
        )
        .await?;
    }
    let Some((a, b, result)) = ending.rated_pair() else { return Ok(()) };
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&ratings_lock]).await?;
    let mut read = Vec::new();
    for player in [a, b] {
        let row = tx
            .query_opt(
                "SELECT rating, deviation, volatility, games FROM ratings WHERE player = $1 AND variant = $2",
                &[&player, &ending.variant],
            )
            .await?;
        read.push(row.map_or_else(Rating::default, |r| Rating {
            rating: r.get(0),
            deviation: r.get(1),
            volatility: r.get(2),
            games: r.get(3),
        }));
    }
    let (ra, rb) = ratings::after_game(read[0], read[1], result);
    for (player, r) in [(a, ra), (b, rb)] {
        tx.execute(UPSERT, &[&player, &ending.variant, &r.rating, &r.deviation, &r.volatility, &r.games]).await?;
    }
    Ok(())
}
