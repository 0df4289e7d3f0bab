// End-to-end tests of Cyvasse on the page, in headless Chromium over file:// AND http://127.0.0.1,
// played by clicking as a person would: the 88-field hex board with its terrain, a full hidden
// hotseat setup (each half really hidden from the other player), the first player drawn at
// random, moves, a piece's "armor/attackers" mark changing as an enemy lines up on it, a
// capture, the second Rabble move, and a setup against the computer. Every test also checks:
// no console error, no request except the page's own files. Screenshots (1366×768, 390×844,
// 844×390) go to tests/e2e/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS, PHONE } from './helpers.mjs';

const suite = browserSuite();
const LANDSCAPE = { viewport: { width: 844, height: 390 }, mobile: true };

// White Rabble c3 and Black Rabble d5, Kings e2 and e8: c3c4 lines the Rabble up on d5
// (c4 touches d5), which then shows 1/1 and can be taken.
const ENGAGE = '8/4k4/10/11/3r8/11/2R7/4K4/8 w 0 1';
// Two White Rabbles (c3, g3): after a first Rabble move the other may step too.
const RABBLES = '8/4k4/10/11/12/11/2R3R3/4K4/8 w 0 1';

/** Hides the page's passing message so a screenshot shows the board. */
const quiet = (p) => p.page.evaluate(() => document.querySelector('zilo-board').panel.clearMessage());
const dests = (p) => p.page.$$eval('#board .sq.dest', (els) => els.map((e) => e.dataset.square).sort());
const engage = (p, sq) => p.page.textContent(`[data-square="${sq}"] .engage`);
const meta = (p) => p.engine(() => { const v = Zilo.variants().find((x) => x.id === 'cyvasse'); return { zones: v.zones, kingFields: v.kingFields, pieces: v.pieces }; });
const shownPieces = (p, zone) => p.page.locator(`#board .sq[data-zone="${zone}"][data-piece]`).count();
const fogged = (p, zone) => p.page.locator(`#board .sq[data-zone="${zone}"].fog`).count();
const trayCount = (p, what) => p.page.getAttribute(`[data-setup="${what}"]`, 'data-count');

/** Fills `side`'s zone by hand, as a person would: the King, 3 mountains, 3 water fields, then
 * every other piece from the tray onto the next free land field. Returns what went where. */
async function setUpByHand(p, side, m) {
  const zone = m.zones[side];
  const king = m.kingFields[side][1];
  const placed = { [king]: 'K' };
  await p.page.click('[data-setup="K"]');
  await p.click(king);
  const free = zone.filter((x) => x !== king);
  const mountains = free.splice(0, 3), water = free.splice(0, 3);
  for (const [what, fields] of [['mountain', mountains], ['water', water]]) {
    await p.page.click(`[data-setup="${what}"]`);
    for (const f of fields) await p.click(f);
    assert.equal(await trayCount(p, what), '0', `all ${what}s placed`);
  }
  for (const f of mountains) assert.equal(await p.page.getAttribute(`[data-square="${f}"]`, 'data-terrain'), 'mountain');
  // Pieces may stand on water, not on mountains: fill the water first, then land.
  const fields = water.concat(free);
  for (const piece of m.pieces) {
    for (;;) {
      const n = Number(await trayCount(p, piece.letter));
      if (!n) break;
      if ((await p.page.getAttribute(`[data-setup="${piece.letter}"]`, 'aria-pressed')) !== 'true') await p.page.click(`[data-setup="${piece.letter}"]`);
      const f = fields.shift();
      await p.click(f);
      placed[f] = piece.letter;
    }
  }
  return { placed, mountains, water };
}

for (const which of WAYS) {
  describe(`Cyvasse over ${which}://`, () => {
    it('a hotseat setup hides each half from the other player; the first player is drawn; then moves are played by clicking', async () => {
      const p = await suite.open(which, { viewport: { width: 1366, height: 768 } });
      const m = await meta(p);
      await p.variant('cyvasse');
      assert.equal(await p.page.locator('#board .sq').count(), 88, '88 fields');
      assert.ok(await p.page.$('#board[data-shape="hex"]'));
      // Rows of 8…12 fields, centred: a1 sits half a field right of a2.
      const a1 = await p.page.locator('[data-square="a1"]').boundingBox(), a2 = await p.page.locator('[data-square="a2"]').boundingBox();
      assert.ok(Math.abs(a1.x - a2.x - a1.width / 2) < 1.5, `a1 is half a field right of a2 (${a1.x} vs ${a2.x})`);
      assert.ok(a1.y > a2.y, 'row 1 at the bottom');
      // The curtain: nobody's half shows until White says so.
      assert.ok(await p.page.isVisible('#curtain'), 'a curtain over the board');
      assert.match(await p.page.textContent('#curtain'), /White sets up/);
      assert.equal(await p.page.locator('#board .sq[data-piece]').count(), 0);
      await p.shot(`${which}-cyvasse-curtain`);
      await p.page.click('[data-action="reveal"]');
      assert.equal(await p.page.isVisible('#curtain'), false);
      assert.equal(await fogged(p, 'b'), 38, 'Black’s zone is covered');
      assert.equal(await fogged(p, 'w'), 0);
      assert.equal(await p.page.getAttribute('[data-action="done"]', 'disabled'), '', 'Done waits for a complete half');
      // A field outside the zone is refused with a reason.
      await p.page.click('[data-setup="R"]');
      await p.click('e5');
      assert.match(await p.message(), /zone/);
      await p.page.click('[data-setup="R"]');
      const white = await setUpByHand(p, 'w', m);
      assert.equal(await p.page.getAttribute('[data-action="done"]', 'disabled'), null, 'a complete half can be done');
      // A placed piece is picked up again by clicking it, and put back.
      const someField = Object.keys(white.placed).find((f) => white.placed[f] === 'R');
      await p.click(someField);
      assert.equal(await p.piece(someField), null);
      assert.equal(await trayCount(p, 'R'), '1');
      await p.click(someField);
      assert.equal(await p.piece(someField), 'R');
      await quiet(p);
      await p.shot(`${which}-cyvasse-setup-white`);
      await p.page.click('[data-action="done"]');
      // Black's turn to set up: White's half is gone from the board, even before the curtain opens.
      assert.match(await p.page.textContent('#curtain'), /Black sets up/);
      assert.equal(await p.page.locator('#board .sq[data-piece]').count(), 0);
      await p.page.click('[data-action="reveal"]');
      assert.equal(await shownPieces(p, 'w'), 0, 'White’s pieces are hidden from Black');
      assert.equal(await fogged(p, 'w'), 38, 'White’s zone is covered');
      assert.equal(await p.page.locator('#board .sq[data-zone="w"][data-terrain]').count(), 0, 'White’s terrain is hidden too');
      await p.page.click('[data-action="random"]');
      assert.equal(await shownPieces(p, 'b'), 23, 'a random half: 23 pieces');
      assert.equal(await p.page.locator('#board .sq[data-zone="b"][data-terrain="mountain"]').count(), 3);
      await quiet(p);
      await p.shot(`${which}-cyvasse-setup-black`);
      await p.page.click('[data-action="done"]');
      // The game: both halves on the board, White's as placed, the first player drawn and shown.
      await p.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play');
      assert.match(await p.message(), /(White|Black) moves first \(drawn at random\)/);
      for (const [f, L] of Object.entries(white.placed)) assert.equal(await p.piece(f), L, `${L} on ${f}`);
      assert.equal(await shownPieces(p, 'b'), 23);
      assert.equal(await p.page.locator('#board .sq[data-terrain="water"]').count(), 6);
      // Every piece carries its armor and attackers.
      assert.equal(await p.page.locator('#board .sq[data-piece] .engage').count(), 46);
      assert.match(await engage(p, m.kingFields.w[1]), /^1\/\d$/);
      // A move by clicking: a plain move of a piece of the side to move (not a Rabble: its move
      // would open the second Rabble move, tested below).
      const mv = await p.engine((fen) => {
        const g = new Zilo.Game('cyvasse', fen);
        const rabbles = new Set(g.board().filter((x) => x.piece.toUpperCase() === 'R').map((x) => x.square));
        return g.legalMoves().map((x) => g.moveDetails(x)).find((d) => d.kind === 'move' && !rabbles.has(d.from)).move;
      }, await p.fen());
      await p.click(mv.slice(0, 2));
      assert.ok((await dests(p)).includes(mv.slice(2, 4)), 'its destination is marked');
      await p.click(mv.slice(2, 4));
      assert.equal(await p.count(), 1);
      assert.equal(await p.page.getAttribute('#moves [data-ply="1"]', 'data-move'), mv);
      await quiet(p);
      await p.shot(`${which}-cyvasse-1366x768`);
      await finish(p);
    });

    it('a piece’s armor/attackers mark changes as an enemy lines up on it, and then it is captured', async () => {
      const p = await suite.open(which);
      await p.variant('cyvasse');
      await p.importFen(ENGAGE);
      assert.equal(await p.page.isVisible('#curtain'), false, 'a loaded position needs no setup');
      assert.equal(await engage(p, 'd5'), '1/0');
      assert.equal(await p.page.getAttribute('[data-square="d5"] .engage', 'class'), 'engage');
      // Names in English and Polish: on the piece, and in the rules' table (from the engine).
      await p.page.hover('[data-square="d5"]');
      await p.page.waitForSelector('#tooltip:not([hidden])');
      assert.match(await p.page.textContent('#tooltip'), /Rabble · Milicja/);
      await p.page.click('#rules-open');
      assert.match(await p.page.innerText('#rules-title'), /How to play Cyvasse/);
      assert.equal(await p.page.locator('#rules table[data-fill="pieces"]:visible tbody tr').count(), 10, 'a row for each kind');
      assert.deepEqual(await p.page.$$eval('#rules table[data-fill="pieces"] thead th', (ths) => ths.map((t) => t.textContent)), ['Piece', 'Name', 'Armor', 'Move', 'Attack', 'How it moves']);
      const rules = await p.page.innerText('#rules');
      for (const t of ['Rabble (R)', 'Milicja', 'Spears (S)', 'Włócznia', 'Light Horse (L)', 'Jeździec', 'Trebuchet (T)', 'Trebusz', 'Dragon (D)', 'Smok', 'Tower (W)', 'Wieża', 'King (K)', 'Król']) assert.ok(rules.includes(t), t);
      await p.shot(`${which}-cyvasse-rules`);
      await p.page.keyboard.press('Escape');
      await p.click('c3');
      await p.click('c4');
      assert.equal(await engage(p, 'd5'), '1/1', 'the Rabble on c4 attacks d5');
      assert.match(await p.page.getAttribute('[data-square="d5"] .engage', 'class'), /capturable/);
      assert.match(await p.page.getAttribute('[data-square="d5"]', 'aria-label'), /armor 1, 1 attacker, can be taken/);
      // Black's King steps; White takes on d5.
      const kingMove = await p.engine((fen) => new Zilo.Game('cyvasse', fen).movesFrom('e8')[0], await p.fen());
      await p.click('e8');
      await p.click(kingMove.slice(2));
      await p.click('c4');
      assert.match(await p.page.getAttribute('[data-square="d5"]', 'class'), /capture|dest/);
      await p.click('d5');
      assert.equal(await p.piece('d5'), 'R');
      assert.equal(await p.piece('c4'), null);
      assert.deepEqual((await p.list()).length, 3);
      assert.equal(await p.page.getAttribute('#moves [data-ply="3"]', 'data-move'), 'c4xd5');
      await quiet(p);
      await p.shot(`${which}-cyvasse-capture`);
      await finish(p);
    });

    it('after a Rabble’s move another Rabble may step: the page offers it, or ends the turn', async () => {
      const p = await suite.open(which);
      await p.variant('cyvasse');
      await p.importFen(RABBLES);
      await p.click('c3');
      await p.click('c4');
      assert.ok(await p.page.isVisible('#second-bar'), 'the second move is offered');
      assert.equal(await p.piece('c4'), 'R', 'the first move is shown');
      assert.equal(await p.count(), 0, 'nothing played yet');
      await p.click('g3');
      const second = await dests(p);
      assert.ok(second.length > 0, 'the other Rabble’s steps are marked');
      await p.click(second.includes('g4') ? 'g4' : second[0]);
      assert.equal(await p.count(), 1);
      assert.match(await p.page.getAttribute('#moves [data-ply="1"]', 'data-move'), /^c3c4\+g3/);
      const marked = await p.page.$$eval('#board .sq.last-move', (els) => els.map((e) => e.dataset.square).sort());
      assert.equal(marked.length, 4, 'both Rabbles’ moves are marked as the last move: ' + marked);
      assert.match(await p.status(), /then another Rabble g3–/);
      // Taking it back, then ending the turn after the first move.
      await p.page.click('#btn-takeback');
      await p.click('c3');
      await p.click('c4');
      await p.page.click('[data-action="end-turn"]');
      assert.equal(await p.page.getAttribute('#moves [data-ply="1"]', 'data-move'), 'c3c4');
      await finish(p);
    });

    it('a setup survives a level change; a finished setup is a game that a reload restores (even when it matches the default start)', async () => {
      const p = await suite.open(which);
      await p.page.evaluate(() => { const b = document.querySelector('zilo-board'); b.setAttribute('mode', 'computer'); b.setAttribute('side', 'w'); });
      await p.variant('cyvasse');
      await p.page.selectOption('#setup-preset', 'fortress');
      assert.equal(await shownPieces(p, 'w'), 23);
      // The level is not who sets up: the half placed so far stays.
      await p.page.evaluate(() => document.querySelector('zilo-board').setAttribute('level', '1'));
      assert.equal(await shownPieces(p, 'w'), 23, 'a level change keeps the half');
      // Nothing of the setup is shared or saved as a game yet.
      assert.equal(await p.fen(), '');
      assert.equal(await p.page.inputValue('#code-field'), '');
      assert.equal(await p.page.evaluate(() => JSON.parse(localStorage.getItem('zilo.save.v1')).startFen), null);
      await p.page.click('[data-action="done"]');
      await p.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play');
      const start = await p.page.evaluate(() => document.querySelector('zilo-board').state().startFen);
      assert.equal(await p.page.evaluate(() => JSON.parse(localStorage.getItem('zilo.save.v1')).startFen), start);
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.page.evaluate(() => document.querySelector('zilo-board').state().phase), 'play', 'the game is restored, not set up again');
      assert.equal(await p.page.evaluate(() => document.querySelector('zilo-board').state().startFen), start);
      // The default start, loaded as a position, is played as it is.
      const dflt = await p.engine(() => Zilo.variants().find((v) => v.id === 'cyvasse').startFen);
      await p.importFen(dflt);
      assert.equal(await p.page.evaluate(() => document.querySelector('zilo-board').state().phase), 'play');
      await finish(p);
    });

    it('terrain under a piece is the engine’s rule: water may go under a piece, a mountain may not, a field is one terrain', async () => {
      const p = await suite.open(which);
      await p.variant('cyvasse');
      await p.page.click('[data-action="reveal"]');
      // The zone in the engine's words.
      const words = await p.engine(() => Zilo.variants().find((v) => v.id === 'cyvasse').zoneWords.w);
      assert.ok((await p.page.textContent('#setup-card')).includes(words), words);
      await p.page.click('[data-setup="water"]');
      await p.click('d4');
      await p.page.click('[data-setup="R"]');
      await p.click('d4');
      assert.equal(await p.piece('d4'), 'R');
      // More water on a watered field with a piece: refused with the engine's reason, the Rabble stays.
      await p.page.click('[data-setup="water"]');
      await p.click('d4');
      assert.equal(await p.piece('d4'), 'R', 'the Rabble stays');
      assert.equal(await p.page.getAttribute('[data-square="d4"]', 'data-terrain'), 'water');
      assert.match(await p.message(), /d4 is already a water field/);
      // A mountain under a Rabble standing on land: refused, as the engine says.
      await p.page.click('[data-setup="R"]');
      await p.click('e4');
      await p.page.click('[data-setup="mountain"]');
      await p.click('e4');
      assert.equal(await p.page.getAttribute('[data-square="e4"]', 'data-terrain'), null);
      assert.match(await p.message(), /e4 is taken by the/);
      // Water under it: the engine allows it.
      await p.page.click('[data-setup="water"]');
      await p.click('e4');
      assert.equal(await p.piece('e4'), 'R');
      assert.equal(await p.page.getAttribute('[data-square="e4"]', 'data-terrain'), 'water');
      // The King picked: the fields the engine allows it are marked.
      await p.page.click('[data-setup="K"]');
      const kingFields = await p.engine(() => Zilo.variants().find((v) => v.id === 'cyvasse').kingFields.w);
      assert.deepEqual(await p.page.$$eval('#board .sq.king-field', (els) => els.map((e) => e.dataset.square).sort()), [...kingFields].sort());
      await finish(p);
    });

    it('against the computer: the person sets up one half, the computer’s stays hidden, then it plays; phone sizes', async () => {
      const p = await suite.open(which, PHONE);
      await p.page.evaluate(() => { const b = document.querySelector('zilo-board'); b.setAttribute('mode', 'computer'); b.setAttribute('side', 'w'); b.setAttribute('level', '1'); });
      await p.variant('cyvasse');
      assert.equal(await p.page.isVisible('#curtain'), false, 'no curtain: the computer does not look');
      assert.equal(await fogged(p, 'b'), 38, 'the computer’s half is hidden');
      assert.equal(await shownPieces(p, 'b'), 0);
      await p.page.selectOption('#setup-preset', { index: 1 });
      assert.equal(await shownPieces(p, 'w'), 23);
      await quiet(p);
      await p.shot(`${which}-cyvasse-setup-390x844`);
      await p.page.click('[data-action="done"]');
      await p.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play');
      // All of its pieces (counted on the whole board: drawn to move first, the computer may
      // already have stepped out of its zone).
      assert.equal(await p.page.$$eval('#board .sq[data-piece]', (els) => els.filter((e) => e.dataset.piece === e.dataset.piece.toLowerCase()).length), 23, 'its half appears when the game starts');
      // Whoever was drawn to start, the game gets going: the computer answers a move of ours.
      const first = await p.page.evaluate(() => document.querySelector('zilo-board').turn());
      if (first === 'w') {
        const mv = await p.engine((fen) => {
          const g = new Zilo.Game('cyvasse', fen);
          const rabbles = new Set(g.board().filter((x) => x.piece.toUpperCase() === 'R').map((x) => x.square));
          return g.legalMoves().find((x) => !x.includes('x') && !x.includes('+') && !rabbles.has(x.slice(0, 2)));
        }, await p.fen());
        await p.click(mv.slice(0, 2));
        await p.click(mv.slice(2, 4));
      }
      await p.page.waitForFunction(() => document.querySelector('zilo-board').moves().length >= (document.querySelector('zilo-board').state().startFen.split(' ')[1] === 'w' ? 2 : 1), null, { timeout: 20000 });
      await quiet(p);
      await p.shot(`${which}-cyvasse-390x844`);
      await finish(p);
      const l = await suite.open(which, LANDSCAPE);
      await l.variant('cyvasse');
      await l.page.click('[data-action="reveal"]');
      await l.page.click('[data-action="random"]');
      const box = await l.page.locator('[data-square="e5"]').boundingBox();
      assert.ok(box.width >= 22, `a field is ${box.width}px wide`);
      await quiet(l);
      await l.shot(`${which}-cyvasse-844x390`);
      await finish(l);
    });
  });
}

/** Where each engagement mark falls short of its hexagonal field: the marks whose pill (its
 * ends and its flat edges) reaches outside the hexagon the field is clipped to. */
const marksOutside = (p) => p.page.evaluate(() => {
  const root = document.querySelector('zilo-board').shadowRoot;
  const inside = (r, x, y) => {
    // The hexagon: points at the top and bottom middle, straight sides (clip-path in board-hex.css).
    const u = (x - r.left) / r.width, v = (y - r.top) / r.height;
    if (u < -0.01 || u > 1.01 || v < 0 || v > 1) return false;
    const edge = 0.25 * Math.abs(u - 0.5) / 0.5; // how far the slanted edges reach in at this u
    return v >= edge - 0.01 && v <= 1 - edge + 0.01;
  };
  const out = [];
  for (const tag of root.querySelectorAll('#board .engage')) {
    const sq = tag.closest('.sq').getBoundingClientRect(), t = tag.getBoundingClientRect();
    const r = t.height / 2, cy = t.top + r;
    const pts = [[t.left, cy], [t.right, cy], [t.left + r, t.top], [t.right - r, t.top], [t.left + r, t.bottom], [t.right - r, t.bottom]];
    if (!pts.every(([x, y]) => inside(sq, x, y))) out.push(tag.closest('.sq').dataset.square + ' ' + tag.textContent);
  }
  return out;
});
/** The buttons whose label does not fit (cut off or ended with "…"); the tray's pictures,
 * named by their aria-label, carry their count as a badge over the edge. */
const cutLabels = (p) => p.page.evaluate(() => {
  const root = document.querySelector('zilo-board').shadowRoot;
  return [...root.querySelectorAll('.panel button:not(.tray-item), .panel select')].filter((b) => b.offsetParent && b.scrollWidth > b.clientWidth + 1)
    .map((b) => b.id || b.dataset.action || b.textContent);
});
const boxOf = (p, sel) => p.page.locator(sel).boundingBox();

for (const which of WAYS) {
  describe(`Cyvasse on phones and in a turn of two moves, over ${which}://`, () => {
    for (const [size, opts] of [['390x844', PHONE], ['844x390', LANDSCAPE]]) {
      it(`at ${size} every armor mark sits inside its field, every button label is whole, and the board takes the room there is`, async () => {
        const p = await suite.open(which, opts);
        await p.variant('cyvasse');
        await p.page.click('[data-action="reveal"]');
        assert.deepEqual(await cutLabels(p), [], 'setup buttons');
        await p.page.click('[data-action="random"]');
        await p.page.click('[data-action="done"]');
        await p.page.click('[data-action="reveal"]');
        await p.page.click('[data-action="random"]');
        await p.page.click('[data-action="done"]');
        await p.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play');
        assert.equal(await p.page.locator('#board .engage').count(), 46, 'a mark on every piece');
        assert.deepEqual(await marksOutside(p), [], 'marks cut by the hex edge');
        assert.deepEqual(await cutLabels(p), [], 'game buttons');
        const board = await boxOf(p, '#board'), host = await boxOf(p, 'zilo-board'), vw = opts.viewport.width, vh = opts.viewport.height;
        // As wide as the element on a phone held upright; as tall as the screen below the
        // page's heading on one on its side.
        if (vw < vh) assert.ok(board.width >= host.width - 12, `the board is ${board.width}px of ${host.width}`);
        else assert.ok(board.height >= vh - host.y - 16, `the board is ${board.height}px of ${vh - host.y}`);
        await quiet(p);
        await p.shot(`${which}-cyvasse-play-${size}`);
        if (vw < vh) {
          // Held upright the fields are small: a button enlarges the board, which then scrolls
          // sideways, and plays as before; pressed again, the board fits the screen again.
          const before = (await boxOf(p, '[data-square="e5"]')).width;
          assert.ok(before < 36, `fields of ${before}px`);
          assert.equal(await p.page.getAttribute('#btn-zoom', 'aria-label'), 'Enlarge the board');
          await p.page.click('#btn-zoom');
          assert.equal(await p.page.getAttribute('#btn-zoom', 'aria-pressed'), 'true');
          assert.ok((await boxOf(p, '[data-square="e5"]')).width >= 44, 'fields a finger can hit');
          assert.ok(await p.page.evaluate(() => { const a = document.querySelector('zilo-board').shadowRoot.querySelector('.board-area'); return a.scrollWidth > a.clientWidth && a.scrollLeft > 0; }), 'the board scrolls sideways, its middle in view');
          assert.equal(await p.page.evaluate(() => document.documentElement.scrollWidth), vw, 'the page itself does not scroll sideways');
          assert.deepEqual(await marksOutside(p), [], 'marks on enlarged fields');
          await quiet(p);
          await p.shot(`${which}-cyvasse-zoomed-${size}`);
          await p.page.click('#btn-zoom');
          assert.equal((await boxOf(p, '[data-square="e5"]')).width, before);
        } else assert.equal(await p.page.isVisible('#btn-zoom'), false, 'fields big enough need no zoom');
        await finish(p);
      });
    }

    it('held upright, the enlarged board is set up and played by tapping', async () => {
      const p = await suite.open(which, PHONE);
      await p.variant('cyvasse');
      await p.page.click('[data-action="reveal"]');
      await p.page.click('#btn-zoom');
      await p.page.click('[data-setup="R"]');
      await p.page.locator('[data-square="e3"]').scrollIntoViewIfNeeded();
      await p.click('e3');
      assert.equal(await p.piece('e3'), 'R', 'a tap on an enlarged field places the Rabble');
      await finish(p);
    });

    it('after a first Rabble move the Rabbles that may step are marked (as the engine says), the marks stay, and no message covers End turn', async () => {
      const p = await suite.open(which, LANDSCAPE);
      await p.variant('cyvasse');
      await p.importFen(RABBLES);
      await p.click('c3');
      await p.click('c4');
      const fen = await p.fen();
      const expected = await p.engine((f) => {
        const g = new Zilo.Game('cyvasse', f);
        const movers = [...new Set(g.movesFrom('c3').filter((m) => m.startsWith('c3c4+')).map((m) => m.slice(5, 7)))].sort();
        g.play('c3c4');
        const marks = Object.fromEntries(g.board().map((x) => [x.square, x.armor + '/' + x.attackers]));
        return { movers, marks };
      }, fen);
      assert.ok(expected.movers.length > 0);
      const marked = await p.page.$$eval('#board .sq.second-mover', (els) => els.map((e) => e.dataset.square).sort());
      assert.deepEqual(marked, expected.movers, 'the marked Rabbles are the engine’s');
      assert.match(await p.page.getAttribute(`[data-square="${expected.movers[0]}"]`, 'aria-label'), /may make the second move/);
      for (const [sq, text] of Object.entries(expected.marks)) assert.equal(await engage(p, sq), text, `the mark on ${sq} after the first move`);
      // A message over the board (the start of a game shows one) leaves End turn clear and clickable.
      await p.page.evaluate(() => document.querySelector('zilo-board').message('White moves first (drawn at random).', 'info'));
      const msg = await boxOf(p, '#message'), end = await boxOf(p, '[data-action="end-turn"]');
      const overlap = !(end.x >= msg.x + msg.width || msg.x >= end.x + end.width || end.y >= msg.y + msg.height || msg.y >= end.y + end.height);
      assert.ok(!overlap, 'the message does not cover End turn');
      assert.deepEqual(await cutLabels(p), []);
      await p.shot(`${which}-cyvasse-second-844x390`);
      await p.page.click('[data-action="end-turn"]');
      assert.equal(await p.page.getAttribute('#moves [data-ply="1"]', 'data-move'), 'c3c4');
      assert.equal(await p.page.locator('#board .sq.second-mover').count(), 0, 'no marks once the turn is over');
      await finish(p);
    });

    it('a reload during Black’s setup keeps White’s finished half, still hidden; each side sets up at the bottom; the King is offered only its fields, named when refused', async () => {
      const p = await suite.open(which, { viewport: { width: 1366, height: 768 } });
      const m = await meta(p);
      await p.variant('cyvasse');
      await p.page.click('[data-action="reveal"]');
      const y = async (sq) => (await boxOf(p, `[data-square="${sq}"]`)).y;
      assert.ok(await y('e1') > await y('e9'), 'White’s zone at the bottom');
      // The King picked: only its three fields are offered; a field of the zone elsewhere is refused, the fields named.
      await p.page.click('[data-setup="K"]');
      const offered = await p.page.$$eval('#board .sq.setup-target', (els) => els.map((e) => e.dataset.square).sort());
      assert.deepEqual(offered, [...m.kingFields.w].sort());
      const elsewhere = m.zones.w.find((f) => !m.kingFields.w.includes(f));
      await p.click(elsewhere);
      const refusal = await p.message();
      for (const f of m.kingFields.w) assert.ok(refusal.includes(f), `the refusal names ${f}: ${refusal}`);
      assert.equal(await p.piece(elsewhere), null);
      await p.page.click('[data-action="random"]');
      const white = await p.page.$$eval('#board .sq[data-zone="w"][data-piece]', (els) => Object.fromEntries(els.map((e) => [e.dataset.square, e.dataset.piece])));
      assert.equal(Object.keys(white).length, 23);
      await p.page.click('[data-action="done"]');
      await p.page.click('[data-action="reveal"]');
      assert.ok(await y('e9') > await y('e1'), 'Black’s zone at the bottom for Black');
      await p.page.click('[data-setup="K"]');
      await p.click(m.kingFields.b[0]);
      assert.equal(await p.piece(m.kingFields.b[0]), 'k');
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      // Still Black's setup, the curtain down, nothing of either half on show.
      assert.equal(await p.page.evaluate(() => document.querySelector('zilo-board').state().phase), 'setup');
      assert.match(await p.page.textContent('#curtain'), /Black sets up/);
      assert.equal(await p.page.locator('#board .sq[data-piece]').count(), 0);
      await p.page.click('[data-action="reveal"]');
      assert.equal(await p.piece(m.kingFields.b[0]), 'k', 'Black’s King is where it was put');
      assert.equal(await shownPieces(p, 'w'), 0, 'White’s half stays hidden');
      assert.equal(await fogged(p, 'w'), 38);
      assert.ok(await y('e9') > await y('e1'), 'Black’s zone at the bottom after the reload');
      await p.page.click('[data-action="random"]');
      await p.page.click('[data-action="done"]');
      await p.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play');
      for (const [f, L] of Object.entries(white)) assert.equal(await p.piece(f), L, `White’s ${L} on ${f}, as set up before the reload`);
      assert.ok(await y('e1') > await y('e9'), 'the game is shown as before the setup');
      await finish(p);
    });
  });
}
