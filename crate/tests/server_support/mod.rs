//! Helpers for the server tests: the real `zilo serve` binary on a free port
//! of 127.0.0.1 with a database in a temporary directory, a small HTTP
//! client and a WebSocket client. Every wait is bounded.
#![allow(dead_code)]

pub mod fixture;
pub mod push;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The longest any single wait in these tests lasts.
pub const WAIT: Duration = Duration::from_secs(10);

/// A fresh empty directory under the system's temporary directory.
pub fn temp_dir(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("zilo-server-{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// A SQLite URL in a fresh temporary directory.
pub fn sqlite_db(name: &str) -> String {
    format!("sqlite:{}", temp_dir(name).join("games.sqlite").display())
}

/// Two `zilo serve` processes on one database (PostgreSQL: several processes
/// share it), started one after the other, each with a `www` of its own and
/// `more` after the usual options.
pub fn two_servers(db: &str, more: &[&str]) -> (Server, Server) {
    let a = Server::start_with_args(db, &temp_dir("www"), more);
    let b = Server::start_with_args(db, &temp_dir("www"), more);
    (a, b)
}

/// A running `zilo serve`; killed when dropped.
pub struct Server {
    child: Child,
    pub addr: String,
    pub db: String,
    www: PathBuf,
}

impl Server {
    pub fn start(db: &str) -> Server {
        let www = temp_dir("www");
        std::fs::write(www.join("index.html"), "<!doctype html><title>zilo</title>").unwrap();
        Server::start_with(db, &www)
    }

    pub fn start_with(db: &str, www: &Path) -> Server {
        Server::start_with_args(db, www, &[])
    }

    /// With more options after the usual ones.
    pub fn start_with_args(db: &str, www: &Path, more: &[&str]) -> Server {
        Server::start_binary(Path::new(env!("CARGO_BIN_EXE_zilo")), db, www, more)
    }

    /// Another build of `zilo` (an older one, to record what it wrote and sent).
    pub fn start_binary(binary: &Path, db: &str, www: &Path, more: &[&str]) -> Server {
        let mut child = Command::new(binary)
            .args(["serve", "--listen", "127.0.0.1:0", "--db", db, "--www"])
            .arg(www)
            .args(more)
            .env("ZILO_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the zilo binary starts");
        let stdout = child.stdout.take().expect("its stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx.recv_timeout(WAIT).expect("zilo serve prints its address");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr, db: db.to_string(), www: www.to_path_buf() }
    }

    /// `kill -9`: no chance to flush anything.
    pub fn kill9(mut self) -> (String, PathBuf) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        (self.db.clone(), self.www.clone())
    }

    /// SIGTERM, then waits (bounded) for the process to exit; its exit status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let started = Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            assert!(started.elapsed() < WAIT, "zilo serve did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The process id (PostgreSQL names this process's LISTEN connection after it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    fn agent() -> ureq::Agent {
        ureq::Agent::config_builder().http_status_as_error(false).timeout_global(Some(WAIT)).build().into()
    }

    /// POST a JSON body; the status and the JSON answer.
    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let mut response = Server::agent().post(&self.url(path)).send_json(body).expect("an HTTP answer");
        let status = response.status().as_u16();
        (status, response.body_mut().read_json().unwrap_or(Value::Null))
    }

    /// POST raw bytes; the status and the body's text.
    pub fn post_raw(&self, path: &str, body: &[u8]) -> (u16, String) {
        let mut response = Server::agent()
            .post(&self.url(path))
            .header("content-type", "application/json")
            .send(body)
            .expect("an HTTP answer");
        let status = response.status().as_u16();
        (status, response.body_mut().read_to_string().unwrap_or_default())
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        let mut response = Server::agent().get(&self.url(path)).call().expect("an HTTP answer");
        let status = response.status().as_u16();
        (status, response.body_mut().read_json().unwrap_or(Value::Null))
    }

    pub fn get_text(&self, path: &str) -> (u16, String) {
        let mut response = Server::agent().get(&self.url(path)).call().expect("an HTTP answer");
        let status = response.status().as_u16();
        (status, response.body_mut().read_to_string().unwrap_or_default())
    }

    /// A request line sent as is (no client normalising the path); the raw answer.
    pub fn raw_request(&self, request: &str) -> String {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream.set_read_timeout(Some(WAIT)).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    }

    /// Creates a game; (id, seat, token).
    pub fn create(&self, body: Value) -> (String, String, String) {
        let (status, answer) = self.post("/api/games", &body);
        assert_eq!(status, 201, "create {body}: {answer}");
        (s(&answer["game"]), s(&answer["seat"]), s(&answer["token"]))
    }

    /// Creates a game and joins it: (id, first seat's token, second seat's token).
    pub fn create_and_join(&self, mut body: Value) -> (String, String, String) {
        body["side"] = json!("first");
        let (id, _, first) = self.create(body);
        let (status, joined) = self.post(&format!("/api/games/{id}/join"), &json!({}));
        assert_eq!((status, s(&joined["seat"])), (200, "second".to_string()), "{joined}");
        (id, first, s(&joined["token"]))
    }

    pub fn view(&self, id: &str) -> Value {
        let (status, view) = self.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200, "{view}");
        view
    }

    /// A WebSocket to a game, with a token or as a spectator, and `v` if given.
    pub fn socket(&self, id: &str, token: Option<&str>, v: Option<u64>) -> Client {
        self.try_socket(id, token, v).unwrap_or_else(|e| panic!("socket to {id}: {e}"))
    }

    pub fn try_socket(&self, id: &str, token: Option<&str>, v: Option<u64>) -> Result<Client, String> {
        self.try_socket_with_body(id, token, v).map_err(|(status, _)| status)
    }

    /// As `try_socket`; a refusal gives its status line and body.
    pub fn try_socket_with_body(
        &self,
        id: &str,
        token: Option<&str>,
        v: Option<u64>,
    ) -> Result<Client, (String, String)> {
        let mut query = String::new();
        if let Some(token) = token {
            query.push_str(&format!("token={token}&"));
        }
        if let Some(v) = v {
            query.push_str(&format!("v={v}"));
        }
        self.socket_with_query_body(id, &query)
    }

    /// A WebSocket to a game with the query written out (`token=…&presence=1`).
    pub fn socket_with_query(&self, id: &str, query: &str) -> Result<Client, String> {
        self.socket_with_query_body(id, query).map_err(|(status, _)| status)
    }

    /// A WebSocket to a game whose seat token travels in the `Sec-WebSocket-Protocol`
    /// header (`zilo, zilo.token.<token>`), not in the URL; with the subprotocol the server chose.
    pub fn socket_with_subprotocol(&self, id: &str, token: &str) -> (Client, Option<String>) {
        use tungstenite::client::IntoClientRequest;
        let url = format!("ws://{}/api/games/{id}/socket", self.addr);
        let mut request = url.into_client_request().unwrap();
        let offered = format!("zilo, zilo.token.{token}");
        request.headers_mut().insert("Sec-WebSocket-Protocol", offered.parse().unwrap());
        let (ws, response) = tungstenite::connect(request).expect("a socket with the token in its subprotocol");
        let chosen = response.headers().get("Sec-WebSocket-Protocol").map(|v| v.to_str().unwrap().to_string());
        if let MaybeTlsStream::Plain(stream) = ws.get_ref() {
            stream.set_read_timeout(Some(Duration::from_millis(100))).unwrap();
        }
        (Client { ws, seen: Vec::new(), texts: Vec::new() }, chosen)
    }

    /// As `socket_with_query`; a refusal gives its status line and body.
    fn socket_with_query_body(&self, id: &str, query: &str) -> Result<Client, (String, String)> {
        let url = format!("ws://{}/api/games/{id}/socket?{query}", self.addr);
        let (ws, _) = tungstenite::connect(url).map_err(|e| match e {
            tungstenite::Error::Http(response) => (
                format!("HTTP {}", response.status().as_u16()),
                String::from_utf8_lossy(response.body().as_deref().unwrap_or_default()).into_owned(),
            ),
            other => (other.to_string(), String::new()),
        })?;
        if let MaybeTlsStream::Plain(stream) = ws.get_ref() {
            stream.set_read_timeout(Some(Duration::from_millis(100))).unwrap();
        }
        Ok(Client { ws, seen: Vec::new(), texts: Vec::new() })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn s(v: &Value) -> String {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}")).to_string()
}

/// A WebSocket client that keeps every frame it received.
pub struct Client {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    pub seen: Vec<Value>,
    /// The same frames as sent, byte for byte.
    pub texts: Vec<String>,
}

impl Client {
    pub fn send(&mut self, frame: &Value) {
        self.ws.send(Message::text(frame.to_string())).expect("a frame sent");
    }

    pub fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.ws.send(Message::text(text.to_string())).map_err(|e| e.to_string())
    }

    /// The next text frame within `within`; `None` if none came (or the socket closed).
    pub fn next_within(&mut self, within: Duration) -> Option<Value> {
        let started = Instant::now();
        while started.elapsed() < within {
            match self.ws.read() {
                Ok(Message::Text(text)) => {
                    let frame: Value = serde_json::from_str(text.as_str()).expect("server frames are JSON");
                    self.seen.push(frame.clone());
                    self.texts.push(text.to_string());
                    return Some(frame);
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(_) => return None,
            }
        }
        None
    }

    pub fn next(&mut self) -> Value {
        self.next_within(WAIT).expect("a frame from the server in time")
    }

    /// Frames until one has `t` equal to `t` (that one returned).
    pub fn until(&mut self, t: &str) -> Value {
        let started = Instant::now();
        loop {
            let frame = self.next();
            if frame["t"] == t {
                return frame;
            }
            assert!(started.elapsed() < WAIT, "no '{t}' frame in time");
        }
    }

    /// Frames until the answer (ack or reject) to `cid`.
    pub fn answer(&mut self, cid: &str) -> Value {
        let started = Instant::now();
        loop {
            let frame = self.next();
            if (frame["t"] == "ack" || frame["t"] == "reject") && frame["cid"] == cid {
                return frame;
            }
            assert!(started.elapsed() < WAIT, "no answer to {cid} in time");
        }
    }

    /// Sends a move seen at version `v`; its answer.
    pub fn play(&mut self, cid: &str, v: u64, text: &str) -> Value {
        self.send(&json!({"t": "move", "cid": cid, "v": v, "move": text}));
        self.answer(cid)
    }

    /// Whether the server closed the socket within `within`.
    pub fn is_closed_within(&mut self, within: Duration) -> bool {
        let started = Instant::now();
        while started.elapsed() < within {
            match self.ws.read() {
                Ok(Message::Close(_)) => return true,
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(_) => return true,
            }
        }
        false
    }

    /// Frames that arrive within `within`, all of them.
    pub fn drain(&mut self, within: Duration) -> Vec<Value> {
        let mut frames = Vec::new();
        let started = Instant::now();
        while let Some(frame) = self.next_within(within.saturating_sub(started.elapsed())) {
            frames.push(frame);
        }
        frames
    }
}

/// A lobby socket: frames as they come, bounded waits.
pub struct Lobby {
    pub ws: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    pub seen: Vec<Value>,
}

impl Lobby {
    pub fn open(server: &Server, tokens: &[&str]) -> Lobby {
        let query: Vec<String> = tokens.iter().map(|t| format!("token={t}")).collect();
        let url = format!("ws://{}/api/lobby/socket?{}", server.addr, query.join("&"));
        let (ws, _) = tungstenite::connect(url).expect("a lobby socket");
        if let tungstenite::stream::MaybeTlsStream::Plain(stream) = ws.get_ref() {
            stream.set_read_timeout(Some(std::time::Duration::from_millis(100))).unwrap();
        }
        Lobby { ws, seen: Vec::new() }
    }

    /// The next frame of type `t` with `seek` = `id` (any seek when `None`).
    pub fn until(&mut self, t: &str, id: Option<&str>) -> Value {
        let started = std::time::Instant::now();
        loop {
            if let Some(found) = self.seen.iter().find(|f| f["t"] == t && id.is_none_or(|id| f["seek"] == id)) {
                return found.clone();
            }
            assert!(started.elapsed() < WAIT, "no {t} {id:?}; saw {:?}", self.seen);
            match self.ws.read() {
                Ok(tungstenite::Message::Text(text)) => self.seen.push(serde_json::from_str(&text).unwrap()),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(e) => panic!("the lobby socket closed: {e}; saw {:?}", self.seen),
            }
        }
    }
}

impl Lobby {
    /// Whether the server closed the socket within `within` (frames meanwhile are kept).
    pub fn is_closed_within(&mut self, within: std::time::Duration) -> bool {
        let started = std::time::Instant::now();
        while started.elapsed() < within {
            match self.ws.read() {
                Ok(tungstenite::Message::Text(text)) => self.seen.push(serde_json::from_str(&text).unwrap()),
                Ok(tungstenite::Message::Close(_)) => return true,
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(_) => return true,
            }
        }
        false
    }

    /// Whether an `unseek` of `id` came within `within`.
    pub fn until_within(&mut self, t: &str, id: &str, within: std::time::Duration) -> bool {
        let started = std::time::Instant::now();
        while started.elapsed() < within {
            if self.seen.iter().any(|f| f["t"] == t && f["seek"] == id) {
                return true;
            }
            match self.ws.read() {
                Ok(tungstenite::Message::Text(text)) => self.seen.push(serde_json::from_str(&text).unwrap()),
                Ok(_) => {}
                Err(tungstenite::Error::Io(_)) => {}
                Err(e) => panic!("the lobby socket closed: {e}"),
            }
        }
        false
    }
}

/// A legal move in `variant` at `position` (the first in the engine's list).
pub fn a_legal_move(variant: &str, position: &str) -> String {
    let game = zilo::door::Game::new(variant, Some(position)).expect("a position the server sent");
    game.legal_moves().into_iter().next().expect("a legal move")
}
