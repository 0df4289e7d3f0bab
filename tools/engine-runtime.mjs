// The engine's JavaScript runtime: the source text of `function ziloEngine(scope)`, shared by the
// page's classic script (tools/build-www.mjs → www/engine.js) and the package's builds
// (tools/build-pkg.mjs → pkg/). Node 20, no dependencies.
//
// `ziloEngine(scope)` holds the wasm-bindgen glue (--target no-modules, verbatim) and the wasm
// bytes (base64), and returns `{ bindings, ready }`: `bindings` is the public API (Game, variants,
// engineStats), `ready` a Promise of it, resolved once the module is instantiated. The function
// uses no outer names, so its source text can also start a Web Worker from a Blob.
//
// The API is a thin wrapper around the glue's classes. It is the last line of defence: the Rust
// side checks every argument, so no input should reach a panic, but if a call ever traps (a wasm
// RuntimeError, after which the instance may be inconsistent), the wrapper instantiates the
// module afresh from the compiled code it kept, and later calls work. The game whose call trapped,
// and every other game, is rebuilt in the new instance from its start position and moves the
// first time it is used again (its redo list is not kept); one that cannot be read back throws a
// clean Error saying so. After free(), every method throws a clean Error.

import { unpackerSource } from './packed-record.mjs';

/** Methods forwarded as they are, with their parameters. */
const METHODS = [
  ['variant', ''], ['fen', ''], ['startFen', ''], ['startNumbering', ''], ['turn', ''], ['board', ''], ['hand', 'side'],
  ['legalMoves', ''], ['legalMoveCodes', ''], ['legalMovesText', ''], ['moveText', 'code'],
  ['moveCode', 'move'], ['movesFrom', 'square'], ['dropTargets', 'piece'], ['dropError', 'piece, square'],
  ['dropRefusal', 'piece, square'], ['partialTurn', 'first'],
  ['blastCells', 'move'], ['pop', ''], ['undo', ''],
  ['redo', ''], ['canUndo', ''], ['canRedo', ''], ['isCheck', ''], ['checkedSquare', ''],
  ['result', ''], ['history', ''], ['lastMove', ''], ['perft', 'depth'],
  ['resign', 'side'], ['terrain', ''], ['toPgn', 'tags'],
];

/**
 * The source text of `function ziloEngine(scope) {...}`. `packedFields` is the engine's list of
 * the packed move records' fields (`readPackedFields` of tools/packed-record.mjs), from which the
 * unpacker of `play()` and `moveDetails()` is written.
 * @param {{glue: string, globalName: string, wasmBase64: string, packedFields: object}} parts
 */
export function engineFunction({ glue, globalName, wasmBase64, packedFields }) {
  const forwarded = METHODS.map(([name, params]) =>
    `  Game.prototype.${name} = function (${params}) {
    var g = this.__n === generation ? this.__g : current(this);
    try { return g.${name}(${params}); } catch (e) { throw failure(e, this, '${name}'); }
  };`).join('\n');
  return `function ziloEngine(scope) {
'use strict';
function makeGlue() {
// ---- wasm-bindgen --target no-modules output, verbatim ----
${glue.trim()}
// ---- end of glue ----
return ${globalName};
}
var WASM_BASE64 = "${wasmBase64}";
function wasmBytes() {
  var bin = scope.atob(WASM_BASE64);
  var bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

var compiled = null;    // the WebAssembly.Module, kept to restart from
var glue = null;        // the live instance's bindings
var generation = 0;     // which instance is live; a game made in another one is rebuilt
var restarts = 0;
var pending = null;     // a Promise while an asynchronous restart runs

function fault(message) { return new Error(message); }
// The first line of what was thrown, whatever it was.
function oneLine(e) {
  try { return String(e && e.message || e).split('\\n')[0]; } catch (_) { return 'it cannot be read'; }
}

function live() {
  if (glue) return glue;
  throw fault(pending ? 'the engine is restarting after an internal error; try again in a moment'
    : 'the engine is not ready yet: wait for its ready promise');
}

// A trap (or a stack overflow inside wasm) may leave the instance inconsistent; an exception
// that went through the engine's frames may leave a game marked as borrowed (wasm-bindgen then
// refuses every call on it with "recursive use of an object").
function isTrap(e) {
  return e instanceof WebAssembly.RuntimeError ||
    (e instanceof RangeError && /call stack/i.test(e.message)) ||
    (e instanceof Error && /^recursive use of an object detected/.test(e.message));
}

// A fresh instance of the compiled module: synchronously where allowed (always for a module this
// size), else asynchronously, calls failing cleanly meanwhile.
function restart() {
  restarts++;
  generation++;
  var fresh = makeGlue();
  try {
    fresh.initSync({ module: compiled });
    glue = fresh;
  } catch (_) {
    glue = null;
    var gen = generation;
    pending = fresh({ module_or_path: compiled }).then(function () {
      if (gen === generation) { glue = fresh; pending = null; }
    }, function () {
      if (gen === generation) pending = null;  // calls then say the engine is not ready
    });
  }
}

// The Error a failed call throws: the engine's own (already one line), or, for a trap, one that
// says what happened after restarting the engine and rebuilding the game.
function failure(e, game, method) {
  if (!isTrap(e)) return e;
  var what = String(e && e.message || e).split('\\n')[0];
  restart();
  var fate = '';
  if (game) {
    try { current(game); fate = '; this game was restored (without its redo list)'; }
    catch (_) { fate = '; this game could not be restored: create a new one'; }
  }
  return fault('internal engine error in ' + method + '() (' + what + '); the engine restarted' + fate);
}

// The game's object in the live instance, rebuilt there if it was made in an earlier one.
function current(game) {
  if (game.__n === generation) return game.__g;
  if (game.__g === null) {
    throw fault(game.__lost ? 'this game was lost when the engine restarted after an internal error: create a new Game'
      : 'this game was freed (free() was called): create a new Game');
  }
  var now = live();
  var old = game.__g;
  var state;
  try {
    state = { variant: old.variant(), start: old.startFen(), moves: old.history(), result: old.result() };
  } catch (_) {
    state = null;
  }
  try { old.__destroy_into_raw(); } catch (_) { /* the old instance is dropped as a whole */ }
  game.__g = null;
  game.__n = -1;
  game.__lost = true;
  if (!state) throw fault('this game was lost when the engine restarted after an internal error: create a new Game');
  var g = new now.Game(state.variant, state.start);
  try {
    for (var i = 0; i < state.moves.length; i++) g.push(state.moves[i]);
    if (state.result.reason === 'resignation') g.resign(state.result.winner === 'w' ? 'b' : 'w');
  } catch (e) {
    g.free();
    throw fault('this game was lost when the engine restarted after an internal error: create a new Game');
  }
  game.__lost = false;
  game.__g = g;
  game.__n = generation;
  return g;
}

/** A game in progress (see the type declarations for every method). */
function Game(variant, fen) {
  if (!(this instanceof Game)) throw new TypeError('Game is a class: call it with new');
  var b = live();
  this.__n = -1;
  this.__g = null;
  try {
    this.__g = new b.Game(variant, fen);
  } catch (e) {
    throw failure(e, null, 'new Game');
  }
  this.__n = generation;
}
${forwarded}
  // play() and moveDetails() come packed in one string (much cheaper to cross than an object
  // built field by field) and are unpacked here, by code written from the engine's field list.
  Game.prototype.play = function (move) {
    var g = this.__n === generation ? this.__g : current(this);
    var packed;
    try { packed = g.playPacked(move); } catch (e) { throw failure(e, this, 'play'); }
    return unpackPlay(packed);
  };
  Game.prototype.moveDetails = function (move) {
    var g = this.__n === generation ? this.__g : current(this);
    var packed;
    try { packed = g.moveDetailsPacked(move); } catch (e) { throw failure(e, this, 'moveDetails'); }
    return unpackDetails(packed.split('\\t'));
  };
  // The options are copied here into a plain object, so that a getter that throws (or a Proxy)
  // runs in JavaScript, not in the middle of the engine's call.
  // The game is looked up after the copy: a getter may have freed it meanwhile.
  function searchCall(name) {
    return function (options) {
      var plain = options;
      if (options !== null && typeof options === 'object') {
        try {
          plain = Array.isArray(options) ? [] : {};
          Object.keys(options).forEach(function (k) { plain[k] = options[k]; });
        } catch (e) {
          throw fault('bad ' + name + ' options: ' + oneLine(e));
        }
      }
      var g = this.__n === generation ? this.__g : current(this);
      try { return g[name](plain); } catch (e) { throw failure(e, this, name); }
    };
  }
  // bestMove() and analyse(): the same copy of their options, then the engine's call.
  Game.prototype.bestMove = searchCall('bestMove');
  Game.prototype.analyse = searchCall('analyse');
  // The lean play: a code (a number from legalMoveCodes()) or a text, nothing returned.
  Game.prototype.push = function (move) {
    var g = this.__n === generation ? this.__g : current(this);
    try {
      if (typeof move === 'number') g.pushCode(move); else g.push(move);
    } catch (e) { throw failure(e, this, 'push'); }
  };
  Game.prototype.free = function () {
    var g = this.__g;
    if (g === null) return;
    this.__g = null;
    if (this.__n === generation) {
      this.__n = -1;
      g.free();
    } else {
      this.__n = -1;
      try { g.__destroy_into_raw(); } catch (_) { /* ignore */ }
    }
  };
  if (typeof Symbol === 'function' && Symbol.dispose) Game.prototype[Symbol.dispose] = Game.prototype.free;
  // Every game of a PGN text, each with its Game wrapped as new Game() wraps one.
  Game.fromPgn = function (text) {
    var b = live();
    var read;
    try { read = b.Game.fromPgn(text); } catch (e) { throw failure(e, null, 'Game.fromPgn'); }
    return read.map(function (entry) {
      var g = Object.create(Game.prototype);
      g.__g = entry.game;
      g.__n = generation;
      entry.game = g;
      return entry;
    });
  };

${unpackerSource(packedFields)}

function variants() {
  var b = live();
  try { return b.variants(); } catch (e) { throw failure(e, null, 'variants'); }
}

function engineStats() {
  var b = live();
  var s;
  try { s = b.engineStats(); } catch (e) { throw failure(e, null, 'engineStats'); }
  s.restarts = restarts;
  return s;
}

// One side's half of a Cyvasse setup: a thin wrapper like Game's. A setup made before a restart
// after an internal error is refused afterwards with a clean Error (make it again).
function Setup(variant, side, text) {
  if (!(this instanceof Setup)) throw new TypeError('Setup is a class: call it with new');
  var b = live();
  this.__s = null;
  try { this.__s = new b.Setup(variant, side, text); } catch (e) { throw failure(e, null, 'new Setup'); }
  this.__n = generation;
}
function wrapSetup(raw) {
  var s = Object.create(Setup.prototype);
  s.__s = raw;
  s.__n = generation;
  return s;
}
function liveSetup(s) {
  var isSetup;
  try { isSetup = s instanceof Setup; } catch (_) { isSetup = false; }  // a revoked Proxy throws when asked
  if (!isSetup) throw fault('expected a Setup (from new Setup(), Setup.random() or Setup.preset())');
  if (s.__s === null) throw fault('this setup was freed (free() was called): create a new Setup');
  if (s.__n !== generation) throw fault('this setup was lost when the engine restarted after an internal error: make it again');
  return s.__s;
}
['side', 'place', 'clear', 'at', 'text', 'missing', 'problems', 'problemCodes', 'isComplete'].forEach(function (name) {
  Setup.prototype[name] = function () {
    var raw = liveSetup(this);
    try { return raw[name].apply(raw, arguments); } catch (e) { throw failure(e, null, 'Setup.' + name); }
  };
});
Setup.prototype.free = function () {
  var raw = this.__s;
  this.__s = null;
  if (raw !== null && this.__n === generation) raw.free();
};
Setup.random = function (variant, side, seed) {
  var b = live();
  try { return wrapSetup(b.Setup.random(variant, side, seed)); } catch (e) { throw failure(e, null, 'Setup.random'); }
};
Setup.preset = function (variant, side, id) {
  var b = live();
  try { return wrapSetup(b.Setup.preset(variant, side, id)); } catch (e) { throw failure(e, null, 'Setup.preset'); }
};

function startPosition(variant, white, black, first) {
  var b = live();
  var w = liveSetup(white), k = liveSetup(black);
  try { return b.startPosition(variant, w, k, first); } catch (e) { throw failure(e, null, 'startPosition'); }
}

function errorCodes() {
  var b = live();
  try { return b.errorCodes(); } catch (e) { throw failure(e, null, 'errorCodes'); }
}

var api = { Game: Game, Setup: Setup, startPosition: startPosition, variants: variants, engineStats: engineStats,
  errorCodes: errorCodes };
var ready = WebAssembly.compile(wasmBytes()).then(function (module) {
  compiled = module;
  var first = makeGlue();
  return first({ module_or_path: module }).then(function () { glue = first; return api; });
});
return { bindings: api, ready: ready };
}`;
}
