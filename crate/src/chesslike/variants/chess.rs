//! Orthodox chess (FIDE rules), the reference for correctness and speed.

use crate::chesslike::geometry::{DirSet, Geometry};
use crate::chesslike::piece::{steps, Movement, PieceDef, Role, RoleSet};
use crate::chesslike::variant::{Castling, CastlingKingMove, NoMovesOutcome, NullMove, Promotion, Rules, Variant};
use crate::level_elo::LevelElo;
use crate::names_elsewhere::NamesElsewhere;

pub const PAWN: Role = Role(0);
pub const KNIGHT: Role = Role(1);
pub const BISHOP: Role = Role(2);
pub const ROOK: Role = Role(3);
pub const QUEEN: Role = Role(4);
pub const KING: Role = Role(5);

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub fn variant() -> Variant {
    let pieces = vec![
        PieceDef::new('P', "Pawn", Movement::leaper(steps::FORWARD), 100)
            .capturing(Movement::leaper(steps::FORWARD_DIAGONALS))
            .described("One square straight forward (two from its first rank), captures one square diagonally forward; en passant; promotes on the last rank."),
        PieceDef::new('N', "Knight", Movement::leaper(steps::KNIGHT), 320)
            .described("Jumps two squares one way and one sideways (like an L), over any pieces."),
        PieceDef::new('B', "Bishop", Movement::rider(DirSet::DIAGONAL), 330).described("Any number of empty squares diagonally."),
        PieceDef::new('R', "Rook", Movement::rider(DirSet::ORTHOGONAL), 500).described("Any number of empty squares orthogonally (along its rank or file)."),
        PieceDef::new('Q', "Queen", Movement::rider(DirSet::ALL), 900).described("Any number of empty squares in any direction."),
        PieceDef::new('K', "King", Movement::leaper(steps::KING), 0)
            .royal()
            .described("One square in any direction; or castles: two squares toward an unmoved Rook, which jumps over it."),
    ];
    let rules = Rules {
        promotion: Promotion::LastRank {
            roles: RoleSet::of(&[PAWN]),
            choices: RoleSet::of(&[KNIGHT, BISHOP, ROOK, QUEEN]),
        },
        double_step: RoleSet::of(&[PAWN]),
        castling: Some(Castling { rook: ROOK, king_move: CastlingKingMove::TwoSquares }),
        en_passant: RoleSet::of(&[PAWN]),
        halfmove_reset: RoleSet::of(&[PAWN]),
        stalemate: NoMovesOutcome::Draw,
        repetition_count: 3,
        fifty_move_rule: true,
        insufficient_material: true,
        null_move: NullMove::UnlessOnly(RoleSet::of(&[PAWN])),
        ..Rules::default()
    };
    Variant::new("chess", "Chess", Geometry::rectangular(8, 8), pieces, START_FEN, rules)
        // lichess writes "From Position" for a game of chess set up from a position.
        .with_names_elsewhere(NamesElsewhere { pgn: &["Standard", "From Position"], xboard: Some("normal") })
        // The levels against Stockfish 15.1's UCI_Elo at 1 s a move, 20 games a match, fitted by
        // maximum likelihood (README, Strength): ±120–240 at 95%. Levels 3–5 from two matches each
        // with the king-safety evaluation (level 3: 16 / 20 against 1700, 6 / 20 against 2000;
        // level 4: 15 / 20 against 1800, 4.5 / 16 against 2000; level 5: 10.5 / 20 against 2000,
        // 1 / 20 against 2200); levels 1 and 2 from one match each with the evaluation before.
        .with_level_elo(LevelElo([910, 1160, 1890, 1920, 1930]))
}
