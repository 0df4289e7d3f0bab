//! The chess-like family's errors as the door's codes with named arguments
//! (see `door::codes`): the same refusals a page can word in its language.
//! Pieces are named here by their English names; the door turns them into
//! the letters of the game (`chesslike/door.rs`).

use crate::chesslike::fen::FenError;
use crate::chesslike::legality::{IllegalMove, IllegalReason};
use crate::chesslike::notation::MoveTextError;
use crate::chesslike::outcome::MoveError;
use crate::chesslike::piece::Color;
use crate::chesslike::position::PositionError;
use crate::counters::CounterError;
use crate::door::codes::{Args, Coded};

fn side(c: &Color) -> String {
    (if *c == Color::White { "w" } else { "b" }).to_string()
}

fn args<const N: usize>(pairs: [(&'static str, String); N]) -> Args {
    pairs.into_iter().collect()
}

impl Coded for CounterError {
    fn code(&self) -> &'static str {
        if !self.text.is_empty() && self.text.bytes().all(|b| b.is_ascii_digit()) {
            "position.counterRange"
        } else {
            "position.counterNotNumber"
        }
    }

    fn args(&self) -> Args {
        let counter = match self.counter {
            "half-move counter" => "halfmoves",
            "full-move number" => "fullmoves",
            "plies since capture" => "pliesSinceCapture",
            _ => "turnNumber",
        };
        args([
            ("counter", counter.to_string()),
            ("text", self.text.clone()),
            ("low", self.low.to_string()),
            ("max", crate::counters::MAX_COUNTER.to_string()),
        ])
    }
}

impl Coded for PositionError {
    fn code(&self) -> &'static str {
        match self {
            PositionError::MissingMonarch(_) => "position.missingMonarch",
            PositionError::TooManyMonarchs(_) => "position.tooManyMonarchs",
            PositionError::OpponentInCheck => "position.opponentInCheck",
            PositionError::HandTooLarge { .. } => "position.handTooLarge",
            PositionError::RoyalInHand(_) => "position.royalInHand",
        }
    }

    fn args(&self) -> Args {
        match self {
            PositionError::MissingMonarch(c) | PositionError::TooManyMonarchs(c) | PositionError::RoyalInHand(c) => {
                args([("side", side(c))])
            }
            PositionError::HandTooLarge { limit } => args([("limit", limit.to_string())]),
            PositionError::OpponentInCheck => Vec::new(),
        }
    }
}

impl Coded for FenError {
    fn code(&self) -> &'static str {
        match self {
            FenError::Empty => "position.empty",
            FenError::RankCount { .. } => "position.rankCount",
            FenError::RankLength { .. } => "position.rankLength",
            FenError::UnknownPiece(_) => "position.unknownPiece",
            FenError::UnknownHandPiece(_) => "position.unknownHandPiece",
            FenError::NotInHand(..) => "position.notInHand",
            FenError::UnclosedHand => "position.unclosedHand",
            FenError::MissingTurn => "position.missingTurn",
            FenError::Turn(_) => "position.badTurn",
            FenError::Castling(_) => "position.badCastling",
            FenError::EnPassant(_) => "position.badEnPassant",
            FenError::NoEnPassant(_) => "position.noEnPassant",
            FenError::ZeroRun { .. } => "position.zeroRun",
            FenError::Counter(e) => e.code(),
            FenError::TrailingText(_) => "position.trailingText",
            FenError::Position(e) => e.code(),
        }
    }

    fn args(&self) -> Args {
        match self {
            FenError::RankCount { expected, found } => {
                args([("found", found.to_string()), ("expected", expected.to_string())])
            }
            FenError::RankLength { rank, expected, found } => {
                args([("rank", rank.to_string()), ("found", found.to_string()), ("expected", expected.to_string())])
            }
            FenError::UnknownPiece(c) | FenError::UnknownHandPiece(c) => args([("letter", c.to_string())]),
            FenError::NotInHand(c, droppable) => args([("letter", c.to_string()), ("droppable", droppable.clone())]),
            FenError::Turn(t)
            | FenError::Castling(t)
            | FenError::EnPassant(t)
            | FenError::NoEnPassant(t)
            | FenError::TrailingText(t) => args([("text", t.clone())]),
            FenError::ZeroRun { rank } => args([("rank", rank.to_string())]),
            FenError::Counter(e) => e.args(),
            FenError::Position(e) => e.args(),
            FenError::Empty | FenError::UnclosedHand | FenError::MissingTurn => Vec::new(),
        }
    }
}

impl Coded for MoveTextError {
    fn code(&self) -> &'static str {
        match self {
            MoveTextError::Malformed(_) => "move.malformed",
            MoveTextError::OffBoard(_) => "square.offBoard",
            MoveTextError::UnknownPiece(_) => "move.unknownPiece",
            MoveTextError::TooLong(_) => "move.tooLong",
        }
    }

    fn args(&self) -> Args {
        match self {
            MoveTextError::Malformed(t) => args([("text", t.clone())]),
            MoveTextError::OffBoard(t) => args([("square", t.clone())]),
            MoveTextError::UnknownPiece(c) => args([("letter", c.to_string())]),
            MoveTextError::TooLong(n) => args([("length", n.to_string())]),
        }
    }
}

impl Coded for IllegalReason {
    fn code(&self) -> &'static str {
        use IllegalReason::*;
        match self {
            GameOver => "move.gameOver",
            NoPieceOfYours { .. } => "move.noPieceOfYours",
            CannotReach { .. } => "move.cannotReach",
            OwnPieceThere { .. } => "move.ownPieceThere",
            Armored { .. } => "move.armored",
            NoPromotion => "move.noPromotion",
            CastlingNotAllowed => "move.castlingNotAllowed",
            CastleNeedsRookMove { .. } => "move.castleNeedsRookMove",
            CannotShoot { .. } => "move.cannotShoot",
            BlastsOwnMonarch { .. } => "move.blastsOwnMonarch",
            LeavesMonarchInCheck { in_check: true, .. } => "move.monarchInCheck",
            LeavesMonarchInCheck { in_check: false, .. } => "move.leavesMonarchInCheck",
            DropsNotAllowed => "drop.notAllowed",
            NeverDropped { .. } => "drop.neverDropped",
            NotInHand { reserve: false, .. } => "drop.notInHand",
            NotInHand { reserve: true, .. } => "drop.notInReserve",
            ReserveDropRank { .. } => "drop.reserveRank",
            ThrustBlocked { .. } => "drop.thrustBlocked",
            SquareOccupied { .. } => "drop.squareOccupied",
            DropWhereStuck { .. } => "drop.farthestRanks",
            TwoOnAFile { .. } => "drop.pawnFileTaken",
            MustPromote { .. } => "move.mustPromote",
            DropMate { .. } => "drop.mate",
        }
    }

    fn args(&self) -> Args {
        use IllegalReason::*;
        let piece = |p: &&str| ("piece", p.to_string());
        match self {
            GameOver | NoPromotion | CastlingNotAllowed | DropsNotAllowed => Vec::new(),
            NoPieceOfYours { square } | OwnPieceThere { square } | SquareOccupied { square } => {
                args([("square", square.clone())])
            }
            CannotReach { piece: p, from, to } => args([piece(p), ("from", from.clone()), ("to", to.clone())]),
            Armored { attacker, target, max_distance } => args([
                ("attacker", attacker.to_string()),
                ("target", target.to_string()),
                ("distance", max_distance.to_string()),
            ]),
            CastleNeedsRookMove { castle } => args([("castle", castle.clone())]),
            CannotShoot { piece: p, from, target } => {
                args([piece(p), ("from", from.clone()), ("square", target.clone())])
            }
            BlastsOwnMonarch { monarch } | LeavesMonarchInCheck { monarch, .. } => {
                args([("monarch", monarch.to_string())])
            }
            NeverDropped { piece: p }
            | NotInHand { piece: p, .. }
            | ThrustBlocked { piece: p }
            | TwoOnAFile { piece: p }
            | MustPromote { piece: p }
            | DropMate { piece: p } => args([piece(p)]),
            ReserveDropRank { piece: p, rank, thrust_to } => {
                args([piece(p), ("rank", rank.to_string()), ("thrustTo", thrust_to.to_string())])
            }
            DropWhereStuck { piece: p, ranks } => args([piece(p), ("count", ranks.to_string())]),
        }
    }
}

impl Coded for IllegalMove {
    fn code(&self) -> &'static str {
        self.reason.code()
    }

    fn args(&self) -> Args {
        let mut a = args([("move", self.text.clone())]);
        a.extend(self.reason.args());
        a
    }
}

impl Coded for MoveError {
    fn code(&self) -> &'static str {
        match self {
            MoveError::MoveText(e) => e.code(),
            MoveError::Illegal(e) => e.code(),
        }
    }

    fn args(&self) -> Args {
        match self {
            MoveError::MoveText(e) => e.args(),
            MoveError::Illegal(e) => e.args(),
        }
    }
}
