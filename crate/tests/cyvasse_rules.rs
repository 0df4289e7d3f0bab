//! Cyvasse (`docs/rules/cyvasse.md`): one test or more per rule and
//! ruling, on concrete positions written as position strings (rows 9 to 1,
//! `^` mountain, `~` water, `R*` a piece on water). Unless said otherwise the
//! Kings stand out of the way on h1 (`K`) and h9 (`k`).

use proptest::prelude::*;
use zilo::cyvasse::*;
use zilo::door::{self, EndReason, Game};
use zilo::rng::Rng;

fn pos(text: &str) -> Position {
    Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// The texts of the legal turns starting on `from`, sorted.
fn from(text: &str, from: &str) -> Vec<String> {
    pos(text).turns_from(c(from)).iter().map(|t| t.to_string()).collect()
}

fn all(text: &str) -> Vec<String> {
    pos(text).legal_turn_texts()
}

fn has(list: &[String], item: &str) -> bool {
    list.iter().any(|x| x == item)
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// A game of Cyvasse through the door, from `text` after `turns`.
fn play(text: &str, turns: &[&str]) -> Game {
    let mut g = Game::new("cyvasse", Some(text)).unwrap();
    for t in turns {
        g.play(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    g
}

/// The game's current position.
fn now(g: &Game) -> Position {
    pos(&g.position())
}

// ---------------------------------------------------------------------------------
// Board

#[test]
fn board_has_88_fields_in_rows_of_8_to_12_named_a1_to_h9() {
    assert_eq!(Cell::all().count(), 88);
    assert_eq!(ROW_LEN, [8, 9, 10, 11, 12, 11, 10, 9, 8]);
    assert_eq!(Cell::all().next().unwrap().to_string(), "a1");
    assert_eq!(Cell::all().last().unwrap().to_string(), "h9");
    assert!(Cell::parse("l5").is_ok());
    for bad in ["m5", "i1", "a0", "a10", "A1", "", "e", "55"] {
        let e = Cell::parse(bad).unwrap_err();
        assert!(e.to_string().contains("is not a field"), "{bad}: {e}");
    }
    for cell in Cell::all() {
        assert_eq!(Cell::parse(&cell.to_string()), Ok(cell));
    }
}

#[test]
fn neighbours_follow_the_geometry_ruling() {
    let nb = |name: &str| {
        let mut v: Vec<String> = c(name).neighbours().map(|x| x.to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(nb("a1"), ["a2", "b1", "b2"]);
    assert_eq!(nb("e5"), ["d4", "d5", "d6", "e4", "e6", "f5"]);
    assert_eq!(nb("l5"), ["k4", "k5", "k6"]);
    assert_eq!(nb("h9"), ["g9", "h8", "i8"]);
    assert_eq!(nb("d3"), ["c2", "c3", "d2", "d4", "e3", "e4"]);
    assert_eq!(nb("e6"), ["d6", "d7", "e5", "e7", "f5", "f6"]);
    // Adjacency is symmetric and each direction has an opposite.
    for a in Cell::all() {
        for d in Dir::ALL {
            if let Some(b) = a.step(d) {
                assert_eq!(b.step(d.opposite()), Some(a));
                assert!(b.touches(a));
            }
        }
    }
}

#[test]
fn straight_lines_keep_one_of_six_directions() {
    let line: Vec<String> = c("a1").line(Dir::NorthEast).map(|x| x.to_string()).collect();
    assert_eq!(line, ["b2", "c3", "d4", "e5", "e6", "e7", "e8", "e9"]);
    let row: Vec<String> = c("a5").line(Dir::East).map(|x| x.to_string()).collect();
    assert_eq!(row.len(), 11);
    assert_eq!(c("e2").line_to(c("e4")), Some((Dir::NorthWest, 2)));
    assert_eq!(c("e2").line_to(c("f4")), None);
    assert_eq!(Dir::forward(Side::White), [Dir::NorthWest, Dir::NorthEast]);
    assert_eq!(Dir::forward(Side::Black), [Dir::SouthWest, Dir::SouthEast]);
}

#[test]
fn zones_are_rows_1_to_4_and_6_to_9() {
    assert_eq!(Cell::all().filter(|x| x.zone() == Some(Side::White)).count(), 38);
    assert_eq!(Cell::all().filter(|x| x.zone() == Some(Side::Black)).count(), 38);
    assert_eq!(c("l5").zone(), None);
    assert_eq!(c("c2").mirrored(), c("c8"));
    assert_eq!(c("k4").mirrored(), c("k6"));
}

#[test]
fn piece_table_matches_the_rules() {
    let table: Vec<(char, u8, u8, u8, u8)> =
        Kind::ALL.iter().map(|k| (k.letter(), k.count(), k.armor(), k.movement(), k.attack_range())).collect();
    assert_eq!(
        table,
        [
            ('R', 6, 1, 1, 1),
            ('S', 3, 1, 1, 1),
            ('L', 3, 1, 3, 1),
            ('H', 2, 2, 2, 1),
            ('E', 2, 2, 1, 2),
            ('C', 2, 0, 2, 3),
            ('T', 1, 0, 1, 4),
            ('D', 1, 2, 4, 2),
            ('W', 2, 2, 0, 1),
            ('K', 1, 1, 1, 1),
        ]
    );
    assert_eq!(Kind::ALL.iter().map(|k| k.count() as u32).sum::<u32>(), 23);
    assert_eq!(Kind::Trebuchet.min_attack_range(), 2);
}

// ---------------------------------------------------------------------------------
// Position strings

#[test]
fn empty_board_position_string_round_trips() {
    let p = pos("8/9/10/11/12/11/10/9/8 w 0 1");
    assert_eq!(p, Position::empty());
    assert_eq!(p.to_string(), "8/9/10/11/12/11/10/9/8 w 0 1");
}

#[test]
fn position_string_writes_mountains_water_and_pieces_on_water() {
    let text = "k^6/^^7/10/11/R*~10/11/10/4T*4/7K b 12 30";
    let p = pos(text);
    assert_eq!(p.to_string(), text);
    assert_eq!(p.terrain_at(c("b9")), Terrain::Mountain);
    assert_eq!(p.terrain_at(c("a5")), Terrain::Water);
    assert_eq!(p.piece_at(c("a5")), Some(Piece::new(Side::White, Kind::Rabble)));
    assert_eq!(p.terrain_at(c("b5")), Terrain::Water);
    assert_eq!(p.piece_at(c("b5")), None);
    assert_eq!(p.piece_at(c("e2")), Some(Piece::new(Side::White, Kind::Trebuchet)));
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.plies_since_capture(), 12);
    assert_eq!(p.turn_number(), 30);
}

#[test]
fn bad_position_strings_are_refused_with_the_problem_named() {
    let cases = [
        ("8/9/10/11/13/11/10/9/8 w 0 1", "row 5: '13' is not a number of empty fields"),
        ("8/9/10/11/12R/11/10/9/8 w 0 1", "row 5 lists 13 fields; row 5 has 12"),
        ("8/9/10/11/11/11/10/9/8 w 0 1", "row 5 lists 11 fields; row 5 has 12"),
        ("8/9/10/11/11X/11/10/9/8 w 0 1", "'X' is not a Cyvasse piece"),
        ("8/9/10/11/12/11/10/9 w 0 1", "9 rows"),
        ("8/9/10/11/12/11/10/9/8 x 0 1", "the side to move must be w or b"),
        ("8/9/10/11/12/11/10/9/8 w -1 1", "the plies since capture '-1' is not a whole number (0 to 1000000)"),
        ("8/9/10/11/12/11/10/9/8 w 0 0", "the turn number 0 is out of range (1 to 1000000)"),
        ("8/9/10/11/12/11/10/9/8 w 0", "has 3"),
        ("", "empty position string"),
        ("8/9/10/11/*11/11/10/9/8 w 0 1", "row 5: '*' must follow a piece letter"),
        ("8/9/10/11/11?/11/10/9/8 w 0 1", "row 5: '?' has no meaning"),
        ("8/9/10/11/0R11/11/10/9/8 w 0 1", "'0' is not a number"),
        (
            "0008/9/10/11/12/11/10/9/8 w 0 1",
            "row 9: '0008' is not a number of empty fields (1 to 12, no leading zeros)",
        ),
        ("8/9/10/11/KK10/11/10/9/8 w 0 1", "the first player (w) has 2 King; a side has at most 1"),
        ("8/9/10/11/rrrrrrr5/11/10/9/8 w 0 1", "the second player (b) has 7 Rabble; a side has at most 6"),
    ];
    for (text, want) in cases {
        let e = Position::parse(text).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: got '{e}', want '{want}'");
        assert!(!e.contains('\n'));
    }
}

// ---------------------------------------------------------------------------------
// Each piece's move and capture

#[test]
fn rabble_moves_one_field_and_captures_an_attacked_neighbour() {
    assert_eq!(from("7k/9/10/11/4r7/4R6/10/9/7K w 0 1", "e4"), ["e4d3", "e4d4", "e4e3", "e4f4", "e4f5", "e4xe5"]);
}

#[test]
fn spears_capture_only_onto_their_two_forward_fields() {
    // Spears on e4 (forward fields e5, f5); enemy Rabble on e5 and on f4 (beside).
    let p = "7k/9/10/11/4r7/4SrR4/10/9/7K w 0 1";
    assert_eq!(from(p, "e4"), ["e4d3", "e4d4", "e4e3", "e4f5", "e4xe5"]);
    // f4 is capturable (the Rabble on g4 attacks it), but not by the Spears.
    assert!(pos(p).is_capturable(c("f4")));
    assert!(has(&from(p, "g4"), "g4xf4"));
}

#[test]
fn spears_attack_only_their_two_forward_fields() {
    // Black Spears on e6 (forward e5 and f5); white Rabbles on d6 (beside) and e5.
    let p = pos("7k/9/10/3Rs6/4R7/11/10/9/7K b 0 1");
    assert_eq!(names(&p.attackers(c("e5"))), ["e6"]);
    assert!(p.attackers(c("d6")).is_empty());
    let t = from("7k/9/10/3Rs6/4R7/11/10/9/7K b 0 1", "e6");
    assert!(has(&t, "e6xe5") && !has(&t, "e6xd6"), "{t:?}");
}

#[test]
fn paths_turn_and_pass_own_pieces_but_not_stop_on_them_nor_on_enemies_or_mountains() {
    // Heavy Horse on c1 walled in by its own Rabbles b1 c2 d2 d1; a mountain on a2,
    // an enemy Elephant (not capturable) on e3. d3 is off every straight line from c1.
    let p = "7k/9/10/11/12/11/4e5/^1RR5/1RHR3K w 0 1";
    assert_eq!(from(p, "c1"), ["c1a1", "c1b2", "c1c3", "c1d3", "c1e1", "c1e2"]);
}

#[test]
fn light_horse_moves_up_to_three_steps() {
    // On e5 of an empty board every field within three steps: 6 + 12 + 18.
    let p = "7k/9/10/11/4L7/11/10/9/7K w 0 1";
    assert_eq!(from(p, "e5").len(), 36);
}

#[test]
fn elephant_passes_no_piece_and_captures_up_to_two_fields_away() {
    assert!(has(&from("7k/9/10/11/12/11/4E1r3/9/7K w 0 1", "e3"), "e3xg3"));
    // Its own Rabble on f3 stops the capture, though the Elephant still attacks g3.
    let own = "7k/9/10/11/12/11/4ERr3/9/7K w 0 1";
    assert!(!has(&from(own, "e3"), "e3xg3"));
    assert_eq!(names(&pos(own).attackers(c("g3"))), ["e3", "f3"]);
    // An enemy piece on f3 too: the Elephant takes it, not what stands behind.
    let enemy = from("7k/9/10/11/12/11/4Ecr3/9/7K w 0 1", "e3");
    assert!(has(&enemy, "e3xf3") && !has(&enemy, "e3xg3"), "{enemy:?}");
    // Its normal move is one step.
    assert_eq!(from("7k/9/10/11/12/11/4E5/9/7K w 0 1", "e3").len(), 6);
}

#[test]
fn crossbows_move_two_attack_three_and_never_capture() {
    let p = "7k/9/10/11/4r7/11/4C5/9/7K w 0 1";
    assert!(pos(p).is_capturable(c("e5")));
    assert_eq!(names(&pos(p).attackers(c("e5"))), ["e3"]);
    let t = from(p, "e3");
    assert!(t.iter().all(|m| !m.contains('x')), "{t:?}");
    assert_eq!(t.len(), 17); // 18 fields within two steps but the enemy's
    assert_eq!(
        pos("7k/9/10/11/4r7/11/4C5/9/7K w 0 1").play_text("e3xe5").unwrap_err().to_string(),
        "illegal move e3xe5: the Crossbows never capture"
    );
}

#[test]
fn trebuchet_captures_by_stepping_one_field_away_from_its_target() {
    // Trebuchet on e2, enemy Rabble on e4 (distance 2 north-west); e1 is behind.
    let p = pos("7k/9/10/11/12/4r6/10/4T4/7K w 0 1");
    assert_eq!(names(&p.attackers(c("e4"))), ["e2"]);
    let (turn, after) = p.play_text("e2xe4").unwrap();
    assert_eq!(turn, Turn::Shot { from: c("e2"), target: c("e4"), to: c("e1") });
    assert_eq!(after.to_string(), "7k/9/10/11/12/11/10/9/4T2K b 0 1");
}

#[test]
fn trebuchet_does_not_capture_when_the_field_behind_is_taken() {
    let p = "7k/9/10/11/12/4r6/10/4T4/4R2K w 0 1";
    assert!(!has(&from(p, "e2"), "e2xe4"));
    // Its attack still counts toward engagement.
    assert!(pos(p).is_capturable(c("e4")));
}

#[test]
fn trebuchet_never_captures_by_moving_onto_a_neighbour() {
    // An unarmored enemy Crossbows right beside it.
    let p = "7k/9/10/11/12/11/10/4Tc3/7K w 0 1";
    assert!(pos(p).is_capturable(c("f2")) || pos(p).attackers(c("f2")).is_empty());
    assert!(!has(&from(p, "e2"), "e2xf2"));
}

#[test]
fn trebuchet_on_water_cannot_capture() {
    assert!(!has(&from("7k/9/10/11/12/4r6/10/4T*4/7K w 0 1", "e2"), "e2xe4"));
}

#[test]
fn dragon_passes_over_mountains_and_enemy_pieces() {
    // Dragon on c3; mountain d3, enemy Elephant e3 (not capturable), empty f3, enemy Rabble g3
    // attacked by the Rabble on h3.
    let p = "7k/9/10/11/12/11/2D^e1rR2/9/7K w 0 1";
    let t = from(p, "c3");
    assert!(has(&t, "c3f3") && has(&t, "c3xg3"), "{t:?}");
    assert!(!has(&t, "c3d3") && !has(&t, "c3e3") && !has(&t, "c3xe3"), "{t:?}");
    // A Light Horse in its place can neither pass nor reach f3 another way in three steps.
    let t = from("7k/9/10/11/12/11/2L^e1rR2/9/7K w 0 1", "c3");
    assert!(!has(&t, "c3f3") && !has(&t, "c3xg3"), "{t:?}");
}

#[test]
fn tower_never_moves() {
    let p = "7k/9/10/11/4W7/11/10/9/7K w 0 1";
    assert!(from(p, "e5").is_empty());
    assert_eq!(pos(p).play_text("e5e6").unwrap_err().to_string(), "illegal move e5e6: the Tower never moves");
}

#[test]
fn king_jumps_over_its_own_adjacent_tower() {
    let t = from("7k/9/10/11/12/11/4W5/4K4/8 w 0 1", "e2");
    assert_eq!(t, ["e2d1", "e2d2", "e2e1", "e2e4", "e2f2", "e2f3"]);
    // It may land on water.
    assert!(has(&from("7k/9/10/11/12/4~6/4W5/4K4/8 w 0 1", "e2"), "e2e4"));
    // It never captures: an enemy behind the Tower blocks the jump.
    let t = from("7k/9/10/11/12/4r6/4W5/4K4/8 w 0 1", "e2");
    assert!(!has(&t, "e2e4") && !has(&t, "e2xe4"), "{t:?}");
    // A Tower on an enemy Spears' forward field (f4 covers e3) cannot be jumped.
    assert!(!has(&from("7k/9/10/11/12/5s5/4W5/4K4/8 w 0 1", "e2"), "e2e4"));
    // Nor a Tower standing on water (no move passes through water).
    assert!(!has(&from("7k/9/10/11/12/11/4W*5/4K4/8 w 0 1", "e2"), "e2e4"));
}

// ---------------------------------------------------------------------------------
// Terrain

#[test]
fn water_ends_a_move_that_enters_it() {
    // Light Horse on a1 boxed by mountains a2 b2; water on b1.
    assert_eq!(from("7k/9/10/11/12/11/10/^^7/L~5K w 0 1", "a1"), ["a1b1"]);
    // On land it would go on past b1.
    assert!(from("7k/9/10/11/12/11/10/^^7/L6K w 0 1", "a1").len() > 3);
    // The Dragon too: it passes the mountains but not the water, so e1 (only through b1) is out of reach.
    let t = from("7k/9/10/11/12/11/10/^^7/D~5K w 0 1", "a1");
    assert!(has(&t, "a1b1") && has(&t, "a1c2") && !has(&t, "a1e1"), "{t:?}");
    assert!(has(&from("7k/9/10/11/12/11/10/^^7/D6K w 0 1", "a1"), "a1e1"));
}

#[test]
fn no_move_passes_through_water_even_with_an_own_piece_on_it() {
    assert!(from("7k/9/10/11/12/11/10/^^7/LR*5K w 0 1", "a1").is_empty());
    assert!(has(&from("7k/9/10/11/12/11/10/^^7/LR5K w 0 1", "a1"), "a1c1"));
}

#[test]
fn a_piece_on_water_attacks_nothing_but_moves_and_captures() {
    let p = "7k/9/10/11/4r7/4R*6/10/9/7K w 0 1";
    assert!(pos(p).attackers(c("e5")).is_empty());
    let t = from(p, "e4");
    assert_eq!(t, ["e4d3", "e4d4", "e4e3", "e4f4", "e4f5"]);
    // With the Crossbows on e3 attacking e5 (through its own Rabble), the Rabble on water captures.
    let p = "7k/9/10/11/4r7/4R*6/4C5/9/7K w 0 1";
    assert_eq!(names(&pos(p).attackers(c("e5"))), ["e3"]);
    assert!(has(&from(p, "e4"), "e4xe5"));
}

#[test]
fn spears_forward_fields_stop_an_enemy_but_not_the_dragon() {
    // Black Spears on e6 close e5 and f5 to white moves passing through.
    let with = from("7k/9/10/4s6/3L8/11/10/9/7K w 0 1", "d5");
    assert!(has(&with, "d5e5") && has(&with, "d5f5"), "{with:?}"); // it may stop there
    assert!(!has(&with, "d5g5"), "{with:?}"); // but not pass
    assert!(has(&from("7k/9/10/11/3L8/11/10/9/7K w 0 1", "d5"), "d5g5"));
    assert!(has(&from("7k/9/10/4s6/3D8/11/10/9/7K w 0 1", "d5"), "d5g5"));
}

#[test]
fn an_attack_is_blocked_by_a_mountain_but_not_the_trebuchets() {
    assert!(pos("7k/9/10/11/4r7/4^6/4C5/9/7K w 0 1").attackers(c("e5")).is_empty());
    assert!(pos("7k/9/10/11/4r7/4^6/4D5/9/7K w 0 1").attackers(c("e5")).is_empty());
    assert_eq!(names(&pos("7k/9/10/11/4r7/4^6/4T5/9/7K w 0 1").attackers(c("e5"))), ["e3"]);
    assert!(has(&from("7k/9/10/11/12/4r6/4^5/4T4/7K w 0 1", "e2"), "e2xe4"));
}

#[test]
fn an_attack_is_blocked_by_the_targets_side_not_the_attackers() {
    assert_eq!(names(&pos("7k/9/10/11/4r7/4R6/4C5/9/7K w 0 1").attackers(c("e5"))), ["e3", "e4"]);
    assert!(pos("7k/9/10/11/4r7/4r6/4C5/9/7K w 0 1").attackers(c("e5")).is_empty());
}

// ---------------------------------------------------------------------------------
// Armor and Towers

#[test]
fn armor_two_needs_two_attackers_and_a_non_attacker_may_capture() {
    // Black Heavy Horse on e5, attacked by the Rabble on e4 only.
    let one = "7k/9/10/11/4h1L5/4R6/10/9/7K w 0 1";
    assert_eq!(names(&pos(one).attackers(c("e5"))), ["e4"]);
    assert!(!pos(one).is_capturable(c("e5")));
    assert!(!has(&all(one), "e4xe5") && !has(&all(one), "g5xe5"));
    assert_eq!(
        pos(one).play_text("e4xe5").unwrap_err().to_string(),
        "illegal move e4xe5: the Heavy Horse on e5 has armor 2 and is attacked by 1"
    );
    // The Crossbows on c5 add the second attack; the Light Horse on g5 (range 1, not
    // an attacker) may then capture it from two fields away.
    let two = "7k/9/10/11/2C1h1L5/4R6/10/9/7K w 0 1";
    assert_eq!(names(&pos(two).attackers(c("e5"))), ["e4", "c5"]);
    assert!(has(&all(two), "e4xe5") && has(&all(two), "g5xe5"));
}

#[test]
fn tower_neighbours_are_invulnerable_but_the_tower_is_not() {
    // Black Tower e6 beside the black Rabble e5, which two white Rabbles attack.
    let p = "7k/9/10/3RwR5/4r7/4R6/10/9/7K w 0 1";
    assert_eq!(pos(p).attackers(c("e5")).len(), 2);
    assert!(pos(p).is_shielded(c("e5")) && !pos(p).is_capturable(c("e5")));
    assert!(!has(&all(p), "e4xe5") && !has(&all(p), "d6xe5"));
    // The Tower itself (armor 2) falls to the two Rabbles beside it.
    assert!(has(&all(p), "d6xe6") && has(&all(p), "f6xe6"));
    // ... unless another Tower of its side stands next to it.
    assert!(!has(&all("7k/9/4w5/3RwR5/4r7/4R6/10/9/7K w 0 1"), "d6xe6"));
    // A Tower on water still shields.
    assert!(!has(&all("7k/9/10/4w*6/4r7/4R6/10/9/7K w 0 1"), "e4xe5"));
}

// ---------------------------------------------------------------------------------
// Horses continuing

#[test]
fn horses_may_continue_past_a_captured_piece_over_empty_land() {
    let caps = |p: &str| -> Vec<String> { from(p, "c5").into_iter().filter(|t| t.contains('x')).collect() };
    assert_eq!(caps("7k/9/10/11/2Lr8/11/10/9/7K w 0 1"), ["c5xd5", "c5xe5", "c5xf5"]);
    assert_eq!(caps("7k/9/10/11/2Hr8/11/10/9/7K w 0 1"), ["c5xd5", "c5xe5"]);
    // Onto an empty water field, where it stops (water ends every move); never past it.
    assert_eq!(caps("7k/9/10/11/2Lr1~6/11/10/9/7K w 0 1"), ["c5xd5", "c5xe5", "c5xf5"]);
    assert_eq!(caps("7k/9/10/11/2Lr~7/11/10/9/7K w 0 1"), ["c5xd5", "c5xe5"]);
    // Not onto a mountain, a piece on water or an own piece, nor past one.
    assert_eq!(caps("7k/9/10/11/2Lr1^6/11/10/9/7K w 0 1"), ["c5xd5", "c5xe5"]);
    assert_eq!(caps("7k/9/10/11/2LrR*7/11/10/9/7K w 0 1"), ["c5xd5"]);
    assert_eq!(caps("7k/9/10/11/2LrR7/11/10/9/7K w 0 1"), ["c5xd5"]);
    // A Horse that captures a piece on water stops there.
    assert_eq!(caps("7k/9/10/11/2Lr*8/11/10/9/7K w 0 1"), ["c5xd5"]);
    // An enemy Spears' forward field (e5, from e6) may end the continuation but not be passed.
    assert_eq!(caps("7k/9/10/4s6/2Lr8/11/10/9/7K w 0 1"), ["c5xd5", "c5xe5"]);
    // The captured piece is the one enemy between.
    let (turn, after) = pos("7k/9/10/11/2Lr8/11/10/9/7K w 0 1").play_text("c5xf5").unwrap();
    assert_eq!(turn, Turn::Capture { from: c("c5"), captured: c("d5"), to: c("f5") });
    assert_eq!(after.to_string(), "7k/9/10/11/5L6/11/10/9/7K b 0 1");
}

#[test]
fn a_setup_half_read_from_text_is_refused_for_what_placing_could_not_mend() {
    let refused = |text: &str| SetupHalf::parse(Side::White, text).unwrap_err().to_string();
    let prefix = "setup of the first player (w) (zone rows 1-4, King on c2, e2 or g2): ";
    assert_eq!(refused("RRRRRRR4/10/9/8"), format!("{prefix}Rabble: 7 placed, 6 needed"));
    assert_eq!(refused("^^^^7/10/9/8"), format!("{prefix}mountains: 4 placed, 3 needed"));
    assert_eq!(refused("11/10/2K1K4/8"), format!("{prefix}King: 2 placed, 1 needed"));
    assert_eq!(refused("11/10/9/K7"), format!("{prefix}the King stands on a1, not on one of the three King fields"));
    // An unfinished half is read: what is missing is for `problems()` to name.
    let half = SetupHalf::parse(Side::White, "RRR8/10/4K4/8").unwrap();
    assert!(half.placing_problems(Side::White).is_empty());
    assert!(check_setup(Side::White, &half).is_err());
}

#[test]
fn a_horse_continuing_onto_water_stops_there_per_the_ruling() {
    // The ruling's example: the Light Horse on h4 takes the Crossbows on g3 and goes
    // on to the empty water field f2, where its move ends (never on to e1).
    let text = "^^^~3k/4~4/10/~10/3e8/^2lr2L3/^^lL2c1cH/~4~3/~6K w 0 1";
    let turns = from(text, "h4");
    assert!(has(&turns, "h4xg3"), "{turns:?}");
    assert!(has(&turns, "h4xf2"), "{turns:?}");
    assert!(!has(&turns, "h4xe1"), "{turns:?}");
    let (turn, after) = pos(text).play_text("h4xf2").unwrap();
    assert_eq!(turn, Turn::Capture { from: c("h4"), captured: c("g3"), to: c("f2") });
    assert_eq!(after.to_string(), "^^^~3k/4~4/10/~10/3e8/^2lr6/^^lL4cH/~4L*3/~6K b 0 1");
}

// ---------------------------------------------------------------------------------
// The second Rabble move

#[test]
fn second_rabble_move_lists_both_orders_as_one_turn_each() {
    let p = "7k/9/10/11/12/11/2R1R5/9/7K w 0 1";
    let t = all(p);
    assert!(has(&t, "c3c4+e3e4") && has(&t, "e3e4+c3c4"));
    assert!(has(&t, "c3c4") && has(&t, "e3e4"));
    // 12 single moves, 35 pairs in each order (d3 is next to both), 3 King moves.
    assert_eq!(t.len(), 12 + 70 + 3);
    assert_eq!(pos(p).perft(1), 85);
    // One ply: the side changes once, the counter rises once.
    let g = play(p, &["c3c4+e3e4"]);
    assert_eq!(g.position(), "7k/9/10/11/12/2R1R6/10/9/7K b 1 1");
}

#[test]
fn second_rabble_may_enter_the_field_the_first_left_but_no_rabble_moves_twice() {
    let t = all("7k/9/10/11/12/11/2RR6/9/7K w 0 1");
    assert!(has(&t, "c3b3+d3c3"));
    assert!(!t.iter().any(|m| m.starts_with("c3c4+c4")), "{t:?}");
}

#[test]
fn no_second_rabble_move_after_a_capture() {
    let t = all("7k/9/10/11/12/2r8/2R1R5/9/7K w 0 1");
    assert!(has(&t, "c3xc4"));
    assert!(!t.iter().any(|m| m.contains('x') && m.contains('+')), "{t:?}");
    assert!(pos("7k/9/10/11/12/2r8/2R1R5/9/7K w 0 1").play_text("c3xc4+e3e4").is_err());
}

// ---------------------------------------------------------------------------------
// The end of the game

#[test]
fn capturing_the_king_wins() {
    let g = play("8/9/10/11/4k7/4R6/10/9/7K w 0 1", &["e4xe5"]);
    assert_eq!(g.outcome(), door::Outcome::Decisive { winner: door::Side::First, reason: EndReason::KingCaptured });
    assert_eq!(g.outcome().to_string(), "1-0 king-captured");
    assert!(g.legal_moves().is_empty());
    assert!(now(&g).legal_turns().is_empty());
    assert_eq!(now(&g).perft(1), 0);
    let mut g = g;
    assert_eq!(g.play("h1g1").unwrap_err().to_string(), "the game is over (1-0 king-captured)");
}

#[test]
fn a_player_without_a_legal_move_loses() {
    // The black King on a9 is walled in by mountains; the black Tower never moves.
    let p = pos("k^6/^^7/10/11/12/11/10/4K4/7w b 0 1");
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.outcome(), Outcome::Decisive { winner: Side::White, reason: EndReason::NoMoves });
    assert_eq!(p.outcome().to_string(), "1-0 no-moves");
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let p = "7k/9/10/11/12/11/10/9/7K w 0 1";
    let g = play(p, &["h1g1", "h9g9", "g1h1", "g9h9"]);
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.outcome(), door::Outcome::Ongoing);
    let mut g = play(p, &["h1g1", "h9g9", "g1h1", "g9h9", "h1g1", "h9g9", "g1h1", "g9h9"]);
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), door::Outcome::Draw { reason: EndReason::Repetition });
    assert_eq!(g.outcome().to_string(), "1/2-1/2 repetition");
    assert!(g.legal_moves().is_empty());
    // Undo takes it back.
    assert_eq!(g.history().last().map(String::as_str), Some("g9h9"));
    assert!(g.undo());
    assert_eq!(g.outcome(), door::Outcome::Ongoing);
}

#[test]
fn fifty_turns_each_without_a_capture_draw() {
    let p = "7k/9/10/11/4r7/4R6/10/9/7K w 99 40";
    let g = play(p, &["h1g1"]);
    assert_eq!(now(&g).plies_since_capture(), 100);
    assert_eq!(g.outcome(), door::Outcome::Draw { reason: EndReason::FiftyMoves });
    assert_eq!(g.outcome().to_string(), "1/2-1/2 fifty-moves");
    // A capture resets the count.
    let g = play(p, &["e4xe5"]);
    assert_eq!(now(&g).plies_since_capture(), 0);
    assert_eq!(g.outcome(), door::Outcome::Ongoing);
}

#[test]
fn the_turn_number_rises_after_the_second_players_turn() {
    let g = play("7k/9/10/11/12/11/10/9/7K w 5 40", &["h1g1"]);
    assert_eq!(g.position(), "7k/9/10/11/12/11/10/9/6K1 b 6 40");
    let g = play("7k/9/10/11/12/11/10/9/7K b 5 40", &["h9g9"]);
    assert_eq!(g.position(), "6k1/9/10/11/12/11/10/9/7K w 6 41");
}

#[test]
fn illegal_turns_are_refused_with_the_reason() {
    let p = pos("7k/9/10/11/4r7/4R6/10/9/7K w 0 1");
    let err = |t: &str| p.play_text(t).unwrap_err().to_string();
    assert_eq!(err("e4"), "'e4' is not a move text (c3d4, a capture c3xd4, two Rabble moves c3c4+e3e4)");
    assert_eq!(err("e4m9"), "'m9' is not a field (rows 1-9 of 8, 9, 10, 11, 12, 11, 10, 9, 8 fields, a1 to h9)");
    assert_eq!(err("a2a3"), "no piece on a2");
    assert_eq!(err("e5e6"), "the piece on e5 belongs to the second player (b), who is not to move");
    assert_eq!(err("e4e5"), "illegal move e4e5: e5 is occupied");
    assert_eq!(err("e4e6"), "illegal move e4e6: the Rabble on e4 cannot reach e6");
    assert_eq!(err("e4xf4"), "illegal move e4xf4: there is nothing to capture on f4");
    assert!(err("e4f4+h1g1").starts_with("illegal move e4f4+h1g1: the second move"));
    // Move texts are read exactly: no spaces around them.
    assert_eq!(err("e4f4 "), "'e4f4 ' is not a move text (c3d4, a capture c3xd4, two Rabble moves c3c4+e3e4)");
}

#[test]
fn move_codes_name_turns_of_distinct_fields_only() {
    use zilo::cyvasse::movegen::{turn_code, turn_from_code};
    // Every legal turn's code reads back to it.
    let p = pos("7k/9/10/11/4r7/4R6/10/9/7K w 0 1");
    for t in p.legal_turns() {
        assert_eq!(turn_from_code(turn_code(&t)), Some(t));
    }
    // A code of a move that stays on its field (a1a1), or a pair of Rabble moves from one
    // field, names no turn.
    assert_eq!(turn_from_code(1 << 29), None);
    assert_eq!(turn_from_code((1 << 29) | (1 << 28)), None);
}

// ---------------------------------------------------------------------------------
// Setup

#[test]
fn presets_and_random_setups_are_legal() {
    for side in Side::BOTH {
        let presets = presets(side);
        assert_eq!(presets.iter().map(|p| p.name).collect::<Vec<_>>(), ["Fortress", "Phalanx", "Skirmish"]);
        for p in &presets {
            assert_eq!(check_setup(side, &p.half), Ok(()), "{}", p.name);
            assert!(king_fields(side).contains(&p.half.king_field().unwrap()));
            assert_eq!(SetupHalf::parse(side, &p.half.to_text(side)).unwrap().to_text(side), p.half.to_text(side));
        }
        for seed in 0..200 {
            let half = random_setup_seeded(side, seed);
            assert_eq!(check_setup(side, &half), Ok(()), "seed {seed}");
            assert_eq!(half.missing(), []);
        }
        assert_eq!(random_setup_seeded(side, 5), random_setup_seeded(side, 5));
        assert_ne!(random_setup_seeded(side, 5), random_setup_seeded(side, 6));
    }
    assert_eq!(presets(Side::Black)[0].half.to_text(Side::Black), "3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr");
}

#[test]
fn illegal_setups_are_refused_with_every_reason() {
    // The Fortress preset, spoiled: King on d2, a fourth mountain (on the King's old
    // field e2), a water field in row 5, a Rabble moved to row 5, a Tower moved onto a
    // mountain, a Crossbows doubled onto a Spears' field.
    let mut half = preset(Side::White, "fortress").unwrap();
    half.remove_piece(c("d2")); // the Tower
    half.remove_piece(c("e2")); // the King
    half.place(c("d2"), Kind::King);
    half.mountains.push(c("e2"));
    half.water.push(c("a5"));
    half.remove_piece(c("a4"));
    half.pieces.push((c("a6"), Kind::Rabble));
    half.pieces.push((c("d3"), Kind::Tower)); // d3 is a mountain
    half.pieces.push((c("b4"), Kind::Crossbows)); // b4 holds a Spears
    let err = check_setup(Side::White, &half).unwrap_err();
    let text = err.to_string();
    for want in [
        "the King stands on d2, not on one of the three King fields",
        "Crossbows: 3 placed, 2 needed",
        "mountains: 4 placed, 3 needed",
        "water fields: 4 placed, 3 needed",
        "the water field on a5 is outside the zone",
        "the Rabble on a6 is outside the zone",
        "the Tower on d3 stands on a mountain",
        "more than one piece on b4",
    ] {
        assert!(text.contains(want), "missing '{want}' in: {text}");
    }
    assert!(text.starts_with("setup of the first player (w) (zone rows 1-4, King on c2, e2 or g2): "));
    assert!(!text.contains('\n'));
    // Terrain on the King's field, and a missing King.
    let mut half = preset(Side::Black, "phalanx").unwrap();
    let king = half.king_field().unwrap();
    half.water.retain(|_| false);
    half.water.extend([king, c("a8"), c("b8")]);
    let text = check_setup(Side::Black, &half).unwrap_err().to_string();
    assert!(text.contains(&format!("a water field on the King's field {king}")), "{text}");
    let text = check_setup(Side::Black, &SetupHalf::new()).unwrap_err().to_string();
    assert!(text.contains("no King placed") && text.contains("Rabble: 0 placed, 6 needed"), "{text}");
    // Pieces of the other side in a setup text.
    assert!(SetupHalf::parse(Side::White, "rSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4").is_err());
}

#[test]
fn the_hidden_setup_phase_starts_once_both_halves_are_in() {
    let mut phase = SetupPhase::new();
    assert!(phase.start(Side::White).is_err());
    // A bad half is refused and not kept.
    assert!(phase.submit(Side::White, SetupHalf::new()).is_err());
    assert!(!phase.is_done(Side::White));
    phase.submit(Side::White, preset(Side::White, "Skirmish").unwrap()).unwrap();
    assert_eq!(
        phase.start(Side::Black).unwrap_err().to_string(),
        "setup of the second player (b) (zone rows 6-9, King on c8, e8 or g8): the setup is not finished"
    );
    phase.submit(Side::Black, random_setup_seeded(Side::Black, 3)).unwrap();
    let start = phase.start(Side::Black).unwrap();
    assert_eq!(start.side_to_move(), Side::Black);
    assert_eq!(start.turn_number(), 1);
    assert_eq!(start.pieces().count(), 46);
    assert_eq!(Cell::all().filter(|&x| start.terrain_at(x) != Terrain::Land).count(), 12);
    assert!(Cell::all()
        .filter(|x| x.row() == 5)
        .all(|x| start.terrain_at(x) == Terrain::Land && start.piece_at(x).is_none()));
}

// ---------------------------------------------------------------------------------
// perft

/// Fortress (w) against Phalanx (b), `w` to move.
const FORTRESS_PHALANX: &str = "1l6/lwkw1h^t~/ehde1~c^cl/srsrs^rrr~r/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w 0 1";
/// Random setups from seeds 1 (w) and 2 (b), `b` to move.
const RANDOM_1_2: &str = "crr^2rl/1r~1kewel/rcwh2^1ts/dh^1s*2l1r*s/12/CD4REW*1R/1SRH1R^LLS/TRKC2LS*R/WHE^2^~ b 0 1";

#[test]
fn perft_of_two_set_up_positions() {
    let a = starting_position(
        &preset(Side::White, "Fortress").unwrap(),
        &preset(Side::Black, "Phalanx").unwrap(),
        Side::White,
    )
    .unwrap();
    assert_eq!(a.to_string(), FORTRESS_PHALANX);
    let b = starting_position(&random_setup_seeded(Side::White, 1), &random_setup_seeded(Side::Black, 2), Side::Black)
        .unwrap();
    assert_eq!(b.to_string(), RANDOM_1_2);
    let counts = |p: &Position| (1..=3).map(|d| p.perft(d)).collect::<Vec<u64>>();
    assert_eq!(counts(&pos(FORTRESS_PHALANX)), [305, 75_704, 21_673_083]);
    assert_eq!(counts(&pos(RANDOM_1_2)), [164, 36_400, 6_303_232]);
    let divide = pos(FORTRESS_PHALANX).perft_divide(2);
    assert_eq!(divide.len(), 305);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 75_704);
}

// ---------------------------------------------------------------------------------
// Random setups and playouts

/// A starting position from random (or, one time in three, preset) setups.
fn random_start(rng: &mut Rng) -> Position {
    let pick = |side: Side, rng: &mut Rng| {
        if rng.below(3) == 0 {
            presets(side)[rng.below(3)].half.clone()
        } else {
            random_setup(side, rng)
        }
    };
    let w = pick(Side::White, rng);
    let b = pick(Side::Black, rng);
    let first = if rng.below(2) == 0 { Side::White } else { Side::Black };
    starting_position(&w, &b, first).unwrap()
}

/// The position after up to `plies` random turns from a random start.
fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = Rng::new(seed);
    let mut p = random_start(&mut rng);
    for _ in 0..plies {
        let turns = p.turns_unsorted();
        if turns.is_empty() {
            break;
        }
        p = p.after(&turns[rng.below(turns.len())]);
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn position_strings_round_trip_over_random_setups_and_playouts(seed in any::<u64>(), plies in 0usize..250) {
        let p = random_position(seed, plies);
        let text = p.to_string();
        let back = Position::parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn any_text_is_read_or_refused_without_panic(text in "[0-9a-zA-Z^~*/ +x-]{0,90}") {
        if let Ok(p) = Position::parse(&text) {
            let again = Position::parse(&p.to_string());
            prop_assert_eq!(again, Ok(p.clone()));
        }
        let _ = SetupHalf::parse(Side::White, &text);
        let p = random_position(text.len() as u64, 30);
        let _ = p.play_text(&text);
    }

    #[test]
    fn any_row_text_is_read_or_refused_without_panic(rows in proptest::collection::vec("[0-9RSLHECTDWKrslhectdwk^~*]{0,14}", 9)) {
        let text = format!("{} w 0 1", rows.join("/"));
        if let Ok(p) = Position::parse(&text) {
            let again = Position::parse(&p.to_string());
            prop_assert_eq!(again, Ok(p.clone()));
            let _ = p.legal_turns();
            let _ = p.outcome();
        }
    }
}

#[test]
fn random_playouts_from_random_setups_keep_the_invariants() {
    let mut rng = Rng::new(99);
    let mut endings = std::collections::BTreeMap::new();
    for game_no in 0..30 {
        let start = random_start(&mut rng);
        let mut game = Game::new("cyvasse", Some(&start.to_string())).unwrap();
        let mut pos = start.clone();
        for ply in 0..700 {
            assert_eq!(game.position(), pos.to_string());
            // The position string round-trips.
            let text = pos.to_string();
            let back = Position::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, pos, "{text}");
            // Texts are unique and sorted.
            let turns = pos.legal_turns();
            let texts: Vec<String> = turns.iter().map(|t| t.to_string()).collect();
            let mut sorted = texts.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, texts);
            // Every listed turn plays (in every 4th position, to keep the test quick).
            for (i, t) in turns.iter().enumerate() {
                if (ply + game_no) % 4 != 0 && i % 50 != 0 {
                    continue;
                }
                let next = pos.after(t);
                if i % 50 == 0 {
                    let (t2, next2) = pos.play_text(&texts[i]).unwrap();
                    assert_eq!(&t2, t);
                    assert_eq!(next, next2);
                    assert_eq!(pos.play(t).unwrap(), next);
                }
                assert_ne!(next.side_to_move(), pos.side_to_move());
                // Pieces are only ever removed, one at most, and only by a capture.
                let removed = pos.pieces().count() - next.pieces().count();
                assert_eq!(removed, usize::from(t.is_capture()), "{t} in {text}");
                assert_eq!(next.plies_since_capture() == 0, t.is_capture());
                // Terrain never changes.
                assert!(Cell::all().all(|c| next.terrain_at(c) == pos.terrain_at(c)));
            }
            let outcome = game.outcome();
            if outcome.is_over() {
                assert!(game.legal_moves().is_empty());
                assert!(game.play(texts.first().map_or("a1a2", |s| s)).is_err());
                *endings.entry(outcome.reason()).or_insert(0) += 1;
                break;
            }
            assert!(!turns.is_empty());
            let t = turns[rng.below(turns.len())];
            game.play(&t.to_string()).unwrap();
            pos = pos.after(&t);
        }
        // Undo all the way back.
        while game.undo() {}
        assert_eq!(game.position(), start.to_string());
    }
    assert!(endings.get("king-captured").is_some_and(|&n| n > 5), "{endings:?}");
}
