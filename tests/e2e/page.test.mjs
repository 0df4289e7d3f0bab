// End-to-end tests of www/ (the page built on <zilo-board>) in headless Chromium, against
// file:// AND http://127.0.0.1. They play as a person would: clicking [data-square] and
// [data-hand] elements (Playwright's selectors reach into the board's open shadow root), using
// the buttons, the keys and the boxes. Every test also checks: no console error, no request
// except the page's own files. Screenshots go to tests/e2e/screenshots/ (git-ignored).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserSuite, finish, WAYS, PHONE, START_FEN, engineResult } from './helpers.mjs';

const suite = browserSuite();

// Positions (Birds = uppercase, move up the board; Pigs = lowercase).
const BLAST = 'k8/9/9/2pqp4/2hpP4/9/3B5/9/8K[] w - - 0 1';      // Bd3xd5 blasts c5 c6 d6 e6 e5
const BLOW_UP = '9/9/9/3pk4/9/3B5/9/9/4K4[] w - - 0 1';         // Bd4xd6 blasts the King Pig on e6
const MATE_IN_1 = 'k8/pp7/9/9/8Q/9/9/9/4K4[] w - - 0 1';        // Qi5-i9 mates
const HANDS = '4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1';


for (const which of WAYS) {
  describe(`page over ${which}://`, () => {
    it('plays by clicking: moves, a capture into the hand, take back, flip, and a reload restores the game', async () => {
      const p = await suite.open(which);
      assert.equal(await p.fen(), START_FEN);
      assert.equal(await p.piece('e1'), 'K');
      assert.equal(await p.page.getAttribute('[data-square="e1"]', 'aria-label'), 'e1, Bird Red Cardinal');
      assert.match(await p.page.textContent('#title'), /ЗiлоḺ АḺв Жа.*Angry Bird Chess/);
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
      assert.match(await p.page.textContent('#note'), /took a Bird Minion, which joins the Pigs’ hand/);
      assert.equal(await p.count(), 4);
      assert.deepEqual(await p.list(), await p.engine(() => { const g = new Zilo.Game('zilo'); return ['e3e4', 'e7e6', 'e4e5', 'e6e5'].map((m) => g.play(m).san); }));
      assert.ok(await p.page.$('[data-square="e5"].last-move') && await p.page.$('[data-square="e6"].last-move'));
      await p.shot(`${which}-capture`);

      // Take back removes the capture for good.
      await p.page.click('#btn-takeback');
      assert.equal(await p.piece('e5'), 'P');
      assert.equal(await p.piece('e6'), 'p');
      assert.equal(await p.page.$('[data-hand="b"]'), null, 'the hand is empty again');
      assert.equal(await p.count(), 3);
      await p.move('e6e5');

      // Flip puts the Pigs at the bottom, with their hand below the board.
      await p.page.click('#btn-flip');
      assert.equal(await p.page.getAttribute('#board .sq >> nth=0', 'data-square'), 'i1');
      assert.equal(await p.page.getAttribute('#side-bottom', 'data-side'), 'b');
      await p.page.click('#btn-flip');
      assert.equal(await p.page.getAttribute('#board .sq >> nth=0', 'data-square'), 'a9');

      // The game survives a reload.
      const fen = await p.fen();
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.fen(), fen);
      assert.equal(await p.piece('e5'), 'p');
      assert.equal(await p.page.getAttribute('[data-hand="b"][data-piece="P"]', 'data-count'), '1');
      assert.equal(await p.count(), 4);
      assert.equal(await p.page.isEnabled('#btn-takeback'), true);

      // New game asks once for confirmation while a game is in progress.
      await p.page.click('#btn-new');
      assert.equal(await p.page.textContent('#btn-new'), 'Start over?');
      assert.equal(await p.piece('e5'), 'p');
      await p.page.click('#btn-new');
      assert.equal(await p.fen(), START_FEN);
      assert.equal(await p.count(), 0);
      await finish(p);
    });

    it('history as on lichess: ←/→/Home/End and the move list browse; a move in the past starts a variation, the game stays', async () => {
      const p = await suite.open(which);
      await p.moves(['e3e4', 'e7e6', 'c3c4', 'c7c6']);
      const fenEnd = await p.fen();
      // The arrows browse after a click on the board (a pointer does not give the board the keyboard).
      await p.click('a5');
      await p.page.keyboard.press('ArrowLeft');
      assert.equal(await p.piece('c6'), null, 'one move back');
      assert.equal(await p.piece('c7'), 'p');
      assert.equal(await p.count(), 4, 'nothing is dropped');
      assert.match(await p.status(), /move 2 \(Birds\) of 2/, 'numbered as the list numbers moves');
      await p.page.keyboard.press('ArrowLeft');
      await p.page.keyboard.press('ArrowLeft');
      assert.equal(await p.piece('e4'), 'P');
      assert.equal(await p.piece('c4'), null);
      await p.page.keyboard.press('Home');
      assert.equal(await p.piece('e3'), 'P');
      await p.page.keyboard.press('End');
      assert.equal(await p.fen(), fenEnd);
      // A click in the move list browses too.
      await p.page.click('#moves [data-ply="2"]');
      assert.equal(await p.piece('e6'), 'p');
      assert.equal(await p.piece('c4'), null);
      assert.equal(await p.page.getAttribute('#moves [data-ply="2"]', 'aria-selected'), 'true');
      // The move list is one Tab stop; inside it the arrows browse.
      const stops = await p.page.$$eval('#moves [role="option"]', (os) => os.filter((o) => o.tabIndex === 0).length);
      assert.equal(stops, 1, 'one Tab stop in the move list');
      await p.page.focus('#moves [data-ply="2"]');
      await p.page.keyboard.press('ArrowRight');
      assert.equal(await p.piece('c4'), 'P');
      assert.equal(await p.board((b) => b.shadowRoot.activeElement.dataset.ply), '3', 'the focus follows');
      await p.page.keyboard.press('ArrowUp');
      assert.equal(await p.piece('e4'), 'P');
      assert.equal(await p.piece('e6'), null, 'up: one row (two moves) back');
      await p.page.keyboard.press('ArrowRight');
      assert.equal(await p.piece('e6'), 'p');
      await p.shot(`${which}-browsing`);
      // A move played in the past keeps the later moves: it starts a variation that the list
      // shows under the move it replaces, and the game (the main line) stays as it was.
      const varMoves = () => p.page.$$eval('#moves li.variation [data-ply]', (bs) => bs.map((b) => b.dataset.move));
      await p.click('d3');
      await p.click('d4');
      assert.equal(await p.page.isVisible('#confirm'), false, 'nothing to ask: nothing is dropped');
      assert.equal(await p.piece('d4'), 'P');
      assert.deepEqual(await p.board((b) => b.moves()), ['e3e4', 'e7e6', 'c3c4', 'c7c6'], 'the game stays');
      assert.deepEqual(await varMoves(), ['d3d4']);
      assert.match(await p.status(), /variation: move 2 \(Birds\)/);
      await p.moves(['d7d6']);
      assert.deepEqual(await varMoves(), ['d3d4', 'd7d6'], 'the variation goes on');
      assert.equal(await p.page.getAttribute('#moves li.variation [data-ply="4"]', 'aria-selected'), 'true');
      await p.shot(`${which}-variation`);
      // A click on a move of either line goes there.
      await p.page.click('#moves li.row [data-ply="4"]');
      assert.equal(await p.fen(), fenEnd);
      assert.equal(await p.page.getAttribute('#moves li.row [data-ply="4"]', 'aria-selected'), 'true');
      await p.page.click('#moves li.variation [data-ply="3"]');
      assert.equal(await p.piece('d4'), 'P');
      assert.equal(await p.piece('d6'), null);
      assert.equal(await p.piece('c4'), null);
      // The arrows browse the variation looked at.
      await p.page.keyboard.press('ArrowRight');
      assert.equal(await p.piece('d6'), 'p');
      // Playing the main line's own next move follows the main line (no second copy).
      await p.page.click('#moves li.row [data-ply="2"]');
      await p.click('c3');
      await p.click('c4');
      assert.equal(await p.page.getAttribute('#moves li.row [data-ply="3"]', 'aria-selected'), 'true');
      assert.equal(await p.page.locator('#moves li.variation').count(), 1);
      // The variation survives a reload.
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.deepEqual(await varMoves(), ['d3d4', 'd7d6']);
      assert.deepEqual(await p.board((b) => b.moves()), ['e3e4', 'e7e6', 'c3c4', 'c7c6']);
      // The nav buttons (the game is back at its end).
      assert.equal(await p.fen(), fenEnd);
      await p.page.click('#btn-prev');
      assert.equal(await p.piece('c7'), 'p');
      await p.page.click('#btn-next');
      assert.equal(await p.piece('c6'), 'p');
      await p.page.click('#btn-first');
      assert.equal(await p.fen(), START_FEN);
      await p.page.click('#btn-last');
      assert.equal(await p.fen(), fenEnd);
      await finish(p);
    });

    it('redo: after Take back, Redo (or R) plays the taken-back move again; a new move forgets it', async () => {
      const p = await suite.open(which);
      await p.moves(['e3e4', 'e7e6', 'c3c4']);
      assert.equal(await p.page.isDisabled('#btn-redo'), true, 'nothing to redo yet');
      await p.page.click('#btn-takeback');
      await p.page.click('#btn-takeback');
      assert.deepEqual(await p.board((b) => b.moves()), ['e3e4']);
      await p.page.click('#btn-redo');
      assert.deepEqual(await p.board((b) => b.moves()), ['e3e4', 'e7e6']);
      assert.equal(await p.piece('e6'), 'p');
      await p.click('a5'); // the board takes the keys
      await p.page.keyboard.press('r');
      assert.deepEqual(await p.board((b) => b.moves()), ['e3e4', 'e7e6', 'c3c4']);
      assert.equal(await p.page.isDisabled('#btn-redo'), true, 'all replayed');
      await p.page.click('#btn-takeback');
      await p.moves(['d3d4']);
      assert.equal(await p.page.isDisabled('#btn-redo'), true, 'a new move forgets the taken-back one');
      await finish(p);
    });

    it('recent games: the kept games of other kinds are listed (name, moves, when), and a click returns to one', async () => {
      const p = await suite.open(which);
      assert.equal(await p.page.isVisible('#recent-box'), false, 'nothing to return to yet');
      await p.moves(['e3e4', 'e7e6']);
      await p.variant('chess');
      await p.moves(['e2e4']);
      assert.equal(await p.page.isVisible('#recent-box'), true);
      const rows = () => p.page.$$eval('#recent .recent-game', (bs) => bs.map((b) => b.textContent));
      const r = await rows();
      assert.equal(r.length, 1, 'the game on the board is not listed');
      assert.match(r[0], /ЗiлоḺ.*2 moves · just now/);
      await p.shot(`${which}-recent`);
      await p.page.click('#recent [data-variant="zilo"]');
      await p.page.waitForFunction(() => document.body.dataset.variant === 'zilo');
      assert.deepEqual(await p.board((b) => b.moves()), ['e3e4', 'e7e6'], 'the zilo game is back');
      assert.match((await rows())[0], /Chess.*1 move · just now/, 'the chess game stays kept, listed in turn');
      // It survives a reload.
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.match((await rows())[0], /Chess.*1 move/);
      await finish(p);
    });

    it('the address bar shows the game over http as it is played; a reload stays on it without asking', async () => {
      const p = await suite.open(which);
      await p.moves(['e3e4', 'e7e6']);
      const code = await p.board((b) => b.code());
      if (which === 'http') assert.ok(p.page.url().endsWith('#g=' + encodeURIComponent(code)), 'the link is in the address bar: ' + p.page.url());
      else assert.equal(new URL(p.page.url()).hash, '', 'from a file the address stays bare');
      // A variation, to see that the reload keeps the game as it was (not reloaded from the link).
      await p.page.click('#moves [data-ply="1"]');
      await p.click('d7');
      await p.click('d6');
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.page.isVisible('#link-ask'), false, 'nothing asked');
      assert.equal(await p.page.isVisible('#message'), false, 'no “loaded from the link” message');
      assert.deepEqual(await p.board((b) => b.moves()), ['e3e4', 'e7e6']);
      assert.equal(await p.page.locator('#moves li.variation').count(), 1, 'the variation is still there');
      // A new game shows the bare address again.
      await p.page.click('#btn-new');
      await p.page.click('#btn-new');
      await p.page.waitForFunction(() => document.body.dataset.turn === 'w' && !document.querySelector('zilo-board').moves().length);
      assert.equal(new URL(p.page.url()).hash, '');
      await finish(p);
    });

    it('a start-of-game message stays off the back ranks (desktop, phone, phone on its side)', async () => {
      for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
        const p = await suite.open(which, { viewport, mobile: viewport.width < 900 });
        await p.variant('chess');
        await p.page.waitForSelector('#message:not([hidden])');
        assert.match(await p.message(), /New game/);
        await p.page.waitForTimeout(250); // its slide-in
        const box = (sel) => p.page.locator(sel).boundingBox();
        const m = await box('#message');
        for (const rank of ['1', '2', '7', '8']) {
          const r = await box(p.sq('a' + rank));
          assert.ok(m.y >= r.y + r.height || m.y + m.height <= r.y, `the message (${Math.round(m.y)}–${Math.round(m.y + m.height)}) leaves rank ${rank} (${Math.round(r.y)}–${Math.round(r.y + r.height)}) clear at ${viewport.width}×${viewport.height}`);
        }
        await p.shot(`${which}-start-message-${viewport.width}x${viewport.height}`);
        await finish(p);
      }
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
      // A refused drop shows the engine's reason, over the board: nothing on the page moves.
      const docBox = (sel) => p.page.locator(sel).evaluate((e) => { const r = e.getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height]; });
      const before = await docBox('#board');
      const hand = await docBox('#side-bottom');
      await p.click('a9');
      // The engine's refusal by its code, as the page's catalog words it.
      const why = await p.engine((fen) => ZiloKit.engineMessage(new Zilo.Game('zilo', fen).dropRefusal('P', 'a9'), 'zilo'), HANDS);
      assert.ok(why && why.length > 5);
      await p.page.waitForSelector('#message.error:not([hidden])');
      // (The catalog words the engine's coded reason; it starts a sentence after the colon.)
      assert.ok((await p.message()).toLowerCase().includes(why.toLowerCase()), `message shows “${why}”`);
      assert.deepEqual(await docBox('#board'), before, 'the board did not move');
      assert.deepEqual(await docBox('#side-bottom'), hand, 'the hand did not move');
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

    it('a Bomber capture blasts the 8 squares around it (previewed when the engine tells), and blowing up the King Pig wins', async () => {
      const p = await suite.open(which);
      await p.importFen(BLAST);
      await p.click('d3');
      // The blast preview, when the engine can say which squares a blast clears.
      const cells = await p.engine((fen) => { const g = new Zilo.Game('zilo', fen); return typeof g.blastCells === 'function' ? Array.from(g.blastCells('d3d5')).map((x) => x.square || x) : null; }, BLAST);
      if (cells) {
        await p.page.hover('[data-square="d5"]');
        for (const s of cells) assert.ok(await p.page.$(`[data-square="${s}"].blast-preview`), `${s} is marked before the capture`);
        await p.shot(`${which}-blast-preview`);
      }
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
      assert.match(note, /Pig Charger \(d6\)/);
      assert.match(note, /Bird Minion \(e5\)/);
      assert.match(await p.page.textContent('#moves'), /✶5/);
      await p.page.waitForTimeout(250);
      await p.shot(`${which}-blast`);

      await p.importFen(BLOW_UP);
      await p.click('d4');
      await p.click('d6');
      assert.equal(await p.piece('e6'), null);
      await p.page.waitForSelector('#result');
      const r = await engineResult(p, 'zilo', BLOW_UP, ['d4d6']);
      assert.equal(await p.page.textContent('#result'), r.title);
      assert.match(r.title, /Victory for Birds/);
      assert.ok(r.text && (await p.status()).includes(r.text), 'the catalog’s words for the engine’s result');
      assert.equal(await p.page.getAttribute('body', 'data-result'), '1-0');
      await finish(p);
    });

    it('checkmate ends the game with the engine’s words naming the winner and the reason', async () => {
      const p = await suite.open(which);
      await p.importFen(MATE_IN_1);
      await p.click('i5');
      await p.click('i9');
      await p.page.waitForSelector('#result');
      const r = await engineResult(p, 'zilo', MATE_IN_1, ['i5i9']);
      assert.equal(await p.page.textContent('#result'), 'Victory for Birds (1-0)');
      assert.ok((await p.status()).includes(r.text));
      assert.match(r.text, /Checkmate/);
      assert.ok(await p.page.$('[data-square="a9"].check'), 'the mated King Pig is highlighted');
      assert.equal(await p.page.isDisabled('#btn-resign'), true);
      assert.match(await p.page.textContent('#moves-result'), /1-0 · Checkmate/);
      // Clicking pieces does nothing now.
      await p.click('a8');
      assert.equal(await p.page.locator('#board .sq.dest').count(), 0);
      await p.shot(`${which}-checkmate`);
      // Take back the mate; then the Pigs resign.
      await p.page.click('#btn-takeback');
      assert.equal(await p.page.$('#result'), null);
      await p.page.click('#btn-resign');
      await p.page.click('#btn-resign');
      await p.page.waitForSelector('#result');
      assert.match(await p.status(), /Victory for Pigs.*Birds resigned/s);
      // Taking back the resignation.
      await p.page.click('#btn-takeback');
      assert.equal(await p.page.$('#result'), null);
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
      // The engine's refusal by its code, as the page's catalog words it.
      const err = await p.engine(() => { try { new Zilo.Game('zilo', 'hcmbkqmch/1y5y1/ppppppppp/9/9 w'); } catch (e) { return ZiloKit.engineMessage(e, 'zilo'); } });
      assert.ok(err);
      assert.ok((await p.page.textContent('#fen-error-text')).includes(err), 'the engine’s error is shown under the box');
      assert.equal(await p.page.getAttribute('#fen-field', 'aria-invalid'), 'true');
      assert.equal(await p.piece('c4'), 'P', 'the current game is kept');
      assert.equal(await p.count(), 2);
      await p.page.click('#btn-prev'); // the box is no longer focused; it shows the game again
      await p.page.click('#btn-next');
      assert.equal(await p.fen(), fen);

      await p.importFen(MATE_IN_1);
      assert.equal(await p.fen(), MATE_IN_1);
      assert.equal(await p.piece('i5'), 'Q');
      assert.equal(await p.piece('e3'), null);
      assert.equal(await p.count(), 0);
      await finish(p);
    });

    it('a shared link never silently replaces a game: it asks, and the game it replaces stays restorable', async () => {
      const p = await suite.open(which);
      await p.moves(['e3e4', 'e7e6', 'e4e5']);
      const ziloFen = await p.fen();
      const [first, chessId] = await p.engine(() => [Zilo.variants()[0], Zilo.variants().find((v) => v.id !== Zilo.variants()[0].id && v.shortName === 'Chess')]);
      assert.ok(chessId, 'the engine lists chess');
      const chessName = chessId.shortName;
      const code = await p.engine((id) => ZiloKit.Sharing.encode({ variant: id, startFen: null, moves: ['e2e4'] }), chessId.id);
      const hash = '#g=' + encodeURIComponent(code);

      // A second tab of the same browser opens the link: it asks; "Keep mine" keeps the game.
      const q = await suite.open(which, { context: p.context, hash });
      await q.page.waitForSelector('#link-ask[open]');
      const ask = await q.page.textContent('#link-ask-text');
      assert.match(ask, new RegExp('opens a game of ' + chessName + ' \\(1 move\\)'));
      assert.match(ask, new RegExp('Your ' + first.shortName + ' game \\(3 moves\\) stays kept'));
      assert.equal(await q.fen(), ziloFen, 'nothing replaced while asking');
      await q.shot(`${which}-link-ask`);
      await q.page.click('#link-ask-keep');
      assert.equal(await q.page.isVisible('#link-ask'), false);
      assert.match(await q.message(), /link’s game was not opened/);
      assert.equal(await q.count(), 3);
      assert.deepEqual(q.problems, []);
      await q.page.close();
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.fen(), ziloFen);

      // A third tab opens it: the chess game is on the board, the zilo game is kept.
      const r = await suite.open(which, { context: p.context, hash });
      await r.page.waitForSelector('#link-ask[open]');
      await r.page.click('#link-ask-open');
      await r.page.waitForFunction((id) => document.body.dataset.variant === id, chessId.id);
      assert.equal(await r.count(), 1);
      assert.deepEqual(r.problems, []);
      await r.page.close();
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      if (which === 'http') {
        // Over http the first tab's address bar shows its own game: a reload brings that back,
        // without asking (nothing is lost: the chess game stays kept, one click away).
        assert.equal(await p.page.isVisible('#link-ask'), false, 'nothing asked');
        assert.equal(await p.page.getAttribute('body', 'data-variant'), first.id);
        assert.equal(await p.fen(), ziloFen);
        assert.match(await p.message(), new RegExp('game is back \\(3 moves\\); your ' + chessName + ' game stays kept'));
        await p.page.click('#recent [data-variant="' + chessId.id + '"]');
        await p.page.waitForFunction((id) => document.body.dataset.variant === id, chessId.id);
        assert.equal(await p.count(), 1);
      }
      assert.equal(await p.page.getAttribute('body', 'data-variant'), chessId.id, 'the last game opened is on the board');
      // The menu offers the kept zilo game back.
      await p.page.selectOption('#variant', first.id);
      await p.page.waitForSelector('#variant-confirm-resume:visible');
      assert.match(await p.page.textContent('#variant-confirm-text'), new RegExp('Your ' + first.shortName + ' game \\(3 moves\\) is kept'));
      await p.page.click('#variant-confirm-resume');
      await p.page.waitForFunction((id) => document.body.dataset.variant === id, first.id);
      assert.equal(await p.fen(), ziloFen);
      assert.equal(await p.count(), 3);
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.fen(), ziloFen, 'nothing lost after a reload');
      // And the chess game is kept as well.
      await p.page.selectOption('#variant', chessId.id);
      await p.page.click('#variant-confirm-resume');
      await p.page.waitForFunction((id) => document.body.dataset.variant === id, chessId.id);
      assert.equal(await p.count(), 1);
      await finish(p);
    });

    it('small things: short names in the menu, no doubled words in move messages, New game after a loaded position, nothing to copy during a setup', async () => {
      const p = await suite.open(which);
      const vs = await p.engine(() => Zilo.variants().map((v) => ({ id: v.id, name: v.name, shortName: v.shortName, hiddenSetup: !!v.hiddenSetup })));
      // The menu shows each game's short name; the long one stays in the heading.
      const options = await p.page.$$eval('#variant option', (os) => os.map((o) => [o.value, o.textContent]));
      assert.deepEqual(options, vs.map((v) => [v.id, v.shortName]));
      assert.match(await p.page.textContent('#title'), /ЗiлоḺ АḺв Жа.*Angry Bird Chess/);
      // A pending "Start over?" is dropped when a position is loaded; from a loaded position the
      // button says it starts a new game, not that position over.
      await p.moves(['e3e4']);
      await p.page.click('#btn-new');
      assert.equal(await p.page.textContent('#btn-new'), 'Start over?');
      await p.importFen('4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1');
      assert.equal(await p.page.textContent('#btn-new'), 'New game');
      // "the King Pig e9–e8", not "the Pig King Pig e9–e8".
      await p.moves(['e1e2', 'e9e8']);
      const note = await p.page.textContent('#note');
      assert.match(note, /the King Pig e9–e8/);
      assert.doesNotMatch(note, /Pig King Pig/);
      await p.page.click('#btn-new');
      assert.equal(await p.page.textContent('#btn-new'), 'New game?');
      await p.page.click('#btn-new');
      assert.equal(await p.count(), 0);
      assert.equal(await p.page.textContent('#btn-new'), 'New game');
      // During a hidden setup there is no game code to copy yet.
      const setupGame = vs.find((v) => v.hiddenSetup);
      await p.variant(setupGame.id);
      await p.page.waitForSelector('body[data-phase="setup"]');
      assert.equal(await p.page.isDisabled('#btn-code-copy'), true);
      assert.equal(await p.page.inputValue('#code-field'), '');
      assert.equal(await p.page.getAttribute('#code-field', 'placeholder'), 'after the setup');
      await p.shot(`${which}-setup-no-code`);
      await finish(p);
    });

    it('a bad game code or position shows its error under its box, marked invalid; another game’s position is recognised and offered', async () => {
      const p = await suite.open(which, PHONE);
      const start = await p.fen();
      await p.page.fill('#code-field', 'zilo~~A$');
      await p.page.click('#btn-code-load');
      assert.match(await p.page.textContent('#code-error'), /Could not load that game code: .*damaged.*current game was kept/);
      assert.equal(await p.page.isVisible('#code-error'), true);
      assert.equal(await p.page.getAttribute('#code-field', 'aria-invalid'), 'true');
      assert.match(await p.page.getAttribute('#code-field', 'aria-describedby'), /code-error/);
      // Typing again clears it.
      await p.page.type('#code-field', 'x');
      assert.equal(await p.page.isVisible('#code-error'), false);
      assert.equal(await p.page.getAttribute('#code-field', 'aria-invalid'), null);

      // A chess position pasted while the first game is chosen: offered in chess.
      const chess = await p.engine(() => Zilo.variants().find((v) => v.shortName === 'Chess'));
      const chessFen = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
      await p.page.fill('#fen-field', chessFen);
      await p.page.click('#btn-fen-load');
      await p.page.waitForSelector('#fen-error:not([hidden])');
      assert.equal(await p.page.textContent('#fen-error-text'), 'This is a Chess position — open it in Chess?');
      assert.equal(await p.page.getAttribute('#fen-field', 'aria-invalid'), 'true');
      assert.equal(await p.page.getAttribute('body', 'data-variant'), await p.engine(() => Zilo.variants()[0].id), 'nothing changed yet');
      assert.equal(await p.board((b) => b.fen()), start);
      await p.shot(`${which}-fen-offer-phone`);
      await p.page.click('#fen-offer');
      await p.page.waitForFunction((id) => document.body.dataset.variant === id, chess.id);
      assert.equal(await p.fen(), chessFen);
      assert.equal(await p.page.isVisible('#fen-error'), false);
      assert.equal(await p.page.getAttribute('#fen-field', 'aria-invalid'), null);
      // A string no game reads: its reason, under the box.
      await p.page.fill('#fen-field', 'not a position');
      await p.page.press('#fen-field', 'Enter');
      await p.page.waitForSelector('#fen-error:not([hidden])');
      assert.match(await p.page.textContent('#fen-error-text'), /^Could not load that position: .+\. Your current game was kept\.$/);
      assert.equal(await p.page.isVisible('#fen-offer'), false);
      assert.equal(await p.board((b) => b.fen()), chessFen);
      await finish(p);
    });

    it('a game code copied from one page loads in a fresh one; the move list exports as text; a link only over http', async () => {
      const p = await suite.open(which);
      await p.moves(['e3e4', 'e7e6', 'e4e5', 'e6e5']);
      await p.page.click('#btn-code-copy');
      const code = await p.page.inputValue('#code-field');
      assert.match(code, /^zilo~~[A-Za-z0-9-]{4}$/, `a short code (${code})`);
      assert.equal(code, await p.board((b) => b.code()));
      const fen = await p.fen();
      // Plain text of the move list.
      const text = await p.board((b) => b.text());
      assert.match(text, /\[Variant "ЗiлоḺ АḺв Жа \(Angry Bird Chess\)"\]/);
      assert.match(text, /\n1\. e4 e6 2\. e5 (\S+) \*\n$/);
      await p.page.click('#btn-moves-copy');
      await p.page.waitForSelector('#message:not([hidden])');
      // A link is offered only where the page has a web address.
      assert.equal(await p.page.isVisible('#link-box'), which === 'http', 'a link only over http');

      // The code in a brand-new browser context (no saved game): the same game.
      const q = await suite.open(which);
      await q.page.fill('#code-field', code);
      await q.page.click('#btn-code-load');
      assert.equal(await q.fen(), fen);
      assert.equal(await q.count(), 4);
      assert.match(await q.message(), /Game loaded from its code/);
      // A damaged code is refused and the game kept.
      await q.page.fill('#code-field', 'zilo~~A$');
      await q.page.click('#btn-code-load');
      assert.match(await q.page.textContent('#code-error'), /Could not load that game code: .*damaged.*current game was kept/);
      assert.equal(await q.fen(), fen);
      await finish(q);

      if (which === 'http') {
        const link = await p.page.inputValue('#link-field');
        assert.equal(link, suite.server.url + '#g=' + encodeURIComponent(code));
        const r = await suite.open(which, { hash: link.slice(link.indexOf('#')) });
        assert.equal(await r.fen(), fen);
        assert.match(await r.message(), /loaded from the link/);
        assert.equal(await r.page.evaluate(() => location.hash), '#g=' + encodeURIComponent(code), 'the address bar goes on showing the game');
        await finish(r);
      }
      // Older links (v=, moves=) still load; a bad link opened in a new tab keeps the saved game.
      const o = await suite.open(which, { hash: '#v=zilo&moves=e3e4,e7e6,e4e5,e6e5' });
      assert.equal(await o.fen(), fen);
      await finish(o);
      const r = await suite.open(which, { context: p.context, hash: '#v=zilo&moves=e3e4,e3e5' });
      assert.match(await r.message(), /link could not be loaded.*e3e5.*saved game was kept/s);
      assert.equal(await r.fen(), fen);
      assert.deepEqual(r.problems, []);
      await r.page.close();
      // A link pasted into the same tab (hash change) loads too; a bad one keeps the current game.
      await p.page.evaluate((c) => { location.hash = 'g=' + c; }, 'zilo~~' + 'A');
      // It would replace the game on the board: the page asks first.
      await p.page.waitForSelector('#link-ask[open]');
      await p.page.click('#link-ask-open');
      await p.page.waitForFunction(() => document.querySelector('zilo-board').moves().length === 1);
      const fen2 = await p.fen();
      await p.page.evaluate(() => { location.hash = 'v=zilo&fen=garbage'; });
      await p.page.waitForFunction(() => /current game was kept/.test(document.querySelector('zilo-board').shadowRoot.getElementById('message').textContent));
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

    it('works by keyboard and by drag and drop; names on hover', async () => {
      const p = await suite.open(which);
      // Keyboard: Tab reaches the board's cursor (e1); arrows move it, Enter picks up and puts down.
      await p.page.focus('[data-square="e1"]');
      await p.page.keyboard.press('ArrowUp');
      await p.page.keyboard.press('ArrowUp');
      assert.equal(await p.board((b) => b.shadowRoot.activeElement.dataset.square), 'e3');
      await p.page.keyboard.press('Enter');
      assert.ok(await p.page.$('[data-square="e3"].selected'));
      await p.page.keyboard.press('Escape');
      assert.equal(await p.page.$('[data-square="e3"].selected'), null, 'Escape cancels');
      await p.page.keyboard.press('Space');
      await p.page.keyboard.press('ArrowUp');
      await p.page.keyboard.press('Enter');
      assert.equal(await p.piece('e4'), 'P');
      // Tab order: the board is one stop, the move list another.
      await p.page.keyboard.press('Tab');
      const after = await p.page.evaluate(() => { const a = document.activeElement; const s = a.shadowRoot ? a.shadowRoot.activeElement : null; return s ? s.id || s.dataset.square : a.id; });
      assert.ok(!/^[a-i]\d$/.test(after), `Tab leaves the board (${after})`);

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

      // Hovering a piece names it, with its letter.
      await p.page.hover('[data-square="d1"]');
      await p.page.waitForSelector('#tooltip:not([hidden])');
      assert.match(await p.page.textContent('#tooltip'), /Bomber · ЛуꞭтаḺв.*· B/);
      await finish(p);
    });

    it('shows the rules (docs/rules/zilo.md) with every ruling, lists the variants, and plays on a phone', async () => {
      const p = await suite.open(which);
      const variants = await p.engine(() => Zilo.variants().map((v) => v.id));
      assert.deepEqual(await p.page.$$eval('#variant option', (os) => os.map((o) => o.value)), variants);
      await p.page.click('#rules-open');
      assert.ok(await p.page.isVisible('#rules'));
      const text = await p.page.textContent('#rules');
      // Every ruling of the project's rules file, as it is written there.
      const md = readFileSync(new URL('../../docs/rules/zilo.md', import.meta.url), 'utf8');
      const rulings = md.match(/Ruling[^:*]*:/g);
      assert.ok(rulings.length >= 9, 'the rules file has its rulings');
      for (const r of rulings) assert.ok(text.includes(r), r);
      for (const w of ['ЅиȽраḺ', 'БиȽтиḺ', 'ЛуꞭтаḺв', 'БиȽзаḺв', 'МӓḺд', 'ШиḺт', 'ВоḺјaȽ', 'ЌаḺраḺл', 'Тэ¹са']) assert.ok(text.includes(w), w);
      // The piece table: the engine's words for how each piece moves.
      const moves = await p.engine(() => Zilo.variants()[0].pieces.map((x) => x.moves));
      const cells = await p.page.$$eval('#rules table[data-fill="pieces"] tbody tr td:last-child', (tds) => tds.map((td) => td.textContent));
      assert.deepEqual(cells, moves);
      await p.shot(`${which}-rules`);
      await p.page.keyboard.press('Escape');
      assert.equal(await p.page.isVisible('#rules'), false);
      // The how-to lines follow what the engine says of each game (its flags, its pieces'
      // powers) and the page's own piece sets: no line names a game or a piece to show itself.
      const howto = async (id) => {
        await p.variant(id);
        await p.page.click('#rules-open');
        const shown = await p.page.$$eval('#rules .howto-list li[data-when]:not([hidden])', (lis) => lis.map((li) => li.dataset.i18nHtml.replace('page.howto.', '')));
        await p.page.keyboard.press('Escape');
        return shown;
      };
      assert.deepEqual(await howto('zilo'), ['birds', 'blast', 'hand']);
      assert.deepEqual(await howto('chess'), ['promote']);
      assert.deepEqual(await howto('shogi'), ['hand', 'promoteOptional']);
      assert.deepEqual(await howto('pillage-snipers'), ['promote', 'shoot']);
      assert.deepEqual(await howto('venomous'), ['reserve', 'path', 'promote']);
      assert.deepEqual(await howto('cyvasse'), ['setup']);
      await finish(p);

      const m = await suite.open(which, PHONE);
      await m.page.tap('[data-square="c3"]');
      await m.page.tap('[data-square="c4"]');
      assert.equal(await m.piece('c4'), 'P');
      await finish(m);
    });
  });
}
