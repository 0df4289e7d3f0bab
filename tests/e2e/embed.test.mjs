// <zilo-board> embedded in another page (www/embed.html: two boards), in headless Chromium over
// file:// AND http://127.0.0.1: each board is played on its own, by clicks and through its API,
// and each reports its own `move` events (the engine's reports) and `end` event.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS } from './helpers.mjs';

const suite = browserSuite();
const A = '#board-a', B = '#board-b';
const piece = (p, board, sq) => p.page.getAttribute(`${board} [data-square="${sq}"]`, 'data-piece');
const click = (p, board, sq) => p.page.click(`${board} [data-square="${sq}"]`);
/** The `move` and `end` events each board sent, recorded from the start of the test. */
const listen = (p) => p.page.evaluate(() => {
  window.__events = { a: [], b: [] };
  for (const id of ['a', 'b']) {
    const el = document.getElementById('board-' + id);
    el.addEventListener('move', (e) => window.__events[id].push({ type: 'move', move: e.detail.move, san: e.detail.san, kind: e.detail.kind, captured: e.detail.captured }));
    el.addEventListener('end', (e) => window.__events[id].push({ type: 'end', result: e.detail.result, title: e.detail.title }));
  }
});
const events = (p) => p.page.evaluate(() => window.__events);

for (const which of WAYS) {
  describe(`embedding <zilo-board> over ${which}://`, () => {
    it('embed.html: two boards played independently, each sending its own move events', async () => {
      const p = await suite.open(which, { path: 'embed.html', viewport: { width: 1366, height: 900 } });
      await listen(p);
      assert.equal(await p.page.locator('zilo-board').count(), 2);
      assert.equal(await p.page.locator(`${A} [data-square]`).count(), 64, 'chess on the first');
      assert.equal(await p.page.locator(`${B} [data-square]`).count(), 81, 'zilo on the second');
      // The same ids in two shadow roots do not meet: each board has its own squares.
      await click(p, A, 'e2');
      await click(p, A, 'e4');
      assert.equal(await piece(p, A, 'e4'), 'P');
      assert.equal(await piece(p, B, 'e4'), null);
      assert.equal(await piece(p, B, 'e3'), 'P', 'the other board did not move');
      let ev = await events(p);
      assert.deepEqual(ev.a, [{ type: 'move', move: 'e2e4', san: 'e4', kind: 'step', captured: null }]);
      assert.deepEqual(ev.b, []);
      assert.match(await p.page.textContent('#log-a'), /e4 {2}\(e2e4\)/);
      // The second board plays the computer: the person's move, then its answer.
      await click(p, B, 'e3');
      await click(p, B, 'e4');
      await p.page.waitForFunction(() => window.__events.b.length >= 2, null, { timeout: 15000 });
      ev = await events(p);
      assert.equal(ev.b[0].move, 'e3e4');
      assert.equal(ev.a.length, 1, 'the first board heard nothing of it');
      assert.equal(await p.page.evaluate(() => document.getElementById('board-b').moves().length), 2);
      assert.equal(await p.page.evaluate(() => document.getElementById('board-a').moves().length), 1);
      // The API: play() returns the engine's report, the same object the event carries.
      const report = await p.page.evaluate(() => document.getElementById('board-a').play('e7e5'));
      const engine = await p.page.evaluate(() => { const g = new Zilo.Game('chess'); g.play('e2e4'); return g.play('e7e5'); });
      assert.deepEqual(report, engine, 'play() returns what Zilo.Game.play returns');
      ev = await events(p);
      assert.deepEqual(ev.a[1], { type: 'move', move: 'e7e5', san: 'e5', kind: 'step', captured: null });
      // Keys go to the board last touched.
      await click(p, A, 'a5');
      await p.page.keyboard.press('ArrowLeft');
      assert.equal(await piece(p, A, 'e5'), null, 'the first board looks one move back');
      assert.equal(await p.page.evaluate(() => document.getElementById('board-b').ply), 2, 'the second did not move');
      await p.page.keyboard.press('End');
      // A game to its end: Fool's mate through the API, and the `end` event.
      await p.page.evaluate(() => { const a = document.getElementById('board-a'); a.load({ variant: 'chess' }); for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) a.play(m); });
      ev = await events(p);
      assert.deepEqual(ev.a.at(-1), { type: 'end', result: '0-1', title: 'Black wins (0-1)' });
      assert.equal(await p.page.evaluate(() => document.getElementById('board-a').result().reason), 'checkmate');
      const state = await p.page.evaluate(() => document.getElementById('board-a').state());
      assert.deepEqual(state.moves, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
      // Attributes: a game code loads, a view-only board takes no moves.
      const code = await p.page.evaluate(() => document.getElementById('board-a').code());
      await p.page.evaluate((c) => { const b = document.getElementById('board-b'); b.setAttribute('mode', 'view'); b.setAttribute('code', c); }, code);
      assert.equal(await p.page.locator(`${B} [data-square]`).count(), 64, 'the code brought its variant');
      assert.equal(await p.page.evaluate(() => document.getElementById('board-b').fen()), state.fen);
      assert.equal(await p.page.isVisible(`${B} #actions`), false, 'no game buttons on a view-only board');
      await p.page.click(`${B} #btn-first`);
      await click(p, B, 'e2');
      assert.equal(await p.page.locator(`${B} .sq.dest`).count(), 0, 'a view-only board takes no moves');
      await p.shot(`${which}-embed`);
      await finish(p);
    });

    it('a board 280 px wide is still usable', async () => {
      const p = await suite.open(which, { path: 'embed.html', viewport: { width: 320, height: 640 }, mobile: true });
      const dims = await p.page.evaluate(() => {
        const b = document.getElementById('board-a');
        const r = b.shadowRoot.getElementById('board').getBoundingClientRect();
        return { host: b.getBoundingClientRect().width, board: r.width, right: r.right, scroll: document.documentElement.scrollWidth, inner: innerWidth };
      });
      assert.ok(dims.host <= 282, `the element is about 280 px wide (${dims.host})`);
      assert.ok(dims.board >= 240 && dims.right <= dims.inner, `the board uses the width (${dims.board})`);
      assert.ok(dims.scroll <= dims.inner, 'no horizontal scroll');
      await p.page.tap(`${A} [data-square="g1"]`);
      await p.page.tap(`${A} [data-square="f3"]`);
      assert.equal(await piece(p, A, 'f3'), 'N');
      await p.shot(`${which}-embed-280`);
      await finish(p);
    });
  });
}
