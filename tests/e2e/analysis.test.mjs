// Analysis mode on the page (www/src/analysis.js), in headless Chromium from file:// and http://:
// the worker's lines of the position shown, the evaluation bar, a line played as a variation,
// "Analyse the game" marking the blunder of a known short game with its graph, no stale lines
// after a move, and no analysis of a hidden setup.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS, onBoard } from './helpers.mjs';

const suite = browserSuite();
const T = 30000;

/** Waits until the lines shown are of the position on the board, searched at least `depth` deep. */
async function linesAt(p, depth) {
  await p.page.waitForFunction((d) => {
    const b = document.querySelector('zilo-board');
    const info = document.getElementById('analysis-info');
    const lines = document.getElementById('analysis-lines');
    return Number(info.dataset.depth || 0) >= d && lines.dataset.fen === b.fen() && lines.children.length > 0;
  }, depth, { timeout: T });
}

const share = (p) => p.page.$eval('#eval-bar', (b) => Number(b.dataset.share));

for (const way of WAYS) {
  describe(`analysis over ${way}://`, () => {
    it('the bar follows the position and the side at the bottom; lines are the engine’s and play as a variation', async () => {
      const p = await suite.open(way, { viewport: { width: 1366, height: 768 } });
      await p.variant('chess');
      assert.equal(await p.page.isHidden('#analysis-body'), true);
      await p.page.check('#analysis-on');
      await linesAt(p, 3);
      const even = await share(p);
      assert.ok(even > 0.35 && even < 0.65, `the start is about even: ${even}`);
      assert.equal(await p.page.locator('#analysis-lines .line').count(), 3);
      // White a queen up: the bar moves to White (at the bottom), and to Black's side once flipped.
      await onBoard(p.page, (b) => b.load({ variant: 'chess', fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', moves: [] }));
      await linesAt(p, 3);
      assert.ok(await share(p) > 0.9, 'a queen up fills the bar');
      assert.match(await p.page.textContent('#eval-text'), /^\+\d|^M\d/);
      await onBoard(p.page, (b) => b.flip());
      await p.page.waitForFunction(() => document.getElementById('eval-bar').dataset.side === 'b');
      assert.ok(await share(p) < 0.1, 'seen from Black, at the bottom');
      await onBoard(p.page, (b) => b.flip());

      // A line clicked plays as a variation from the position looked at: back in the game ...
      await onBoard(p.page, (b) => b.load({ variant: 'chess', moves: ['e2e4', 'e7e5', 'g1f3'] }));
      await onBoard(p.page, (b) => b.goToMain(2));
      await linesAt(p, 3);
      // Read and clicked in one go: the lines deepen meanwhile.
      const clickLine = (i) => p.page.$eval(`#analysis-lines .line[data-index="${i}"]`, (b) => { const pv = b.dataset.pv; b.click(); return pv.split(' '); });
      // A line whose first move is not the game's own next move (g1f3: that one follows the game).
      const pv = await p.page.$$eval('#analysis-lines .line', (ls) => { const b = /** @type {HTMLElement} */ (ls.find((x) => /** @type {HTMLElement} */ (x).dataset.pv.split(' ')[0] !== 'g1f3')); const line = b.dataset.pv; b.click(); return line.split(' '); });
      let s = await onBoard(p.page, (b) => b.state());
      assert.deepEqual(s.moves, ['e2e4', 'e7e5', 'g1f3'], 'the game itself is untouched');
      assert.deepEqual(s.variations, [{ at: 2, moves: pv }]);
      // ... and at the end of the game, where it would otherwise have extended the game.
      await onBoard(p.page, (b) => b.goToMain(3));
      await linesAt(p, 2);
      const first = await clickLine(0);
      s = await onBoard(p.page, (b) => b.state());
      assert.deepEqual(s.moves, ['e2e4', 'e7e5', 'g1f3']);
      assert.deepEqual(s.variations[1], { at: 3, moves: first });
      await finish(p);
    });

    it('never shows the lines of a position it has left, and does not analyse a hidden setup', async () => {
      const p = await suite.open(way, { viewport: { width: 1366, height: 768 } });
      await p.variant('chess');
      await p.page.check('#analysis-on');
      await linesAt(p, 2);
      // The switch is remembered: a reload analyses at once.
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.page.isChecked('#analysis-on'), true);
      await linesAt(p, 2);
      // Every change of the lines is recorded with the position on the board at that moment.
      await p.page.evaluate(() => {
        const lines = document.getElementById('analysis-lines');
        const b = document.querySelector('zilo-board');
        window.__seen = [];
        new MutationObserver(() => { if (lines.children.length) window.__seen.push([lines.dataset.fen, b.fen()]); }).observe(lines, { childList: true });
      });
      for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5']) {
        await onBoard(p.page, (b, mv) => b.play(mv), m);
        await p.page.waitForTimeout(40);
      }
      await linesAt(p, 4);
      const seen = await p.page.evaluate(() => window.__seen);
      assert.ok(seen.length > 0);
      for (const [shown, board] of seen) assert.equal(shown, board, 'lines of another position');
      // Every line's first move is legal in the position shown.
      const legal = await p.page.evaluate(() => { const g = new Zilo.Game('chess', document.querySelector('zilo-board').fen()); try { return g.legalMoves(); } finally { g.free(); } });
      for (const m of await p.page.$$eval('#analysis-lines .line', (bs) => bs.map((x) => x.dataset.move))) assert.ok(legal.includes(m), m);

      // Cyvasse's hidden setup: no analysis, a word saying why.
      await p.variant('cyvasse');
      await p.page.waitForFunction(() => /setup/i.test(document.getElementById('analysis-info').textContent));
      assert.equal(await p.page.locator('#analysis-lines .line').count(), 0);
      assert.equal(await p.page.isDisabled('#btn-analyse-game'), true);
      // Once both halves are set, the game is analysed like any other.
      await onBoard(p.page, (b) => {
        const v = Zilo.variants().find((x) => x.id === 'cyvasse');
        const fen = Zilo.startPosition('cyvasse', Zilo.Setup.preset('cyvasse', 'w', v.presets[0].id), Zilo.Setup.random('cyvasse', 'b', 42), 'w');
        b.load({ variant: 'cyvasse', fen, moves: [] });
      });
      await linesAt(p, 2);
      assert.equal(await p.page.locator('#analysis-lines .line').count(), 3);
      await finish(p);
    });

    it('"Analyse the game" marks the blunder of a fool’s mate and draws the graph, which goes to a move', async () => {
      const p = await suite.open(way, { viewport: { width: 1366, height: 768 } });
      await p.variant('chess');
      await onBoard(p.page, (b) => { for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) b.play(m); });
      await p.page.check('#analysis-on');
      await p.page.click('#btn-analyse-game');
      await p.page.waitForFunction(() => /Blunders/.test(document.getElementById('analysis-game-info').textContent), null, { timeout: T });
      assert.match(await p.page.textContent('#analysis-game-info'), /Blunders \(\?\?\): 1/);
      // g4 (ply 3) is the blunder; mate itself is no mistake.
      assert.equal(await p.page.getAttribute('#moves [data-ply="3"] [data-glyph]', 'data-glyph'), '??');
      assert.equal(await p.page.locator('#moves [data-ply="4"] [data-glyph]').count(), 0);
      assert.equal(await p.page.locator('#analysis-graph svg .graph-blunder[data-ply="3"]').count(), 1);
      // The graph goes to the move clicked: a quarter along is ply 1 of 4.
      const box = await p.page.locator('#analysis-graph').boundingBox();
      await p.page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
      assert.equal(await onBoard(p.page, (b) => b.ply), 1);
      // A glyph belongs to its game: another game drops it.
      await onBoard(p.page, (b) => b.load({ variant: 'chess', moves: ['e2e4'] }));
      assert.equal(await p.page.locator('#moves [data-glyph]').count(), 0);
      assert.equal(await p.page.isHidden('#analysis-graph'), true);
      // In Polish, the words of the box.
      await p.page.selectOption('#lang', 'pl');
      assert.equal((await p.page.textContent('#btn-analyse-game')).trim(), 'Przeanalizuj partię');
      await finish(p);
    });
  });
}
