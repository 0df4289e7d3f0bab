//! One statement on either database, for the lobby's simple writes: the SQL
//! is written once with PostgreSQL's `$N` placeholders (SQLite reads them as
//! `?N`), its parameters are texts then whole numbers, and a broken
//! uniqueness comes back as `StoreError::Conflict` from both.

use super::{Storage, StoreError};

/// `sql` as SQLite writes its numbered placeholders (it would read `$1` as a name,
/// numbered by first appearance).
pub(super) fn lite(sql: &str) -> String {
    sql.replace('$', "?")
}

pub(super) fn sq(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Conflict,
        _ => StoreError::Other(e.to_string()),
    }
}

pub(super) fn pg(e: tokio_postgres::Error) -> StoreError {
    if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) {
        StoreError::Conflict
    } else {
        StoreError::Other(super::postgres::describe(&e))
    }
}

impl Storage {
    /// Runs `sql` (placeholders `$1`… for `texts`, then for `numbers`) and
    /// answers how many rows it changed.
    pub(super) async fn execute(
        &self,
        sql: &'static str,
        texts: Vec<String>,
        numbers: Vec<i64>,
    ) -> Result<u64, StoreError> {
        match self {
            Storage::Sqlite(db) => {
                let (tx, rx) = tokio::sync::oneshot::channel();
                db.write(move |c| {
                    let values: Vec<&dyn rusqlite::ToSql> = texts
                        .iter()
                        .map(|t| t as &dyn rusqlite::ToSql)
                        .chain(numbers.iter().map(|n| n as &dyn rusqlite::ToSql))
                        .collect();
                    let changed = c.execute(&lite(sql), values.as_slice()).map_err(sq)?;
                    let _ = tx.send(changed as u64);
                    Ok(())
                })
                .await?;
                rx.await.map_err(|_| StoreError::Other("the database thread stopped".into()))
            }
            Storage::Postgres(db) => {
                let values: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = texts
                    .iter()
                    .map(|t| t as &(dyn tokio_postgres::types::ToSql + Sync))
                    .chain(numbers.iter().map(|n| n as &(dyn tokio_postgres::types::ToSql + Sync)))
                    .collect();
                db.client().await?.execute(sql, &values).await.map_err(pg)
            }
        }
    }
}
