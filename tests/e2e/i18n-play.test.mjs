// Playing in Polish: a whole start of a hotseat Cyvasse game (both halves set up behind the
// curtain, from a preset and at random, then moves and a capture), a refused ЗiлоḺ АḺв Жа drop
// and an illegal move, each checked word by word against the English catalog: the board's
// fields, bars, hands, the second-move bar, the setup, the messages and the names on hover are
// Polish (piece letters, field names and move notation are allowed), and the game's own names
// for its pieces (Cyvasse's Polish ones, the Avian ones) stand beside them. Screenshots at
// 1366×768, 390×844 and 844×390 go to tests/e2e/screenshots/ (i18n-play-*).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Script, createContext } from 'node:vm';
import { browserSuite, WWW, boardText } from './helpers.mjs';

function catalogs() {
  const ctx = createContext({});
  ctx.globalThis = ctx;
  const dir = join(WWW, 'i18n');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.js'))) new Script(readFileSync(join(dir, f), 'utf8'), { filename: f }).runInContext(ctx);
  return ctx.ZiloKit.CATALOGS;
}
const forms = (v) => (v && typeof v === 'object' ? Object.entries(v).filter(([k]) => k !== 'plural').map(([, x]) => x) : [v]);
const words = (s) => String(s).replace(/\{\w+\}/g, ' ').split(/[^\p{L}’']+/u).map((w) => w.replace(/^[’']+|[’']+$/g, '')).filter((w) => w.length >= 3);

// The words English uses for the board, the setup, the pieces and the engine (refusals, names of
// games, sides, pieces, terrain) that Polish does not also use.
const CHECKED = /^(board|setup|pieces|chooser|engine|terrain|counter|game)\./;
const all = catalogs();
const polish = new Set(Object.values(all.pl).flatMap(forms).flatMap(words).map((w) => w.toLowerCase()));
const english = new Set(Object.entries(all.en).filter(([k]) => CHECKED.test(k)).flatMap(([, v]) => forms(v)).flatMap(words).map((w) => w.toLowerCase()).filter((w) => !polish.has(w)));
const englishIn = (text) => [...new Set(words(text).filter((w) => english.has(w.toLowerCase())))];

const suite = browserSuite();
const openPl = async (opts = {}) => {
  const size = opts.size || { width: 1366, height: 768 };
  const mobile = size.width < 1000;
  const context = await suite.browser.newContext({ viewport: size, deviceScaleFactor: 1, locale: 'pl-PL', hasTouch: mobile, isMobile: mobile });
  return suite.open(opts.way || 'http', { context });
};

/** Everything the board shows and says: the text of its fields, bars, hands, second-move bar,
 * setup card, curtain, message and tooltip, and every aria-label and title in them. */
const boardWords = (p) => boardText(p, ['board', 'side-top', 'side-bottom', 'second-bar', 'setup-card', 'curtain', 'message', 'tooltip']);
const noEnglish = async (p, what) => assert.deepEqual(englishIn(await boardWords(p)), [], 'English words on the Polish board: ' + what);
const quiet = (p) => p.page.evaluate(() => document.querySelector('zilo-board').panel.clearMessage());

/** A move of the side to move for a hotseat game played by clicks: a capture if there is one
 * (the Trebuchet's shot aside: its target is not where it lands), else the move that leaves the
 * most enemy pieces capturable, else the one that goes furthest forward. No Rabble moves (their
 * second step is tested on its own) and no move that shares its fields with another. */
const nextMove = async (p) => p.engine((fen) => {
  const g = new Zilo.Game('cyvasse', fen);
  const me = g.turn();
  const mine = (x) => (x === x.toUpperCase() ? 'w' : 'b') === me;
  const details = g.legalMoves().map((m) => g.moveDetails(m)).filter((d) => d.from && d.kind !== 'double' && d.kind !== 'shot');
  const pairs = new Map();
  for (const d of details) pairs.set(d.from + d.to, (pairs.get(d.from + d.to) || 0) + 1);
  const board = new Map(g.board().map((x) => [x.square, x.piece]));
  const ok = details.filter((d) => pairs.get(d.from + d.to) === 1 && board.get(d.from).toUpperCase() !== 'R');
  const capture = ok.find((d) => d.kind === 'capture');
  if (capture) return { move: capture.move, from: capture.from, to: capture.to, capture: true };
  let best = null, bestScore = -Infinity;
  for (const d of ok) {
    const h = new Zilo.Game('cyvasse', fen);
    h.play(d.move);
    const threat = h.board().filter((x) => !mine(x.piece) && x.capturable).length;
    const row = parseInt(d.to.slice(1), 10) - parseInt(d.from.slice(1), 10);
    const score = threat * 100 + (me === 'w' ? row : -row);
    h.free();
    if (score > bestScore) { bestScore = score; best = d; }
  }
  g.free();
  return { move: best.move, from: best.from, to: best.to, capture: false };
}, await p.fen());

describe('a Polish game of Cyvasse', () => {
  it('setup of both halves behind the curtain, then play with a capture: every word of the board is Polish', async () => {
    const p = await openPl();
    await p.variant('cyvasse');
    // The curtain before White's half: the side's Polish name.
    assert.match(await p.page.textContent('#curtain'), /Rozstawia: Białe/);
    await noEnglish(p, 'the curtain');
    await p.page.click('[data-action="reveal"]');
    // The side's bar says it is setting up; the zone in Polish words; the presets' Polish names.
    assert.match(await p.page.textContent('#side-bottom'), /Białe.*rozstawia/);
    assert.match(await p.page.textContent('#setup-card'), /Twoja strefa · rzędy 1–4/);
    assert.deepEqual(await p.page.$$eval('zilo-board >> #setup-preset option', (os) => os.map((o) => o.textContent)), ['Szablon', 'Twierdza', 'Falanga', 'Potyczka']);
    // The tray's pieces by their Polish names; a problem of the half in Polish ("Milicja: 0 …").
    assert.match(await p.page.getAttribute('[data-setup="R"]', 'aria-label'), /^Milicja: /);
    await p.page.click('[data-setup="K"]');
    await p.click((await p.engine(() => Zilo.variants().find((x) => x.id === 'cyvasse').kingFields.w[0])));
    const problem = await p.page.textContent('#setup-help');
    assert.ok(problem.length > 5);
    await noEnglish(p, 'the half being set up');
    // A field of the other zone: refused in Polish.
    await p.page.click('[data-setup="R"]');
    await p.click('e7');
    assert.match(await p.message(), /^Rozstawiaj tylko w swojej strefie: rzędy 1–4\.$/);
    await p.page.selectOption('#setup-preset', 'fortress');
    assert.equal(await p.page.textContent('#setup-help'), 'Twoja połowa jest gotowa.');
    await noEnglish(p, 'a preset half');
    await p.page.click('[data-action="done"]');
    assert.match(await p.page.textContent('#curtain'), /Rozstawia: Czarne/);
    assert.match(await p.page.textContent('#setup-card'), /Teraz rozstawia: Czarne/);
    await noEnglish(p, 'the curtain before Black');
    await p.page.click('[data-action="reveal"]');
    await p.page.click('[data-action="random"]');
    await noEnglish(p, 'a random half');
    await p.page.click('[data-action="done"]');
    await p.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play');
    assert.match(await p.message(), /^Pierwszy ruch \(wylosowany\): (Białe|Czarne)\.$/);
    // In play: the bars, each field's label with its armor, the armor marks' titles.
    assert.match(await p.page.textContent('zilo-board >> .to-move .move-flag'), /^na ruchu$/);
    assert.match(await p.page.getAttribute('#side-bottom', 'aria-label'), /^Strona: (Białe|Czarne)$/);
    const kingField = await p.page.$eval('zilo-board >> #board .sq[data-piece="K"]', (e) => e.dataset.square);
    assert.match(await p.page.getAttribute(`[data-square="${kingField}"]`, 'aria-label'), new RegExp(`^${kingField}, Król \\(Białe\\), pancerz \\d+, atakuj(e|ą) ją \\d+ bier(ka|ki|ek)`));
    assert.match(await p.page.getAttribute(`[data-square="${kingField}"] .engage`, 'title'), /^pancerz \d+, atakowana przez \d+ bier(kę|ki|ek)$/);
    await noEnglish(p, 'the start of play');
    // A piece of the side not to move: whose turn it is, in Polish.
    const turn = await p.page.getAttribute('body', 'data-turn');
    const theirs = await p.page.$eval(`zilo-board >> #board .sq[data-piece="${turn === 'w' ? 'k' : 'K'}"]`, (e) => e.dataset.square);
    await p.click(theirs);
    assert.match(await p.message(), /^Teraz ruch: (Białe|Czarne)\. Ta bierka należy do przeciwnika \((Białe|Czarne)\)\.$/);
    // Hover: the piece's Polish name, its side, how it moves in Polish.
    await p.page.mouse.move(0, 0);
    await p.page.hover(`[data-square="${kingField}"]`);
    await p.page.waitForSelector('#tooltip:not([hidden])');
    const tip = await p.page.textContent('#tooltip');
    assert.match(tip, /^Król/);
    assert.match(tip, /Białe · K/);
    assert.match(tip, /Może przeskoczyć własną Wieżę/);
    await noEnglish(p, 'a name on hover');
    await p.page.mouse.move(0, 0);
    // Play on by clicking until a capture.
    let captured = false;
    for (let i = 0; i < 60 && !captured; i++) {
      const m = await nextMove(p);
      const n = await p.count();
      await p.click(m.from);
      await p.click(m.to);
      await p.page.waitForFunction((k) => document.querySelectorAll('zilo-board')[0].shadowRoot.querySelectorAll('#moves [data-ply]').length > k || document.body.dataset.result !== '*', n);
      captured = m.capture;
      if ((await p.page.getAttribute('body', 'data-result')) !== '*') break;
    }
    assert.ok(captured, 'a capture was played');
    await noEnglish(p, 'after a capture');
    await quiet(p);
    await p.shot('i18n-play-cyvasse-capture-1366x768');
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });

  it('the second Rabble move is offered in Polish, and a refused move says why in Polish', async () => {
    const p = await openPl();
    await p.variant('cyvasse');
    await p.importFen('8/4k4/10/11/3r8/11/2R3R3/4K4/8 w 0 1');
    // Hover over a Rabble: its Polish name (the game's own, so once only) and its moves.
    await p.page.hover('[data-square="c3"]');
    await p.page.waitForSelector('#tooltip:not([hidden])');
    assert.match(await p.page.textContent('#tooltip'), /^Milicja.*Białe · R.*Po jej zwykłym ruchu inna Milicja/);
    await p.page.mouse.move(0, 0);
    await p.click('c3');
    await p.click('c4');
    assert.equal(await p.page.getAttribute('#second-bar', 'aria-label'), 'Drugi ruch');
    assert.equal(await p.page.textContent('#second-bar .second-text'), 'Drugi ruch inną zaznaczoną bierką?');
    assert.equal(await p.page.textContent('[data-action="end-turn"]'), 'Zakończ turę');
    assert.equal(await p.page.textContent('[data-action="cancel-first"]'), 'Cofnij');
    assert.match(await p.page.getAttribute('[data-square="g3"]', 'aria-label'), /może wykonać drugi ruch/);
    await p.click('a9');
    assert.equal(await p.message(), 'Przesuń inną zaznaczoną bierkę o jedno pole albo zakończ turę.');
    await noEnglish(p, 'the second-move bar');
    // A switch to English re-words the bar at once; and back.
    await p.page.evaluate(() => ZiloKit.setLang('en'));
    assert.equal(await p.page.textContent('[data-action="end-turn"]'), 'End turn');
    await p.page.evaluate(() => ZiloKit.setLang('pl'));
    assert.equal(await p.page.textContent('[data-action="end-turn"]'), 'Zakończ turę');
    await p.page.click('[data-action="end-turn"]');
    assert.equal(await p.page.getAttribute('#moves [data-ply="1"]', 'data-move'), 'c3c4');
    // A move the engine refuses (played straight through the view: clicks offer only legal
    // ones): its reason from the engine's code, in Polish.
    await p.page.evaluate(() => document.querySelector('zilo-board').view.playMove('e8e2'));
    const msg = await p.message();
    const reason = await p.page.evaluate((fen) => { try { new Zilo.Game('cyvasse', fen).play('e8e2'); return null; } catch (e) { return ZiloKit.engineMessage(e, 'cyvasse'); } }, await p.fen());
    assert.ok(reason, 'the engine refuses it');
    assert.equal(msg, 'Ten ruch jest niedozwolony: ' + reason);
    assert.deepEqual(englishIn(msg), [], 'the refusal is Polish: ' + msg);
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });
});

describe('a Polish game of ЗiлоḺ АḺв Жа', () => {
  it('a Minion dropped on the farthest rank is refused with the catalog’s Polish reason; hands and names are Polish', async () => {
    const p = await openPl();
    await p.importFen('4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1');
    assert.match(await p.page.getAttribute('[data-hand="w"][data-piece="P"]', 'aria-label'), /^Pisklak \(P\): 1 sztuka w ręce \(Ptaki\)$/);
    assert.equal(await p.page.getAttribute('#side-bottom', 'aria-label'), 'Ręka: Ptaki');
    // On hover: the Polish name with the Avian one beside it.
    await p.page.hover('[data-hand="w"][data-piece="P"]');
    await p.page.waitForSelector('#tooltip:not([hidden])');
    const tip = await p.page.textContent('#tooltip');
    assert.match(tip, /^Pisklak · МӓḺд/);
    assert.match(tip, /Ptaki · Przymierze Ptaków · P · 1 w ręce/);
    await p.page.mouse.move(0, 0);
    await p.page.click('[data-hand="w"][data-piece="P"]');
    await p.click('a9');
    await p.page.waitForSelector('#message.error:not([hidden])');
    const expected = await p.page.evaluate(() => ZiloKit.t('engine.drop.farthestRanks', { piece: 'Pisklak', count: 1 }));
    assert.equal(expected, 'Tej bierki (Pisklak) nie wolno zrzucić na najdalszy rząd');
    assert.equal(await p.message(), `Zrzut (Pisklak) na a9 jest niemożliwy: ${expected}.`);
    await noEnglish(p, 'a refused drop');
    await p.click('e5');
    assert.equal(await p.piece('e5'), 'P');
    assert.equal(await p.page.textContent('#side-bottom .hand-empty'), 'Brak bierek w ręce');
    // The Pigs drop too.
    await p.page.click('[data-hand="b"][data-piece="P"]');
    await p.click('a5');
    assert.equal(await p.piece('a5'), 'p');
    await noEnglish(p, 'after the drops');
    // Against the computer: the bars say who is who, and whose move it is, in Polish; the
    // computer's piece is not yours to move.
    await p.page.click('input[name="opp-vs"][value="computer"] + span');
    await p.page.waitForFunction(() => document.body.dataset.thinking === '0' && document.body.dataset.turn === 'w');
    assert.equal(await p.page.textContent('#side-bottom .who'), 'ty');
    assert.equal(await p.page.textContent('#side-top .who'), 'komputer');
    assert.equal(await p.page.textContent('#side-bottom .move-flag'), 'twój ruch');
    await p.click('e9');
    assert.equal(await p.message(), 'Teraz ruch: Ptaki. Ta bierka należy do przeciwnika (Świnie).');
    await noEnglish(p, 'against the computer');
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });
});

describe('Polish screenshots', () => {
  for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
    const tag = `${size.width}x${size.height}`;
    it(`Cyvasse setup, armor marks and the second Rabble bar, and zilo hands, in Polish at ${tag}: nothing English, nothing cut`, async () => {
      const p = await openPl({ size });
      await p.variant('cyvasse');
      await p.page.click('[data-action="reveal"]');
      await p.page.click('[data-setup="K"]');
      await noEnglish(p, 'setup ' + tag);
      await p.shot(`i18n-play-cyvasse-setup-${tag}`);
      await p.importFen('8/4k4/10/11/3r8/11/2R3R3/4K4/8 w 0 1');
      await p.click('c3');
      await p.click('c4');
      await quiet(p);
      await noEnglish(p, 'second bar ' + tag);
      const cut = await p.page.evaluate(() => [...document.querySelector('zilo-board').shadowRoot.querySelectorAll('#second-bar button, #second-bar .second-text, .move-flag, .who')]
        .filter((e) => e.getBoundingClientRect().width && (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 1)).map((e) => e.textContent));
      assert.deepEqual(cut, [], 'labels whole and in the window');
      await p.shot(`i18n-play-cyvasse-second-${tag}`);
      await p.variant('zilo');
      await p.importFen('4k4/9/9/9/9/9/9/9/4K4[PPYQp] w - - 0 1');
      await quiet(p);
      await noEnglish(p, 'zilo hands ' + tag);
      await p.shot(`i18n-play-zilo-hands-${tag}`);
      assert.deepEqual(p.problems, []);
      await p.context.close();
    });
  }
});
