//! `zilo serve`'s options: where it listens and stores, and the limits that
//! keep one client from crowding out the others (see `admission`, `limits`).

use std::path::PathBuf;

pub const USAGE: &str = "zilo serve [--listen ADDR] [--db sqlite:PATH | postgres://USER@HOST/DB] [--www DIR] \
[--max-connections N] [--max-watchers N] [--watchers-per-address N] [--seat-sockets-per-address N] [--watcher-idle SECONDS] \
[--writes-per-minute N] [--write-burst N] [--first-move SECONDS] [--lobby-sockets-per-address N] \
[--seeks-per-address N] [--trust-proxy] [--push-contact mailto:ADDRESS|https://URL] [--push-allow-http-loopback]";

/// WebSockets open at once by default: far above what one process serves well
/// (see the README's figures), low enough that file descriptors and memory last.
pub const DEFAULT_MAX_CONNECTIONS: usize = 10_000;
/// Spectators' sockets from one address at once: a watch party behind one
/// router, not a crowd from one machine.
pub const DEFAULT_WATCHERS_PER_ADDRESS: usize = 50;
/// Players' sockets from one address at once: a club's room behind one router
/// (a player keeps one or two per game), not a machine holding the server's places.
pub const DEFAULT_SEAT_SOCKETS_PER_ADDRESS: usize = 200;
/// Seconds a spectator's socket may stay silent (the page pings every 4 s).
pub const DEFAULT_WATCHER_IDLE_SECONDS: u64 = 120;
/// Writes (`POST`s) one address may make a minute, after a burst of `DEFAULT_WRITE_BURST`:
/// a player creates or joins a game every few minutes; a school behind one router, more.
pub const DEFAULT_WRITES_PER_MINUTE: u32 = 60;
pub const DEFAULT_WRITE_BURST: u32 = 30;
/// Lobby sockets from one address at once.
pub const DEFAULT_LOBBY_SOCKETS_PER_ADDRESS: usize = 50;
/// Open seeks from one address at once.
pub const DEFAULT_SEEKS_PER_ADDRESS: usize = 20;

/// VAPID's contact when none is given: push services accept any `mailto:`;
/// a public server should name its operator with `--push-contact`.
pub const DEFAULT_PUSH_CONTACT: &str = "mailto:zilo-serve@localhost";

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The address to listen on (port 0: any free port, printed on start).
    pub listen: String,
    /// `sqlite:PATH` or `postgres://...`.
    pub db: String,
    /// The page's directory, served at `/`.
    pub www: PathBuf,
    /// WebSockets open at once; more are refused with a 503.
    pub max_connections: usize,
    /// Spectators' sockets open at once (`None`: half of `max_connections`); the
    /// rest are kept for seat holders, who always get in while any place is free.
    pub max_watchers: Option<usize>,
    /// Spectators' sockets from one client address.
    pub watchers_per_address: usize,
    /// Seat holders' sockets from one client address (0: no limit).
    pub seat_sockets_per_address: usize,
    /// A spectator's socket silent this long is closed.
    pub watcher_idle_seconds: u64,
    /// `POST`s one client address may make a minute (0: no limit).
    pub writes_per_minute: u32,
    /// ... in a burst.
    pub write_burst: u32,
    /// Milliseconds a side of a live game has for its first move before the game is aborted.
    pub first_move_ms: i64,
    /// Lobby sockets from one client address (0: no limit).
    pub lobby_sockets_per_address: usize,
    /// Open seeks from one client address (0: no limit).
    pub seeks_per_address: usize,
    /// The client's address is the last one `X-Forwarded-For` names (a proxy in front sets it).
    pub trust_proxy: bool,
    /// Who runs this server, for push services (VAPID's `sub`: a `mailto:` or `https:` URL).
    pub push_contact: String,
    /// Push endpoints may also be `http://` on loopback addresses (tests only: a fake push service).
    pub push_allow_http_loopback: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: "127.0.0.1:8000".into(),
            db: "sqlite:zilo-games.sqlite".into(),
            www: PathBuf::from("www"),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_watchers: None,
            watchers_per_address: DEFAULT_WATCHERS_PER_ADDRESS,
            seat_sockets_per_address: DEFAULT_SEAT_SOCKETS_PER_ADDRESS,
            watcher_idle_seconds: DEFAULT_WATCHER_IDLE_SECONDS,
            writes_per_minute: DEFAULT_WRITES_PER_MINUTE,
            write_burst: DEFAULT_WRITE_BURST,
            first_move_ms: crate::server::game::FIRST_MOVE_MS,
            lobby_sockets_per_address: DEFAULT_LOBBY_SOCKETS_PER_ADDRESS,
            seeks_per_address: DEFAULT_SEEKS_PER_ADDRESS,
            trust_proxy: false,
            push_contact: DEFAULT_PUSH_CONTACT.into(),
            push_allow_http_loopback: false,
        }
    }
}

impl Config {
    /// Reads the options after `serve`.
    pub fn from_args(args: &[String]) -> Result<Config, String> {
        let mut config = Config::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || it.next().cloned().ok_or_else(|| format!("{flag} needs a value; usage: {USAGE}"));
            match flag.as_str() {
                "--listen" => config.listen = value()?,
                "--db" => config.db = value()?,
                "--www" => config.www = PathBuf::from(value()?),
                "--max-connections" => config.max_connections = whole(flag, &value()?, 1)?,
                "--max-watchers" => config.max_watchers = Some(whole(flag, &value()?, 0)?),
                "--watchers-per-address" => config.watchers_per_address = whole(flag, &value()?, 0)?,
                "--seat-sockets-per-address" => config.seat_sockets_per_address = whole(flag, &value()?, 0)?,
                "--watcher-idle" => config.watcher_idle_seconds = whole(flag, &value()?, 1)?,
                "--writes-per-minute" => config.writes_per_minute = whole(flag, &value()?, 0)?,
                "--write-burst" => config.write_burst = whole(flag, &value()?, 1)?,
                "--first-move" => config.first_move_ms = seconds_to_ms(flag, &value()?)?,
                "--lobby-sockets-per-address" => config.lobby_sockets_per_address = whole(flag, &value()?, 0)?,
                "--seeks-per-address" => config.seeks_per_address = whole(flag, &value()?, 0)?,
                "--trust-proxy" => config.trust_proxy = true,
                "--push-contact" => {
                    let contact = value()?;
                    if !contact.starts_with("mailto:") && !contact.starts_with("https://") {
                        return Err(format!("--push-contact needs a mailto: or https:// URL, not '{contact}'"));
                    }
                    config.push_contact = contact;
                }
                "--push-allow-http-loopback" => config.push_allow_http_loopback = true,
                other => return Err(format!("unknown option '{other}'; usage: {USAGE}")),
            }
        }
        if config.watchers() >= config.max_connections {
            return Err(format!(
                "--max-watchers ({}) must be below --max-connections ({}), so that seat holders always find room",
                config.watchers(),
                config.max_connections
            ));
        }
        Ok(config)
    }

    /// Spectators' sockets open at once.
    pub fn watchers(&self) -> usize {
        self.max_watchers.unwrap_or(self.max_connections / 2)
    }
}

/// A number of seconds above 0 (at most a day) for `flag`, in milliseconds.
fn seconds_to_ms(flag: &str, text: &str) -> Result<i64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok((s * 1000.0).round().max(1.0) as i64),
        _ => Err(format!("{flag} needs a number of seconds above 0 and at most 86400, not '{text}'")),
    }
}

/// A whole number of at least `min` for `flag`.
fn whole<N: std::str::FromStr + PartialOrd + From<u8> + std::fmt::Display>(
    flag: &str,
    text: &str,
    min: u8,
) -> Result<N, String> {
    match text.parse::<N>() {
        Ok(n) if n >= N::from(min) => Ok(n),
        _ => Err(format!("{flag} needs a whole number of at least {min}, not '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_default_to_the_contracts_values() {
        assert_eq!(Config::from_args(&[]).unwrap(), Config::default());
        let c =
            Config::from_args(&args(&["--listen", "127.0.0.1:0", "--db", "sqlite:/tmp/x.db", "--www", "w"])).unwrap();
        assert_eq!((c.listen.as_str(), c.db.as_str(), c.www.to_str()), ("127.0.0.1:0", "sqlite:/tmp/x.db", Some("w")));
    }

    #[test]
    fn the_lobby_limits_are_options() {
        let c = Config::default();
        assert_eq!((c.lobby_sockets_per_address, c.seeks_per_address), (50, 20));
        let c = Config::from_args(&args(&["--lobby-sockets-per-address", "0", "--seeks-per-address", "5"])).unwrap();
        assert_eq!((c.lobby_sockets_per_address, c.seeks_per_address), (0, 5));
        let e = Config::from_args(&args(&["--seeks-per-address", "-1"])).unwrap_err();
        assert!(e.contains("--seeks-per-address needs a whole number"), "{e}");
    }

    #[test]
    fn bad_options_are_named() {
        assert!(Config::from_args(&args(&["--port", "1"])).unwrap_err().contains("unknown option '--port'"));
        assert!(Config::from_args(&args(&["--db"])).unwrap_err().contains("--db needs a value"));
        for bad in ["0", "-1", "many"] {
            let e = Config::from_args(&args(&["--max-connections", bad])).unwrap_err();
            assert!(e.contains("--max-connections needs a whole number of at least 1"), "{e}");
        }
        assert_eq!(Config::from_args(&args(&["--max-connections", "7"])).unwrap().max_connections, 7);
        let e = Config::from_args(&args(&["--max-connections", "4", "--max-watchers", "4"])).unwrap_err();
        assert!(e.contains("--max-watchers (4) must be below --max-connections (4)"), "{e}");
        assert_eq!(Config::from_args(&args(&["--first-move", "1.5"])).unwrap().first_move_ms, 1500);
        for bad in ["0", "-2", "soon"] {
            let e = Config::from_args(&args(&["--first-move", bad])).unwrap_err();
            assert!(e.contains("--first-move needs a number of seconds above 0"), "{e}");
        }
        let e = Config::from_args(&args(&["--write-burst", "0"])).unwrap_err();
        assert!(e.contains("--write-burst needs a whole number of at least 1"), "{e}");
    }

    #[test]
    fn the_push_options() {
        let c = Config::default();
        assert_eq!((c.push_contact.as_str(), c.push_allow_http_loopback), (DEFAULT_PUSH_CONTACT, false));
        let c = Config::from_args(&args(&["--push-contact", "mailto:ops@example.com", "--push-allow-http-loopback"]))
            .unwrap();
        assert_eq!((c.push_contact.as_str(), c.push_allow_http_loopback), ("mailto:ops@example.com", true));
        let e = Config::from_args(&args(&["--push-contact", "ops@example.com"])).unwrap_err();
        assert!(e.contains("--push-contact needs a mailto: or https:// URL"), "{e}");
    }

    #[test]
    fn watchers_get_half_the_places_unless_told() {
        let c = Config::from_args(&args(&["--max-connections", "10"])).unwrap();
        assert_eq!(c.watchers(), 5);
        let c = Config::from_args(&args(&["--max-connections", "10", "--max-watchers", "0", "--trust-proxy"])).unwrap();
        assert_eq!((c.watchers(), c.trust_proxy), (0, true));
    }
}
