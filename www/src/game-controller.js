/* The game controller: one game, its line of moves, where the player is looking in it, and
 * whose turn it is to act (a person, the computer, or nobody in view mode). No DOM here.
 *
 * All rules come from the engine (globalThis.Zilo): legal moves, notation, results and their
 * wording. The controller keeps the line of moves as the engine's own reports (play() returns
 * them), so a `move` event carries exactly what the JS API returns.
 *
 * Browsing, as on lichess's analysis board: the game is its main line; a move played while
 * looking back does not drop the later moves but starts a variation (or follows the line that
 * already has that move). The line looked at (`line`: the main line, or the main line's start
 * up to a variation's branch point then the variation) is what the arrows browse; the engine
 * game stands at its ply `ply()`, the line goes on to `length()`. The computer moves only at the
 * end of the line looked at. Take back keeps what it took so that Redo can play it again. */
import { t } from './i18n.js';
import { engineMessage } from './engine-words.js';
import { sideInfo } from './piece-sets.js';
import { create as createComputer, LEVELS } from './computer.js';
import { plain, variants } from './engine-data.js';
import { other } from './sides.js';

const MODES = ['hotseat', 'computer', 'view', 'online']; // online: the person plays opp.side against a server's player
const HINT_LEVEL = 3;        // hints search like "Normal": good advice in under a second
const MIN_THINK_MS = 350;    // a reply never lands faster than this (the person's move is seen first)
/** An error as the engine throws one: its code and arguments, its line in the page's words.
 * @param {string} code @param {Record<string, string>} args @param {string | null} game */
function coded(code, args, game) {
  const said = { code, args, message: code };
  return Object.assign(new Error(engineMessage(said, game)), { code, args });
}

/** @typedef {import('./sides.js').Side} Side */
/** @typedef {import('./engine-data.js').Meta} Meta */
/** A played move as the engine reports it (Zilo.Game.play), with the mover's piece and side.
 * @typedef {Zilo.PlayReport & {piece: string, side: Side}} MoveReport */
/** Who plays: `hotseat` (two people on one screen), `computer` (the person plays `side` against
 * the computer at `level`), `view` (nobody moves), `online` (the person plays `side` against a
 * server's player).
 * @typedef {{mode: 'hotseat' | 'computer' | 'view' | 'online', side: Side, level: number}} Opponent */
/** A good move for the side to move, found on request: the engine's description of it.
 * @typedef {Zilo.MoveDetails & {key: string, side: Side}} Hint */
/** An end of the game given from outside (an online game's time, resignation, agreement), worded.
 * @typedef {{result: string, winner: Side | null, title: string, text: string, reason?: string}} GivenOutcome */
/** What the controller tells its owner.
 * @typedef {object} GameEvents
 * @property {() => void} change  anything changed: draw again
 * @property {(r: MoveReport) => void} move  a move was played
 * @property {(r: object) => void} end  the game ended (the result)
 * @property {(text: string, kind: string) => void} message  something to tell the person */
/** A turn of two moves under way (Cyvasse's second Rabble move): its first move `first` (from
 * `from` to `to`) is shown played, and `seconds` are the turns that go on from it (the whole
 * turn's text `move`, its second move `from` → `to`).
 * @typedef {{first: string, from: string, to: string, seconds: {move: string, from: string, to: string}[]}} TurnInProgress */
/** The game's moves: the main line, the variations (each played from ply `at` of the main line
 * instead of its move there), and the one looked at (an index into `variations`, null: the main line).
 * @typedef {{main: MoveReport[], variations: {at: number, moves: MoveReport[]}[], current: number | null}} MoveTree */

/**
 * The controller as the views, the element and page.js use it; its fields are its own.
 * Reading (the position looked at, unless said otherwise):
 * @typedef {object} GameControl
 * @property {() => Meta | null} meta  the variant (null before the first load)
 * @property {() => boolean} loaded  a game is loaded
 * @property {() => Opponent} opponent  who plays whom (a copy)
 * @property {(side: Side) => ReturnType<typeof sideInfo>} sideInfo  a side's names in the page's language
 * @property {() => Side} turn
 * @property {() => number} ply  where the player looks in the line (0: its start)
 * @property {() => number} length  the line looked at's length
 * @property {() => boolean} atEnd  at the end of the line looked at
 * @property {() => boolean} atGameEnd  at the end of the game itself (the main line)
 * @property {() => boolean} browsing  looking back
 * @property {() => {turn: Side, number: number}} startNumbering  who moved first, and that move's number
 * @property {(n: number) => Side} sideAtPly  who made the move at ply index n
 * @property {() => MoveReport | null} lastReport  the move that led here
 * @property {() => MoveReport[]} mainLine  the game's moves (a copy)
 * @property {() => MoveReport[]} lineMoves  the moves of the line looked at (a copy)
 * @property {() => MoveTree} moveTree  the main line and the variations, for a move list
 * @property {() => {variant: string, startFen: string, moves: string[], resigned: Side | null}} spec  the game as move texts
 * @property {() => {at: number, moves: string[]}[]} variations  the variations as move texts (for a save)
 * @property {() => import('./sharing.js').GameRecord} gameRecord  the game for its plain-text record
 * @property {(tags?: Record<string, string>) => string} pgn  the game (main line, result) as PGN, with tags
 * @property {(moves: string[]) => number} playVariation  plays moves from the position looked at as a variation
 * @property {(moves: string[] | null, marks?: Record<number, string>) => void} setGlyphs  glyphs on the main line's moves
 * @property {(n: number) => string | null} glyph  the glyph of the main line's move at ply n
 * @property {() => string} fen
 * @property {() => string} startFen
 * @property {() => Array<Zilo.SquarePiece & Partial<Zilo.CyvassePiece>>} pieces  what stands where (with engagement in Cyvasse)
 * @property {() => Record<string, string>} terrain  the fields that are not plain land
 * @property {(side: Side) => Record<string, number>} hand  a side's hand (or reserve): letters to counts
 * @property {() => string | null} checkedSquare  the checked monarch's square
 * @property {() => boolean} isCheck
 * @property {() => Zilo.Result | GivenOutcome} result  the result at the position looked at
 * @property {() => Zilo.Result | GivenOutcome} finalResult  the game's result (at the end of the main line)
 * @property {() => boolean} isOver  over at the position looked at
 * @property {() => GivenOutcome | null} outcomeGiven  the end given by setOutcome (it comes worded)
 * @property {() => Side | null} resignedSide  who resigned at the end of the game
 * Whose turn it is to act:
 * @property {() => Side | null} computerSide
 * @property {() => boolean} computerToMove  the computer is to move (a person may not touch the pieces)
 * @property {() => boolean} thinking  the computer is searching for its move
 * @property {() => boolean} hinting  a hint is being searched for
 * @property {() => boolean} canMove  a person may move pieces here
 * @property {() => boolean} canTakeBack
 * @property {() => boolean} canRedo
 * @property {() => Hint | null} currentHint  the hint for the position looked at, if one came
 * The legal moves, as the engine describes them:
 * @property {(move: string) => Zilo.MoveDetails | null} details
 * @property {(square: string) => string[]} movesFrom
 * @property {(letter: string) => Zilo.MoveDetails[]} drops  the legal drops of `letter` (uppercase)
 * @property {(letter: string, square: string) => string | null} dropError  why a drop is refused, in words
 * @property {(move: string) => string[]} blastCells  the squares a move's blast would clear
 * @property {(square: string) => Zilo.MoveDetails[]} movesOf  the moves of the piece on `square` (during a turn of two moves, its second moves)
 * A turn of two moves (Cyvasse's second Rabble move), held here while the person picks the second:
 * @property {() => TurnInProgress | null} turnInProgress  the turn under way after its first move, or null
 * @property {(first: string) => boolean} beginTurn  starts one with its first move; false if no second move may follow it
 * @property {() => MoveReport | null} endTurn  ends it after the first move (played alone)
 * @property {(quiet?: boolean) => void} dropTurn  forgets it (the first move is not played)
 * Acting:
 * @property {(spec: {variant: string, startFen?: string | null, moves?: string[], resigned?: string | null, variations?: unknown}) => void} load
 * @property {(move: string) => MoveReport} play  plays at the position looked at (throws if illegal)
 * @property {(plies?: number) => boolean} takeBack
 * @property {() => boolean} redo
 * @property {(side: Side) => object | null} resign
 * @property {(n: number) => void} goTo  looks at ply n of the line looked at
 * @property {(variation: number | null, n: number) => void} goToLine  looks at ply n of a variation (an index of moveTree's) or of the main line (null)
 * @property {(change: {mode?: string, side?: string, level?: number}) => boolean} setOpp  any of them; what is not valid falls back to hotseat, w, 3
 * @property {(r: GivenOutcome | null) => void} setOutcome  an end the position does not show (null: none)
 * @property {(on: boolean) => void} hold  nobody moves while the players set up
 * @property {() => boolean} askHint
 * @property {() => void} cancelJob  stops the computer's search
 */
/** @implements {GameControl} */
export class GameController {
  /** @param {GameEvents} on */
  constructor(on) {
    this.on = on;
    this.info = null;
    this.game = null;
    this.main = [];          // the game: the engine's reports of its moves, each + {piece, side}
    this.vars = [];          // variations: {at, moves}: reports played from ply `at` of the main line instead of its move there
    this.cur = null;         // the variation looked at, or null (the main line)
    this.redos = [];         // what Take back took, last on top: {cur, ply, moves} (move texts)
    this.resigned = null;    // the side that resigned at the end of the line
    /** @type {Opponent} */
    this.opp = { mode: 'hotseat', side: 'w', level: 3 };
    this.computer = null;
    this.job = null;         // {kind: 'move'|'hint', key, started, timer}
    this.failedKey = null;   // a position the computer failed on (not retried by itself)
    this.hint = null;        // {key, move, ...details}
    this.held = false;       // a setup is in progress: nobody moves, the computer waits
    this.outcome = null;     // an end the position does not show (an online game's time, resignation, agreement)
    this.partial = null;     // a turn of two moves after its first move: {key, first, from, to, pieces, seconds}
  }

  /** Sets (or clears, null) an end of the game that the position does not show, given as the
   * engine gives results ({result, winner, title, text}): it stands at the end of the line. */
  setOutcome(r) {
    this.outcome = r || null;
    if (r) this.cancelJob();
    this.changed();
  }

  /** Holds the game while the players set up (true), or lets it go on (false). */
  hold(on) {
    if (this.held === !!on) return;
    this.partial = null;
    this.held = !!on;
    if (on) this.cancelJob();
    this.changed();
  }

  // ------------------------------------------------------------------ building

  /** The line looked at: the main line, or a variation with the main line before it. */
  get line() { return this.lineOf(this.cur); }
  lineOf(v) { return v ? this.main.slice(0, v.at).concat(v.moves) : this.main; }

  /** Starts from spec = {variant, startFen?, moves?, resigned?, variations?}. Throws (the
   * game is kept); a variation the engine refuses is left out. */
  load(spec) {
    const meta = variants().find((v) => v.id === spec.variant);
    if (!meta) throw coded('game.unknown', { id: String(spec.variant).slice(0, 40), known: variants().map((v) => v.id).join(', ') }, null);
    const g = new Zilo.Game(meta.id, spec.startFen || null);
    const line = [];
    try {
      (spec.moves || []).forEach((mv, i) => {
        try { line.push(this.report(g, String(mv))); } catch (e) { throw new Error(t('panel.load.move', { number: i + 1, move: String(mv), error: engineMessage(e, meta.id) })); }
      });
      if (spec.resigned === 'w' || spec.resigned === 'b') g.resign(spec.resigned);
    } catch (e) { g.free(); throw e; }
    this.cancelJob();
    if (this.game) this.game.free();
    this.game = g;
    this.info = meta;
    this.main = line;
    this.vars = this.readVariations(spec.variations);
    this.cur = null;
    this.redos = [];
    this.resigned = spec.resigned === 'w' || spec.resigned === 'b' ? spec.resigned : null;
    this.hint = null;
    this.failedKey = null;
    this.outcome = null;
    this.partial = null;
    this.changed();
  }

  /** Plays `move` on `g` and returns the engine's report, with the mover's piece and side. */
  report(g, move) {
    const side = g.turn();
    // The report stays the engine's object (events and play() hand it out as is), with the
    // piece that moved as the engine names it; the mover's side rides along, not enumerable.
    const rep = plain(g.play(move));
    Object.defineProperty(rep, 'side', { value: side });
    return rep;
  }

  spec() {
    return { variant: this.info.id, startFen: this.game.startFen(), moves: this.main.map((r) => r.move), resigned: this.resigned };
  }

  /** The variations as move texts: [{at, moves}] (for a save). */
  variations() { return this.vars.map((v) => ({ at: v.at, moves: v.moves.map((r) => r.move) })); }

  /** Replays saved variations [{at, moves}] through the engine; a broken one is left out. */
  readVariations(list) {
    const out = [];
    for (const v of Array.isArray(list) ? list : []) {
      if (!v || !Number.isInteger(v.at) || v.at < 0 || v.at > this.main.length || !Array.isArray(v.moves) || !v.moves.length) continue;
      const g = new Zilo.Game(this.info.id, this.game.startFen());
      try {
        for (let i = 0; i < v.at; i++) g.play(this.main[i].move);
        const moves = v.moves.map((mv) => this.report(g, String(mv)));
        if (!(v.at < this.main.length && moves[0].move === this.main[v.at].move)) out.push({ at: v.at, moves });
      } catch (_) { /* a damaged variation: left out */ } finally { g.free(); }
    }
    return out;
  }

  // ------------------------------------------------------------------ reading

  ply() { return this.game.history().length; }
  length() { return this.line.length; }
  atEnd() { return this.ply() === this.line.length; }
  /** At the end of the game itself (the main line). */
  atGameEnd() { return !this.cur && this.ply() === this.main.length; }
  browsing() { return !this.atEnd(); }
  /** The result at the position looked at. */
  result() { return this.outcome && this.atGameEnd() ? this.outcome : plain(this.game.result()); }
  /** Over: a result, or an end given without one (an online game aborted before both moved). */
  isOver() { const r = this.result(); return r.result !== '*' || (!!this.outcome && r === this.outcome); }
  /** The result at the end of the line (the game's result). */
  finalResult() {
    if (this.atGameEnd() || this.outcome) return this.outcome || this.result();
    const g = this.replayOf(null, this.main.length);
    try { return plain(g.result()); } finally { g.free(); }
  }
  turn() { return this.game.turn(); }
  /** Who moved first from the start, and that move's number (the engine's). */
  startNumbering() { return plain(this.game.startNumbering()); }
  startSide() { return this.startNumbering().turn; }
  sideAtPly(n) { return n % 2 === 0 ? this.startSide() : other(this.startSide()); }
  lastReport() { const n = this.ply(); return n ? this.line[n - 1] : null; }
  hand(side) { return plain(this.game.hand(side)); }
  sideInfo(side) { return sideInfo(this.info, side); }
  meta() { return this.info; }
  loaded() { return !!this.game; }
  opponent() { return Object.assign({}, this.opp); }
  mainLine() { return this.main.slice(); }
  lineMoves() { return this.line.slice(); }
  moveTree() { return { main: this.main.slice(), variations: this.vars.map((v) => ({ at: v.at, moves: v.moves.slice() })), current: this.cur ? this.vars.indexOf(this.cur) : null }; }
  fen() { return this.game.fen(); }
  startFen() { return this.game.startFen(); }
  /** What stands where; during a turn of two moves, as its first move leaves it. */
  pieces() {
    const p = this.turnInProgress() && this.partial;
    return p ? p.pieces.slice() : Array.from(this.game.board()).map(plain);
  }
  terrain() { return typeof this.game.terrain === 'function' ? plain(this.game.terrain()) : {}; }
  checkedSquare() { return this.game.checkedSquare(); }
  isCheck() { return this.game.isCheck(); }
  outcomeGiven() { return this.outcome; }
  resignedSide() { return this.resigned; }
  /** The game (its main line) for its plain-text record. */
  gameRecord() {
    const g = this.replayOf(null, this.main.length);
    try { return { result: plain(g.result()), startFen: g.startFen(), startNumbering: plain(g.startNumbering()), sans: this.main.map((r) => r.san) }; } finally { g.free(); }
  }

  /** The game (its main line, and a resignation) as PGN, with `tags` (Game.toPgn). */
  pgn(tags) {
    const g = this.replayOf(null, this.main.length);
    try { return g.toPgn(tags || {}); } finally { g.free(); }
  }

  /** A new engine game at ply n of the line looked at (the caller frees it). */
  replay(n) { return this.replayOf(this.cur, n); }
  replayOf(v, n) {
    const line = this.lineOf(v);
    const g = new Zilo.Game(this.info.id, this.game.startFen());
    for (let i = 0; i < n; i++) g.play(line[i].move);
    if (!v && n === this.main.length && this.resigned) g.resign(this.resigned);
    return g;
  }

  // ------------------------------------------------------------------ browsing

  /** Looks at ply n (0 … length) of the line looked at. */
  goTo(n) { this.look(this.cur, n); }

  /** Looks at ply n of variation number k (moveTree's; null: the main line). */
  goToLine(k, n) { this.look(k == null ? null : this.vars[k] || null, n); }

  look(v, n) {
    if (v && !this.vars.includes(v)) v = null;
    if (!this.seat(v, n)) return;
    this.changed();
  }

  /** Brings the engine game to ply n of variation v (null: the main line) through the
   * engine, undoing only down to what the two lines share. Returns false if nothing moved. */
  seat(v, n) {
    const line = this.lineOf(v);
    n = Math.max(0, Math.min(line.length, n));
    if (v === this.cur && n === this.ply()) return false;
    if (this.resigned && ((!v && n === this.main.length) || this.atGameEnd())) {
      // A resignation stands only at the end of the game: rebuild the engine game.
      const fresh = this.replayOf(v, n);
      this.game.free();
      this.game = fresh;
    } else {
      const played = Array.from(this.game.history());
      let common = 0;
      while (common < played.length && common < n && played[common] === line[common].move) common++;
      while (this.ply() > common) this.game.undo();
      while (this.ply() < n) this.game.play(line[this.ply()].move);
    }
    this.cur = v;
    return true;
  }

  // ------------------------------------------------------------------ playing

  computerSide() { return this.opp.mode === 'computer' ? other(this.opp.side) : null; }
  /** The computer is to move at the end of the line (a person may not touch the pieces). */
  computerToMove() { return !this.held && this.opp.mode === 'computer' && this.atEnd() && !this.isOver() && this.turn() === this.computerSide(); }
  thinking() { return !!this.job && this.job.kind === 'move'; }
  hinting() { return !!this.job && this.job.kind === 'hint'; }
  /** A person may move pieces at the position looked at. */
  canMove() { return !this.held && this.opp.mode !== 'view' && !this.isOver() && !this.computerToMove() && !(this.opp.mode === 'computer' && this.turn() !== this.opp.side) && !(this.opp.mode === 'online' && (this.turn() !== this.opp.side || !this.atEnd())); }

  /** The engine's description of a legal move here, or null. */
  details(move) { try { return plain(this.game.moveDetails(move)); } catch (_) { return null; } }
  movesFrom(sq) { return Array.from(this.game.movesFrom(sq)); }
  dropTargets(letter) { return Array.from(this.game.dropTargets(letter)); }
  /** The legal drops of `letter` (uppercase) here, as the engine describes them. */
  drops(letter) {
    if (!this.dropTargets(letter).length) return [];
    return Array.from(this.game.legalMoves()).map((mv) => this.details(mv)).filter((d) => d && d.kind === 'drop' && String(d.drop).toUpperCase() === letter);
  }
  /** Why `letter` may not be dropped on `sq`, in the page's words (the engine's code), or null. */
  dropError(letter, sq) {
    try {
      const r = this.game.dropRefusal(letter, sq);
      return r ? engineMessage(plain(r), this.info.id) : null;
    } catch (e) { return engineMessage(e, this.info.id); }
  }
  /** The squares a move's blast would clear, if the engine can tell (else []). */
  blastCells(move) {
    if (typeof this.game.blastCells !== 'function') return [];
    try { return Array.from(this.game.blastCells(move) || []).map((x) => (typeof x === 'string' ? x : x.square)); } catch (_) { return []; }
  }

  /** The moves of the piece on `square`, as the engine describes them (a snipe's `to` is its
   * target, a castle's the king's square); during a turn of two moves, its second moves, each
   * named by the whole turn's text and going from and to the second move's squares. */
  movesOf(square) {
    const p = this.turnInProgress();
    if (p) return p.seconds.filter((s) => s.from === square).map((s) => ({ move: s.move, from: s.from, to: s.to, kind: 'move', path: [] }));
    return this.movesFrom(square).map((mv) => this.details(mv)).filter((d) => d && d.from === square);
  }

  // ------------------------------------------------------------------ a turn of two moves

  /** Starts a turn of two moves (Cyvasse's second Rabble move) with its first move `first`, a
   * move that may also be played alone: the engine says the position it leaves and the turns
   * that go on from it (Game.partialTurn); the board shows them while the person picks a second
   * move or ends the turn there. False, and nothing started, when no second move may follow. */
  beginTurn(first) {
    if (!this.canMove()) return false;
    let part;
    try { part = plain(this.game.partialTurn(first)); } catch (_) { return false; }
    const seconds = Array.from(part.seconds || []).map(plain);
    const d = this.details(first);
    if (!seconds.length || !d) return false;
    this.partial = { key: this.posKey(), first, from: d.from, to: d.to, pieces: Array.from(part.board || []).map(plain), seconds };
    this.changed();
    return true;
  }

  /** The turn under way after its first move, or null (a copy). It lasts while the position does. */
  turnInProgress() {
    const p = this.partial;
    if (p && (!this.game || p.key !== this.posKey() || !this.canMove())) this.partial = null;
    return this.partial ? { first: p.first, from: p.from, to: p.to, seconds: p.seconds.map((s) => Object.assign({}, s)) } : null;
  }

  /** Ends the turn after its first move: the first move is played alone. Null if there is none. */
  endTurn() {
    const p = this.turnInProgress();
    this.partial = null;
    if (!p) return null;
    return this.play(p.first);
  }

  /** Forgets the turn under way: its first move is not played (quiet: nothing is redrawn). */
  dropTurn(quiet) {
    if (!this.partial) return;
    this.partial = null;
    if (!quiet) this.changed();
  }

  /** Plays `move` at the position looked at. At the end of the line it extends the line; in
   * the past it follows the line that has that move next, or starts a variation (nothing is
   * dropped). Returns the engine's report; throws with the engine's reason if it is illegal. */
  play(move, redoing) {
    const n = this.ply(), line = this.line;
    if (this.resigned && this.atGameEnd()) throw coded('move.gameOver', {}, this.info.id);
    const r = this.report(this.game, move);
    this.partial = null;
    if (!redoing) this.redos = [];
    const path = line.slice(0, n).concat([r]);
    const starts = (l) => l.length >= path.length && path.every((x, i) => l[i].move === x.move);
    if (!this.cur && n === this.main.length) this.main.push(r);
    else if (this.cur && n === line.length) this.cur.moves.push(r);
    else if (starts(this.main)) this.cur = null;
    else {
      const known = this.vars.find((v) => starts(this.lineOf(v)));
      if (known) this.cur = known;
      else {
        let at = 0;
        while (at < this.main.length && this.main[at].move === path[at].move) at++;
        const v = { at, moves: path.slice(at) };
        this.vars.push(v);
        this.cur = v;
      }
    }
    this.hint = null;
    this.on.move(r);
    if (r.result && r.result.result !== '*') this.on.end(plain(r.result));
    this.changed();
    return r;
  }

  /** Plays `moves` from the position looked at as a variation: in the past as play() does;
   * at the end of the game too, as a variation from there (the game itself stays as it was).
   * Returns how many were played (it stops at the first the engine refuses). */
  playVariation(moves) {
    let played = 0;
    for (const move of moves) {
      try {
        if (played === 0 && !this.cur && this.ply() === this.main.length && !this.isOver()) {
          const r = this.report(this.game, String(move));
          this.partial = null;
          this.redos = [];
          const v = { at: this.main.length, moves: [r] };
          this.vars.push(v);
          this.cur = v;
          this.hint = null;
          this.on.move(r);
          this.changed();
        } else this.play(String(move));
        played++;
      } catch (_) { break; }
    }
    return played;
  }

  /** Glyphs on moves of the main line (`??`, `?`, `?!`) from an analysis of `moves`: shown
   * while the main line still starts with those moves. `marks` maps a ply (1 …) to its glyph. */
  setGlyphs(moves, marks) { this.glyphs = moves ? { moves: moves.slice(), marks: Object.assign({}, marks) } : null; this.changed(); }
  /** The glyph of the main line's move at ply n (1 …), if its analysis still holds. */
  glyph(n) {
    const g = this.glyphs;
    if (!g || !g.marks[n] || n > this.main.length || n > g.moves.length) return null;
    for (let i = 0; i < n; i++) if (this.main[i].move !== g.moves[i]) return null;
    return g.marks[n];
  }

  /** Takes back the last move of the line looked at (two against the computer: its reply and
   * the person's move); a resignation is taken back first. A variation taken back to nothing
   * goes. What was taken can be played again by redo(). Returns false if there is nothing. */
  takeBack(plies) {
    if (this.resigned && !this.cur) {
      this.resigned = null;
      const fresh = this.replay(this.line.length);
      this.game.free();
      this.game = fresh;
      this.changed();
      return true;
    }
    let target = this.line.length - (plies || 1);
    if (!plies && this.opp.mode === 'computer') {
      target = -1;
      for (let p = this.line.length - 1; p >= 0; p--) if (this.sideAtPly(p) === this.opp.side) { target = p; break; }
    }
    if (target < 0) return false;
    this.cancelJob();
    this.failedKey = null;
    const line = this.line, v = this.cur;
    const taken = line.slice(target).map((r) => r.move);
    // Off the line first (the engine game may stand on a move that goes).
    this.seat(v, Math.min(this.ply(), target));
    let keep = v;
    if (v && target <= v.at) { this.vars.splice(this.vars.indexOf(v), 1); keep = null; } else if (v) v.moves.length = target - v.at;
    else {
      this.main.length = target;
      this.vars = this.vars.filter((x) => x.at <= target);
    }
    this.cur = keep;
    this.seat(keep, target);
    this.redos.push({ cur: keep, ply: target, moves: taken });
    this.changed();
    return true;
  }

  /** Plays again what the last Take back took (Redo), from where it was taken. */
  redo() {
    const r = this.redos.pop();
    if (!r || !this.canRedo(r)) { this.redos = []; return false; }
    this.cancelJob();
    this.seat(this.vars.includes(r.cur) ? r.cur : null, r.ply);
    try { for (const mv of r.moves) this.play(mv, true); } catch (e) { this.redos = []; this.changed(); return false; }
    return true;
  }
  canRedo(r) {
    r = r || this.redos[this.redos.length - 1];
    return !!r && !this.held && this.opp.mode !== 'view' && this.opp.mode !== 'online' && !(this.resigned && !r.cur && r.ply === this.main.length);
  }

  canTakeBack() {
    if (this.opp.mode === 'view' || this.opp.mode === 'online') return false;
    if (this.resigned && !this.cur) return true;
    if (this.opp.mode === 'computer') return this.line.some((_, p) => this.sideAtPly(p) === this.opp.side);
    return this.line.length > 0;
  }

  resign(side) {
    if (this.isOver() || !this.atGameEnd()) return null;
    this.cancelJob();
    this.game.resign(side);
    this.resigned = side;
    const r = this.result();
    this.on.end(r);
    this.changed();
    return r;
  }

  // ------------------------------------------------------------------ opponent and computer

  /** Sets {mode, side, level} (any of them); a running search is cancelled. */
  setOpp(change) {
    const o = Object.assign({}, this.opp, change);
    if (!MODES.includes(o.mode)) o.mode = 'hotseat';
    if (o.side !== 'w' && o.side !== 'b') o.side = 'w';
    o.level = LEVELS[o.level] ? Number(o.level) : 3;
    if (o.mode === this.opp.mode && o.side === this.opp.side && o.level === this.opp.level) return false;
    this.cancelJob();
    this.partial = null;
    this.failedKey = null;
    this.opp = o;
    if (o.mode === 'computer') this.worker().warm();
    this.changed();
    return true;
  }

  worker() {
    if (!this.computer) this.computer = createComputer(Zilo.engineSource);
    return this.computer;
  }

  /** Names the position with its history (the engine needs it for repetitions). */
  posKey() { return this.info.id + '|' + this.game.startFen() + '|' + Array.from(this.game.history()).join(','); }

  cancelJob() {
    const j = this.job;
    if (!j) return;
    this.job = null;
    clearTimeout(j.timer);
    if (this.computer) {
      this.computer.cancel();
      if (this.opp.mode === 'computer') this.computer.warm(); // a fresh worker for the next move
    }
  }

  /** Starts or cancels the computer's search to match the position and the settings. */
  sync() {
    if (!this.game) return;
    const key = this.posKey();
    const want = this.computerToMove() ? key + '|level ' + this.opp.level : null;
    const j = this.job;
    if (j && (j.kind === 'move' ? j.key !== want : (want || j.key !== key))) this.cancelJob();
    if (want && !this.job && this.failedKey !== want) this.think(want);
  }

  ask(level, onReply) {
    const s = this.spec();
    const moves = Array.from(this.game.history());
    return this.worker().ask({ variant: s.variant, startFen: s.startFen, moves, options: { level } }, onReply);
  }

  think(key) {
    const job = { kind: 'move', key, started: Date.now(), timer: 0 };
    this.job = job;
    this.ask(this.opp.level, (reply) => {
      if (this.job !== job) return;
      // A quick answer waits a moment, so that the person's own move is seen first.
      job.timer = setTimeout(() => this.reply(job, reply), Math.max(0, job.started + MIN_THINK_MS - Date.now()));
    });
  }

  reply(job, reply) {
    if (this.job !== job) return;
    this.job = null;
    const now = this.computerToMove() ? this.posKey() + '|level ' + this.opp.level : null;
    if (now !== job.key) { this.changed(); return; }
    const r = reply.result;
    if (reply.error || !r || !r.move) {
      this.failedKey = job.key;
      this.changed();
      this.on.message(t('panel.computer.failed', { error: this.replyError(reply) || t('panel.computer.noMove') }), 'error');
      return;
    }
    try { this.play(r.move); } catch (e) { this.on.message(t('panel.computer.moveFailed', { error: engineMessage(e, this.info.id) }), 'error'); }
  }

  /** The worker's failure in the page's words: the engine's refusal by its code where it sent
   * one (`said`), else its text (the worker's own failures come worded already). */
  replyError(reply) {
    if (!reply.error) return '';
    return reply.said ? engineMessage(Object.assign({ message: reply.error }, reply.said), this.info.id) : reply.error;
  }

  /** Asks for a good move for the side to move; the board marks it when it comes. */
  askHint() {
    if (!this.game || this.held || this.isOver() || this.computerToMove() || this.job || this.opp.mode === 'view' || this.opp.mode === 'online') return false;
    const key = this.posKey();
    if (this.hint && this.hint.key === key) return false;
    const job = { kind: 'hint', key };
    this.job = job;
    this.ask(HINT_LEVEL, (reply) => {
      if (this.job !== job) return;
      this.job = null;
      const mv = reply.result && reply.result.move;
      const d = mv && this.posKey() === key ? this.details(mv) : null;
      if (!d) {
        this.changed();
        if (this.posKey() === key) this.on.message(t('panel.hint.none', { error: this.replyError(reply) || t('panel.hint.noMove') }), 'error');
        return;
      }
      this.hint = Object.assign({ key, side: this.turn() }, d);
      this.changed();
    });
    this.changed();
    return true;
  }

  currentHint() {
    if (this.hint && this.hint.key !== this.posKey()) this.hint = null;
    return this.hint;
  }

  changed() {
    this.sync();
    this.on.change();
  }

  destroy() {
    this.cancelJob();
    if (this.computer) this.computer.cancel();
    if (this.game) { this.game.free(); this.game = null; }
  }
}

