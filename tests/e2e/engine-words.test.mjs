// The engine's words in the page's catalogs, in Node (no browser): every code an engine Error
// can carry (Zilo.errorCodes(), listed in crate/src/door/codes.rs) is worded in every catalog as
// engine.<code>, every game's names and pieces are there, every outcome reason is worded, and a
// refusal the engine really gives is worded with exactly the args it carries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Script } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { Zilo } from './engine-node.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const kit = {};
for (const file of readdirSync(`${root}www/i18n`).filter((f) => f.endsWith('.js'))) {
  new Script(readFileSync(`${root}www/i18n/${file}`, 'utf8'), { filename: file }).runInNewContext({ globalThis: { ZiloKit: kit } });
}
const CATALOGS = kit.CATALOGS;
const en = CATALOGS.en;
const variants = Zilo.variants();

/** The placeholders a catalog value uses (every plural form's). */
function placeholders(v) {
  const text = typeof v === 'object' ? Object.entries(v).filter(([k]) => k !== 'plural').map(([, s]) => s).join(' ') : v;
  return new Set([...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
}

/** An engine refusal in `lang`, as a page words it: piece letters as the pieces' names, sides as
 * the sides' names, terrain and counters in words; plurals by the language's rules. */
function word(lang, gameId, said) {
  const c = CATALOGS[lang];
  const args = {};
  for (const [k, v] of Object.entries(said.args)) {
    if (['piece', 'attacker', 'target', 'monarch'].includes(k)) args[k] = c[`game.${gameId}.piece.${v}.name`];
    else if (k === 'side' || k === 'owner') args[k] = c[`game.${gameId}.side.${v}.name`];
    else if (k === 'terrain') args[k] = c[`terrain.${v}`];
    else if (k === 'counter') args[k] = c[`counter.${v}`];
    else args[k] = v;
  }
  let v = c[`engine.${said.code}`];
  if (typeof v === 'object') v = v[new Intl.PluralRules(lang).select(Number(args[v.plural || 'count']))] ?? v.other;
  return v.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

test('every code the engine can give is worded in every catalog', () => {
  const codes = Zilo.errorCodes();
  assert.ok(codes.length > 50 && codes.includes('drop.pawnFileTaken') && codes.includes('setup.kingOffFields'));
  for (const [lang, c] of Object.entries(CATALOGS)) {
    const missing = codes.filter((code) => typeof c[`engine.${code}`] === 'undefined');
    assert.deepEqual(missing, [], `${lang} lacks engine.<code> for these`);
  }
});

test('every game is named, its sides and pieces too, in every catalog', () => {
  for (const [lang, c] of Object.entries(CATALOGS)) {
    for (const g of variants) {
      const keys = [`game.${g.id}.name`, `game.${g.id}.shortName`];
      for (const s of ['w', 'b']) for (const f of ['name', 'one', 'monarch', 'long']) keys.push(`game.${g.id}.side.${s}.${f}`);
      for (const p of g.pieces) keys.push(`game.${g.id}.piece.${p.letter}.name`, `game.${g.id}.piece.${p.letter}.moves`);
      for (const p of g.presets || []) keys.push(`game.${g.id}.preset.${p.id}`);
      for (const s of g.zoneWords ? ['w', 'b'] : []) keys.push(`game.${g.id}.zone.${s}`);
      const missing = keys.filter((k) => typeof c[k] !== 'string' || !c[k].trim());
      assert.deepEqual(missing, [], `${lang}: ${g.id}`);
    }
  }
  // English is the engine's own words.
  for (const g of variants) for (const p of g.pieces) assert.equal(en[`game.${g.id}.piece.${p.letter}.moves`], p.moves);
});

test('every way a game ends is worded, as a win or as a draw', () => {
  // The reasons Result.reason gives (crate/src/door/codes.rs, OUTCOME_REASONS), with how they end.
  const ends = { checkmate: ['win'], stalemate: ['win', 'draw'], repetition: ['draw'], 'perpetual-check': ['win'],
    'fifty-moves': ['draw'], 'insufficient-material': ['draw'], 'monarch-captured': ['win'], resignation: ['win'],
    'king-captured': ['win'], 'no-moves': ['win'] };
  for (const [lang, c] of Object.entries(CATALOGS)) {
    for (const [reason, forms] of Object.entries(ends)) for (const f of forms) assert.equal(typeof c[`outcome.${reason}.${f}`], 'string', `${lang} outcome.${reason}.${f}`);
    assert.equal(typeof c['outcome.title.win'], 'string');
    assert.equal(typeof c['outcome.title.draw'], 'string');
  }
  // A real ending's reason is one of them.
  const g = new Zilo.Game('chess');
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) g.play(m);
  const r = g.result();
  assert.deepEqual([r.result, r.reason, r.winner], ['0-1', 'checkmate', 'b']);
  assert.ok(ends[r.reason].includes('win'));
});

/** Refusals the engine gives, each with its game: thrown Errors and coded answers. */
function refusals() {
  const out = [];
  const thrown = (id, fn) => { try { fn(); } catch (e) { out.push([id, e]); return; } assert.fail(`no refusal from ${fn}`); };
  const chess = new Zilo.Game('chess');
  for (const m of ['e2e5', 'e1e2', 'hello', 'a3a4', 'e7e5']) thrown('chess', () => chess.play(m));
  thrown('chess', () => new Zilo.Game('chess', '8/8 w'));
  thrown('chess', () => new Zilo.Game('chess', '4k3/8/8/8/8/8/8/4K3 w - - 0 zero'));
  const shogi = new Zilo.Game('shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[P] w - - 0 1');
  out.push(['shogi', shogi.dropRefusal('P', 'e5')]);
  const zilo = new Zilo.Game('zilo', '4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1');
  out.push(['zilo', zilo.dropRefusal('P', 'a9')], ['zilo', zilo.dropRefusal('P', 'e1')]);
  const cyvasse = new Zilo.Game('cyvasse');
  for (const m of ['x', 'a5a6', 'e9e8']) thrown('cyvasse', () => cyvasse.play(m));
  const half = new Zilo.Setup('cyvasse', 'w');
  thrown('cyvasse', () => half.place('a9', 'R'));
  for (const p of half.problemCodes()) out.push(['cyvasse', p]);
  thrown('cyvasse', () => Zilo.startPosition('cyvasse', half, new Zilo.Setup('cyvasse', 'b'), 'w'));
  return out;
}

test('a refusal carries its code and args, and every catalog words it with exactly those args', () => {
  const all = refusals();
  const codes = new Set(Zilo.errorCodes());
  for (const [id, said] of all) {
    assert.ok(said && codes.has(said.code), `${said && said.message}: code ${said && said.code}`);
    assert.equal(typeof said.message, 'string');
    const template = en[`engine.${said.code}`];
    assert.deepEqual([...placeholders(template)].filter((k) => !(k in said.args)), [], `${said.code}: placeholders without args`);
    for (const lang of Object.keys(CATALOGS)) {
      const text = word(lang, id, said);
      assert.doesNotMatch(text, /\{\w+\}|undefined/, `${lang} ${said.code}: ${text}`);
    }
  }
  const byCode = {};
  for (const [, s] of all) byCode[s.code] = byCode[s.code] || s;
  assert.deepEqual(byCode['move.cannotReach'].args, { move: 'e2e5', piece: 'P', from: 'e2', to: 'e5' });
  assert.equal(word('pl', 'chess', byCode['move.cannotReach']), 'Ruch niemożliwy: pionek z e2 nie może pójść na e5');
  assert.equal(word('pl', 'shogi', byCode['drop.pawnFileTaken']), 'Na tej kolumnie stoi już twój niepromowany pionek (fu)');
  assert.equal(word('pl', 'zilo', byCode['drop.farthestRanks']), 'Tej bierki (Pisklak) nie wolno zrzucić na najdalszy rząd');
  assert.equal(word('pl', 'cyvasse', byCode['setup.pieceCount']), 'Milicja: postawiono 0, potrzeba 6');
  // A setup's refusal lists its problems, each coded.
  const setup = byCode['setup.invalid'];
  assert.ok(setup instanceof Error && setup.problems.some((p) => p.code === 'setup.noKing'), setup.message);
  assert.equal(word('pl', 'cyvasse', setup), `Ustawienie strony Białe (Król na c2, e2, g2) ma ${setup.args.count} problemów`);
});

test('a wrong argument is coded as one, and the English message stays', () => {
  const g = new Zilo.Game('chess');
  assert.throws(() => g.play(5), (e) => e.code === 'argument.invalid' && /is not a move code/.test(e.message));
  assert.throws(() => g.play('e2e5'), (e) => e.code === 'move.cannotReach' && e.message === 'illegal move e2e5: the Pawn on e2 cannot move to e5');
});
