// The packed move records (crate/src/packed.rs): play() and moveDetails() cross the wasm
// boundary as one string whose fields the engine lists once; the build writes the unpacker and
// the declarations from that list (tools/packed-record.mjs). Here, in Node: what the page's API
// returns packs back to exactly the string the engine wrote, in every game, and www/engine.d.ts
// declares what the list gives. A field added on one side only fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Zilo, rng } from './engine-node.mjs';
import { bindingsOf, declarationsSource, BEGIN, END } from '../../tools/packed-record.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const WASM = process.env.ZILO_WASM_DIR || `${root}build/wasm`;
const glue = readFileSync(`${WASM}/zilo.js`, 'utf8');
/** The raw bindings of the same module, in a context of their own: the packed strings as they cross. */
const raw = bindingsOf({ glue, globalName: /^\s*(?:let|var|const)\s+([\w$]+)/m.exec(glue)[1], wasm: readFileSync(`${WASM}/zilo_bg.wasm`) });
const schema = JSON.parse(JSON.stringify(raw.packedFields()));

// Each encoding written again from the value the API returns: the inverse of the unpacker,
// written here by hand so that the generated unpacker is checked against something else.
const ENCODE = {
  text: (v) => v,
  maybe: (v) => (v === null ? '' : v),
  ifAny: (v) => (v === undefined ? '' : v),
  fromTo: (v) => (v === null ? '' : `${v.from}:${v.to}`),
  fromToIfAny: (v) => (v === undefined ? '' : `${v.from}:${v.to}`),
  words: (v) => v.join(' '),
  placed: (v) => (v === null ? '' : `${v.square}:${v.piece}`),
  placedList: (v) => v.map((p) => `${p.square}:${p.piece}`).join(' '),
  flag: (v) => (v === true ? '1' : v === false ? '' : `not a boolean: ${v}`),
};

/** The names an unpacked object has: every field returned by `calls`, but one left out when empty. */
function expectedKeys(fields, texts) {
  return fields.filter((f, i) => !(f.encoding.endsWith('fAny') && texts[i] === '')).map((f) => f.name).sort();
}

test('play() and moveDetails() return exactly the fields the engine packs, in every game', () => {
  const details = schema.move.filter((f) => f.returned === 'details');
  let moves = 0;
  const kinds = new Set();
  for (const [n, variant] of Zilo.variants().map((v) => v.id).entries()) {
    const pick = rng(7877 * (n + 1));
    const game = new Zilo.Game(variant);
    const twin = new raw.Game(variant);
    for (let ply = 0; ply < 150; ply++) {
      const legal = game.legalMoves();
      if (legal.length === 0) break;
      const move = legal[pick(legal.length)];
      const described = game.moveDetails(move);
      const packedDetails = twin.moveDetailsPacked(move).split('\t');
      const report = game.play(move);
      const packed = twin.playPacked(move).split('\t');
      assert.equal(packed.length, schema.move.length + schema.result.length, `${variant} ${move}: fields packed`);
      const moveTexts = packed.slice(0, schema.move.length);
      assert.deepEqual(packedDetails, moveTexts, `${variant} ${move}: moveDetails packs as play`);
      // Every field of play() packs back to the engine's text; nothing more, nothing less.
      assert.deepEqual(Object.keys(report).sort(), [...expectedKeys(schema.move, moveTexts), 'result'].sort(), `${variant} ${move}`);
      schema.move.forEach((f, i) => assert.equal(ENCODE[f.encoding](report[f.name]), moveTexts[i], `${variant} ${move}: ${f.name}`));
      assert.deepEqual(Object.keys(report.result).sort(), schema.result.map((f) => f.name).sort());
      schema.result.forEach((f, i) => assert.equal(ENCODE[f.encoding](report.result[f.name]), packed[schema.move.length + i], `${variant} ${move}: result.${f.name}`));
      // moveDetails() gives the details fields only, the same as play()'s.
      assert.deepEqual(Object.keys(described).sort(), expectedKeys(details, details.map((f) => moveTexts[schema.move.indexOf(f)])), `${variant} ${move}`);
      for (const f of details) assert.deepEqual(described[f.name], report[f.name], `${variant} ${move}: ${f.name}`);
      kinds.add(report.kind);
      moves++;
      if (report.result.result !== '*') break;
    }
    game.free();
    twin.free();
  }
  assert.ok(moves > 600, `${moves} moves`);
  assert.ok(['step', 'drop', 'move', 'capture'].every((k) => kinds.has(k)), [...kinds].join(' '));
});

test('a game over reports its result through the packed fields', () => {
  const g = new Zilo.Game('chess');
  let r;
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) r = g.play(m);
  assert.deepEqual(r.result, g.result());
  assert.equal(r.result.winner, 'b');
  assert.equal(r.check, true);
  g.free();
});

test('www/engine.d.ts declares what the engine packs', () => {
  const dts = readFileSync(`${root}www/engine.d.ts`, 'utf8');
  const begin = dts.indexOf(BEGIN);
  const end = dts.indexOf(END);
  assert.ok(begin > 0 && end > begin, 'the generated part is marked');
  assert.equal(dts.slice(begin, end + END.length), declarationsSource(schema), 'run make www to write the declarations afresh');
  for (const f of schema.move) assert.match(dts, new RegExp(`\\n    ${f.name}\\??: `), f.name);
});
