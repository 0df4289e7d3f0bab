// Speed through the JavaScript API, against ffish.js (Fairy-Stockfish compiled to wasm, npm
// package `ffish`, a devDependency of bench/ only), side by side in one Node process: the game
// tree walked to a fixed depth from the start position, asking for the legal moves at every node
// and playing and taking back every edge, the way a user of each library writes it:
//
//   ours, fast calls:  for (const m of game.legalMoveCodes()) { game.push(m); walk(d - 1); game.pop(); }
//   ours, text calls:  for (const m of game.legalMovesText().split(' ')) { game.push(m); ...; game.pop(); }
//   ours, play/undo:   for (const m of game.legalMoves()) { game.play(m); ...; game.undo(); }   (the full record)
//   ffish:             for (const m of board.legalMoves().split(' ')) { board.push(m); ...; board.pop(); }
//
// Every walk counts its leaves, which must agree (and equal perft). Each walk runs `runs` times
// after a warm-up, interleaved; the table gives medians. Target: the fast calls at least twice as
// fast as ffish on chess and shogi (exit status 1 otherwise).
// usage: node bench/api_walk.mjs [depth] [runs]        (cd bench && npm ci first: make bench does)
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const depth = Number(process.argv[2] || 4);
const runs = Number(process.argv[3] || 5);

new Script(readFileSync(`${root}www/engine.js`, 'utf8')).runInThisContext();
const Zilo = await globalThis.Zilo.ready;

// ffish's Emscripten loader (0.7.x) fetches its .wasm when a global fetch exists, which Node 18+
// has but cannot use on a file path; without fetch it reads the file. So fetch is hidden while it loads.
const require = createRequire(`${root}bench/`);
const fetch = globalThis.fetch;
delete globalThis.fetch;
const ffish = require('ffish');
globalThis.fetch = fetch;
await new Promise((resolve) => { if (ffish.Board) resolve(); else ffish.onRuntimeInitialized = resolve; });
const ffishVersion = require('ffish/package.json').version;

function walkCodes(game, d) {
  if (d === 0) return 1;
  let n = 0;
  for (const m of game.legalMoveCodes()) {
    game.push(m);
    n += walkCodes(game, d - 1);
    game.pop();
  }
  return n;
}

function walkText(game, d) {
  if (d === 0) return 1;
  const list = game.legalMovesText();
  let n = 0;
  if (list) {
    for (const m of list.split(' ')) {
      game.push(m);
      n += walkText(game, d - 1);
      game.pop();
    }
  }
  return n;
}

function walkPlay(game, d) {
  if (d === 0) return 1;
  let n = 0;
  for (const m of game.legalMoves()) {
    game.play(m);
    n += walkPlay(game, d - 1);
    game.undo();
  }
  return n;
}

function walkFfish(board, d) {
  if (d === 0) return 1;
  const list = board.legalMoves();
  let n = 0;
  if (list) {
    for (const m of list.split(' ')) {
      board.push(m);
      n += walkFfish(board, d - 1);
      board.pop();
    }
  }
  return n;
}

const WALKS = {
  codes: (variant) => { const g = new Zilo.Game(variant); try { return walkCodes(g, depth); } finally { g.free(); } },
  text: (variant) => { const g = new Zilo.Game(variant); try { return walkText(g, depth); } finally { g.free(); } },
  play: (variant) => { const g = new Zilo.Game(variant); try { return walkPlay(g, depth); } finally { g.free(); } },
  ffish: (variant) => { const b = new ffish.Board(variant); try { return walkFfish(b, depth); } finally { b.delete(); } },
};

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const ms = (x) => Math.round(x).toString();

console.log(`tree walk through the API, depth ${depth}, Node ${process.versions.node}, ffish ${ffishVersion}; median of ${runs} runs (ms)`);
console.log('| variant | leaves | ours: legalMoveCodes + push/pop | ours: legalMovesText + push/pop | ours: legalMoves + play/undo | ffish: legalMoves + push/pop | ffish / ours (fast calls) |');
console.log('|---|---|---|---|---|---|---|');
let ok = true;
for (const variant of ['chess', 'shogi']) {
  const perft = (() => { const g = new Zilo.Game(variant); try { return g.perft(depth); } finally { g.free(); } })();
  const times = Object.fromEntries(Object.keys(WALKS).map((k) => [k, []]));
  for (let run = 0; run <= runs; run++) {
    for (const [name, walk] of Object.entries(WALKS)) {
      const t0 = performance.now();
      const leaves = walk(variant);
      const t = performance.now() - t0;
      if (leaves !== perft) throw new Error(`${variant}: the ${name} walk counted ${leaves} leaves, perft ${perft}`);
      if (run > 0) times[name].push(t); // run 0 warms up
    }
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  const ratio = m.ffish / m.codes;
  ok &&= ratio >= 2;
  console.log(`| ${variant} | ${perft} | ${ms(m.codes)} | ${ms(m.text)} | ${ms(m.play)} | ${ms(m.ffish)} | ${ratio.toFixed(1)}× ${ratio >= 2 ? '(target 2×: yes)' : '(target 2×: NO)'} |`);
}
process.exitCode = ok ? 0 : 1;
