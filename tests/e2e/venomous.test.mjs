// End-to-end tests of Venomous on the page, in headless Chromium over file:// AND http://127.0.0.1,
// played by clicking as a person would: the 10×10 board of figurines, the reserve shown like a
// hand with its count, a Ninja Pawn dropped with a thrust, a Sissa's (and a Sorcerer Snake's)
// bent way drawn over the squares it passes, and a flexible castle chosen from the page's
// question. Every test also checks: no console error, no request except the page's own files.
// Screenshots (desktop 1366×768, phone 390×844, phone on its side 844×390) go to
// tests/e2e/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { browserSuite, finish, WAYS, PHONE } from './helpers.mjs';

const suite = browserSuite();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const VENOMOUS_START = 'srfbqkbwrz/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/SRFBQKBWRZ[JJJJJjjjjj] w KQkq - 0 1';
// A Sissa on e1 and a Sorcerer Snake on j1 on an open board.
const SERPENTS = '9k/10/10/10/10/10/10/10/10/K3S4Z[JJj] w - - 0 1';
// Kings and rooks on their squares, nothing between them: every castle is open to White.
const CASTLES = '1r3k2r1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1R3K2R1[JJJJJjjjjj] w KQkq - 0 1';
// A middle game: every kind of piece on the board, reserves partly used, a Sissa move just played.
const MIDDLE_GAME = ['e2e5', 'e9e6', 'J@e4', 'c10d8', 'h1g3', 'j9j6', 'b2b5', 'j10i8', 'a1c5'];
const LANDSCAPE = { viewport: { width: 844, height: 390 }, mobile: true };

const choices = (p) => p.page.$$eval('#chooser:not([hidden]) .chooser-btn', (bs) => bs.map((b) => b.dataset.choice));
const dests = (p) => p.page.$$eval('#board .sq.dest', (els) => els.map((e) => e.dataset.square).sort());
/** Hides the page's passing message ("New game: Venomous.") so a screenshot shows the board. */
const quiet = (p) => p.page.evaluate(() => document.querySelector('zilo-board').panel.clearMessage());
const handCount = (p, side, L) => p.page.getAttribute(`[data-hand="${side}"][data-piece="${L}"]`, 'data-count');
const handBadge = (p, side, L) => p.page.textContent(`[data-hand="${side}"][data-piece="${L}"] .count`);
/** The serious and critical findings of an axe-core scan of the page (as layout.test.mjs runs it). */
async function axeFindings(p) {
  await p.page.evaluate(AXE);
  const res = await p.page.evaluate(() => axe.run(document, { resultTypes: ['violations'], preload: false }));
  return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.help);
}
/** The way drawn over the board: its kind (preview or last), the squares it lists, and whether
 * its dots sit on the centres of the squares passed (in pixels, as drawn). */
const drawnPath = (p) => p.page.evaluate(() => {
  const root = document.querySelector('zilo-board').shadowRoot;
  const layer = root.querySelector('#board .path-layer');
  if (!layer) return null;
  const squares = layer.querySelector('.path-line').dataset.path.split(' ');
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const off = [...layer.querySelectorAll('.path-dot')].map((dot, i) => {
    const [x, y] = centre(dot.getBoundingClientRect());
    const [sx, sy] = centre(root.querySelector(`[data-square="${squares[i + 1]}"]`).getBoundingClientRect());
    return Math.hypot(x - sx, y - sy);
  });
  return { kind: layer.classList.contains('preview') ? 'preview' : 'last', squares, dots: off.length, worstOffset: Math.max(0, ...off) };
});

for (const which of WAYS) {
  describe(`Venomous over ${which}://`, () => {
    it('the picker offers Venomous: a 10×10 board of figurines, both reserves of 5 Ninja Pawns with their count, names and rules', async () => {
      const p = await suite.open(which, { viewport: { width: 1366, height: 768 } });
      const name = await p.engine(() => Zilo.variants().find((v) => v.id === 'venomous').shortName); // the picker shows short names
      const options = await p.page.$$eval('#variant option', (os) => os.map((o) => [o.value, o.textContent]));
      assert.ok(options.some((o) => o[0] === 'venomous' && o[1] === name), 'the picker offers Venomous');
      await p.variant('venomous');
      assert.equal(await p.fen(), VENOMOUS_START);
      assert.equal(await p.page.locator('#board .sq').count(), 100);
      assert.ok(await p.page.$('#board[data-style="chequered"]'), 'light and dark squares');
      // The reserve is each side's hand: one Ninja Pawn picture with the count 5.
      for (const [side, box] of [['w', '#side-bottom'], ['b', '#side-top']]) {
        assert.equal(await p.page.locator(`${box} .hand-piece`).count(), 1, `${side}: one kind of piece in reserve`);
        assert.equal(await handCount(p, side, 'J'), '5');
        assert.equal(await handBadge(p, side, 'J'), '5');
        assert.match(await p.page.getAttribute(`[data-hand="${side}"][data-piece="J"]`, 'aria-label'), /^Ninja Pawn \(J\), 5 in (White|Black)’s reserve$/, 'the engine’s word: a reserve, which captures never join');
      }
      for (const [sq, words] of [['a1', 'White Sissa'], ['c1', 'White Ferz-Knight'], ['h1', 'White Wazir-Knight'], ['j1', 'White Sorcerer Snake'],
        ['f1', 'White King'], ['e2', 'White Pawn'], ['a10', 'Black Sissa'], ['j10', 'Black Sorcerer Snake']]) {
        assert.equal(await p.page.getAttribute(`[data-square="${sq}"]`, 'aria-label'), `${sq}, ${words}`);
      }
      // Every piece is a drawn figurine (no lettered disc), each kind its own picture.
      assert.equal(await p.page.locator('#board .piece svg text').count(), 0, 'no letters on the pieces');
      assert.equal(await p.page.locator('.hand-piece svg text').count(), 0, 'no letters in the reserve');
      const drawing = (sel) => p.page.$eval(`${sel} svg`, (s) => s.innerHTML);
      const pictures = [await drawing('[data-square="e2"] .piece'), await drawing('[data-hand="w"][data-piece="J"]')];
      for (const sq of ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'h1', 'j1']) pictures.push(await drawing(`[data-square="${sq}"] .piece`));
      assert.equal(new Set(pictures).size, pictures.length, 'Pawn, Ninja Pawn, Sissa, Rook, Ferz-Knight, Bishop, Queen, King, Wazir-Knight and Sorcerer Snake all differ');
      // Two snakes, two outlines: the Sorcerer Snake's wizard hat stands well above the Sissa's head.
      const top = (sq) => p.page.$eval(`[data-square="${sq}"] .piece svg`, (svg) => Math.min(...[...svg.children].map((c) => c.getBBox().y)));
      assert.ok(await top('j1') < await top('a1') - 8, 'the Sorcerer Snake is not drawn as a second Sissa');
      await p.page.hover('[data-square="a1"]');
      await p.page.waitForSelector('#tooltip:not([hidden])');
      assert.match(await p.page.textContent('#tooltip'), /^Sissa/);
      await p.page.hover('[data-hand="b"][data-piece="J"]');
      await p.page.waitForFunction(() => /Ninja Pawn.*5 in reserve/.test(document.querySelector('zilo-board').shadowRoot.getElementById('tooltip').textContent));
      // The rules speak of Venomous and name its pieces (the piece table comes from the engine).
      await p.page.click('#rules-open');
      assert.equal(await p.page.innerText('#rules-title'), 'How to play Venomous');
      const rules = await p.page.innerText('#rules');
      for (const t of ['Sissa (S)', 'Sorcerer Snake (Z)', 'Ninja Pawn (J)', 'Ferz-Knight (F)', 'Wazir-Knight (W)', 'Pawn (P)', 'J@e4', VENOMOUS_START]) assert.ok(rules.includes(t), t);
      assert.equal(await p.page.locator('#rules table[data-fill="pieces"]:visible tbody tr').count(), 10, 'a row for each of the ten pieces');
      assert.equal(await p.page.locator('#rules table[data-fill="pieces"]:visible .table-token svg text').count(), 0, 'drawn in the table too');
      await quiet(p);
      await p.shot(`${which}-venomous-rules`);
      await p.page.keyboard.press('Escape');
      await quiet(p);
      await p.shot(`${which}-venomous-start-1366x768`);

      // A middle game with every kind of piece and a Sissa's last move, at three sizes.
      const code = await p.engine((moves) => {
        const g = new Zilo.Game('venomous');
        for (const m of moves) g.play(m);
        return g.fen();
      }, MIDDLE_GAME);
      await p.page.evaluate((moves) => document.querySelector('zilo-board').load({ variant: 'venomous', moves }), MIDDLE_GAME);
      assert.equal(await p.fen(), code);
      assert.equal((await drawnPath(p)).kind, 'last', 'the Sissa’s way is drawn as the last move');
      await quiet(p);
      await p.shot(`${which}-venomous-1366x768`);
      await finish(p);
      for (const [tag, opts] of [['390x844', PHONE], ['844x390', LANDSCAPE]]) {
        const m = await suite.open(which, opts);
        await m.variant('venomous');
        await m.page.evaluate((moves) => document.querySelector('zilo-board').load({ variant: 'venomous', moves }), MIDDLE_GAME);
        assert.equal(await m.fen(), code);
        const sqBox = await m.page.locator('[data-square="e5"]').boundingBox();
        assert.ok(sqBox.width >= 28, `a square is ${sqBox.width}px wide`);
        assert.equal(await handBadge(m, 'w', 'J'), '4');
        await m.page.waitForTimeout(200);
        await quiet(m);
        await m.shot(`${which}-venomous-${tag}`);
        await finish(m);
      }
    });

    it('a Ninja Pawn drop with a thrust: the reserve piece, then e4 up its file; J@e4 in the list, the count goes to 4', async () => {
      const p = await suite.open(which);
      await p.variant('venomous');
      // Every square of the 2nd rank holds a pawn: nothing can come in yet.
      await p.page.click('[data-hand="w"][data-piece="J"]');
      assert.deepEqual(await dests(p), [], 'no square to drop on at the start');
      await p.page.keyboard.press('Escape');
      // The e-pawn runs to the middle; Black answers; the e-file is open from e2 to e4.
      await p.click('e2');
      assert.deepEqual(await dests(p), ['e3', 'e4', 'e5'], 'a pawn runs to the middle rank');
      await p.click('e5');
      await p.click('e9');
      await p.click('e6');
      await p.page.click('[data-hand="w"][data-piece="J"]');
      assert.equal(await p.page.getAttribute('[data-hand="w"][data-piece="J"]', 'aria-pressed'), 'true');
      const targets = await p.engine((fen) => new Zilo.Game('venomous', fen).dropTargets('J').sort(), await p.fen());
      assert.deepEqual(await dests(p), targets, 'the marked squares are the engine’s');
      assert.deepEqual(targets, ['e2', 'e3', 'e4']);
      assert.match(await p.page.getAttribute('[data-square="e4"]', 'aria-label'), /^e4, empty, move here$/);
      await quiet(p);
      await p.shot(`${which}-venomous-drop-targets`);
      await p.click('e4');
      assert.equal(await p.piece('e4'), 'J');
      assert.equal(await p.piece('e2'), null, 'thrust past the 2nd rank');
      assert.deepEqual(await p.list(), ['e5', 'e6', 'J@e4']);
      assert.equal(await p.page.getAttribute('#moves [data-ply="3"]', 'data-move'), 'J@e4');
      assert.equal(await handCount(p, 'w', 'J'), '4');
      assert.equal(await handBadge(p, 'w', 'J'), '4');
      assert.equal(await handCount(p, 'b', 'J'), '5', 'Black’s reserve is untouched');
      assert.ok(await p.page.$('[data-square="e4"].last-move'), 'the landing square is marked');
      assert.equal(await drawnPath(p), null, 'a straight thrust needs no drawn way');
      await quiet(p);
      await p.shot(`${which}-venomous-drop`);
      // Looking back puts the Ninja Pawn back in the reserve.
      await p.page.click('#btn-prev');
      assert.equal(await p.piece('e4'), null);
      assert.equal(await handCount(p, 'w', 'J'), '5');
      await p.page.click('#btn-next');
      assert.equal(await handCount(p, 'w', 'J'), '4');
      await finish(p);
    });

    it('a Sissa move shows its way: pointing at a destination draws the squares it passes; played, the way stays as the last move', async () => {
      const p = await suite.open(which);
      await p.variant('venomous');
      await p.importFen(SERPENTS);
      const way = (move) => p.engine(([fen, mv]) => { const d = new Zilo.Game('venomous', fen).moveDetails(mv); return [d.from, ...d.path, d.to]; }, [SERPENTS, move]);
      await p.click('e1');
      assert.equal(await drawnPath(p), null, 'nothing drawn before pointing');
      // Two steps north, then two north-east.
      await p.page.hover('[data-square="g5"]');
      await p.page.waitForSelector('#board .path-layer.preview');
      const g5 = await drawnPath(p);
      assert.deepEqual(g5.squares, await way('e1g5'));
      assert.deepEqual(g5.squares, ['e1', 'e2', 'e3', 'f4', 'g5']);
      assert.equal(g5.dots, 3, 'a dot on each square passed');
      assert.ok(g5.worstOffset < 2, `the dots sit on the squares’ centres (${g5.worstOffset.toFixed(1)}px off)`);
      assert.match(await p.page.getAttribute('[data-square="g5"]', 'aria-label'), /move here, by way of e2 e3 f4$/);
      assert.deepEqual(await axeFindings(p), [], 'the drawing in the board’s grid is hidden from assistive technology');
      await quiet(p);
      await p.shot(`${which}-venomous-sissa-way`);
      // Another destination, another way; off the destinations, none.
      await p.page.hover('[data-square="e2"]');
      await p.page.waitForFunction(() => document.querySelector('zilo-board').shadowRoot.querySelector('#board .path-line').dataset.path === 'e1 f2 e2');
      await p.page.hover('[data-square="e8"]');
      assert.equal(await drawnPath(p), null, 'no way to a square it cannot reach');
      // By keyboard: the cursor on a destination draws its way too.
      await p.page.keyboard.press('Escape');
      await p.page.focus('[data-square="e1"]');
      await p.page.keyboard.press('Enter');
      await p.page.keyboard.press('ArrowUp');
      assert.deepEqual((await drawnPath(p)).squares, ['e1', 'f2', 'e2']);
      await p.page.keyboard.press('Escape');
      // Played by clicking: the Sissa lands on g5 and its way stays, as the last move.
      await p.click('e1');
      await p.click('g5');
      assert.equal(await p.piece('g5'), 'S');
      assert.equal(await p.piece('e1'), null);
      assert.deepEqual(await p.list(), ['Sg5']);
      const played = await drawnPath(p);
      assert.equal(played.kind, 'last');
      assert.deepEqual(played.squares, ['e1', 'e2', 'e3', 'f4', 'g5']);
      assert.ok(await p.page.$('[data-square="e1"].last-move') && await p.page.$('[data-square="g5"].last-move'), 'both squares are marked');
      await p.page.waitForTimeout(600);
      await quiet(p);
      await p.shot(`${which}-venomous-sissa-played`);
      // Black's king step is straight: the drawn way goes with the Sissa's move, and comes back with it.
      await p.click('j10');
      await p.click('j9');
      assert.equal(await drawnPath(p), null);
      await p.page.click('#btn-prev');
      assert.deepEqual((await drawnPath(p)).squares, ['e1', 'e2', 'e3', 'f4', 'g5']);
      // Turned round, the way is drawn over the same squares.
      await p.page.click('#btn-flip');
      const flipped = await drawnPath(p);
      assert.deepEqual(flipped.squares, ['e1', 'e2', 'e3', 'f4', 'g5']);
      assert.ok(flipped.worstOffset < 2, `flipped, the dots still sit on the squares (${flipped.worstOffset.toFixed(1)}px off)`);
      await p.page.click('#btn-flip');
      await p.page.click('#btn-next');

      // The Sorcerer Snake's knight-like crawl goes round its corner too.
      await p.click('j1');
      await p.page.hover('[data-square="h2"]');
      await p.page.waitForSelector('#board .path-layer.preview');
      const snake = await drawnPath(p);
      const after = await p.fen();
      assert.deepEqual(snake.squares, await p.engine(([fen]) => { const d = new Zilo.Game('venomous', fen).moveDetails('j1h2'); return [d.from, ...d.path, d.to]; }, [after]));
      assert.equal(snake.squares.length, 3, 'one square passed');
      await p.click('h2');
      assert.equal(await p.piece('h2'), 'Z');
      assert.deepEqual(await p.list(), ['Sg5', 'Kj9', 'Zh2']);
      assert.equal((await drawnPath(p)).kind, 'last');
      await finish(p);
    });

    it('flexible castling: a one-square king move asks “King to g1” or “Castle”; the castle is played', async () => {
      const p = await suite.open(which);
      await p.variant('venomous');
      await p.importFen(CASTLES);
      await p.click('f1');
      for (const sq of ['b1', 'c1', 'd1', 'e1', 'g1', 'h1', 'i1']) assert.ok(await p.page.$(`[data-square="${sq}"].dest`), `${sq} is offered to the king`);
      await p.click('g1');
      assert.deepEqual(await choices(p), ['step', 'castle']);
      assert.deepEqual(await p.page.$$eval('#chooser .chooser-btn', (bs) => bs.map((b) => b.textContent)), ['King to g1', 'Castle: king g1, rook f1']);
      await p.page.waitForTimeout(200);
      await quiet(p);
      await p.shot(`${which}-venomous-castle-question`);
      await p.page.click('#chooser [data-choice="castle"]');
      assert.equal(await p.piece('g1'), 'K');
      assert.equal(await p.piece('f1'), 'R');
      assert.equal(await p.piece('i1'), null);
      assert.deepEqual(await p.list(), ['O-O(Kg1)']);
      assert.match(await p.page.textContent('#note'), /White castled: the king f1–g1, the rook i1–f1/);
      // Black castles long, with no question: the king goes three squares.
      await p.click('f10');
      await p.click('c10');
      assert.equal(await p.page.isVisible('#chooser'), false);
      assert.equal(await p.piece('c10'), 'k');
      assert.equal(await p.piece('d10'), 'r');
      assert.deepEqual(await p.list(), ['O-O(Kg1)', 'O-O-O(Kc10)']);
      await finish(p);
    });
  });
}
