// The engine in Node, for the API tests: the wasm build (www/engine.js, or ZILO_ENGINE_JS) loaded
// as the page loads it, the native CLI (ZILO_BIN) to compare with, and a small seeded generator
// so that random games replay.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Script } from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ZILO = process.env.ZILO_BIN || `${root}target/release/zilo`;
const ENGINE = process.env.ZILO_ENGINE_JS || `${root}www/engine.js`;
new Script(readFileSync(ENGINE, 'utf8'), { filename: 'engine.js' }).runInThisContext();

export const Zilo = await globalThis.Zilo.ready;

/** Runs the native `zilo` with `args`; its stdout. */
export const cli = (...args) => execFileSync(ZILO, args, { encoding: 'utf8' });

/** A xorshift generator: `rng(seed)(n)` is a whole number below n. */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s % n;
  };
}
