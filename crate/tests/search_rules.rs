//! Rules the search knows: a repetition is scored by the game's own rules.
//! In shogi the side that gave check with every move of the cycle loses (the
//! record declares it), so the search must not walk into it even when a
//! draw would suit it; in chess a repetition is a draw.

use zilo::door::{EndReason, Game, Outcome, Side};
use zilo::search::Limits;

/// White (behind by two Golds, two Silvers and two Pawns) chases the Black
/// King between e9 and d8 with its Rook from e5 and d5.
const SHOGI_CHASE: &str = "gg2k4/ss7/pp7/9/3R5/9/9/9/8K[] w - - 0 1";
const CHECKING_CYCLE: [&str; 4] = ["d5e5", "e9d8", "e5d5", "d8e9"];

fn game_after(variant: &str, fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(variant, Some(fen)).expect("valid position");
    for m in moves {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

#[test]
fn shogi_search_avoids_the_perpetual_check_the_record_would_declare_lost() {
    // Twice round the cycle: the start position has occurred three times.
    let cycles: Vec<&str> = CHECKING_CYCLE.iter().chain(&CHECKING_CYCLE).copied().collect();
    let game = game_after("shogi", SHOGI_CHASE, &cycles);
    assert_eq!(game.outcome(), Outcome::Ongoing);

    // Going round once more loses by the rules...
    let mut lost = game_after("shogi", SHOGI_CHASE, &cycles);
    for m in CHECKING_CYCLE {
        lost.play(m).unwrap();
    }
    assert_eq!(lost.outcome(), Outcome::Decisive { winner: Side::Second, reason: EndReason::PerpetualCheck });

    // ...so the search does not give the check that starts it, although
    // White is behind (a draw would have suited it).
    let r = game.best_move(Limits::depth(4)).unwrap();
    let best = r.best.expect("a move");
    assert_ne!(best, "d5e5", "score {}", r.score);
    assert!(r.score < 0, "White is behind: {}", r.score);
}

#[test]
fn chess_search_takes_a_repetition_draw_when_behind() {
    // The same chase in chess, where a repetition is only a draw: White,
    // a Rook against a Queen, is glad to repeat.
    let chase = "4k3/8/8/3R4/8/8/q7/7K w - - 0 1";
    let moves = ["d5e5", "e8d8", "e5d5", "d8e8"];
    let game = game_after("chess", chase, &moves);
    let r = game.best_move(Limits::depth(4)).unwrap();
    assert_eq!(r.best.expect("a move"), "d5e5");
    assert_eq!(r.score, 0);
}
