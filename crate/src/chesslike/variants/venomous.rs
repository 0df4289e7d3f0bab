//! Venomous: `docs/rules/venomous.md`.

use crate::chesslike::geometry::{Dir, DirSet, Geometry};
use crate::chesslike::piece::{steps, LameLeap, Movement, PieceDef, RankSpan, Role, RoleSet};
use crate::chesslike::variant::{
    Castling, CastlingKingMove, NoMovesOutcome, NullMove, Promotion, Reserve, Rules, Variant,
};

pub const PAWN: Role = Role(0);
pub const NINJA_PAWN: Role = Role(1);
pub const KNIGHT_FERZ: Role = Role(2);
pub const KNIGHT_WAZIR: Role = Role(3);
pub const BISHOP: Role = Role(4);
pub const ROOK: Role = Role(5);
pub const SISSA: Role = Role(6);
pub const SNAKE: Role = Role(7);
pub const QUEEN: Role = Role(8);
pub const KING: Role = Role(9);

pub const START_FEN: &str = "srfbqkbwrz/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/SRFBQKBWRZ[JJJJJjjjjj] w KQkq - 0 1";

/// How far a pawn moves from each rank, counted from its own first: in its
/// own half as far as the middle rank (the 5th), from there one square into
/// the enemy half, then one or two.
const PAWN_RUN: &[u8] = &[4, 3, 2, 1, 1, 2, 2, 2, 2, 0];
/// The enemy half, beyond the own middle rank: where a Ninja Pawn also
/// captures sideways.
const ENEMY_HALF: RankSpan = RankSpan { from: 5, to: 9 };
const SIDEWAYS: &[(i8, i8)] = &[(-1, 0), (1, 0)];

const KNIGHT_AND_FERZ: &[(i8, i8)] =
    &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2), (1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT_AND_WAZIR: &[(i8, i8)] =
    &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2), (0, 1), (1, 0), (0, -1), (-1, 0)];

/// The Sorcerer Snake: the knight and (2,3) squares, each by two paths (the
/// rulings' list), in all four quadrants.
const SNAKE_LEAPS: &[LameLeap] = &[
    LameLeap { to: (1, 2), paths: &[&[(0, 1)], &[(1, 1)]] },
    LameLeap { to: (2, 1), paths: &[&[(1, 0)], &[(1, 1)]] },
    LameLeap { to: (2, 3), paths: &[&[(0, 1), (1, 2)], &[(1, 1), (2, 2)]] },
    LameLeap { to: (3, 2), paths: &[&[(1, 0), (2, 1)], &[(1, 1), (2, 2)]] },
    LameLeap { to: (1, -2), paths: &[&[(0, -1)], &[(1, -1)]] },
    LameLeap { to: (2, -1), paths: &[&[(1, 0)], &[(1, -1)]] },
    LameLeap { to: (2, -3), paths: &[&[(0, -1), (1, -2)], &[(1, -1), (2, -2)]] },
    LameLeap { to: (3, -2), paths: &[&[(1, 0), (2, -1)], &[(1, -1), (2, -2)]] },
    LameLeap { to: (-1, -2), paths: &[&[(0, -1)], &[(-1, -1)]] },
    LameLeap { to: (-2, -1), paths: &[&[(-1, 0)], &[(-1, -1)]] },
    LameLeap { to: (-2, -3), paths: &[&[(0, -1), (-1, -2)], &[(-1, -1), (-2, -2)]] },
    LameLeap { to: (-3, -2), paths: &[&[(-1, 0), (-2, -1)], &[(-1, -1), (-2, -2)]] },
    LameLeap { to: (-1, 2), paths: &[&[(0, 1)], &[(-1, 1)]] },
    LameLeap { to: (-2, 1), paths: &[&[(-1, 0)], &[(-1, 1)]] },
    LameLeap { to: (-2, 3), paths: &[&[(0, 1), (-1, 2)], &[(-1, 1), (-2, 2)]] },
    LameLeap { to: (-3, 2), paths: &[&[(-1, 0), (-2, 1)], &[(-1, 1), (-2, 2)]] },
];

pub fn variant() -> Variant {
    let run = Movement::limited_slider(DirSet::of(&[Dir::N]), 0).ranged_by_rank(PAWN_RUN);
    let pawn_captures = Movement::leaper(steps::FORWARD_DIAGONALS);
    let pieces = vec![
        PieceDef::new('P', "Pawn", run, 100).capturing(pawn_captures).described(
            "In its own half, straight forward over empty squares as far as its middle rank; from there one square on; in the enemy half one or two; captures one square diagonally forward; en passant on any square it passed; promotes on the last rank.",
        ),
        PieceDef::new('J', "Ninja Pawn", run.and_leaps(SIDEWAYS), 110)
            .capturing(pawn_captures.and_zone_leaps(SIDEWAYS, ENEMY_HALF))
            .described("Moves as a Pawn and also steps one square sideways; captures one square diagonally forward, and sideways beyond its middle rank; no en passant; dropped from the reserve on its 2nd rank or thrust up that file."),
        PieceDef::new('F', "Ferz-Knight", Movement::leaper(KNIGHT_AND_FERZ), 450)
            .described("A knight's leap, or one step diagonally."),
        PieceDef::new('W', "Wazir-Knight", Movement::leaper(KNIGHT_AND_WAZIR), 500)
            .described("A knight's leap, or one step orthogonally."),
        PieceDef::new('B', "Bishop", Movement::rider(DirSet::DIAGONAL), 375).described("Any number of empty squares diagonally."),
        PieceDef::new('R', "Rook", Movement::rider(DirSet::ORTHOGONAL), 550).described("Any number of empty squares orthogonally (along its rank or file)."),
        PieceDef::new('S', "Sissa", Movement::bent_rider(DirSet::ALL), 550).described(
            "n steps in one direction, a turn of 45° or 135°, then exactly n steps of the other kind (orthogonal then diagonal, or diagonal then orthogonal); every square before the last empty.",
        ),
        PieceDef::new('Z', "Sorcerer Snake", Movement::lame_leaper(SNAKE_LEAPS), 450).described(
            "Crawls, never jumping, to a knight's square (one step, then one outward) or a (2,3) square (one step then two, or two then one, outward), by any path of empty squares.",
        ),
        PieceDef::new('Q', "Queen", Movement::rider(DirSet::ALL), 1000).described("Any number of empty squares in any direction."),
        PieceDef::new('K', "King", Movement::leaper(steps::KING), 0).royal().described("One square in any direction; or flexible castling: toward an unmoved Rook, 1 to 3 squares on the i-side or 1 to 4 on the b-side, the Rook landing next to it on the other side."),
    ];
    let pawns = RoleSet::of(&[PAWN, NINJA_PAWN]);
    let rules = Rules {
        reserve: Some(Reserve { roles: RoleSet::of(&[NINJA_PAWN]), rank: 1, thrust_to: 4 }),
        promotion: Promotion::LastRank {
            roles: pawns,
            choices: RoleSet::of(&[KNIGHT_FERZ, KNIGHT_WAZIR, BISHOP, ROOK, SISSA, SNAKE, QUEEN]),
        },
        en_passant: RoleSet::of(&[PAWN]),
        castling: Some(Castling { rook: ROOK, king_move: CastlingKingMove::UpToTheRook }),
        halfmove_reset: pawns,
        stalemate: NoMovesOutcome::Draw,
        repetition_count: 3,
        fifty_move_rule: true,
        null_move: NullMove::UnlessOnly(pawns),
        ..Rules::default()
    };
    Variant::new("venomous", "Venomous", Geometry::rectangular(10, 10), pieces, START_FEN, rules)
}
