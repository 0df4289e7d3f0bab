//! Web Push against the real `zilo serve` over 127.0.0.1: a fake push
//! service (a plain HTTP listener in the test) receives the notice after the
//! opponent moves; the test checks the VAPID token's signature with the key
//! from `GET /api/push/key` and decrypts the payload with the subscriber's
//! private key (made here, as a browser would), finding the game in it. A
//! `410` from the push service forgets the subscription; bad subscriptions
//! are refused with their codes; the key survives a restart.

mod server_support;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::{json, Value};
use server_support::push::{FakePushService, Pushed, Subscriber};
use server_support::{s, sqlite_db, temp_dir, Server, WAIT};
use web_push_native::jwt_simple::prelude::*;

/// A request with an optional session; the status and the JSON answer.
fn send(server: &Server, method: &str, path: &str, session: Option<&str>, body: &Value) -> (u16, Value) {
    let agent: ureq::Agent =
        ureq::Agent::config_builder().http_status_as_error(false).timeout_global(Some(WAIT)).build().into();
    let url = server.url(path);
    let mut response = match (method, session) {
        ("POST", Some(session)) => {
            agent.post(&url).header("authorization", &format!("Bearer {session}")).send_json(body)
        }
        ("POST", None) => agent.post(&url).send_json(body),
        ("DELETE", _) => agent.delete(&url).force_send_body().send_json(body),
        _ => unreachable!(),
    }
    .expect("an HTTP answer");
    let status = response.status().as_u16();
    (status, response.body_mut().read_json().unwrap_or(Value::Null))
}

fn push_server(db: &str) -> Server {
    Server::start_with_args(
        db,
        &temp_dir("www"),
        &["--push-allow-http-loopback", "--push-contact", "mailto:ops@example.com", "--writes-per-minute", "0"],
    )
}

/// The VAPID public key the server gives, as bytes.
fn server_key(server: &Server) -> Vec<u8> {
    let (status, answer) = server.get("/api/push/key");
    assert_eq!(status, 200, "{answer}");
    let key = Base64UrlUnpadded::decode_vec(&s(&answer["key"])).expect("base64url");
    assert_eq!((key.len(), key[0]), (65, 4), "an uncompressed P-256 point");
    key
}

/// The `Authorization: vapid t=…, k=…` of a push: `k` is the server's key and
/// `t` a JWT signed with it, for the push service's origin, naming the contact.
fn check_vapid(pushed: &Pushed, key: &[u8], port: u16) {
    let header = pushed.header("authorization").expect("a VAPID authorization");
    let rest = header.strip_prefix("vapid ").unwrap_or_else(|| panic!("{header}"));
    let mut token = None;
    let mut k = None;
    for part in rest.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => token = Some(v.to_string()),
            Some(("k", v)) => k = Some(v.to_string()),
            _ => {}
        }
    }
    assert_eq!(Base64UrlUnpadded::decode_vec(&k.unwrap()).unwrap(), key, "k is the server's key");
    let public = ES256PublicKey::from_bytes(key).unwrap();
    let claims = public.verify_token::<NoCustomClaims>(&token.unwrap(), None).expect("a token signed with the key");
    let audiences = claims.audiences.expect("an audience").into_set();
    assert!(audiences.contains("http://127.0.0.1"), "the push service's origin (port {port}): {audiences:?}");
    assert_eq!(claims.subject.as_deref(), Some("mailto:ops@example.com"));
    let expires = claims.expires_at.expect("an expiry").as_secs();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    assert!(expires > now && expires <= now + 24 * 3600, "expires within a day (RFC 8292)");
}

/// The end of a correspondence Cyvasse game's hidden setup (`start`) is
/// pushed to the seat that begins, like a move to the seat to move; the other
/// seat, and a half locked before the other, push nothing.
#[test]
fn the_end_of_a_cyvasse_setup_is_pushed_to_the_seat_that_begins() {
    let service = FakePushService::start();
    let server = push_server(&sqlite_db("push-start"));
    let (id, first, second) = server.create_and_join(json!({"variant": "cyvasse", "clock": null}));
    let browsers = [Subscriber::new(service.endpoint("first")), Subscriber::new(service.endpoint("second"))];
    for (browser, token) in browsers.iter().zip([&first, &second]) {
        let (status, answer) = send(&server, "POST", "/api/push/subscription", None, &browser.json(&[token]));
        assert_eq!(status, 201, "{answer}");
    }
    let mut a = server.socket(&id, Some(&first), None);
    let mut b = server.socket(&id, Some(&second), None);
    assert_eq!(a.until("snapshot")["game"]["status"], "setup");
    b.until("snapshot");
    let half = |side, preset: usize| zilo::cyvasse::setup::presets(side)[preset].half.to_text(side);
    a.send(&json!({"t": "setup", "cid": "h1", "half": half(zilo::cyvasse::Side::White, 0)}));
    assert_eq!(a.answer("h1")["t"], "ack");
    assert!(service.nothing_within(Duration::from_millis(500)), "a locked half is no one's turn");
    b.send(&json!({"t": "setup", "cid": "h2", "half": half(zilo::cyvasse::Side::Black, 1)}));
    assert_eq!(b.answer("h2")["t"], "ack");
    let start = a.until("start");

    let turn = s(&server.view(&id)["turn"]);
    let pushed = service.next();
    assert_eq!(pushed.path, format!("/push/{turn}"), "told: the seat that begins");
    let browser = if turn == "first" { &browsers[0] } else { &browsers[1] };
    let notice = browser.open(&pushed);
    assert_eq!(
        notice,
        json!({"t": "start", "game": id, "variant": "cyvasse", "v": start["v"], "seat": turn}),
        "{notice}"
    );
    assert!(service.nothing_within(Duration::from_millis(500)), "the other seat is not told");
}

fn stored_subscriptions(db: &str) -> i64 {
    let path = db.strip_prefix("sqlite:").unwrap();
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row("SELECT count(*) FROM push_subscriptions", [], |r| r.get(0))
        .unwrap()
}

/// The opponent's move reaches the seat to move's subscription, encrypted for
/// it and signed with the server's key; the mover's own move does not; a
/// `410` from the push service forgets the subscription.
#[test]
fn the_opponents_move_is_pushed_to_the_seat_to_move_and_a_410_forgets_it() {
    let service = FakePushService::start();
    let db = sqlite_db("push");
    let server = push_server(&db);
    let key = server_key(&server);
    let (id, first, second) = server.create_and_join(json!({"variant": "chess", "clock": null}));
    let browser = Subscriber::new(service.endpoint("first"));
    let (status, answer) = send(&server, "POST", "/api/push/subscription", None, &browser.json(&[&first]));
    assert_eq!((status, &answer), (201, &json!({"seats": 1, "player": null})));

    let mut a = server.socket(&id, Some(&first), None);
    let mut b = server.socket(&id, Some(&second), None);
    let v = a.until("snapshot")["v"].as_u64().unwrap();
    b.until("snapshot");
    let ack = a.play("1", v, "e2e4");
    assert_eq!(ack["t"], "ack", "{ack}");
    assert!(service.nothing_within(Duration::from_millis(500)), "the mover is not told of their own move");
    let ack = b.play("2", v + 1, "e7e5");
    assert_eq!(ack["t"], "ack", "{ack}");

    let pushed = service.next();
    assert_eq!(pushed.path, "/push/first");
    assert_eq!(pushed.header("content-encoding"), Some("aes128gcm"));
    assert_eq!(pushed.header("ttl"), Some("43200"));
    assert_eq!(pushed.header("urgency"), Some("normal"));
    check_vapid(&pushed, &key, service.port);
    let notice = browser.open(&pushed);
    assert_eq!(notice["t"], "move", "{notice}");
    assert_eq!(notice["game"], id.as_str());
    assert_eq!(
        (notice["variant"].as_str(), notice["move"].as_str(), notice["san"].as_str()),
        (Some("chess"), Some("e7e5"), Some("e5"))
    );
    assert_eq!((notice["by"].as_str(), notice["seat"].as_str()), (Some("second"), Some("first")));

    // The push service says the subscription is gone: the server forgets it.
    service.status.store(410, Ordering::SeqCst);
    assert_eq!(a.play("3", v + 2, "g1f3")["t"], "ack");
    assert_eq!(b.play("4", v + 3, "b8c6")["t"], "ack");
    assert_eq!(browser.open(&service.next())["move"], "b8c6");
    let started = Instant::now();
    while stored_subscriptions(&db) > 0 {
        assert!(started.elapsed() < WAIT, "the subscription answered 410 is forgotten");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(a.play("5", v + 4, "f1c4")["t"], "ack");
    assert_eq!(b.play("6", v + 5, "g8f6")["t"], "ack");
    assert!(service.nothing_within(Duration::from_millis(500)), "nothing goes to a forgotten subscription");
}

/// A subscription bound to a signed-in player (no seat token) hears of the
/// moves in that player's games, and of a game's end; removing it stops them.
#[test]
fn a_players_subscription_hears_of_their_games_and_their_end() {
    let service = FakePushService::start();
    let server = push_server(&sqlite_db("push-player"));
    let (status, account) =
        send(&server, "POST", "/api/accounts", None, &json!({"name": "pusher", "password": "a password"}));
    assert_eq!(status, 201, "{account}");
    let session = s(&account["session"]);
    let phone = Subscriber::new(service.endpoint("phone"));
    let (status, answer) = send(&server, "POST", "/api/push/subscription", Some(&session), &phone.json(&[]));
    assert_eq!((status, &answer), (201, &json!({"seats": 0, "player": "pusher"})));

    let body = json!({"variant": "chess", "side": "second", "clock": {"days": 3}});
    let (status, created) = send(&server, "POST", "/api/games", Some(&session), &body);
    assert_eq!(status, 201, "{created}");
    let id = s(&created["game"]);
    let (status, joined) = send(&server, "POST", &format!("/api/games/{id}/join"), None, &json!({}));
    assert_eq!(status, 200, "{joined}");
    let mut white = server.socket(&id, Some(&s(&joined["token"])), None);
    let v = white.until("snapshot")["v"].as_u64().unwrap();
    assert_eq!(white.play("1", v, "d2d4")["t"], "ack");
    let notice = phone.open(&service.next());
    assert_eq!(
        (notice["t"].as_str(), notice["game"].as_str(), notice["seat"].as_str()),
        (Some("move"), Some(id.as_str()), Some("second"))
    );
    // Resigning ends the game: both seats are told (here only the player's phone listens).
    white.send(&json!({"t": "resign", "cid": "2"}));
    assert_eq!(white.answer("2")["t"], "ack");
    let notice = phone.open(&service.next());
    assert_eq!(notice, json!({"t": "end", "game": id, "variant": "chess", "result": "0-1", "reason": "resignation"}));

    let (status, _) = send(&server, "DELETE", "/api/push/subscription", None, &json!({"endpoint": phone.endpoint}));
    assert_eq!(status, 204);
    let (status, answer) =
        send(&server, "DELETE", "/api/push/subscription", None, &json!({"endpoint": phone.endpoint}));
    assert_eq!((status, s(&answer["code"])), (404, "server.noSuchSubscription".to_string()));
}

fn code(answer: &Value) -> String {
    s(&answer["code"])
}

/// Bad subscriptions get one-line coded refusals; the limit per address is 429.
#[test]
fn bad_subscriptions_are_refused_with_their_codes() {
    let strict = Server::start_with_args(&sqlite_db("push-strict"), &temp_dir("www"), &["--writes-per-minute", "0"]);
    let good = Subscriber::new("https://push.example.com/send/abc".into());
    let token = ["a-seat-token"];
    let post = |server: &Server, body: &Value| send(server, "POST", "/api/push/subscription", None, body);
    let (status, answer) = post(&strict, &good.json(&token));
    assert_eq!((status, answer["seats"].as_u64()), (201, Some(1)), "{answer}");

    let (status, text) = strict.post_raw("/api/push/subscription", b"{not json");
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("server.badRequest"), "{text}");
    let with = |field: &str, value: Value| {
        let mut body = good.json(&token);
        body[field] = value;
        body
    };
    let cases = [
        (with("endpoint", json!("http://push.example.com/x")), "https://"),
        (with("endpoint", json!("https://127.0.0.1/x")), "public address"),
        (with("endpoint", json!("https://192.168.0.10/x")), "public address"),
        (with("endpoint", json!("https://localhost:8000/x")), "public address"),
        (with("endpoint", json!("http://127.0.0.1:9/x")), "https://"),
        (with("endpoint", json!(7)), "'endpoint'"),
        (with("keys", json!({"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"})), "p256dh"),
        (with("keys", json!({"p256dh": good.json(&[])["keys"]["p256dh"], "auth": "AAAA"})), "auth"),
        (with("keys", Value::Null), "'keys'"),
        (with("tokens", json!([1, 2])), "tokens"),
        (with("tokens", json!("a-seat-token")), "tokens"),
        (with("tokens", json!([])), "nothing to tell it of"),
        (with("tokens", json!(vec!["t"; 201])), "more than 200"),
    ];
    for (body, words) in cases {
        let (status, answer) = post(&strict, &body);
        assert_eq!((status, code(&answer).as_str()), (400, "server.badSubscription"), "{body}: {answer}");
        let error = s(&answer["error"]);
        assert!(error.contains(words) && !error.contains('\n'), "{words}: {error}");
    }
    let huge = with("tokens", json!(["x".repeat(17 * 1024)]));
    let (status, _) = strict.post_raw("/api/push/subscription", huge.to_string().as_bytes());
    assert_eq!(status, 413);
    let (status, answer) = send(&strict, "POST", "/api/push/subscription", Some("not-a-session"), &good.json(&token));
    assert_eq!((status, code(&answer).as_str()), (401, "server.badSession"));

    // Twenty subscriptions from one address; the twenty-first is refused, renewing one is not.
    for n in 1..20 {
        let sub = Subscriber::new(format!("https://push.example.com/send/{n}"));
        let (status, answer) = post(&strict, &sub.json(&token));
        assert_eq!(status, 201, "{n}: {answer}");
    }
    let sub = Subscriber::new("https://push.example.com/send/20".into());
    let (status, answer) = post(&strict, &sub.json(&token));
    assert_eq!((status, code(&answer).as_str()), (429, "server.tooManySubscriptions"), "{answer}");
    assert_eq!(answer["args"]["max"], "20");
    let (status, _) = post(&strict, &good.json(&["another-token"]));
    assert_eq!(status, 201, "an endpoint already stored is renewed, not counted again");
}

/// The VAPID key is made once and kept: the same after a restart.
#[test]
fn the_push_key_survives_a_restart() {
    let db = sqlite_db("push-key");
    let server = push_server(&db);
    let key = server_key(&server);
    assert!(server.terminate().success());
    let server = push_server(&db);
    assert_eq!(server_key(&server), key);
    let rows: i64 = rusqlite::Connection::open(db.strip_prefix("sqlite:").unwrap())
        .unwrap()
        .query_row("SELECT count(*) FROM push_keys", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 1);
}
