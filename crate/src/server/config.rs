//! `zilo serve`'s options: `--listen ADDR`, `--db URL`, `--www DIR`.

use std::path::PathBuf;

pub const USAGE: &str = "zilo serve [--listen ADDR] [--db sqlite:PATH | postgres://USER@HOST/DB] [--www DIR]";

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The address to listen on (port 0: any free port, printed on start).
    pub listen: String,
    /// `sqlite:PATH` or `postgres://...`.
    pub db: String,
    /// The page's directory, served at `/`.
    pub www: PathBuf,
}

impl Default for Config {
    fn default() -> Config {
        Config { listen: "127.0.0.1:8000".into(), db: "sqlite:zilo-games.sqlite".into(), www: PathBuf::from("www") }
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
    }
}
