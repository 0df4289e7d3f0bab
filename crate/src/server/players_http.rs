//! The players' routes (the contract's "Finding a rival"):
//! `POST /api/accounts`, `POST`/`DELETE /api/sessions`,
//! `GET /api/players/<name>`; and binding a seat to the player whose
//! session joins a game (`accounts.rs` does the work).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Extension, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use super::accounts::{self, name_key};
use super::actor::now_ms;
use super::http::{error, json_object, optional_string, App, Refusal};
use super::limits::ClientAddr;
use super::refused::Refused;
use super::tokens;

pub(super) fn routes() -> Router<App> {
    Router::new()
        .route("/api/accounts", post(sign_up))
        .route("/api/sessions", post(sign_in).delete(sign_out))
        .route("/api/players/{name}", get(player))
}

pub(super) fn rated_needs_account() -> Refused {
    Refused::new("server.ratedNeedsAccount", "a rated game needs a signed-in player (a session)")
}

fn refusal((status, refused): accounts::Refusal) -> Response {
    let retry = accounts::retry_after(&refused);
    let mut response = error(status, refused);
    if let Some(value) = retry {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// The `name` and `password` of a request's body (both strings).
fn credentials(body: Result<Bytes, BytesRejection>) -> Result<(String, String), Refusal> {
    let body = json_object(body)?;
    let name = optional_string(&body, "name")?.ok_or_else(|| Refusal::bad("'name' is missing"))?;
    let password = optional_string(&body, "password")?.ok_or_else(|| Refusal::bad("'password' is missing"))?;
    Ok((name.to_string(), password.to_string()))
}

async fn sign_up(State(app): State<App>, body: Result<Bytes, BytesRejection>) -> Response {
    let (name, password) = match credentials(body) {
        Ok(c) => c,
        Err(r) => return r.into_response(),
    };
    match app.accounts.sign_up(&app.hub.store, &name, &password, now_ms()).await {
        Ok((player, session)) => {
            tracing::info!(player = %player.name, "account created");
            (StatusCode::CREATED, Json(json!({"name": player.name, "session": session}))).into_response()
        }
        Err(r) => refusal(r),
    }
}

async fn sign_in(
    State(app): State<App>,
    Extension(client): Extension<ClientAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let (name, password) = match credentials(body) {
        Ok(c) => c,
        Err(r) => return r.into_response(),
    };
    match app.accounts.sign_in(&app.hub.store, client.0, &name, &password, now_ms()).await {
        Ok((player, session)) => Json(json!({"name": player.name, "session": session})).into_response(),
        Err(r) => refusal(r),
    }
}

async fn sign_out(State(app): State<App>, headers: HeaderMap) -> Response {
    let hash = match accounts::session_player(&app.hub.store, &headers).await {
        Ok(Some((_, hash))) => hash,
        Ok(None) => return refusal(accounts::bad_session()),
        Err(r) => return refusal(r),
    };
    match app.hub.store.delete_session(&hash).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => error(StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e)),
    }
}

async fn player(
    State(app): State<App>,
    Path(name): Path<String>,
    Query(query): Query<std::collections::HashMap<String, String>>,
) -> Response {
    let before = match query.get("before").map(|b| b.parse::<i64>()) {
        None => None,
        Some(Ok(b)) => Some(b),
        Some(Err(_)) => return Refusal::bad("'before' must be a whole number (an 'ended' time)").into_response(),
    };
    let no_such = || error(StatusCode::NOT_FOUND, Refused::new("server.noSuchPlayer", "no such player"));
    if accounts::check_name(&name).is_err() {
        return no_such();
    }
    match app.hub.store.player_page(&name_key(&name), before).await {
        Ok(Some(page)) => Json(page).into_response(),
        Ok(None) => no_such(),
        Err(e) => error(StatusCode::SERVICE_UNAVAILABLE, Refused::unavailable(e)),
    }
}

/// Before a join: the session's player (if any) is bound to the new seat's
/// token; a rated game takes only a signed-in player.
pub(super) async fn bind_joiner(app: &App, headers: &HeaderMap, game: &str, token: &str) -> Result<(), Refusal> {
    let player = accounts::session_player(&app.hub.store, headers).await.map_err(|(s, r)| Refusal(s, r))?;
    match player {
        Some((player, _)) => app
            .hub
            .store
            .bind_seat(&tokens::hash(token), &player.key)
            .await
            .map_err(|e| Refusal(StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e))),
        None => match app.hub.store.game_players(game).await {
            Ok((_, true)) => Err(Refusal(StatusCode::UNAUTHORIZED, rated_needs_account())),
            Ok(_) => Ok(()),
            Err(e) => Err(Refusal(StatusCode::SERVICE_UNAVAILABLE, Refused::unavailable(e))),
        },
    }
}
