// The refusals' words: the engine keeps one table per family (code, argument names, English
// words; crate/src/door/codes.rs and each family's codes.rs), from which the build writes the
// English catalog's engine.<code> entries (tools/engine-catalog.mjs, into www/i18n/en.js).
// Here, in Node: the English catalog is the engine's words, and every other catalog translates
// exactly the engine's codes, each with exactly its arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Script, createContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { Zilo } from './engine-node.mjs';
import { engineWords, engineArgWords, engineGameWords, argsModule } from '../../tools/engine-catalog.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const wasmDir = process.env.ZILO_WASM_DIR || `${root}build/wasm`;
const words = engineWords(wasmDir);

function catalogs() {
  const ctx = createContext({});
  ctx.globalThis = ctx;
  for (const f of readdirSync(`${root}www/i18n`).filter((x) => x.endsWith('.js')).sort()) {
    new Script(readFileSync(`${root}www/i18n/${f}`, 'utf8'), { filename: f }).runInContext(ctx);
  }
  return JSON.parse(JSON.stringify(ctx.ZiloKit.CATALOGS));
}
const placeholders = (v) => [...new Set((typeof v === 'object' ? Object.entries(v).filter(([k]) => k !== 'plural').map(([, s]) => s) : [v])
  .flatMap((s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
const engineKeys = (c) => Object.keys(c).filter((k) => k.startsWith('engine.')).sort();

test('the engine words every code it gives, each from one table', () => {
  assert.deepEqual(words.map((w) => w.code), Zilo.errorCodes());
  // A code's args are the ones its English words use (and the one a count's forms go by).
  for (const w of words) {
    const counted = typeof w.en === 'object' ? [w.en.plural || 'count'] : [];
    assert.deepEqual([...new Set([...placeholders(w.en), ...counted])].sort(), [...w.args].sort(), w.code);
  }
});

test('the English catalog\'s refusals are the engine\'s words', () => {
  const { en } = catalogs();
  assert.deepEqual(engineKeys(en), words.map((w) => `engine.${w.code}`).sort());
  for (const w of words) assert.deepEqual(en[`engine.${w.code}`], w.en, w.code);
  assert.equal(en['engine.move.cannotReach'], 'The {piece} on {from} cannot move to {to}');
});

test('every other catalog translates exactly the engine\'s codes, each with exactly its args', () => {
  const all = catalogs();
  const langs = Object.keys(all).filter((l) => l !== 'en');
  assert.ok(langs.includes('pl'), langs.join(' '));
  for (const lang of langs) {
    const c = all[lang];
    assert.deepEqual(engineKeys(c), words.map((w) => `engine.${w.code}`).sort(), `${lang}: engine.<code> entries`);
    for (const w of words) {
      const counted = typeof w.en === 'object' ? [w.en.plural || 'count'] : [];
      const used = placeholders(c[`engine.${w.code}`]);
      assert.deepEqual([...new Set([...used, ...counted])].sort(), [...w.args].sort(), `${lang} engine.${w.code}: its args`);
    }
  }
});

test('the page words the arguments the engine names as pieces, sides and words, from the engine\'s one list', () => {
  const argWords = engineArgWords(wasmDir);
  // www/src/engine-args.js, which engine-words.js reads, is written from the list.
  assert.equal(readFileSync(`${root}www/src/engine-args.js`, 'utf8'), argsModule(argWords));
  const kinds = Object.fromEntries(argWords.map((a) => [a.name, a.kind]));
  assert.equal(kinds.monarch, 'piece');
  assert.equal(kinds.owner, 'side');
  assert.equal(kinds.counter, 'word');
  // Each word's English is the engine's; every other catalog words the same words.
  const all = catalogs();
  for (const a of argWords.filter((x) => x.kind === 'word')) {
    for (const [word, english] of a.words) {
      assert.equal(all.en[`${a.name}.${word}`], english, `${a.name}.${word}`);
      for (const lang of Object.keys(all)) assert.ok(typeof all[lang][`${a.name}.${word}`] === 'string', `${lang}: ${a.name}.${word}`);
    }
  }
  assert.equal(all.en['terrain.water'], 'water field');
});

test('the games\' names, sides and pieces in the English catalog are the engine\'s, written once in Rust', () => {
  const gameWords = engineGameWords(wasmDir);
  const all = catalogs();
  // Every game, both sides, every piece: a name and how it moves.
  for (const g of Zilo.variants()) {
    for (const p of g.pieces) {
      assert.ok(gameWords.some(([k]) => k === `game.${g.id}.piece.${p.letter}.moves`), `${g.id} ${p.letter}`);
    }
  }
  for (const [key, english] of gameWords) {
    assert.equal(all.en[key], english, key);
    // Every other catalog names the same things.
    for (const lang of Object.keys(all)) assert.equal(typeof all[lang][key], 'string', `${lang}: ${key}`);
  }
  // They live in the generated part only: a description changed in Rust changes the page.
  const en = readFileSync(`${root}www/i18n/en.js`, 'utf8');
  for (const [key] of gameWords) assert.equal(en.split(`'${key}':`).length, 2, `${key} is written once`);
  assert.equal(all.en['game.zilo.piece.Y.moves'], 'Like a chess bishop: any number of empty squares diagonally.');
});
