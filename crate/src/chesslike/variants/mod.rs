//! The games the engine plays, one module each, each a `Variant` built from data.

pub mod chess;
pub mod pillage;
pub mod shogi;
pub mod venomous;
pub mod zilo;

use crate::chesslike::variant::Variant;
use pillage::Lineup;

/// A variant's id and how to build it.
pub type Entry = (&'static str, fn() -> Variant);

/// Every variant the engine plays, in the order menus list them
/// (`Variant::by_id` builds each once).
pub const REGISTRY: [Entry; 9] = [
    ("zilo", zilo::variant),
    ("chess", chess::variant),
    ("shogi", shogi::variant),
    ("pillage", || pillage::variant(Lineup::Pillage)),
    ("pillage-flying-ferz", || pillage::variant(Lineup::FlyingFerz)),
    ("pillage-snipers", || pillage::variant(Lineup::Snipers)),
    ("pillage-dragons", || pillage::variant(Lineup::Dragons)),
    ("pillage-warmachines", || pillage::variant(Lineup::Warmachines)),
    ("venomous", venomous::variant),
];
