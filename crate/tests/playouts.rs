//! Random games of every variant, checking after every move the invariants
//! the rules imply, and the legal move list against brute force (every
//! pseudo-legal move played on a copy, kept if the mover's king is safe).
//! `zilo_playouts.rs` adds the checks special to zilo (blasts, hands).

use zilo::door::{Game, Outcome};
use zilo::fen::{parse_position, write_position};
use zilo::notation::{move_text, parse_move_in};
use zilo::rng::Rng;
use zilo::variant::Variant;
use zilo::{Move, Position};

/// Reserve drops written out from the rule (own reserve rank, or up the
/// file over empty squares as far as the thrust goes), independently of the
/// generator.
fn reserve_drops(pos: &Position) -> Vec<Move> {
    let v = pos.variant();
    let g = &v.geometry;
    let us = pos.turn();
    let Some(reserve) = v.rules.reserve else { return Vec::new() };
    let mut drops = Vec::new();
    for role in v.roles().filter(|&r| reserve.roles.contains(r) && pos.hand_count(us, r) > 0) {
        for file in 0..g.files {
            for rank in reserve.rank..=reserve.thrust_to {
                let sq = g.square(file, g.relative_rank(us, rank)).unwrap();
                if pos.piece_at(sq).is_some() {
                    break;
                }
                drops.push(Move::Drop { role, to: sq });
            }
        }
    }
    drops
}

/// The legal moves by brute force: pseudo-legal moves whose result leaves
/// the mover's king safe. Drops of captured pieces are left out where a drop
/// may not mate (the fast generator's drop-mate test is checked by perft).
fn brute_force_legal(pos: &Position) -> Vec<Move> {
    let v = pos.variant();
    let us = pos.turn();
    let mut moves: Vec<Move> = v
        .geometry
        .squares()
        .flat_map(|sq| pos.pseudo_legal_moves_from(sq).into_iter())
        .chain(reserve_drops(pos))
        .filter(|&m| {
            let next = pos.play_unchecked(m);
            next.monarch_square(us).is_some() && (next.monarch_square(!us).is_none() || !next.monarch_threatened(us))
        })
        .collect();
    moves.sort_by_key(|m| format!("{m:?}"));
    moves
}

/// The moves compared with brute force: all but drops of captured pieces.
fn without_drops(v: &Variant, moves: impl IntoIterator<Item = Move>) -> Vec<Move> {
    let reserve = |role| v.rules.reserve.is_some_and(|r| r.roles.contains(role));
    let mut list: Vec<Move> =
        moves.into_iter().filter(|m| !matches!(m, Move::Drop { role, .. } if !reserve(*role))).collect();
    list.sort_by_key(|m| format!("{m:?}"));
    list
}

fn play_games(id: &str, games: usize, seed: u64) -> (usize, std::collections::BTreeMap<&'static str, usize>) {
    let v = Variant::by_id(id).unwrap();
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    let mut endings = std::collections::BTreeMap::new();
    for _ in 0..games {
        let mut game = Game::new(id, None).unwrap();
        let mut pos = Position::start(v);
        for _ in 0..250 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            assert_eq!(without_drops(v, moves.iter().copied()), without_drops(v, brute_force_legal(&pos)), "{pos:?}");
            // Prefer captures and special moves half the time: they are what breaks.
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to()).is_some() || !matches!(m, Move::Normal { promotion: None, .. }))
                .collect();
            let m = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            // Every listed move is legal, and its text reads back as the same move.
            let text = move_text(v, m).to_string();
            assert!(pos.move_error(m).is_none(), "{pos:?}: listed move {text} reported illegal");
            assert_eq!(parse_move_in(&pos, &text).unwrap(), m, "{pos:?} {text}");
            let mover = pos.turn();
            game.play(&text).unwrap();
            plies += 1;
            let next = pos.play_unchecked(m);
            assert_eq!(game.position(), write_position(&next), "{pos:?} {text}");
            // Pieces on the board and in hand: captures going to hand keep
            // the count, other captures lower it, nothing raises it.
            let material = |p: &Position| {
                p.occupied().count() as usize
                    + zilo::Color::BOTH
                        .iter()
                        .map(|&c| p.hand(c).iter().map(|&n| n as usize).sum::<usize>())
                        .sum::<usize>()
            };
            assert!(material(&next) <= material(&pos), "{pos:?} {text}");
            if v.rules.drops && v.rules.blast.is_none() {
                assert_eq!(material(&next), material(&pos), "{pos:?} {text}");
            }
            assert!(!next.monarch_threatened(mover), "{pos:?} {text} leaves the king in check");
            // Castling rights only on unmoved rooks.
            if let Some(c) = v.rules.castling {
                for rook in next.castling_rights() {
                    assert_eq!(next.piece_at(rook).map(|p| p.role()), Some(c.rook), "{next:?}");
                }
            }
            let reparsed = parse_position(v, &write_position(&next)).unwrap();
            assert_eq!(reparsed, next);
            assert_eq!(reparsed.hash(), next.hash());
            assert!(game.undo());
            assert_eq!(parse_position(v, &game.position()).unwrap(), pos);
            assert!(game.redo());
            assert_eq!(game.position(), write_position(&next));
            pos = next;
            if game.outcome() != Outcome::Ongoing {
                break;
            }
        }
        *endings.entry(game.outcome().reason()).or_insert(0) += 1;
    }
    (plies, endings)
}

fn check_variant(id: &str, games: usize) {
    let (plies, endings) = play_games(id, games, 0x2026_1201);
    assert!(plies > games * 40, "{id}: {plies} plies");
    assert!(endings.len() > 1, "{id}: every game ended the same way: {endings:?}");
}

#[test]
fn pillage_random_games_keep_every_invariant() {
    check_variant("pillage", 100);
}

#[test]
fn pillage_flying_ferz_random_games_keep_every_invariant() {
    check_variant("pillage-flying-ferz", 50);
}

#[test]
fn pillage_snipers_random_games_keep_every_invariant() {
    check_variant("pillage-snipers", 80);
}

#[test]
fn pillage_dragons_random_games_keep_every_invariant() {
    check_variant("pillage-dragons", 50);
}

#[test]
fn pillage_warmachines_random_games_keep_every_invariant() {
    check_variant("pillage-warmachines", 50);
}

#[test]
fn venomous_random_games_keep_every_invariant() {
    check_variant("venomous", 80);
}

#[test]
fn chess_and_shogi_random_games_keep_every_invariant() {
    check_variant("chess", 80);
    check_variant("shogi", 30);
}

#[test]
fn the_playouts_reach_every_kind_of_pillage_move() {
    // Castles, snipes, en passant captures and promotions all occur in random games.
    let mut seen = std::collections::BTreeSet::new();
    for id in ["pillage", "pillage-snipers"] {
        let v = Variant::by_id(id).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let mut pos = Position::start(v);
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let kind = match m {
                    Move::Normal { .. } => "Step",
                    Move::Drop { .. } => "Drop",
                    Move::EnPassant { .. } => "EnPassant",
                    Move::Castle { .. } => "Castle",
                    Move::Snipe { .. } => "Snipe",
                };
                seen.insert(kind.to_string());
                if m.promotion().is_some() {
                    seen.insert("Promotion".to_string());
                }
                pos = pos.play_unchecked(m);
            }
        }
    }
    for kind in ["Step", "Castle", "Snipe", "EnPassant", "Promotion"] {
        assert!(seen.contains(kind), "no {kind} in the playouts: {seen:?}");
    }
}
