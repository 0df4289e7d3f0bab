//! What the engine says in words, as codes with named arguments, so that a
//! front end can say the same thing in its own language.
//!
//! Every refusal ([`DoorError`](super::DoorError)) and every setup problem
//! carries a stable `code` (`move.cannotReach`, `drop.pawnFileTaken`,
//! `setup.kingOffFields`) and `args` (square names, piece letters, counts).
//! The English line (`message()`) is what the CLI and the server print; a
//! page words the code from its message catalog (`engine.<code>` in
//! `www/i18n/<lang>.js`) with the args filled in.
//!
//! Argument conventions, the same for every code:
//! - `piece`, `attacker`, `target`, `monarch`: a piece letter as the game's
//!   `GameInfo.pieces` write it (`P`, `+P`); the page says the piece's name.
//! - `side`, `owner`: `w` or `b`; the page says the side's name.
//! - `terrain`: `mountain` or `water`.
//! - `counter`: `halfmoves`, `fullmoves`, `pliesSinceCapture` or `turnNumber`.
//! - every other argument is shown as it is (squares, texts, numbers).

use std::fmt;

/// A code's named arguments, in the order the English line uses them.
pub type Args = Vec<(&'static str, String)>;

/// An error of a family that a front end may word by code.
pub trait Coded: fmt::Display {
    /// The stable code (one of [`CODES`]).
    fn code(&self) -> &'static str;
    /// Its named arguments.
    fn args(&self) -> Args {
        Vec::new()
    }
}

/// Something the engine says: a code, its arguments, and the English line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Said {
    pub code: &'static str,
    #[serde(serialize_with = "args_as_object")]
    pub args: Args,
    pub message: String,
}

impl Said {
    pub fn of(e: &impl Coded) -> Said {
        Said { code: e.code(), args: e.args(), message: e.to_string() }
    }
}

/// Args as a JSON object (`{"square": "e4"}`).
pub fn args_as_object<S: serde::Serializer>(args: &Args, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(args.len()))?;
    for (k, v) in args {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// A code's words: the code, the names of the arguments its words use, and
/// its English words for a page (`{name}` placeholders; a count's forms by
/// `Intl.PluralRules` category). Each family keeps a table of its own codes
/// ([`DoorFamily::words`](super::DoorFamily::words)), the door one of the codes
/// every family shares ([`DOOR_WORDS`]): from them come the list of codes
/// ([`CODES`], `Zilo.errorCodes()`) and the page's English catalog of
/// refusals (`engine.<code>`, written by `tools/engine-catalog.mjs` at build
/// time), which every other catalog translates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Words {
    pub code: &'static str,
    pub args: &'static [&'static str],
    pub en: En,
}

/// English words: one text, or the forms of a count (`one`, `other`) by the
/// argument that counts (`count` unless another is named).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum En {
    Text(&'static str),
    Plural { by: &'static str, one: &'static str, other: &'static str },
}

impl Words {
    pub const fn text(code: &'static str, args: &'static [&'static str], en: &'static str) -> Words {
        Words { code, args, en: En::Text(en) }
    }

    pub const fn plural(
        code: &'static str,
        args: &'static [&'static str],
        by: &'static str,
        one: &'static str,
        other: &'static str,
    ) -> Words {
        Words { code, args, en: En::Plural { by, one, other } }
    }
}

/// As a catalog writes it: a string, or `{one, other}` with `plural` naming
/// the counting argument when it is not `count`.
impl serde::Serialize for En {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            En::Text(text) => s.serialize_str(text),
            En::Plural { by, one, other } => {
                let mut map = s.serialize_map(None)?;
                map.serialize_entry("one", one)?;
                map.serialize_entry("other", other)?;
                if *by != "count" {
                    map.serialize_entry("plural", by)?;
                }
                map.end()
            }
        }
    }
}

/// The words of the codes the door gives itself or every family shares
/// (games, arguments, move codes, position strings' common faults, setups'
/// halves). A family's own codes are in its table (`chesslike/codes.rs`,
/// `cyvasse/codes.rs`).
pub static DOOR_WORDS: &[Words] = &[
    Words::text("game.unknown", &["id", "known"], "Unknown game “{id}” (known: {known})"),
    Words::text("game.noSetup", &["id"], "“{id}” has no setup phase"),
    Words::text("game.over", &["result", "reason"], "The game is over ({result} {reason})"),
    Words::text("argument.invalid", &[], "The engine refused an argument"),
    Words::text("square.offBoard", &["square"], "Square “{square}” is not on the board"),
    Words::text("piece.unknown", &["letter"], "“{letter}” is not a piece of this game"),
    Words::text(
        "perft.badDepth",
        &["depth", "low", "max"],
        "Perft depth {depth} is not a whole number from {low} to {max}",
    ),
    Words::text("position.empty", &[], "Bad position string: it is empty"),
    Words::text(
        "position.tooLong",
        &["length", "max"],
        "Bad position string: it is {length} bytes long; no position needs more than {max}",
    ),
    Words::text(
        "position.counterRange",
        &["counter", "text", "low", "max"],
        "Bad position string: the {counter} {text} is out of range ({low} to {max})",
    ),
    Words::text(
        "position.counterNotNumber",
        &["counter", "text", "low", "max"],
        "Bad position string: the {counter} “{text}” is not a whole number ({low} to {max})",
    ),
    Words::text("move.tooLong", &["length"], "A move is a few characters long, not {length}"),
    Words::text("move.badCode", &["code"], "{code} is not a move code"),
    Words::text("move.cannotReach", &["piece", "from", "to"], "The {piece} on {from} cannot move to {to}"),
    Words::text("drop.notAllowed", &[], "Pieces are never dropped in this game"),
    Words::text(
        "setup.tooLong",
        &["length", "max"],
        "Bad setup: it is {length} characters long; no setup needs more than {max}",
    ),
    Words::text(
        "setup.halvesInOrder",
        &[],
        "A start position takes the first player’s setup, then the second player’s",
    ),
    Words::text("setup.differentGames", &[], "The two halves are of different games"),
];

/// Every code's words: the door's, then each family's.
pub fn words() -> impl Iterator<Item = &'static Words> {
    DOOR_WORDS.iter().chain(super::FAMILIES.iter().flat_map(|f| f.words().iter()))
}

/// Every code the engine gives, from the tables of words: the page's catalogs
/// have an `engine.<code>` entry for each (a test checks it).
pub static CODES: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| words().map(|w| w.code).collect());

/// The names of the arguments that hold a piece letter.
pub const PIECE_ARGS: &[&str] = &["piece", "attacker", "target", "monarch"];

/// Every reason an [`Outcome`](super::Outcome) gives, `ongoing` included:
/// the page words a result as `outcome.<reason>` with the winner's side.
pub const OUTCOME_REASONS: &[&str] = &[
    "ongoing",
    "checkmate",
    "stalemate",
    "repetition",
    "perpetual-check",
    "fifty-moves",
    "insufficient-material",
    "monarch-captured",
    "resignation",
    "king-captured",
    "no-moves",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::door::{check_half, games, Game, Half, Side};

    /// Refusals of every kind, from the games' front door: (game id, refusal).
    fn refusals() -> Vec<(&'static str, crate::door::DoorError)> {
        let mut out = Vec::new();
        let mut add = |id: &'static str, r: Result<(), crate::door::DoorError>| out.push((id, r.unwrap_err()));
        add("chess", Game::new("checkers", None).map(|_| ()));
        add("chess", Game::new("chess", Some(" ")).map(|_| ()));
        add("chess", Game::new("chess", Some("8/8 w")).map(|_| ()));
        add("chess", Game::new("chess", Some("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).map(|_| ()));
        add("chess", Game::new("chess", Some("8/8/8/8/8/8/8/8 w - - 0 1")).map(|_| ()));
        add("chess", Game::new("chess", Some("4k3/8/8/8/8/8/8/4K3 x")).map(|_| ()));
        add("chess", Game::new("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 zero")).map(|_| ()));
        add("chess", Game::new("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 9999999")).map(|_| ()));
        let chess = Game::new("chess", None).unwrap();
        for m in ["e2e5", "e1e2", "hello", "e2e9", "a3a4", "Q@e4", "e7e5"] {
            add("chess", chess.clone().play(m).map(|_| ()));
        }
        add("chess", chess.perft(99).map(|_| ()));
        add("chess", chess.moves_from("z9").map(|_| ()));
        add("chess", chess.drop_targets("X").map(|_| ()));
        let zilo = Game::new("zilo", Some("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1")).unwrap();
        for (piece, square) in [("P", "a9"), ("P", "e1"), ("Y", "e5")] {
            if let Some(e) = zilo.drop_error(piece, square).unwrap() {
                out.push(("zilo", e));
            }
        }
        let cyvasse = Game::new("cyvasse", None).unwrap();
        for m in ["x", "a5a6", "e9e8", "zz1a1"] {
            out.push(("cyvasse", cyvasse.clone().play(m).unwrap_err()));
        }
        for legal in cyvasse.legal_moves().iter().take(1) {
            let mut g = cyvasse.clone();
            g.play(legal).unwrap();
            out.push(("cyvasse", g.play(legal).unwrap_err()));
        }
        out.push(("cyvasse", check_half("cyvasse", Side::First, "8/8/8/8").unwrap_err()));
        out.push(("cyvasse", check_half("cyvasse", Side::First, "11/10/9/8").unwrap_err()));
        out.push(("cyvasse", Game::new("cyvasse", Some("1/2/3 w 0 1")).unwrap_err()));
        let mut half = Half::new("cyvasse", Side::First, None).unwrap();
        out.push(("cyvasse", half.place("a9", "R").unwrap_err()));
        out.push(("cyvasse", half.place("a1", "Q").unwrap_err()));
        half.place("a1", "mountain").unwrap();
        out.push(("cyvasse", half.place("a1", "R").unwrap_err()));
        out.push(("cyvasse", Half::preset("cyvasse", Side::First, "nowhere").map(|_| ()).unwrap_err()));
        out.push(("chess", Half::new("chess", Side::First, None).map(|_| ()).unwrap_err()));
        out
    }

    /// Whether `message` says `value` of the argument `name` (a piece by its
    /// name in game `id`, a side or a counter in words, anything else as it is).
    fn says(id: &str, message: &str, name: &str, value: &str) -> bool {
        if PIECE_ARGS.contains(&name) {
            let game = games().into_iter().find(|g| g.id == id).unwrap();
            let piece = game.pieces.iter().find(|p| p.letter == value);
            return piece.is_some_and(|p| message.to_lowercase().contains(&p.name.to_lowercase()));
        }
        match name {
            "side" | "owner" => value == "w" || value == "b",
            // A count the line may say in words ("the farthest rank") or not at all (a setup's problems).
            "count" => value.parse::<usize>().is_ok(),
            "kingFields" => value.split(", ").all(|field| message.contains(field)),
            "counter" => ["halfmoves", "fullmoves", "pliesSinceCapture", "turnNumber"].contains(&value),
            _ => message.contains(value),
        }
    }

    #[test]
    fn every_refusal_has_a_listed_code_and_args_its_message_says() {
        let refusals = refusals();
        for (id, e) in &refusals {
            assert!(CODES.contains(&e.code()), "{} is not in CODES ({})", e.code(), e.message());
            for (name, value) in e.args() {
                assert!(
                    says(id, e.message(), name, value),
                    "{}: arg {name}={value} not in '{}'",
                    e.code(),
                    e.message()
                );
            }
            for p in e.problems() {
                assert!(CODES.contains(&p.code), "{} is not in CODES", p.code);
                assert!(e.message().contains(&p.message), "the refusal lists '{}'", p.message);
                for (name, value) in &p.args {
                    assert!(says(id, &p.message, name, value), "{}: arg {name}={value} not in '{}'", p.code, p.message);
                }
            }
        }
        // The scenarios reach refusals of many kinds, not one.
        let mut seen: Vec<&str> = refusals.iter().map(|(_, e)| e.code()).collect();
        seen.sort();
        seen.dedup();
        assert!(seen.len() >= 25, "only {seen:?}");
    }

    /// The `{name}` placeholders of a code's English words, in order of appearance.
    fn placeholders(en: &En) -> Vec<&'static str> {
        let texts = match en {
            En::Text(t) => vec![*t],
            En::Plural { one, other, .. } => vec![*one, *other],
        };
        let mut names = Vec::new();
        for text in texts {
            for part in text.split('{').skip(1) {
                let name = part.split('}').next().unwrap();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
    }

    #[test]
    fn a_codes_words_use_exactly_its_args() {
        for w in words() {
            let mut used = placeholders(&w.en);
            if let En::Plural { by, .. } = w.en {
                assert!(w.args.contains(&by), "{}: counts by {by}, not one of its args", w.code);
                if !used.contains(&by) {
                    used.push(by);
                }
            }
            assert_eq!(used, w.args, "{}: its words' placeholders are not its args", w.code);
            let first = match w.en {
                En::Text(t) | En::Plural { one: t, .. } => t,
            };
            assert!(!first.is_empty() && !first.ends_with('.'), "{}: a line, without a full stop", w.code);
        }
    }

    #[test]
    fn a_refusal_carries_every_arg_its_words_use() {
        for (_, e) in refusals() {
            let said: Vec<Said> =
                std::iter::once(Said { code: e.code(), args: e.args().clone(), message: String::new() })
                    .chain(e.problems().iter().cloned())
                    .collect();
            for s in said {
                let w = words().find(|w| w.code == s.code).unwrap();
                for name in w.args {
                    assert!(s.args.iter().any(|(k, _)| k == name), "{} lacks {name}: {:?}", s.code, s.args);
                }
            }
        }
    }

    #[test]
    fn every_code_is_listed_once() {
        let all = CODES.clone();
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), all.len(), "a code is in two tables");
        for c in &all {
            assert!(c.split('.').count() == 2 && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '.'), "{c}");
        }
    }

    #[test]
    fn a_setup_refusal_lists_each_problem_coded() {
        let e = check_half("cyvasse", Side::First, "11/10/9/8").unwrap_err();
        assert_eq!(e.code(), "setup.invalid");
        let codes: Vec<&str> = e.problems().iter().map(|p| p.code).collect();
        assert!(codes.contains(&"setup.noKing") && codes.contains(&"setup.pieceCount"), "{codes:?}");
        let rabble = e.problems().iter().find(|p| p.args.contains(&("piece", "R".to_string()))).unwrap();
        assert_eq!(rabble.args, vec![("piece", "R".into()), ("placed", "0".into()), ("needed", "6".into())]);
    }

    #[test]
    fn a_refused_drop_names_the_piece_by_its_letter() {
        let zilo = Game::new("zilo", Some("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1")).unwrap();
        let e = zilo.drop_error("P", "a9").unwrap().unwrap();
        assert_eq!(e.code(), "drop.farthestRanks");
        assert_eq!(e.args(), &vec![("piece", "P".to_string()), ("count", "1".to_string())]);
        assert_eq!(e.message(), "a Minion may not be dropped on the farthest rank");
    }
}
