//! The games the engine plays, one module each, each a `Variant` built from data.

pub mod chess;
pub mod shogi;
pub mod zilo;
