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
    /// The arguments its English line (`Display`) is filled from: its args
    /// unless the line words them otherwise (`the first player` for `w`).
    fn line_args(&self) -> Args {
        self.args()
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

/// A code's words: the code, the names of the arguments its words use, its
/// English words for a page (`{name}` placeholders; a count's forms by
/// `Intl.PluralRules` category) and the English line the CLI and the server
/// print (the error's `Display`, see [`display_by_words!`]). Each family
/// keeps a table of its own codes
/// ([`DoorFamily::words`](super::DoorFamily::words)), the door one of the codes
/// every family shares ([`DOOR_WORDS`]): from them come the errors' English
/// lines, the list of codes ([`CODES`], `Zilo.errorCodes()`) and the page's
/// English catalog of refusals (`engine.<code>`, written into
/// `www/i18n/en.js` by `tools/engine-catalog.mjs` at build time), which every
/// other catalog translates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Words {
    pub code: &'static str,
    pub args: &'static [&'static str],
    /// The page's English words; `None` in a family's row for a code the
    /// door words ([`DOOR_WORDS`]), which the row gives only its line.
    pub en: Option<En>,
    /// The line `Display` prints, when it is not `en`: the CLI's wording
    /// (`'x' is not a piece of this variant`), filled from the error's
    /// [`Coded::line_args`], which may name more than `args` (a zone's rows).
    #[serde(skip)]
    pub line: Option<En>,
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
        Words { code, args, en: Some(En::Text(en)), line: None }
    }

    pub const fn plural(
        code: &'static str,
        args: &'static [&'static str],
        by: &'static str,
        one: &'static str,
        other: &'static str,
    ) -> Words {
        Words { code, args, en: Some(En::Plural { by, one, other }), line: None }
    }

    /// A family's line for a code whose page words are the door's.
    pub const fn door(code: &'static str) -> Words {
        Words { code, args: &[], en: None, line: None }
    }

    /// The same words with the line `Display` prints.
    pub const fn line(self, line: &'static str) -> Words {
        Words { line: Some(En::Text(line)), ..self }
    }

    /// The same words with a line in a count's two forms.
    pub const fn line_plural(self, by: &'static str, one: &'static str, other: &'static str) -> Words {
        Words { line: Some(En::Plural { by, one, other }), ..self }
    }

    /// The English line with `args` filled in: the line `Display` prints, or
    /// the page's words where the row has no line of its own.
    pub fn english(&self, args: &Args) -> String {
        match self.line.or(self.en) {
            Some(en) => en.fill(args),
            None => self.code.to_string(),
        }
    }
}

impl En {
    /// The words with each `{name}` replaced by the argument's value (a
    /// placeholder without an argument is left as it is); the count's form
    /// by English rules (`one` for 1).
    pub fn fill(&self, args: &Args) -> String {
        let value = |name: &str| args.iter().find(|(k, _)| *k == name).map(|(_, v)| v.as_str());
        let text = match *self {
            En::Text(text) => text,
            En::Plural { by, one, other } => {
                if value(by) == Some("1") {
                    one
                } else {
                    other
                }
            }
        };
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}').and_then(|close| value(&after[..close]).map(|v| (close, v))) {
                Some((close, v)) => {
                    out.push_str(v);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// The English line of a family's coded error: its code's row in `table`
/// (the family's), else in [`DOOR_WORDS`], filled from its line arguments.
pub fn line(table: &[Words], e: &(impl Coded + ?Sized)) -> String {
    line_of(table, e.code(), &e.line_args())
}

/// The English line of `code`: its row in `table`, else in [`DOOR_WORDS`],
/// filled from `args`; the code itself if no table words it.
pub fn line_of(table: &[Words], code: &str, args: &Args) -> String {
    match table.iter().chain(DOOR_WORDS).find(|w| w.code == code && (w.line.is_some() || w.en.is_some())) {
        Some(w) => w.english(args),
        None => code.to_string(),
    }
}

/// Implements `Display` for coded errors from a table of words: the line is
/// the code's row's, filled from [`Coded::line_args`].
/// `display_by_words!(WORDS => FenError, MoveTextError);`
#[macro_export]
macro_rules! display_by_words {
    ($table:expr => $($ty:ty),+ $(,)?) => {$(
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&$crate::door::codes::line($table, self))
            }
        }
    )+};
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
    Words::text("game.unknown", &["id", "known"], "Unknown game “{id}” (known: {known})")
        .line("unknown variant '{id}' (known: {known})"),
    Words::text("game.noSetup", &["id"], "“{id}” has no setup phase").line("'{id}' has no setup phase"),
    Words::text("game.over", &["result", "reason"], "The game is over ({result} {reason})")
        .line("the game is over ({result} {reason})"),
    Words::text("argument.invalid", &[], "The engine refused an argument"),
    Words::text("square.offBoard", &["square"], "Square “{square}” is not on the board"),
    Words::text("piece.unknown", &["letter"], "“{letter}” is not a piece of this game"),
    Words::text(
        "perft.badDepth",
        &["depth", "low", "max"],
        "Perft depth {depth} is not a whole number from {low} to {max}",
    )
    .line("perft{divide} depth {depth} is not a whole number from {low} to {max}"),
    Words::text("position.empty", &[], "Bad position string: it is empty")
        .line("bad position string: the position string is empty"),
    Words::text(
        "position.tooLong",
        &["length", "max"],
        "Bad position string: it is {length} bytes long; no position needs more than {max}",
    )
    .line("bad position string: it is {length} bytes long; no position needs more than {max}"),
    Words::text(
        "position.counterRange",
        &["counter", "text", "low", "max"],
        "Bad position string: the {counter} {text} is out of range ({low} to {max})",
    )
    .line("the {counter} {text} is out of range ({low} to {max})"),
    Words::text(
        "position.counterNotNumber",
        &["counter", "text", "low", "max"],
        "Bad position string: the {counter} “{text}” is not a whole number ({low} to {max})",
    )
    .line("the {counter} '{text}' is not a whole number ({low} to {max})"),
    Words::text("move.tooLong", &["length"], "A move is a few characters long, not {length}")
        .line("a move text has at most {max} characters, not {length}"),
    Words::text("move.badCode", &["code"], "{code} is not a move code")
        .line("{code} is not a move code (codes come from legalMoveCodes())"),
    Words::text("move.cannotReach", &["piece", "from", "to"], "The {piece} on {from} cannot move to {to}"),
    Words::text("drop.notAllowed", &[], "Pieces are never dropped in this game"),
    Words::text(
        "setup.tooLong",
        &["length", "max"],
        "Bad setup: it is {length} characters long; no setup needs more than {max}",
    )
    .line("bad setup: it is {length} {unit} long; no setup needs more than {max}"),
    Words::text(
        "setup.halvesInOrder",
        &[],
        "A start position takes the first player’s setup, then the second player’s",
    )
    .line("a start position takes the first player's (w) setup, then the second player's (b)"),
    Words::text("setup.differentGames", &[], "The two halves are of different games")
        .line("the two halves are of different games"),
    // A PGN text's refusals (`door::pgn`): the place, and the move for an
    // illegal one. The English line is the PgnError's own (it names the
    // detail: which tag, which character, why the move is illegal).
    Words::text("pgn.syntax", &["line", "column"], "Line {line}, column {column}: this is not PGN"),
    Words::text(
        "pgn.illegalMove",
        &["line", "column", "move"],
        "Line {line}, column {column}: the move {move} is not legal here",
    ),
    Words::text("pgn.tooDeep", &["line", "column"], "Line {line}, column {column}: variations are nested too deep"),
    Words::text("pgn.tooLong", &["line", "column"], "Line {line}, column {column}: the PGN text is too long"),
    Words::text(
        "pgn.unknownVariant",
        &["line", "column"],
        "Line {line}, column {column}: the Variant tag names no game this page plays",
    ),
    Words::text(
        "pgn.badPosition",
        &["line", "column"],
        "Line {line}, column {column}: the FEN tag is not a position of this game",
    ),
    Words::text(
        "pgn.result",
        &["line", "column"],
        "Line {line}, column {column}: the result does not match the final position",
    ),
    Words::text("pgn.empty", &["line", "column"], "Line {line}, column {column}: there is no game in the text"),
];

/// Every code's words: the door's, then each family's (a family's lines for
/// the door's codes left out).
pub fn words() -> impl Iterator<Item = &'static Words> {
    DOOR_WORDS.iter().chain(super::FAMILIES.iter().flat_map(|f| f.words().iter())).filter(|w| w.en.is_some())
}

/// Every code the engine gives, from the tables of words: the page's catalogs
/// have an `engine.<code>` entry for each (a test checks it).
pub static CODES: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| words().map(|w| w.code).collect());

/// What an argument's value is, for the words a page says it in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgWords {
    /// A piece letter of the game (`P`, `+P`): the page says the piece's name
    /// (`game.<id>.piece.<letter>.name`), the CLI's line its English name.
    Piece,
    /// `w` or `b`: the page says the side's name (`game.<id>.side.<w|b>.name`).
    Side,
    /// One of a few words, each with its English: the page says
    /// `<argument>.<word>` from its catalog (the English catalog's entries
    /// are written from here), the CLI's line the English.
    Word(&'static [(&'static str, &'static str)]),
}

/// The arguments whose values a page words (every other argument is shown
/// as it is: squares, texts, numbers): one list for every code, so that
/// the page, the catalogs and the English lines agree on them.
pub static ARG_WORDS: &[(&str, ArgWords)] = &[
    ("piece", ArgWords::Piece),
    ("attacker", ArgWords::Piece),
    ("target", ArgWords::Piece),
    ("monarch", ArgWords::Piece),
    ("side", ArgWords::Side),
    ("owner", ArgWords::Side),
    ("terrain", ArgWords::Word(&[("mountain", "mountain"), ("water", "water field")])),
    (
        "counter",
        ArgWords::Word(&[
            ("halfmoves", "half-move counter"),
            ("fullmoves", "full-move number"),
            ("pliesSinceCapture", "plies since capture"),
            ("turnNumber", "turn number"),
        ]),
    ),
];

/// How `name` is worded, if it is one of [`ARG_WORDS`].
pub fn arg_words(name: &str) -> Option<ArgWords> {
    ARG_WORDS.iter().find(|(n, _)| *n == name).map(|(_, w)| *w)
}

/// The English of `word`, a value of the word argument `name`
/// (`water` → `water field`); `word` itself if it has none.
pub fn english_word(name: &str, word: &str) -> String {
    match arg_words(name) {
        Some(ArgWords::Word(words)) => words.iter().find(|(w, _)| *w == word).map_or(word, |(_, en)| en).to_string(),
        _ => word.to_string(),
    }
}

/// The word argument `name`'s value whose English is `english`.
pub fn word_of(name: &str, english: &str) -> Option<&'static str> {
    match arg_words(name) {
        Some(ArgWords::Word(words)) => words.iter().find(|(_, en)| *en == english).map(|(w, _)| *w),
        _ => None,
    }
}

/// Whether the argument `name` holds a piece letter.
pub fn is_piece_arg(name: &str) -> bool {
    arg_words(name) == Some(ArgWords::Piece)
}

/// One of [`ARG_WORDS`] as the build reads it (`Zilo.argWords()`): `kind`
/// `piece`, `side` or `word`, and a word argument's words with their
/// English, in order (`[["water", "water field"], …]`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ArgWordsInfo {
    pub name: &'static str,
    pub kind: &'static str,
    pub words: Vec<[&'static str; 2]>,
}

/// [`ARG_WORDS`], described for the build.
pub fn arg_words_info() -> Vec<ArgWordsInfo> {
    ARG_WORDS
        .iter()
        .map(|(name, w)| match w {
            ArgWords::Piece => ArgWordsInfo { name, kind: "piece", words: Vec::new() },
            ArgWords::Side => ArgWordsInfo { name, kind: "side", words: Vec::new() },
            ArgWords::Word(words) => {
                ArgWordsInfo { name, kind: "word", words: words.iter().map(|(w, en)| [*w, *en]).collect() }
            }
        })
        .collect()
}

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
        if is_piece_arg(name) {
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
            let en = w.en.unwrap();
            let mut used = placeholders(&en);
            if let En::Plural { by, .. } = en {
                assert!(w.args.contains(&by), "{}: counts by {by}, not one of its args", w.code);
                if !used.contains(&by) {
                    used.push(by);
                }
            }
            assert_eq!(used, w.args, "{}: its words' placeholders are not its args", w.code);
            let first = match en {
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
    fn a_refusals_worded_args_hold_what_the_page_words() {
        for (id, e) in refusals() {
            let game = games().into_iter().find(|g| g.id == id).unwrap();
            let said = std::iter::once((e.code(), e.args().clone()))
                .chain(e.problems().iter().map(|p| (p.code, p.args.clone())));
            for (code, args) in said {
                for (name, value) in args {
                    match arg_words(name) {
                        Some(ArgWords::Piece) => {
                            assert!(
                                game.pieces.iter().any(|p| p.letter == value),
                                "{code}: {name}={value} is no piece letter of {id}"
                            )
                        }
                        Some(ArgWords::Side) => assert!(value == "w" || value == "b", "{code}: {name}={value}"),
                        Some(ArgWords::Word(words)) => {
                            assert!(
                                words.iter().any(|(w, _)| *w == value),
                                "{code}: {name}={value} is not one of its words"
                            )
                        }
                        None => {}
                    }
                }
            }
        }
    }

    #[test]
    fn a_word_argument_reads_back_from_its_english() {
        assert_eq!(english_word("terrain", "water"), "water field");
        assert_eq!(word_of("counter", "plies since capture"), Some("pliesSinceCapture"));
        assert_eq!(english_word("square", "e4"), "e4");
        let info = arg_words_info();
        let counter = info.iter().find(|a| a.name == "counter").unwrap();
        assert_eq!((counter.kind, counter.words[0]), ("word", ["halfmoves", "half-move counter"]));
        assert!(
            info.iter().filter(|a| a.kind == "piece").count() == 4 && is_piece_arg("monarch") && !is_piece_arg("side")
        );
    }

    #[test]
    fn a_line_fills_its_placeholders_and_counts_in_english() {
        let w = Words::plural("x.y", &["count"], "count", "{count} thing", "{count} things").line_plural(
            "count",
            "one {count} line of {who}",
            "{count} lines",
        );
        let args = |n: &str| -> Args { vec![("count", n.to_string())] };
        assert_eq!(w.english(&args("1")), "one 1 line of {who}");
        assert_eq!(w.english(&args("0")), "0 lines");
        assert_eq!(Words::text("x.z", &["a"], "A is {a}").english(&vec![("a", "{b}".into())]), "A is {b}");
    }

    #[test]
    fn a_familys_line_for_a_door_code_names_a_door_code() {
        for family in crate::door::FAMILIES {
            for w in family.words() {
                if w.en.is_none() {
                    assert!(w.line.is_some(), "{}: a row of the door's code gives the family's line", w.code);
                    assert!(DOOR_WORDS.iter().any(|d| d.code == w.code), "{} is not the door's", w.code);
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
