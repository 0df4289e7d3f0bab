//! `zilo serve`'s options: `--listen ADDR`, `--db URL`, `--www DIR`, `--max-connections N`.

use std::path::PathBuf;

pub const USAGE: &str =
    "zilo serve [--listen ADDR] [--db sqlite:PATH | postgres://USER@HOST/DB] [--www DIR] [--max-connections N]";

/// WebSockets open at once by default: far above what one process serves well
/// (see the README's figures), low enough that file descriptors and memory last.
pub const DEFAULT_MAX_CONNECTIONS: usize = 10_000;

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
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: "127.0.0.1:8000".into(),
            db: "sqlite:zilo-games.sqlite".into(),
            www: PathBuf::from("www"),
            max_connections: DEFAULT_MAX_CONNECTIONS,
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
                "--max-connections" => {
                    let text = value()?;
                    config.max_connections = match text.parse::<usize>() {
                        Ok(n) if n >= 1 => n,
                        _ => return Err(format!("--max-connections needs a whole number of at least 1, not '{text}'")),
                    };
                }
                other => return Err(format!("unknown option '{other}'; usage: {USAGE}")),
            }
        }
        Ok(config)
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
    fn bad_options_are_named() {
        assert!(Config::from_args(&args(&["--port", "1"])).unwrap_err().contains("unknown option '--port'"));
        assert!(Config::from_args(&args(&["--db"])).unwrap_err().contains("--db needs a value"));
        for bad in ["0", "-1", "many"] {
            let e = Config::from_args(&args(&["--max-connections", bad])).unwrap_err();
            assert!(e.contains("--max-connections needs a whole number of at least 1"), "{e}");
        }
        assert_eq!(Config::from_args(&args(&["--max-connections", "7"])).unwrap().max_connections, 7);
    }
}
