//! One side's half of a hidden setup, made piece by piece: what a front end
//! builds while a player sets up (the page's setup tray, the server's
//! `setup` command checks the finished text with `door::check_half`).
//! The family's [`SetupRules`] make the half and say what may go where.

use super::{setup_rules, DoorError, ErrorKind, Said, Side, MAX_POSITION_LEN};

/// A half being set up, of some family, as the door sees it.
pub trait HalfBoard: Send {
    fn clone_box(&self) -> Box<dyn HalfBoard>;
    fn side(&self) -> Side;
    /// Puts `what` (a piece letter, or a terrain word such as `mountain`) on
    /// `square`; refused, with the rule it breaks, if it may not go there.
    fn place(&mut self, square: &str, what: &str) -> Result<(), DoorError>;
    /// Takes what is on `square` off it (a piece before the terrain under it)
    /// and says what it was.
    fn clear(&mut self, square: &str) -> Result<Option<String>, DoorError>;
    /// The piece (a letter) and the terrain (a word) on `square`.
    fn at(&self, square: &str) -> Result<(Option<String>, Option<&'static str>), DoorError>;
    /// The half as the engine writes it.
    fn text(&self) -> String;
    /// What is still to place, and how many.
    fn missing(&self) -> Vec<(String, usize)>;
    /// Everything wrong with it, each coded with its English line; empty once it is complete and valid.
    fn problems(&self) -> Vec<Said>;
}

/// One side's half of a hidden setup.
pub struct Half {
    id: &'static str,
    board: Box<dyn HalfBoard>,
}

impl Clone for Half {
    fn clone(&self) -> Half {
        Half { id: self.id, board: self.board.clone_box() }
    }
}

impl Half {
    /// `side`'s half of a game of `id`: empty, or read from its text.
    pub fn new(id: &str, side: Side, text: Option<&str>) -> Result<Half, DoorError> {
        let rules = setup_rules(id)?;
        if let Some(text) = text {
            if text.len() > MAX_POSITION_LEN {
                return Err(DoorError::worded(ErrorKind::BadSetup, &[], "setup.tooLong")
                    .line_arg("unit", "characters")
                    .arg("length", text.len())
                    .arg("max", MAX_POSITION_LEN));
            }
        }
        Ok(Half { id: rules.id(), board: rules.new_half(side, text)? })
    }

    /// A random complete half, the same for the same seed.
    pub fn random(id: &str, side: Side, seed: u64) -> Result<Half, DoorError> {
        let rules = setup_rules(id)?;
        Ok(Half { id: rules.id(), board: rules.random_half(side, seed) })
    }

    /// A ready-made half by its preset id (`door::games()` lists them).
    pub fn preset(id: &str, side: Side, preset: &str) -> Result<Half, DoorError> {
        let rules = setup_rules(id)?;
        Ok(Half { id: rules.id(), board: rules.preset_half(side, preset)? })
    }

    /// The game the half is for.
    pub fn variant(&self) -> &'static str {
        self.id
    }

    pub fn side(&self) -> Side {
        self.board.side()
    }

    pub fn place(&mut self, square: &str, what: &str) -> Result<(), DoorError> {
        self.board.place(square, what)
    }

    pub fn clear(&mut self, square: &str) -> Result<Option<String>, DoorError> {
        self.board.clear(square)
    }

    pub fn at(&self, square: &str) -> Result<(Option<String>, Option<&'static str>), DoorError> {
        self.board.at(square)
    }

    pub fn text(&self) -> String {
        self.board.text()
    }

    pub fn missing(&self) -> Vec<(String, usize)> {
        self.board.missing()
    }

    pub fn problems(&self) -> Vec<Said> {
        self.board.problems()
    }

    pub fn is_complete(&self) -> bool {
        self.board.problems().is_empty()
    }
}

/// The start position string from the first player's half and the
/// second's, `to_move` moving first.
pub fn start_position(first: &Half, second: &Half, to_move: Side) -> Result<String, DoorError> {
    if first.side() != Side::First || second.side() != Side::Second {
        return Err(DoorError::worded(ErrorKind::BadSetup, &[], "setup.halvesInOrder"));
    }
    if first.variant() != second.variant() {
        return Err(DoorError::worded(ErrorKind::BadSetup, &[], "setup.differentGames"));
    }
    setup_rules(first.variant())?.join(&first.text(), &second.text(), to_move)
}
