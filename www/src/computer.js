/* The computer player: the engine in a Web Worker.
 * The engine's search (game.bestMove) is synchronous, so it runs in a worker started from a
 * Blob URL that embeds Zilo.engineSource: no request, so it works from file:// as from http.
 * The worker keeps one engine game (and its search table) per game, from move to move.
 * A running search cannot be interrupted by a message: cancel() terminates the worker and the
 * next request starts a fresh one. A reply is delivered only for the request still wanted.
 *
 *   const c = create(Zilo.engineSource);
 *   c.ask({variant, startFen, moves, options}, (reply) => reply.result || reply.error);
 *   c.cancel();
 */
import { t } from './i18n.js';
import { workerUrl } from './engine-worker.js';

/** The computer's levels by number, each read as its name in the page's language (page.level.N).
 * @type {Record<number, string>} */
export const LEVELS = {};
for (const n of [1, 2, 3, 4, 5]) Object.defineProperty(LEVELS, n, { enumerable: true, get: () => t('page.level.' + n) });

/** Runs inside the worker (its source text is copied into the Blob: engine-worker.js).
 * It has no catalogs: a failure of its own goes out as a code with its detail
 * ({code: 'engine-start', detail}), worded by the main thread in the page's language. */
function workerMain(scope, ziloEngine, keptGame) {
  var engine = ziloEngine(scope);
  var failed = null;
  var ready = engine.ready.catch(function (e) { failed = e; });
  function reply(msg) { scope.postMessage(msg); }
  function text(e) { return String(e && e.message ? e.message : e).split('\n')[0]; }
  // One engine game per game asked about, kept from one request to the next with its search
  // table (bestMove's keepTable): see engine-worker.js.
  var kept = null;
  scope.onmessage = function (ev) {
    var req = ev.data || {};
    ready.then(function () {
      if (failed) { reply({ id: req.id, code: 'engine-start', detail: text(failed) }); return; }
      if (!kept) kept = keptGame(engine.bindings);
      try {
        var g = kept.seat(req.variant, req.startFen, req.moves || []);
        var options = Object.assign({}, req.options || {}, { keepTable: true });
        reply({ id: req.id, result: g.bestMove(options) }); // a plain object: it crosses postMessage as is
      } catch (e) {
        // A game left half-seated is made afresh at the next request.
        kept.drop();
        // The engine's refusal goes with its code and arguments: the page words it.
        reply(e && e.code ? { id: req.id, error: text(e), said: { code: String(e.code), args: Object.assign({}, e.args) } } : { id: req.id, error: text(e) });
      }
    });
  };
  reply({ ready: true });
}

var sharedUrl = null;

/** The worker's own failures, sent as codes, in the page's words. */
var CODES = { 'engine-start': 'computer.engineFailed' };
function worded(d) {
  if (!d.code || d.error) return d;
  return { id: d.id, error: t(CODES[d.code] || 'computer.failed', { error: d.detail || d.code }) };
}

export function create(engineSource) {
  var worker = null;
  var nextId = 1;
  var pending = null;   // {id, onDone}
  var stats = { started: 0, terminated: 0, asked: 0, answered: 0, ignored: 0 };

  // One Blob URL for every board on the page (each board has its own worker).
  function blobUrl() {
    if (!sharedUrl) sharedUrl = workerUrl(engineSource, workerMain);
    return sharedUrl;
  }

  function fail(text) {
    var p = pending;
    pending = null;
    kill();
    if (p) p.onDone({ id: p.id, error: text });
  }

  function start() {
    if (worker) return worker;
    var w = new Worker(blobUrl(), { name: 'zilo-computer' });
    stats.started++;
    w.onmessage = function (ev) {
      var d = ev.data || {};
      if (w !== worker || d.ready) return;
      if (!pending || d.id !== pending.id) { stats.ignored++; return; }  // a stale answer
      var p = pending;
      pending = null;
      stats.answered++;
      p.onDone(worded(d));
    };
    w.onerror = function (ev) {
      if (w !== worker) return;
      if (ev && ev.preventDefault) ev.preventDefault();
      fail(t('computer.stopped', { error: (ev && ev.message) || t('computer.workerFailed') }));
    };
    w.onmessageerror = function () { if (w === worker) fail(t('computer.unreadable')); };
    worker = w;
    return w;
  }

  function kill() {
    if (!worker) return;
    worker.terminate();
    stats.terminated++;
    worker = null;
  }

  return {
    /** Starts the worker ahead of the first request (it compiles the engine). */
    warm: function () { try { start(); } catch (_) { /* reported at the first request */ } },
    /** Asks for a best move; a request still running is cancelled first. Returns the id. */
    ask: function (job, onDone) {
      if (pending) this.cancel();
      var id = nextId++;
      pending = { id: id, onDone: onDone };
      stats.asked++;
      try {
        start().postMessage({ id: id, variant: job.variant, startFen: job.startFen || null, moves: job.moves || [], options: job.options || {} });
      } catch (e) {
        fail(t('computer.noStart', { error: String(e && e.message ? e.message : e) }));
      }
      return id;
    },
    /** Forgets the running request: its worker is terminated (a search cannot be interrupted). */
    cancel: function () {
      if (!pending) return false;
      pending = null;
      kill();
      return true;
    },
    busy: function () { return !!pending; },
    stats: stats,
  };
}

