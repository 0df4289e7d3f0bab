//! Thousands of random games of `zilo`, checking after every move the
//! invariants the rules imply.

mod common;
use common::*;
use zilo::door::Outcome;
use zilo::fen::{parse_position, write_position};
use zilo::notation::move_text;
use zilo::variants::zilo::START_FEN;
use zilo::{Move, Position};

/// A small deterministic generator (xorshift64*), so failures replay.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const PIECES_IN_ZILO: usize = 40;

fn pieces_accounted(pos: &Position) -> usize {
    let hands: usize = zilo::Color::BOTH.iter().map(|&c| pos.hand(c).iter().map(|&n| n as usize).sum::<usize>()).sum();
    pos.occupied().count() as usize + hands
}

#[test]
fn random_games_keep_every_invariant() {
    let mut rng = Rng(0x2026_1130);
    let mut plies = 0;
    let mut blasts = 0;
    let mut endings = std::collections::BTreeMap::new();
    for _ in 0..1500 {
        let mut game = game(START_FEN);
        let mut pos = position(START_FEN);
        let mut removed = 0;
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures half the time so that blasts and drops happen often.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Normal { to, .. } if pos.piece_at(*to).is_some()))
                .collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let mover = pos.turn();
            let text = move_text(zilo(), m).to_string();
            assert!(pos.move_error(m).is_none(), "{pos:?}: listed move {text} reported illegal");

            let report = game.play(&text).unwrap();
            plies += 1;
            removed += report.blasted.len();
            if !report.blasted.is_empty() {
                blasts += 1;
            }
            let next = pos.play_unchecked(m);
            assert_eq!(game.position(), write_position(&next), "{pos:?} {text}");

            // Every piece is on the board, in a hand, or was blasted out of the game.
            assert_eq!(pieces_accounted(&next) + removed, PIECES_IN_ZILO, "{next:?}");
            // No legal move leaves the mover's Monarch capturable, unless it won.
            let outcome = game.outcome();
            if outcome.reason() != "monarch-captured" {
                assert!(next.monarch_square(mover).is_some());
                assert!(!next.monarch_threatened(mover), "{pos:?} {text} leaves the Monarch in check");
            }
            // The position string round-trips, and the incremental hash equals a fresh one.
            let reparsed = parse_position(zilo(), &write_position(&next)).unwrap();
            assert_eq!(reparsed, next);
            assert_eq!(reparsed.hash(), next.hash());
            // Undo restores the exact position and hash; redo comes back.
            assert!(game.undo());
            let back = parse_position(zilo(), &game.position()).unwrap();
            assert_eq!(back, pos);
            assert_eq!(back.hash(), pos.hash());
            assert!(game.redo());
            assert_eq!(game.position(), write_position(&next));

            pos = next;
            if outcome != Outcome::Ongoing {
                break;
            }
        }
        *endings.entry(game.outcome().reason()).or_insert(0) += 1;
    }
    assert!(plies > 100_000, "{plies} plies");
    assert!(blasts > 1000, "only {blasts} blasts: the playouts do not exercise the Bomber");
    assert!(endings.get("checkmate").copied().unwrap_or(0) > 10, "{endings:?}");
}

#[test]
fn moves_from_a_square_and_drop_targets_agree_with_the_full_move_list() {
    let mut rng = Rng(7);
    for _ in 0..200 {
        let mut pos = position(START_FEN);
        for _ in 0..rng.below(120) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        let all = pos.legal_moves();
        for sq in pos.variant().geometry.squares() {
            let from: Vec<Move> = pos.legal_moves_from(sq).to_vec();
            let expected: Vec<Move> = all.iter().copied().filter(|m| m.from() == Some(sq)).collect();
            assert_eq!(from, expected);
        }
        for role in pos.variant().roles() {
            let targets: Vec<_> = pos.drop_targets(role).into_iter().collect();
            let expected: Vec<_> = all
                .iter()
                .filter_map(|m| match *m {
                    Move::Drop { role: r, to } if r == role => Some(to),
                    _ => None,
                })
                .collect();
            assert_eq!(targets, expected);
            for sq in pos.variant().geometry.squares() {
                assert_eq!(pos.drop_error(role, sq).is_none(), expected.contains(&sq));
            }
        }
    }
}
