// End-to-end tests of chess and shogi on the page, in headless Chromium over file:// AND
// http://127.0.0.1: real clicks on [data-square] / [data-hand] / the promotion chooser. Every
// test also checks: no console error, no request except the page's own files. Results are
// compared with the page's words for the engine's result (ZiloKit.outcomeWords: the catalog by
// the result's reason).
// Screenshots (desktop and a 390px phone) go to tests/e2e/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS, PHONE, engineResult } from './helpers.mjs';

const suite = browserSuite();

const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SHOGI_START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1';
// White pawn on b7: b8 or a8 (capture) promote; the chooser offers four pieces.
const CHESS_PROMO = 'r3k3/1P3ppp/8/8/8/8/5PPP/4K2R w Kq - 0 1';
// Sente pawn on e8 must promote on e9; the pawn on c6 may promote on c7.
const SHOGI_PAWNS = 'k8/4P4/9/2P6/9/9/9/9/4K4[] w - - 0 1';

const chooser = (p) => p.page.$$eval('#chooser:not([hidden]) .chooser-btn', (bs) => bs.map((b) => b.dataset.choice));
/** The result the page shows: its title and its sentence, worded by the catalog. */
async function shownResult(p, variant, fen, moves) {
  await p.page.waitForSelector('#result');
  const r = await engineResult(p, variant, fen, moves);
  assert.equal(await p.page.textContent('#result'), r.title);
  assert.ok(r.text && (await p.status()).includes(r.text), `the status says “${r.text}”`);
  return r;
}
const focused = (p, key) => p.page.evaluate((k) => document.querySelector('zilo-board').shadowRoot.activeElement.dataset[k], key);
const rotated = (p, square) => p.page.$eval(`[data-square="${square}"] .piece svg > g`, (g) => /rotate\(180/.test(g.getAttribute('transform') || ''));

for (const which of WAYS) {
  describe(`chess and shogi over ${which}://`, () => {
    it('chess: castling by king then g1, en passant, SAN move list, and a reload keeps the variant', async () => {
      const p = await suite.open(which);
      await p.variant('chess');
      assert.equal(await p.fen(), CHESS_START);
      assert.equal(await p.page.locator('#board .sq').count(), 64);
      assert.equal(await p.page.$('#side-top .hand'), null, 'no hands in chess');
      assert.equal(await p.page.$('#side-bottom .hand'), null);
      assert.ok(await p.page.$('#board[data-style="chequered"]'), 'a light and dark board');
      assert.match(await p.page.textContent('#title'), /^Chess/, 'the header names the game');
      assert.equal(await p.page.title(), 'Chess · ЗiлоḺ АḺв Жа');
      assert.equal(await p.page.getAttribute('[data-square="e1"]', 'aria-label'), 'e1, White King');
      assert.equal(await p.page.textContent('#coords-files'), 'abcdefgh');

      // 1.e4 a6 2.e5 d5 3.exd6 e.p.
      await p.moves(['e2e4', 'a7a6', 'e4e5', 'd7d5']);
      await p.click('e5');
      assert.ok(await p.page.$('[data-square="d6"].dest'), 'the en passant square is marked');
      await p.click('d6');
      assert.equal(await p.piece('d6'), 'P');
      assert.equal(await p.piece('d5'), null, 'the pawn taken en passant is gone');
      assert.match(await p.page.textContent('#note'), /took a Black Pawn en passant/);
      // 3...exd6 4.Nf3 Nc6 5.Bc4 Bg4 6.O-O: click the king, then g1.
      await p.moves(['e7d6', 'g1f3', 'b8c6', 'f1c4', 'c8g4']);
      await p.click('e1');
      assert.ok(await p.page.$('[data-square="g1"].dest'), 'g1 is offered to the king');
      await p.click('g1');
      assert.equal(await p.piece('g1'), 'K');
      assert.equal(await p.piece('f1'), 'R', 'the rook jumped over');
      assert.equal(await p.piece('h1'), null);
      assert.equal(await p.piece('e1'), null);
      assert.match(await p.page.textContent('#note'), /O-O — White castled: the king e1–g1, the rook h1–f1/);
      assert.deepEqual(await p.list(), ['e4', 'a6', 'e5', 'd5', 'exd6', 'exd6', 'Nf3', 'Nc6', 'Bc4', 'Bg4', 'O-O']);
      await p.shot(`${which}-chess-castled`);
      // The help says how to castle on this page.
      await p.page.click('#rules-open');
      assert.ok(await p.page.isVisible('#rules >> text=click the king, then the square it goes to'));
      assert.equal(await p.page.isVisible('#rules >> text=When a move may promote'), false, 'no shogi help in chess');
      await p.page.keyboard.press('Escape');

      // The game (and its variant) survives a reload; undo takes back the castling as one move.
      const fen = await p.fen();
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.equal(await p.page.inputValue('#variant'), 'chess');
      assert.equal(await p.fen(), fen);
      await p.page.click('#btn-takeback');
      assert.equal(await p.piece('e1'), 'K');
      assert.equal(await p.piece('h1'), 'R');
      await finish(p);
    });

    it('chess: the king clicked then its own rook castles, as on lichess (either side, by click or drag)', async () => {
      const p = await suite.open(which);
      await p.variant('chess');
      await p.importFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
      await p.click('e1');
      await p.click('h1');
      assert.equal(await p.piece('g1'), 'K');
      assert.equal(await p.piece('f1'), 'R');
      assert.deepEqual(await p.board((b) => b.moves()), ['e1g1']);
      // Black castles long by dragging the king onto the a8 rook.
      const box = async (sq) => { const r = await p.page.locator(p.sq(sq)).boundingBox(); return [r.x + r.width / 2, r.y + r.height / 2]; };
      const [x1, y1] = await box('e8'), [x2, y2] = await box('a8');
      await p.page.mouse.move(x1, y1);
      await p.page.mouse.down();
      await p.page.mouse.move(x2, y2, { steps: 6 });
      await p.page.mouse.up();
      await p.page.waitForFunction(() => document.body.dataset.turn === 'w');
      assert.equal(await p.piece('c8'), 'k');
      assert.equal(await p.piece('d8'), 'r');
      // Without castling rights the rook is just picked up.
      await p.importFen('r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1');
      await p.click('e1');
      await p.click('h1');
      assert.equal(await p.piece('e1'), 'K');
      assert.equal(await p.page.$eval(p.sq('h1'), (e) => e.classList.contains('selected')), true, 'the rook is picked up');
      await finish(p);
    });

    it('chess: promotion through the chooser (mouse and keyboard; Escape and a click outside cancel)', async () => {
      const p = await suite.open(which);
      await p.variant('chess');
      await p.importFen(CHESS_PROMO);
      await p.click('b7');
      await p.click('b8');
      assert.deepEqual(await chooser(p), ['q', 'r', 'b', 'n'], 'the most valuable piece first (the engine’s values)');
      // The column stands on b8 and runs down the board.
      const col = await p.page.locator('.chooser-col').boundingBox();
      const b8 = await p.page.locator('[data-square="b8"]').boundingBox();
      assert.ok(Math.abs(col.x - b8.x) < 2 && Math.abs(col.y - b8.y) < 2, 'the column starts on the promotion square');
      assert.ok(col.height > b8.height * 3.5, 'four squares tall');
      assert.ok(await p.board((b) => b.shadowRoot.getElementById('chooser').contains(b.shadowRoot.activeElement)), 'the chooser has the focus');
      await p.page.waitForTimeout(200); // the fade-in
      await p.shot(`${which}-chess-chooser`);
      await p.page.keyboard.press('Escape');
      assert.equal(await p.page.isVisible('#chooser'), false, 'Escape cancels');
      assert.equal(await p.piece('b7'), 'P');
      assert.equal(await p.piece('b8'), null);
      // A click outside the column cancels too.
      await p.click('b7');
      await p.click('b8');
      const board = await p.page.locator('#board').boundingBox();
      await p.page.mouse.click(board.x + board.width * 0.8, board.y + board.height * 0.8);
      assert.equal(await p.page.isVisible('#chooser'), false, 'a click outside cancels');
      assert.equal(await p.piece('b7'), 'P');
      assert.equal(await p.count(), 0);
      // Pick a knight.
      await p.click('b7');
      await p.click('b8');
      await p.page.click('#chooser [data-choice="n"]');
      assert.equal(await p.piece('b8'), 'N');
      assert.equal(await p.piece('b7'), null);
      assert.equal(await p.page.isVisible('#chooser'), false);
      assert.match(await p.page.textContent('#moves'), /\bb8=N(?!\+)/);
      assert.match(await p.page.textContent('#note'), /promoted to a Knight/);

      // By keyboard: the capture on a8, picking the rook with the arrow keys.
      await p.page.click('#btn-takeback');
      await p.page.focus('[data-square="b7"]');
      await p.page.keyboard.press('Enter');
      await p.page.keyboard.press('ArrowUp');
      await p.page.keyboard.press('ArrowLeft');
      assert.equal(await focused(p, 'square'), 'a8');
      await p.page.keyboard.press('Enter');
      assert.deepEqual(await chooser(p), ['q', 'r', 'b', 'n']);
      assert.equal(await focused(p, 'choice'), 'q', 'by keyboard, the queen has the focus');
      await p.page.keyboard.press('ArrowDown');
      assert.equal(await focused(p, 'choice'), 'r');
      await p.page.keyboard.press('Enter');
      assert.equal(await p.piece('a8'), 'R');
      assert.equal(await focused(p, 'square'), 'a8', 'the focus is back on the board');
      assert.match(await p.page.textContent('#moves'), /bxa8=R\+/);
      assert.ok(await p.page.$('[data-square="e8"].check'), 'the new rook gives check');

      // By drag and drop: the chooser opens where the pawn is dropped.
      await p.page.click('#btn-takeback');
      const from = await p.page.locator('[data-square="b7"]').boundingBox();
      const to = await p.page.locator('[data-square="b8"]').boundingBox();
      await p.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await p.page.mouse.down();
      await p.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
      await p.page.mouse.up();
      assert.deepEqual(await chooser(p), ['q', 'r', 'b', 'n']);
      await p.page.click('#chooser [data-choice="q"]');
      assert.equal(await p.piece('b8'), 'Q');
      await finish(p);

      // On a phone: the tap that opens the chooser does not pick a piece by itself.
      const m = await suite.open(which, PHONE);
      await m.variant('chess');
      await m.importFen(CHESS_PROMO);
      await m.page.tap('[data-square="b7"]');
      await m.page.tap('[data-square="b8"]');
      assert.deepEqual(await chooser(m), ['q', 'r', 'b', 'n']);
      assert.equal(await m.piece('b8'), null);
      await m.page.waitForTimeout(200);
      await m.shot(`${which}-chess-chooser-phone`);
      await m.page.tap('#chooser [data-choice="b"]');
      assert.equal(await m.piece('b8'), 'B');
      await finish(m);
    });

    it('chess: Fool’s mate, stalemate, insufficient material, threefold repetition and the fifty-move rule end the game with a message', async () => {
      const p = await suite.open(which);
      await p.variant('chess');
      await p.moves(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
      const mate = await shownResult(p, 'chess', CHESS_START, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
      assert.equal(mate.title, 'Victory for Black (0-1)');
      assert.ok(await p.page.$('[data-square="e1"].check'));
      assert.equal(await p.page.getAttribute('body', 'data-result'), '0-1');
      assert.match(await p.page.textContent('#moves'), /Qh4#/);
      await p.shot(`${which}-chess-mate`);

      // Stalemate is a draw in chess.
      await p.importFen('k7/8/1Q6/8/8/8/8/4K3 w - - 0 1');
      await p.move('e1d2');
      assert.match((await shownResult(p, 'chess', 'k7/8/1Q6/8/8/8/8/4K3 w - - 0 1', ['e1d2'])).text, /stalemate/);
      assert.equal(await p.page.getAttribute('body', 'data-result'), '1/2-1/2');
      // Insufficient material.
      await p.importFen('k7/8/8/8/8/8/1q6/K7 w - - 0 1');
      await p.move('a1b2');
      assert.match((await shownResult(p, 'chess', 'k7/8/8/8/8/8/1q6/K7 w - - 0 1', ['a1b2'])).text, /insufficient material/);
      // Threefold repetition.
      await p.importFen(CHESS_START);
      const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
      await p.moves([...shuffle, ...shuffle]);
      assert.match((await shownResult(p, 'chess', CHESS_START, [...shuffle, ...shuffle])).text, /repetition/);
      // The fifty-move rule.
      await p.importFen('k7/8/8/8/8/8/8/KR6 w - - 99 80');
      await p.move('b1b2');
      assert.match((await shownResult(p, 'chess', 'k7/8/8/8/8/8/8/KR6 w - - 99 80', ['b1b2'])).text, /fifty-move rule/);
      await finish(p);
    });

    it('shogi: the variant picker asks first; pentagon tokens face each other; promote or not; a drop from the hand; the rules follow the variant', async () => {
      const p = await suite.open(which);
      await p.move('e3e4'); // a zilo game in progress
      await p.page.selectOption('#variant', 'shogi');
      assert.ok(await p.page.isVisible('#variant-confirm'), 'asks before replacing the game');
      assert.match(await p.page.textContent('#variant-confirm'), /new game of Shogi/);
      assert.equal(await p.page.inputValue('#variant'), 'zilo', 'not switched yet');
      await p.page.click('#variant-confirm-no');
      assert.equal(await p.page.isVisible('#variant-confirm'), false);
      assert.equal(await p.piece('e4'), 'P', 'the zilo game is kept');
      await p.page.selectOption('#variant', 'shogi');
      await p.page.click('#variant-confirm-yes');
      assert.equal(await p.fen(), SHOGI_START);
      assert.equal(await p.page.locator('#board .sq').count(), 81);
      assert.ok(await p.page.isVisible('#side-top .hand') && await p.page.isVisible('#side-bottom .hand'), 'hands in shogi');
      assert.equal(await rotated(p, 'e1'), false, 'Sente’s King points up');
      assert.equal(await rotated(p, 'e9'), true, 'Gote’s King points down');
      // Shogi starts in its own kanji set (the engine names its pieces in Japanese): the kings
      // are 玉 and 王, the ranks 一…九; the pieces' Japanese names are in the rules' table.
      assert.equal(await p.page.inputValue('#pieces'), 'kanji');
      assert.equal(await p.page.textContent('[data-square="e1"] text'), '玉');
      assert.equal(await p.page.textContent('[data-square="e9"] text'), '王');
      assert.equal(await p.page.textContent('#coords-ranks'), '一二三四五六七八九');
      await p.shot(`${which}-shogi-kanji`);
      const natives = await p.engine(() => Object.fromEntries(Zilo.variants().find((v) => v.id === 'shogi').pieces.map((x) => [x.name, x.nativeName])));
      assert.equal(natives.Rook, '飛');
      assert.equal(natives.Dragon, '龍');
      assert.equal(natives['Promoted Silver'], '成銀');
      // The Western letters, as an option. Shogi coordinates: files 9…1 from the left as Sente
      // sees the board, ranks a…i from the top.
      await p.page.selectOption('#pieces', 'pentagons');
      assert.equal(await p.page.textContent('#coords-files'), '987654321');
      assert.equal(await p.page.textContent('#coords-ranks'), 'abcdefghi');
      assert.equal(await p.page.getAttribute('[data-square="c1"]', 'aria-label'), '7i, Sente Silver');
      assert.match(await p.page.textContent('#title'), /^Shogi/, 'the header names the game');
      // The rules dialog explains the current variant.
      await p.page.click('#rules-open');
      assert.equal(await p.page.innerText('#rules-title'), 'How to play Shogi');
      assert.match(await p.page.innerText('#rules'), /gave check with every one of its\s+moves since the first occurrence: that side loses/);
      assert.equal(await p.page.isVisible('text=Sentinel armor'), false, 'zilo’s rules are not shown');
      assert.match(await p.page.innerText('#rules .piece-table'), /Dragon \(\+R\)\s*龍/, 'the Japanese names');
      // The page's own help is shared by every variant, with the lines that belong to this one.
      assert.ok(await p.page.isVisible('#rules >> text=Using this page'));
      assert.ok(await p.page.isVisible('#rules >> text=When a move may promote'));
      assert.equal(await p.page.isVisible('#rules >> text=To castle'), false, 'no castling help in shogi');
      await p.page.keyboard.press('Escape');

      // 1.P-7f P-3d; the Bishop takes on 2b (h8) and may promote: "Promote?", and the answer is no.
      await p.moves(['c3c4', 'g7g6']);
      await p.click('b2');
      await p.click('h8');
      assert.deepEqual(await chooser(p), ['+', '=']);
      assert.equal(await p.page.textContent('#chooser .chooser-question'), 'Promote?');
      assert.equal(await p.page.getAttribute('#chooser [data-choice="+"]', 'aria-label'), 'Promote: the Bishop becomes a Horse');
      await p.page.waitForTimeout(200);
      await p.shot(`${which}-shogi-promote-question`);
      await p.page.click('#chooser [data-choice="="]');
      assert.equal(await p.piece('h8'), 'B');
      assert.match(await p.page.textContent('#moves'), /Bx2b=/);
      assert.match(await p.page.textContent('#note'), /did not promote/);
      // Take it back and say yes.
      await p.page.click('#btn-takeback');
      await p.move('b2h8+');
      assert.equal(await p.piece('h8'), '+B');
      assert.match(await p.page.textContent('#moves'), /Bx2b\+/);
      await p.page.hover('[data-square="h8"]');
      await p.page.waitForSelector('#tooltip:not([hidden])');
      assert.match(await p.page.textContent('#tooltip'), /^Horse/);
      // Gote takes the Horse back: it goes to Gote's hand as a plain Bishop.
      await p.move('g9h8');
      assert.equal(await p.page.getAttribute('[data-hand="b"][data-piece="B"]', 'data-count'), '1');
      assert.match(await p.page.textContent('#note'), /took a Sente Horse, which joins Gote’s hand/);
      // Sente drops the Bishop it took.
      await p.page.click('[data-hand="w"][data-piece="B"]');
      assert.ok(await p.page.$('[data-square="e5"].dest'));
      await p.click('e5');
      assert.equal(await p.piece('e5'), 'B');
      assert.equal(await p.page.$('[data-hand="w"]'), null, 'Sente’s hand is empty');
      assert.match(await p.page.textContent('#moves'), /B\*5e/);
      await p.shot(`${which}-shogi-desktop`);

      // Flipped, Gote sits at the bottom and its tokens point up.
      await p.page.click('#btn-flip');
      assert.equal(await rotated(p, 'e9'), false);
      assert.equal(await rotated(p, 'e1'), true);
      await p.page.click('#btn-flip');

      // Back to the kanji set, by choice.
      assert.ok(await p.page.isVisible('#pieces'), 'a choice of piece sets');
      await p.page.selectOption('#pieces', 'kanji');
      await p.page.waitForFunction(() => /玉/.test(document.querySelector('zilo-board').shadowRoot.querySelector('[data-square="e1"]').textContent));

      // A game code replays the shogi game (promotions too).
      const q = await suite.open(which, { hash: '#g=' + encodeURIComponent(await p.page.inputValue('#code-field')) });
      assert.equal(await q.fen(), await p.fen());
      assert.equal(await q.piece('h8'), 's');
      await finish(q);
      await finish(p);
    });

    it('shogi: a forced promotion happens without a question; a pawn that promotes shows +P; perpetual check loses', async () => {
      const p = await suite.open(which);
      await p.variant('shogi');
      await p.importFen(SHOGI_PAWNS);
      await p.click('e8');
      await p.click('e9');
      assert.equal(await p.page.isVisible('#chooser'), false, 'no question: the pawn must promote');
      assert.equal(await p.piece('e9'), '+P');
      assert.equal(await p.page.getAttribute('[data-square="e9"]', 'aria-label'), '5a, Sente Tokin');
      assert.match(await p.page.textContent('#moves'), /P-5a\+/);
      await p.move('a9b9');
      // The pawn on c6 may promote on c7: it is asked, and it does.
      await p.click('c6');
      await p.click('c7');
      assert.deepEqual(await chooser(p), ['+', '=']);
      await p.page.click('#chooser [data-choice="+"]');
      assert.equal(await p.piece('c7'), '+P');
      assert.match(await p.page.textContent('#note'), /promoted to a Tokin/);
      await p.shot(`${which}-shogi-tokins`);

      // Perpetual check: the side giving it loses at the fourth repetition.
      await p.importFen('k8/9/9/9/9/9/9/9/1R2K4[] w - - 0 1');
      const cycle = ['b1a1', 'a9b9', 'a1b1', 'b9a9'];
      await p.moves([...cycle, ...cycle, ...cycle]);
      const pc = await shownResult(p, 'shogi', 'k8/9/9/9/9/9/9/9/1R2K4[] w - - 0 1', [...cycle, ...cycle, ...cycle]);
      assert.equal(pc.reason, 'perpetual-check');
      assert.equal(pc.title, 'Victory for Gote (0-1)');
      await finish(p);

      // The phone layout: hands above and below the board, the question over the board.
      const m = await suite.open(which, PHONE);
      await m.variant('shogi');
      await m.page.tap('[data-square="c3"]');
      await m.page.tap('[data-square="c4"]');
      assert.equal(await m.piece('c4'), 'P');
      const dims = await m.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, board: document.querySelector('zilo-board').shadowRoot.getElementById('board').getBoundingClientRect().toJSON() }));
      assert.ok(dims.scroll <= 390, `no horizontal scroll (${dims.scroll})`);
      assert.ok(dims.board.right <= 390 && dims.board.width > 300);
      await m.page.tap('[data-square="g7"]');
      await m.page.tap('[data-square="g6"]');
      await m.page.tap('[data-square="b2"]');
      await m.page.tap('[data-square="h8"]');
      assert.deepEqual(await chooser(m), ['+', '=']);
      await m.page.waitForTimeout(200);
      await m.shot(`${which}-shogi-phone-question`);
      await m.page.tap('#chooser [data-choice="+"]');
      assert.equal(await m.piece('h8'), '+B');
      await m.move('g9h8');
      await m.shot(`${which}-shogi-phone`);
      await finish(m);
    });
  });
}
