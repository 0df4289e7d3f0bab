//! The games the engine plays, one module each, each a `Variant` built from data.

pub mod chess;
pub mod pillage;
pub mod shogi;
pub mod venomous;
pub mod zilo;

use crate::variant::Variant;

/// Builds the variant with this id (see `Variant::all`).
pub fn build(id: &str) -> Option<Variant> {
    Some(match id {
        "zilo" => zilo::variant(),
        "chess" => chess::variant(),
        "shogi" => shogi::variant(),
        "venomous" => venomous::variant(),
        _ => pillage::variant(pillage::Lineup::by_id(id)?),
    })
}
