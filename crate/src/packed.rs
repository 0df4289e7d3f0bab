//! The packed records of `play` and `moveDetails`: ONE field list from which
//! the Rust packing, the JavaScript unpacking and the TypeScript declarations
//! all come.
//!
//! A move record crosses the wasm boundary as one string of tab-separated
//! fields (a string crosses much faster than an object built field by field,
//! which matters in tree walks). [`MOVE_FIELDS`] and [`RESULT_FIELDS`] say
//! which fields, in which order, how each is written, and what the page's
//! object calls it. [`pack_move`] and [`pack_result`] iterate them; the
//! build (`tools/packed-record.mjs`, called by `tools/build-www.mjs` and
//! `tools/build-pkg.mjs`) reads the same lists from the built module through
//! [`packed_fields`] and writes the JavaScript unpacker and the
//! `MoveDetails`/`PlayReport`/`Result` declarations of `www/engine.d.ts`
//! from them; `tests/e2e/packed-record.test.mjs` checks the round trip.
//!
//! A new field is one row here (and, if it is a new shape, one [`Get`]
//! variant and its decoder in `tools/packed-record.mjs`).

use serde::Serialize;

use crate::door::{FromTo, Game, MoveRecord, PlacedPiece, Side};

/// How a field is read from a record, which also fixes how it is written
/// (`None` and `false` as empty) and how JavaScript reads it back.
pub enum Get<T> {
    /// Text, always there: `'e2e4'`.
    Text(fn(&T) -> &str),
    /// Text or `null`.
    Maybe(fn(&T) -> Option<&str>),
    /// Text, or the property left out of the object when there is none.
    IfAny(fn(&T) -> Option<&str>),
    /// `{from, to}` or `null`, written `from:to`.
    FromTo(fn(&T) -> Option<&FromTo>),
    /// `{from, to}`, or the property left out when there is none.
    FromToIfAny(fn(&T) -> Option<&FromTo>),
    /// Squares (or other words without spaces), written separated by spaces.
    Words(fn(&T) -> &[String]),
    /// `{square, piece}` or `null`, written `square:piece`.
    Placed(fn(&T) -> Option<&PlacedPiece>),
    /// `[{square, piece}]`, written `square:piece …`.
    PlacedList(fn(&T) -> &[PlacedPiece]),
    /// `true` written `1`, `false` empty.
    Flag(fn(&T) -> bool),
}

impl<T> Get<T> {
    /// The encoding's name, as `tools/packed-record.mjs` knows it.
    fn encoding(&self) -> &'static str {
        match self {
            Get::Text(_) => "text",
            Get::Maybe(_) => "maybe",
            Get::IfAny(_) => "ifAny",
            Get::FromTo(_) => "fromTo",
            Get::FromToIfAny(_) => "fromToIfAny",
            Get::Words(_) => "words",
            Get::Placed(_) => "placed",
            Get::PlacedList(_) => "placedList",
            Get::Flag(_) => "flag",
        }
    }

    /// Appends the field's text for `record` to `out`.
    fn write(&self, record: &T, out: &mut String) {
        let from_to = |r: Option<&FromTo>, out: &mut String| {
            if let Some(r) = r {
                out.push_str(&r.from);
                out.push(':');
                out.push_str(&r.to);
            }
        };
        let placed = |p: &PlacedPiece, out: &mut String| {
            out.push_str(&p.square);
            out.push(':');
            out.push_str(&p.piece);
        };
        match self {
            Get::Text(get) => out.push_str(get(record)),
            Get::Maybe(get) | Get::IfAny(get) => out.push_str(get(record).unwrap_or("")),
            Get::FromTo(get) | Get::FromToIfAny(get) => from_to(get(record), out),
            Get::Words(get) => {
                for (i, word) in get(record).iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push_str(word);
                }
            }
            Get::Placed(get) => {
                if let Some(p) = get(record) {
                    placed(p, out);
                }
            }
            Get::PlacedList(get) => {
                for (i, p) in get(record).iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    placed(p, out);
                }
            }
            Get::Flag(get) => {
                if get(record) {
                    out.push('1');
                }
            }
        }
    }
}

/// Which calls return a field: `details` both `moveDetails()` and `play()`,
/// `play` only `play()`.
#[derive(Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Returned {
    Details,
    Play,
}

/// One packed field.
pub struct Field<T: 'static> {
    /// The property's name in JavaScript.
    pub name: &'static str,
    /// The name of the `MoveRecord`/`Ending` field it comes from, as that
    /// type serializes it (the round-trip test compares the two).
    pub source: &'static str,
    /// Its TypeScript type.
    pub ts: &'static str,
    pub returned: Returned,
    /// What it means, for the declarations.
    pub doc: &'static str,
    pub get: Get<T>,
}

/// A move record's fields, in the order they are packed.
pub static MOVE_FIELDS: &[Field<MoveRecord>] = &[
    Field {
        name: "move",
        source: "text",
        ts: "string",
        returned: Returned::Details,
        doc: "The move text: `e3e4`, `P@e5`, `e7e8q`, `c6c7+`, a flexible castle `f1h1+i1g1`, a snipe `c1xc7`;\n\
              Cyvasse: `c3d4`, a capture `c3xd5`, two Rabble moves `c3c4+e3e4`.",
        get: Get::Text(|r| &r.text),
    },
    Field {
        name: "san",
        source: "notation",
        ts: "string",
        returned: Returned::Details,
        doc: "How players write it: SAN (`Nf3`, `exd6`, `O-O`, `e8=Q`, `Qh4#`; Pillage `O-O(Kh1)`, `S!c7`),\n\
              or shogi notation (`P-c4`, `Bxh8+`, `S-d8=`, `P*e5`).",
        get: Get::Text(|r| &r.notation),
    },
    Field {
        name: "kind",
        source: "kind",
        ts: "'step' | 'drop' | 'enPassant' | 'castle' | 'snipe' | 'move' | 'capture' | 'shot' | 'jump' | 'double'",
        returned: Returned::Details,
        doc: "`snipe`: the piece on `from` removes the one on `to` and stays where it is. Cyvasse:\n\
              `move`, `capture`, `shot` (the Trebuchet removes the piece on `to`, its target, and steps back\n\
              to `landing`), `jump` (the King over its Tower) or `double` (two Rabble moves: `from`/`to` are\n\
              the first's, `second` the other Rabble's). In Cyvasse `san` is the move text.",
        get: Get::Text(|r| r.kind.as_str()),
    },
    Field {
        name: "from",
        source: "from",
        ts: "Square | null",
        returned: Returned::Details,
        doc: "Where the moving piece starts (`null` for a drop); a shooter's square.",
        get: Get::Maybe(|r| r.from.as_deref()),
    },
    Field {
        name: "to",
        source: "to",
        ts: "Square",
        returned: Returned::Details,
        doc: "Where it lands; for a shot, the square shot at; for two Rabble moves, where the first lands.",
        get: Get::Text(|r| &r.to),
    },
    Field {
        name: "drop",
        source: "drop",
        ts: "string | null",
        returned: Returned::Details,
        doc: "The dropped piece's letter, for a drop.",
        get: Get::Maybe(|r| r.drop.as_deref()),
    },
    Field {
        name: "promotion",
        source: "promotion",
        ts: "string | null",
        returned: Returned::Details,
        doc: "The piece it becomes, as written on the board (`Q`, `q`, `+P`), or `null`.",
        get: Get::Maybe(|r| r.promotion.as_deref()),
    },
    Field {
        name: "rook",
        source: "rook",
        ts: "{ from: Square; to: Square } | null",
        returned: Returned::Details,
        doc: "The rook's move, for a castle (`to` is then the king's square).",
        get: Get::FromTo(|r| r.rook.as_ref()),
    },
    Field {
        name: "path",
        source: "path",
        ts: "Square[]",
        returned: Returned::Details,
        doc: "The squares the move passes, in order (a slide's, a Sissa's bent ride, a thrust up a file);\n\
              empty for a leap. Cyvasse: a shortest way of a move, the line of a capture (the captured\n\
              field included when a Horse goes on past it), the Tower a King jumps; none for `shot`, `double`.",
        get: Get::Words(|r| &r.path),
    },
    Field {
        name: "second",
        source: "second",
        ts: "{ from: Square; to: Square }",
        returned: Returned::Details,
        doc: "Cyvasse, kind `double` only: the second Rabble's move.",
        get: Get::FromToIfAny(|r| r.second.as_ref()),
    },
    Field {
        name: "landing",
        source: "landing",
        ts: "Square",
        returned: Returned::Details,
        doc: "Cyvasse, kind `shot` only: the field the Trebuchet steps back to.",
        get: Get::IfAny(|r| r.landing.as_deref()),
    },
    Field {
        name: "captured",
        source: "captured",
        ts: "SquarePiece | null",
        returned: Returned::Play,
        doc: "The captured piece (Cyvasse: also the Trebuchet's target).",
        get: Get::Placed(|r| r.captured.as_ref()),
    },
    Field {
        name: "blasted",
        source: "blasted",
        ts: "SquarePiece[]",
        returned: Returned::Play,
        doc: "Pieces a Bomber's blast removed (zilo).",
        get: Get::PlacedList(|r| &r.blasted),
    },
    Field {
        name: "check",
        source: "check",
        ts: "boolean",
        returned: Returned::Play,
        doc: "The side now to move is in check.",
        get: Get::Flag(|r| r.check),
    },
    Field {
        name: "capturedToHand",
        source: "capturedToHand",
        ts: "boolean",
        returned: Returned::Details,
        doc: "Whether the captured piece joins the mover's hand.",
        get: Get::Flag(|r| r.captured_to_hand),
    },
    Field {
        name: "declinedPromotion",
        source: "declinedPromotion",
        ts: "boolean",
        returned: Returned::Details,
        doc: "A promotion the mover could have taken and did not (shogi's `S-d8=`).",
        get: Get::Flag(|r| r.declined_promotion),
    },
    Field {
        name: "piece",
        source: "piece",
        ts: "string",
        returned: Returned::Play,
        doc: "The piece that moved, as written on the board (`P`, `p`, `+P`): for a drop the dropped\n\
              piece, for a castle the king, for two Rabble moves the first Rabble.",
        get: Get::Text(|r| &r.piece),
    },
];

/// How a game stands, as `play()` and `result()` tell JavaScript: the outcome's
/// words (`1-0`, `checkmate`), the winner, and the ending in English words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    pub result: &'static str,
    pub reason: &'static str,
    pub winner: Option<Side>,
    pub title: String,
    pub text: String,
}

impl Ending {
    pub fn of(game: &Game) -> Ending {
        let outcome = game.outcome();
        let (title, text) = game.ending_words();
        Ending { result: outcome.result(), reason: outcome.reason(), winner: outcome.winner(), title, text }
    }
}

/// The side's letter, as the JavaScript API writes sides.
fn side_letter(side: Option<Side>) -> Option<&'static str> {
    side.map(|s| if s == Side::First { "w" } else { "b" })
}

/// The [`Ending`]'s fields, packed after the move's by `play()`: the result,
/// its reason, the winner, and the ending's English title and sentence.
pub static RESULT_FIELDS: &[Field<Ending>] = &[
    Field {
        name: "result",
        source: "result",
        ts: "'*' | '1-0' | '0-1' | '1/2-1/2'",
        returned: Returned::Play,
        doc: "`*` while the game goes on.",
        get: Get::Text(|o| o.result),
    },
    Field {
        name: "reason",
        source: "reason",
        ts: "string",
        returned: Returned::Play,
        doc: "`ongoing`, `checkmate`, `stalemate`, `repetition`, `monarch-captured`, `resignation`,\n\
              `fifty-moves`, `insufficient-material`, `perpetual-check`; Cyvasse: `king-captured`,\n\
              `no-moves`, `repetition`, `fifty-moves`, `resignation`. With `result` and `winner` it words\n\
              any outcome in any language: a page says `outcome.<reason>` from its catalog (the side names\n\
              from `GameInfo.sides`), and uses `title` and `text` only as English.",
        get: Get::Text(|o| o.reason),
    },
    Field {
        name: "winner",
        source: "winner",
        ts: "Side | null",
        returned: Returned::Play,
        doc: "The side that won, `null` for a draw or while the game goes on.",
        get: Get::Maybe(|o| side_letter(o.winner)),
    },
    Field {
        name: "title",
        source: "title",
        ts: "string",
        returned: Returned::Play,
        doc: "`'White wins (1-0)'`, `'Draw (1/2-1/2)'`; empty while the game goes on.",
        get: Get::Text(|o| &o.title),
    },
    Field {
        name: "text",
        source: "text",
        ts: "string",
        returned: Returned::Play,
        doc: "Why, in a sentence with the variant's names (`'Checkmate: the white king is in check and has\n\
              no way out.'`); empty while the game goes on.",
        get: Get::Text(|o| &o.text),
    },
];

/// Appends `record`'s fields to `out`, separated by tabs.
fn pack<T>(fields: &[Field<T>], record: &T, out: &mut String) {
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push('\t');
        }
        field.get.write(record, out);
    }
}

/// A move's record packed: [`MOVE_FIELDS`] in order.
pub fn pack_move(record: &MoveRecord, out: &mut String) {
    pack(MOVE_FIELDS, record, out);
}

/// The outcome's fields, each after a tab, closing a packed `play` record.
pub fn pack_result(outcome: &Ending, out: &mut String) {
    out.push('\t');
    pack(RESULT_FIELDS, outcome, out);
}

/// One field, described for the build's generator.
#[derive(Serialize)]
pub struct FieldInfo {
    name: &'static str,
    source: &'static str,
    ts: &'static str,
    returned: Returned,
    doc: &'static str,
    encoding: &'static str,
}

/// Both field lists, described: `{move: [...], result: [...]}`.
#[derive(Serialize)]
pub struct Schema {
    #[serde(rename = "move")]
    move_fields: Vec<FieldInfo>,
    result: Vec<FieldInfo>,
}

fn describe<T>(fields: &[Field<T>]) -> Vec<FieldInfo> {
    fields
        .iter()
        .map(|f| FieldInfo {
            name: f.name,
            source: f.source,
            ts: f.ts,
            returned: f.returned,
            doc: f.doc,
            encoding: f.get.encoding(),
        })
        .collect()
}

/// The packed records' schema, for the build (not part of the public API).
pub fn packed_fields() -> Schema {
    Schema { move_fields: describe(MOVE_FIELDS), result: describe(RESULT_FIELDS) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::door::{self, Game};
    use serde_json::{json, Value};

    /// A field's packed text read back as the JavaScript unpacker reads it
    /// (`tools/packed-record.mjs`), `None` for a property left out.
    fn unpack(encoding: &str, text: &str) -> Option<Value> {
        let from_to = |t: &str| t.split_once(':').map(|(from, to)| json!({"from": from, "to": to}));
        let placed = |t: &str| t.split_once(':').map(|(square, piece)| json!({"square": square, "piece": piece}));
        fn list(t: &str) -> Vec<&str> {
            if t.is_empty() {
                Vec::new()
            } else {
                t.split(' ').collect()
            }
        }
        let maybe = |v: Option<Value>| Some(v.unwrap_or(Value::Null));
        match encoding {
            "text" => Some(json!(text)),
            "maybe" => maybe((!text.is_empty()).then(|| json!(text))),
            "ifAny" => (!text.is_empty()).then(|| json!(text)),
            "fromTo" => maybe(from_to(text)),
            "fromToIfAny" => from_to(text),
            "words" => Some(json!(list(text))),
            "placed" => maybe(placed(text)),
            "placedList" => Some(Value::Array(list(text).into_iter().filter_map(placed).collect())),
            "flag" => Some(json!(text == "1")),
            other => panic!("unknown encoding {other}"),
        }
    }

    /// A record's fields as its type serializes them, `null` for one left out
    /// (the packing writes an absent and a `null` field alike).
    fn serialized(record: &impl Serialize) -> serde_json::Map<String, Value> {
        match serde_json::to_value(record).unwrap() {
            Value::Object(map) => map,
            other => panic!("not an object: {other}"),
        }
    }

    /// Records from games of every variant: moves played at random, with the outcome after each.
    fn records() -> Vec<(MoveRecord, Ending)> {
        let mut out = Vec::new();
        for (n, id) in door::ids().into_iter().enumerate() {
            let mut game = Game::new(id, None).unwrap();
            let mut seed = 0x9E37_79B9_u64.wrapping_mul(n as u64 + 1);
            for _ in 0..120 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let record = game.play(&moves[(seed % moves.len() as u64) as usize]).unwrap();
                out.push((record, Ending::of(&game)));
            }
        }
        out
    }

    #[test]
    fn every_field_of_a_move_record_and_an_outcome_is_packed_once() {
        let (record, outcome) = records().swap_remove(0);
        for (what, sources, serialized) in [
            ("MoveRecord", MOVE_FIELDS.iter().map(|f| f.source).collect::<Vec<_>>(), serialized(&record)),
            ("Ending", RESULT_FIELDS.iter().map(|f| f.source).collect(), serialized(&outcome)),
        ] {
            let mut listed = sources.clone();
            listed.sort();
            listed.dedup();
            assert_eq!(listed.len(), sources.len(), "a {what} field is packed twice");
            let mut fields: Vec<&str> = serialized.keys().map(String::as_str).collect();
            fields.sort();
            assert_eq!(listed, fields, "{what}'s fields and the packed fields differ: add a row to packed.rs");
        }
        let mut names: Vec<&str> = MOVE_FIELDS.iter().map(|f| f.name).chain(["result"]).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), MOVE_FIELDS.len() + 1, "two properties of the unpacked record have one name");
    }

    #[test]
    fn a_packed_record_reads_back_as_the_record() {
        let records = records();
        assert!(records.len() > 500, "{}", records.len());
        for (record, outcome) in &records {
            let mut packed = String::new();
            pack_move(record, &mut packed);
            pack_result(outcome, &mut packed);
            let texts: Vec<&str> = packed.split('\t').collect();
            assert_eq!(texts.len(), MOVE_FIELDS.len() + RESULT_FIELDS.len(), "{packed:?}");
            let (move_texts, result_texts) = texts.split_at(MOVE_FIELDS.len());
            let schema = packed_fields();
            for (fields, texts, mut expected) in [
                (&schema.move_fields, move_texts, serialized(record)),
                (&schema.result, result_texts, serialized(outcome)),
            ] {
                // The API writes sides as their letters.
                if let Some(winner) = expected.get_mut("winner") {
                    *winner = match winner.as_str() {
                        Some("first") => json!("w"),
                        Some("second") => json!("b"),
                        _ => Value::Null,
                    };
                }
                for (field, text) in fields.iter().zip(texts) {
                    let back = unpack(field.encoding, text).unwrap_or(Value::Null);
                    assert_eq!(back, expected[field.source], "{} of {packed:?}", field.name);
                }
            }
        }
    }
}
