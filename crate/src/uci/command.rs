//! Reading the lines a GUI sends to a UCI engine into [`Command`]s: the
//! protocol's words only, nothing about games or searches (so the same
//! engine loop can later be driven by another protocol's reader).

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
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    pub infinite: bool,
    /// Only these root moves (as sent).
    pub searchmoves: Vec<String>,
}

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    IsReady,
    UciNewGame,
    SetOption { name: String, value: Option<String> },
    Position { start: Start, moves: Vec<String> },
    Go(Go),
    Stop,
    PonderHit,
    Debug,
    Quit,
}

/// The command on `line`, `Ok(None)` for a blank line, or a one-line
/// description of what could not be read.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else { return Ok(None) };
    let rest: Vec<&str> = words.collect();
    let command = match first {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "setoption" => set_option(&rest)?,
        "position" => position(&rest)?,
        "go" => Command::Go(go(&rest)?),
        "stop" => Command::Stop,
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

/// `position startpos|fen <words> [moves <move>...]`.
fn position(words: &[&str]) -> Result<Command, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let head = &words[..moves_at.unwrap_or(words.len())];
    let moves = moves_at.map_or(Vec::new(), |i| words[i + 1..].iter().map(|w| w.to_string()).collect());
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", extra)) => return Err(format!("unexpected '{}' after startpos", shown(extra[0]))),
        Some((&"fen", [])) => return Err("position fen needs a position string".to_string()),
        Some((&"fen", fen)) => Start::Fen(fen.join(" ")),
        Some((other, _)) => return Err(format!("position needs startpos or fen, not '{}'", shown(other))),
        None => return Err("position needs startpos or fen".to_string()),
    };
    Ok(Command::Position { start, moves })
}

const GO_WORDS: [&str; 13] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "searchmoves",
    "ponder",
    "mate",
    "perft",
];

/// `go` and its limits, in any order.
fn go(words: &[&str]) -> Result<Go, String> {
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
            "wtime" => go.wtime = Some(number("wtime")?),
            "btime" => go.btime = Some(number("btime")?),
            "winc" => go.winc = Some(number("winc")?),
            "binc" => go.binc = Some(number("binc")?),
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
        let c = parse("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2 e8e7").unwrap().unwrap();
        assert_eq!(
            c,
            Command::Position {
                start: Start::Fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_string()),
                moves: vec!["e1e2".to_string(), "e8e7".to_string()]
            }
        );
        let c = parse("position startpos").unwrap().unwrap();
        assert_eq!(c, Command::Position { start: Start::StartPos, moves: vec![] });
    }

    #[test]
    fn reads_go_limits_in_any_order_and_a_negative_clock_as_none_left() {
        let Some(Command::Go(go)) = parse("go wtime -5 btime 3000 winc 100 binc 100 movestogo 7").unwrap() else {
            panic!("not go")
        };
        assert_eq!((go.wtime, go.btime, go.winc, go.movestogo), (Some(0), Some(3000), Some(100), Some(7)));
        let Some(Command::Go(go)) = parse("go searchmoves e2e4 d2d4 depth 3").unwrap() else { panic!("not go") };
        assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(go.depth, Some(3));
    }

    #[test]
    fn reads_option_names_and_values_of_several_words() {
        let c = parse("setoption name Skill Level value 3").unwrap().unwrap();
        assert_eq!(c, Command::SetOption { name: "Skill Level".to_string(), value: Some("3".to_string()) });
        let c = parse("setoption name Clear Hash").unwrap().unwrap();
        assert_eq!(c, Command::SetOption { name: "Clear Hash".to_string(), value: None });
    }

    #[test]
    fn names_what_it_cannot_read() {
        assert_eq!(parse("fly me").unwrap_err(), "unknown command 'fly'");
        assert_eq!(parse("go depth x").unwrap_err(), "go depth needs a whole number, not 'x'");
        assert_eq!(parse("position").unwrap_err(), "position needs startpos or fen");
        assert_eq!(parse("setoption value 3").unwrap_err(), "setoption needs 'name <option>'");
        assert_eq!(parse("  ").unwrap(), None);
    }
}
