//! [`AnyGame`]: a game record of any family behind one object-safe trait,
//! written once, generic over [`DoorPosition`]. This is where move texts
//! become moves and moves become texts for every front end.

use super::{
    BestMove, BoardPiece, DoorError, DoorPosition, ErrorKind, MoveRecord, Outcome, Side, Thinking, MAX_MOVE_LEN,
};
use crate::game_position::{GamePosition, Outcome as FamilyOutcome, Player};
use crate::record::{PlayError, Record};
use crate::search::corpus::{self, CorpusOptions, CorpusReport};
use crate::search::{default_clock, Hooks, Limits, SearchResult, Searcher};

/// A game record of some family, as the door sees it.
pub trait AnyGame: Send {
    fn clone_box(&self) -> Box<dyn AnyGame>;
    fn variant(&self) -> &'static str;
    fn position(&self) -> String;
    fn start_position(&self) -> String;
    fn turn(&self) -> Side;
    fn start_numbering(&self) -> (Side, u32);
    fn legal_moves(&self) -> Vec<String>;
    fn legal_move_codes(&self) -> Vec<u32>;
    fn code_text(&self, code: u32) -> Option<String>;
    fn move_code(&self, text: &str) -> Result<u32, DoorError>;
    fn play(&mut self, text: &str) -> Result<MoveRecord, DoorError>;
    fn describe(&self, text: &str) -> Result<MoveRecord, DoorError>;
    fn push(&mut self, text: &str) -> Result<(), DoorError>;
    fn push_code(&mut self, code: u32) -> Result<(), DoorError>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    fn history(&self) -> Vec<String>;
    fn history_records(&self) -> Vec<MoveRecord>;
    fn last_move(&self) -> Option<MoveRecord>;
    fn resign(&mut self, side: Side);
    fn outcome(&self) -> Outcome;
    fn ending_words(&self) -> (String, String);
    fn is_check(&self) -> bool;
    fn checked_square(&self) -> Option<String>;
    fn board(&self) -> Vec<BoardPiece>;
    fn terrain(&self) -> Vec<(String, &'static str)>;
    fn hand(&self, side: Side) -> Vec<(String, u8)>;
    fn moves_from(&self, square: &str) -> Result<Vec<String>, DoorError>;
    fn drop_targets(&self, piece: &str) -> Result<Vec<String>, DoorError>;
    fn drop_error(&self, piece: &str, square: &str) -> Result<Option<DoorError>, DoorError>;
    fn think(
        &self,
        limits: Limits,
        thinking: Thinking<'_>,
        on_iteration: &mut dyn FnMut(&BestMove),
    ) -> Result<BestMove, DoorError>;
    fn search_corpus(&self, options: CorpusOptions) -> CorpusReport;
    fn perft(&self, depth: u32) -> u64;
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;
    fn occurrences(&self) -> usize;
}

fn over_error<S: Player>(o: FamilyOutcome<S>) -> DoorError {
    DoorError::worded(ErrorKind::GameOver, &[], "game.over").arg("result", o.result()).arg("reason", o.reason())
}

fn record_error<P: DoorPosition>(pos: &P, e: PlayError<P::Side, P::MoveError>) -> DoorError {
    match e {
        PlayError::Over(o) => over_error(o),
        PlayError::Move(e) => pos.refusal(e),
    }
}

/// Records of `P` behind the door.
trait RecordExt<P: DoorPosition> {
    fn legal_move_of(&self, text: &str) -> Result<P::Move, DoorError>;
    fn record_of(&self, pos: &P, m: P::Move) -> (P, MoveRecord);
}

impl<P: DoorPosition> RecordExt<P> for Record<P> {
    /// The move `text` names, if it may be played now.
    fn legal_move_of(&self, text: &str) -> Result<P::Move, DoorError> {
        if text.len() > MAX_MOVE_LEN {
            return Err(DoorError::worded(ErrorKind::IllegalMove, &[], "move.tooLong")
                .arg("max", MAX_MOVE_LEN)
                .arg("length", text.len()));
        }
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(over_error(outcome));
        }
        let pos = self.position();
        pos.parse_move(text).map_err(|e| pos.refusal(e))
    }

    fn record_of(&self, pos: &P, m: P::Move) -> (P, MoveRecord) {
        let (next, mut record) = pos.play_recorded(m);
        record.check = next.is_check();
        (next, record)
    }
}

impl<P: DoorPosition> AnyGame for Record<P> {
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn variant(&self) -> &'static str {
        self.position().game_id()
    }

    fn position(&self) -> String {
        Record::position(self).position_text()
    }

    fn start_position(&self) -> String {
        Record::start_position(self).position_text()
    }

    fn turn(&self) -> Side {
        P::door_side(Record::position(self).turn())
    }

    fn start_numbering(&self) -> (Side, u32) {
        let start = Record::start_position(self);
        (P::door_side(start.turn()), start.move_number())
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = Record::position(self);
        Record::legal_moves(self).iter().map(|&m| pos.move_text(m)).collect()
    }

    fn legal_move_codes(&self) -> Vec<u32> {
        let pos = Record::position(self);
        Record::legal_moves(self).iter().map(|&m| pos.move_code(m)).collect()
    }

    fn code_text(&self, code: u32) -> Option<String> {
        let pos = Record::position(self);
        pos.move_from_code(code).map(|m| pos.move_text(m))
    }

    fn move_code(&self, text: &str) -> Result<u32, DoorError> {
        let m = self.legal_move_of(text)?;
        Ok(Record::position(self).move_code(m))
    }

    fn play(&mut self, text: &str) -> Result<MoveRecord, DoorError> {
        let m = self.legal_move_of(text)?;
        let (next, record) = self.record_of(Record::position(self), m);
        self.advance(m, next);
        Ok(record)
    }

    fn describe(&self, text: &str) -> Result<MoveRecord, DoorError> {
        let m = self.legal_move_of(text)?;
        Ok(self.record_of(Record::position(self), m).1)
    }

    fn push(&mut self, text: &str) -> Result<(), DoorError> {
        let m = self.legal_move_of(text)?;
        let next = Record::position(self).play(m);
        self.advance(m, next);
        Ok(())
    }

    fn push_code(&mut self, code: u32) -> Result<(), DoorError> {
        let m = Record::position(self)
            .move_from_code(code)
            .ok_or_else(|| DoorError::worded(ErrorKind::IllegalMove, &[], "move.badCode").arg("code", code))?;
        match Record::play(self, m) {
            Ok(()) => Ok(()),
            // A refused move leaves the position as it was: the refusal's words come from it.
            Err(e) => Err(record_error(Record::position(self), e)),
        }
    }

    fn undo(&mut self) -> bool {
        Record::undo(self)
    }

    fn redo(&mut self) -> bool {
        Record::redo(self)
    }

    fn can_undo(&self) -> bool {
        Record::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        Record::can_redo(self)
    }

    fn history(&self) -> Vec<String> {
        self.moves().iter().zip(self.positions()).map(|(&m, p)| p.move_text(m)).collect()
    }

    fn history_records(&self) -> Vec<MoveRecord> {
        self.moves().iter().zip(self.positions()).map(|(&m, p)| self.record_of(p, m).1).collect()
    }

    fn last_move(&self) -> Option<MoveRecord> {
        let m = *self.moves().last()?;
        let before = &self.positions()[self.positions().len() - 2];
        Some(self.record_of(before, m).1)
    }

    fn resign(&mut self, side: Side) {
        Record::resign(self, P::family_side(side))
    }

    fn outcome(&self) -> Outcome {
        Record::outcome(self).map_side(P::door_side)
    }

    fn ending_words(&self) -> (String, String) {
        if Record::outcome(self).is_over() {
            P::ending_words(self)
        } else {
            (String::new(), String::new())
        }
    }

    fn is_check(&self) -> bool {
        Record::position(self).is_check()
    }

    fn checked_square(&self) -> Option<String> {
        Record::position(self).checked_square()
    }

    fn board(&self) -> Vec<BoardPiece> {
        Record::position(self).board()
    }

    fn terrain(&self) -> Vec<(String, &'static str)> {
        Record::position(self).terrain()
    }

    fn hand(&self, side: Side) -> Vec<(String, u8)> {
        Record::position(self).hand(P::family_side(side))
    }

    fn moves_from(&self, square: &str) -> Result<Vec<String>, DoorError> {
        let pos = Record::position(self);
        let moves = pos.moves_from(square)?;
        if Record::outcome(self).is_over() {
            return Ok(Vec::new());
        }
        Ok(moves.into_iter().map(|m| pos.move_text(m)).collect())
    }

    fn drop_targets(&self, piece: &str) -> Result<Vec<String>, DoorError> {
        let targets = Record::position(self).drop_targets(piece)?;
        Ok(if Record::outcome(self).is_over() { Vec::new() } else { targets })
    }

    fn drop_error(&self, piece: &str, square: &str) -> Result<Option<DoorError>, DoorError> {
        let why = Record::position(self).drop_error(piece, square)?;
        let outcome = Record::outcome(self);
        Ok(if outcome.is_over() { Some(over_error(outcome)) } else { why })
    }

    fn think(
        &self,
        limits: Limits,
        thinking: Thinking<'_>,
        on_iteration: &mut dyn FnMut(&BestMove),
    ) -> Result<BestMove, DoorError> {
        let outcome = Record::outcome(self);
        if outcome.is_over() {
            return Err(over_error(outcome));
        }
        let pos = Record::position(self);
        let Thinking { stop, excluded, memory } = thinking;
        let excluded = excluded.iter().map(|t| self.legal_move_of(t)).collect::<Result<Vec<_>, _>>()?;
        let clock = default_clock();
        let stop = || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
        let mut report = |r: &SearchResult<P::Move>| on_iteration(&best_move_of(pos, r));
        let mut hooks = Hooks { now_ms: Some(&clock), should_stop: Some(&stop), on_iteration: Some(&mut report) };
        let mut fresh;
        let searcher = match memory {
            Some(memory) => memory.searcher::<P>(),
            None => {
                fresh = Searcher::new();
                &mut fresh
            }
        };
        let found = searcher.search_excluding(pos, &self.earlier_hashes(), limits, &excluded, &mut hooks);
        Ok(best_move_of(pos, &found))
    }

    fn search_corpus(&self, options: CorpusOptions) -> CorpusReport {
        corpus::search_corpus_from(self.variant(), Record::start_position(self), options)
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth > 0 && Record::outcome(self).is_over() {
            return 0;
        }
        Record::position(self).perft(depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let pos = Record::position(self);
        Record::legal_moves(self).iter().map(|&m| (pos.move_text(m), pos.play(m).perft(depth - 1))).collect()
    }

    fn occurrences(&self) -> usize {
        Record::occurrences(self)
    }
}

/// A search's result in texts: the best move and the line, each move
/// written in the position it is played from.
fn best_move_of<P: GamePosition>(pos: &P, found: &SearchResult<P::Move>) -> BestMove {
    let mut at = pos.clone();
    let pv = found
        .pv
        .iter()
        .map(|&m| {
            let text = at.move_text(m);
            at = at.play(m);
            text
        })
        .collect();
    BestMove {
        best: found.best.map(|m| pos.move_text(m)),
        score: found.score,
        mate: found.mate_in(),
        depth: found.depth,
        seldepth: found.seldepth,
        nodes: found.nodes,
        time_ms: found.time_ms,
        pv,
        stopped: found.stopped,
    }
}
