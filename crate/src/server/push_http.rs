//! The Web Push routes (additions to the contract; `push.rs` sends):
//! `GET /api/push/key`, the server's VAPID public key; `POST
//! /api/push/subscription`, a browser's subscription bound to the seat
//! tokens it holds and/or the signed-in player; `DELETE
//! /api/push/subscription`, forgetting it.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Extension, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::accounts;
use super::actor::now_ms;
use super::http::{error, json_object, App, Refusal};
use super::limits::{too_many, ClientAddr};
use super::refused::Refused;
use super::tokens;

/// Subscriptions from one client address (a household's or a club's devices).
pub const PER_ADDRESS: i64 = 20;
/// Subscriptions of one player (their browsers and devices).
pub const PER_PLAYER: i64 = 20;
/// Seat tokens one subscription is bound to (a browser's seats; a body holds fewer anyway).
pub const MAX_TOKENS: usize = 200;

pub(super) fn routes() -> Router<App> {
    Router::new()
        .route("/api/push/key", get(key))
        .route("/api/push/subscription", axum::routing::post(subscribe).delete(unsubscribe))
}

fn bad(detail: impl std::fmt::Display) -> Response {
    error(
        StatusCode::BAD_REQUEST,
        Refused::new("server.badSubscription", format!("bad push subscription: {detail}")).arg("error", detail),
    )
}

fn unavailable(e: impl std::fmt::Display) -> Response {
    error(StatusCode::SERVICE_UNAVAILABLE, Refused::unavailable(e))
}

async fn key(State(app): State<App>) -> Response {
    match app.hub.push.get() {
        Some(pusher) => Json(json!({"key": pusher.public_key()})).into_response(),
        None => unavailable("push is not running"),
    }
}

/// `{"endpoint", "keys": {"p256dh", "auth"}, "tokens": [seat tokens]}` with
/// an optional session: stored (or renewed) and bound to those seats and that player.
async fn subscribe(
    State(app): State<App>,
    Extension(client): Extension<ClientAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let Some(pusher) = app.hub.push.get() else { return unavailable("push is not running") };
    let body = match json_object(body) {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    let sub = match super::push::subscription(&body, pusher.policy) {
        Ok(sub) => sub,
        Err(e) => return bad(e),
    };
    let tokens: Vec<&str> = match body.get("tokens") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) if list.len() <= MAX_TOKENS => match list.iter().map(Value::as_str).collect() {
            Some(tokens) => tokens,
            None => return bad("'tokens' must be strings (seat tokens)"),
        },
        Some(Value::Array(_)) => return bad(format!("'tokens' holds more than {MAX_TOKENS}")),
        Some(_) => return bad("'tokens' must be a list of seat tokens"),
    };
    let player = match accounts::session_player(&app.hub.store, &headers).await {
        Ok(player) => player.map(|(p, _)| p),
        Err((status, refused)) => return error(status, refused),
    };
    if tokens.is_empty() && player.is_none() {
        return bad("no seat token and no session: nothing to tell it of");
    }
    let address = client.0.to_string();
    let player_key = player.as_ref().map(|p| p.key.as_str());
    match app.hub.store.push_subscriptions_count(&sub.endpoint, &address, player_key).await {
        Ok((from_address, of_player)) if from_address >= PER_ADDRESS || of_player >= PER_PLAYER => {
            let max = if from_address >= PER_ADDRESS { PER_ADDRESS } else { PER_PLAYER };
            let reason = format!("too many push subscriptions (at most {max} from one address and for one player)");
            return too_many("server.tooManySubscriptions", reason, max);
        }
        Ok(_) => {}
        Err(e) => return unavailable(e),
    }
    let hashes: Vec<String> = tokens.iter().map(|t| tokens::hash(t)).collect();
    if let Err(e) = app.hub.store.save_push_subscription(&sub, player_key, &hashes, &address, now_ms()).await {
        return error(StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e));
    }
    let name = player.map(|p| p.name);
    (StatusCode::CREATED, Json(json!({"seats": hashes.len(), "player": name}))).into_response()
}

/// `{"endpoint"}`: that subscription is forgotten (`404` when there is none).
async fn unsubscribe(State(app): State<App>, body: Result<Bytes, BytesRejection>) -> Response {
    let body = match json_object(body) {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    let Some(endpoint) = body.get("endpoint").and_then(Value::as_str) else {
        return Refusal::bad("'endpoint' (a string) is missing").into_response();
    };
    match app.hub.store.delete_push_subscription(endpoint).await {
        Ok(true) => StatusCode::NO_CONTENT.into_response(),
        Ok(false) => {
            error(StatusCode::NOT_FOUND, Refused::new("server.noSuchSubscription", "no such push subscription"))
        }
        Err(e) => error(StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e)),
    }
}
