//! XBoard (CECP v2) lines read into the loop's [`Command`]s, and the
//! engine's clock as XBoard keeps it (`level`, `st`, `sd`, `time`, `nps`).
//!
//! In XBoard the engine keeps the game: the GUI sends the opponent's moves
//! (`usermove`), the engine answers with `move <m>` on its own when it is
//! its side's turn, and `force` makes it play neither side. Variants are
//! named as XBoard names them where it has a name (`normal` for chess), by
//! their ids otherwise; moves are the engine's own texts (`e7e8q`, `P@e5`,
//! shogi's `c3c4+`).

use super::command::{shown, Command, EngineSide, Go, Start};
use super::dialect::index;
use crate::door::{self, Game};

/// The move time when the GUI has set no clock, no `st` and no `sd`.
pub const DEFAULT_MOVE_MS: u64 = 1_000;

/// The variant names in `feature variants=`: XBoard's `normal` for chess, the ids for the rest.
pub fn variant_names() -> Vec<&'static str> {
    door::ids().into_iter().map(door::xboard_variant_name).collect()
}

/// The limits XBoard has set; they hold until changed (or `new`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Xboard {
    /// `level MPS BASE INC`: moves per control (0: the whole game), base and increment in ms.
    level: Option<(u64, u64, u64)>,
    /// `time N`: the engine's own clock, in ms (sent in centiseconds).
    time_ms: Option<u64>,
    /// `st N`: exactly this long per move, in ms.
    st_ms: Option<u64>,
    /// `sd N`: no deeper than this.
    depth: Option<u32>,
    /// `nps N`: think in nodes, N a second (with `st`: N × st nodes a move).
    nps: Option<u64>,
}

fn number<T: std::str::FromStr>(command: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{command} needs a number, not '{}'", shown(text)))
}

/// Seconds, maybe with a fraction (`0.5`), as ms.
fn seconds(command: &str, text: &str) -> Result<u64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..1e9).contains(&s) => Ok((s * 1000.0).round() as u64),
        _ => Err(format!("{command} needs seconds, not '{}'", shown(text))),
    }
}

/// A word that can only be a move (`e2e4`, `P@e5`, `c3c4+`, `a10a9`): XBoard without `usermove`.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    word.len() <= 16 && b.len() >= 4 && (word.contains('@') || (b[0].is_ascii_lowercase() && b[1].is_ascii_digit()))
}

impl Xboard {
    /// The steps one XBoard line asks for, or its problem (said as `Error (<problem>): <line>`).
    pub fn read(&mut self, line: &str) -> Result<Vec<Command>, String> {
        let line = line.trim();
        let (word, arg) = line.split_once(char::is_whitespace).map_or((line, ""), |(w, a)| (w, a.trim()));
        let one = |c: Command| Ok(vec![c]);
        match word {
            "" => Ok(vec![]),
            // Said for the GUI's own sake, or features the engine did not ask for: nothing to do.
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "easy" | "hard"
            | "ics" | "draw" | "hint" | "bk" | "otim" | "cores" | "." | "egtpath" => Ok(vec![]),
            "protover" => one(Command::Identify),
            "new" => {
                // The start of chess, the engine playing Black, no depth or node limit.
                self.depth = None;
                self.nps = None;
                self.time_ms = None;
                Ok(vec![
                    Command::Force,
                    Command::SetOption { name: "UCI_Variant".to_string(), value: Some("chess".to_string()) },
                    Command::NewGame,
                    Command::PlaySide(EngineSide::Second),
                ])
            }
            "variant" => {
                let Some(id) = door::game_of_xboard_variant(arg) else {
                    return Err(format!("unsupported variant '{}'", shown(arg)));
                };
                one(Command::SetOption { name: "UCI_Variant".to_string(), value: Some(id.to_string()) })
            }
            "force" | "result" => one(Command::Force),
            "go" => one(Command::PlaySide(EngineSide::ToMove)),
            "playother" => one(Command::PlaySide(EngineSide::Other)),
            "usermove" if arg.is_empty() || arg.contains(char::is_whitespace) => {
                Err("usermove needs one move".to_string())
            }
            "usermove" => one(Command::Play(arg.to_string())),
            "setboard" if arg.is_empty() => Err("setboard needs a position string".to_string()),
            "setboard" => one(Command::Position { start: Start::Fen(arg.to_string()), moves: vec![] }),
            "undo" => one(Command::Undo(1)),
            "remove" => one(Command::Undo(2)),
            "?" => one(Command::Stop),
            "ping" => one(Command::Ping(arg.to_string())),
            "post" => one(Command::Post(true)),
            "nopost" => one(Command::Post(false)),
            "time" => {
                let cs: i64 = number("time", arg)?;
                self.time_ms = Some(cs.max(0) as u64 * 10);
                Ok(vec![])
            }
            "level" => {
                let parts: Vec<&str> = arg.split_whitespace().collect();
                let [mps, base, inc] = parts.as_slice() else {
                    return Err("level needs moves, base and increment (level 40 5 0)".to_string());
                };
                let mps: u64 = number("level", mps)?;
                // The base is minutes, or minutes:seconds.
                let base_ms = match base.split_once(':') {
                    Some((m, s)) => number::<u64>("level", m)? * 60_000 + seconds("level", s)?,
                    None => seconds("level", base)? * 60,
                };
                self.level = Some((mps, base_ms, seconds("level", inc)?));
                self.st_ms = None;
                Ok(vec![])
            }
            "st" => {
                let ms = seconds("st", arg)?;
                self.st_ms = (ms > 0).then_some(ms);
                self.level = None;
                Ok(vec![])
            }
            "sd" => {
                let d: u32 = number("sd", arg)?;
                self.depth = (d > 0).then_some(d);
                Ok(vec![])
            }
            "nps" => {
                let n: u64 = number("nps", arg)?;
                self.nps = (n > 0).then_some(n);
                Ok(vec![])
            }
            "memory" => {
                let mb: u64 = number("memory", arg)?;
                one(Command::SetOption { name: "Hash".to_string(), value: Some(mb.max(1).to_string()) })
            }
            "option" => match arg.split_once('=') {
                Some((name, value)) => {
                    one(Command::SetOption { name: name.trim().to_string(), value: Some(value.trim().to_string()) })
                }
                None if !arg.is_empty() => one(Command::SetOption { name: arg.to_string(), value: None }),
                None => Err("option needs NAME=VALUE".to_string()),
            },
            "quit" => one(Command::Quit),
            "analyze" | "exit" | "pause" | "resume" | "edit" | "include" | "exclude" | "lift" | "put" | "hover" => {
                Err(format!("{word} is not supported"))
            }
            _ if arg.is_empty() && looks_like_move(word) => one(Command::Play(word.to_string())),
            _ => Err("unknown command".to_string()),
        }
    }

    /// The search for the engine's move in `game`, from the limits set.
    pub fn go(&self, game: &Game) -> Go {
        let mut go = Go { depth: self.depth, ..Go::default() };
        let side = index(game.turn());
        if let Some(st) = self.st_ms {
            match self.nps {
                Some(nps) => go.nodes = Some((st * nps / 1000).max(1)),
                None => go.movetime = Some(st),
            }
        } else if self.level.is_some() || self.time_ms.is_some() {
            let (mps, base, inc) = self.level.unwrap_or((0, 0, 0));
            go.time[side] = Some(self.time_ms.unwrap_or(base));
            go.inc[side] = Some(inc);
            if mps > 0 {
                // The moves each side has made, from the position string's move number.
                let (_, first_number) = game.start_numbering();
                let done = u64::from(first_number.saturating_sub(1)) + game.history().len() as u64 / 2;
                go.movestogo = Some(mps - done % mps);
            }
        } else if self.depth.is_none() {
            go.movetime = Some(DEFAULT_MOVE_MS);
        }
        go
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_starts_chess_with_the_engine_playing_the_second_side() {
        let mut x = Xboard::default();
        let steps = x.read("new").unwrap();
        assert_eq!(steps.last(), Some(&Command::PlaySide(EngineSide::Second)));
        assert!(steps.contains(&Command::NewGame));
        assert_eq!(
            x.read("variant normal").unwrap(),
            [Command::SetOption { name: "UCI_Variant".to_string(), value: Some("chess".to_string()) }]
        );
        assert_eq!(x.read("variant xiangqi").unwrap_err(), "unsupported variant 'xiangqi'");
    }

    #[test]
    fn reads_moves_with_and_without_usermove_and_names_unknown_commands() {
        let mut x = Xboard::default();
        assert_eq!(x.read("usermove e2e4").unwrap(), [Command::Play("e2e4".to_string())]);
        assert_eq!(x.read("P@e5").unwrap(), [Command::Play("P@e5".to_string())]);
        assert_eq!(x.read("frobnicate").unwrap_err(), "unknown command");
        assert_eq!(x.read("usermove").unwrap_err(), "usermove needs one move");
    }

    #[test]
    fn level_time_st_sd_and_nps_become_the_searchs_limits() {
        let game = Game::new("chess", None).unwrap();
        let mut x = Xboard::default();
        // No clock at all: a second a move.
        assert_eq!(x.go(&game).movetime, Some(DEFAULT_MOVE_MS));
        x.read("level 40 0:30 0.5").unwrap();
        x.read("time 2500").unwrap();
        let go = x.go(&game);
        assert_eq!((go.time[0], go.inc[0], go.movestogo), (Some(25_000), Some(500), Some(40)));
        x.read("level 0 5 2").unwrap();
        x.read("time -3").unwrap();
        let go = x.go(&game);
        assert_eq!((go.time[0], go.inc[0], go.movestogo), (Some(0), Some(2_000), None));
        x.read("st 0.25").unwrap();
        x.read("sd 7").unwrap();
        let go = x.go(&game);
        assert_eq!((go.movetime, go.depth, go.time[0]), (Some(250), Some(7), None));
        x.read("nps 1").unwrap();
        x.read("st 300").unwrap();
        assert_eq!(x.go(&game).nodes, Some(300));
        assert_eq!(x.read("level 40 x 0").unwrap_err(), "level needs seconds, not 'x'");
    }
}
