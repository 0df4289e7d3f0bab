//! Shogi (standard rules), the reference for drops, promotion and the
//! pawn-drop-mate rule. Position strings and hand order as Fairy-Stockfish.

use crate::chesslike::geometry::{Dir, DirSet, Geometry};
use crate::chesslike::piece::{steps, Movement, PieceDef, Role, RoleSet};
use crate::chesslike::variant::{MoveNotation, NoMovesOutcome, NullMove, Promotion, Rules, SideNames, Variant};
use crate::names_elsewhere::NamesElsewhere;

pub const PAWN: Role = Role(0);
pub const LANCE: Role = Role(1);
pub const KNIGHT: Role = Role(2);
pub const SILVER: Role = Role(3);
pub const GOLD: Role = Role(4);
pub const BISHOP: Role = Role(5);
pub const ROOK: Role = Role(6);
pub const KING: Role = Role(7);
pub const TOKIN: Role = Role(8);
pub const PROMOTED_LANCE: Role = Role(9);
pub const PROMOTED_KNIGHT: Role = Role(10);
pub const PROMOTED_SILVER: Role = Role(11);
pub const HORSE: Role = Role(12);
pub const DRAGON: Role = Role(13);

pub const START_FEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";

const GOLD_STEPS: &[(i8, i8)] = &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)];
const GOLD_WORDS: &str = "One step orthogonally or diagonally forward.";
/// The Gold's move, which the four promoted minor pieces take.
const AS_GOLD: &str = "As a Gold: one step orthogonally or diagonally forward.";
const SILVER_STEPS: &[(i8, i8)] = &[(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)];
const SHOGI_KNIGHT: &[(i8, i8)] = &[(1, 2), (-1, 2)];

/// Each piece also carries its name in Japanese as kifu (game records) write it: one kanji
/// for most, 成 + the piece for the promoted minor pieces.
pub fn variant() -> Variant {
    let gold = Movement::leaper(GOLD_STEPS);
    let pieces = vec![
        PieceDef::new('P', "Pawn", Movement::leaper(steps::FORWARD), 100)
            .native("歩")
            .stuck_on(1)
            .promotes(TOKIN)
            .described("One step straight forward, captures the same way; promotes to a Tokin."),
        PieceDef::new('L', "Lance", Movement::rider(DirSet::of(&[Dir::N])), 300)
            .native("香")
            .stuck_on(1)
            .promotes(PROMOTED_LANCE)
            .described("Any distance straight forward."),
        PieceDef::new('N', "Knight", Movement::leaper(SHOGI_KNIGHT), 350)
            .native("桂")
            .stuck_on(2)
            .promotes(PROMOTED_KNIGHT)
            .described("Leaps two forward and one sideways (two squares only), over pieces."),
        PieceDef::new('S', "Silver", Movement::leaper(SILVER_STEPS), 500)
            .native("銀")
            .promotes(PROMOTED_SILVER)
            .described("One step diagonally or straight forward."),
        PieceDef::new('G', "Gold", gold, 550).native("金").described(GOLD_WORDS),
        PieceDef::new('B', "Bishop", Movement::rider(DirSet::DIAGONAL), 800)
            .native("角")
            .promotes(HORSE)
            .described("Any distance diagonally."),
        PieceDef::new('R', "Rook", Movement::rider(DirSet::ORTHOGONAL), 1000)
            .native("飛")
            .promotes(DRAGON)
            .described("Any distance orthogonally."),
        PieceDef::new('K', "King", Movement::leaper(steps::KING), 0)
            .native("玉")
            .royal()
            .described("One step in any direction."),
        PieceDef::new('P', "Tokin", gold, 550).native("と").promoted_from(PAWN).described(AS_GOLD),
        PieceDef::new('L', "Promoted Lance", gold, 550).native("成香").promoted_from(LANCE).described(AS_GOLD),
        PieceDef::new('N', "Promoted Knight", gold, 550).native("成桂").promoted_from(KNIGHT).described(AS_GOLD),
        PieceDef::new('S', "Promoted Silver", gold, 550).native("成銀").promoted_from(SILVER).described(AS_GOLD),
        PieceDef::new('B', "Horse", Movement { leaps: steps::ORTHOGONAL, ..Movement::rider(DirSet::DIAGONAL) }, 1050)
            .native("馬")
            .promoted_from(BISHOP)
            .described("As a Bishop, or one step orthogonally."),
        PieceDef::new('R', "Dragon", Movement { leaps: steps::DIAGONAL, ..Movement::rider(DirSet::ORTHOGONAL) }, 1250)
            .native("龍")
            .promoted_from(ROOK)
            .described("As a Rook, or one step diagonally."),
    ];
    let rules = Rules {
        drops: true,
        no_drop_mate: RoleSet::of(&[PAWN]),
        one_per_file: RoleSet::of(&[PAWN]),
        promotion: Promotion::Zone { ranks: 3 },
        stalemate: NoMovesOutcome::Loss,
        repetition_count: 4,
        perpetual_check_loses: true,
        hand_order: "GNLPSRB",
        move_notation: MoveNotation::Shogi,
        null_move: NullMove::UnlessOnly(RoleSet::of(&[PAWN])),
        ..Rules::default()
    };
    Variant::new("shogi", "Shogi", Geometry::rectangular(9, 9), pieces, START_FEN, rules)
        .with_names_elsewhere(NamesElsewhere { pgn: &["Shogi"], xboard: None })
        .with_sides([
            SideNames {
                name: "Sente",
                one: "Sente",
                plural: false,
                monarch: "Sente king",
                long: "first player",
                native: "先手",
            },
            SideNames {
                name: "Gote",
                one: "Gote",
                plural: false,
                monarch: "Gote king",
                long: "second player",
                native: "後手",
            },
        ])
}
