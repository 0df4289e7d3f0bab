/* Analysis mode: the engine's best lines of the position shown, an evaluation bar, and an
 * analysis of the whole game (every move evaluated at a fixed budget, mistakes marked, a graph).
 *
 * The engine's Game.analyse is synchronous, so it runs in a Web Worker started from a Blob URL
 * that embeds Zilo.engineSource (no request: it works from file:// as from http). The worker
 * deepens one depth per call (the game it keeps keeps its search table, so each call costs
 * little more than the last depth) and gives the event loop a turn between calls: a new
 * position (or stop) is read before the next depth, and every answer carries the id of the
 * request it answers, so the page never shows lines of a position it has left.
 *
 * Scores: the engine gives them from the side to move; the page turns them to the first
 * player's view (`cp`, `mate`), and the bar shows the side at the bottom's share.
 *
 *   setup({board, box});   // the page's analysis box (www/index.html #analysis)
 */
import { t, num } from './i18n.js';
import { engineMessage } from './engine-words.js';
import { svgElement as svg } from './svg.js';
import { workerUrl } from './engine-worker.js';

/** The deepest the live analysis goes, and the most a step may take (ms). */
const MAX_DEPTH = 40;
const STEP_MS = 4000;
/** The budget of each position in an analysis of the game (nodes). */
export const GAME_NODES = 30000;
/** The score of a finished game won (the first player's view: +DECIDED, −DECIDED). */
const DECIDED = 100000;
/** The most lines shown. */
const LINES = 3;
/** Moves of a line shown. */
const SHOWN_MOVES = 8;

// ------------------------------------------------------------------------------------------
// Scores and judgements

/** A score from the side to move, in the first player's view. @param {{score: number, mate:
 * number | null}} line @param {string} turn 'w' or 'b' @returns {{cp: number, mate: number | null}} */
export function whiteView(line, turn) {
  const s = turn === 'w' ? 1 : -1;
  return { cp: s * line.score || 0, mate: line.mate == null ? null : s * line.mate };
}

/** Lichess's winning chances, −1 … 1, of an evaluation in the first player's view (a mate is
 * a certain win or loss). @param {{cp: number, mate: number | null}} ev */
export function winChances(ev) {
  if (ev.mate != null) return ev.mate > 0 ? 1 : -1;
  if (Math.abs(ev.cp) >= DECIDED) return Math.sign(ev.cp);
  const cp = Math.max(-1000, Math.min(1000, ev.cp));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** How bad a move was, by lichess's thresholds on the mover's loss of winning chances: '??'
 * (0.3 or more), '?' (0.2), '?!' (0.1), or null. @param {{cp: number, mate: number | null}}
 * before @param {{cp: number, mate: number | null}} after @param {string} mover 'w' or 'b' */
export function judgement(before, after, mover) {
  const loss = (winChances(before) - winChances(after)) * (mover === 'w' ? 1 : -1);
  if (loss >= 0.3) return '??';
  if (loss >= 0.2) return '?';
  if (loss >= 0.1) return '?!';
  return null;
}

/** An evaluation as players read it, from `side`'s view: `+0.35`, `−1.20`, `M3`, `−M3`. */
export function scoreText(ev, side) {
  const s = side === 'w' ? 1 : -1;
  if (ev.mate != null) return (ev.mate * s > 0 ? '' : '−') + 'M' + Math.abs(ev.mate);
  const v = (ev.cp * s) / 100;
  return (v > 0 ? '+' : v < 0 ? '−' : '') + num(Math.abs(v), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

// ------------------------------------------------------------------------------------------
// The worker

/** Runs inside the worker (its source text is copied into the Blob: engine-worker.js). */
function workerMain(scope, ziloEngine, keptGame) {
  var engine = ziloEngine(scope);
  var failed = null;
  var ready = engine.ready.catch(function (e) { failed = e; });
  var kept = null, g = null, job = null, timer = null;
  function reply(msg) { scope.postMessage(msg); }
  function text(e) { return String(e && e.message ? e.message : e).split('\n')[0]; }
  /** Brings the kept game to the position after `moves` (engine-worker.js: its table stays). */
  function seat(variant, startFen, moves) {
    if (!kept) kept = keptGame(engine.bindings);
    g = kept.seat(variant, startFen, moves);
  }
  function over() { var r = g.result(); return r.result !== '*' ? r : null; }
  function step() {
    timer = null;
    var j = job;
    if (!j) return;
    try {
      if (j.type === 'position') {
        if (j.depth === 0) {
          seat(j.variant, j.startFen, j.moves);
          var done = over();
          if (done) { reply({ id: j.id, kind: 'over', result: done.result }); job = null; return; }
        }
        j.depth++;
        var a = g.analyse({ multiPv: j.multiPv, depth: j.depth, timeMs: j.stepMs });
        reply({ id: j.id, kind: 'lines', analysis: a, turn: g.turn(), fen: g.fen() });
        if (a.stopped || j.depth >= j.maxDepth || !a.lines.length) { reply({ id: j.id, kind: 'done' }); job = null; return; }
      } else if (j.type === 'game') {
        seat(j.variant, j.startFen, j.moves.slice(0, j.ply));
        var end = over();
        if (end) reply({ id: j.id, kind: 'eval', ply: j.ply, result: end.result });
        else {
          var b = g.analyse({ multiPv: 1, nodes: j.nodes });
          var l = b.lines[0];
          reply({ id: j.id, kind: 'eval', ply: j.ply, turn: g.turn(), score: l ? l.score : 0, mate: l ? l.mate : null, best: l ? l.san[0] : null });
        }
        j.ply++;
        if (j.ply > j.moves.length) { reply({ id: j.id, kind: 'done' }); job = null; return; }
      }
    } catch (e) {
      reply(e && e.code ? { id: j.id, kind: 'error', error: text(e), said: { code: String(e.code), args: Object.assign({}, e.args) } } : { id: j.id, kind: 'error', error: text(e) });
      job = null;
      return;
    }
    timer = setTimeout(step, 0);
  }
  scope.onmessage = function (ev) {
    var req = ev.data || {};
    ready.then(function () {
      if (failed) { reply({ id: req.id, kind: 'error', error: text(failed) }); return; }
      if (timer) { clearTimeout(timer); timer = null; }
      job = req.type === 'stop' ? null : Object.assign({ depth: 0, ply: 0 }, req);
      if (job) timer = setTimeout(step, 0); else reply({ id: req.id, kind: 'stopped' });
    });
  };
  reply({ ready: true });
}

let sharedUrl = null;

/** A step running longer than this (ms) when the position changes is not waited for: the
 * worker is replaced by a fresh one (a step may take seconds at depth). */
const RESTART_MS = 300;

/** The analysis worker: `send(request, onReply)` replaces the running request (its later
 * answers are dropped); `stop()` ends it. */
export function createAnalyser(engineSource) {
  let worker = null, nextId = 1, current = 0, onReply = null;
  // Whether the worker is on a request (until its last answer), and when it last spoke.
  let busy = false, heard = 0;
  const stats = { started: 0, replaced: 0 };
  /** A worker deep in a step would answer the new request only after it: replaced instead. */
  function unstick() {
    if (worker && busy && performance.now() - heard > RESTART_MS) {
      worker.terminate();
      worker = null;
      stats.replaced++;
    }
  }
  function start() {
    if (worker) return worker;
    if (!sharedUrl) sharedUrl = workerUrl(engineSource, workerMain);
    const w = new Worker(sharedUrl, { name: 'zilo-analysis' });
    stats.started++;
    heard = performance.now();
    w.onmessage = (ev) => {
      if (w !== worker) return;
      const d = ev.data || {};
      heard = performance.now();
      if (d.id === current && (d.kind === 'done' || d.kind === 'over' || d.kind === 'error' || d.kind === 'stopped')) busy = false;
      if (d.ready || d.id !== current || !onReply) return;  // a stale answer: never shown
      onReply(d);
    };
    w.onerror = (ev) => {
      if (ev && ev.preventDefault) ev.preventDefault();
      if (onReply) onReply({ id: current, kind: 'error', error: (ev && ev.message) || t('computer.workerFailed') });
      w.terminate();
      if (worker === w) worker = null;
    };
    worker = w;
    return w;
  }
  return {
    send(req, cb) {
      unstick();
      current = nextId++;
      onReply = cb;
      busy = true;
      heard = performance.now();
      start().postMessage(Object.assign({ id: current }, req));
      return current;
    },
    stop() {
      current = nextId++;
      onReply = null;
      if (worker) { busy = true; worker.postMessage({ id: current, type: 'stop' }); }
    },
    current: () => current,
    stats,
  };
}

// ------------------------------------------------------------------------------------------
// The view

/**
 * Wires the page's analysis box: the switch, the bar, the lines, "Analyse the game" and its graph.
 * `initial`: the switch on at the start; `onToggle(on)` is told each change (to remember it).
 * @param {{board: any, box: HTMLElement, initial?: boolean, onToggle?: (on: boolean) => void}} o
 */
export function setup(o) {
  const { board, box } = o;
  const $ = (id) => /** @type {HTMLElement} */ (box.querySelector('#' + id));
  const on = /** @type {HTMLInputElement} */ ($('analysis-on'));
  const body = $('analysis-body'), bar = $('eval-bar'), fill = $('eval-fill'), barText = $('eval-text');
  const info = $('analysis-info'), lines = $('analysis-lines'), gameBtn = /** @type {HTMLButtonElement} */ ($('btn-analyse-game'));
  const graph = $('analysis-graph'), gameInfo = $('analysis-game-info');
  let analyser = null, shownKey = null, gameRun = null;
  /** The analysis of the game last made: {moves, evals (first player's view, by ply), marks}. */
  let review = null;

  const engine = () => analyser || (analyser = createAnalyser(Zilo.engineSource));
  const state = () => board.state();
  const key = (s) => s.variant + '|' + s.startFen + '|' + board.movesToHere().join(',');
  const canAnalyse = (s) => s.phase !== 'setup' && s.mode !== 'online';

  let lastEv = null;
  function setBar(ev) {
    lastEv = ev;
    const bottom = board.orientation;
    bar.dataset.side = bottom;
    const share = ev ? (1 + winChances(ev) * (bottom === 'w' ? 1 : -1)) / 2 : 0.5;
    fill.style.width = (share * 100).toFixed(1) + '%';
    bar.dataset.share = share.toFixed(3);
    barText.textContent = ev ? scoreText(ev, bottom) : '';
    bar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    bar.setAttribute('aria-valuetext', ev ? t('analysis.bar.text', { score: scoreText(ev, bottom) }) : '');
  }

  function showLines(d) {
    const a = d.analysis;
    lines.textContent = '';
    lines.dataset.fen = d.fen;
    a.lines.forEach((l, i) => {
      const ev = whiteView(l, d.turn);
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'line';
      b.dataset.index = String(i);
      b.dataset.move = l.move;
      b.dataset.pv = l.pv.slice(0, SHOWN_MOVES).join(' ');
      const sc = document.createElement('span');
      sc.className = 'line-score';
      sc.textContent = scoreText(ev, 'w');
      const mv = document.createElement('span');
      mv.className = 'line-moves';
      mv.textContent = l.san.slice(0, SHOWN_MOVES).join(' ');
      b.append(sc, ' ', mv);
      b.title = t('analysis.line.play');
      b.addEventListener('click', () => board.playVariation(l.pv.slice(0, SHOWN_MOVES)));
      li.appendChild(b);
      lines.appendChild(li);
    });
    if (a.lines.length) setBar(whiteView(a.lines[0], d.turn));
    const speed = a.timeMs > 0 ? Math.round(a.nodes / a.timeMs) : 0;
    info.textContent = t('analysis.depth', { depth: a.depth, speed: num(speed) });
    info.dataset.depth = String(a.depth);
  }

  function onReply(d) {
    if (d.kind === 'lines') showLines(d);
    else if (d.kind === 'over') {
      lines.textContent = '';
      lines.dataset.fen = board.fen();
      const ev = { cp: d.result === '1-0' ? DECIDED : d.result === '0-1' ? -DECIDED : 0, mate: null };
      setBar(ev);
      barText.textContent = d.result;
      info.textContent = t('analysis.over', { result: d.result });
    } else if (d.kind === 'done') info.dataset.done = '1';
    else if (d.kind === 'error') info.textContent = t('analysis.failed', { error: d.said ? engineMessage(d.said, board.variant) : d.error });
  }

  /** Analyses the position shown, unless it is already being analysed. */
  function refresh(force) {
    const s = state();
    const active = on.checked && canAnalyse(s);
    body.hidden = !on.checked;
    gameBtn.disabled = !active || !!gameRun || !s.moves.length;
    if (!on.checked) { if (analyser) analyser.stop(); shownKey = null; return; }
    if (!canAnalyse(s)) {
      if (analyser) analyser.stop();
      shownKey = null;
      lines.textContent = '';
      info.textContent = t(s.phase === 'setup' ? 'analysis.setup' : 'analysis.online');
      setBar(null);
      return;
    }
    if (gameRun) return;
    const k = key(s);
    if (!force && k === shownKey) return;
    shownKey = k;
    lines.textContent = '';
    delete lines.dataset.fen;
    delete info.dataset.done;
    info.textContent = t('analysis.thinking');
    engine().send({ type: 'position', variant: s.variant, startFen: s.startFen, moves: board.movesToHere(), multiPv: LINES, maxDepth: MAX_DEPTH, stepMs: STEP_MS }, onReply);
  }

  // ---- the game's analysis

  function drawGraph() {
    graph.textContent = '';
    if (!review) { graph.hidden = true; return; }
    graph.hidden = false;
    const n = review.evals.length - 1, W = 300, H = 60;
    const x = (i) => (n ? (i / n) * W : 0);
    const y = (ev) => ((1 - winChances(ev)) / 2) * H;
    const s = svg('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': t('analysis.graph') });
    s.appendChild(svg('rect', { x: 0, y: 0, width: W, height: H, class: 'graph-bg' }));
    const pts = review.evals.map((ev, i) => x(i).toFixed(1) + ',' + y(ev).toFixed(1));
    s.appendChild(svg('polygon', { points: `0,${H} ` + pts.join(' ') + ` ${W},${H}`, class: 'graph-white' }));
    s.appendChild(svg('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'graph-mid' }));
    for (const [ply, glyph] of Object.entries(review.marks)) {
      const i = Number(ply);
      s.appendChild(svg('circle', { cx: x(i), cy: y(review.evals[i]), r: 2.5, class: 'graph-mark graph-' + ({ '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' })[glyph], 'data-ply': String(i) }));
    }
    const cur = board.ply;
    if (!state().variations.length || cur <= n) s.appendChild(svg('line', { x1: x(Math.min(cur, n)), y1: 0, x2: x(Math.min(cur, n)), y2: H, class: 'graph-now' }));
    graph.appendChild(s);
  }

  graph.addEventListener('click', (e) => {
    if (!review) return;
    const r = graph.getBoundingClientRect();
    const n = review.evals.length - 1;
    const ply = Math.max(0, Math.min(n, Math.round(((e.clientX - r.left) / r.width) * n)));
    board.goToMain(ply);
  });

  function analyseGame() {
    const s = state();
    if (!canAnalyse(s) || !s.moves.length) return;
    const moves = s.moves.slice();
    const evals = new Array(moves.length + 1);
    gameRun = { moves };
    gameBtn.disabled = true;
    review = null;
    drawGraph();
    board.setGlyphs(null);
    gameInfo.textContent = t('analysis.game.running', { done: 0, total: moves.length + 1 });
    engine().send({ type: 'game', variant: s.variant, startFen: s.startFen, moves, nodes: GAME_NODES }, (d) => {
      if (d.kind === 'eval') {
        evals[d.ply] = d.result ? { cp: d.result === '1-0' ? DECIDED : d.result === '0-1' ? -DECIDED : 0, mate: null } : whiteView(d, d.turn);
        gameInfo.textContent = t('analysis.game.running', { done: d.ply + 1, total: moves.length + 1 });
      } else if (d.kind === 'done') finishGame(s, moves, evals);
      else if (d.kind === 'error') {
        gameRun = null;
        gameInfo.textContent = t('analysis.failed', { error: d.said ? engineMessage(d.said, s.variant) : d.error });
        refresh(true);
      }
    });
  }

  function finishGame(s, moves, evals) {
    const marks = {};
    const counts = { '??': 0, '?': 0, '?!': 0 };
    const first = s.startFen.split(' ')[1] === 'b' ? 'b' : 'w';
    for (let i = 1; i <= moves.length; i++) {
      const mover = (i - 1) % 2 === 0 ? first : first === 'w' ? 'b' : 'w';
      const j = judgement(evals[i - 1], evals[i], mover);
      if (j) { marks[i] = j; counts[j]++; }
    }
    review = { moves, evals, marks };
    gameRun = null;
    board.setGlyphs(moves, marks);
    gameInfo.textContent = t('analysis.game.done', { blunders: counts['??'], mistakes: counts['?'], inaccuracies: counts['?!'] });
    drawGraph();
    refresh(true);
  }

  gameBtn.addEventListener('click', analyseGame);
  on.checked = !!o.initial;
  on.addEventListener('change', () => { refresh(true); if (o.onToggle) o.onToggle(on.checked); });
  board.addEventListener('update', () => {
    refresh(false);
    // The review belongs to its game: a game whose main line no longer starts with it drops it.
    if (review) {
      const m = board.moves();
      if (review.moves.some((mv, i) => m[i] !== mv)) { review = null; gameInfo.textContent = ''; board.setGlyphs(null); }
      drawGraph();
    }
  });
  // The bar's side follows the board's orientation (a flip re-draws it).
  board.addEventListener('update', () => { if (lastEv && bar.dataset.side !== board.orientation) setBar(lastEv); });
  refresh(true);
  return { refresh };
}
