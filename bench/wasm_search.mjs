// The computer player's speed in the browser's engine (www/engine.js, the wasm build) run in
// Node's V8, against the native build in the same run:
//   1. a fixed-depth search from each `zilo bench` position: nodes per second, wasm and native,
//      and their ratio (same depth, same node count: the two builds search the same tree);
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

// The same positions and depths as `zilo bench`.
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const CASES = [
  { variant: 'zilo', name: 'start', depth: 10 },
  { variant: 'chess', name: 'start', depth: 10 },
  { variant: 'chess', name: 'kiwipete', fen: KIWIPETE, depth: 9 },
  { variant: 'shogi', name: 'start', depth: 9 },
  { variant: 'pillage', name: 'start', depth: 7 },
  { variant: 'pillage-snipers', name: 'start', depth: 7 },
  { variant: 'venomous', name: 'start', depth: 7 },
  { variant: 'cyvasse', name: 'start', depth: 5 },
];

const rate = (nodes, ms) => Math.round(nodes / Math.max(ms, 1) * 1000);
const kilo = (n) => `${Math.round(n / 1000)} k`;

console.log('fixed-depth search: nodes per second');
console.log('| position | depth | nodes | native (nps) | wasm (nps) | native / wasm |');
console.log('|---|---|---|---|---|---|');
for (const c of CASES) {
  const game = new Zilo.Game(c.variant, c.fen);
  const found = game.bestMove({ depth: c.depth });
  game.free();
  const wasmNps = rate(found.nodes, found.timeMs);
  const args = ['bestmove', c.variant, '--depth', String(c.depth), ...(c.fen ? ['--fen', c.fen] : [])];
  const info = execFileSync(native, args, { encoding: 'utf8' }).trim().split('\n').filter((l) => l.startsWith('info '));
  const last = info[info.length - 1];
  const nodes = Number(/ nodes (\d+)/.exec(last)[1]);
  const nativeNps = rate(nodes, Number(/ time (\d+)/.exec(last)[1]));
  if (nodes !== found.nodes) throw new Error(`${c.variant} ${c.name}: native searched ${nodes} nodes, wasm ${found.nodes}`);
  console.log(`| ${c.variant} ${c.name} | ${c.depth} | ${kilo(nodes)} | ${kilo(nativeNps)} | ${kilo(wasmNps)} | ${(nativeNps / wasmNps).toFixed(2)} |`);
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
