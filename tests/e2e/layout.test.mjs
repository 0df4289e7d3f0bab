// The page's layout, accessibility and fonts, in headless Chromium over file:// AND http://:
// - every variant at 1366×768, 390×844 (a phone) and 844×390 (a phone on its side): the board and
//   the player's own hand fully in the window without scrolling, the board at least 80% of the
//   height on its side, a screenshot of each (kept in tests/e2e/screenshots/ to be looked at);
// - a message appearing moves nothing;
// - an accessibility scan (axe-core) finds nothing serious or critical;
// - every name of every piece and side is drawn from the fonts the page ships (Chromium's own
//   account of the fonts used for a node, through the DevTools protocol), so no missing-glyph box.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { browserSuite, finish, WAYS } from './helpers.mjs';

const suite = browserSuite();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  { name: 'landscape', viewport: { width: 844, height: 390 }, mobile: true },
];

/** Boxes of the board, the player's own bar and hand, and the window. */
const boxes = (p) => p.board((b) => {
  const r = (id) => b.shadowRoot.getElementById(id).getBoundingClientRect().toJSON();
  return { board: r('board'), own: r('side-bottom'), status: r('status'), w: innerWidth, h: innerHeight, scrollW: document.documentElement.scrollWidth };
});
const inside = (box, v) => box.left >= -0.5 && box.top >= -0.5 && box.right <= v.w + 0.5 && box.bottom <= v.h + 0.5;

/** Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP does
 * not stop it) and returns the serious and critical findings. */
async function axeFindings(p) {
  await p.page.evaluate(AXE);
  const res = await p.page.evaluate(() => axe.run(document, { resultTypes: ['violations'], preload: false }));
  return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.help + ' — ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\s+/g, ' ')).join(' | '));
}

for (const which of WAYS) {
  describe(`layout, accessibility and fonts over ${which}://`, () => {
    for (const size of SIZES) {
      it(`every variant at ${size.viewport.width}×${size.viewport.height}: the board and the own hand in view; a message moves nothing`, async () => {
        const p = await suite.open(which, { viewport: size.viewport, mobile: size.mobile });
        const variants = await p.engine(() => Zilo.variants().map((v) => v.id));
        for (const id of variants) {
          await p.variant(id);
          await p.page.evaluate(() => document.fonts.ready);
          const b = await boxes(p);
          assert.ok(b.scrollW <= b.w, `${id}: no horizontal scroll (${b.scrollW} > ${b.w})`);
          assert.ok(inside(b.board, b), `${id}: the board is in the window ${JSON.stringify(b.board)}`);
          assert.ok(inside(b.own, b), `${id}: the own bar and hand are in the window ${JSON.stringify(b.own)}`);
          if (size.name === 'landscape') assert.ok(b.board.height >= 0.8 * b.h, `${id}: the board takes ${Math.round(100 * b.board.height / b.h)}% of the height`);
          if (which === 'file') await p.shot(`layout-${size.name}-${id}`);
        }
        // Against the computer, with pieces in hand: the own hand is still in view, and a message
        // (over the board) moves nothing.
        await p.variant('zilo');
        await p.page.click('input[name="opp-vs"][value="computer"] + span');
        await p.importFen('4k4/9/9/9/9/9/9/9/4K4[PQCYHpq] w - - 0 1');
        await p.page.evaluate(() => window.scrollTo(0, 0)); // the import box is below the board
        const before = await boxes(p);
        assert.ok(inside(before.own, before), `vs computer: the own hand is in view ${JSON.stringify(before.own)}`);
        assert.ok(inside(before.status, before) || size.name !== 'phone', 'the status is in view on a phone');
        await p.click('e9'); // the computer's piece: a message says so
        await p.page.waitForSelector('#message:not([hidden])');
        const after = await boxes(p);
        assert.deepEqual(after.board, before.board, 'the board did not move');
        assert.deepEqual(after.own, before.own, 'the hand did not move');
        assert.ok(inside(await p.page.locator('#message').evaluate((e) => e.getBoundingClientRect().toJSON()), after), 'the message is in view');
        if (which === 'file') await p.shot(`layout-${size.name}-computer-message`);
        await finish(p);
      });
    }

    it('an accessibility scan (axe-core) of the page finds nothing serious or critical', async () => {
      const p = await suite.open(which, { viewport: { width: 1366, height: 768 } });
      assert.deepEqual(await axeFindings(p), [], 'a new game');
      await p.moves(['e3e4', 'e7e6', 'e4e5', 'e6e5']);
      await p.click('d3');
      assert.deepEqual(await axeFindings(p), [], 'a game in progress, a piece selected, a hand');
      await p.page.click('#rules-open');
      assert.deepEqual(await axeFindings(p), [], 'the rules open');
      await p.page.keyboard.press('Escape');
      await p.variant('shogi');
      assert.deepEqual(await axeFindings(p), [], 'shogi');
      await finish(p);
      const e = await suite.open(which, { path: 'embed.html', viewport: { width: 1366, height: 768 } });
      assert.deepEqual(await axeFindings(e), [], 'embed.html');
      await finish(e);
    });

    it('every piece and side name is drawn from the fonts the page ships (no missing-glyph box)', async () => {
      const p = await suite.open(which);
      // Every name the engine gives, set in the page's text style; and the kanji pieces.
      const names = await p.page.evaluate(() => {
        const out = new Set();
        for (const v of Zilo.variants()) {
          out.add(v.name);
          for (const pc of v.pieces) { out.add(pc.name); if (pc.nativeName) out.add(pc.nativeName); }
          for (const s of v.sides) for (const k of ['name', 'one', 'monarch', 'long', 'native']) if (s[k]) out.add(s[k]);
        }
        const box = document.createElement('div');
        box.id = 'font-probe';
        [...out].forEach((t, i) => { const s = document.createElement('span'); s.id = 'probe-' + i; s.textContent = t; box.appendChild(s); });
        const k = document.createElement('span'); k.id = 'probe-kanji'; k.style.fontFamily = '"Zilo Kanji"'; k.textContent = '玉王飛角金銀桂香歩と杏圭全馬龍一二三四五六七八九';
        box.appendChild(k);
        document.body.appendChild(box);
        return [...out];
      });
      await p.page.evaluate(() => document.fonts.ready);
      const cdp = await p.context.newCDPSession(p.page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
      const fontsOf = async (sel) => {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: sel });
        return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
      };
      for (let i = 0; i < names.length; i++) {
        const fonts = await fontsOf('#probe-' + i);
        const foreign = fonts.filter((f) => !f.isCustomFont || !/^Zilo (Sans|Kanji)$/.test(f.familyName));
        assert.deepEqual(foreign, [], `“${names[i]}” is drawn only from the shipped fonts (${JSON.stringify(fonts)})`);
      }
      const kanji = await fontsOf('#probe-kanji');
      assert.deepEqual(kanji.map((f) => f.familyName), ['Zilo Kanji'], 'the kanji set’s characters');
      assert.ok(names.includes('ЛуꞭтаḺв'), 'the Bomber’s native name (with U+A7AD) is among them');
      // The header's name of the game, as drawn.
      const title = await fontsOf('#title-main');
      assert.ok(title.every((f) => f.isCustomFont), `the header (${JSON.stringify(title)})`);
      await cdp.detach();
      await finish(p);
    });
  });
}
