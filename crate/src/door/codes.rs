//! What the engine says in words, as codes with named arguments, so that a
//! front end can say the same thing in its own language.
//!
//! Every refusal ([`DoorError`](super::DoorError)) and every setup problem
//! carries a stable `code` (`move.cannotReach`, `drop.pawnFileTaken`,
//! `setup.kingOffFields`) and `args` (square names, piece letters, counts).
//! The English line (`message()`) is what the CLI and the server print; a
//! page words the code from its message catalog (`engine.<code>` in
//! `www/i18n/<lang>.js`) with the args filled in.
//!
//! Argument conventions, the same for every code:
//! - `piece`, `attacker`, `target`, `monarch`: a piece letter as the game's
//!   `GameInfo.pieces` write it (`P`, `+P`); the page says the piece's name.
//! - `side`, `owner`: `w` or `b`; the page says the side's name.
//! - `terrain`: `mountain` or `water`.
//! - `counter`: `halfmoves`, `fullmoves`, `pliesSinceCapture` or `turnNumber`.
//! - every other argument is shown as it is (squares, texts, numbers).

use std::fmt;

/// A code's named arguments, in the order the English line uses them.
pub type Args = Vec<(&'static str, String)>;

/// An error of a family that a front end may word by code.
pub trait Coded: fmt::Display {
    /// The stable code (one of [`CODES`]).
    fn code(&self) -> &'static str;
    /// Its named arguments.
    fn args(&self) -> Args {
        Vec::new()
    }
}

/// Something the engine says: a code, its arguments, and the English line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Said {
    pub code: &'static str,
    #[serde(serialize_with = "args_as_object")]
    pub args: Args,
    pub message: String,
}

impl Said {
    pub fn of(e: &impl Coded) -> Said {
        Said { code: e.code(), args: e.args(), message: e.to_string() }
    }
}

/// Args as a JSON object (`{"square": "e4"}`).
pub fn args_as_object<S: serde::Serializer>(args: &Args, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(args.len()))?;
    for (k, v) in args {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// Every code the engine gives, in one place: the page's catalogs have an
/// `engine.<code>` entry for each (a test checks it).
pub const CODES: &[&str] = &[
    // Games and arguments.
    "game.unknown",
    "game.noSetup",
    "game.over",
    "argument.invalid",
    "square.offBoard",
    "piece.unknown",
    "perft.badDepth",
    // Position strings: every family.
    "position.empty",
    "position.tooLong",
    "position.counterRange",
    "position.counterNotNumber",
    // Position strings: chess-like games.
    "position.rankCount",
    "position.rankLength",
    "position.unknownPiece",
    "position.unknownHandPiece",
    "position.notInHand",
    "position.unclosedHand",
    "position.missingTurn",
    "position.badTurn",
    "position.badCastling",
    "position.badEnPassant",
    "position.noEnPassant",
    "position.zeroRun",
    "position.trailingText",
    "position.missingMonarch",
    "position.tooManyMonarchs",
    "position.opponentInCheck",
    "position.handTooLarge",
    "position.royalInHand",
    // Position strings: Cyvasse.
    "position.fieldCount",
    "position.rowCount",
    "position.rowLength",
    "position.badNumber",
    "position.notAPiece",
    "position.badChar",
    "position.strayStar",
    "position.badSide",
    "position.tooMany",
    "position.zoneRowCount",
    "position.wrongSide",
    // Move texts.
    "move.tooLong",
    "move.malformed",
    "move.badCode",
    "move.unknownPiece",
    // Moves: chess-like games.
    "move.gameOver",
    "move.noPieceOfYours",
    "move.cannotReach",
    "move.ownPieceThere",
    "move.armored",
    "move.noPromotion",
    "move.castlingNotAllowed",
    "move.castleNeedsRookMove",
    "move.cannotShoot",
    "move.blastsOwnMonarch",
    "move.leavesMonarchInCheck",
    "move.monarchInCheck",
    "move.mustPromote",
    // Drops.
    "drop.notAllowed",
    "drop.neverDropped",
    "drop.notInHand",
    "drop.notInReserve",
    "drop.reserveRank",
    "drop.thrustBlocked",
    "drop.squareOccupied",
    "drop.farthestRanks",
    "drop.pawnFileTaken",
    "drop.mate",
    // Moves: Cyvasse.
    "move.badTurnText",
    "move.noPiece",
    "move.notYours",
    "move.kingCaptured",
    "move.towerNeverMoves",
    "move.crossbowsNeverCapture",
    "move.shielded",
    "move.armorHolds",
    "move.nothingToCapture",
    "move.occupied",
    "move.secondNotRabble",
    "move.secondRabbleMove",
    "move.cannotCaptureTo",
    // Setups.
    "setup.tooLong",
    "setup.invalid",
    "setup.halvesInOrder",
    "setup.differentGames",
    "setup.unknownPreset",
    "setup.badPlacement",
    "setup.outsideZone",
    "setup.fieldTaken",
    "setup.mountainField",
    "setup.alreadyTerrain",
    "setup.noKing",
    "setup.kingOffFields",
    "setup.pieceCount",
    "setup.terrainCount",
    "setup.pieceOutsideZone",
    "setup.terrainOutsideZone",
    "setup.terrainOnKingField",
    "setup.onMountain",
    "setup.sharedField",
    "setup.doubleTerrain",
    "setup.notDone",
];

/// The names of the arguments that hold a piece letter.
pub const PIECE_ARGS: &[&str] = &["piece", "attacker", "target", "monarch"];

/// Every reason an [`Outcome`](super::Outcome) gives, `ongoing` included:
/// the page words a result as `outcome.<reason>` with the winner's side.
pub const OUTCOME_REASONS: &[&str] = &[
    "ongoing",
    "checkmate",
    "stalemate",
    "repetition",
    "perpetual-check",
    "fifty-moves",
    "insufficient-material",
    "monarch-captured",
    "resignation",
    "king-captured",
    "no-moves",
];
