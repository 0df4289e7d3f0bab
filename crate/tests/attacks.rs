//! `Position::attackers_to`, the one attack test behind check detection,
//! legality and the search, against brute force: on random positions of every
//! variant, the pieces it names are exactly those whose generated captures
//! (moves onto the cell, or shots at it) reach the cell.

use proptest::prelude::*;
use zilo::bitboard::Bitboard;
use zilo::fen::{parse_setup, write_position};
use zilo::rng::Rng;
use zilo::variant::Variant;
use zilo::{Color, Move, Piece, Position, Role, Square};

/// A position `plies` random moves into a game of `variant`.
fn random_position(variant: &'static Variant, seed: u64, plies: usize) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start(variant);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Captures half the time, so that boards open up and lines form.
        let captures: Vec<Move> = moves.iter().copied().filter(|m| pos.piece_at(m.to()).is_some()).collect();
        let m = if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let next = pos.play_unchecked(m);
        if next.monarch_square(Color::White).is_none() || next.monarch_square(Color::Black).is_none() {
            break;
        }
        pos = next;
    }
    pos
}

/// The cells of `by`'s pieces that have a generated capture of `target`:
/// brute force over every pseudo-legal move of `by` (who must be to move).
fn capturers(pos: &Position, target: Square) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for from in pos.by_color(pos.turn()) {
        for m in pos.pseudo_legal_moves_from(from) {
            let hits = match m {
                Move::Normal { to, .. } => to == target,
                Move::Snipe { target: t, .. } => t == target,
                _ => false,
            };
            if hits {
                found.set(from);
            }
        }
    }
    found
}

/// A role every variant may put anywhere as a target: not royal, not armored.
fn plain_target(v: &Variant) -> Role {
    v.roles().find(|&r| r != v.royal() && v.rules.ranged_armor.is_none_or(|a| a.armored != r)).expect("a plain role")
}

/// Checks `attackers_to` for the side to move on every enemy piece it could
/// capture (royal and armored ones aside) and on empty cells with a plain
/// enemy piece put there; returns how many cells it compared.
fn compare(pos: &Position) -> usize {
    let v = pos.variant();
    let us = pos.turn();
    let mut compared = 0;
    for sq in pos.by_color(!us) {
        let role = pos.piece_at(sq).unwrap().role();
        if role == v.royal() || v.rules.ranged_armor.is_some_and(|a| a.armored == role) {
            continue;
        }
        assert_eq!(
            pos.attackers_to(sq, us, pos.occupied()),
            capturers(pos, sq),
            "{pos:?}: attackers of {}",
            v.geometry.square_name(sq)
        );
        compared += 1;
    }
    // Empty cells: put an enemy piece there (a new screen or blocker changes
    // nothing between the cell and its attackers).
    let text = write_position(pos);
    for sq in v.geometry.squares().filter(|&sq| pos.piece_at(sq).is_none()).step_by(7) {
        let mut setup = parse_setup(v, &text).unwrap();
        setup.board[sq.index()] = Some(Piece::new(!us, plain_target(v)));
        let Ok(with_target) = Position::from_setup(v, setup) else { continue };
        assert_eq!(
            pos.attackers_to(sq, us, pos.occupied()),
            capturers(&with_target, sq),
            "{pos:?}: attackers of the empty {}",
            v.geometry.square_name(sq)
        );
        compared += 1;
    }
    compared
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn attackers_to_names_exactly_the_pieces_whose_captures_reach_the_cell(
        variant in prop::sample::select(Variant::all().to_vec()),
        seed in any::<u64>(),
        plies in 0usize..120,
    ) {
        let pos = random_position(Variant::by_id(variant).unwrap(), seed, plies);
        compare(&pos);
    }
}

#[test]
fn every_variant_is_compared_on_many_cells() {
    for &id in Variant::all() {
        let v = Variant::by_id(id).unwrap();
        let compared: usize = (0..40).map(|seed| compare(&random_position(v, seed, 20 + seed as usize * 2))).sum();
        assert!(compared > 500, "{id}: only {compared} cells compared");
    }
}
