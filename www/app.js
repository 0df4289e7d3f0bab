/* ЗiлоḺ АḺв Жа — the page controller.
 * All rules come from the engine (globalThis.Zilo, built into engine.js); this file only shows
 * the position, turns clicks/drags/keys into engine calls, and keeps the game in localStorage.
 * Text from the save, a link or the import box is only ever set with textContent / value. */
(function () {
  'use strict';

  const P = globalThis.ZiloPieces;
  const $ = (id) => document.getElementById(id);
  const SAVE_KEY = 'zilo.save.v1';
  const PREF_KEY = 'zilo.prefs.v1';
  const DEFAULT_VARIANT = 'zilo';
  // Playing the computer: who plays, the human's side, and the computer's strength (engine levels).
  const LEVELS = { 1: 'Beginner', 2: 'Easy', 3: 'Normal', 4: 'Strong', 5: 'Strongest' };
  const DEFAULT_OPP = { vs: 'human', side: 'w', level: 3 };
  const HINT_LEVEL = 3;        // hints search like "Normal": good advice in under a second
  const MIN_THINK_MS = 350;    // a reply never lands faster than this (the human's move is seen first)

  const S = {
    variants: [],
    meta: null,          // the current variant's entry from variants()
    game: null,          // Zilo.Game
    records: [],         // records[i] describes history()[i]; may run past it (the redo branch)
    orientation: 'w',    // which side sits at the bottom
    selected: null,      // {kind:'square', square} | {kind:'hand', piece}
    dests: new Map(),    // destination square -> [uci, ...] for the selection
    legal: null,         // cache of the parsed legal moves of the current position
    squares: new Map(),  // square name -> element
    cursor: null,        // keyboard cursor square
    anim: null,          // {from, to} to animate at the next board render
    alsoAnim: null,      // a second piece that moves with it (the rook when castling)
    blastFx: null,       // {at, victims} to animate at the next board render
    shotFx: null,        // {from, to, victim}: a snipe to animate at the next board render
    opp: Object.assign({}, DEFAULT_OPP), // {vs: 'human'|'computer', side: the human's side, level: 1..5}
    computer: null,      // the worker (ZiloComputer)
    job: null,           // the running request: {kind: 'move'|'hint', key, id, started, timer}
    failedKey: null,     // a position+level the computer failed on (not retried by itself)
    hint: null,          // the engine's description of a hinted move, shown on the board until the position changes
    repCache: null,      // {key, n}: how often the position on the board has occurred (for the result text)
  };

  const errText = (e) => (e && e.message ? String(e.message) : String(e)).split('\n')[0];
  const other = (s) => (s === 'w' ? 'b' : 'w');
  const sideOf = (p) => (p === p.toUpperCase() ? 'w' : 'b');
  const toObj = (x) => (x instanceof Map ? Object.fromEntries(x) : x || {});
  const sides = () => P.sides(S.meta ? S.meta.id : DEFAULT_VARIANT);
  // Zilo writes squares in capitals (its rules say files A–I); chess and shogi players expect e4.
  const upperSq = (sq) => (sq && (!S.meta || S.meta.id === 'zilo') ? sq.toUpperCase() : sq);

  // ---------------------------------------------------------------------------------------
  // Game construction, records, persistence

  function pieceMap(g) {
    const m = new Map();
    for (const x of g.board()) m.set(x.square, x.piece);
    return m;
  }

  /** Describes a played move from the engine's report `res` (kind, san, rook, promotion…);
   * `before`: the board before it, for the piece that moved. */
  function makeRecord(res, before, mover) {
    const piece = res.drop ? (mover === 'w' ? res.drop.toUpperCase() : res.drop.toLowerCase()) : before.get(res.from) || '?';
    return {
      uci: res.move, san: res.san || res.move, kind: res.kind || (res.drop ? 'drop' : 'step'),
      from: res.from || null, to: res.to, drop: res.drop || null, piece, side: mover,
      rook: res.rook ? { from: res.rook.from, to: res.rook.to } : null,
      became: res.promotion || null,
      captured: res.captured || null, blasted: Array.from(res.blasted || []), check: !!res.check,
      mate: !!(res.result && res.result.reason === 'checkmate'),
      // Shogi notation ends a move that could have promoted and did not with "=".
      declined: !res.promotion && /=$/.test(res.san || ''),
    };
  }

  /** Plays `spec` = {variant, startFen?, moves, resigned?} through a fresh engine Game. Throws. */
  function buildGame(spec) {
    if (!S.variants.some((v) => v.id === spec.variant)) throw new Error('unknown variant “' + spec.variant + '”');
    const g = spec.startFen ? new Zilo.Game(spec.variant, spec.startFen) : new Zilo.Game(spec.variant);
    const recs = [];
    try {
      (spec.moves || []).forEach((mv, i) => {
        const before = pieceMap(g), mover = g.turn();
        let res;
        try { res = g.play(String(mv)); } catch (e) { throw new Error('move ' + (i + 1) + ' (' + mv + '): ' + errText(e)); }
        recs.push(makeRecord(res, before, mover));
      });
      if (spec.resigned === 'w' || spec.resigned === 'b') g.resign(spec.resigned);
    } catch (e) {
      try { g.free(); } catch (_) { /* ignore */ }
      throw e;
    }
    return { g, recs };
  }

  function adopt(built, opts) {
    cancelJob();
    S.hint = null;
    S.failedKey = null;
    const old = S.game;
    S.game = built.g;
    S.records = built.recs;
    const meta = S.variants.find((v) => v.id === S.game.variant());
    const variantChanged = !S.meta || S.meta.id !== meta.id;
    S.meta = meta;
    if (old && old !== S.game) { try { old.free(); } catch (_) { /* ignore */ } }
    $('variant').value = meta.id;
    deselect(true);
    S.legal = null;
    if (variantChanged || (opts && opts.rebuild)) buildBoard();
    if (variantChanged) {
      showRulesFor(meta.id);
      document.body.dataset.variant = meta.id;
      $('layout').classList.toggle('no-hands', !meta.drops); // chess: no hands, no empty rows for them
    }
    render();
  }

  function resignedSide() {
    const r = S.game.result();
    return r.reason === 'resignation' ? (r.winner ? other(r.winner) : null) : null;
  }

  function currentSpec() {
    return { variant: S.game.variant(), startFen: S.game.startFen(), moves: Array.from(S.game.history()), resigned: resignedSide() };
  }

  function save() {
    try {
      const spec = currentSpec();
      localStorage.setItem(SAVE_KEY, JSON.stringify({ v: 1, variant: spec.variant, startFen: spec.startFen, moves: spec.moves, resigned: spec.resigned,
        vs: S.opp.vs, side: S.opp.side, level: S.opp.level }));
    } catch (_) { /* storage may be unavailable: the game just won't survive a reload */ }
  }

  function loadPrefs() {
    try {
      const p = JSON.parse(localStorage.getItem(PREF_KEY) || '{}');
      if (p && (p.orientation === 'w' || p.orientation === 'b')) S.orientation = p.orientation;
    } catch (_) { /* ignore */ }
  }
  function savePrefs() {
    try { localStorage.setItem(PREF_KEY, JSON.stringify({ orientation: S.orientation })); } catch (_) { /* ignore */ }
  }

  /** Makes sure records[0..history) describe history; replays from the start if not. */
  function syncRecords() {
    const h = S.game.history();
    let ok = S.records.length >= h.length;
    for (let i = 0; ok && i < h.length; i++) if (S.records[i].uci !== h[i]) ok = false;
    if (ok) return;
    try {
      S.records = buildGame({ variant: S.game.variant(), startFen: S.game.startFen(), moves: Array.from(h) }).recs;
    } catch (_) { S.records = []; }
  }

  // ---------------------------------------------------------------------------------------
  // Playing the computer. The search runs in a Web Worker (computer.js); the page asks for the
  // computer's move whenever it is the computer's turn, and cancels the request (the worker is
  // terminated) as soon as the position or the settings change. One request at a time: the
  // computer's move, or a hint for the human.

  /** Reads opponent settings from a save or a link. Missing values take the defaults quietly;
   * damaged ones take them too and are listed in `bad`. */
  function parseOpp(src) {
    const opp = Object.assign({}, DEFAULT_OPP), bad = [];
    const has = (k) => src[k] !== undefined && src[k] !== null;
    if (has('vs')) {
      if (src.vs === 'human' || src.vs === 'computer') opp.vs = src.vs; else bad.push('opponent “' + String(src.vs).slice(0, 20) + '”');
    }
    if (has('side')) {
      if (src.side === 'w' || src.side === 'b') opp.side = src.side; else bad.push('side “' + String(src.side).slice(0, 20) + '”');
    }
    if (has('level')) {
      const n = typeof src.level === 'number' ? src.level : /^\s*\d+\s*$/.test(String(src.level)) ? parseInt(src.level, 10) : NaN;
      if (Number.isInteger(n) && LEVELS[n]) opp.level = n; else bad.push('level “' + String(src.level).slice(0, 20) + '”');
    }
    return { opp, bad };
  }

  function levelName(n) { return n + ' · ' + LEVELS[n]; }
  function oppSummary() {
    if (S.opp.vs !== 'computer') return 'two people on this screen';
    return 'you play the ' + sides()[S.opp.side].name + ' against the computer at level ' + levelName(S.opp.level);
  }

  const vsComputer = () => S.opp.vs === 'computer';
  const computerSide = () => (vsComputer() ? other(S.opp.side) : null);
  /** The game is on and the computer is to move (the human may not touch the pieces). */
  const computerToMove = () => !!S.game && vsComputer() && !isOver() && S.game.turn() === computerSide();
  const thinking = () => !!S.job && S.job.kind === 'move';
  const hinting = () => !!S.job && S.job.kind === 'hint';
  /** Names the position with its history (the engine needs it for repetitions). */
  function posKey() { return S.game.variant() + '|' + S.game.startFen() + '|' + Array.from(S.game.history()).join(','); }

  function computer() {
    if (!S.computer) S.computer = globalThis.ZiloComputer.create(Zilo.engineSource);
    return S.computer;
  }

  /** Forgets the running request; a search still running is stopped (its worker terminated). */
  function cancelJob() {
    const j = S.job;
    if (!j) return;
    S.job = null;
    clearTimeout(j.timer);
    if (S.computer) {
      S.computer.cancel();
      if (vsComputer()) S.computer.warm(); // a fresh worker for the next move
    }
  }

  /** Starts or cancels the computer's search to match the position and the settings. */
  function computerSync() {
    if (!S.game || !globalThis.ZiloComputer) return;
    const key = posKey();
    const want = computerToMove() ? key + '|level ' + S.opp.level : null;
    const j = S.job;
    if (j && (j.kind === 'move' ? j.key !== want : (want || j.key !== key))) cancelJob();
    if (want && !S.job && S.failedKey !== want) startThinking(want);
  }

  function startThinking(key) {
    const spec = currentSpec();
    const job = { kind: 'move', key, started: Date.now(), timer: 0 };
    S.job = job;
    if (S.selected) deselect(true);
    job.id = computer().ask({ variant: spec.variant, startFen: spec.startFen, moves: spec.moves, options: { level: S.opp.level } }, (reply) => {
      if (S.job !== job) return;
      // A quick answer waits a moment, so that the human's own move is seen first.
      job.timer = setTimeout(() => computerReply(job, reply), Math.max(0, job.started + MIN_THINK_MS - Date.now()));
    });
  }

  function computerReply(job, reply) {
    if (S.job !== job) return;
    S.job = null;
    const now = computerToMove() ? posKey() + '|level ' + S.opp.level : null;
    if (now !== job.key) { render(); return; } // the position changed meanwhile: not for this one
    const r = reply.result;
    if (reply.error || !r || !r.move) {
      S.failedKey = job.key;
      render();
      showMessage('The computer could not move: ' + (reply.error || 'it found no move') + '. Change the level, or undo, to try again.', 'error');
      return;
    }
    // The same path as a human move: records, animation, blast, end-of-game message.
    play(r.move, { animate: true });
  }

  function askHint() {
    if (!S.game || !globalThis.ZiloComputer || isOver() || computerToMove() || S.job) return;
    const key = posKey();
    if (S.hint && S.hint.key === key) return;
    const spec = currentSpec();
    const job = { kind: 'hint', key, started: Date.now(), timer: 0 };
    S.job = job;
    job.id = computer().ask({ variant: spec.variant, startFen: spec.startFen, moves: spec.moves, options: { level: HINT_LEVEL } }, (reply) => {
      if (S.job !== job) return;
      S.job = null;
      const mv = reply.result && reply.result.move;
      if (posKey() !== key || isOver()) { render(); return; }
      const parsed = mv ? describe(mv) : null;
      if (!parsed) {
        render();
        showMessage('No hint: ' + (reply.error || 'the engine found no move') + '.', 'error');
        return;
      }
      S.hint = Object.assign({ key, move: mv, side: S.game.turn() }, parsed);
      clearMessage();
      render(); // the note under the turn says it (aria-live), the board marks it
    });
    renderControls();
    renderStatus();
  }

  function hintText(h) {
    const side = h.side;
    if (h.kind === 'drop') {
      const letter = side === 'w' ? h.drop : h.drop.toLowerCase();
      return 'Hint: drop ' + article(pieceInfo(letter).name) + ' from the hand on ' + upperSq(h.to) + '.';
    }
    const p = S.game.board().find((x) => x.square === h.from);
    const name = p ? pieceInfo(p.piece).name : 'piece';
    if (h.kind === 'castle') return 'Hint: castle — the ' + name + ' from ' + upperSq(h.from) + ' to ' + upperSq(h.to) + ', the rook from ' + upperSq(h.rook.from) + ' to ' + upperSq(h.rook.to) + '.';
    const target = S.game.board().find((x) => x.square === h.to);
    if (h.kind === 'snipe') return 'Hint: the ' + name + ' on ' + upperSq(h.from) + ' shoots ' + article(target ? describePiece(target.piece) : 'piece') + ' on ' + upperSq(h.to) + ' (it stays where it is).';
    let t = target ? 'Hint: the ' + name + ' on ' + upperSq(h.from) + ' takes ' + article(describePiece(target.piece)) + ' on ' + upperSq(h.to)
      : 'Hint: move the ' + name + ' from ' + upperSq(h.from) + ' to ' + upperSq(h.to);
    if (h.kind === 'enPassant') t += ' en passant';
    if (h.promotion) t += ', promoting to ' + article(pieceInfo(h.promotion).name);
    return t + '.';
  }

  /** The hint still describes the position on the board, or null. */
  function currentHint() {
    if (S.hint && S.hint.key !== posKey()) S.hint = null;
    return S.hint;
  }

  /** The side to move after `ply` plies from the start position. */
  function turnAtPly(ply) { const s = sideOfStart(); return ply % 2 === 0 ? s : other(s); }
  /** Against the computer, Undo goes back to the human's previous turn: the latest ply before
   * `h` with the human to move, or -1. */
  function humanPlyBefore(h) {
    for (let p = h - 1; p >= 0; p--) if (turnAtPly(p) === S.opp.side) return p;
    return -1;
  }

  function setOpponent(change, why) {
    const before = S.opp;
    const opp = Object.assign({}, before, change);
    if (opp.vs === before.vs && opp.side === before.side && opp.level === before.level) { renderOpponent(); return; }
    takeOpp(opp, before.vs !== 'computer' || before.side !== opp.side);
    if (opp.vs === 'computer') computer().warm();
    render();
    if (why !== 'quiet') {
      let text;
      if (opp.vs !== 'computer') text = 'Two people play on this screen now.';
      else if (before.vs !== 'computer' || before.side !== opp.side) text = 'You play the ' + sides()[opp.side].name + ' against the computer (level ' + levelName(opp.level) + ').';
      else text = 'The computer plays at level ' + levelName(opp.level) + ' now.';
      if (computerToMove()) text += ' It is the computer’s turn.';
      showMessage(text, 'info');
    }
  }

  function renderOpponent() {
    const o = S.opp;
    for (const r of document.querySelectorAll('input[name="opp-vs"]')) r.checked = r.value === o.vs;
    for (const r of document.querySelectorAll('input[name="opp-side"]')) r.checked = r.value === o.side;
    for (const el of document.querySelectorAll('.opp-computer')) el.hidden = o.vs !== 'computer';
    const sd = sides();
    for (const el of document.querySelectorAll('#opp-side .side-name')) el.textContent = sd[el.dataset.side].name;
    for (const el of document.querySelectorAll('#opp-side .dot')) {
      el.className = 'dot ' + (el.closest('label').querySelector('input').value) + (S.meta && S.meta.id === 'zilo' ? '' : S.meta && S.meta.id === 'shogi' ? ' shogi' : ' plain');
    }
    $('opp-level').value = String(o.level);
    $('opponent').dataset.vs = o.vs;
    document.body.dataset.vs = o.vs;
    document.body.dataset.side = o.side;
    document.body.dataset.level = String(o.level);
  }

  function setupOpponent() {
    for (const r of document.querySelectorAll('input[name="opp-vs"]')) r.addEventListener('change', () => { if (r.checked) setOpponent({ vs: r.value }); });
    for (const r of document.querySelectorAll('input[name="opp-side"]')) r.addEventListener('change', () => { if (r.checked) setOpponent({ side: r.value }); });
    $('opp-level').addEventListener('change', (e) => setOpponent({ level: parseInt(e.target.value, 10) }));
  }

  // ---------------------------------------------------------------------------------------
  // Legal moves (as reported by the engine), parsed for display

  /** The engine's description of a legal move text ({move, san, kind, from, to, drop, promotion,
   * rook}), or null if it is not legal here. */
  function describe(m) {
    try { return S.game.moveDetails(m); } catch (_) { return null; }
  }

  /** Which of the side to move's pieces (on the board, in hand) have a legal move. */
  function legal() {
    if (S.legal) return S.legal;
    const bySquare = new Set(), drops = new Set();
    const g = S.game, turn = g.turn();
    if (g.result().result === '*') {
      for (const x of g.board()) if (sideOf(x.piece) === turn && g.movesFrom(x.square).length) bySquare.add(x.square);
      for (const L of Object.keys(toObj(g.hand(turn)))) if (g.dropTargets(L).length) drops.add(L);
    }
    S.legal = { bySquare, drops };
    return S.legal;
  }

  const isOver = () => S.game.result().result !== '*';

  // ---------------------------------------------------------------------------------------
  // Board DOM

  function fileName(f) { return String.fromCharCode(97 + f); }

  function buildBoard() {
    const board = $('board');
    const { files, ranks } = S.meta;
    board.style.setProperty('--files', files);
    board.style.setProperty('--ranks', ranks);
    // Zilo and shogi: a plain wooden board with lines; chess (and anything else): light and dark squares.
    board.dataset.variant = S.meta.id;
    board.classList.toggle('chequered', S.meta.id !== 'zilo' && S.meta.id !== 'shogi');
    board.classList.toggle('flipped', S.orientation === 'b');
    $('board-frame').dataset.variant = S.meta.id;
    board.textContent = '';
    S.squares.clear();
    const fileOrder = [...Array(files).keys()];
    const rankOrder = [...Array(ranks).keys()].reverse();
    if (S.orientation === 'b') { fileOrder.reverse(); rankOrder.reverse(); }
    rankOrder.forEach((r, ri) => {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'row');
      fileOrder.forEach((f, fi) => {
        const name = fileName(f) + (r + 1);
        const sq = document.createElement('div');
        sq.className = 'sq' + ((f + r) % 2 === 0 ? ' dark' : ' light');
        if (fi === files - 1) sq.classList.add('last-file');
        if (ri === ranks - 1) sq.classList.add('last-rank');
        sq.dataset.square = name;
        sq.setAttribute('role', 'gridcell');
        sq.tabIndex = -1;
        row.appendChild(sq);
        S.squares.set(name, sq);
      });
      board.appendChild(row);
    });
    const cr = $('coords-ranks'), cf = $('coords-files');
    cr.textContent = ''; cf.textContent = '';
    for (const r of rankOrder) { const s = document.createElement('span'); s.textContent = String(r + 1); cr.appendChild(s); }
    for (const f of fileOrder) { const s = document.createElement('span'); s.textContent = upperSq(fileName(f)); cf.appendChild(s); }
    if (!S.cursor || !S.squares.has(S.cursor)) S.cursor = fileName(Math.floor(files / 2)) + '1';
    S.squares.get(S.cursor).tabIndex = 0;
  }

  const svgCache = new Map();
  function pieceSvg(letter) {
    // Shogi tokens point away from their owner: up for the side at the bottom of the screen.
    const down = sideOf(letter) !== S.orientation;
    const key = S.meta.id + ':' + letter + (down ? ':down' : '');
    if (!svgCache.has(key)) svgCache.set(key, P.svg(S.meta.id, letter, { down, meta: S.meta }));
    return svgCache.get(key).cloneNode(true);
  }

  function pieceInfo(letter) { return P.info(S.meta.id, S.meta, letter, sideOf(letter)); }

  function renderBoard() {
    const g = S.game;
    const pieces = pieceMap(g);
    const lm = g.lastMove();
    const check = g.checkedSquare();
    const turn = g.turn();
    const over = isOver();
    const lg = legal();
    const h = g.history().length;
    const rec = h > 0 ? S.records[h - 1] : null;
    const blasted = new Set(rec && rec.blasted ? rec.blasted.map((b) => b.square) : []);
    const cpu = computerToMove();
    const hint = currentHint();
    $('board').classList.toggle('waiting', cpu);
    for (const [name, el] of S.squares) {
      const p = pieces.get(name) || null;
      if ((el.dataset.piece || null) !== p) {
        el.textContent = '';
        if (p) {
          el.dataset.piece = p;
          const d = document.createElement('div');
          d.className = 'piece';
          d.appendChild(pieceSvg(p));
          el.appendChild(d);
        } else {
          delete el.dataset.piece;
        }
      }
      const sel = S.selected && S.selected.kind === 'square' && S.selected.square === name;
      const dest = S.dests.has(name);
      // What a destination does: a shot (crosshair), a castle (a plain dot, even on the rook's own
      // square), a capture (a ring), or a move (a dot).
      const cands = dest ? S.dests.get(name) : [];
      const shot = cands.some((d) => d.kind === 'snipe');
      const castle = dest && cands.every((d) => d.kind === 'castle');
      const capture = dest && !shot && !castle && !!p;
      el.classList.toggle('selected', !!sel);
      el.classList.toggle('dest', dest);
      el.classList.toggle('capture', capture);
      el.classList.toggle('shot', shot);
      el.classList.toggle('castle', castle);
      el.classList.toggle('last-move', !!lm && (lm.from === name || lm.to === name));
      el.classList.toggle('last-shot', !!rec && rec.kind === 'snipe' && rec.to === name && lm && lm.to === name);
      el.classList.toggle('check', check === name);
      el.classList.toggle('blasted', blasted.has(name));
      el.classList.toggle('movable', !over && !cpu && !!p && sideOf(p) === turn && lg.bySquare.has(name));
      const hk = hint && hint.from === name ? 'from' : hint && hint.to === name ? 'to' : null;
      el.classList.toggle('hint-from', hk === 'from');
      el.classList.toggle('hint-to', hk === 'to');
      let hm = el.querySelector(':scope > .hint-mark');
      if (hk && !hm) { hm = document.createElement('div'); el.appendChild(hm); }
      if (hm) { if (hk) hm.className = 'hint-mark ' + hk; else hm.remove(); }
      let label = upperSq(name);
      if (p) { const inf = pieceInfo(p); label += ', ' + inf.side.one + ' ' + inf.name; } else label += ', empty';
      if (dest) label += shot ? ', shoot here' : castle ? ', castle here' : capture ? ', capture' : ', move here';
      if (check === name) label += ', in check';
      if (hint && hint.from === name) label += ', hint: move this piece';
      if (hint && hint.to === name) label += hint.drop ? ', hint: drop here' : hint.kind === 'snipe' ? ', hint: shoot here' : ', hint: move here';
      el.setAttribute('aria-label', label);
      el.setAttribute('aria-selected', sel ? 'true' : 'false');
    }
    runAnimations();
  }

  function runAnimations() {
    const slides = [S.anim, S.alsoAnim].filter(Boolean);
    S.anim = null; S.alsoAnim = null;
    for (const { from, to } of slides) {
      const a = S.squares.get(from), b = S.squares.get(to);
      const pe = b && b.querySelector('.piece');
      if (a && pe) {
        const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
        const dx = ra.left - rb.left, dy = ra.top - rb.top;
        pe.classList.add('animating');
        pe.style.transition = 'none';
        pe.style.transform = 'translate(' + dx + 'px,' + dy + 'px)';
        pe.getBoundingClientRect();
        pe.style.transition = 'transform 180ms cubic-bezier(.2,.7,.3,1)';
        pe.style.transform = '';
        const done = () => { pe.classList.remove('animating'); pe.style.transition = ''; };
        pe.addEventListener('transitionend', done, { once: true });
        setTimeout(done, 400);
      }
    }
    if (S.shotFx) {
      const { from, to, victim } = S.shotFx;
      S.shotFx = null;
      shotEffect(from, to, victim);
    }
    if (S.blastFx) {
      const { at, victims } = S.blastFx;
      S.blastFx = null;
      const center = S.squares.get(at);
      if (center) {
        const burst = document.createElement('div');
        burst.className = 'burst';
        center.appendChild(burst);
        setTimeout(() => burst.remove(), 800);
      }
      for (const v of victims) {
        const sq = S.squares.get(v.square);
        if (!sq) continue;
        const gp = document.createElement('div');
        gp.className = 'ghost-piece';
        gp.appendChild(pieceSvg(v.piece));
        sq.appendChild(gp);
        setTimeout(() => gp.remove(), 950);
      }
    }
  }

  /** A snipe: a tracer from the shooter to its target, a flash there, and the victim fading out. */
  function shotEffect(from, to, victim) {
    const frame = $('board-frame'), a = S.squares.get(from), b = S.squares.get(to);
    if (!frame || !a || !b) return;
    const rf = frame.getBoundingClientRect(), ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    const x1 = ra.left + ra.width / 2 - rf.left, y1 = ra.top + ra.height / 2 - rf.top;
    const x2 = rb.left + rb.width / 2 - rf.left, y2 = rb.top + rb.height / 2 - rf.top;
    const len = Math.hypot(x2 - x1, y2 - y1);
    const line = document.createElement('div');
    line.className = 'shot-line';
    line.style.left = x1 + 'px';
    line.style.top = y1 + 'px';
    line.style.width = len + 'px';
    line.style.transform = 'rotate(' + Math.atan2(y2 - y1, x2 - x1) + 'rad)';
    frame.appendChild(line);
    setTimeout(() => line.remove(), 700);
    const flash = document.createElement('div');
    flash.className = 'shot-flash';
    b.appendChild(flash);
    setTimeout(() => flash.remove(), 700);
    const pe = a.querySelector('.piece');
    if (pe) { pe.classList.add('recoil'); setTimeout(() => pe.classList.remove('recoil'), 400); }
    if (victim) {
      const gp = document.createElement('div');
      gp.className = 'ghost-piece shot-victim';
      gp.appendChild(pieceSvg(victim.piece));
      b.appendChild(gp);
      setTimeout(() => gp.remove(), 800);
    }
  }

  // ---------------------------------------------------------------------------------------
  // Pockets (hands)

  function renderPockets() {
    const drops = !!S.meta.drops;
    const topSide = S.orientation === 'w' ? 'b' : 'w';
    const focused = document.activeElement && document.activeElement.classList && document.activeElement.classList.contains('hand-piece')
      ? { hand: document.activeElement.dataset.hand, piece: document.activeElement.dataset.piece } : null;
    fillPocket($('pocket-top'), topSide, drops);
    fillPocket($('pocket-bottom'), other(topSide), drops);
    if (focused) {
      const again = document.querySelector('[data-hand="' + focused.hand + '"][data-piece="' + focused.piece + '"]');
      if (again) again.focus();
    }
  }

  function fillPocket(el, side, drops) {
    el.hidden = !drops;
    if (!drops) return;
    const g = S.game;
    const sd = sides()[side];
    const turn = g.turn(), over = isOver();
    el.dataset.side = side;
    el.setAttribute('aria-label', sd.possessive + ' hand');
    el.classList.toggle('to-move', !over && turn === side);
    el.textContent = '';
    const head = document.createElement('div');
    head.className = 'pocket-head';
    const dot = document.createElement('span');
    dot.className = 'dot ' + side + (S.meta.id === 'zilo' ? '' : S.meta.id === 'shogi' ? ' shogi' + (el.id === 'pocket-top' ? ' down' : '') : ' plain');
    head.appendChild(dot);
    const nm = document.createElement('span'); nm.textContent = sd.possessive + ' hand'; head.appendChild(nm);
    if (vsComputer()) { const who = document.createElement('span'); who.className = 'who'; who.textContent = side === S.opp.side ? 'you' : 'computer'; head.appendChild(who); }
    else { const lg = document.createElement('span'); lg.className = 'long'; lg.textContent = sd.long; head.appendChild(lg); }
    if (!over && turn === side) {
      const f = document.createElement('span'); f.className = 'move-flag';
      if (thinking() && side === computerSide()) { f.classList.add('thinking-flag'); f.appendChild(thinkDots()); f.appendChild(document.createTextNode('thinking')); }
      else f.textContent = vsComputer() && side === S.opp.side ? 'your move' : 'to move';
      head.appendChild(f);
    }
    el.appendChild(head);
    const box = document.createElement('div');
    box.className = 'pocket-pieces';
    const hand = toObj(g.hand(side));
    const lgl = legal();
    const order = (S.meta.pieces || []).map((p) => p.letter);
    for (const k of Object.keys(hand)) if (!order.includes(k.toUpperCase())) order.push(k.toUpperCase());
    let any = false;
    for (const L of order) {
      const n = hand[L] || 0;
      if (n <= 0) continue;
      any = true;
      const letter = side === 'w' ? L : L.toLowerCase();
      const inf = pieceInfo(letter);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'hand-piece';
      b.dataset.hand = side;
      b.dataset.piece = L;
      b.dataset.count = String(n);
      const sel = S.selected && S.selected.kind === 'hand' && S.selected.piece === L && side === turn;
      if (sel) b.classList.add('selected');
      if (!over && side === turn && !computerToMove() && lgl.drops.has(L)) b.classList.add('movable');
      const hint = currentHint();
      if (hint && hint.drop === L && side === turn) b.classList.add('hint');
      b.setAttribute('aria-pressed', sel ? 'true' : 'false');
      b.setAttribute('aria-label', n + ' × ' + inf.name + ' in the ' + sd.possessive + ' hand');
      b.appendChild(pieceSvg(letter));
      const c = document.createElement('span'); c.className = 'count'; c.textContent = String(n); c.setAttribute('aria-hidden', 'true');
      b.appendChild(c);
      box.appendChild(b);
    }
    if (!any) { const e = document.createElement('span'); e.className = 'pocket-empty'; e.textContent = 'No pieces in hand'; box.appendChild(e); }
    el.appendChild(box);
  }

  // ---------------------------------------------------------------------------------------
  // Status, moves, controls

  function monarchName(side) { return S.meta.id === 'zilo' ? (side === 'w' ? 'Red Cardinal' : 'King Pig') : sides()[side].one + ' king'; }

  function resultText(r) {
    const sd = sides();
    const zilo = S.meta.id === 'zilo';
    const winner = r.winner, loser = winner ? other(winner) : null;
    // "The Birds win" / "the Pigs have"; "White wins" / "Black has".
    const team = (side, cap) => (zilo ? (cap ? 'The ' : 'the ') + sd[side].name : sd[side].name);
    const has = zilo ? ' have' : ' has';
    let title;
    if (r.result === '1/2-1/2' || !winner) title = 'Draw';
    else title = team(winner, true) + (zilo ? ' win' : ' wins');
    let reason;
    switch (r.reason) {
      case 'checkmate': reason = 'Checkmate — the ' + monarchName(loser) + ' is in check and has no way out.'; break;
      case 'stalemate':
        if (loser) reason = 'Stalemate — ' + team(loser) + has + ' no legal move' + (zilo ? ', and in ЗiлоḺ АḺв Жа that loses.' : S.meta.id === 'shogi' ? ', and in shogi that loses.' : '.');
        else reason = 'Draw by stalemate — ' + team(S.game.turn()) + has + ' no legal move but is not in check.';
        break;
      case 'repetition':
        reason = 'Draw by repetition — the same position arose for the ' + ordinal(repetitions()) + ' time.';
        break;
      case 'perpetual-check':
        reason = loser ? 'Perpetual check — ' + team(loser) + ' gave check on every move of a fourfold repetition, and the side giving perpetual check loses.'
          : 'Perpetual check — the side giving perpetual check loses.';
        break;
      case 'insufficient-material': reason = 'Draw by insufficient material — neither side has enough pieces left to checkmate.'; break;
      case 'monarch-captured': reason = 'Monarch blown up — the ' + monarchName(loser) + ' was removed' + (lastRecBlast() ? ' by a Bomber’s blast.' : '.'); break;
      case 'king-captured': reason = 'The ' + monarchName(loser) + ' was captured.'; break;
      case 'resignation': reason = loser ? team(loser, true) + ' resigned.' : 'Resignation.'; break;
      case 'no-moves': reason = loser ? team(loser, true) + has + ' no legal move.' : 'No legal move.'; break;
      case 'fifty-moves': reason = 'Draw by the fifty-move rule — fifty moves by each side without a capture or a pawn move.'; break;
      default: reason = r.reason ? String(r.reason).replace(/-/g, ' ') : '';
    }
    if (reason) reason = reason.charAt(0).toUpperCase() + reason.slice(1);
    return { title: title + (r.result ? ' (' + r.result + ')' : ''), reason };
  }

  /** How many times the current position has occurred in this game (board, hands, side to move,
   * castling and en passant rights: the position string without its two counters). */
  function repetitions() {
    const key = posKey();
    if (S.repCache && S.repCache.key === key) return S.repCache.n;
    const strip = (f) => String(f).trim().split(/\s+/).slice(0, -2).join(' ');
    let n = 0;
    let g = null;
    try {
      g = new Zilo.Game(S.game.variant(), S.game.startFen());
      const now = strip(S.game.fen());
      if (strip(g.fen()) === now) n++;
      for (const m of S.game.history()) { g.play(m); if (strip(g.fen()) === now) n++; }
    } catch (_) { /* counted so far */ } finally { if (g) { try { g.free(); } catch (_) { /* ignore */ } } }
    S.repCache = { key, n };
    return n;
  }
  function ordinal(n) { return ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][n - 1] || n + 'th'; }

  function lastRecBlast() {
    const h = S.game.history().length;
    const rec = h ? S.records[h - 1] : null;
    return rec && rec.blasted && rec.blasted.length;
  }

  function describePiece(letter) { const inf = pieceInfo(letter); return inf.side.one + ' ' + inf.name; }

  function renderStatus() {
    const g = S.game, sd = sides();
    const r = g.result();
    const turnEl = $('turn');
    turnEl.textContent = '';
    const box = $('status-box');
    box.classList.toggle('game-over', r.result !== '*');
    box.classList.toggle('thinking', thinking());
    document.body.dataset.result = r.result;
    document.body.dataset.turn = g.turn();
    document.body.dataset.thinking = thinking() ? '1' : '0';
    document.body.dataset.hinting = hinting() ? '1' : '0';
    const hint = currentHint();
    if (hint) document.body.dataset.hint = hint.move; else delete document.body.dataset.hint;
    if (r.result !== '*') {
      turnEl.classList.add('over');
      const t = resultText(r);
      const wrap = document.createElement('div'); wrap.className = 'result-box'; wrap.id = 'result';
      const a = document.createElement('div'); a.className = 'result-title'; a.textContent = t.title; wrap.appendChild(a);
      const b = document.createElement('div'); b.className = 'result-reason'; b.textContent = t.reason; wrap.appendChild(b);
      if (r.winner) { const tok = document.createElement('span'); tok.className = 'turn-token'; tok.appendChild(pieceSvg(r.winner === 'w' ? 'K' : 'k')); turnEl.appendChild(tok); }
      turnEl.appendChild(wrap);
    } else {
      turnEl.classList.remove('over');
      const side = g.turn();
      const tok = document.createElement('span'); tok.className = 'turn-token'; tok.appendChild(pieceSvg(side === 'w' ? 'K' : 'k')); turnEl.appendChild(tok);
      if (g.isCheck()) { const c = document.createElement('span'); c.className = 'check-flag'; c.textContent = 'Check!'; turnEl.appendChild(c); }
      const t = document.createElement('span');
      if (vsComputer() && side === computerSide()) {
        if (thinking()) {
          t.className = 'thinking-text';
          const who = document.createElement('span'); who.className = 'visually-hidden'; who.textContent = sd[side].name + ': ';
          t.appendChild(who);
          t.appendChild(document.createTextNode('The computer is thinking'));
          t.appendChild(thinkDots());
          turnEl.appendChild(t);
        } else { t.textContent = sd[side].name + ' (computer) to move'; turnEl.appendChild(t); }
      } else {
        t.textContent = sd[side].name + ' to move' + (vsComputer() ? ' — your turn' : '');
        turnEl.appendChild(t);
      }
    }
    // What the last move did.
    const note = $('note');
    note.textContent = '';
    if (hinting()) {
      const l = document.createElement('div'); l.className = 'hint-line busy';
      l.appendChild(document.createTextNode('Looking for a good move'));
      l.appendChild(thinkDots());
      note.appendChild(l);
    } else if (hint) {
      const l = document.createElement('div'); l.className = 'hint-line';
      l.textContent = hintText(hint);
      note.appendChild(l);
    }
    const h = g.history().length;
    const rec = h ? S.records[h - 1] : null;
    if (rec) {
      const mover = describePiece(rec.piece);
      if (rec.blasted && rec.blasted.length) {
        const l = document.createElement('div'); l.className = 'blast-line';
        l.textContent = 'Blast! The Bomber’s impact on ' + upperSq(rec.to) + ' removed ' +
          rec.blasted.map((b) => describePiece(b.piece) + ' (' + upperSq(b.square) + ')').join(', ') + '.';
        note.appendChild(l);
      }
      const l2 = document.createElement('div');
      const lead = vsComputer() && rec.side === computerSide() ? 'The computer played: ' : 'Last move: ';
      const the = S.meta.id === 'zilo' ? 'the ' : '';
      let promo = '';
      if (rec.became) promo = ', and promoted to ' + article(pieceInfo(rec.became).name);
      else if (rec.declined) promo = ', and did not promote';
      if (rec.drop) l2.textContent = lead + sides()[rec.side].name + ' dropped ' + article(pieceInfo(rec.piece).name) + ' on ' + upperSq(rec.to) + '.';
      else if (rec.kind === 'castle' && rec.rook) {
        l2.textContent = lead + sides()[rec.side].name + ' castled ' + castleWing(rec) + ' (' + rec.san + '): the king ' + upperSq(rec.from) + '–' + upperSq(rec.to) +
          ', the rook ' + upperSq(rec.rook.from) + '–' + upperSq(rec.rook.to) + '.';
      } else if (rec.kind === 'snipe' && rec.captured) {
        l2.textContent = lead + mover + ' on ' + upperSq(rec.from) + ' shot ' + article(describePiece(rec.captured.piece)) + ' on ' + upperSq(rec.to) +
          ' and stays where it is.';
      } else if (rec.captured) {
        const cap = rec.captured.piece;
        const toHand = cap.toUpperCase() !== 'K' && S.meta.drops;
        const base = cap.replace(/^\+/, '');
        const demoted = toHand && base !== cap ? ' (as ' + article(pieceInfo(base).name) + ')' : '';
        l2.textContent = lead + mover + ' ' + upperSq(rec.from) + '×' + upperSq(rec.to) + ' took ' + article(describePiece(cap)) +
          (rec.kind === 'enPassant' ? ' en passant' : '') + promo +
          (toHand ? ' — it joins ' + the + sides()[rec.side].possessive + ' hand' + demoted + '.' : '.');
      } else l2.textContent = lead + mover + ' ' + upperSq(rec.from) + '–' + upperSq(rec.to) + promo + '.';
      note.appendChild(l2);
    }
    // What the selected piece does.
    if (S.selected && r.result === '*') {
      const letter = S.selected.kind === 'hand' ? (g.turn() === 'w' ? S.selected.piece : S.selected.piece.toLowerCase()) : g.board().find((x) => x.square === S.selected.square).piece;
      const inf = pieceInfo(letter);
      const l3 = document.createElement('div'); l3.className = 'hint';
      const nm = document.createElement('strong'); nm.textContent = inf.label; l3.appendChild(nm);
      const txt = S.selected.kind === 'hand'
        ? ' (in hand) — choose a marked square to drop it.' + (S.dests.size ? '' : ' It has no legal drop square now.')
        : (inf.moves ? ' ' + inf.moves : '') + (S.dests.size ? '' : ' It has no legal move now.');
      l3.appendChild(document.createTextNode(txt));
      note.appendChild(l3);
    }
  }

  /** Three dots that pulse (the "thinking" indicator); hidden from screen readers. */
  function thinkDots() {
    const d = document.createElement('span');
    d.className = 'think-dots';
    d.setAttribute('aria-hidden', 'true');
    for (let i = 0; i < 3; i++) d.appendChild(document.createElement('i'));
    return d;
  }

  /** "kingside" when the rook came from the king's right (the h-file side), else "queenside". */
  function castleWing(rec) { return rec.rook.from.charCodeAt(0) > rec.from.charCodeAt(0) ? 'kingside' : 'queenside'; }

  function article(words) { return (/^[AEIOU]/i.test(words) ? 'an ' : 'a ') + words; }

  function renderMoves() {
    const list = $('moves');
    list.textContent = '';
    const h = S.game.history().length;
    const all = S.records;
    const startTurn = sideOfStart();
    if (!all.length) {
      const li = document.createElement('li'); li.className = 'empty'; const s = document.createElement('span'); s.className = 'empty-note';
      s.textContent = 'No moves yet. Click a piece to see where it can go.';
      li.appendChild(s); list.appendChild(li);
    }
    let li = null, num = 0;
    const offset = startTurn === 'b' ? 1 : 0;
    for (let i = 0; i < all.length; i++) {
      const slot = (i + offset) % 2;
      if (!li || slot === 0) {
        li = document.createElement('li');
        num++;
        const n = document.createElement('span'); n.className = 'num'; n.textContent = num + '.'; li.appendChild(n);
        if (slot === 1) { const b = document.createElement('span'); b.className = 'mv'; b.textContent = '…'; li.appendChild(b); }
        list.appendChild(li);
      }
      const rec = all[i];
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv' + (i === h - 1 ? ' current' : '') + (i >= h ? ' future' : '');
      b.dataset.ply = String(i + 1);
      b.dataset.move = rec.uci;
      b.textContent = rec.san;
      if (rec.blasted && rec.blasted.length) { const m = document.createElement('span'); m.className = 'blast-mark'; m.textContent = ' ✶' + rec.blasted.length; b.appendChild(m); }
      b.title = describePiece(rec.piece) + (rec.drop ? ' dropped on ' + upperSq(rec.to)
        : rec.kind === 'snipe' ? ' on ' + upperSq(rec.from) + ' shoots ' + (rec.captured ? describePiece(rec.captured.piece) + ' on ' : '') + upperSq(rec.to)
          : ' ' + upperSq(rec.from) + (rec.captured ? ' takes ' + describePiece(rec.captured.piece) + ' on ' : ' to ') + upperSq(rec.to)) +
        (rec.kind === 'enPassant' ? ' en passant' : '') +
        (rec.kind === 'castle' && rec.rook ? ' (castling ' + castleWing(rec) + '; the rook ' + upperSq(rec.rook.from) + ' to ' + upperSq(rec.rook.to) + ')' : '') +
        (rec.became ? ', promotes to ' + pieceInfo(rec.became).name : rec.declined ? ', does not promote' : '') +
        (rec.blasted && rec.blasted.length ? '; the blast removed ' + rec.blasted.length + ' piece' + (rec.blasted.length > 1 ? 's' : '') : '') +
        (rec.mate ? '; checkmate' : rec.check ? '; check' : '');
      li.appendChild(b);
    }
    const r = S.game.result();
    if (r.result !== '*') {
      const rl = document.createElement('li'); rl.className = 'result-row';
      rl.textContent = r.result + ' · ' + String(r.reason).replace(/-/g, ' ');
      list.appendChild(rl);
    }
    scrollMoves();
  }

  /** Keeps the current move in view: pinned to the bottom while it is the last one. */
  function scrollMoves() {
    const list = $('moves');
    const cur = list.querySelector('.current');
    S.pinMoves = !!cur && !list.querySelector('.future');
    if (S.pinMoves) { list.scrollTop = list.scrollHeight; return; }
    if (!cur) { list.scrollTop = 0; return; }
    const lr = list.getBoundingClientRect(), cr = cur.getBoundingClientRect();
    if (cr.bottom > lr.bottom || cr.top < lr.top) list.scrollTop += cr.top - lr.top - lr.height / 2;
  }

  function sideOfStart() {
    const parts = String(S.game.startFen()).trim().split(/\s+/);
    return parts[1] === 'b' ? 'b' : 'w';
  }

  function renderControls() {
    const g = S.game;
    const resigned = !!resignedSide();
    const cpu = vsComputer();
    $('btn-undo').disabled = !(resigned || (g.canUndo() && (!cpu || humanPlyBefore(g.history().length) >= 0)));
    $('btn-undo').title = cpu ? 'Take back your last move and the computer’s reply (←)' : 'Take back the last move (←)';
    $('btn-resign').title = cpu ? 'You give up' : 'The side to move gives up';
    const hb = $('btn-hint');
    hb.disabled = !globalThis.ZiloComputer || isOver() || computerToMove() || thinking();
    hb.classList.toggle('busy', hinting());
    hb.setAttribute('aria-busy', hinting() ? 'true' : 'false');
    $('btn-redo').disabled = resigned || !g.canRedo();
    $('btn-resign').disabled = isOver();
    if (isOver()) disarm($('btn-resign'));
    const rb = $('btn-resign');
    if (!rb.classList.contains('armed')) rb.textContent = 'Resign';
  }

  function renderFields() {
    const f = $('fen-field');
    if (document.activeElement !== f) f.value = S.game.fen();
    const lf = $('link-field');
    if (lf.value) lf.value = gameLink();
  }

  function render() {
    S.legal = null;
    syncRecords();
    computerSync();
    renderOpponent();
    renderBoard();
    renderPockets();
    renderStatus();
    renderMoves();
    renderControls();
    renderFields();
    save();
  }

  // ---------------------------------------------------------------------------------------
  // Messages and tooltip

  let msgTimer = 0;
  function showMessage(text, kind) {
    const m = $('message');
    m.textContent = text;
    m.className = 'message' + (kind === 'error' ? ' error' : '');
    m.dataset.kind = kind || 'info';
    m.hidden = false;
    // restart the entrance animation
    m.style.animation = 'none'; m.getBoundingClientRect(); m.style.animation = '';
    clearTimeout(msgTimer);
    msgTimer = setTimeout(() => { m.hidden = true; }, kind === 'error' ? 9000 : 6000);
  }
  function clearMessage() { clearTimeout(msgTimer); $('message').hidden = true; }

  let ttTimer = 0;
  function showTooltip(target, letter, extra) {
    const tt = $('tooltip');
    const inf = pieceInfo(letter);
    tt.textContent = '';
    const a = document.createElement('div'); a.className = 'tt-name'; a.textContent = inf.label; tt.appendChild(a);
    const b = document.createElement('div'); b.className = 'tt-side';
    b.textContent = inf.side.name + (inf.side.long && S.meta.id === 'zilo' ? ' · ' + inf.side.long : '') + (extra ? ' · ' + extra : '');
    tt.appendChild(b);
    tt.hidden = false;
    const r = target.getBoundingClientRect();
    const w = tt.offsetWidth, hgt = tt.offsetHeight;
    let x = r.left + r.width / 2 - w / 2;
    x = Math.max(6, Math.min(window.innerWidth - w - 6, x));
    let y = r.top - hgt - 8;
    if (y < 6) y = r.bottom + 8;
    tt.style.left = x + 'px';
    tt.style.top = y + 'px';
  }
  function hideTooltip() { clearTimeout(ttTimer); $('tooltip').hidden = true; }

  function tooltipTarget(t) {
    const sq = t.closest && t.closest('.sq[data-piece]');
    if (sq) return { el: sq, letter: sq.dataset.piece };
    const hp = t.closest && t.closest('.hand-piece');
    if (hp) return { el: hp, letter: hp.dataset.hand === 'w' ? hp.dataset.piece : hp.dataset.piece.toLowerCase(), extra: hp.dataset.count + ' in hand' };
    return null;
  }

  function setupTooltips() {
    let current = null;
    document.addEventListener('pointerover', (e) => {
      if (e.pointerType !== 'mouse' || drag) return;
      const t = tooltipTarget(e.target);
      if (!t) { if (current) { current = null; hideTooltip(); } return; }
      if (current === t.el) return;
      current = t.el;
      hideTooltip();
      ttTimer = setTimeout(() => showTooltip(t.el, t.letter, t.extra), 450);
    });
    document.addEventListener('pointerout', (e) => {
      if (e.pointerType !== 'mouse') return;
      if (current && (!e.relatedTarget || !current.contains(e.relatedTarget))) { current = null; hideTooltip(); }
    });
    // Long press on touch screens.
    let lp = null;
    document.addEventListener('pointerdown', (e) => {
      hideTooltip();
      if (e.pointerType === 'mouse') return;
      const t = tooltipTarget(e.target);
      if (!t) return;
      lp = { x: e.clientX, y: e.clientY, id: e.pointerId };
      ttTimer = setTimeout(() => { showTooltip(t.el, t.letter, t.extra); lp = null; }, 500);
    }, true);
    document.addEventListener('pointermove', (e) => {
      if (lp && e.pointerId === lp.id && Math.hypot(e.clientX - lp.x, e.clientY - lp.y) > 8) { lp = null; hideTooltip(); }
    }, true);
    const end = () => { if (lp) { lp = null; clearTimeout(ttTimer); } else if (!$('tooltip').hidden) setTimeout(hideTooltip, 1200); };
    document.addEventListener('pointerup', end, true);
    document.addEventListener('pointercancel', end, true);
    window.addEventListener('scroll', hideTooltip, { passive: true });
  }

  // ---------------------------------------------------------------------------------------
  // Selection and moving

  function select(sel) {
    S.selected = sel;
    S.dests = new Map();
    const g = S.game;
    // Destinations as the engine describes the moves: {move, kind, to, rook, promotion…}. A
    // snipe's destination is its target; a castle's, the king's square.
    if (sel.kind === 'square') {
      for (const m of g.movesFrom(sel.square)) {
        const d = describe(m);
        if (!d || d.from !== sel.square) continue;
        if (!S.dests.has(d.to)) S.dests.set(d.to, []);
        S.dests.get(d.to).push(d);
      }
    } else {
      for (const sq of g.dropTargets(sel.piece)) S.dests.set(sq, [{ move: sel.piece + '@' + sq, kind: 'drop', from: null, to: sq, drop: sel.piece }]);
    }
    renderBoard(); renderPockets(); renderStatus();
  }

  function deselect(quiet) {
    const had = !!S.selected;
    S.selected = null;
    S.dests = new Map();
    closeChooser();
    if (had && !quiet) { renderBoard(); renderPockets(); renderStatus(); }
  }

  function play(uci, opts) {
    const g = S.game;
    const before = pieceMap(g), mover = g.turn();
    const h = g.history().length;
    let res;
    try { res = g.play(uci); } catch (e) { showMessage('That move is not allowed: ' + errText(e), 'error'); deselect(); return; }
    S.records.length = h;
    const rec = makeRecord(res, before, mover);
    S.records.push(rec);
    S.selected = null; S.dests = new Map();
    closeChooser();
    queueEffects(rec, !!(opts && opts.animate));
    clearMessage();
    render();
    const r = res.result || g.result();
    if (r && r.result !== '*') { const t = resultText(r); showMessage(t.title + '. ' + t.reason, 'info'); }
  }

  /** The animations of a move, shown at the next board render: the piece's slide (when
   * `slide`; a dragged piece is already there), a castle's rook, a shot, a blast. */
  function queueEffects(rec, slide) {
    if (rec.kind === 'snipe') S.shotFx = { from: rec.from, to: rec.to, victim: rec.captured };
    else if (slide && rec.from) S.anim = { from: rec.from, to: rec.to };
    if (rec.rook) S.alsoAnim = rec.rook;
    if (rec.blasted && rec.blasted.length) S.blastFx = { at: rec.to, victims: rec.blasted };
  }

  function playTo(sq, animate) {
    const cands = S.dests.get(sq) || [];
    if (!cands.length) return;
    if (cands.length === 1) { play(cands[0].move, { animate }); return; }
    openChooser(sq, cands, animate);
  }

  // ---------------------------------------------------------------------------------------
  // The chooser: several legal moves end on one square. When they differ only in what the piece
  // becomes: chess-like promotion offers the pieces in a column over the square (like lichess);
  // shogi asks "Promote?" with the piece after and before. Moves of different kinds (a king's
  // step or a one-square castle; a move or a shot) are offered in words in a small menu by the
  // square. Escape or a click elsewhere cancels.

  const PROMO_ORDER = 'qnrb';

  /** What the chooser offers for `cands`, the engine's descriptions of the moves to one square. */
  function chooserOptions(cands) {
    const from = S.selected && S.selected.kind === 'square' ? S.selected.square : null;
    const piece = from ? pieceAt(from) : null;
    const sameKind = cands.every((d) => d.kind === cands[0].kind);
    const plain = cands.filter((d) => !d.promotion), promoted = cands.filter((d) => d.promotion);
    if (sameKind && piece && plain.length === 1 && promoted.length === 1) {
      const after = promoted[0].promotion, before = pieceInfo(piece).name;
      return {
        kind: 'shogi', question: 'Promote?',
        options: [
          { uci: promoted[0].move, letter: after, choice: '+', label: 'Promote: the ' + before + ' becomes ' + article(pieceInfo(after).name) },
          { uci: plain[0].move, letter: piece, choice: '=', label: 'Do not promote: it stays ' + article(before) },
        ],
      };
    }
    if (sameKind && !plain.length) {
      const opts = promoted.map((d) => ({
        uci: d.move, letter: d.promotion, choice: d.promotion.replace(/^\+/, '').toLowerCase(),
        label: 'Promote to ' + article(pieceInfo(d.promotion).name),
      }));
      const rank = (c) => (PROMO_ORDER.indexOf(c) < 0 ? 9 : PROMO_ORDER.indexOf(c));
      opts.sort((a, b) => rank(a.choice) - rank(b.choice));
      return { kind: 'choice', question: null, options: opts };
    }
    return {
      kind: 'moves', question: 'Which move?',
      options: cands.map((d) => {
        const letters = [piece || d.drop];
        if (d.kind === 'castle' && d.rook && pieceAt(d.rook.from)) letters.push(pieceAt(d.rook.from));
        return { uci: d.move, letters: letters.filter(Boolean), choice: d.kind, label: moveLabel(d, piece) };
      }),
    };
  }

  /** A move in words, for the chooser: "King to g1", "Castle: king g1, rook f1", "Shoot the Rook on c7". */
  function moveLabel(d, piece) {
    const name = piece ? pieceInfo(piece).name : 'piece';
    const target = pieceAt(d.to);
    if (d.kind === 'castle' && d.rook) return 'Castle: king ' + upperSq(d.to) + ', rook ' + upperSq(d.rook.to);
    if (d.kind === 'snipe') return 'Shoot ' + (target ? 'the ' + pieceInfo(target).name + ' ' : '') + 'on ' + upperSq(d.to);
    if (d.kind === 'enPassant') return name + ' takes en passant on ' + upperSq(d.to);
    let t = name + (target ? ' takes on ' : ' to ') + upperSq(d.to);
    if (d.promotion) t += ', becoming ' + article(pieceInfo(d.promotion).name);
    return t;
  }

  function openChooser(sq, cands, animate) {
    const ch = $('chooser');
    const spec = chooserOptions(cands);
    ch.textContent = '';
    ch.dataset.kind = spec.kind;
    ch.dataset.for = sq;
    ch.setAttribute('aria-label', spec.question || 'Promote to');
    // Where the square is on screen: the column starts on it and runs toward the middle; the
    // menu sits next to it, on the side toward the middle.
    const names = [...S.squares.keys()];
    const files = S.meta.files, ranks = S.meta.ranks;
    const i = names.indexOf(sq);
    const col = i % files, row = Math.floor(i / files);
    const down = row < ranks / 2;
    const menu = spec.kind === 'moves';
    const box = document.createElement('div');
    if (menu) {
      // The square the question is about stays visible through the shade.
      const mark = document.createElement('div');
      mark.className = 'chooser-target';
      mark.style.left = (col * 100 / files) + '%';
      mark.style.top = (row * 100 / ranks) + '%';
      mark.style.width = (100 / files) + '%';
      mark.style.height = (100 / ranks) + '%';
      ch.appendChild(mark);
      box.className = 'chooser-menu ' + (down ? 'below' : 'above');
      if (down) box.style.top = ((row + 1) * 100 / ranks) + '%';
      else box.style.bottom = ((ranks - row) * 100 / ranks) + '%';
    } else {
      box.className = 'chooser-col ' + (down ? 'down' : 'up');
      box.style.left = (col * 100 / files) + '%';
      box.style.width = (100 / files) + '%';
      if (down) box.style.top = (row * 100 / ranks) + '%';
      else box.style.bottom = ((ranks - 1 - row) * 100 / ranks) + '%';
    }
    const buttons = [];
    let pressed = false;
    box.addEventListener('pointerdown', () => { pressed = true; });
    for (const o of spec.options) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'chooser-btn' + (menu ? ' chooser-item' : '');
      b.dataset.choice = o.choice;
      b.dataset.move = o.uci;
      b.setAttribute('aria-label', o.label);
      b.title = o.label;
      if (menu) {
        const icons = document.createElement('span');
        icons.className = 'chooser-icons';
        for (const l of o.letters) icons.appendChild(pieceSvg(l));
        b.appendChild(icons);
        const t = document.createElement('span');
        t.className = 'chooser-label';
        t.textContent = o.label;
        b.appendChild(t);
      } else if (o.letter) b.appendChild(pieceSvg(o.letter));
      else b.textContent = o.uci;
      b.addEventListener('click', (e) => {
        // The tap that opened the chooser must not also pick the choice under the finger.
        if (e.detail !== 0 && !pressed) return;
        closeChooser(sq);
        play(o.uci, { animate });
      });
      box.appendChild(b);
      buttons.push(b);
    }
    if (spec.question && !menu) {
      const q = document.createElement('div');
      q.className = 'chooser-question' + (col === 0 ? ' at-left' : col === files - 1 ? ' at-right' : '');
      q.textContent = spec.question;
      box.appendChild(q);
    }
    ch.appendChild(box);
    // In a column, "down" means away from the square; a menu reads top to bottom.
    const reversed = !menu && !down;
    box.addEventListener('keydown', (e) => {
      const k = e.key;
      const at = buttons.indexOf(document.activeElement);
      let next = null;
      if (k === 'Escape') { e.preventDefault(); e.stopPropagation(); deselect(); return; }
      if (k === 'ArrowDown' || k === 'ArrowRight') next = (at + 1) % buttons.length;
      else if (k === 'ArrowUp' || k === 'ArrowLeft') next = (at - 1 + buttons.length) % buttons.length;
      else if (k === 'Home') next = 0;
      else if (k === 'End') next = buttons.length - 1;
      else if (k === 'Tab') next = e.shiftKey ? (at - 1 + buttons.length) % buttons.length : (at + 1) % buttons.length;
      if (next == null) return;
      e.preventDefault();
      if (reversed && (k === 'ArrowDown' || k === 'ArrowUp')) next = k === 'ArrowUp' ? (at + 1) % buttons.length : (at - 1 + buttons.length) % buttons.length;
      if (at < 0) next = 0; // the column itself had the focus: start at the first choice
      buttons[next].focus();
    });
    ch.hidden = false;
    if (menu) {
      // Centred on the square's file, kept inside the board.
      const W = ch.clientWidth, bw = box.offsetWidth;
      const x = (col + 0.5) * W / files - bw / 2;
      box.style.left = Math.max(4, Math.min(W - bw - 4, x)) + 'px';
    }
    hideTooltip();
    // Keyboard users land on the first choice; a mouse or finger gets no focus ring, but the
    // chooser still takes the focus so that Escape, Tab and the arrows work.
    if (S.keyboard) buttons[0].focus({ preventScroll: true });
    else { box.tabIndex = -1; box.focus({ preventScroll: true }); }
  }

  function closeChooser(focusSq) {
    const ch = $('chooser');
    if (!ch || ch.hidden) return;
    const hadFocus = ch.contains(document.activeElement);
    ch.hidden = true;
    ch.textContent = '';
    delete ch.dataset.for;
    if (hadFocus) setCursor(focusSq || S.cursor, true);
  }

  function setupChooser() {
    const ch = $('chooser');
    // Which kind of input came last (for where the chooser puts the focus).
    document.addEventListener('keydown', () => { S.keyboard = true; }, true);
    document.addEventListener('pointerdown', () => { S.keyboard = false; }, true);
    // A press anywhere but on a choice cancels the move (the chooser covers the whole board).
    document.addEventListener('pointerdown', (e) => {
      if (ch.hidden || (e.target.closest && e.target.closest('.chooser-btn'))) return;
      deselect();
      if (ch.contains(e.target)) e.preventDefault();
    }, true);
  }

  function pieceAt(sq) { const el = S.squares.get(sq); return el ? el.dataset.piece || null : null; }

  /** A click (or Enter) on a square. */
  function activateSquare(sq) {
    if (isOver()) { showMessage('The game is over. Start a new game, or undo to play on.', 'info'); return; }
    if (computerToMove()) { computerBusyMessage(); return; }
    const sel = S.selected;
    if (sel && S.dests.has(sq)) { playTo(sq, true); return; }
    const p = pieceAt(sq);
    const turn = S.game.turn();
    if (p && sideOf(p) === turn) {
      if (sel && sel.kind === 'square' && sel.square === sq) deselect();
      else select({ kind: 'square', square: sq });
      return;
    }
    if (sel && sel.kind === 'hand') { refuseDrop(sel.piece, sq); return; }
    if (!sel && p) { showMessage('It is the ' + sides()[turn].possessive + ' turn: that piece belongs to the ' + sides()[other(turn)].name + '.', 'info'); return; }
    deselect();
  }

  function refuseDrop(L, sq) {
    let why = null;
    try { why = S.game.dropError(L, sq); } catch (e) { why = errText(e); }
    const name = pieceInfo(S.game.turn() === 'w' ? L : L.toLowerCase()).name;
    showMessage('You cannot drop the ' + name + ' on ' + upperSq(sq) + ': ' + (why || 'that drop is not legal') + '.', 'error');
  }

  function computerBusyMessage() {
    showMessage(thinking() ? 'The computer is thinking: wait for its move (the menus, Flip, Undo and the rules still work).'
      : 'It is the computer’s turn. Change the level or undo to let it try again.', 'info');
  }

  function activateHand(side, L) {
    if (isOver()) return;
    if (computerToMove()) { computerBusyMessage(); return; }
    const turn = S.game.turn();
    if (side !== turn) { showMessage('It is the ' + sides()[turn].possessive + ' turn: you can only drop from their hand.', 'info'); return; }
    if (S.selected && S.selected.kind === 'hand' && S.selected.piece === L) deselect();
    else select({ kind: 'hand', piece: L });
  }

  // ---------------------------------------------------------------------------------------
  // Pointer input: click-to-move and drag-and-drop (mouse, pen and touch)

  let drag = null;

  function beginDrag(e, source, originEl, wasSelected) {
    drag = { source, originEl, wasSelected, x: e.clientX, y: e.clientY, id: e.pointerId, started: false, ghost: null, over: null,
      threshold: e.pointerType === 'mouse' ? 4 : 8 };
    window.addEventListener('pointermove', onDragMove);
    window.addEventListener('pointerup', onDragEnd);
    window.addEventListener('pointercancel', onDragCancel);
  }

  function squareAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const sq = el && el.closest && el.closest('.sq');
    return sq && $('board').contains(sq) ? sq : null;
  }

  function onDragMove(e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < drag.threshold) return;
      drag.started = true;
      hideTooltip();
      const size = S.squares.values().next().value.getBoundingClientRect().width;
      const g = document.createElement('div');
      g.className = 'drag-piece';
      g.style.width = g.style.height = size + 'px';
      const letter = drag.source.kind === 'square' ? pieceAt(drag.source.square) : (S.game.turn() === 'w' ? drag.source.piece : drag.source.piece.toLowerCase());
      g.appendChild(pieceSvg(letter));
      document.body.appendChild(g);
      drag.ghost = g;
      if (drag.originEl) drag.originEl.classList.add('dragging-origin');
    }
    e.preventDefault();
    drag.ghost.style.left = e.clientX + 'px';
    drag.ghost.style.top = e.clientY + 'px';
    const sq = squareAt(e.clientX, e.clientY);
    if (sq !== drag.over) {
      if (drag.over) drag.over.classList.remove('drag-over');
      drag.over = sq;
      if (sq) sq.classList.add('drag-over');
    }
  }

  function endDragListeners() {
    window.removeEventListener('pointermove', onDragMove);
    window.removeEventListener('pointerup', onDragEnd);
    window.removeEventListener('pointercancel', onDragCancel);
  }

  function cleanupDrag() {
    if (!drag) return;
    if (drag.ghost) drag.ghost.remove();
    if (drag.over) drag.over.classList.remove('drag-over');
    if (drag.originEl) drag.originEl.classList.remove('dragging-origin');
    endDragListeners();
  }

  function onDragEnd(e) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    cleanupDrag();
    drag = null;
    if (d.started) {
      const sqEl = squareAt(e.clientX, e.clientY);
      const sq = sqEl && sqEl.dataset.square;
      if (sq && S.dests.has(sq)) playTo(sq, false);
      else if (sq && d.source.kind === 'hand') refuseDrop(d.source.piece, sq);
      else if (!sq) deselect();
      else if (d.source.kind === 'square' && sq !== d.source.square) deselect();
    } else if (d.wasSelected) {
      deselect();
    }
  }

  function onDragCancel(e) {
    if (!drag || e.pointerId !== drag.id) return;
    cleanupDrag();
    drag = null;
  }

  function setupBoardInput() {
    const board = $('board');
    board.addEventListener('pointerdown', (e) => {
      if (!S.game || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const sqEl = e.target.closest('.sq');
      if (!sqEl) return;
      if (e.pointerType !== 'mouse') e.preventDefault();
      const sq = sqEl.dataset.square;
      setCursor(sq, false);
      if (isOver() || computerToMove()) { activateSquare(sq); return; }
      const sel = S.selected;
      if (sel && S.dests.has(sq)) {
        playTo(sq, true);
        // The chooser opened: keep the focus on it (no focus change from this press).
        if (!$('chooser').hidden) e.preventDefault();
        return;
      }
      const p = sqEl.dataset.piece;
      if (p && sideOf(p) === S.game.turn()) {
        const was = !!(sel && sel.kind === 'square' && sel.square === sq);
        if (!was) select({ kind: 'square', square: sq });
        beginDrag(e, { kind: 'square', square: sq }, sqEl.querySelector('.piece'), was);
        return;
      }
      activateSquare(sq);
    });
    board.addEventListener('contextmenu', (e) => e.preventDefault());
    board.addEventListener('keydown', onBoardKey);
    board.addEventListener('focusin', (e) => {
      const sq = e.target.closest && e.target.closest('.sq');
      if (sq) setCursor(sq.dataset.square, false);
    });

    for (const id of ['pocket-top', 'pocket-bottom']) {
      const pocket = $(id);
      pocket.addEventListener('pointerdown', (e) => {
        const hp = e.target.closest('.hand-piece');
        if (!hp || !S.game || (e.pointerType === 'mouse' && e.button !== 0)) return;
        if (e.pointerType !== 'mouse') e.preventDefault();
        const side = hp.dataset.hand, L = hp.dataset.piece;
        if (isOver() || side !== S.game.turn() || computerToMove()) { activateHand(side, L); return; }
        const was = !!(S.selected && S.selected.kind === 'hand' && S.selected.piece === L);
        if (!was) select({ kind: 'hand', piece: L });
        const again = document.querySelector('[data-hand="' + side + '"][data-piece="' + L + '"]');
        beginDrag(e, { kind: 'hand', piece: L }, again, was);
      });
      // Keyboard activation of a hand piece (Enter/Space on the focused button).
      pocket.addEventListener('click', (e) => {
        const hp = e.target.closest('.hand-piece');
        if (!hp || e.detail !== 0) return;
        activateHand(hp.dataset.hand, hp.dataset.piece);
        // Keyboard users continue on the board: the cursor square takes the focus.
        if (S.selected && S.selected.kind === 'hand' && S.cursor) setCursor(S.cursor, true);
      });
    }
  }

  // ---------------------------------------------------------------------------------------
  // Keyboard

  function setCursor(sq, focus) {
    if (!S.squares.has(sq)) return;
    if (S.cursor && S.squares.has(S.cursor)) S.squares.get(S.cursor).tabIndex = -1;
    S.cursor = sq;
    const el = S.squares.get(sq);
    el.tabIndex = 0;
    if (focus) el.focus();
  }

  function onBoardKey(e) {
    const k = e.key;
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (dirs[k]) {
      e.preventDefault();
      // Move in screen directions: find the cursor's display position.
      const names = [...S.squares.keys()];
      const files = S.meta.files;
      const i = names.indexOf(S.cursor);
      let col = i % files, row = Math.floor(i / files);
      col = Math.max(0, Math.min(files - 1, col + dirs[k][0]));
      row = Math.max(0, Math.min(S.meta.ranks - 1, row + dirs[k][1]));
      setCursor(names[row * files + col], true);
      return;
    }
    if (k === 'Enter' || k === ' ' || k === 'Spacebar') {
      e.preventDefault();
      activateSquare(S.cursor);
      return;
    }
    if (k === 'Escape') { e.preventDefault(); deselect(); }
  }

  function setupGlobalKeys() {
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        if (!$('chooser').hidden) { deselect(); return; }
        if (S.selected) deselect();
        hideTooltip();
        return;
      }
      const t = e.target;
      const typing = t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable);
      if (typing || (t && t.closest && t.closest('#board')) || $('rules').open || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft') { e.preventDefault(); undo(); }
      else if (e.key === 'ArrowRight') { e.preventDefault(); redo(); }
      else if (e.key === 'h' || e.key === 'H') { e.preventDefault(); askHint(); }
    });
  }

  // ---------------------------------------------------------------------------------------
  // Commands

  function undo() {
    if (!S.game) return;
    if (resignedSide()) {
      const spec = currentSpec(); spec.resigned = null;
      try { adopt(buildGame(spec)); showMessage('Resignation taken back.', 'info'); } catch (e) { showMessage(errText(e), 'error'); }
      return;
    }
    if (!S.game.canUndo()) return;
    if (vsComputer()) {
      // Back to the human's previous turn: the computer's reply (or its search) and the human's move.
      const target = humanPlyBefore(S.game.history().length);
      if (target < 0) return;
      cancelJob();
      let guard = 10000;
      while (S.game.history().length > target && S.game.canUndo() && guard--) S.game.undo();
    } else {
      cancelJob();
      S.game.undo();
    }
    S.failedKey = null;
    deselect(true); clearMessage();
    render();
  }

  function redo() {
    if (!S.game || resignedSide() || !S.game.canRedo()) return;
    cancelJob();
    let h = S.game.history().length;
    S.game.redo();
    // Against the computer: on to the human's next turn when the computer's reply is recorded.
    while (vsComputer() && !isOver() && S.game.turn() !== S.opp.side && S.game.canRedo()) { h++; S.game.redo(); }
    const rec = S.records[h];
    deselect(true); clearMessage();
    if (rec && S.game.history()[h] === rec.uci) queueEffects(rec, true);
    render();
  }

  function goToPly(n) {
    const g = S.game;
    cancelJob();
    if (resignedSide()) undo();
    // Against the computer, a position with the computer to move shows its recorded reply too.
    if (vsComputer() && turnAtPly(n) !== S.opp.side && n < S.records.length) n++;
    let guard = 10000;
    while (g.history().length > n && g.canUndo() && guard--) g.undo();
    while (g.history().length < n && g.canRedo() && guard--) g.redo();
    deselect(true); clearMessage();
    render();
  }

  function newGame(variantId) {
    cancelJob();
    try {
      adopt(buildGame({ variant: variantId || S.meta.id, moves: [] }));
      clearMessage();
      $('link-field').value = '';
    } catch (e) { showMessage('Could not start a new game: ' + errText(e), 'error'); }
  }

  const inProgress = () => !!S.game && S.game.history().length > 0 && !isOver();

  /** The variant picker: a new game of the chosen variant, after asking if a game is in progress. */
  function askVariant(id) {
    const sel = $('variant');
    if (!S.meta || id === S.meta.id) { hideVariantConfirm(); return; }
    if (!inProgress()) { switchVariant(id); return; }
    sel.value = S.meta.id; // not switched until confirmed
    const v = S.variants.find((x) => x.id === id);
    const box = $('variant-confirm');
    box.dataset.variant = id;
    $('variant-confirm-text').textContent = 'Start a new game of ' + shortName(v) + '? The ' + shortName(S.meta) +
      ' game in progress will be replaced (use “Copy link” first to keep it).';
    $('variant-confirm-yes').textContent = 'New ' + shortName(v) + ' game';
    box.hidden = false;
    $('variant-confirm-yes').focus();
  }
  function shortName(v) { return v ? String(v.name).replace(/\s*\(.*\)\s*$/, '') : ''; }
  function switchVariant(id) {
    hideVariantConfirm();
    newGame(id);
    if (S.meta.id === id) showMessage('New game: ' + S.meta.name + '.', 'info');
  }
  function hideVariantConfirm(focusPicker) {
    const box = $('variant-confirm');
    if (box.hidden) return;
    box.hidden = true;
    delete box.dataset.variant;
    if (focusPicker) $('variant').focus();
  }
  function setupVariantConfirm() {
    const box = $('variant-confirm');
    $('variant-confirm-yes').addEventListener('click', () => switchVariant(box.dataset.variant));
    $('variant-confirm-no').addEventListener('click', () => hideVariantConfirm(true));
    box.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); hideVariantConfirm(true); } });
    document.addEventListener('pointerdown', (e) => {
      if (!box.hidden && !box.contains(e.target) && !$('variant').contains(e.target)) hideVariantConfirm();
    }, true);
  }

  function armed(btn, label, action) {
    if (btn.classList.contains('armed')) { disarm(btn); action(); return; }
    btn.classList.add('armed');
    btn.dataset.label = btn.textContent;
    btn.textContent = label;
    btn._t = setTimeout(() => disarm(btn), 4000);
  }
  function disarm(btn) {
    if (!btn.classList.contains('armed')) return;
    clearTimeout(btn._t);
    btn.classList.remove('armed');
    btn.textContent = btn.dataset.label || btn.textContent;
  }

  function resign() {
    if (!S.game || isOver()) return;
    const side = vsComputer() ? S.opp.side : S.game.turn();
    if (!$('btn-resign').classList.contains('armed')) showMessage('Click “Confirm” to resign for the ' + sides()[side].name + '.', 'info');
    armed($('btn-resign'), 'Confirm', () => {
      if (isOver()) return;
      cancelJob();
      try { S.game.resign(side); } catch (e) { showMessage(errText(e), 'error'); return; }
      deselect(true);
      render();
      const t = resultText(S.game.result());
      showMessage(t.title + '. ' + t.reason, 'info');
    });
  }

  function flip() {
    S.orientation = other(S.orientation);
    savePrefs();
    buildBoard();
    render();
  }

  async function copyText(text, input) {
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) { await navigator.clipboard.writeText(text); return true; }
    } catch (_) { /* fall through */ }
    try {
      if (input) { input.focus(); input.select(); return document.execCommand('copy'); }
    } catch (_) { /* ignore */ }
    return false;
  }

  function importPosition() {
    const f = $('fen-field');
    const text = f.value.trim();
    if (!text) { showMessage('Paste a position string into the box first.', 'error'); return; }
    try {
      adopt(buildGame({ variant: S.meta.id, startFen: text, moves: [] }));
      f.blur();
      $('fen-field').value = S.game.fen();
      showMessage('Position loaded. A new game starts from it.', 'info');
    } catch (e) {
      showMessage('Could not load that position: ' + errText(e) + '. Your current game was kept.', 'error');
    }
  }

  function gameLink() {
    const spec = currentSpec();
    const v = S.variants.find((x) => x.id === spec.variant);
    const q = new URLSearchParams();
    q.set('v', spec.variant);
    if (!v || spec.startFen !== v.startFen) q.set('fen', spec.startFen);
    if (spec.moves.length) q.set('moves', spec.moves.join(','));
    if (spec.resigned) q.set('resigned', spec.resigned);
    if (vsComputer()) { q.set('vs', 'computer'); q.set('side', S.opp.side); q.set('level', String(S.opp.level)); }
    return location.href.split('#')[0] + '#' + q.toString();
  }

  /** Reads a game from location.hash. Returns null if the hash names no game. Throws on a bad one. */
  function specFromHash() {
    const h = location.hash.replace(/^#/, '');
    if (!h) return null;
    const q = new URLSearchParams(h);
    const opp = (q.has('vs') || q.has('side') || q.has('level')) ? { vs: q.get('vs'), side: q.get('side'), level: q.get('level') } : null;
    if (!q.has('v') && !q.has('fen') && !q.has('moves')) return opp ? { oppOnly: true, opp } : null;
    const spec = { variant: q.get('v') || DEFAULT_VARIANT, startFen: q.get('fen') || null, moves: [], resigned: q.get('resigned'), opp };
    const mv = q.get('moves');
    // A hand-written link may carry shogi's "+" unencoded, which URLSearchParams reads as a space;
    // move texts never contain spaces, so a space after a move is its "+".
    if (mv) spec.moves = mv.split(',').map((s) => s.replace(/^\s+/, '').replace(/\s/g, '+')).filter(Boolean);
    return spec;
  }

  /** Sets the opponent settings without rendering; a running search is cancelled. Against the
   * computer the human's side goes to the bottom when `face` (a new opponent or side). */
  function takeOpp(opp, face) {
    cancelJob();
    S.failedKey = null;
    S.opp = Object.assign({}, opp);
    if (face && opp.vs === 'computer' && S.orientation !== opp.side) {
      S.orientation = opp.side;
      savePrefs();
      if (S.meta) buildBoard();
    }
  }

  function clearHash() {
    try { history.replaceState(null, '', location.href.split('#')[0]); } catch (_) { /* ignore */ }
  }

  /** Loads the game named by location.hash. Returns true if it did; on a bad link, returns the
   * error text (the caller keeps or restores the game and says so). */
  function loadFromHash() {
    let spec;
    try { spec = specFromHash(); } catch (e) { spec = null; }
    if (!spec) return false;
    if (spec.oppOnly) {
      // A link with opponent settings only: they apply to the game on the board (at boot, once
      // the saved game is restored).
      if (!S.game) return false;
      clearHash();
      const o = parseOpp(spec.opp);
      setOpponent(o.opp, 'quiet');
      if (o.bad.length) showMessage('Some opponent settings in the link were damaged (' + o.bad.join(', ') + '): ' + oppSummary() + '.', 'error');
      else showMessage('Opponent settings loaded from the link: ' + oppSummary() + '.', 'info');
      return true;
    }
    try {
      const built = buildGame(spec);
      // A link without opponent settings is a game between two people.
      const o = parseOpp(spec.opp || {});
      takeOpp(o.opp, true);
      adopt(built, { rebuild: true });
      clearHash();
      if (o.bad.length) showMessage('Game loaded from the link, but some opponent settings were damaged (' + o.bad.join(', ') + '): ' + oppSummary() + '.', 'error');
      else showMessage('Game loaded from the link' + (vsComputer() ? ': ' + oppSummary() : '') + '.', 'info');
      return true;
    } catch (e) {
      clearHash();
      return 'That link could not be loaded: ' + errText(e) + '.';
    }
  }

  function loadSaved() {
    let raw = null;
    try { raw = localStorage.getItem(SAVE_KEY); } catch (_) { return false; }
    if (raw == null) return false;
    try {
      const d = JSON.parse(raw);
      if (!d || typeof d !== 'object' || typeof d.variant !== 'string' || !Array.isArray(d.moves)) throw new Error('unreadable save');
      const built = buildGame({ variant: d.variant, startFen: typeof d.startFen === 'string' ? d.startFen : null, moves: d.moves, resigned: d.resigned });
      const o = parseOpp(d);
      takeOpp(o.opp, true);
      adopt(built);
      if (o.bad.length) showMessage('The saved opponent settings were damaged (' + o.bad.join(', ') + '); now ' + oppSummary() + '.', 'error');
      return true;
    } catch (e) {
      try { adopt(buildGame({ variant: DEFAULT_VARIANT, moves: [] })); } catch (_) { adopt(buildGame({ variant: S.variants[0].id, moves: [] })); }
      showMessage('The saved game was damaged and could not be restored (' + errText(e) + '). A new game was started.', 'error');
      return true;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Rules dialog

  /** The rules dialog explains the current variant (zilo's full rules, a summary for the others).
   * An element's data-rules lists the variants it is for; data-fill parts are filled from the
   * engine's description of the variant (its name, start position and piece table). */
  function showRulesFor(id) {
    const dlg = $('rules');
    const forId = (el) => el.dataset.rules.split(/\s+/).includes(id);
    const known = [...dlg.querySelectorAll('.rules-body[data-rules]')].some(forId);
    for (const el of dlg.querySelectorAll('[data-rules]')) el.hidden = known ? !forId(el) : !el.dataset.rules.split(/\s+/).includes('zilo');
    const meta = S.variants.find((v) => v.id === id);
    if (meta) {
      for (const el of dlg.querySelectorAll('[data-fill="variant-name"]')) el.textContent = meta.name;
      for (const el of dlg.querySelectorAll('[data-fill="start-fen"]')) el.textContent = meta.startFen;
      for (const t of dlg.querySelectorAll('table[data-fill="pieces"]')) fillPieceTable(t.tBodies[0], meta);
    }
    $('rules-open').title = 'How to play ' + (S.meta ? shortName(S.meta) : '');
  }

  function fillPieceTable(body, meta) {
    body.textContent = '';
    for (const p of meta.pieces) {
      const inf = P.info(meta.id, meta, p.letter, 'w');
      const tr = document.createElement('tr');
      const td = document.createElement('td');
      for (const l of [p.letter, p.letter.toLowerCase()]) {
        const tok = document.createElement('span');
        tok.className = 'table-token';
        tok.appendChild(P.svg(meta.id, l, { down: false, meta }));
        td.appendChild(tok);
      }
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = p.name + ' (' + p.letter + ')';
      const mv = document.createElement('td');
      mv.textContent = inf.moves ? inf.moves.charAt(0).toUpperCase() + inf.moves.slice(1) : '';
      tr.append(td, th, mv);
      body.appendChild(tr);
    }
  }

  function setupRules() {
    const dlg = $('rules');
    for (const el of dlg.querySelectorAll('[data-token]')) {
      const variant = el.dataset.variant || 'zilo';
      el.textContent = '';
      el.appendChild(P.svg(variant, el.dataset.token, { down: false }));
      const meta = S.variants.find((v) => v.id === variant);
      if (meta) el.title = P.info(variant, meta, el.dataset.token, sideOf(el.dataset.token)).label;
    }
    $('rules-open').addEventListener('click', () => { hideTooltip(); if (typeof dlg.showModal === 'function') dlg.showModal(); else dlg.setAttribute('open', ''); });
    $('rules-close').addEventListener('click', () => dlg.close());
    dlg.addEventListener('click', (e) => { if (e.target === dlg) dlg.close(); });
  }

  // ---------------------------------------------------------------------------------------
  // Boot

  function fatal(text) {
    const l = $('board-loading');
    l.hidden = false;
    l.classList.add('error');
    l.textContent = text;
  }

  async function boot() {
    if (!globalThis.Zilo || !globalThis.Zilo.ready) {
      fatal('The game engine (engine.js) is missing. Build it with “make www”.');
      return;
    }
    try { await Zilo.ready; } catch (e) { fatal('The game engine failed to start: ' + errText(e)); return; }
    try { S.variants = Array.from(Zilo.variants()).map((v) => Object.assign({}, toObj(v), { pieces: Array.from(toObj(v).pieces || []).map(toObj) })); } catch (e) { fatal('The game engine failed to start: ' + errText(e)); return; }
    if (!S.variants.length) { fatal('The engine reports no variants.'); return; }
    loadPrefs();
    const sel = $('variant');
    sel.textContent = '';
    for (const v of S.variants) {
      const o = document.createElement('option');
      o.value = v.id;
      o.textContent = v.name;
      o.title = v.name + (v.files ? ' · ' + v.files + '×' + v.ranks + ' board' : '');
      sel.appendChild(o);
    }
    sel.disabled = false;
    sel.addEventListener('change', () => askVariant(sel.value));
    setupVariantConfirm();

    setupBoardInput();
    setupChooser();
    setupGlobalKeys();
    setupTooltips();
    setupRules();
    $('btn-undo').addEventListener('click', undo);
    $('btn-redo').addEventListener('click', redo);
    $('btn-flip').addEventListener('click', flip);
    $('btn-resign').addEventListener('click', resign);
    $('btn-hint').addEventListener('click', askHint);
    setupOpponent();
    $('btn-new').addEventListener('click', (e) => {
      if (!inProgress()) { newGame(); return; }
      armed(e.currentTarget, 'Start over?', () => newGame());
    });
    $('moves').addEventListener('click', (e) => {
      const b = e.target.closest('.mv[data-ply]');
      if (b) goToPly(parseInt(b.dataset.ply, 10));
    });
    $('btn-fen-load').addEventListener('click', importPosition);
    $('fen-field').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); importPosition(); } });
    $('btn-fen-copy').addEventListener('click', async () => {
      const f = $('fen-field');
      f.value = S.game.fen();
      const ok = await copyText(f.value, f);
      showMessage(ok ? 'Position string copied.' : 'Select the position string in the box and copy it.', 'info');
    });
    $('btn-link').addEventListener('click', async () => {
      const lf = $('link-field');
      lf.value = gameLink();
      const ok = await copyText(lf.value, lf);
      showMessage(ok ? 'Link copied: it replays this game.' : 'Copy the link from the box: it replays this game.', 'info');
    });
    window.addEventListener('hashchange', () => {
      const r = loadFromHash();
      if (typeof r === 'string') showMessage(r + ' Your current game was kept.', 'error');
    });
    window.addEventListener('resize', hideTooltip);
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => { if (S.pinMoves) scrollMoves(); }).observe($('moves'));

    const fromLink = loadFromHash();
    if (fromLink !== true) {
      const restored = loadSaved();
      if (!restored) adopt(buildGame({ variant: S.variants.some((v) => v.id === DEFAULT_VARIANT) ? DEFAULT_VARIANT : S.variants[0].id, moves: [] }));
      if (typeof fromLink === 'string') {
        const extra = $('message').hidden ? '' : ' ' + $('message').textContent;
        showMessage(fromLink + (restored ? ' Your saved game was kept.' : ' A new game was started.') + extra, 'error');
      }
    }
    if (location.hash) loadFromHash(); // a link with opponent settings only
    $('board-loading').hidden = true;
    document.body.dataset.ready = '1';
  }

  boot().catch((e) => fatal('Something went wrong: ' + errText(e)));
})();
