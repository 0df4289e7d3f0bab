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
(function (K) {
  'use strict';

  // The computer's levels by number, each read as its name in the page's language (page.level.N).
  const LEVELS = {};
  for (const n of [1, 2, 3, 4, 5]) Object.defineProperty(LEVELS, n, { enumerable: true, get: () => K.t('page.level.' + n) });
  const MODES = ['hotseat', 'computer', 'view', 'online']; // online: the person plays opp.side against a server's player
  const HINT_LEVEL = 3;        // hints search like "Normal": good advice in under a second
  const MIN_THINK_MS = 350;    // a reply never lands faster than this (the person's move is seen first)
  const other = (s) => (s === 'w' ? 'b' : 'w');
  const errText = (e) => (e && e.message ? String(e.message) : String(e)).split('\n')[0];
  const toObj = (x) => (x instanceof Map ? Object.fromEntries(x) : x || {});
  /** An error as the engine throws one: its code and arguments, its line in the page's words. */
  function coded(code, args, game) {
    const said = { code, args, message: code };
    return Object.assign(new Error(K.engineMessage(said, game)), { code, args });
  }

  /** The engine's variant list, read once (plain objects). */
  let variantList = null;
  function variants() {
    if (!variantList) {
      variantList = Array.from(Zilo.variants()).map((v) => {
        const o = Object.assign({}, toObj(v));
        o.pieces = Array.from(o.pieces || []).map(toObj);
        o.sides = Array.from(o.sides || []).map(toObj);
        return o;
      });
    }
    return variantList;
  }

  class GameController {
    /** `on`: {change(), move(report), end(result), message(text, kind)}. */
    constructor(on) {
      this.on = on;
      this.meta = null;
      this.game = null;
      this.main = [];          // the game: the engine's reports of its moves, each + {piece, side}
      this.vars = [];          // variations: {at, moves}: reports played from ply `at` of the main line instead of its move there
      this.cur = null;         // the variation looked at, or null (the main line)
      this.redos = [];         // what Take back took, last on top: {cur, ply, moves} (move texts)
      this.resigned = null;    // the side that resigned at the end of the line
      this.opp = { mode: 'hotseat', side: 'w', level: 3 };
      this.computer = null;
      this.job = null;         // {kind: 'move'|'hint', key, started, timer}
      this.failedKey = null;   // a position the computer failed on (not retried by itself)
      this.hint = null;        // {key, move, ...details}
      this.held = false;       // a setup is in progress: nobody moves, the computer waits
      this.outcome = null;     // an end the position does not show (an online game's time, resignation, agreement)
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
          try { line.push(this.report(g, String(mv))); } catch (e) { throw new Error(K.t('panel.load.move', { number: i + 1, move: String(mv), error: K.engineMessage(e, meta.id) })); }
        });
        if (spec.resigned === 'w' || spec.resigned === 'b') g.resign(spec.resigned);
      } catch (e) { g.free(); throw e; }
      this.cancelJob();
      if (this.game) this.game.free();
      this.game = g;
      this.meta = meta;
      this.main = line;
      this.vars = this.readVariations(spec.variations);
      this.cur = null;
      this.redos = [];
      this.resigned = spec.resigned === 'w' || spec.resigned === 'b' ? spec.resigned : null;
      this.hint = null;
      this.failedKey = null;
      this.outcome = null;
      this.changed();
    }

    /** Plays `move` on `g` and returns the engine's report, with the mover's piece and side. */
    report(g, move) {
      const side = g.turn();
      // The report stays the engine's object (events and play() hand it out as is), with the
      // piece that moved as the engine names it; the mover's side rides along, not enumerable.
      const rep = toObj(g.play(move));
      Object.defineProperty(rep, 'side', { value: side });
      return rep;
    }

    spec() {
      return { variant: this.meta.id, startFen: this.game.startFen(), moves: this.main.map((r) => r.move), resigned: this.resigned };
    }

    /** The variations as move texts: [{at, moves}] (for a save). */
    variations() { return this.vars.map((v) => ({ at: v.at, moves: v.moves.map((r) => r.move) })); }

    /** Replays saved variations [{at, moves}] through the engine; a broken one is left out. */
    readVariations(list) {
      const out = [];
      for (const v of Array.isArray(list) ? list : []) {
        if (!v || !Number.isInteger(v.at) || v.at < 0 || v.at > this.main.length || !Array.isArray(v.moves) || !v.moves.length) continue;
        const g = new Zilo.Game(this.meta.id, this.game.startFen());
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
    result() { return this.outcome && this.atGameEnd() ? this.outcome : toObj(this.game.result()); }
    isOver() { return this.result().result !== '*'; }
    /** The result at the end of the line (the game's result). */
    finalResult() {
      if (this.atGameEnd() || this.outcome) return this.outcome || this.result();
      const g = this.replayOf(null, this.main.length);
      try { return toObj(g.result()); } finally { g.free(); }
    }
    turn() { return this.game.turn(); }
    /** Who moved first from the start, and that move's number (the engine's). */
    startNumbering() { return toObj(this.game.startNumbering()); }
    startSide() { return this.startNumbering().turn; }
    sideAtPly(n) { return n % 2 === 0 ? this.startSide() : other(this.startSide()); }
    lastReport() { const n = this.ply(); return n ? this.line[n - 1] : null; }
    hand(side) { return toObj(this.game.hand(side)); }
    sideInfo(side) { return K.PieceSets.sideInfo(this.meta, side); }

    /** A new engine game at ply n of the line looked at (the caller frees it). */
    replay(n) { return this.replayOf(this.cur, n); }
    replayOf(v, n) {
      const line = this.lineOf(v);
      const g = new Zilo.Game(this.meta.id, this.game.startFen());
      for (let i = 0; i < n; i++) g.play(line[i].move);
      if (!v && n === this.main.length && this.resigned) g.resign(this.resigned);
      return g;
    }

    // ------------------------------------------------------------------ browsing

    /** Looks at ply n (0 … length) of the line looked at. */
    goTo(n) { this.goToLine(this.cur, n); }

    /** Looks at ply n of variation v (null: the main line). */
    goToLine(v, n) {
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
    details(move) { try { return toObj(this.game.moveDetails(move)); } catch (_) { return null; } }
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
        return r ? K.engineMessage(toObj(r), this.meta.id) : null;
      } catch (e) { return K.engineMessage(e, this.meta.id); }
    }
    /** The squares a move's blast would clear, if the engine can tell (else []). */
    blastCells(move) {
      if (typeof this.game.blastCells !== 'function') return [];
      try { return Array.from(this.game.blastCells(move) || []).map((x) => (typeof x === 'string' ? x : x.square)); } catch (_) { return []; }
    }

    /** Plays `move` at the position looked at. At the end of the line it extends the line; in
     * the past it follows the line that has that move next, or starts a variation (nothing is
     * dropped). Returns the engine's report; throws with the engine's reason if it is illegal. */
    play(move, redoing) {
      const n = this.ply(), line = this.line;
      if (this.resigned && this.atGameEnd()) throw coded('move.gameOver', {}, this.meta.id);
      const r = this.report(this.game, move);
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
      if (r.result && r.result.result !== '*') this.on.end(toObj(r.result));
      this.changed();
      return r;
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
      this.failedKey = null;
      this.opp = o;
      if (o.mode === 'computer') this.worker().warm();
      this.changed();
      return true;
    }

    worker() {
      if (!this.computer) this.computer = K.Computer.create(Zilo.engineSource);
      return this.computer;
    }

    /** Names the position with its history (the engine needs it for repetitions). */
    posKey() { return this.meta.id + '|' + this.game.startFen() + '|' + Array.from(this.game.history()).join(','); }

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
        this.on.message(K.t('panel.computer.failed', { error: this.replyError(reply) || K.t('panel.computer.noMove') }), 'error');
        return;
      }
      try { this.play(r.move); } catch (e) { this.on.message(K.t('panel.computer.moveFailed', { error: K.engineMessage(e, this.meta.id) }), 'error'); }
    }

    /** The worker's failure in the page's words: the engine's refusal by its code where it sent
     * one (`said`), else its text (the worker's own failures come worded already). */
    replyError(reply) {
      if (!reply.error) return '';
      return reply.said ? K.engineMessage(Object.assign({ message: reply.error }, reply.said), this.meta.id) : reply.error;
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
          if (this.posKey() === key) this.on.message(K.t('panel.hint.none', { error: this.replyError(reply) || K.t('panel.hint.noMove') }), 'error');
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

  K.GameController = GameController;
  K.LEVELS = LEVELS;
  K.variants = variants;
  K.errText = errText;
})(globalThis.ZiloKit = globalThis.ZiloKit || {});
