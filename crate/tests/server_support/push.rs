//! Web Push for the server tests: a fake push service on 127.0.0.1 that
//! records what it is sent, and a browser's side of a subscription (its
//! keys, made here) that decrypts what it receives.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::{json, Value};
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
use web_push_native::{p256, Auth};

use super::WAIT;

/// One request the fake push service received.
pub struct Pushed {
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Pushed {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// A push service on 127.0.0.1: answers every request with `status` (changeable) and hands it to the test.
pub struct FakePushService {
    pub port: u16,
    pub status: Arc<AtomicU16>,
    received: mpsc::Receiver<Pushed>,
}

impl FakePushService {
    pub fn start() -> FakePushService {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let status = Arc::new(AtomicU16::new(201));
        let (tx, received) = mpsc::channel();
        let answer = status.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                let _ = stream.set_read_timeout(Some(WAIT));
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    continue;
                }
                let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
                let mut headers = Vec::new();
                loop {
                    let mut h = String::new();
                    if reader.read_line(&mut h).is_err() || h.trim().is_empty() {
                        break;
                    }
                    if let Some((k, v)) = h.trim_end().split_once(':') {
                        headers.push((k.trim().to_string(), v.trim().to_string()));
                    }
                }
                let length = headers
                    .iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
                    .and_then(|(_, v)| v.parse().ok())
                    .unwrap_or(0usize);
                let mut body = vec![0; length];
                let _ = reader.read_exact(&mut body);
                let code = answer.load(Ordering::SeqCst);
                let _ = write!(stream, "HTTP/1.1 {code} X\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
                let _ = tx.send(Pushed { path, headers, body });
            }
        });
        FakePushService { port, status, received }
    }

    pub fn endpoint(&self, name: &str) -> String {
        format!("http://127.0.0.1:{}/push/{name}", self.port)
    }

    pub fn next(&self) -> Pushed {
        self.received.recv_timeout(WAIT).expect("a push within the wait")
    }

    pub fn nothing_within(&self, within: Duration) -> bool {
        self.received.recv_timeout(within).is_err()
    }
}

/// A browser's side of a subscription: its key pair and auth secret.
pub struct Subscriber {
    pub secret: p256::SecretKey,
    pub auth: [u8; 16],
    pub endpoint: String,
}

impl Subscriber {
    pub fn new(endpoint: String) -> Subscriber {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).unwrap();
        let mut auth = [0u8; 16];
        getrandom::fill(&mut auth).unwrap();
        Subscriber { secret: p256::SecretKey::from_slice(&bytes).unwrap(), auth, endpoint }
    }

    /// The subscription as `PushSubscription.toJSON()` gives it, with `tokens`.
    pub fn json(&self, tokens: &[&str]) -> Value {
        let point = self.secret.public_key().to_encoded_point(false);
        json!({"endpoint": self.endpoint, "expirationTime": null, "keys": {
            "p256dh": Base64UrlUnpadded::encode_string(point.as_bytes()),
            "auth": Base64UrlUnpadded::encode_string(&self.auth)}, "tokens": tokens})
    }

    /// The notice in a push, decrypted (RFC 8291).
    pub fn open(&self, pushed: &Pushed) -> Value {
        let plain = web_push_native::decrypt(pushed.body.clone(), &self.secret, &Auth::clone_from_slice(&self.auth))
            .expect("a payload this subscriber can decrypt");
        serde_json::from_slice(&plain).expect("a JSON notice")
    }
}
