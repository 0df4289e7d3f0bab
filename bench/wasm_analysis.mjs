// Game.analyse in the browser's engine (www/engine.js, the wasm build) run in Node's V8: the
// best 3 lines from each game's start, deepened call by call with the game's kept table (as the
// page's analysis does) against one call to the same depth with a fresh game.
// usage: node bench/wasm_analysis.mjs
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
new Script(readFileSync(`${root}www/engine.js`, 'utf8')).runInThisContext();
const Zilo = await globalThis.Zilo.ready;

// Warm-up (the wasm compiler's later tiers), so that neither way pays for it.
for (const v of ['chess', 'zilo']) { const w = new Zilo.Game(v); w.analyse({ multiPv: 3, depth: 6 }); w.free(); }

for (const [variant, depth] of [['chess', 7], ['zilo', 6]]) {
  const g = new Zilo.Game(variant);
  let t0 = performance.now(), nodes = 0;
  for (let d = 1; d <= depth; d++) nodes += g.analyse({ multiPv: 3, depth: d }).nodes;
  const step = performance.now() - t0;
  const f = new Zilo.Game(variant);
  t0 = performance.now();
  const once = f.analyse({ multiPv: 3, depth });
  const at = performance.now() - t0;
  console.log(`${variant} multiPv 3: depth 1..${depth} call by call ${nodes} nodes ${step.toFixed(0)} ms; ` +
    `depth ${depth} at once ${once.nodes} nodes ${at.toFixed(0)} ms`);
  g.free(); f.free();
}
