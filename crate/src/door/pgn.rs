//! Game records as PGN, the text lichess, pychess and chess programs trade.
//!
//! Written: the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`, `White`,
//! `Black`, `Result`), then `Variant` (Fairy-Stockfish's and pychess's name
//! where they have the game: `Standard` for chess, `Shogi`; the engine's id
//! otherwise), `FEN` and `SetUp "1"` when the game did not start from its
//! variant's start (a Cyvasse game always: its hidden setup is written as the
//! position after the setup), the caller's other tags, then the moves in the
//! notation players read (SAN for the chess-like games, Western notation for
//! shogi, the move text for Cyvasse) with move numbers, comments `{...}`,
//! NAGs `$n` and variations `( ... )`, and the result.
//!
//! Read: any number of games; each move may be written in the notation
//! players read (check marks optional, `0-0` for `O-O`) or as the engine's
//! move text (`e2e4`); comments (`{...}` and `; ...`, lichess's `[%clk]`
//! among them), NAGs, `!`/`?` glyphs and variations are kept in a
//! [`PgnGame`]'s tree, unknown tags in its [`Tags`]. A decisive result in a
//! position the rules do not end is read as the loser's resignation; a
//! missing result is `*`. Bounded: at most [`MAX_PGN_LEN`] bytes, variations
//! at most [`MAX_VARIATION_DEPTH`] deep. The first problem refuses the whole
//! text with a [`PgnError`] naming its line, column and move.

use std::fmt;

use super::{Game, Outcome, Side};

/// The longest PGN text read: 1 MiB (a few thousand games).
pub const MAX_PGN_LEN: usize = 1 << 20;

/// The deepest nesting of variations read (a variation inside a variation …).
pub const MAX_VARIATION_DEPTH: usize = 32;

/// A game's tags, in the order they are written; names are kept as given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl serde::Serialize for Tags {
    /// As an object whose keys keep the tags' order (`{"Event": "?", …}`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl Tags {
    pub fn new() -> Tags {
        Tags(Vec::new())
    }

    /// The value of tag `name`, if it is there.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing its value if it is there.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_string(), value)),
        }
    }

    /// The same tags with `name` set.
    pub fn with(mut self, name: &str, value: impl Into<String>) -> Tags {
        self.set(name, value);
        self
    }
}

/// Why a PGN text was refused: where, a stable code, and one English line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// From 1.
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
    /// `pgn.tooLong`, `pgn.syntax`, `pgn.illegalMove`, `pgn.tooDeep`,
    /// `pgn.unknownVariant`, `pgn.badPosition`, `pgn.result`, `pgn.empty`.
    pub code: &'static str,
    /// The move text refused, for `pgn.illegalMove`.
    pub text: Option<String>,
    message: String,
}

impl PgnError {
    fn new(at: (usize, usize), code: &'static str, message: impl Into<String>) -> PgnError {
        let message: String = message.into();
        // One line whatever it echoes.
        let message = message.split(['\n', '\r']).collect::<Vec<_>>().join(" ");
        PgnError { line: at.0, column: at.1, code, text: None, message }
    }

    /// What went wrong, without the place.
    pub fn reason(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for PgnError {}

/// One move of a PGN tree, with what was written around it.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PgnMove {
    /// The engine's move text (`e2e4`).
    pub text: String,
    /// As players read it (`e4`), as the engine writes it.
    pub notation: String,
    /// NAGs, as numbers (`!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    pub nags: Vec<u32>,
    /// Comments before the move that follow no move of its line (a variation's first).
    pub comments_before: Vec<String>,
    /// Comments after the move (lichess's `[%clk 0:03:00]` among them).
    pub comments: Vec<String>,
    /// Other moves in its place, each a line from the position before it.
    pub variations: Vec<Vec<PgnMove>>,
}

/// A game read from PGN: its tags, the game along the main line, and the tree.
#[derive(Clone, Debug)]
pub struct PgnGame {
    pub tags: Tags,
    /// The main line played out (resigned when the result says a side lost
    /// in a position the rules do not end).
    pub game: Game,
    /// The main line, with comments and variations.
    pub moves: Vec<PgnMove>,
    /// Comments of a game without moves.
    pub comments: Vec<String>,
    /// The result written after the moves (`*` when none was).
    pub result: String,
}

impl PgnGame {
    /// The game as PGN, comments and variations included.
    pub fn to_pgn(&self) -> String {
        write_pgn(&self.game, &self.tags, &self.moves, &self.comments, &self.result)
    }
}

/// The `Variant` tags a refusal lists: the names PGN writes for games named
/// otherwise elsewhere, then every id.
fn known_variant_names() -> Vec<&'static str> {
    let games = super::games();
    let written = games.iter().filter_map(|g| g.elsewhere.pgn.first().copied());
    written.chain(games.iter().map(|g| g.id)).collect()
}

/// The game id a `Variant` tag names (lichess's, pychess's or ours: each
/// game's data, `NamesElsewhere`), if any. Without the tag, a PGN is of
/// PGN's own game, "Standard" chess.
fn variant_id(name: &str) -> Option<&'static str> {
    let name = name.trim();
    super::game_of_pgn_variant(if name.is_empty() { "Standard" } else { name })
}

impl Game {
    /// The game's main line as PGN, with `tags` (the result is the game's
    /// when it is over, the `Result` tag's or `*` otherwise).
    pub fn to_pgn(&self, tags: &Tags) -> String {
        let moves: Vec<PgnMove> = self
            .history_records()
            .into_iter()
            .map(|r| PgnMove { text: r.text, notation: r.notation, ..PgnMove::default() })
            .collect();
        let result = match self.outcome() {
            Outcome::Ongoing => tags.get("Result").filter(|r| RESULTS.contains(r)).unwrap_or("*").to_string(),
            o => o.result().to_string(),
        };
        write_pgn(self, tags, &moves, &[], &result)
    }

    /// Every game of a PGN text, or the first problem (nothing is half read).
    pub fn from_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
        if text.len() > MAX_PGN_LEN {
            return Err(PgnError::new(
                (1, 1),
                "pgn.tooLong",
                format!("the PGN text is {} bytes long; at most {MAX_PGN_LEN} are read", text.len()),
            ));
        }
        let tokens = tokenize(text)?;
        let mut parser = Parser { tokens: &tokens, at: 0 };
        let mut games = Vec::new();
        while parser.peek().is_some() {
            games.push(parser.game()?);
        }
        if games.is_empty() {
            return Err(PgnError::new((1, 1), "pgn.empty", "no game in the PGN text"));
        }
        Ok(games)
    }
}

/// Each game of a PGN text on its own: a game that cannot be read is its
/// error, and reading goes on at the next game's tags. A text too long, or
/// whose comments or tags cannot be split into tokens, is one error.
pub fn read_each(text: &str) -> Result<Vec<Result<PgnGame, PgnError>>, PgnError> {
    if text.len() > MAX_PGN_LEN {
        return Err(PgnError::new(
            (1, 1),
            "pgn.tooLong",
            format!("the PGN text is {} bytes long; at most {MAX_PGN_LEN} are read", text.len()),
        ));
    }
    let tokens = tokenize(text)?;
    let mut parser = Parser { tokens: &tokens, at: 0 };
    let mut games = Vec::new();
    while parser.peek().is_some() {
        let start = parser.at;
        let read = parser.game();
        if read.is_err() {
            // On to the next tag that follows movetext.
            let mut i = start.max(parser.at);
            while i < tokens.len() && matches!(tokens[i].tok, Tok::Tag(..)) {
                i += 1;
            }
            while i < tokens.len() && !matches!(tokens[i].tok, Tok::Tag(..)) {
                i += 1;
            }
            parser.at = i;
        }
        games.push(read);
    }
    Ok(games)
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
const ROSTER: [(&str, &str); 6] =
    [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", "?"), ("Black", "?")];

fn tag_line(out: &mut String, name: &str, value: &str) {
    let value: String = value.chars().filter(|c| !c.is_control()).collect();
    out.push_str(&format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\"")));
}

fn write_pgn(game: &Game, tags: &Tags, moves: &[PgnMove], comments: &[String], result: &str) -> String {
    let mut out = String::new();
    for (name, default) in ROSTER {
        tag_line(&mut out, name, tags.get(name).unwrap_or(default));
    }
    tag_line(&mut out, "Result", result);
    let id = game.variant();
    tag_line(&mut out, "Variant", &super::pgn_variant_name(id));
    let start = game.start_position();
    let fresh = Game::new(id, None).map(|g| g.start_position()).unwrap_or_default();
    // A game with a hidden setup always says the position its setup made.
    if start != fresh || super::hidden_setup(id).unwrap_or(false) {
        tag_line(&mut out, "FEN", &start);
        tag_line(&mut out, "SetUp", "1");
    }
    let written = ["Result", "Variant", "FEN", "SetUp"];
    for (name, value) in &tags.0 {
        if !written.contains(&name.as_str()) && !ROSTER.iter().any(|(n, _)| n == name) {
            tag_line(&mut out, name, value);
        }
    }
    out.push('\n');
    let mut words = Vec::new();
    for c in comments {
        words.push(comment(c));
    }
    let (first, number) = game.start_numbering();
    let numbering = Numbering { first, number };
    write_line(&mut words, moves, 0, &numbering);
    words.push(result.to_string());
    // Lines of at most 80 characters, as the export standard asks.
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

fn comment(c: &str) -> String {
    // A comment ends at the first '}': one inside is written as ')'.
    format!("{{ {} }}", c.replace('}', ")"))
}

struct Numbering {
    first: Side,
    number: u32,
}

impl Numbering {
    /// The move number and whether the first player makes ply `ply`.
    fn of(&self, ply: usize) -> (u32, bool) {
        let offset = ply + usize::from(self.first == Side::Second);
        (self.number + (offset / 2) as u32, offset.is_multiple_of(2))
    }
}

fn write_line(words: &mut Vec<String>, moves: &[PgnMove], ply: usize, numbering: &Numbering) {
    let mut need_number = true;
    for (i, m) in moves.iter().enumerate() {
        for c in &m.comments_before {
            words.push(comment(c));
            need_number = true;
        }
        let (number, first) = numbering.of(ply + i);
        if first {
            words.push(format!("{number}. {}", m.notation));
        } else if need_number {
            words.push(format!("{number}... {}", m.notation));
        } else {
            words.push(m.notation.clone());
        }
        need_number = false;
        for nag in &m.nags {
            words.push(format!("${nag}"));
        }
        for c in &m.comments {
            words.push(comment(c));
            need_number = true;
        }
        for v in &m.variations {
            words.push("(".to_string());
            write_line(words, v, ply + i, numbering);
            words.push(")".to_string());
            need_number = true;
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Tag(String, String),
    Comment(String),
    Open,
    Close,
    Nag(u32),
    Result(String),
    Move(String),
}

struct Token {
    tok: Tok,
    at: (usize, usize),
}

/// Glyphs written after a move and their NAGs.
const GLYPHS: [(&str, u32); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

fn tokenize(text: &str) -> Result<Vec<Token>, PgnError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    // Moves `i` on by one character, keeping the line and column.
    macro_rules! bump {
        () => {{
            if chars[i] == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
            i += 1;
        }};
    }
    while i < chars.len() {
        let c = chars[i];
        let at = (line, col);
        if c == '\u{feff}' || c.is_whitespace() {
            bump!();
        } else if c == '%' && col == 1 || c == ';' {
            let start = i + 1;
            while i < chars.len() && chars[i] != '\n' {
                bump!();
            }
            if c == ';' {
                tokens.push(Token { tok: Tok::Comment(chars[start..i].iter().collect::<String>().trim().into()), at });
            }
        } else if c == '{' {
            bump!();
            let start = i;
            while i < chars.len() && chars[i] != '}' {
                bump!();
            }
            if i == chars.len() {
                return Err(PgnError::new(at, "pgn.syntax", "a comment '{' is never closed"));
            }
            let body: String = chars[start..i].iter().collect();
            bump!();
            tokens.push(Token { tok: Tok::Comment(body.trim().to_string()), at });
        } else if c == '(' || c == ')' {
            bump!();
            tokens.push(Token { tok: if c == '(' { Tok::Open } else { Tok::Close }, at });
        } else if c == '[' {
            bump!();
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                bump!();
            }
            let name: String = chars[start..i].iter().collect();
            while i < chars.len() && chars[i].is_whitespace() {
                bump!();
            }
            if name.is_empty() || i == chars.len() || chars[i] != '"' {
                return Err(PgnError::new(at, "pgn.syntax", "a tag is not written [Name \"value\"]"));
            }
            bump!();
            let mut value = String::new();
            loop {
                if i == chars.len() || chars[i] == '\n' {
                    return Err(PgnError::new(at, "pgn.syntax", format!("the value of tag {name} is never closed")));
                }
                match chars[i] {
                    '"' => break,
                    '\\' if i + 1 < chars.len() && matches!(chars[i + 1], '"' | '\\') => {
                        bump!();
                        value.push(chars[i]);
                    }
                    ch => value.push(ch),
                }
                bump!();
            }
            bump!();
            while i < chars.len() && chars[i].is_whitespace() && chars[i] != '\n' {
                bump!();
            }
            if i == chars.len() || chars[i] != ']' {
                return Err(PgnError::new(at, "pgn.syntax", format!("tag {name} has no closing ']'")));
            }
            bump!();
            tokens.push(Token { tok: Tok::Tag(name, value), at });
        } else if c == '$' {
            bump!();
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                bump!();
            }
            let digits: String = chars[start..i].iter().collect();
            let nag = digits.parse::<u32>().ok().filter(|n| *n < 256);
            match nag {
                Some(n) => tokens.push(Token { tok: Tok::Nag(n), at }),
                None => return Err(PgnError::new(at, "pgn.syntax", "a NAG is '$' and a number below 256")),
            }
        } else if c == '}' || c == ']' || c == '"' {
            return Err(PgnError::new(at, "pgn.syntax", format!("unexpected '{c}'")));
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !"{}()[];$\"".contains(chars[i]) {
                bump!();
            }
            // A flexible castle's landing square, `O-O(Kh1)`, belongs to its move.
            if i < chars.len() && chars[i] == '(' && i > start {
                let close = chars[i..].iter().take(8).position(|c| *c == ')');
                if let Some(n) = close.filter(|&n| chars[i + 1..i + n].iter().all(|c| c.is_alphanumeric())) {
                    for _ in 0..=n {
                        bump!();
                    }
                }
            }
            let word: String = chars[start..i].iter().collect();
            symbol(&word, at, &mut tokens)?;
        }
    }
    Ok(tokens)
}

/// A run of symbol characters: a result, a move number, a move with its glyphs, or glyphs alone.
fn symbol(word: &str, at: (usize, usize), tokens: &mut Vec<Token>) -> Result<(), PgnError> {
    if RESULTS.contains(&word) {
        tokens.push(Token { tok: Tok::Result(word.to_string()), at });
        return Ok(());
    }
    // A move number (`12.`, `12...`), perhaps run into its move (`12.e4`).
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let dots = word[digits..].chars().take_while(|c| *c == '.').count();
    let rest = if dots > 0 || digits == word.len() { &word[digits + dots..] } else { word };
    if rest.is_empty() {
        return Ok(());
    }
    let at = (at.0, at.1 + (word.chars().count() - rest.chars().count()));
    if let Some((_, nag)) = GLYPHS.iter().find(|(g, _)| *g == rest) {
        tokens.push(Token { tok: Tok::Nag(*nag), at });
        return Ok(());
    }
    let mut body = rest;
    let mut nag = None;
    for (g, n) in GLYPHS {
        if let Some(b) = body.strip_suffix(g) {
            if !b.is_empty() {
                body = b;
                nag = Some(n);
                break;
            }
        }
    }
    tokens.push(Token { tok: Tok::Move(body.to_string()), at });
    if let Some(n) = nag {
        tokens.push(Token { tok: Tok::Nag(n), at });
    }
    Ok(())
}

struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.at)
    }

    fn here(&self) -> (usize, usize) {
        self.peek().or(self.tokens.last()).map_or((1, 1), |t| t.at)
    }

    fn game(&mut self) -> Result<PgnGame, PgnError> {
        let mut tags = Tags::new();
        let mut variant_at = (1, 1);
        let mut fen_at = (1, 1);
        while let Some(Token { tok: Tok::Tag(name, value), at }) = self.peek() {
            if name == "Variant" {
                variant_at = *at;
            }
            if name == "FEN" {
                fen_at = *at;
            }
            tags.0.push((name.clone(), value.clone()));
            self.at += 1;
        }
        let variant = tags.get("Variant").unwrap_or("");
        let id = variant_id(variant).ok_or_else(|| {
            let shown: String = variant.chars().take(40).collect();
            PgnError::new(
                variant_at,
                "pgn.unknownVariant",
                format!("unknown variant '{shown}' (known: {})", known_variant_names().join(", ")),
            )
        })?;
        let mut game = Game::new(id, tags.get("FEN"))
            .map_err(|e| PgnError::new(fen_at, "pgn.badPosition", format!("bad FEN tag: {e}")))?;
        let mut comments = Vec::new();
        let moves = self.line(&mut game, 0, &mut comments)?;
        let result_at = self.here();
        let result = match self.peek() {
            Some(Token { tok: Tok::Result(r), .. }) => {
                self.at += 1;
                r.clone()
            }
            _ => "*".to_string(),
        };
        let outcome = game.outcome();
        if outcome.is_over() && result != "*" && result != outcome.result() {
            return Err(PgnError::new(
                result_at,
                "pgn.result",
                format!("result {result} contradicts the position: {} ({})", outcome.result(), outcome.reason()),
            ));
        }
        if !outcome.is_over() {
            match result.as_str() {
                "1-0" => game.resign(Side::Second),
                "0-1" => game.resign(Side::First),
                _ => {}
            }
        }
        Ok(PgnGame { tags, game, moves, comments, result })
    }

    /// The moves of one line from `game`'s position, played on it; stops
    /// before a `)`, a result, a tag or the end.
    fn line(&mut self, game: &mut Game, depth: usize, loose: &mut Vec<String>) -> Result<Vec<PgnMove>, PgnError> {
        let mut moves: Vec<PgnMove> = Vec::new();
        let mut pending: Vec<String> = Vec::new();
        while let Some(token) = self.peek() {
            let at = token.at;
            match &token.tok {
                Tok::Tag(..) | Tok::Result(_) | Tok::Close => break,
                Tok::Comment(c) => {
                    match moves.last_mut() {
                        Some(m) if pending.is_empty() => m.comments.push(c.clone()),
                        _ => pending.push(c.clone()),
                    }
                    self.at += 1;
                }
                Tok::Nag(n) => {
                    let Some(m) = moves.last_mut() else {
                        return Err(PgnError::new(at, "pgn.syntax", "a NAG before any move"));
                    };
                    m.nags.push(*n);
                    self.at += 1;
                }
                Tok::Open => {
                    if moves.is_empty() {
                        return Err(PgnError::new(at, "pgn.syntax", "a variation '(' before any move"));
                    }
                    if depth + 1 > MAX_VARIATION_DEPTH {
                        return Err(PgnError::new(
                            at,
                            "pgn.tooDeep",
                            format!("variations nested deeper than {MAX_VARIATION_DEPTH}"),
                        ));
                    }
                    self.at += 1;
                    let mut before = game.clone();
                    before.undo();
                    let mut orphan = Vec::new();
                    let mut variation = self.line(&mut before, depth + 1, &mut orphan)?;
                    match self.peek() {
                        Some(Token { tok: Tok::Close, .. }) => self.at += 1,
                        _ => return Err(PgnError::new(at, "pgn.syntax", "a variation '(' is never closed")),
                    }
                    if variation.is_empty() {
                        return Err(PgnError::new(at, "pgn.syntax", "an empty variation"));
                    }
                    variation[0].comments_before.splice(0..0, orphan);
                    moves.last_mut().expect("a move before the variation").variations.push(variation);
                }
                Tok::Move(word) => {
                    let (text, notation) = resolve(game, word).map_err(|reason| {
                        let shown: String = word.chars().take(20).collect();
                        let mut e = PgnError::new(at, "pgn.illegalMove", format!("illegal move {shown}: {reason}"));
                        e.text = Some(shown);
                        e
                    })?;
                    game.push(&text).map_err(|e| {
                        let shown: String = word.chars().take(20).collect();
                        let mut e = PgnError::new(at, "pgn.illegalMove", format!("illegal move {shown}: {e}"));
                        e.text = Some(shown);
                        e
                    })?;
                    moves.push(PgnMove {
                        text,
                        notation,
                        comments_before: std::mem::take(&mut pending),
                        ..PgnMove::default()
                    });
                    self.at += 1;
                }
            }
        }
        if depth == 0 && self.peek().is_some_and(|t| t.tok == Tok::Close) {
            return Err(PgnError::new(self.here(), "pgn.syntax", "a ')' closes no variation"));
        }
        match moves.last_mut() {
            Some(m) => m.comments.append(&mut pending),
            None => loose.append(&mut pending),
        }
        Ok(moves)
    }
}

/// The move `word` names in `game`'s position: its text and notation.
fn resolve(game: &Game, word: &str) -> Result<(String, String), String> {
    let outcome = game.outcome();
    if outcome.is_over() {
        return Err(format!("the game is over ({} {})", outcome.result(), outcome.reason()));
    }
    let legal = game.legal_moves();
    if legal.iter().any(|m| m == word) {
        let r = game.describe(word).map_err(|e| e.to_string())?;
        return Ok((r.text, r.notation));
    }
    let word = word.replace("0-0-0", "O-O-O").replace("0-0", "O-O");
    // First the moves whose landing square the word names (describing every move is the cost):
    // an exact match there is the move, as no two moves are written alike.
    for m in legal.iter().filter(|m| landing(m).is_some_and(|sq| word.contains(sq))) {
        let r = game.describe(m).map_err(|e| e.to_string())?;
        if r.notation == word {
            return Ok((r.text, r.notation));
        }
    }
    let mut loose = Vec::new();
    for m in &legal {
        let r = game.describe(m).map_err(|e| e.to_string())?;
        if r.notation == word {
            return Ok((r.text, r.notation));
        }
        // Check marks may be left out, or written where the move gives check.
        let bare = r.notation.trim_end_matches(['+', '#']);
        if r.check && (bare == word || bare == word.trim_end_matches(['+', '#'])) {
            loose.push((r.text, r.notation));
        }
    }
    match loose.len() {
        1 => Ok(loose.remove(0)),
        0 => Err(format!("no legal move of {} here is written so", game.variant())),
        _ => Err(format!("it may be {}", loose.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(" or "))),
    }
}

/// The last square a move text names (`e8` of `e7e8q`, `e5` of `P@e5`), if any.
fn landing(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    let mut end = b.len();
    while end > 0 && !b[end - 1].is_ascii_digit() {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && b[start - 1].is_ascii_digit() {
        start -= 1;
    }
    (start > 0 && start < end && b[start - 1].is_ascii_lowercase()).then(|| &text[start - 1..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chess_game_is_written_in_san_with_the_roster() {
        let mut game = Game::new("chess", None).unwrap();
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            game.play(m).unwrap();
        }
        let pgn = game.to_pgn(&Tags::new().with("White", "Ann").with("TimeControl", "180+2"));
        assert!(pgn.contains("[White \"Ann\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Variant \"Standard\"]\n"), "{pgn}");
        assert!(pgn.contains("[TimeControl \"180+2\"]"), "{pgn}");
        assert!(!pgn.contains("[FEN"), "{pgn}");
        assert!(pgn.ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
    }

    #[test]
    fn a_game_from_a_position_writes_fen_and_setup_and_numbers_from_it() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 30";
        let mut game = Game::new("chess", Some(fen)).unwrap();
        game.play("h7h6").unwrap();
        game.play("a1a8").unwrap();
        let pgn = game.to_pgn(&Tags::new());
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]\n[SetUp \"1\"]")), "{pgn}");
        assert!(pgn.contains("30... h6 31. Ra8+"), "{pgn}");
        let read = Game::from_pgn(&pgn).unwrap();
        assert_eq!(read[0].game.history(), ["h7h6", "a1a8"]);
    }

    #[test]
    fn comments_nags_and_variations_are_kept_and_written_back() {
        let text = "[Event \"x\"]\n[Annotator \"me\"]\n\n{start} 1. e4 {best by test} (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5!? 2. Nf3 $1 *";
        let games = Game::from_pgn(text).unwrap();
        let g = &games[0];
        assert_eq!(g.tags.get("Annotator"), Some("me"));
        assert_eq!(g.moves[0].comments_before, ["start"]);
        assert_eq!(g.moves[0].comments, ["best by test"]);
        assert_eq!(g.moves[0].variations[0][1].variations[0][0].notation, "Nf6");
        assert_eq!(g.moves[1].nags, [5]);
        assert_eq!(g.moves[2].nags, [1]);
        assert_eq!(g.game.history(), ["e2e4", "e7e5", "g1f3"]);
        let again = Game::from_pgn(&g.to_pgn()).unwrap();
        assert_eq!(again[0].moves, g.moves);
        assert_eq!(again[0].tags.get("Annotator"), Some("me"));
    }

    #[test]
    fn an_illegal_move_names_its_line_column_and_text() {
        let text = "[Event \"x\"]\n\n1. e4 e5\n2. Nf9 *";
        let e = Game::from_pgn(text).unwrap_err();
        assert_eq!((e.line, e.column, e.code), (4, 4, "pgn.illegalMove"));
        assert!(e.to_string().starts_with("line 4, column 4: illegal move Nf9: "), "{e}");
        assert_eq!(e.text.as_deref(), Some("Nf9"));
    }

    #[test]
    fn every_refusal_has_its_words_for_a_page() {
        let cases = [
            ("1. e4 e5 {never closed", "pgn.syntax"),
            ("1. e4 Ke7 2. Nf9 *", "pgn.illegalMove"),
            ("[Variant \"nonesuch\"]\n1. e4 *", "pgn.unknownVariant"),
            ("[FEN \"8/8 w\"]\n1. e4 *", "pgn.badPosition"),
            ("1. f3 e5 2. g4 Qh4# 1-0", "pgn.result"),
            ("   ", "pgn.empty"),
            (&format!("1. e4 {}{} *", "(1. d4 ".repeat(40), ")".repeat(40)), "pgn.tooDeep"),
        ];
        for (text, code) in cases {
            let e = Game::from_pgn(text).unwrap_err();
            assert_eq!(e.code, code, "{text}: {e}");
            let words = crate::door::codes::DOOR_WORDS.iter().find(|w| w.code == code).expect("a row");
            let wanted: &[&str] =
                if code == "pgn.illegalMove" { &["line", "column", "move"] } else { &["line", "column"] };
            assert_eq!(words.args, wanted, "{code}");
            assert_eq!(e.text.is_some(), code == "pgn.illegalMove", "{code}");
        }
        // An illegal move that is read but may not be played names it too.
        let e = Game::from_pgn("[Variant \"shogi\"]\n1. P*e5 *").unwrap_err();
        assert_eq!(e.code, "pgn.illegalMove", "{e}");
        assert!(e.text.is_some(), "{e}");
    }

    #[test]
    fn each_game_is_checked_on_its_own() {
        let text = "[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. e5 *\n\n[Event \"c\"]\n1. d4 *\n";
        let each = read_each(text).unwrap();
        assert_eq!(each.len(), 3);
        assert!(each[0].is_ok() && each[2].is_ok());
        assert_eq!(each[1].as_ref().unwrap_err().line, 5);
    }

    #[test]
    fn castling_with_zeros_and_moves_as_texts_are_read() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 g8f6 *";
        let g = &Game::from_pgn(text).unwrap()[0];
        assert_eq!(g.moves[6].notation, "O-O");
        assert_eq!(g.moves[7].notation, "Nf6");
    }
}
