//! What a front end may know of each game without knowing any rule: its
//! board, sides, pieces (with how they move, in words), how squares are
//! named, whether captures go to a hand, the setup zones. The page draws
//! and words everything from this; it holds no rule of its own.

use serde::Serialize;

pub use crate::level_elo::LevelElo;
pub use crate::names_elsewhere::NamesElsewhere;

/// One game, described for front ends.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    pub id: &'static str,
    /// `chesslike` or `cyvasse`: which board a front end draws.
    pub family: &'static str,
    /// The game's full name (`ЗiлоḺ АḺв Жа (Angry Bird Chess)`).
    pub name: &'static str,
    /// A short name for menus (`ЗiлоḺ АḺв Жа`).
    pub short_name: &'static str,
    /// The stem of the file with the game's rules in the project (`zilo` for `docs/rules/zilo.md`).
    pub rules: &'static str,
    pub files: u8,
    pub ranks: u8,
    /// The start position string.
    pub start_fen: String,
    /// Positions have hands (pieces beside the board that may be dropped).
    pub drops: bool,
    /// A captured piece joins the capturer's hand (shogi, zilo; not Venomous' reserve).
    pub captures_to_hand: bool,
    /// `none`, `choice` (the move text ends with the new piece's letter) or
    /// `optional` (`+` promotes, the plain move declines).
    pub promotion: &'static str,
    /// `algebraic` or `shogi`: how players read moves and squares.
    pub notation: &'static str,
    /// The labels of the files, from the first player's left, and of the
    /// ranks, from the first player's side, as players read them: a square's
    /// name for players is its file's label then its rank's (`e4`; shogi's `7f`).
    pub file_labels: Vec<String>,
    pub rank_labels: Vec<String>,
    /// How many times a position must occur to end the game.
    pub repetition_count: u8,
    /// The first and the second player's names.
    pub sides: [SideInfo; 2],
    pub pieces: Vec<PieceInfo>,
    /// A board that is not a rectangle of squares (Cyvasse's hex fields).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<CellInfo>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_lengths: Option<Vec<u8>>,
    /// Games start with a hidden setup ([`SetupInfo`] says where and what).
    pub hidden_setup: bool,
    #[serde(flatten)]
    pub setup: Option<SetupInfo>,
    /// Each level's approximate Elo (levels 1 to 5), where it was measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level_elo: Option<LevelElo>,
    /// How other programs name the game (not told to front ends: the engine
    /// reads and writes those formats itself).
    #[serde(skip)]
    pub elsewhere: NamesElsewhere,
}

/// One value for each side, keyed by its letter as position strings write it.
#[derive(Clone, Debug, Serialize)]
pub struct BySide<T> {
    pub w: T,
    pub b: T,
}

/// How a side is named in the game's words.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SideInfo {
    /// `White`, `Sente`, `Birds`.
    pub name: &'static str,
    /// One of them: `White`, `Bird`.
    pub one: &'static str,
    /// `name` takes a plural verb.
    pub plural: bool,
    /// Its royal piece in a sentence: `white king`.
    pub monarch: &'static str,
    /// A longer name, and one in the game's own language (or empty).
    pub long: &'static str,
    pub native: &'static str,
}

/// A kind of piece.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PieceInfo {
    /// As position strings write the first player's (`P`, `+P`).
    pub letter: String,
    pub name: &'static str,
    /// Its name in the game's own language, or empty.
    pub native_name: &'static str,
    /// How it moves, in words.
    pub moves: &'static str,
    /// Its value in centipawns, as the computer counts it.
    pub value: i32,
    /// Losing it loses the game.
    pub royal: bool,
    /// What it does beyond moving and capturing by displacement, for a front
    /// end's help and marks: `blasts` (its capture explodes, clearing the
    /// neighbours), `shoots` (it captures from afar without moving), `routes`
    /// (its move follows a path a front end may draw: bent rides, lame leaps).
    pub powers: Vec<&'static str>,
    /// Armor, move and attack range, in a game with armor (Cyvasse).
    #[serde(flatten)]
    pub armored: Option<ArmoredInfo>,
}

/// A kind's numbers in a game with armor.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArmoredInfo {
    pub armor: u8,
    #[serde(rename = "move")]
    pub movement: u8,
    pub attack_range: u8,
    /// How many each side has.
    pub count: u8,
}

/// A field of a board that is not a rectangle.
#[derive(Clone, Debug, Serialize)]
pub struct CellInfo {
    pub square: String,
    pub row: u8,
    /// 0-based within the row.
    pub index: u8,
}

/// The hidden setup: where each side sets up and what it places.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SetupInfo {
    /// The fields of each side's zone.
    pub zones: BySide<Vec<String>>,
    /// Each zone in words (`rows 1-4`).
    pub zone_words: BySide<&'static str>,
    /// The fields the royal piece may start on.
    pub king_fields: BySide<Vec<String>>,
    /// The terrain each side places, and how many of each (`mountain`: 3).
    pub setup_terrain: Vec<TerrainCount>,
    /// Ready-made halves.
    pub presets: Vec<PresetInfo>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TerrainCount {
    /// `mountain` or `water`.
    pub terrain: &'static str,
    pub count: u8,
}

#[derive(Clone, Debug, Serialize)]
pub struct PresetInfo {
    /// What `Setup.preset` takes (`fortress`).
    pub id: String,
    pub name: &'static str,
}
