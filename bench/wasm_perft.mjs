// perft through the wasm build (www/engine.js) in Node, the browser's engine:
// prints one JSON line per case with the best of several runs.
// usage: node bench/wasm_perft.mjs <variant> <depth> [fen] [runs]
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
new Script(readFileSync(`${root}www/engine.js`, 'utf8')).runInThisContext();
const Zilo = await globalThis.Zilo.ready;
const [variant, depth, fen, runs = '3'] = process.argv.slice(2);
const game = new Zilo.Game(variant, fen || undefined);
let best = Infinity;
let nodes = 0;
for (let i = 0; i < Number(runs); i++) {
  const t0 = performance.now();
  nodes = game.perft(Number(depth));
  best = Math.min(best, (performance.now() - t0) / 1000);
}
console.log(JSON.stringify({ variant, depth: Number(depth), nodes, seconds: best }));
