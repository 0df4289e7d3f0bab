//! Reading the lines a GUI sends to a UCI or USI engine into [`Command`]s:
//! the protocols' words only, nothing about games or searches. The two
//! protocols share their grammar; [`Protocol`] picks the words that differ
//! (`uci`/`usi`, `ucinewgame`/`usinewgame`, `position fen`/`position sfen`,
//! `go wtime`/`go btime` for the first player's clock, USI's `byoyomi` and
//! `gameover`). XBoard's commands are read by [`super::xboard`] into the same
//! [`Command`]s.

use super::dialect::Protocol;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's start position.
    StartPos,
    /// A position string (its words joined by single spaces).
    Fen(String),
}

/// What `go` asks for; every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// Each player's clock in ms, the first player's first (UCI's `wtime`, USI's `btime`).
    pub time: [Option<u64>; 2],
    /// Each player's increment in ms, the first player's first.
    pub inc: [Option<u64>; 2],
    /// USI's byoyomi: ms granted afresh for every move once the clock is spent.
    pub byoyomi: Option<u64>,
    pub movestogo: Option<u64>,
    pub infinite: bool,
    /// Only these root moves (as sent).
    pub searchmoves: Vec<String>,
}

/// Who plays the engine's moves by itself (XBoard's engine keeps the game
/// and answers the moves it is sent; UCI and USI are asked with `go`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineSide {
    /// The side to move now (XBoard's `go`): search at once.
    ToMove,
    /// The side not to move (`playother`).
    Other,
    /// The second player (XBoard's `new`: the engine plays Black).
    Second,
}

/// One line from the GUI, or one step of it (an XBoard line may be several).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`, `usi`, XBoard's `protover`: the engine names itself and its options.
    Identify,
    IsReady,
    /// `ucinewgame`, `usinewgame`, XBoard's `new`: the variant's start, the table forgotten.
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    PonderHit,
    Debug,
    Quit,
    /// XBoard: a move played on the engine's own game (`usermove`).
    Play(String),
    /// XBoard: moves taken back from the engine's own game (`undo` 1, `remove` 2).
    Undo(usize),
    /// XBoard: which side the engine plays from now on (`go`, `playother`, `new`).
    PlaySide(EngineSide),
    /// XBoard's `force`, `result`: the engine plays neither side; a search
    /// running is stopped and its move not made.
    Force,
    /// XBoard's `ping N`: `pong N`.
    Ping(String),
    /// XBoard's `post`/`nopost`: thinking lines shown or not.
    Post(bool),
}

/// The command on `line` in UCI or USI, `Ok(None)` for a blank line, or a
/// one-line description of what could not be read.
pub fn parse(line: &str, protocol: Protocol) -> Result<Option<Command>, String> {
    let usi = protocol == Protocol::Usi;
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else { return Ok(None) };
    let rest: Vec<&str> = words.collect();
    let command = match first {
        "uci" if !usi => Command::Identify,
        "usi" if usi => Command::Identify,
        "isready" => Command::IsReady,
        "ucinewgame" if !usi => Command::NewGame,
        "usinewgame" if usi => Command::NewGame,
        "setoption" => set_option(&rest)?,
        "position" => position(&rest, if usi { "sfen" } else { "fen" })?,
        "go" => Command::Go(go(&rest, usi)?),
        "stop" => Command::Stop,
        // USI's end of a game (`gameover win|lose|draw`): nothing to search any more.
        "gameover" if usi => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "debug" => Command::Debug,
        "quit" => Command::Quit,
        other => return Err(format!("unknown command '{}'", shown(other))),
    };
    Ok(Some(command))
}

/// A word as echoed in a message: long input is cut.
pub fn shown(word: &str) -> String {
    const MAX: usize = 40;
    if word.chars().count() > MAX {
        format!("{}…", word.chars().take(MAX).collect::<String>())
    } else {
        word.to_string()
    }
}

/// `setoption name <name words> [value <value words>]`.
fn set_option(words: &[&str]) -> Result<Command, String> {
    if words.first() != Some(&"name") {
        return Err("setoption needs 'name <option>'".to_string());
    }
    let value_at = words.iter().position(|&w| w == "value");
    let name_words = &words[1..value_at.unwrap_or(words.len())];
    if name_words.is_empty() {
        return Err("setoption needs an option name after 'name'".to_string());
    }
    let value = value_at.map(|i| words[i + 1..].join(" "));
    Ok(Command::SetOption { name: name_words.join(" "), value })
}

/// `position startpos|fen <words> [moves <move>...]` (USI: `sfen` for `fen`).
fn position(words: &[&str], fen_word: &str) -> Result<Command, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let head = &words[..moves_at.unwrap_or(words.len())];
    let moves = moves_at.map_or(Vec::new(), |i| words[i + 1..].iter().map(|w| w.to_string()).collect());
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", extra)) => return Err(format!("unexpected '{}' after startpos", shown(extra[0]))),
        Some((word, [])) if *word == fen_word => return Err(format!("position {fen_word} needs a position string")),
        Some((word, fen)) if *word == fen_word => Start::Fen(fen.join(" ")),
        Some((other, _)) => return Err(format!("position needs startpos or {fen_word}, not '{}'", shown(other))),
        None => return Err(format!("position needs startpos or {fen_word}")),
    };
    Ok(Command::Position { start, moves })
}

const GO_WORDS: [&str; 14] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "byoyomi",
    "infinite",
    "searchmoves",
    "ponder",
    "mate",
    "perft",
];

/// `go` and its limits, in any order. In USI `btime`/`binc` are the first
/// player's (Sente, Black), in UCI `wtime`/`winc` (White).
fn go(words: &[&str], usi: bool) -> Result<Go, String> {
    // The indexes of Black's and White's clocks.
    let (b, w) = if usi { (0, 1) } else { (1, 0) };
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        let mut number = |name: &str| -> Result<u64, String> {
            let text = words.get(i).ok_or(format!("go {name} needs a number"))?;
            i += 1;
            // GUIs send a negative clock when the time is gone: none left.
            match text.parse::<i64>() {
                Ok(n) => Ok(n.max(0) as u64),
                Err(_) => Err(format!("go {name} needs a whole number, not '{}'", shown(text))),
            }
        };
        match word {
            "depth" => go.depth = Some(number("depth")?.min(u32::MAX as u64) as u32),
            "nodes" => go.nodes = Some(number("nodes")?),
            "movetime" => go.movetime = Some(number("movetime")?),
            "btime" => go.time[b] = Some(number("btime")?),
            "wtime" => go.time[w] = Some(number("wtime")?),
            "binc" => go.inc[b] = Some(number("binc")?),
            "winc" => go.inc[w] = Some(number("winc")?),
            "byoyomi" if usi => go.byoyomi = Some(number("byoyomi")?),
            "movestogo" => go.movestogo = Some(number("movestogo")?),
            "infinite" => go.infinite = true,
            "searchmoves" => {
                while i < words.len() && !GO_WORDS.contains(&words[i]) {
                    go.searchmoves.push(words[i].to_string());
                    i += 1;
                }
            }
            "ponder" => return Err("go ponder is not supported (the engine does not ponder)".to_string()),
            "mate" | "perft" => return Err(format!("go {word} is not supported")),
            other => return Err(format!("unknown go parameter '{}'", shown(other))),
        }
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_position_with_a_position_string_and_moves() {
        let c = parse("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2 e8e7", Protocol::Uci).unwrap().unwrap();
        assert_eq!(
            c,
            Command::Position {
                start: Start::Fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_string()),
                moves: vec!["e1e2".to_string(), "e8e7".to_string()]
            }
        );
        let c = parse("position startpos", Protocol::Uci).unwrap().unwrap();
        assert_eq!(c, Command::Position { start: Start::StartPos, moves: vec![] });
    }

    #[test]
    fn reads_go_limits_in_any_order_and_a_negative_clock_as_none_left() {
        let Some(Command::Go(go)) =
            parse("go wtime -5 btime 3000 winc 100 binc 100 movestogo 7", Protocol::Uci).unwrap()
        else {
            panic!("not go")
        };
        assert_eq!((go.time, go.inc, go.movestogo), ([Some(0), Some(3000)], [Some(100), Some(100)], Some(7)));
        let Some(Command::Go(go)) = parse("go searchmoves e2e4 d2d4 depth 3", Protocol::Uci).unwrap() else {
            panic!("not go")
        };
        assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(go.depth, Some(3));
    }

    #[test]
    fn reads_option_names_and_values_of_several_words() {
        let c = parse("setoption name Skill Level value 3", Protocol::Uci).unwrap().unwrap();
        assert_eq!(c, Command::SetOption { name: "Skill Level".to_string(), value: Some("3".to_string()) });
        let c = parse("setoption name Clear Hash", Protocol::Uci).unwrap().unwrap();
        assert_eq!(c, Command::SetOption { name: "Clear Hash".to_string(), value: None });
    }

    #[test]
    fn names_what_it_cannot_read() {
        let uci = |line| parse(line, Protocol::Uci);
        assert_eq!(uci("fly me").unwrap_err(), "unknown command 'fly'");
        assert_eq!(uci("go depth x").unwrap_err(), "go depth needs a whole number, not 'x'");
        assert_eq!(uci("position").unwrap_err(), "position needs startpos or fen");
        assert_eq!(uci("setoption value 3").unwrap_err(), "setoption needs 'name <option>'");
        assert_eq!(uci("  ").unwrap(), None);
        // Each protocol's own words only.
        assert_eq!(uci("usinewgame").unwrap_err(), "unknown command 'usinewgame'");
        assert_eq!(uci("go byoyomi 1000").unwrap_err(), "unknown go parameter 'byoyomi'");
        assert_eq!(parse("ucinewgame", Protocol::Usi).unwrap_err(), "unknown command 'ucinewgame'");
        assert_eq!(parse("position fen x", Protocol::Usi).unwrap_err(), "position needs startpos or sfen, not 'fen'");
    }

    #[test]
    fn usi_reads_btime_as_the_first_players_clock_and_byoyomi() {
        let Some(Command::Go(go)) = parse("go btime 5000 wtime 7000 byoyomi 1000", Protocol::Usi).unwrap() else {
            panic!("not go")
        };
        assert_eq!((go.time, go.byoyomi), ([Some(5000), Some(7000)], Some(1000)));
        let c = parse("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h", Protocol::Usi).unwrap().unwrap();
        assert_eq!(
            c,
            Command::Position {
                start: Start::Fen("4k4/9/9/9/9/9/9/9/4K4 b - 1".to_string()),
                moves: vec!["5i5h".to_string()]
            }
        );
        assert_eq!(parse("usi", Protocol::Usi).unwrap(), Some(Command::Identify));
        assert_eq!(parse("gameover win", Protocol::Usi).unwrap(), Some(Command::Stop));
    }
}
