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
use crate::door::codes::{english_word, word_of, Args, Coded, Words};

/// The chess-like family's own codes and their words (`door::codes::Words`):
/// the errors' English lines (`Display`), the door's list and the page's
/// English catalog come from this table.
pub static WORDS: &[Words] = &[
    Words::plural(
        "position.rankCount",
        &["found", "expected"],
        "found",
        "Bad position string: the board has {found} rank; this game has {expected}",
        "Bad position string: the board has {found} ranks; this game has {expected}",
    )
    .line("the board has {found} ranks; this variant has {expected}"),
    Words::plural(
        "position.rankLength",
        &["rank", "found", "expected"],
        "found",
        "Bad position string: rank {rank} has {found} square; this game has {expected}",
        "Bad position string: rank {rank} has {found} squares; this game has {expected}",
    )
    .line("rank {rank} has {found} squares; this variant has {expected}"),
    Words::text("position.unknownPiece", &["letter"], "Bad position string: “{letter}” is not a piece of this game")
        .line("'{letter}' is not a piece of this variant"),
    Words::text(
        "position.unknownHandPiece",
        &["letter"],
        "Bad position string: “{letter}” in the hand is not a piece of this game",
    )
    .line("'{letter}' in the hand is not a piece of this variant"),
    Words::text(
        "position.notInHand",
        &["letter", "droppable"],
        "Bad position string: “{letter}” cannot be in the hand; only {droppable} may be held there",
    )
    .line("'{letter}' cannot be in the hand: in this variant only {droppable} may be held there"),
    Words::text("position.unclosedHand", &[], "Bad position string: the hand is missing its closing “]”")
        .line("the hand is missing its closing ']'"),
    Words::text("position.missingTurn", &[], "Bad position string: the side to move (“w” or “b”) is missing")
        .line("the side to move ('w' or 'b') is missing"),
    Words::text("position.badTurn", &["text"], "Bad position string: side to move “{text}” is neither “w” nor “b”")
        .line("side to move '{text}' is neither 'w' nor 'b'"),
    Words::text(
        "position.badCastling",
        &["text"],
        "Bad position string: castling field “{text}” is not valid for this game",
    )
    .line("castling field '{text}' is not valid for this variant"),
    Words::text(
        "position.badEnPassant",
        &["text"],
        "Bad position string: en passant field “{text}” is not a square or “-”",
    )
    .line("en passant field '{text}' is not a square or '-'"),
    Words::text(
        "position.noEnPassant",
        &["text"],
        "Bad position string: en passant field “{text}” given, but this game has no en passant",
    )
    .line("en passant field '{text}' given, but this variant has no en passant"),
    Words::text("position.zeroRun", &["rank"], "Bad position string: rank {rank} has a run of 0 empty squares")
        .line("rank {rank} has a run of 0 empty squares"),
    Words::text(
        "position.trailingText",
        &["text"],
        "Bad position string: unexpected text “{text}” after the move counters",
    )
    .line("unexpected text '{text}' after the move counters"),
    Words::text(
        "position.missingMonarch",
        &["side"],
        "Bad position string: there is no monarch of {side} on the board",
    )
    .line("{side} has no monarch/king on the board"),
    Words::text("position.tooManyMonarchs", &["side"], "Bad position string: there is more than one monarch of {side}")
        .line("{side} has more than one monarch/king"),
    Words::text("position.opponentInCheck", &[], "Bad position string: the side not to move is in check")
        .line("the side not to move is in check"),
    Words::text(
        "position.handTooLarge",
        &["limit"],
        "Bad position string: a hand holds more than {limit} pieces of one kind",
    )
    .line("a hand holds more than {limit} pieces of one kind"),
    Words::text(
        "position.royalInHand",
        &["side"],
        "Bad position string: a monarch of {side} is in hand; it is never held in hand",
    )
    .line("{side} has a monarch/king in hand; it is never held in hand"),
    Words::text("move.malformed", &["text"], "“{text}” is not a move (write moves like e3e4, or P@e5 for a drop)")
        .line("'{text}' is not a move (write moves like e3e4, or P@e5 for a drop)"),
    Words::text("move.unknownPiece", &["letter"], "“{letter}” is not a piece of this game")
        .line("'{letter}' is not a piece of this variant"),
    Words::text("move.gameOver", &[], "The game is over").line("the game is over"),
    Words::text("move.noPieceOfYours", &["square"], "There is no piece of yours on {square}")
        .line("there is no piece of yours on {square}"),
    Words::text("move.ownPieceThere", &["square"], "{square} is occupied by your own piece")
        .line("{square} is occupied by your own piece"),
    Words::plural(
        "move.armored",
        &["attacker", "target", "distance"],
        "distance",
        "A {attacker} can capture a {target} only from at most {distance} square away",
        "A {attacker} can capture a {target} only from at most {distance} squares away",
    )
    .line("a {attacker} can capture a {target} only from at most {distance} squares away"),
    Words::text("move.noPromotion", &[], "That piece does not promote here").line("that piece does not promote here"),
    Words::text(
        "move.castlingNotAllowed",
        &[],
        "Castling needs an unmoved king and rook, empty squares between them, and no check on the king’s path",
    )
    .line("castling needs an unmoved king and rook, empty squares between them, and no check on the king's path"),
    Words::text(
        "move.castleNeedsRookMove",
        &["castle"],
        "A king moving two or more squares is a castle, written with the rook’s move too: {castle}",
    )
    .line("a king moving two or more squares is a castle, written with the rook's move too: {castle}"),
    Words::text("move.cannotShoot", &["piece", "from", "square"], "The {piece} on {from} cannot shoot {square}")
        .line("the {piece} on {from} cannot shoot {square}"),
    Words::text("move.blastsOwnMonarch", &["monarch"], "The blast would remove your own {monarch}")
        .line("the blast would remove your own {monarch}"),
    Words::text("move.leavesMonarchInCheck", &["monarch"], "It would leave your {monarch} in check")
        .line("it would leave your {monarch} in check"),
    Words::text("move.monarchInCheck", &["monarch"], "Your {monarch} is in check and this does not save it")
        .line("your {monarch} is in check and this does not save it"),
    Words::text("move.mustPromote", &["piece"], "The {piece} must promote there")
        .line("the {piece} must promote there"),
    Words::text("drop.neverDropped", &["piece"], "A {piece} is never dropped").line("a {piece} is never dropped"),
    Words::text("drop.notInHand", &["piece"], "You have no {piece} in hand").line("you have no {piece} in hand"),
    Words::text("drop.notInReserve", &["piece"], "You have no {piece} left in reserve")
        .line("you have no {piece} left in reserve"),
    Words::text(
        "drop.reserveRank",
        &["piece", "rank", "thrustTo"],
        "A {piece} is dropped on your rank {rank}, or thrust up its empty file as far as your rank {thrustTo}",
    )
    .line("a {piece} is dropped on your rank {rank}, or thrust up its empty file as far as your rank {thrustTo}"),
    Words::text(
        "drop.thrustBlocked",
        &["piece"],
        "A {piece} is thrust only over empty squares of its file, from your drop rank on",
    )
    .line("a {piece} is thrust only over empty squares of its file, from your drop rank on"),
    Words::text("drop.squareOccupied", &["square"], "{square} is not empty; pieces are dropped on empty squares only")
        .line("{square} is not empty; pieces are dropped on empty squares only"),
    Words::plural(
        "drop.farthestRanks",
        &["piece", "count"],
        "count",
        "A {piece} may not be dropped on the farthest rank",
        "A {piece} may not be dropped on the farthest {count} ranks",
    )
    .line_plural(
        "count",
        "a {piece} may not be dropped on the farthest rank",
        "a {piece} may not be dropped on the farthest {count} ranks",
    ),
    Words::text("drop.pawnFileTaken", &["piece"], "You already have an unpromoted {piece} on that file")
        .line("you already have an unpromoted {piece} on that file"),
    Words::text("drop.mate", &["piece"], "A {piece} drop may not give checkmate")
        .line("a {piece} drop may not give checkmate"),
    // The door's codes, in this family's lines.
    Words::door("position.empty").line("the position string is empty"),
    Words::door("square.offBoard").line("square '{square}' is not on the board"),
    Words::door("move.tooLong").line("a move is a few characters long, not {length}"),
    Words::door("move.cannotReach").line("the {piece} on {from} cannot move to {to}"),
    Words::door("drop.notAllowed").line("this variant has no drops"),
    Words::door("piece.unknown").line("'{letter}' is not a piece of this variant"),
];

// Each error's `Display`: its code's line in this family's table (a counter's
// in the door's, as every family reads counters alike).
crate::display_by_words!(WORDS => PositionError, FenError, MoveTextError, IllegalReason);
crate::display_by_words!(crate::door::codes::DOOR_WORDS => CounterError);

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
        // The counter by its word (`halfmoves`), whose English is the name the game reads it by.
        let counter = word_of("counter", self.counter).unwrap_or("turnNumber");
        args([
            ("counter", counter.to_string()),
            ("text", self.text.clone()),
            ("low", self.low.to_string()),
            ("max", crate::counters::MAX_COUNTER.to_string()),
        ])
    }

    fn line_args(&self) -> Args {
        let mut a = self.args();
        a[0].1 = english_word("counter", &a[0].1);
        a
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

    fn line_args(&self) -> Args {
        let player = |v: String| (if v == "w" { "the first player" } else { "the second player" }).to_string();
        self.args().into_iter().map(|(k, v)| if k == "side" { (k, player(v)) } else { (k, v) }).collect()
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

    fn line_args(&self) -> Args {
        match self {
            FenError::Counter(e) => e.line_args(),
            FenError::Position(e) => e.line_args(),
            _ => self.args(),
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
