//! Cyvasse behind the game boundary: the same search, record and players as
//! the chess-like games. The search takes a King when it can, answers only
//! legal turns, and the computer beats random play; the hash and the
//! evaluation behave as the search needs.

use zilo::cyvasse::{default_start, random_start, Position, Turn};
use zilo::game_position::{Evaluation, GamePosition};
use zilo::players::{play_match_from, MatchOptions, PlayerSpec};
use zilo::record::Record;
use zilo::rng::Rng;
use zilo::search::{best_move, game_history, Limits};

fn pos(text: &str) -> Position {
    Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Positions after a few random turns from random setups.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut p = random_start(&mut rng);
            for _ in 0..rng.below(40) {
                let turns = p.turns_unsorted();
                if turns.is_empty() {
                    break;
                }
                p = p.after(&turns[rng.below(turns.len())]);
            }
            p
        })
        .collect()
}

#[test]
fn the_search_captures_an_unshielded_king() {
    let p = pos("7k/8R/10/11/12/11/10/9/7K w 0 1");
    let r = best_move(&p, &[], Limits::depth(3));
    assert_eq!(r.best.map(|t| t.to_string()).as_deref(), Some("i8xh9"));
    assert_eq!(r.mate_in(), Some(1));
}

#[test]
fn the_search_answers_only_legal_turns_and_a_legal_line() {
    for (i, p) in random_positions(24, 5).iter().enumerate() {
        let limits = if i % 2 == 0 { Limits::depth(2) } else { Limits::nodes(3_000) };
        let r = best_move(p, &[], limits);
        let legal = p.turns_unsorted();
        match r.best {
            Some(t) => assert!(legal.contains(&t), "{p}: {t}"),
            None => assert!(legal.is_empty(), "{p}"),
        }
        let mut at = p.clone();
        for t in &r.pv {
            assert!(at.turns_unsorted().contains(t), "{p}: pv {:?}", r.pv);
            at = at.after(t);
        }
    }
}

#[test]
fn noisy_turns_are_exactly_the_captures_and_is_legal_agrees_with_the_generator() {
    for p in random_positions(40, 9) {
        let legal = p.turns_unsorted();
        let mut captures: Vec<Turn> = legal.iter().copied().filter(Turn::is_capture).collect();
        let mut noisy = Evaluation::noisy_moves(&p);
        captures.sort_by_key(|t| t.to_string());
        noisy.sort_by_key(|t| t.to_string());
        assert_eq!(noisy, captures, "{p}");
        for t in &legal {
            assert!(GamePosition::is_legal(&p, *t), "{p}: {t}");
        }
        // Turns of the other side are not legal here.
        let other = pos(&p.to_string().replacen(" w ", " x ", 1).replacen(" b ", " w ", 1).replacen(" x ", " b ", 1));
        for t in other.turns_unsorted() {
            assert_eq!(GamePosition::is_legal(&p, t), legal.contains(&t), "{p}: {t}");
        }
    }
}

#[test]
fn the_hash_covers_pieces_terrain_and_side_to_move_but_not_the_counters() {
    let start = default_start();
    let same = pos(&start.to_string().replace(" w 0 1", " w 7 4"));
    assert_eq!(start.hash(), same.hash());
    let other_side = pos(&start.to_string().replace(" w 0 1", " b 0 1"));
    assert_ne!(start.hash(), other_side.hash());
    let mut seen = std::collections::HashMap::new();
    for p in random_positions(60, 21) {
        let key = (p.to_string().rsplitn(3, ' ').last().unwrap_or_default().to_string(), p.hash());
        seen.insert(key.0, key.1);
    }
    let mut hashes: Vec<u64> = seen.values().copied().collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), seen.len(), "different positions, different hashes");
}

#[test]
fn the_evaluation_is_the_same_for_a_position_and_its_mirror_image() {
    // Mirroring rows (r ↔ 10 − r) and swapping the sides gives the same game.
    for p in random_positions(20, 33) {
        let text = p.to_string();
        let (rows, rest) = text.split_once(' ').unwrap();
        let mirrored_rows: Vec<String> = rows
            .split('/')
            .rev()
            .map(|row| row.chars().map(|c| if c.is_ascii_alphabetic() { swap_case(c) } else { c }).collect::<String>())
            .collect();
        let side = if rest.starts_with('w') { "b" } else { "w" };
        let mirrored = pos(&format!("{} {side}{}", mirrored_rows.join("/"), &rest[1..]));
        assert_eq!(p.evaluate(), mirrored.evaluate(), "{p} / {mirrored}");
    }
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

#[test]
fn the_game_history_lists_the_earlier_positions() {
    let mut game = Record::new(default_start());
    game.play_text("e4e5").unwrap();
    game.play_text("e6e5+g6g5").unwrap_err();
    game.play_text("h8i8").unwrap();
    let hashes = game_history(&game);
    assert_eq!(hashes, vec![game.positions()[0].hash(), game.positions()[1].hash()]);
    // The record answers the same itself.
    assert_eq!(game.earlier_hashes(), hashes);
}

#[test]
fn a_low_level_beats_random_play_from_random_setups() {
    let mut options = MatchOptions::new(4, 7);
    options.max_plies = 200;
    let start = |pair: u32| random_start(&mut Rng::new(1000 + pair as u64));
    let r = play_match_from(start, PlayerSpec::Depth(2), PlayerSpec::Random, options, |_, _| {});
    assert_eq!(r.wins, 4, "{r:?}");
}

#[test]
fn a_pass_gives_a_whole_turn_away_and_only_with_a_piece_beyond_king_rabble_and_towers() {
    // A King and a Rabble: having to move may be what loses, no pass.
    assert!(pos("7k/8R/10/11/12/11/10/9/7K w 0 1").pass().is_none());
    // With a Dragon the side may pass. A turn of two Rabble moves is one
    // move of the search, so a pass never falls between them: it gives the
    // other side a whole turn, and the position is otherwise the same.
    let p = pos("7k/8R/10/11/12/11/10/9/D6K w 0 1");
    let pass = p.pass().expect("a Dragon: a pass");
    let expected = pos("7k/8R/10/11/12/11/10/9/D6K b 1 1");
    assert_eq!(pass.position.to_position_string(), expected.to_position_string());
    assert_eq!(pass.position.hash(), expected.hash());
    assert!(pass
        .position
        .legal_moves()
        .iter()
        .all(|t| pass.position.piece_at(t.from()).unwrap().side == zilo::cyvasse::Side::Black));
}
