// End-to-end tests of www/ in headless Chromium, run against file:// AND http://127.0.0.1.
// They play as a person would: clicking [data-square] and [data-hand] elements, using the
// buttons and the import box. Every test also checks: no console error, no request except the
// page's own files. Screenshots go to tests/e2e/screenshots/ (git-ignored).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS, PHONE, START_FEN } from './helpers.mjs';

const suite = browserSuite();

// Positions (Birds = uppercase, move up the board; Pigs = lowercase).
const BLAST = 'k8/9/9/2pqp4/2hpP4/9/3B5/9/8K[] w - - 0 1';      // Bd3xd5 blasts c5 c6 d6 e6 e5
const BLOW_UP = '9/9/9/3pk4/9/3B5/9/9/4K4[] w - - 0 1';         // Bd4xd6 blasts the King Pig on e6
const MATE_IN_1 = 'k8/pp7/9/9/8Q/9/9/9/4K4[] w - - 0 1';        // Qi5-i9 mates
const HANDS = '4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1';

for (const which of WAYS) {
  describe(`page over ${which}://`, () => {
    it('plays by clicking: moves, a capture into the hand, undo, redo, flip, and a reload restores the game', async () => {
      const p = await suite.open(which);
      assert.equal(await p.fen(), START_FEN);
      assert.equal(await p.piece('e1'), 'K');
      assert.equal(await p.page.getAttribute('[data-square="e1"]', 'aria-label'), 'E1, Bird Red Cardinal');
      // Selecting shows the legal destination as a dot.
      await p.click('e3');
      assert.ok(await p.page.$('[data-square="e4"].dest'), 'e4 is marked as a destination');
      await p.click('e4');
      assert.equal(await p.piece('e4'), 'P');
      assert.equal(await p.piece('e3'), null);
      await p.move('e7e6');
      await p.move('e4e5');
      // The Pig Minion captures forward: the Bird Minion goes to the Pigs' hand.
      await p.click('e6');
      assert.ok(await p.page.$('[data-square="e5"].dest.capture'), 'the capture square is marked as a ring');
      await p.click('e5');
      assert.equal(await p.piece('e5'), 'p');
      assert.equal(await p.page.getAttribute('[data-hand="b"][data-piece="P"]', 'data-count'), '1');
      assert.match(await p.page.textContent('#note'), /took a Bird Minion/);
      assert.equal(await p.page.locator('#moves .mv').count(), 4);
      assert.ok(await p.page.$('[data-square="e5"].last-move') && await p.page.$('[data-square="e6"].last-move'));
      await p.shot(`${which}-capture`);

      // Undo and redo.
      await p.page.click('#btn-undo');
      assert.equal(await p.piece('e5'), 'P');
      assert.equal(await p.piece('e6'), 'p');
      assert.equal(await p.page.$('[data-hand="b"]'), null, 'the hand is empty again');
      await p.page.click('#btn-redo');
      assert.equal(await p.piece('e5'), 'p');
      assert.equal(await p.page.getAttribute('[data-hand="b"][data-piece="P"]', 'data-count'), '1');

      // Flip puts the Pigs at the bottom, with their hand below the board.
      await p.page.click('#btn-flip');
      assert.equal(await p.page.getAttribute('#board .sq >> nth=0', 'data-square'), 'i1');
      assert.equal(await p.page.getAttribute('#pocket-bottom', 'data-side'), 'b');
      await p.page.click('#btn-flip');
      assert.equal(await p.page.getAttribute('#board .sq >> nth=0', 'data-square'), 'a9');

      // The game survives a reload.
      const fen = await p.fen();
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.fen(), fen);
      assert.equal(await p.piece('e5'), 'p');
      assert.equal(await p.page.getAttribute('[data-hand="b"][data-piece="P"]', 'data-count'), '1');
      assert.equal(await p.page.locator('#moves .mv').count(), 4);
      assert.equal(await p.page.isEnabled('#btn-undo'), true);

      // New game asks once for confirmation while a game is in progress.
      await p.page.click('#btn-new');
      assert.equal(await p.page.textContent('#btn-new'), 'Start over?');
      assert.equal(await p.piece('e5'), 'p');
      await p.page.click('#btn-new');
      assert.equal(await p.fen(), START_FEN);
      assert.equal(await p.page.locator('#moves .mv').count(), 0);
      await finish(p);
    });

    it('drops: legal squares are marked, a refused drop says why, a legal drop lands', async () => {
      const p = await suite.open(which);
      await p.importFen(HANDS);
      assert.equal(await p.page.getAttribute('[data-hand="w"][data-piece="P"]', 'data-count'), '1');
      assert.equal(await p.page.getAttribute('[data-hand="b"][data-piece="P"]', 'data-count'), '1');
      await p.page.click('[data-hand="w"][data-piece="P"]');
      const marked = await p.page.locator('#board .sq.dest').count();
      const legal = await p.engine((fen) => new Zilo.Game('zilo', fen).dropTargets('P').length, HANDS);
      assert.equal(marked, legal);
      assert.equal(await p.page.$('[data-square="a9"].dest'), null, 'no Minion drop on the farthest rank');
      // A refused drop shows the engine's reason.
      await p.click('a9');
      const why = await p.engine((fen) => new Zilo.Game('zilo', fen).dropError('P', 'a9'), HANDS);
      assert.ok(why && why.length > 5);
      await p.page.waitForSelector('#message.error:not([hidden])');
      assert.ok((await p.message()).includes(why), `message shows “${why}”`);
      assert.ok(await p.page.isVisible('#message'));
      await p.shot(`${which}-drop-refused`);
      // Still selected: a legal square drops it.
      await p.click('e5');
      assert.equal(await p.piece('e5'), 'P');
      assert.equal(await p.page.$('[data-hand="w"]'), null, 'the Birds’ hand is empty');
      // The Pigs drop too.
      await p.page.click('[data-hand="b"][data-piece="P"]');
      await p.click('a5');
      assert.equal(await p.piece('a5'), 'p');
      assert.match(await p.page.textContent('#moves'), /P@e5/);
      await finish(p);
    });

    it('a Bomber capture blasts the 8 squares around it, and blowing up the King Pig wins', async () => {
      const p = await suite.open(which);
      await p.importFen(BLAST);
      await p.click('d3');
      await p.click('d5');
      assert.equal(await p.piece('d5'), 'B');
      for (const s of ['c5', 'c6', 'd6', 'e6', 'e5']) {
        assert.equal(await p.piece(s), null, `${s} was blasted`);
        assert.ok(await p.page.$(`[data-square="${s}"].blasted`), `${s} is marked`);
      }
      // Only the captured Minion goes to the hand; the blasted pieces leave the game.
      assert.equal(await p.page.getAttribute('[data-hand="w"][data-piece="P"]', 'data-count'), '1');
      assert.equal(await p.page.locator('[data-hand]').count(), 1);
      const note = await p.page.textContent('#note');
      assert.match(note, /Blast!/);
      assert.match(note, /Pig Charger \(D6\)/);
      assert.match(note, /Bird Minion \(E5\)/);
      await p.page.waitForTimeout(250);
      await p.shot(`${which}-blast`);

      await p.importFen(BLOW_UP);
      await p.click('d4');
      await p.click('d6');
      assert.equal(await p.piece('e6'), null);
      await p.page.waitForSelector('#result');
      const result = await p.page.textContent('#result');
      assert.match(result, /The Birds win/);
      assert.match(result, /Monarch blown up/);
      assert.equal(await p.page.getAttribute('body', 'data-result'), '1-0');
      await finish(p);
    });

    it('checkmate ends the game with a message naming the winner and the reason', async () => {
      const p = await suite.open(which);
      await p.importFen(MATE_IN_1);
      await p.click('i5');
      await p.click('i9');
      await p.page.waitForSelector('#result');
      const result = await p.page.textContent('#result');
      assert.match(result, /The Birds win \(1-0\)/);
      assert.match(result, /Checkmate/);
      assert.match(await p.message(), /Checkmate/);
      assert.ok(await p.page.$('[data-square="a9"].check'), 'the mated King Pig is highlighted');
      assert.equal(await p.page.isDisabled('#btn-resign'), true);
      // Clicking pieces does nothing now.
      await p.click('a8');
      assert.equal(await p.page.locator('#board .sq.dest').count(), 0);
      await p.shot(`${which}-checkmate`);
      // Undo takes the mate back; then the Pigs resign.
      await p.page.click('#btn-undo');
      assert.equal(await p.page.$('#result'), null);
      await p.page.click('#btn-resign');
      await p.page.click('#btn-resign');
      await p.page.waitForSelector('#result');
      assert.match(await p.page.textContent('#result'), /The Pigs win.*Birds resigned/s);
      await finish(p);
    });

    it('exports and imports the position string; a bad string shows the engine error and keeps the game', async () => {
      const p = await suite.open(which);
      await p.move('c3c4');
      await p.move('g7g6');
      const fen = await p.fen();
      const expected = await p.engine(() => { const g = new Zilo.Game('zilo'); g.play('c3c4'); g.play('g7g6'); return g.fen(); });
      assert.equal(fen, expected, 'the export box shows the current position string');
      await p.page.click('#btn-fen-copy');
      await p.page.waitForSelector('#message:not([hidden])');

      await p.importFen('hcmbkqmch/1y5y1/ppppppppp/9/9 w');
      const err = await p.engine(() => { try { new Zilo.Game('zilo', 'hcmbkqmch/1y5y1/ppppppppp/9/9 w'); } catch (e) { return e.message; } });
      assert.ok(err);
      assert.ok((await p.message()).includes(err), 'the engine’s error is shown');
      assert.equal(await p.page.getAttribute('#message', 'data-kind'), 'error');
      assert.equal(await p.piece('c4'), 'P', 'the current game is kept');
      assert.equal(await p.page.locator('#moves .mv').count(), 2);
      await p.page.click('#btn-undo'); // the box is no longer focused; it shows the game again
      await p.page.click('#btn-redo');
      assert.equal(await p.fen(), fen);

      await p.importFen(MATE_IN_1);
      assert.equal(await p.fen(), MATE_IN_1);
      assert.equal(await p.piece('i5'), 'Q');
      assert.equal(await p.piece('e3'), null);
      assert.equal(await p.page.locator('#moves .mv').count(), 0);
      await finish(p);
    });

    it('a copied link replays the game elsewhere; a bad link or a damaged save is reported', async () => {
      const p = await suite.open(which);
      await p.move('e3e4');
      await p.move('e7e6');
      await p.move('e4e5');
      await p.move('e6e5');
      await p.page.click('#btn-link');
      const link = await p.page.inputValue('#link-field');
      assert.match(link, /#v=zilo&moves=e3e4%2Ce7e6%2Ce4e5%2Ce6e5$/);
      const fen = await p.fen();

      // The link in a brand-new browser context (no saved game) reproduces the game.
      const q = await suite.open(which, { hash: link.slice(link.indexOf('#')) });
      assert.equal(await q.fen(), fen);
      assert.equal(await q.page.locator('#moves .mv').count(), 4);
      assert.match(await q.message(), /loaded from the link/);
      assert.equal(await q.page.evaluate(() => location.hash), '', 'the hash is cleared after loading');
      await finish(q);

      // A bad link opened in a new tab keeps the saved game.
      const r = await suite.open(which, { context: p.context, hash: '#v=zilo&moves=e3e4,e3e5' });
      assert.match(await r.message(), /link could not be loaded.*e3e5.*saved game was kept/s);
      assert.equal(await r.fen(), fen);
      assert.deepEqual(r.problems, []);
      await r.page.close();

      // A link pasted into the same tab (hash change) loads too; a bad one keeps the current game.
      await p.page.evaluate(() => { location.hash = 'v=zilo&moves=d3d4'; });
      await p.page.waitForFunction(() => document.querySelector('[data-square="d4"]').dataset.piece === 'P');
      const fen2 = await p.fen();
      await p.page.evaluate(() => { location.hash = 'v=zilo&fen=garbage'; });
      await p.page.waitForFunction(() => /current game was kept/.test(document.getElementById('message').textContent));
      assert.equal(await p.fen(), fen2);

      // A damaged save starts a new game and says so.
      await p.page.evaluate(() => localStorage.setItem('zilo.save.v1', '{"v":1,"variant":"zilo","moves":["e3e4","e3e4"]}'));
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.match(await p.message(), /saved game was damaged/);
      assert.equal(await p.fen(), START_FEN);
      await p.page.evaluate(() => localStorage.setItem('zilo.save.v1', 'not json'));
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.match(await p.message(), /saved game was damaged/);
      await finish(p);
    });

    it('works by keyboard and by drag and drop', async () => {
      const p = await suite.open(which);
      // Keyboard: the board's cursor starts on E1; arrows move it, Enter picks up and puts down.
      await p.page.focus('[data-square="e1"]');
      await p.page.keyboard.press('ArrowUp');
      await p.page.keyboard.press('ArrowUp');
      assert.equal(await p.page.evaluate(() => document.activeElement.dataset.square), 'e3');
      await p.page.keyboard.press('Enter');
      assert.ok(await p.page.$('[data-square="e3"].selected'));
      await p.page.keyboard.press('Escape');
      assert.equal(await p.page.$('[data-square="e3"].selected'), null, 'Escape cancels');
      await p.page.keyboard.press('Space');
      await p.page.keyboard.press('ArrowUp');
      await p.page.keyboard.press('Enter');
      assert.equal(await p.piece('e4'), 'P');

      // Drag and drop with the mouse (pointer events).
      const from = await p.page.locator('[data-square="d7"]').boundingBox();
      const to = await p.page.locator('[data-square="d6"]').boundingBox();
      await p.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await p.page.mouse.down();
      await p.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 15, { steps: 3 });
      assert.ok(await p.page.$('.drag-piece'), 'a piece follows the pointer');
      await p.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
      await p.page.mouse.up();
      assert.equal(await p.piece('d6'), 'p');
      assert.equal(await p.piece('d7'), null);
      assert.equal(await p.page.$('.drag-piece'), null);

      // Dragging to an illegal square puts the piece back.
      const a = await p.page.locator('[data-square="a3"]').boundingBox();
      const b = await p.page.locator('[data-square="a6"]').boundingBox();
      await p.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await p.page.mouse.down();
      await p.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
      await p.page.mouse.up();
      assert.equal(await p.piece('a3'), 'P');
      assert.equal(await p.piece('a6'), null);

      // Hovering a piece names it.
      await p.page.hover('[data-square="d1"]');
      await p.page.waitForSelector('#tooltip:not([hidden])');
      assert.match(await p.page.textContent('#tooltip'), /Bomber · ЛуꞭтаḺв/);
      await finish(p);
    });

    it('shows the rules with every ruling, lists the variants, and fits a phone screen', async () => {
      const p = await suite.open(which);
      const variants = await p.engine(() => Zilo.variants().map((v) => v.id));
      assert.deepEqual(await p.page.$$eval('#variant option', (os) => os.map((o) => o.value)), variants);
      await p.page.click('#rules-open');
      assert.ok(await p.page.isVisible('#rules'));
      const text = await p.page.textContent('#rules');
      for (const r of ['Ruling:', 'Ruling (notation)', 'Ruling (Bomber path)', 'Ruling (no promotion)', 'Ruling (hands)',
        'Ruling (own Monarch)', 'Ruling (enemy Monarch)', 'Ruling (stalemate)', 'Ruling (repetition)']) {
        assert.ok(text.includes(r), r);
      }
      for (const w of ['ЅиȽраḺ', 'БиȽтиḺ', 'ЛуꞭтаḺв', 'БиȽзаḺв', 'МӓḺд', 'ШиḺт', 'ВоḺјaȽ', 'ЌаḺраḺл', 'Тэ¹са']) assert.ok(text.includes(w), w);
      await p.shot(`${which}-rules`);
      await p.page.keyboard.press('Escape');
      assert.equal(await p.page.isVisible('#rules'), false);
      await p.shot(`${which}-desktop`);
      await finish(p);

      const m = await suite.open(which, PHONE);
      const dims = await m.page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth, inner: document.documentElement.clientWidth,
        board: document.getElementById('board').getBoundingClientRect().toJSON(),
      }));
      assert.equal(dims.inner, 390);
      assert.ok(dims.scroll <= 390, `no horizontal scroll (${dims.scroll} > 390)`);
      assert.ok(dims.board.left >= 0 && dims.board.right <= dims.inner, 'the board fits the width');
      assert.ok(dims.board.width > 300, 'the board uses the width');
      await m.page.tap('[data-square="c3"]');
      await m.page.tap('[data-square="c4"]');
      assert.equal(await m.piece('c4'), 'P');
      await m.shot(`${which}-phone`);
      await finish(m);
    });
  });
}
