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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::door::{check_half, games, Game, Half, Side};

    /// Refusals of every kind, from the games' front door: (game id, refusal).
    fn refusals() -> Vec<(&'static str, crate::door::DoorError)> {
        let mut out = Vec::new();
        let mut add = |id: &'static str, r: Result<(), crate::door::DoorError>| out.push((id, r.unwrap_err()));
        add("chess", Game::new("checkers", None).map(|_| ()));
        add("chess", Game::new("chess", Some(" ")).map(|_| ()));
        add("chess", Game::new("chess", Some("8/8 w")).map(|_| ()));
        add("chess", Game::new("chess", Some("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).map(|_| ()));
        add("chess", Game::new("chess", Some("8/8/8/8/8/8/8/8 w - - 0 1")).map(|_| ()));
        add("chess", Game::new("chess", Some("4k3/8/8/8/8/8/8/4K3 x")).map(|_| ()));
        add("chess", Game::new("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 zero")).map(|_| ()));
        add("chess", Game::new("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 9999999")).map(|_| ()));
        let chess = Game::new("chess", None).unwrap();
        for m in ["e2e5", "e1e2", "hello", "e2e9", "a3a4", "Q@e4", "e7e5"] {
            add("chess", chess.clone().play(m).map(|_| ()));
        }
        add("chess", chess.perft(99).map(|_| ()));
        add("chess", chess.moves_from("z9").map(|_| ()));
        add("chess", chess.drop_targets("X").map(|_| ()));
        let zilo = Game::new("zilo", Some("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1")).unwrap();
        for (piece, square) in [("P", "a9"), ("P", "e1"), ("Y", "e5")] {
            if let Some(e) = zilo.drop_error(piece, square).unwrap() {
                out.push(("zilo", e));
            }
        }
        let cyvasse = Game::new("cyvasse", None).unwrap();
        for m in ["x", "a5a6", "e9e8", "zz1a1"] {
            out.push(("cyvasse", cyvasse.clone().play(m).unwrap_err()));
        }
        for legal in cyvasse.legal_moves().iter().take(1) {
            let mut g = cyvasse.clone();
            g.play(legal).unwrap();
            out.push(("cyvasse", g.play(legal).unwrap_err()));
        }
        out.push(("cyvasse", check_half("cyvasse", Side::First, "8/8/8/8").unwrap_err()));
        out.push(("cyvasse", check_half("cyvasse", Side::First, "11/10/9/8").unwrap_err()));
        out.push(("cyvasse", Game::new("cyvasse", Some("1/2/3 w 0 1")).unwrap_err()));
        let mut half = Half::new("cyvasse", Side::First, None).unwrap();
        out.push(("cyvasse", half.place("a9", "R").unwrap_err()));
        out.push(("cyvasse", half.place("a1", "Q").unwrap_err()));
        half.place("a1", "mountain").unwrap();
        out.push(("cyvasse", half.place("a1", "R").unwrap_err()));
        out.push(("cyvasse", Half::preset("cyvasse", Side::First, "nowhere").map(|_| ()).unwrap_err()));
        out.push(("chess", Half::new("chess", Side::First, None).map(|_| ()).unwrap_err()));
        out
    }

    /// Whether `message` says `value` of the argument `name` (a piece by its
    /// name in game `id`, a side or a counter in words, anything else as it is).
    fn says(id: &str, message: &str, name: &str, value: &str) -> bool {
        if PIECE_ARGS.contains(&name) {
            let game = games().into_iter().find(|g| g.id == id).unwrap();
            let piece = game.pieces.iter().find(|p| p.letter == value);
            return piece.is_some_and(|p| message.to_lowercase().contains(&p.name.to_lowercase()));
        }
        match name {
            "side" | "owner" => value == "w" || value == "b",
            // A count the line may say in words ("the farthest rank") or not at all (a setup's problems).
            "count" => value.parse::<usize>().is_ok(),
            "kingFields" => value.split(", ").all(|field| message.contains(field)),
            "counter" => ["halfmoves", "fullmoves", "pliesSinceCapture", "turnNumber"].contains(&value),
            _ => message.contains(value),
        }
    }

    #[test]
    fn every_refusal_has_a_listed_code_and_args_its_message_says() {
        let refusals = refusals();
        for (id, e) in &refusals {
            assert!(CODES.contains(&e.code()), "{} is not in CODES ({})", e.code(), e.message());
            for (name, value) in e.args() {
                assert!(
                    says(id, e.message(), name, value),
                    "{}: arg {name}={value} not in '{}'",
                    e.code(),
                    e.message()
                );
            }
            for p in e.problems() {
                assert!(CODES.contains(&p.code), "{} is not in CODES", p.code);
                assert!(e.message().contains(&p.message), "the refusal lists '{}'", p.message);
                for (name, value) in &p.args {
                    assert!(says(id, &p.message, name, value), "{}: arg {name}={value} not in '{}'", p.code, p.message);
                }
            }
        }
        // The scenarios reach refusals of many kinds, not one.
        let mut seen: Vec<&str> = refusals.iter().map(|(_, e)| e.code()).collect();
        seen.sort();
        seen.dedup();
        assert!(seen.len() >= 25, "only {seen:?}");
    }

    #[test]
    fn every_code_is_listed_once() {
        let mut codes = CODES.to_vec();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), CODES.len());
        for c in CODES {
            assert!(c.split('.').count() == 2 && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '.'), "{c}");
        }
    }

    #[test]
    fn a_setup_refusal_lists_each_problem_coded() {
        let e = check_half("cyvasse", Side::First, "11/10/9/8").unwrap_err();
        assert_eq!(e.code(), "setup.invalid");
        let codes: Vec<&str> = e.problems().iter().map(|p| p.code).collect();
        assert!(codes.contains(&"setup.noKing") && codes.contains(&"setup.pieceCount"), "{codes:?}");
        let rabble = e.problems().iter().find(|p| p.args.contains(&("piece", "R".to_string()))).unwrap();
        assert_eq!(rabble.args, vec![("piece", "R".into()), ("placed", "0".into()), ("needed", "6".into())]);
    }

    #[test]
    fn a_refused_drop_names_the_piece_by_its_letter() {
        let zilo = Game::new("zilo", Some("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1")).unwrap();
        let e = zilo.drop_error("P", "a9").unwrap().unwrap();
        assert_eq!(e.code(), "drop.farthestRanks");
        assert_eq!(e.args(), &vec![("piece", "P".to_string()), ("count", "1".to_string())]);
        assert_eq!(e.message(), "a Minion may not be dropped on the farthest rank");
    }
}
