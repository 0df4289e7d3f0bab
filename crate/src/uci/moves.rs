//! Move texts as GUIs and other engines send them: the engine's own texts
//! (`docs/formats.md`), and the forms Fairy-Stockfish and Chess960 GUIs
//! write where they differ, when they name exactly one legal move.

use crate::door::{DoorError, Game, MoveKind};

/// The engine's text of the legal move `text` names in `game`, or why there is none.
///
/// Besides the engine's own texts this reads:
/// - a castle as the king taking its own rook (`e1h1`, UCI_Chess960's form),
///   for chess and the flexible castles of Pillage and Venomous;
/// - a flexible castle as the king's move alone (`f1h1`, how an engine
///   without flexible castling writes the king's part), when only one castle
///   has that king move;
/// - a drop with a lowercase piece letter (`p@e5`).
pub fn read_move(game: &Game, text: &str) -> Result<String, DoorError> {
    let refusal = match game.describe(text) {
        Ok(record) => return Ok(record.text),
        Err(e) => e,
    };
    if let Some((piece, square)) = text.split_once('@') {
        if piece.chars().any(|c| c.is_ascii_lowercase()) {
            if let Ok(record) = game.describe(&format!("{}@{square}", piece.to_ascii_uppercase())) {
                return Ok(record.text);
            }
        }
    }
    if text.len() <= 8 && text.is_ascii() {
        let castles: Vec<String> = game
            .legal_moves()
            .into_iter()
            .filter(|m| {
                game.describe(m).is_ok_and(|r| {
                    let from = r.from.unwrap_or_default();
                    r.kind == MoveKind::Castle
                        && (r.rook.as_ref().is_some_and(|rook| format!("{from}{}", rook.from) == text)
                            || format!("{from}{}", r.to) == text)
                })
            })
            .collect();
        if let [only] = castles.as_slice() {
            return Ok(only.clone());
        }
    }
    Err(refusal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_chess960_castle_as_the_castle() {
        let game = Game::new("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")).unwrap();
        assert_eq!(read_move(&game, "e1h1").unwrap(), "e1g1");
        assert_eq!(read_move(&game, "e1a1").unwrap(), "e1c1");
        assert_eq!(read_move(&game, "e1g1").unwrap(), "e1g1");
    }

    #[test]
    fn reads_a_flexible_castle_from_the_kings_move_alone() {
        let game = Game::new("pillage", Some("r4k3r/10/10/10/10/10/10/10/10/1R3K3R w KQkq - 0 1")).unwrap();
        assert_eq!(read_move(&game, "f1h1").unwrap(), "f1h1+j1g1");
        assert_eq!(read_move(&game, "f1i1").unwrap(), "f1i1+j1h1");
        // The king taking its rook names three castles here: refused.
        assert!(read_move(&game, "f1j1").is_err());
    }

    #[test]
    fn reads_a_lowercase_drop_and_refuses_what_names_no_move() {
        let mut game = Game::new("shogi", None).unwrap();
        for m in ["c3c4", "g7g6", "b2h8+", "g9h8"] {
            game.play(m).unwrap();
        }
        assert_eq!(read_move(&game, "b@e5").unwrap(), "B@e5");
        let e = read_move(&game, "e5e6").unwrap_err();
        assert!(e.message().contains("e5"), "{}", e.message());
    }
}
