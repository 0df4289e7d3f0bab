// The computer player's speed in the browser's engine (www/engine.js, the wasm build) run in
// Node's V8, against the native build in the same run:
//   1. a search of a fixed number of nodes (a million: a second or two, so that the fixed costs of
//      a search, a new table and V8 warming up, weigh little) from each `zilo bench` position:
//      nodes per second, wasm and native, and their ratio (a node limit is reproducible: the two
//      builds search the same tree, which the run checks by the score and move found);
//   2. a game per variant played by the default level against itself, timing every answer,
//      which is what a person waits for in the page (target: under 2 s).
// usage: node bench/wasm_search.mjs [path/to/zilo] [plies per game]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Script } from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
new Script(readFileSync(`${root}www/engine.js`, 'utf8')).runInThisContext();
const Zilo = await globalThis.Zilo.ready;
const native = process.argv[2] || `${root}target/release/zilo`;
const plies = Number(process.argv[3] || 60);

// The positions of `zilo bench`.
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const CASES = [
  { variant: 'zilo', name: 'start' },
  { variant: 'chess', name: 'start' },
  { variant: 'chess', name: 'kiwipete', fen: KIWIPETE },
  { variant: 'shogi', name: 'start' },
  { variant: 'pillage', name: 'start' },
  { variant: 'pillage-snipers', name: 'start' },
  { variant: 'venomous', name: 'start' },
  { variant: 'cyvasse', name: 'start' },
];

const NODES = 1_000_000;
const rate = (nodes, ms) => Math.round(nodes / Math.max(ms, 1) * 1000);
const kilo = (n) => `${Math.round(n / 1000)} k`;

console.log(`a search of ${NODES} nodes: nodes per second`);
console.log('| position | depth reached | nodes | native (nps) | wasm (nps) | native / wasm |');
console.log('|---|---|---|---|---|---|');
for (const c of CASES) {
  const game = new Zilo.Game(c.variant, c.fen);
  const found = game.bestMove({ nodes: NODES });
  game.free();
  const wasmNps = rate(found.nodes, found.timeMs);
  const args = ['bestmove', c.variant, '--nodes', String(NODES), ...(c.fen ? ['--fen', c.fen] : [])];
  const info = execFileSync(native, args, { encoding: 'utf8' }).trim().split('\n').filter((l) => l.startsWith('info '));
  const last = info[info.length - 1];
  const nodes = Number(/ nodes (\d+)/.exec(last)[1]);
  const nativeNps = rate(nodes, Number(/ time (\d+)/.exec(last)[1]));
  if (nodes !== found.nodes) throw new Error(`${c.variant} ${c.name}: native searched ${nodes} nodes, wasm ${found.nodes}`);
  const nativeScore = Number(/ score cp (-?\d+)/.exec(last)?.[1]);
  if (found.mate == null && nativeScore !== found.score) {
    throw new Error(`${c.variant} ${c.name}: native scored ${nativeScore}, wasm ${found.score}: not the same tree`);
  }
  console.log(`| ${c.variant} ${c.name} | ${found.depth} | ${kilo(nodes)} | ${kilo(nativeNps)} | ${kilo(wasmNps)} | ${(nativeNps / wasmNps).toFixed(2)} |`);
}

console.log(`\nthe default level (3) playing itself, ${plies} plies a game: time to answer`);
console.log('| variant | answers | median (ms) | slowest (ms) | nodes per second | under 2 s |');
console.log('|---|---|---|---|---|---|');
let slowest = 0;
for (const variant of ['zilo', 'chess', 'shogi', 'pillage', 'pillage-snipers', 'venomous', 'cyvasse']) {
  const game = new Zilo.Game(variant);
  const times = [];
  let nodes = 0;
  for (let i = 0; i < plies && game.result().result === '*'; i++) {
    const t0 = performance.now();
    const found = game.bestMove({ level: 3, seed: i });
    times.push(performance.now() - t0);
    nodes += found.nodes;
    game.play(found.move);
  }
  game.free();
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  const max = times[times.length - 1];
  slowest = Math.max(slowest, max);
  console.log(`| ${variant} | ${times.length} | ${Math.round(times[times.length >> 1])} | ${Math.round(max)} | ${kilo(rate(nodes, total))} | ${max < 2000 ? 'yes' : 'NO'} |`);
}
process.exitCode = slowest < 2000 ? 0 : 1;
