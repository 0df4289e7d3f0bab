//! Why the server refused something, said so that any page can word it.
//!
//! A refusal travels as the contract's English `reason` (one line) plus an
//! addition: a stable `code` and its named `args`. The server's own refusals
//! have `server.*` codes (listed in [`SERVER_CODES`]); a refusal the engine
//! gave (an illegal move, a bad setup half, a bad position) keeps the
//! engine's code and arguments (`move.cannotReach`, see `door::codes`). A
//! page words `server.<name>` from its catalog by that very key and an
//! engine code as `engine.<code>`, and falls back to `reason`. A refused
//! setup half also lists its `problems`, each coded the same way.

use std::fmt;

use serde_json::{Map, Value};

use super::engine::DoorError;
use crate::door::{Args, Said};

/// Every code the server itself gives: the page's catalogs have an entry
/// for each (a test reads them).
pub const SERVER_CODES: &[&str] = &[
    "server.noSuchGame",
    "server.seatsTaken",
    "server.wrongToken",
    "server.spectatorCannotPlay",
    "server.gameOver",
    "server.noHiddenSetup",
    "server.setupOver",
    "server.halfLocked",
    "server.staleVersion",
    "server.notYourTurn",
    "server.waitingForOpponent",
    "server.setupNotFinished",
    "server.drawOfferStands",
    "server.rematchSpectator",
    "server.rematchNotOver",
    "server.noRematchOffer",
    "server.abortTooLate",
    "server.notStored",
    "server.unavailable",
    "server.tooManyConnections",
    "server.badRequest",
    "server.tooManyWatchers",
    "server.watchersFromAddress",
    "server.seatSocketsFromAddress",
    "server.socketsPerSeat",
    "server.tooManyRequests",
    "server.headersTooLarge",
    "server.missingField",
    "server.badName",
    "server.badPassword",
    "server.nameTaken",
    "server.wrongLogin",
    "server.tooManyAttempts",
    "server.busy",
    "server.badSession",
    "server.ratedNeedsAccount",
    "server.noSuchPlayer",
    "server.noSuchSeek",
    "server.tooManySeeks",
    "server.seekTaken",
    "server.ownSeek",
    "server.lobbySocketsFromAddress",
    "server.badSubscription",
    "server.tooManySubscriptions",
    "server.noSuchSubscription",
];

/// A refusal: its code (a [`SERVER_CODES`] one or the engine's), named
/// arguments, and the English line.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    pub code: &'static str,
    pub args: Args,
    /// The problems of a refused setup half (empty otherwise).
    pub problems: Vec<Said>,
    pub reason: String,
}

impl Refused {
    /// The server's own refusal `code` with its English line.
    pub fn new(code: &'static str, reason: impl Into<String>) -> Refused {
        debug_assert!(SERVER_CODES.contains(&code), "{code} is not in SERVER_CODES");
        Refused { code, args: Vec::new(), problems: Vec::new(), reason: reason.into() }
    }

    /// The same refusal with one more named argument.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Refused {
        self.args.push((name, value.to_string()));
        self
    }

    /// The engine's refusal, its code and arguments kept.
    pub fn engine(e: &DoorError) -> Refused {
        Refused {
            code: e.code(),
            args: e.args().clone(),
            problems: e.problems().to_vec(),
            reason: e.message().to_string(),
        }
    }

    /// Nothing was stored (the database failed or was busy): try again.
    pub fn not_stored(detail: impl fmt::Display) -> Refused {
        Refused::new("server.notStored", format!("not stored ({detail}); try again")).arg("error", detail)
    }

    /// The game cannot be reached just now: try again.
    pub fn unavailable(detail: impl fmt::Display) -> Refused {
        Refused::new("server.unavailable", detail.to_string()).arg("error", detail)
    }

    /// A malformed request (a developer's mistake, not a player's).
    pub fn bad_request(detail: impl fmt::Display) -> Refused {
        Refused::new("server.badRequest", detail.to_string()).arg("error", detail)
    }

    /// The `code` and `args` fields (and `problems`, if any) added to a frame
    /// or an HTTP error body.
    pub fn add_to(&self, body: &mut Map<String, Value>) {
        body.insert("code".into(), Value::from(self.code));
        let args = self.args.iter().map(|(k, v)| (k.to_string(), Value::from(v.as_str()))).collect();
        body.insert("args".into(), Value::Object(args));
        if !self.problems.is_empty() {
            body.insert("problems".into(), serde_json::to_value(&self.problems).unwrap_or_default());
        }
    }
}

impl From<DoorError> for Refused {
    fn from(e: DoorError) -> Refused {
        Refused::engine(&e)
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page words every server code in every language: each catalog has
    /// a `server.<name>` entry naming each of the code's arguments.
    #[test]
    fn every_server_code_is_in_every_catalog() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/i18n");
        let catalogs: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "js"))
            .collect();
        assert!(catalogs.len() >= 2, "catalogs in {dir}: {catalogs:?}");
        for path in catalogs {
            let text = std::fs::read_to_string(&path).unwrap();
            for code in SERVER_CODES {
                assert!(text.contains(&format!("'{code}':")), "{} has no '{code}'", path.display());
            }
        }
    }

    /// Every code the server's source gives is listed (the list is what the catalog test reads;
    /// `new`'s debug assertion does not run in release tests).
    #[test]
    fn every_code_the_server_gives_is_listed() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/server");
        let mut found = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, _) in text.match_indices("\"server.") {
                let code = &text[i + 1..][..text[i + 1..].find('"').unwrap()];
                if code.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') && code != "server." {
                    assert!(SERVER_CODES.contains(&code), "{} gives {code}, not in SERVER_CODES", path.display());
                    found += 1;
                }
            }
        }
        assert!(found > SERVER_CODES.len(), "codes found in the source: {found}");
    }

    #[test]
    fn an_engine_refusal_keeps_its_code_and_arguments() {
        let mut game = crate::door::Game::new("chess", None).unwrap();
        let e = game.play("e2e5").unwrap_err();
        let refused = Refused::from(e.clone());
        assert_eq!((refused.code, &refused.args, refused.reason.as_str()), (e.code(), e.args(), e.message()));
        let mut body = Map::new();
        refused.add_to(&mut body);
        assert_eq!(body["code"], e.code());
        assert!(body["args"].is_object());
        assert!(!body.contains_key("problems"));
    }

    #[test]
    fn a_refused_setup_half_lists_its_problems_coded() {
        let e = crate::door::check_half("cyvasse", crate::door::Side::First, "11/10/9/8").unwrap_err();
        let mut body = Map::new();
        Refused::from(e).add_to(&mut body);
        assert_eq!(body["code"], "setup.invalid");
        let problems = body["problems"].as_array().unwrap();
        assert!(problems.iter().any(|p| p["code"] == "setup.noKing" && p["message"].is_string()), "{problems:?}");
        let rabble = problems.iter().find(|p| p["args"]["piece"] == "R").unwrap();
        assert_eq!((rabble["args"]["placed"].as_str(), rabble["args"]["needed"].as_str()), (Some("0"), Some("6")));
    }
}
