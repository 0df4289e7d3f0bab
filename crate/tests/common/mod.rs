//! Helpers shared by the integration tests: positions written as piece lists.
#![allow(dead_code)]

use zilo::door::Game;
use zilo::fen;
use zilo::notation::move_text;
use zilo::variant::Variant;
use zilo::Position;

pub fn zilo() -> &'static Variant {
    Variant::by_id("zilo").unwrap()
}

/// A position string from `(square, letter)` pairs, a hand and the side to move.
pub fn board(variant: &Variant, pieces: &[(&str, char)], hand: &str, turn: char) -> String {
    let g = &variant.geometry;
    let mut grid = vec![vec![None; g.files as usize]; g.ranks as usize];
    for &(sq, letter) in pieces {
        let s = g.parse_square(sq).unwrap_or_else(|| panic!("bad square {sq}"));
        grid[g.rank_of(s) as usize][g.file_of(s) as usize] = Some(letter);
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    Some(c) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    format!("{}[{}] {} - - 0 1", rows.join("/"), hand, turn)
}

pub fn zilo_board(pieces: &[(&str, char)], hand: &str, turn: char) -> String {
    board(zilo(), pieces, hand, turn)
}

pub fn position(fen: &str) -> Position {
    fen::parse_position(zilo(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A game of `zilo` from `fen`, through the game door.
pub fn game(fen: &str) -> Game {
    Game::new("zilo", Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as sorted text.
pub fn moves(fen: &str) -> Vec<String> {
    let pos = position(fen);
    let mut list: Vec<String> = pos.legal_moves().iter().map(|&m| move_text(zilo(), m).to_string()).collect();
    list.sort();
    list
}

/// The legal moves of the piece on `from`, as sorted destination squares.
pub fn targets(fen: &str, from: &str) -> Vec<String> {
    let mut list: Vec<String> = moves(fen)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m.contains('@'))
        .map(|m| m[from.len()..].to_string())
        .collect();
    list.sort();
    list
}

pub fn is_legal(fen: &str, m: &str) -> bool {
    moves(fen).iter().any(|x| x == m)
}

pub fn sorted(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// `base` with each edit applied: `(position, kind, char)` replaces (kind 0),
/// inserts (1) or deletes (2) a character, positions wrapping around.
pub fn mutate(base: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for &(at, kind, c) in edits {
        let i = at % (chars.len() + 1);
        match kind % 3 {
            0 if i < chars.len() => chars[i] = c,
            1 => chars.insert(i, c),
            _ if i < chars.len() => {
                chars.remove(i);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A real position of `v`: its start, then `plies` random legal moves.
pub fn reached(v: &'static Variant, seed: u64, plies: usize) -> zilo::Position {
    let mut rng = zilo::rng::Rng::new(seed);
    let mut pos = zilo::Position::start(v);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    pos
}
