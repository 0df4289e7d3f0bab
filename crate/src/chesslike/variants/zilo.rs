//! ЗiлоḺ АḺв Жа (Angry Bird Chess): `docs/rules/zilo.md`.

use crate::chesslike::geometry::{DirSet, Geometry};
use crate::chesslike::piece::{steps, Movement, PieceDef, Role, RoleSet};
use crate::chesslike::variant::{Blast, NoMovesOutcome, NullMove, RangedArmor, Rules, SideNames, Variant};

pub const MINION: Role = Role(0);
pub const SCOUT: Role = Role(1);
pub const CHARGER: Role = Role(2);
pub const BOMBER: Role = Role(3);
pub const JUMPER: Role = Role(4);
pub const SENTINEL: Role = Role(5);
pub const VANGUARD: Role = Role(6);
pub const MONARCH: Role = Role(7);

pub const START_FEN: &str = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1";

/// Every direction but the two backward diagonals.
const VANGUARD_STEPS: &[(i8, i8)] = &[(0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1)];

fn piece(letter: char, name: &'static str, native_name: &'static str, movement: Movement, value: i32) -> PieceDef {
    PieceDef::new(letter, name, movement, value).native(native_name)
}

pub fn variant() -> Variant {
    let pieces = vec![
        // A Minion on the farthest rank can never move again: it is not dropped there.
        piece('P', "Minion", "МӓḺд", Movement::leaper(steps::FORWARD), 100)
            .stuck_on(1)
            .described("One square straight forward; captures the same way (never diagonally)."),
        piece('Y', "Scout", "ЅиȽраḺ", Movement::rider(DirSet::DIAGONAL), 450)
            .described("Like a chess bishop: any number of empty squares diagonally."),
        piece('Q', "Charger", "БиȽтиḺ", Movement::rider(DirSet::ORTHOGONAL), 550)
            .described("Like a chess rook: any number of empty squares orthogonally."),
        piece('B', "Bomber", "ЛуꞭтаḺв", Movement::limited_slider(DirSet::ORTHOGONAL, 3), 400).described(
            "1, 2 or 3 squares orthogonally, sliding; a capture blasts the 8 squares around the captured piece.",
        ),
        piece('C', "Jumper", "БиȽзаḺв", Movement::leaper(steps::KNIGHT), 300)
            .described("Like a chess knight, all eight leaps, over any pieces."),
        piece('H', "Sentinel", "ШиḺт", Movement::leaper(steps::KING), 350).described(
            "One square in any direction; Scouts and Chargers cannot capture it from more than 3 squares away.",
        ),
        piece('M', "Vanguard", "ВоḺјaȽ", Movement::leaper(VANGUARD_STEPS), 300)
            .described("One square in any direction except the two backward diagonals."),
        piece('K', "Monarch", "ЌаḺраḺл", Movement::leaper(steps::KING), 0)
            .royal()
            .described("One square in any direction."),
    ];
    let rules = Rules {
        drops: true,
        no_drop_mate: RoleSet::of(&[MINION]),
        blast: Some(Blast { roles: RoleSet::of(&[BOMBER]) }),
        ranged_armor: Some(RangedArmor {
            armored: SENTINEL,
            attackers: RoleSet::of(&[SCOUT, CHARGER]),
            max_distance: 3,
        }),
        stalemate: NoMovesOutcome::Loss,
        repetition_count: 4,
        monarch_capture_wins: true,
        null_move: NullMove::UnlessOnly(RoleSet::of(&[MINION])),
        ..Rules::default()
    };
    Variant::new("zilo", "ЗiлоḺ АḺв Жа (Angry Bird Chess)", Geometry::rectangular(9, 9), pieces, START_FEN, rules)
        .with_short_name("ЗiлоḺ АḺв Жа")
        .with_sides([
            SideNames {
                name: "Birds",
                one: "Bird",
                plural: true,
                monarch: "Red Cardinal",
                long: "Avian Alliance",
                native: "Ка¹-Зiло²",
            },
            SideNames {
                name: "Pigs",
                one: "Pig",
                plural: true,
                monarch: "King Pig",
                long: "Porcine Empire",
                native: "Ка¹-Жа",
            },
        ])
}
