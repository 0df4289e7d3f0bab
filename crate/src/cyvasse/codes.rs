//! Cyvasse's errors as the door's codes with named arguments (see
//! `door::codes`): the same refusals a page can word in its language.
//! Pieces are given by letter (`R`), sides as `w`/`b`, terrain by its word.

use super::board::CellError;
use super::movegen::{IllegalTurn, TurnError};
use super::piece::{Kind, Side};
use super::position::PositionError;
use super::setup::{king_fields, SetupError, SetupProblem, MOUNTAINS, WATER};
use crate::door::codes::{arg_words, english_word, ArgWords, Args, Coded, Words};

/// Cyvasse's own codes and their words (`door::codes::Words`): the errors'
/// English lines (`Display`), the door's list and the page's English catalog
/// come from this table.
pub static WORDS: &[Words] = &[
    Words::text("position.fieldCount", &["found"], "Bad position string: it has 4 parts (rows, side to move, plies since capture, turn number); this one has {found}")
    .line("a position string has 4 parts (rows, side to move, plies since capture, turn number); this one has {found}"),
    Words::text("position.rowCount", &["found"], "Bad position string: it has 9 rows separated by “/”; this one has {found}")
    .line("a position string has 9 rows separated by '/'; this one has {found}"),
    Words::plural(
        "position.rowLength",
        &["row", "found", "expected"],
        "found",
        "Bad position string: row {row} lists {found} field; it has {expected}",
        "Bad position string: row {row} lists {found} fields; it has {expected}",
    )
    .line("row {row} lists {found} fields; row {row} has {expected}"),
    Words::text("position.badNumber", &["row", "text"], "Bad position string: row {row}: “{text}” is not a number of empty fields (1 to 12, no leading zeros)")
    .line("row {row}: '{text}' is not a number of empty fields (1 to 12, no leading zeros)"),
    Words::text("position.notAPiece", &["letter"], "Bad position string: “{letter}” is not a Cyvasse piece (R S L H E C T D W K, lowercase for b)")
    .line("'{letter}' is not a Cyvasse piece (R S L H E C T D W K, lowercase for b)"),
    Words::text("position.badChar", &["row", "text"], "Bad position string: row {row}: “{text}” has no meaning here (numbers, ^, ~, piece letters, *)")
    .line("row {row}: '{text}' has no meaning in a position string (numbers, ^, ~, piece letters, *)"),
    Words::text("position.strayStar", &["row"], "Bad position string: row {row}: “*” must follow a piece letter")
    .line("row {row}: '*' must follow a piece letter"),
    Words::text("position.badSide", &["text"], "Bad position string: the side to move must be w or b, not “{text}”")
    .line("the side to move must be w or b, not '{text}'"),
    Words::text("position.tooMany", &["count", "piece", "side", "max"], "Bad position string: there are {count} × {piece} of {side}; a side has at most {max}")
    .line("the {side} has {count} {piece}; a side has at most {max}"),
    Words::text("position.zoneRowCount", &["found"], "Bad setup: a setup lists the 4 rows of the zone separated by “/”; this one has {found}")
    .line("a setup lists the 4 rows of the zone ({zone}) separated by '/'; this one has {found}"),
    Words::text("position.wrongSide", &["letter"], "Bad setup: “{letter}” is a piece of the other side")
    .line("'{letter}' is a piece of the other side; the {side} writes its pieces in {case}"),
    Words::text("move.badTurnText", &["text"], "“{text}” is not a move text (c3d4, a capture c3xd4, two Rabble moves c3c4+e3e4)")
    .line("'{text}' is not a move text (c3d4, a capture c3xd4, two Rabble moves c3c4+e3e4)"),
    Words::text("move.noPiece", &["square"], "No piece on {square}")
    .line("no piece on {square}"),
    Words::text("move.notYours", &["square", "owner"], "The piece on {square} belongs to {owner}, and it is not their move")
    .line("the piece on {square} belongs to the {owner}, who is not to move"),
    Words::text("move.kingCaptured", &["side"], "The game is over: the King of {side} has been captured")
    .line("the game is over: the {side}'s King has been captured"),
    Words::text("move.towerNeverMoves", &[], "The Tower never moves")
    .line("the Tower never moves"),
    Words::text("move.crossbowsNeverCapture", &[], "The Crossbows never capture")
    .line("the Crossbows never capture"),
    Words::text("move.shielded", &["piece", "square"], "The {piece} on {square} stands next to its own Tower")
    .line("the {piece} on {square} stands next to its own Tower"),
    Words::text("move.armorHolds", &["piece", "square", "armor", "count"], "The {piece} on {square} has armor {armor} and is attacked by {count}")
    .line("the {piece} on {square} has armor {armor} and is attacked by {count}"),
    Words::text("move.nothingToCapture", &["square"], "There is nothing to capture on {square}")
    .line("there is nothing to capture on {square}"),
    Words::text("move.occupied", &["square"], "{square} is occupied")
    .line("{square} is occupied"),
    Words::text("move.secondNotRabble", &[], "Only a Rabble’s move may be followed by a second Rabble move")
    .line("only a Rabble's move may be followed by a second Rabble move"),
    Words::text("move.secondRabbleMove", &[], "The second move must be another Rabble’s step to an empty field, after a Rabble’s move")
    .line("the second move must be another Rabble's step to an empty field, after a Rabble's move"),
    Words::text("move.cannotCaptureTo", &["piece", "from", "to"], "The {piece} on {from} cannot capture to {to}")
    .line("the {piece} on {from} cannot capture to {to}"),
    Words::plural(
        "setup.invalid",
        &["side", "kingFields", "count"],
        "count",
        "The setup of {side} (King on {kingFields}) has {count} problem",
        "The setup of {side} (King on {kingFields}) has {count} problems",
    )
    .line("setup of the {side} (zone {zone}, King on {kingFieldsOr}): {problems}"),
    Words::text("setup.unknownPreset", &["id", "known"], "No preset “{id}” (known: {known})")
    .line("no preset '{id}' (known: {known})"),
    Words::text("setup.badPlacement", &["text"], "“{text}” is neither a piece letter nor a mountain or water")
    .line("'{text}' is neither a piece letter (R S L H E C T D W K) nor 'mountain' or 'water'"),
    Words::text("setup.outsideZone", &["square", "side"], "{square} is outside the zone of {side}")
    .line("{square} is outside the zone of the {side} ({zone})"),
    Words::text("setup.fieldTaken", &["square", "piece"], "{square} is taken by the {piece}")
    .line("{square} is taken by the {piece}"),
    Words::text("setup.mountainField", &["square"], "{square} is a mountain: no piece may stand on it")
    .line("{square} is a mountain: no piece may stand on it"),
    Words::text("setup.alreadyTerrain", &["square", "terrain"], "{square} is already a {terrain}")
    .line("{square} is already a {terrain} field"),
    Words::text("setup.noKing", &[], "No King placed")
    .line("no King placed"),
    Words::text("setup.kingOffFields", &["square"], "The King stands on {square}, not on one of the three King fields")
    .line("the King stands on {square}, not on one of the three King fields"),
    Words::text("setup.pieceCount", &["piece", "placed", "needed"], "{piece}: {placed} placed, {needed} needed")
    .line("{piece}: {placed} placed, {needed} needed"),
    Words::text("setup.terrainCount", &["terrain", "placed", "needed"], "{terrain}: {placed} placed, {needed} needed")
    .line("{terrain}: {placed} placed, {needed} needed"),
    Words::text("setup.pieceOutsideZone", &["piece", "square"], "The {piece} on {square} is outside the zone")
    .line("the {piece} on {square} is outside the zone"),
    Words::text("setup.terrainOutsideZone", &["terrain", "square"], "The {terrain} on {square} is outside the zone")
    .line("the {terrain} on {square} is outside the zone"),
    Words::text("setup.terrainOnKingField", &["terrain", "square"], "A {terrain} on the King’s field {square}")
    .line("a {terrain} on the King's field {square}"),
    Words::text("setup.onMountain", &["piece", "square"], "The {piece} on {square} stands on a mountain")
    .line("the {piece} on {square} stands on a mountain"),
    Words::text("setup.sharedField", &["square"], "More than one piece on {square}")
    .line("more than one piece on {square}"),
    Words::text("setup.doubleTerrain", &["square"], "{square} is given terrain more than once")
    .line("{square} is given terrain more than once"),
    Words::text("setup.notDone", &[], "The setup is not finished")
    .line("the setup is not finished"),
    // The door's codes, in this family's lines.
    Words::door("position.empty").line("empty position string"),
    Words::door("square.offBoard")
        .line("'{square}' is not a field (rows 1-9 of 8, 9, 10, 11, 12, 11, 10, 9, 8 fields, a1 to h9)"),
    Words::door("move.cannotReach").line("the {piece} on {from} cannot reach {to}"),
    Words::door("piece.unknown").line("'{letter}' is not a Cyvasse piece (R S L H E C T D W K)"),
    Words::door("drop.notAllowed").line("pieces are never dropped in Cyvasse"),
];

// Each error's `Display`: its code's line in this table (a turn's refusal
// with its move text before it, see `TurnError`'s).
crate::display_by_words!(WORDS => CellError, IllegalTurn, PositionError, SetupProblem, SetupError);

/// Args as the English lines say them: a piece letter as the kind's name, a
/// side as `first player (w)`, a water field in full.
fn worded(args: Args) -> Args {
    let word = |k: &'static str, v: String| match arg_words(k) {
        Some(ArgWords::Piece) => v.chars().next().and_then(Kind::from_letter).map_or(v, |kind| kind.name().to_string()),
        Some(ArgWords::Side) => v.chars().next().and_then(Side::from_letter).map_or(v, |side| side.to_string()),
        Some(ArgWords::Word(_)) => english_word(k, &v),
        None => v,
    };
    args.into_iter().map(|(k, v)| (k, word(k, v))).collect()
}

fn args<const N: usize>(pairs: [(&'static str, String); N]) -> Args {
    pairs.into_iter().collect()
}

fn letter(k: &Kind) -> String {
    k.letter().to_string()
}

impl Coded for CellError {
    fn code(&self) -> &'static str {
        "square.offBoard"
    }

    fn args(&self) -> Args {
        args([("square", self.0.chars().take(20).collect())])
    }
}

impl Coded for IllegalTurn {
    fn code(&self) -> &'static str {
        match self {
            IllegalTurn::TowerNeverMoves => "move.towerNeverMoves",
            IllegalTurn::CrossbowsNeverCapture => "move.crossbowsNeverCapture",
            IllegalTurn::Shielded { .. } => "move.shielded",
            IllegalTurn::ArmorHolds { .. } => "move.armorHolds",
            IllegalTurn::NothingToCapture(_) => "move.nothingToCapture",
            IllegalTurn::Occupied(_) => "move.occupied",
            IllegalTurn::SecondNotRabble => "move.secondNotRabble",
            IllegalTurn::SecondRabbleMove => "move.secondRabbleMove",
            IllegalTurn::CannotGo { capture: false, .. } => "move.cannotReach",
            IllegalTurn::CannotGo { capture: true, .. } => "move.cannotCaptureTo",
        }
    }

    fn args(&self) -> Args {
        match self {
            IllegalTurn::TowerNeverMoves
            | IllegalTurn::CrossbowsNeverCapture
            | IllegalTurn::SecondNotRabble
            | IllegalTurn::SecondRabbleMove => Vec::new(),
            IllegalTurn::Shielded { victim, at } => args([("piece", letter(victim)), ("square", at.to_string())]),
            IllegalTurn::ArmorHolds { victim, at, attackers } => args([
                ("piece", letter(victim)),
                ("square", at.to_string()),
                ("armor", victim.armor().to_string()),
                ("count", attackers.to_string()),
            ]),
            IllegalTurn::NothingToCapture(at) | IllegalTurn::Occupied(at) => args([("square", at.to_string())]),
            IllegalTurn::CannotGo { kind, from, to, .. } => {
                args([("piece", letter(kind)), ("from", from.to_string()), ("to", to.to_string())])
            }
        }
    }

    fn line_args(&self) -> Args {
        worded(self.args())
    }
}

impl Coded for TurnError {
    fn code(&self) -> &'static str {
        match self {
            TurnError::Syntax(_) => "move.badTurnText",
            TurnError::Cell(e) => e.code(),
            TurnError::NoPiece(_) => "move.noPiece",
            TurnError::NotYours(..) => "move.notYours",
            TurnError::Illegal { reason, .. } => reason.code(),
            TurnError::GameOver(_) => "move.kingCaptured",
        }
    }

    fn args(&self) -> Args {
        match self {
            TurnError::Syntax(t) => args([("text", t.clone())]),
            TurnError::Cell(e) => e.args(),
            TurnError::NoPiece(c) => args([("square", c.to_string())]),
            TurnError::NotYours(c, side) => args([("square", c.to_string()), ("owner", side.letter().to_string())]),
            TurnError::Illegal { text, reason } => {
                let mut a = args([("move", text.clone())]);
                a.extend(reason.args());
                a
            }
            TurnError::GameOver(side) => args([("side", side.letter().to_string())]),
        }
    }

    fn line_args(&self) -> Args {
        worded(self.args())
    }
}

impl Coded for SetupProblem {
    fn code(&self) -> &'static str {
        match self {
            SetupProblem::NoKing => "setup.noKing",
            SetupProblem::KingField(_) => "setup.kingOffFields",
            SetupProblem::PieceCount { .. } => "setup.pieceCount",
            SetupProblem::TerrainCount { .. } => "setup.terrainCount",
            SetupProblem::PieceOutsideZone(..) => "setup.pieceOutsideZone",
            SetupProblem::TerrainOutsideZone(..) => "setup.terrainOutsideZone",
            SetupProblem::TerrainOnKingField(..) => "setup.terrainOnKingField",
            SetupProblem::OnMountain(..) => "setup.onMountain",
            SetupProblem::SharedField(_) => "setup.sharedField",
            SetupProblem::DoubleTerrain(_) => "setup.doubleTerrain",
            SetupProblem::NotDone => "setup.notDone",
        }
    }

    fn args(&self) -> Args {
        use super::piece::Terrain;
        let terrain = |t: &Terrain| super::door::terrain_word(*t).to_string();
        match self {
            SetupProblem::NoKing | SetupProblem::NotDone => Vec::new(),
            SetupProblem::KingField(c) | SetupProblem::SharedField(c) | SetupProblem::DoubleTerrain(c) => {
                args([("square", c.to_string())])
            }
            SetupProblem::PieceCount { kind, placed } => {
                args([("piece", letter(kind)), ("placed", placed.to_string()), ("needed", kind.count().to_string())])
            }
            SetupProblem::TerrainCount { terrain: t, placed } => {
                let n = if *t == Terrain::Mountain { MOUNTAINS } else { WATER };
                args([("terrain", terrain(t)), ("placed", placed.to_string()), ("needed", n.to_string())])
            }
            SetupProblem::PieceOutsideZone(c, k) | SetupProblem::OnMountain(c, k) => {
                args([("square", c.to_string()), ("piece", letter(k))])
            }
            SetupProblem::TerrainOutsideZone(c, t) | SetupProblem::TerrainOnKingField(c, t) => {
                args([("square", c.to_string()), ("terrain", terrain(t))])
            }
        }
    }

    fn line_args(&self) -> Args {
        let mut a = worded(self.args());
        if let SetupProblem::TerrainCount { terrain, .. } = self {
            // Counted terrain in the plural.
            let many = if *terrain == super::piece::Terrain::Mountain { "mountains" } else { "water fields" };
            a[0].1 = many.to_string();
        }
        a
    }
}

impl Coded for SetupError {
    fn code(&self) -> &'static str {
        "setup.invalid"
    }

    fn args(&self) -> Args {
        let fields = king_fields(self.side);
        args([
            ("side", self.side.letter().to_string()),
            ("kingFields", fields.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")),
            ("count", self.problems.len().to_string()),
        ])
    }

    fn line_args(&self) -> Args {
        let fields = king_fields(self.side);
        let mut a = worded(self.args());
        a.push(("zone", self.side.zone_rows().to_string()));
        a.push(("kingFieldsOr", format!("{}, {} or {}", fields[0], fields[1], fields[2])));
        a.push(("problems", self.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; ")));
        a
    }
}

impl Coded for PositionError {
    fn code(&self) -> &'static str {
        match self {
            PositionError::Empty => "position.empty",
            PositionError::FieldCount(_) => "position.fieldCount",
            PositionError::RowCount(_) => "position.rowCount",
            PositionError::RowLength { .. } => "position.rowLength",
            PositionError::BadNumber { .. } => "position.badNumber",
            PositionError::NotAPiece(_) => "position.notAPiece",
            PositionError::BadChar { .. } => "position.badChar",
            PositionError::StrayStar { .. } => "position.strayStar",
            PositionError::Side(_) => "position.badSide",
            PositionError::Counter(e) => e.code(),
            PositionError::Setup(e) => e.code(),
            PositionError::TooMany { .. } => "position.tooMany",
            PositionError::ZoneRowCount { .. } => "position.zoneRowCount",
            PositionError::WrongSide { .. } => "position.wrongSide",
        }
    }

    fn args(&self) -> Args {
        match self {
            PositionError::Empty => Vec::new(),
            PositionError::FieldCount(n) | PositionError::RowCount(n) => args([("found", n.to_string())]),
            PositionError::RowLength { row, found, expected } => {
                args([("row", row.to_string()), ("found", found.to_string()), ("expected", expected.to_string())])
            }
            PositionError::BadNumber { row, number } => args([("row", row.to_string()), ("text", number.clone())]),
            PositionError::NotAPiece(c) => args([("letter", c.to_string())]),
            PositionError::BadChar { row, ch } => {
                args([("row", row.to_string()), ("text", ch.escape_default().to_string())])
            }
            PositionError::StrayStar { row } => args([("row", row.to_string())]),
            PositionError::Side(t) => args([("text", t.clone())]),
            PositionError::Counter(e) => e.args(),
            PositionError::Setup(e) => e.args(),
            PositionError::TooMany { side, kind, count } => args([
                ("side", side.letter().to_string()),
                ("piece", letter(kind)),
                ("count", count.to_string()),
                ("max", kind.count().to_string()),
            ]),
            PositionError::ZoneRowCount { side, found } => {
                args([("side", side.letter().to_string()), ("found", found.to_string())])
            }
            PositionError::WrongSide { side, letter } => {
                args([("side", side.letter().to_string()), ("letter", letter.to_string())])
            }
        }
    }

    fn line_args(&self) -> Args {
        match self {
            PositionError::Counter(e) => e.line_args(),
            PositionError::Setup(e) => e.line_args(),
            PositionError::ZoneRowCount { side, .. } => {
                let mut a = worded(self.args());
                a.push(("zone", side.zone_rows().to_string()));
                a
            }
            PositionError::WrongSide { side, .. } => {
                let mut a = worded(self.args());
                a.push(("case", (if *side == Side::White { "uppercase" } else { "lowercase" }).to_string()));
                a
            }
            _ => worded(self.args()),
        }
    }
}
