//! Fuzzing the game API behind the JavaScript and command-line doors with
//! random call sequences: push, play, moves by code and by text (legal,
//! edited or made up), undo, redo, resignation, back-and-forth moves that
//! repeat positions. Nothing may panic, and after every call the game must
//! agree with a model of it: the moves played, what can be undone and
//! redone, the position before each move, and the outcome worked out afresh
//! (which checks the cached outcomes).
//!
//! Case count and seed: `ZILO_FUZZ_CASES` (this target runs a fifth of it:
//! each case is a long sequence), `ZILO_FUZZ_SEED` (see `fuzz/mod.rs`).

mod fuzz;
use fuzz::*;

use proptest::prelude::*;
use zilo::door::{Game, Outcome, Side, MAX_MOVE_LEN};
use zilo::fen::{parse_position, write_position};
use zilo::moves::{move_code, move_from_code};
use zilo::notation::{move_text, parse_move_in};
use zilo::variant::Variant;
use zilo::{Move, Position};

#[derive(Clone, Debug)]
enum Op {
    /// `push` the legal move picked by the index (if any).
    Push(prop::sample::Index),
    /// `play` it, with its report.
    Play(prop::sample::Index),
    /// Take the piece the side to move moved last back where it came from,
    /// if legal (which soon repeats positions).
    Back,
    /// A code, legal with a bit flipped or not.
    Code(prop::sample::Index, Option<u32>),
    /// A text, made up.
    Text(String),
    Undo,
    Redo,
    Resign(bool),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => any::<prop::sample::Index>().prop_map(Op::Push),
        2 => any::<prop::sample::Index>().prop_map(Op::Play),
        8 => Just(Op::Back),
        2 => (any::<prop::sample::Index>(), prop::option::of(0u32..32)).prop_map(|(i, f)| Op::Code(i, f)),
        1 => "[a-k][0-9]{1,2}[a-k][0-9]{1,2}[+a-z]?|[A-Z]@[a-k][0-9]|\\PC{0,6}".prop_map(Op::Text),
        3 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => any::<bool>().prop_map(Op::Resign),
    ]
}

/// A start: the variant's own, or a sparse position (kings and a few
/// pieces), where games end and positions repeat within a few moves.
fn start(v: &'static Variant) -> impl Strategy<Value = Position> {
    // Cells as a rectangle of files × ranks (a board of another shape reads these strings as
    // faulty, and the game starts from the variant's own position).
    let cells = v.geometry.files as usize * v.geometry.ranks as usize;
    let extra = prop::collection::vec((0..cells, 0..v.pieces.len(), any::<bool>()), 0..4);
    (0..cells, 0..cells, extra, any::<bool>(), any::<bool>()).prop_map(move |(wk, bk, extra, own, black)| {
        if own {
            return Position::start(v);
        }
        let g = &v.geometry;
        let mut board = vec![None; cells];
        for (sq, role, white) in extra {
            let p = &v.pieces[role];
            let letter = if white { p.letter } else { p.letter.to_ascii_lowercase() };
            board[sq] = Some(format!("{}{letter}", if p.promoted { "+" } else { "" }));
        }
        let royal = v.piece(v.royal()).letter;
        board[wk] = Some(royal.to_string());
        board[bk] = Some(royal.to_ascii_lowercase().to_string());
        let rows = board_rows(&board, g.files as usize, g.ranks as usize);
        let hand = if v.rules.drops { "[]" } else { "" };
        let text = format!("{rows}{hand} {} - - 0 1", if black { "b" } else { "w" });
        parse_position(v, &text).unwrap_or_else(|_| Position::start(v))
    })
}

/// The model: what the game should say.
struct Model {
    start: Position,
    moves: Vec<Move>,
    /// The position string before each move.
    before: Vec<String>,
    redo: Vec<Move>,
    resigned: Option<Side>,
}

/// A game through the door from `start`.
fn door_game(v: &Variant, start: &Position) -> Game {
    Game::new(v.id, Some(&write_position(start))).expect("a position the engine wrote reads back")
}

impl Model {
    /// The outcome, worked out on a game rebuilt from the start.
    fn outcome(&self) -> Outcome {
        let v = self.start.variant();
        let mut g = door_game(v, &self.start);
        for &m in &self.moves {
            g.push(&move_text(v, m).to_string()).expect("the model's moves were legal");
        }
        if let Some(c) = self.resigned {
            g.resign(c);
        }
        g.outcome()
    }

    fn played(&mut self, m: Move, before: String) {
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.moves.push(m);
        self.before.push(before);
    }
}

fn run(v: &'static Variant, start: Position, ops: Vec<Op>) -> Result<bool, TestCaseError> {
    let mut game = door_game(v, &start);
    let mut model = Model { start, moves: Vec::new(), before: Vec::new(), redo: Vec::new(), resigned: None };
    let mut ended = false;
    for op in ops {
        let over = game.outcome().is_over();
        let fen = game.position();
        let pos = parse_position(v, &fen).expect("the game's position string reads back");
        let moves = pos.legal_moves();
        let pick = |i: &prop::sample::Index| (!moves.is_empty()).then(|| moves[i.index(moves.len())]);
        // The move this op tries, if any, and whether it may be played.
        let tried: Option<Result<Move, String>> = match &op {
            Op::Push(i) | Op::Play(i) => pick(i).map(Ok),
            Op::Back => model.moves.iter().rev().nth(1).and_then(|&own| {
                let back = Move::Normal { from: own.to(), to: own.from()?, promotion: None };
                moves.contains(&back).then_some(Ok(back))
            }),
            Op::Code(i, flip) => pick(i).map(|m| {
                let code = flip.map_or(move_code(m), |bit| move_code(m) ^ (1 << bit));
                move_from_code(v, code).ok_or_else(|| format!("code {code}"))
            }),
            Op::Text(t) if t.len() > MAX_MOVE_LEN => Some(Err(format!("{t} is too long"))),
            Op::Text(t) => Some(parse_move_in(&pos, t).map_err(|e| e.to_string())),
            _ => None,
        };
        match (&op, tried) {
            (_, Some(Err(message))) => prop_assert!(!message.contains('\n')),
            (Op::Undo, _) => {
                let undone = game.undo();
                prop_assert_eq!(undone, model.resigned.is_some() || !model.moves.is_empty());
                if model.resigned.take().is_none() {
                    if let Some(m) = model.moves.pop() {
                        let before = model.before.pop().expect("one per move");
                        prop_assert_eq!(game.position(), before);
                        model.redo.push(m);
                    }
                }
            }
            (Op::Redo, _) => {
                let redone = game.redo();
                let expected = model.resigned.is_none() && !model.redo.is_empty() && !over;
                prop_assert_eq!(redone, expected);
                if redone {
                    let m = *model.redo.last().expect("something to redo");
                    model.played(m, fen.clone());
                }
            }
            (Op::Resign(white), _) => {
                let side = if *white { Side::First } else { Side::Second };
                game.resign(side);
                if !over {
                    model.resigned = Some(side);
                }
            }
            (_, Some(Ok(m))) => {
                let text = move_text(v, m).to_string();
                let legal = !over && moves.contains(&m);
                let result = match op {
                    Op::Play(_) => {
                        prop_assert_eq!(game.describe(&text).is_ok(), legal, "{}", text);
                        game.play(&text).map(|_| ())
                    }
                    Op::Code(..) => game.push_code(move_code(m)),
                    _ => game.push(&text),
                };
                prop_assert_eq!(result.is_ok(), legal, "{}", text);
                match result {
                    Ok(()) => model.played(m, fen.clone()),
                    Err(e) => {
                        prop_assert!(!e.to_string().contains('\n'));
                        prop_assert_eq!(game.position(), fen.clone(), "a refused move changes nothing");
                    }
                }
            }
            (_, None) => {}
        }
        prop_assert_eq!(game.history(), model.moves.iter().map(|&m| move_text(v, m).to_string()).collect::<Vec<_>>());
        prop_assert_eq!(game.can_undo(), model.resigned.is_some() || !model.moves.is_empty());
        let outcome = game.outcome();
        prop_assert_eq!(outcome, model.outcome(), "after {:?}", op);
        let (title, text) = game.ending_words();
        prop_assert_eq!(title.is_empty(), !outcome.is_over());
        prop_assert!(!text.contains('\n'));
        ended |= outcome.is_over() && model.resigned.is_none();
    }
    Ok(ended)
}

#[test]
fn fuzz_call_sequences() {
    for id in Variant::all() {
        let v = Variant::by_id(id).expect("listed");
        let input = (start(v), prop::collection::vec(op(), 0..150));
        // A case is a sequence of up to 150 calls, so a fifth of ZILO_FUZZ_CASES (at least 60).
        // "accepted": sequences in which the game ended (not by resignation).
        let cases = (cases() / 5).max(60);
        fuzz_cases(&format!("call sequences ({id})"), cases, input, |(start, ops)| run(v, start, ops));
    }
}
