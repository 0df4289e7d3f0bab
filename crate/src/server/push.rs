//! Web Push: a closed tab is told it is the player's move. The server has a
//! VAPID key pair (P-256, RFC 8292) made at its first start and kept in the
//! database (`storage/push.rs`), so every process on one PostgreSQL signs
//! alike and subscriptions outlive restarts. When a stored move makes it a
//! seat's turn (or a game ends), the actor hands a small JSON notice to a
//! bounded queue (never waiting: a full queue drops the notice); one
//! background task takes the notices waiting, looks up their seats'
//! subscriptions in one query (most seats have none), and sends each an
//! RFC 8291 `aes128gcm` request (`web-push-native` builds it) with `ureq`
//! on a blocking thread. A subscription its push service answers 404 or 410
//! is forgotten.
//!
//! The server POSTs to addresses clients gave it, so an endpoint must be
//! `https://` and reach only public addresses (checked on the addresses the
//! name resolves to, at each connection, so a name cannot point inward
//! later); `--push-allow-http-loopback` (for tests) also lets `http://` reach
//! the loopback addresses.

use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::Uri;
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::Value;
use tokio::sync::mpsc;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::{p256, Auth, WebPushBuilder};

use super::actor::{now_ms, Hub};
use super::storage::push::PushSubscription;

/// Notices waiting for the sender; past this they are dropped (a game never waits for a push service).
const QUEUE: usize = 8192;
/// The most notices whose seats' subscriptions are looked up at once.
const BATCH: usize = 1024;
/// At most one warning of dropped notices per this many milliseconds (with how many).
const WARN_EVERY_MS: i64 = 10_000;
/// How long a push service keeps a notice for an offline browser (`TTL`), and
/// how long the VAPID token is valid (RFC 8292 allows up to 24 hours).
const TTL: Duration = Duration::from_secs(12 * 60 * 60);
/// The longest a push service may take to answer one request.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest endpoint taken (real ones are under 500 characters).
pub const MAX_ENDPOINT: usize = 1024;

/// What the server asks of endpoints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// `http://` to loopback addresses too (`--push-allow-http-loopback`, for tests).
    pub allow_http_loopback: bool,
}

/// The running push sender: the public key and the queue.
pub struct Pusher {
    public_key: String,
    queue: mpsc::Sender<(String, Value)>,
    pub policy: Policy,
    /// Notices dropped since the last warning, and when that was.
    dropped: AtomicU64,
    warned_ms: AtomicI64,
}

impl Pusher {
    /// Reads the server's VAPID key (making and storing it at the first start)
    /// and starts the sender.
    pub async fn start(hub: Arc<Hub>, policy: Policy, contact: String) -> Result<Pusher, String> {
        let fresh = Base64UrlUnpadded::encode_string(&ES256KeyPair::generate().to_bytes());
        let stored =
            hub.store.push_key(&fresh, now_ms()).await.map_err(|e| format!("cannot read the push key: {e}"))?;
        let key = Base64UrlUnpadded::decode_vec(&stored)
            .ok()
            .and_then(|bytes| ES256KeyPair::from_bytes(&bytes).ok())
            .ok_or("the stored push key is not a P-256 private key")?;
        let public_key = Base64UrlUnpadded::encode_string(&key.public_key().public_key().to_bytes_uncompressed());
        let (queue, rx) = mpsc::channel(QUEUE);
        tokio::spawn(send_notices(hub, Arc::new(key), contact, policy, rx));
        Ok(Pusher { public_key, queue, policy, dropped: AtomicU64::new(0), warned_ms: AtomicI64::new(0) })
    }

    /// The public key (65 bytes, uncompressed point, base64url): the page subscribes with it.
    pub fn public_key(&self) -> &str {
        &self.public_key
    }

    /// Queues `payload` for every subscription of the seat whose token hash is
    /// `token_hash`; never waits.
    pub fn tell(&self, hub: &Hub, token_hash: &str, payload: Value) {
        if self.queue.try_send((token_hash.to_string(), payload)).is_err() {
            hub.metrics.pushes_failed.fetch_add(1, Ordering::Relaxed);
            let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            let (now, last) = (now_ms(), self.warned_ms.load(Ordering::Relaxed));
            // One line per `WARN_EVERY_MS`, not one per notice.
            if now - last >= WARN_EVERY_MS
                && self.warned_ms.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok()
            {
                self.dropped.fetch_sub(dropped, Ordering::Relaxed);
                tracing::warn!("the push queue is full: {dropped} notices dropped");
            }
        }
    }
}

/// Whether an address is one anybody on the internet can reach (not this
/// host, not a private, link-local, shared, documentation or multicast network).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.is_multicast()
                || a == 0
                || a >= 240
                || (a == 100 && (64..128).contains(&b)))
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                !(v6.is_loopback()
                    || v6.is_unspecified()
                    || v6.is_multicast()
                    || (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80
                    || first == 0x2001 && v6.segments()[1] == 0x0db8)
            }
        },
    }
}

impl Policy {
    /// Whether the sender may connect to `ip`.
    fn reaches(self, ip: IpAddr) -> bool {
        is_public(ip) || (self.allow_http_loopback && ip.is_loopback())
    }

    /// An endpoint as given by a browser, checked: `https://` with a host
    /// (`http://` only to a loopback address under the test flag), not an
    /// address the server may not reach.
    pub fn check_endpoint(self, endpoint: &str) -> Result<Uri, String> {
        if endpoint.len() > MAX_ENDPOINT {
            return Err(format!("'endpoint' is longer than {MAX_ENDPOINT} characters"));
        }
        let uri: Uri = endpoint.parse().map_err(|_| "'endpoint' is not a URL".to_string())?;
        let host = uri.host().ok_or("'endpoint' has no host")?.trim_start_matches('[').trim_end_matches(']');
        let literal = host.parse::<IpAddr>().ok();
        match uri.scheme_str() {
            Some("https") => {}
            Some("http") if self.allow_http_loopback && literal.is_some_and(|ip| ip.is_loopback()) => {}
            _ => return Err("'endpoint' must be an https:// URL".into()),
        }
        if uri.authority().is_some_and(|a| a.as_str().contains('@')) {
            return Err("'endpoint' must not carry a user name".into());
        }
        if literal.is_some_and(|ip| !self.reaches(ip)) || host.eq_ignore_ascii_case("localhost") {
            return Err("'endpoint' must be on a public address".into());
        }
        Ok(uri)
    }
}

/// A subscription as the browser's `PushSubscription.toJSON()` gives it
/// (`{"endpoint", "keys": {"p256dh", "auth"}}`), checked.
pub fn subscription(body: &serde_json::Map<String, Value>, policy: Policy) -> Result<PushSubscription, String> {
    let endpoint = body.get("endpoint").and_then(Value::as_str).ok_or("'endpoint' (a string) is missing")?;
    policy.check_endpoint(endpoint)?;
    let keys = body.get("keys").and_then(Value::as_object).ok_or("'keys' ({\"p256dh\", \"auth\"}) is missing")?;
    let key = |name: &str| keys.get(name).and_then(Value::as_str).ok_or(format!("'keys.{name}' (a string) is missing"));
    let (p256dh, auth) = (key("p256dh")?, key("auth")?);
    let point = Base64UrlUnpadded::decode_vec(p256dh.trim_end_matches('=')).ok();
    if point.and_then(|p| p256::PublicKey::from_sec1_bytes(&p).ok()).is_none() {
        return Err("'keys.p256dh' is not a P-256 public key in base64url".into());
    }
    if Base64UrlUnpadded::decode_vec(auth.trim_end_matches('=')).map_or(true, |a| a.len() != 16) {
        return Err("'keys.auth' is not 16 bytes in base64url".into());
    }
    Ok(PushSubscription { endpoint: endpoint.to_string(), p256dh: p256dh.to_string(), auth: auth.to_string() })
}

/// Resolves names as usual, then keeps only the addresses the policy lets the
/// sender reach (a name that resolves inward reaches nothing).
#[derive(Debug)]
struct Reachable {
    policy: Policy,
    inner: DefaultResolver,
}

impl Resolver for Reachable {
    fn resolve(
        &self,
        uri: &Uri,
        config: &ureq::config::Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let resolved = self.inner.resolve(uri, config, timeout)?;
        let mut kept = self.empty();
        for addr in resolved.iter().filter(|a| self.policy.reaches(a.ip())) {
            kept.push(*addr);
        }
        if kept.is_empty() {
            return Err(ureq::Error::HostNotFound);
        }
        Ok(kept)
    }
}

fn agent(policy: Policy) -> ureq::Agent {
    let config = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(SEND_TIMEOUT))
        .max_redirects(0)
        .proxy(None)
        .build();
    ureq::Agent::with_parts(
        config,
        DefaultConnector::default(),
        Reachable { policy, inner: DefaultResolver::default() },
    )
}

/// The sender: one notice at a time, each to every subscription of its seat.
async fn send_notices(
    hub: Arc<Hub>,
    key: Arc<ES256KeyPair>,
    contact: String,
    policy: Policy,
    mut rx: mpsc::Receiver<(String, Value)>,
) {
    let agent = agent(policy);
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        // One look-up for the whole batch: most seats have no subscription.
        let mut hashes: Vec<String> = batch.iter().map(|(hash, _)| hash.clone()).collect();
        hashes.sort_unstable();
        hashes.dedup();
        let subscribed = match hub.store.push_subscriptions_of_seats(hashes).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!("cannot read push subscriptions: {e}");
                batch.clear();
                continue;
            }
        };
        for (token_hash, payload) in batch.drain(..) {
            let Some(subscriptions) = subscribed.get(&token_hash) else { continue };
            let subscriptions = subscriptions.clone();
            send_to(&hub, &agent, &key, &contact, subscriptions, payload).await;
        }
    }
}

/// One notice to each of a seat's subscriptions, one after another.
async fn send_to(
    hub: &Arc<Hub>,
    agent: &ureq::Agent,
    key: &Arc<ES256KeyPair>,
    contact: &str,
    subscriptions: Vec<PushSubscription>,
    payload: Value,
) {
    let body = payload.to_string();
    for sub in subscriptions {
        let (agent, key, contact, body, endpoint) =
            (agent.clone(), key.clone(), contact.to_string(), body.clone(), sub.endpoint.clone());
        let sent = tokio::task::spawn_blocking(move || send(&agent, &key, &contact, &sub, body)).await;
        if !matches!(sent, Ok(Ok(200..=299))) {
            hub.metrics.pushes_failed.fetch_add(1, Ordering::Relaxed);
        }
        match sent {
            Ok(Ok(404 | 410)) => {
                tracing::info!("a push subscription is gone (404/410): forgotten");
                if let Err(e) = hub.store.delete_push_subscription(&endpoint).await {
                    tracing::warn!("cannot forget a push subscription: {e}");
                }
            }
            Ok(Ok(status)) if !(200..300).contains(&status) => {
                tracing::warn!(status, "a push service refused a notice");
            }
            Ok(Ok(_)) => {
                hub.metrics.pushes_sent.fetch_add(1, Ordering::Relaxed);
            }
            Ok(Err(e)) => tracing::warn!("cannot send a push notice: {e}"),
            Err(e) => tracing::warn!("the push sender failed: {e}"),
        }
    }
}

/// Encrypts `body` for `sub`, signs the request, sends it: the push service's status.
fn send(
    agent: &ureq::Agent,
    key: &ES256KeyPair,
    contact: &str,
    sub: &PushSubscription,
    body: String,
) -> Result<u16, String> {
    let endpoint: Uri = sub.endpoint.parse().map_err(|_| "a stored endpoint is not a URL")?;
    let ua_public = Base64UrlUnpadded::decode_vec(sub.p256dh.trim_end_matches('='))
        .ok()
        .and_then(|p| p256::PublicKey::from_sec1_bytes(&p).ok())
        .ok_or("a stored p256dh is not a key")?;
    let auth = Base64UrlUnpadded::decode_vec(sub.auth.trim_end_matches('='))
        .ok()
        .filter(|a| a.len() == 16)
        .ok_or("a stored auth is not 16 bytes")?;
    let mut request = WebPushBuilder::new(endpoint, ua_public, Auth::clone_from_slice(&auth))
        .with_valid_duration(TTL)
        .with_vapid(key, contact)
        .build(body)
        .map_err(|e| e.to_string())?;
    request.headers_mut().insert("urgency", axum::http::HeaderValue::from_static("normal"));
    let response = agent.run(request).map_err(|e| e.to_string())?;
    Ok(response.status().as_u16())
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRICT: Policy = Policy { allow_http_loopback: false };
    const TESTS: Policy = Policy { allow_http_loopback: true };

    #[test]
    fn only_public_addresses_are_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "224.0.0.1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["8.8.8.8", "142.250.74.110", "2a00:1450:4001::200e"] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn endpoints_are_https_to_public_hosts_unless_the_test_flag_says_loopback() {
        assert!(STRICT.check_endpoint("https://fcm.googleapis.com/fcm/send/abc").is_ok());
        for bad in [
            "http://fcm.googleapis.com/x",
            "https://127.0.0.1/x",
            "https://localhost/x",
            "https://[::1]/x",
            "https://10.0.0.1/x",
            "https://169.254.169.254/latest",
            "ftp://example.com/x",
            "not a url",
            "https://user@example.com/x",
        ] {
            assert!(STRICT.check_endpoint(bad).is_err(), "{bad}");
        }
        assert!(STRICT.check_endpoint("http://127.0.0.1:9/x").is_err());
        assert!(TESTS.check_endpoint("http://127.0.0.1:9/x").is_ok());
        assert!(TESTS.check_endpoint("http://10.0.0.1/x").is_err(), "the flag is for loopback only");
        assert!(STRICT.check_endpoint(&format!("https://example.com/{}", "a".repeat(MAX_ENDPOINT))).is_err());
    }
}
