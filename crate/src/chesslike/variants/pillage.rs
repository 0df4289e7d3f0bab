//! Pillage and its four subvariants: `docs/rules/pillage.md`.
//!
//! One piece table shape for all five: the subvariants differ only by the two
//! pieces standing on the Cannons' and the Vaos' start squares.

use crate::chesslike::geometry::{Dir, DirSet, Geometry};
use crate::chesslike::piece::{steps, Movement, PieceDef, Role, RoleSet, Shot};
use crate::chesslike::variant::{Castling, CastlingKingMove, NoMovesOutcome, NullMove, Promotion, Rules, Variant};

pub const FAST_PAWN: Role = Role(0);
pub const SUPER_PAWN: Role = Role(1);
pub const KNIGHT: Role = Role(2);
pub const BISHOP: Role = Role(3);
pub const ROOK: Role = Role(4);
pub const QUEEN: Role = Role(5);
pub const KING: Role = Role(6);
/// The piece on the Cannons' start squares (a1, j1): Cannon, Sniper, Flying
/// Chariot or Flying Warmachine.
pub const ORTHOGONAL_PIECE: Role = Role(7);
/// The piece on the Vaos' start squares (c2, h2): Vao, Flying Ferz or Flying Dragon.
pub const DIAGONAL_PIECE: Role = Role(8);

/// One step or a two-square jump sideways, diagonally forward or straight ahead.
const SUPER_PAWN_LEAPS: &[(i8, i8)] =
    &[(-1, 0), (1, 0), (-1, 1), (1, 1), (0, 1), (-2, 0), (2, 0), (-2, 2), (2, 2), (0, 2)];
const CAMEL: &[(i8, i8)] = &[(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)];
const FERZ_AND_CAMEL: &[(i8, i8)] =
    &[(1, 1), (1, -1), (-1, -1), (-1, 1), (1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)];
const TWO_ORTHOGONAL: &[(i8, i8)] = &[(0, 2), (2, 0), (0, -2), (-2, 0)];
const TWO_FORWARD: &[(i8, i8)] = &[(0, 2)];
const ONE_TO_THREE_ORTHOGONAL: &[(i8, i8)] =
    &[(0, 1), (1, 0), (0, -1), (-1, 0), (0, 2), (2, 0), (0, -2), (-2, 0), (0, 3), (3, 0), (0, -3), (-3, 0)];

/// Which pieces stand on the Cannons' and the Vaos' start squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lineup {
    Pillage,
    FlyingFerz,
    Snipers,
    Dragons,
    Warmachines,
}

impl Lineup {
    fn id(self) -> &'static str {
        match self {
            Lineup::Pillage => "pillage",
            Lineup::FlyingFerz => "pillage-flying-ferz",
            Lineup::Snipers => "pillage-snipers",
            Lineup::Dragons => "pillage-dragons",
            Lineup::Warmachines => "pillage-warmachines",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Lineup::Pillage => "Pillage",
            Lineup::FlyingFerz => "Pillage: Flying Ferz",
            Lineup::Snipers => "Pillage: Snipers",
            Lineup::Dragons => "Pillage: Dragons",
            Lineup::Warmachines => "Pillage: Warmachines",
        }
    }

    fn start_fen(self) -> &'static str {
        match self {
            Lineup::Pillage => "crnbqkbnrc/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/CRNBQKBNRC w KQkq - 0 1",
            Lineup::FlyingFerz => {
                "crnbqkbnrc/2f1uu1f2/pppppppppp/10/10/10/10/PPPPPPPPPP/2F1UU1F2/CRNBQKBNRC w KQkq - 0 1"
            }
            Lineup::Snipers => "srnbqkbnrs/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/SRNBQKBNRS w KQkq - 0 1",
            Lineup::Dragons => "hrnbqkbnrh/2d1uu1d2/pppppppppp/10/10/10/10/PPPPPPPPPP/2D1UU1D2/HRNBQKBNRH w KQkq - 0 1",
            Lineup::Warmachines => {
                "wrnbqkbnrw/2f1uu1f2/pppppppppp/10/10/10/10/PPPPPPPPPP/2F1UU1F2/WRNBQKBNRW w KQkq - 0 1"
            }
        }
    }

    /// The pieces on the Cannons' and the Vaos' squares.
    fn pieces(self) -> (PieceDef, PieceDef) {
        let cannon = PieceDef::new('C', "Cannon", Movement::rider(DirSet::ORTHOGONAL), 450)
            .capturing(Movement::hopper(DirSet::ORTHOGONAL))
            .described("Moves as a rook over empty squares; captures only by jumping exactly one piece (of either side) on its rank or file and taking the first piece beyond it.");
        let vao = PieceDef::new('V', "Vao", Movement::rider(DirSet::DIAGONAL), 250)
            .capturing(Movement::hopper(DirSet::DIAGONAL))
            .described("Moves as a bishop over empty squares; captures only by jumping exactly one piece (of either side) on its diagonal and taking the first piece beyond it.");
        let flying_ferz = PieceDef::new('F', "Flying Ferz", Movement::leaper(FERZ_AND_CAMEL), 300).described(
            "One step diagonally, or a camel leap (three squares one way and one the other), over anything.",
        );
        let sniper = PieceDef::new('S', "Sniper", Movement::leaper(TWO_ORTHOGONAL), 450)
            .shooting(Shot { dirs: DirSet::ORTHOGONAL, min_distance: 3 })
            .described("Leaps exactly two squares orthogonally, over anything; or, without moving, shoots an enemy 3 or more squares away on its rank or file with every square between empty.");
        let dragon = PieceDef::new('D', "Flying Dragon", Movement::rider(DirSet::DIAGONAL).and_leaps(CAMEL), 500)
            .described("Moves as a bishop, or leaps as a camel (three squares one way and one the other).");
        let chariot =
            PieceDef::new('H', "Flying Chariot", Movement::rider(DirSet::ORTHOGONAL).and_leaps(TWO_FORWARD), 550)
                .described("Moves as a rook, or leaps exactly two squares straight forward over anything.");
        let warmachine = PieceDef::new('W', "Flying Warmachine", Movement::leaper(ONE_TO_THREE_ORTHOGONAL), 450)
            .described("Leaps one, two or three squares orthogonally, over anything.");
        match self {
            Lineup::Pillage => (cannon, vao),
            Lineup::FlyingFerz => (cannon, flying_ferz),
            Lineup::Snipers => (sniper, vao),
            Lineup::Dragons => (chariot, dragon),
            Lineup::Warmachines => (warmachine, flying_ferz),
        }
    }
}

pub fn variant(lineup: Lineup) -> Variant {
    let (orthogonal, diagonal) = lineup.pieces();
    let pieces = vec![
        PieceDef::new('P', "Fast Pawn", Movement::limited_slider(DirSet::of(&[Dir::N]), 2), 100)
            .capturing(Movement::leaper(steps::FORWARD_DIAGONALS))
            .described("One or two empty squares straight forward, from any square; captures one square diagonally forward; en passant; promotes on the last rank."),
        PieceDef::new('U', "Super Pawn", Movement::leaper(SUPER_PAWN_LEAPS), 250)
            .described("One square, or a jump of exactly two over anything, sideways, diagonally forward or straight forward, to move or capture; never backward; promotes on the last rank."),
        PieceDef::new('N', "Knight", Movement::leaper(steps::KNIGHT), 300).described("Jumps two squares one way and one sideways (like an L), over any pieces."),
        PieceDef::new('B', "Bishop", Movement::rider(DirSet::DIAGONAL), 375).described("Any number of empty squares diagonally."),
        PieceDef::new('R', "Rook", Movement::rider(DirSet::ORTHOGONAL), 550).described("Any number of empty squares orthogonally (along its rank or file)."),
        PieceDef::new('Q', "Queen", Movement::rider(DirSet::ALL), 1000).described("Any number of empty squares in any direction."),
        PieceDef::new('K', "King", Movement::leaper(steps::KING), 0).royal().described("One square in any direction; or flexible castling: toward an unmoved Rook, 1 to 3 squares on the i-side or 1 to 4 on the b-side, the Rook landing next to it on the other side."),
        orthogonal,
        diagonal,
    ];
    let pawns = RoleSet::of(&[FAST_PAWN, SUPER_PAWN]);
    let rules = Rules {
        promotion: Promotion::LastRank {
            roles: pawns,
            choices: RoleSet::of(&[KNIGHT, BISHOP, ROOK, QUEEN, ORTHOGONAL_PIECE, DIAGONAL_PIECE]),
        },
        en_passant: RoleSet::of(&[FAST_PAWN]),
        castling: Some(Castling { rook: ROOK, king_move: CastlingKingMove::UpToTheRook }),
        halfmove_reset: pawns,
        stalemate: NoMovesOutcome::Draw,
        repetition_count: 3,
        fifty_move_rule: true,
        null_move: NullMove::UnlessOnly(pawns),
        ..Rules::default()
    };
    Variant::new(lineup.id(), lineup.name(), Geometry::rectangular(10, 10), pieces, lineup.start_fen(), rules)
        .with_rules_doc("pillage")
}
