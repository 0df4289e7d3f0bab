//! The HTTP routes: the API under `/api/`, `/metrics`, and the page's files
//! from the `www` directory (tower-http's `ServeDir`, which refuses paths
//! that leave it). Errors are `{"error": "<one line>"}` with a 4xx or 503
//! status, plus the refusal's `code` and `args` (see `refused`). Every
//! request passes `guard` first (`limits`: header size, the client's
//! address, the rate of writes); every socket takes a place (`admission`).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Extension, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::watch;
use tower_http::cors::{Any, CorsLayer};
use tower_http::services::ServeDir;
use tower_http::trace::{DefaultOnFailure, TraceLayer};

use super::accounts::{self, Accounts};
use super::actor::{now_ms, Answer, Hub, HubError};
use super::admission::Admission;
use super::clock::ClockSpec;
use super::config::Config;
use super::engine::{self, Game, Side, Tags};
use super::game::{Command, GameState, Meta};
use super::limits::{ClientAddr, Limits};
use super::protocol::{seat_by_name, seat_name};
use super::refused::Refused;
use super::socket::{self, Connection, MAX_FRAME};
use super::tokens;

/// The largest request body read.
const MAX_BODY: usize = 16 * 1024;
/// A WebSocket's write buffer.
const SOCKET_BUFFER: usize = 4 * 1024;
/// A WebSocket's read buffer: one largest frame. tungstenite zeroes the whole
/// free part of it before every read, so its default (128 KiB) made zeroing
/// memory a fifth of the server's time under load.
const READ_BUFFER: usize = MAX_FRAME;

#[derive(Clone)]
pub(super) struct App {
    pub(super) hub: Arc<Hub>,
    pub(super) stop: watch::Receiver<bool>,
    /// Who may open a socket.
    admission: Arc<Admission>,
    limits: Arc<Limits>,
    /// How long a spectator's socket may stay silent.
    watcher_idle: Duration,
    /// Sign-ups and sign-ins (`accounts`).
    pub(super) accounts: Arc<Accounts>,
    /// Seeks and lobby sockets (`lobby`).
    pub(super) lobby: Arc<super::lobby::Lobby>,
}

pub(super) fn error(status: StatusCode, refused: Refused) -> Response {
    let mut body = serde_json::Map::new();
    body.insert("error".into(), Value::from(refused.reason.as_str()));
    refused.add_to(&mut body);
    (status, Json(Value::Object(body))).into_response()
}

/// A refused request before it becomes a response: its status and why.
pub(super) struct Refusal(pub(super) StatusCode, pub(super) Refused);

impl Refusal {
    pub(super) fn bad(detail: impl std::fmt::Display) -> Refusal {
        Refusal(StatusCode::BAD_REQUEST, Refused::bad_request(detail))
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        error(self.0, self.1)
    }
}

fn hub_error(e: HubError) -> Response {
    let status = match e {
        HubError::NotFound => StatusCode::NOT_FOUND,
        HubError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    error(status, e.refused())
}

/// The routes; `limits` is shared with the task that forgets idle addresses.
pub fn router(
    hub: Arc<Hub>,
    www: Option<PathBuf>,
    stop: watch::Receiver<bool>,
    config: &Config,
    limits: Arc<Limits>,
) -> Router {
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST, Method::DELETE])
        .allow_headers([header::CONTENT_TYPE, header::AUTHORIZATION]);
    let api = Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/socket", get(connect))
        .route("/api/health", get(health))
        .merge(super::players_http::routes())
        .merge(super::lobby::routes())
        .merge(super::push_http::routes())
        .route("/api/{*rest}", get(no_route).post(no_route))
        .route("/metrics", get(metrics))
        .method_not_allowed_fallback(wrong_method);
    let app = match www {
        Some(dir) => api.fallback_service(ServeDir::new(dir)),
        None => api.fallback(no_route),
    };
    let hub_lobby = hub.store.lobby_notices();
    let app_state = App {
        hub,
        stop,
        admission: Arc::new(Admission::new(config)),
        limits,
        watcher_idle: Duration::from_secs(config.watcher_idle_seconds),
        accounts: Arc::new(Accounts::new()),
        lobby: Arc::new(super::lobby::Lobby::new(
            hub_lobby.is_some(),
            config.lobby_sockets_per_address,
            config.seeks_per_address,
        )),
    };
    if let Some(notices) = hub_lobby {
        tokio::spawn(super::lobby::follow(app_state.lobby.clone(), notices));
    }
    tokio::spawn(super::lobby::sweep(app_state.hub.clone(), app_state.lobby.clone()));
    tokio::spawn(super::lobby::pump(app_state.lobby.clone()));
    app.layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(app_state.clone(), guard))
        .layer(cors)
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    // The path only: a socket's query holds its token, which is never logged.
                    tracing::debug_span!("http", method = %req.method(), path = %req.uri().path())
                })
                // A refusal (over --max-connections, a database away) is answered and counted;
                // an error line for each would flood the log under load.
                .on_failure(DefaultOnFailure::new().level(tracing::Level::DEBUG)),
        )
        .with_state(app_state)
}

/// Before any route: headers too large are refused (431); the client's
/// address is found (for the routes after); a `POST` over its address's
/// rate is refused (429, with `Retry-After`).
async fn guard(State(app): State<App>, mut request: Request, next: Next) -> Response {
    if let Err(refused) = Limits::check_headers(request.uri(), request.headers()) {
        return error(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, refused);
    }
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let client = app.limits.client(peer, request.headers());
    request.extensions_mut().insert(client);
    if request.method() == Method::POST {
        if let Err(refused) = app.limits.check_write(client) {
            let seconds = refused.args.iter().find(|(k, _)| *k == "seconds").map(|(_, v)| v.clone());
            let mut response = error(StatusCode::TOO_MANY_REQUESTS, refused);
            if let Some(value) = seconds.and_then(|s| HeaderValue::from_str(&s).ok()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            return response;
        }
    }
    next.run(request).await
}

async fn no_route() -> Response {
    error(StatusCode::NOT_FOUND, Refused::bad_request("no such route"))
}

async fn wrong_method(method: Method) -> Response {
    error(StatusCode::METHOD_NOT_ALLOWED, Refused::bad_request(format!("{method} is not answered here")))
}

async fn health(State(app): State<App>) -> Response {
    Json(json!({"ok": true, "db": app.hub.store.kind(), "games_loaded": app.hub.loaded().await})).into_response()
}

async fn metrics(State(app): State<App>) -> Response {
    let in_play = app.hub.store.count_in_play().await.ok();
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], app.hub.metrics.render(in_play)).into_response()
}

/// A request body as a JSON object.
pub(super) fn json_object(body: Result<Bytes, BytesRejection>) -> Result<serde_json::Map<String, Value>, Refusal> {
    let body = body.map_err(|e| {
        Refusal(e.status(), Refused::bad_request(format!("cannot read the request body: {}", e.body_text())))
    })?;
    match serde_json::from_slice(&body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(Refusal::bad("the body must be a JSON object")),
        Err(e) => Err(Refusal::bad(format!("the body is not JSON: {e}"))),
    }
}

pub(super) fn optional_string<'a>(
    body: &'a serde_json::Map<String, Value>,
    name: &str,
) -> Result<Option<&'a str>, Refusal> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Refusal::bad(format!("'{name}' must be a string"))),
    }
}

/// The fields of a create request: variant, the creator's seat, clock, position.
fn create_fields(
    body: Result<Bytes, BytesRejection>,
) -> Result<(String, Side, Option<ClockSpec>, Option<String>), Refusal> {
    let body = json_object(body)?;
    let variant = optional_string(&body, "variant")?
        .ok_or_else(|| Refusal::bad(format!("'variant' is missing (one of: {})", engine::ids().join(", "))))?;
    for field in ["side", "clock"] {
        if !body.contains_key(field) {
            let reason = format!("'{field}' is missing (the contract names it; \"clock\": null has none)");
            return Err(Refusal(
                StatusCode::BAD_REQUEST,
                Refused::new("server.missingField", reason).arg("field", field),
            ));
        }
    }
    let seat = match optional_string(&body, "side")?
        .ok_or_else(|| Refusal::bad("'side' is \"first\", \"second\" or \"random\""))?
    {
        "random" => {
            if tokens::coin() {
                Side::First
            } else {
                Side::Second
            }
        }
        name => seat_by_name(name).ok_or_else(|| Refusal::bad("'side' is \"first\", \"second\" or \"random\""))?,
    };
    let clock = ClockSpec::from_request(body.get("clock")).map_err(Refusal::bad)?;
    let position = optional_string(&body, "position")?.map(str::to_string);
    Ok((variant.to_string(), seat, clock, position))
}

async fn create(State(app): State<App>, headers: HeaderMap, body: Result<Bytes, BytesRejection>) -> Response {
    let rated = match body.as_ref().ok().and_then(|b| serde_json::from_slice::<Value>(b).ok()) {
        Some(v) => match v.get("rated") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Refusal::bad("'rated' must be true or false").into_response(),
        },
        None => false,
    };
    let (variant, seat, clock, position) = match create_fields(body) {
        Ok(fields) => fields,
        Err(refusal) => return refusal.into_response(),
    };
    let player = match accounts::session_player(&app.hub.store, &headers).await {
        Ok(player) => player.map(|(p, _)| p),
        Err((status, refused)) => return error(status, refused),
    };
    if rated && player.is_none() {
        return error(StatusCode::UNAUTHORIZED, super::players_http::rated_needs_account());
    }
    let meta = Meta { id: tokens::game_id(), variant, position, clock, created_ms: now_ms() };
    // The engine checks the variant and the position before anything is stored.
    if let Err(refused) = GameState::new(meta.clone()) {
        return error(StatusCode::BAD_REQUEST, refused);
    }
    let token = tokens::token();
    let id = meta.id.clone();
    let variant = meta.variant.clone();
    // The seat's player is bound to its token before the seat is taken with it.
    if let Some(player) = &player {
        if let Err(e) = app.hub.store.bind_seat(&tokens::hash(&token), &player.key).await {
            return error(StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e));
        }
    }
    if let Err(e) = app.hub.create(meta, seat, tokens::hash(&token)).await {
        return error(StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e));
    }
    if rated {
        if let Err(e) = app.hub.store.set_rated(&id).await {
            return error(StatusCode::SERVICE_UNAVAILABLE, Refused::not_stored(e));
        }
    }
    tracing::info!(game = %id, variant = %variant, "game created");
    (StatusCode::CREATED, Json(json!({"game": id, "seat": seat_name(seat), "token": token}))).into_response()
}

/// The game id in the path, if it could be one (an unreadable path is no game either).
fn game_id(path: Result<Path<String>, PathRejection>) -> Result<String, Refusal> {
    match path {
        Ok(Path(id)) if tokens::is_game_id(&id) => Ok(id),
        _ => Err(Refusal(StatusCode::NOT_FOUND, HubError::NotFound.refused())),
    }
}

async fn join(State(app): State<App>, headers: HeaderMap, path: Result<Path<String>, PathRejection>) -> Response {
    let id = match game_id(path) {
        Ok(id) => id,
        Err(refusal) => return refusal.into_response(),
    };
    let token = tokens::token();
    if let Err(refusal) = super::players_http::bind_joiner(&app, &headers, &id, &token).await {
        return refusal.into_response();
    }
    let command = Command::Join { token_hash: tokens::hash(&token), seat: None };
    match app.hub.command(&id, None, None, command).await {
        Ok(Answer::Ack(_, Some(seat))) => {
            tracing::info!(game = %id, seat = seat_name(seat), "joined");
            Json(json!({"game": id, "seat": seat_name(seat), "token": token})).into_response()
        }
        Ok(Answer::Ack(_, None)) => {
            error(StatusCode::CONFLICT, Refused::new("server.seatsTaken", "both seats are taken"))
        }
        Ok(Answer::Reject(refused)) if refused.code == "server.seatsTaken" => error(StatusCode::CONFLICT, refused),
        Ok(Answer::Reject(refused)) => error(StatusCode::SERVICE_UNAVAILABLE, refused),
        Err(e) => hub_error(e),
    }
}

async fn view(State(app): State<App>, path: Result<Path<String>, PathRejection>) -> Response {
    // `/api/games/<id>.pgn`: the same game as PGN.
    if let Ok(Path(name)) = &path {
        if let Some(id) = name.strip_suffix(".pgn").filter(|id| tokens::is_game_id(id)) {
            return view_pgn(app, id.to_string()).await;
        }
    }
    let id = match game_id(path) {
        Ok(id) => id,
        Err(refusal) => return refusal.into_response(),
    };
    match app.hub.view(&id).await {
        Ok(game) => Json(game).into_response(),
        Err(e) => hub_error(e),
    }
}

/// `GET /api/games/<id>.pgn`: the game as PGN (`Event`, `Site`, the result
/// and `Termination` as the server has them, `TimeControl` for a live
/// clock); 409 while a hidden setup is not finished (no position yet).
async fn view_pgn(app: App, id: String) -> Response {
    let view = match app.hub.view(&id).await {
        Ok(view) => view,
        Err(e) => return hub_error(e),
    };
    let variant = view["variant"].as_str().unwrap_or_default();
    let Some(start) = view["start"].as_str() else {
        let refused = Refused::new("server.setupNotFinished", "the game has no position until both setups are in");
        return error(StatusCode::CONFLICT, refused);
    };
    let mut game = match Game::new(variant, Some(start)) {
        Ok(game) => game,
        Err(e) => return error(StatusCode::SERVICE_UNAVAILABLE, Refused::new("server.unavailable", e.to_string())),
    };
    for m in view["moves"].as_array().into_iter().flatten() {
        if let Err(e) = game.push(m.as_str().unwrap_or_default()) {
            return error(StatusCode::SERVICE_UNAVAILABLE, Refused::new("server.unavailable", e.to_string()));
        }
    }
    let mut tags = Tags::new().with("Event", "zilo game").with("Site", format!("/api/games/{id}"));
    let result = view["result"].as_str().unwrap_or("*");
    tags.set("Result", result);
    if let Some(reason) = view["reason"].as_str().filter(|r| *r != "ongoing" && !r.is_empty()) {
        tags.set("Termination", reason);
    }
    if let Some(spec) = view["clock_spec"].as_object() {
        // Seconds plus seconds, as lichess writes it; a correspondence clock `-`.
        match (spec.get("initial").and_then(Value::as_f64), spec.get("increment").and_then(Value::as_f64)) {
            (Some(initial), Some(increment)) => tags.set("TimeControl", format!("{initial}+{increment}")),
            _ => tags.set("TimeControl", "-"),
        }
    }
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-chess-pgn; charset=utf-8"));
    (StatusCode::OK, headers, game.to_pgn(&tags)).into_response()
}

/// The WebSocket subprotocol a client may name (`Sec-WebSocket-Protocol: zilo,
/// zilo.token.<token>`): the server answers `zilo`. The seat's token goes in the
/// second name, so it stays out of URLs (and out of every proxy's access log);
/// `?token=` works as before.
const SUBPROTOCOL: &str = "zilo";
const TOKEN_PREFIX: &str = "zilo.token.";

/// What a socket request's `Sec-WebSocket-Protocol` headers offer.
#[derive(Debug, Default, PartialEq)]
struct Subprotocols {
    zilo: bool,
    token: Option<String>,
}

impl Subprotocols {
    fn read(headers: &HeaderMap) -> Subprotocols {
        let mut offered = Subprotocols::default();
        let names = headers.get_all(header::SEC_WEBSOCKET_PROTOCOL).iter().filter_map(|v| v.to_str().ok());
        for name in names.flat_map(|v| v.split(',')).map(str::trim) {
            if name == SUBPROTOCOL {
                offered.zilo = true;
            } else if let Some(token) = name.strip_prefix(TOKEN_PREFIX).filter(|t| !t.is_empty()) {
                offered.token = Some(token.to_string());
            }
        }
        offered
    }
}

async fn connect(
    State(app): State<App>,
    Extension(client): Extension<ClientAddr>,
    path: Result<Path<String>, PathRejection>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let id = match game_id(path) {
        Ok(id) => id,
        Err(refusal) => return refusal.into_response(),
    };
    let since = match query.get("v").map(|v| v.parse::<u64>()) {
        None => None,
        Some(Ok(v)) => Some(v),
        Some(Err(_)) => return Refusal::bad("'v' must be a whole number").into_response(),
    };
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(e) => {
            let detail = format!("a WebSocket request is needed here: {}", e.body_text());
            return error(e.status(), Refused::bad_request(detail));
        }
    };
    let offered = Subprotocols::read(&headers);
    let token = query.get("token").filter(|t| !t.is_empty()).map(String::as_str).or(offered.token.as_deref());
    let token_hash = token.map(tokens::hash);
    // A client that names the `zilo` subprotocol is answered with it (browsers close a
    // socket whose offered protocols were not answered).
    let upgrade = if offered.zilo { upgrade.protocols([SUBPROTOCOL]) } else { upgrade };
    let place = match app.admission.admit(&app.hub, token_hash.as_deref(), client) {
        Ok(place) => place,
        Err(refused) => {
            app.hub.metrics.connections_refused.fetch_add(1, Ordering::Relaxed);
            // The server is full, or this address watches enough already.
            let status = match refused.code {
                "server.watchersFromAddress" | "server.seatSocketsFromAddress" | "server.socketsPerSeat" => {
                    StatusCode::TOO_MANY_REQUESTS
                }
                _ => StatusCode::SERVICE_UNAVAILABLE,
            };
            return error(status, refused);
        }
    };
    let subscription = match app.hub.connect(&id, token_hash.clone(), since).await {
        Ok(Ok(subscription)) => subscription,
        Ok(Err(refused)) => return error(StatusCode::FORBIDDEN, refused),
        Err(e) => return hub_error(e),
    };
    let presence = query.get("presence").is_some_and(|p| p == "1");
    let connection = Connection {
        hub: app.hub.clone(),
        game: id,
        token_hash,
        subscription,
        stop: app.stop.clone(),
        presence,
        place,
        watcher_idle: app.watcher_idle,
    };
    // Small buffers: a game's two sockets are much of its memory. (A 4 KiB read buffer
    // stalled a flooded socket in the tests: it holds at least one largest frame.)
    upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(SOCKET_BUFFER)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |ws| socket::run(ws, connection))
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subprotocol_header_gives_the_token_and_asks_for_zilo() {
        let mut headers = HeaderMap::new();
        assert_eq!(Subprotocols::read(&headers), Subprotocols::default());
        headers.insert(header::SEC_WEBSOCKET_PROTOCOL, HeaderValue::from_static("zilo, zilo.token.ab12"));
        assert_eq!(Subprotocols::read(&headers), Subprotocols { zilo: true, token: Some("ab12".into()) });
        headers.insert(header::SEC_WEBSOCKET_PROTOCOL, HeaderValue::from_static("chat, zilo.token."));
        assert_eq!(Subprotocols::read(&headers), Subprotocols::default());
    }
}
