// End-to-end tests of Pillage and its subvariants on the page, in headless Chromium over file://
// AND http://127.0.0.1, played by clicking as a person would: the 10×10 board, a flexible castle
// chosen from the page's question, a promotion chosen from six pieces, a Sniper's shot, and a
// game against the computer. Every test also checks: no console error, no request except the
// page's own files. Screenshots go to tests/e2e/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS, PHONE } from './helpers.mjs';

const suite = browserSuite();

const PILLAGE_START = 'crnbqkbnrc/2v1uu1v2/pppppppppp/10/10/10/10/PPPPPPPPPP/2V1UU1V2/CRNBQKBNRC w KQkq - 0 1';
// Kings and rooks on their squares, nothing between them: every castle is open to White.
const CASTLES = 'r4k2r1/10/10/10/10/10/10/10/PPP3PP2/1R3K2R1 w KQkq - 0 1';
// A Fast Pawn on e9 promotes on e10.
const PROMOTE = 'k9/4P5/10/10/10/10/10/10/10/5K4 w - - 0 1';
// The Sniper on c1 has the Black Rook on c8 in its line of fire (c2–c7 empty).
const SNIPE = '4k5/10/2r7/10/10/10/10/10/10/2S2K4 w - - 0 1';

const choices = (p) => p.page.$$eval('#chooser:not([hidden]) .chooser-btn', (bs) => bs.map((b) => b.dataset.choice));
const moveList = (p) => p.list();
const focused = (p, key) => p.page.evaluate((k) => document.querySelector('zilo-board').shadowRoot.activeElement.dataset[k], key);

/** Starts recording which squares get a sliding piece (the move animations), and shot effects. */
function watchEffects(p) {
  return p.page.evaluate(() => {
    window.__fx = { slid: [], shots: 0 };
    new MutationObserver((muts) => {
      for (const m of muts) {
        if (m.type === 'attributes' && m.target.classList.contains('animating')) {
          const sq = m.target.closest('[data-square]');
          if (sq && !window.__fx.slid.includes(sq.dataset.square)) window.__fx.slid.push(sq.dataset.square);
        }
        for (const n of m.addedNodes || []) if (n.classList && n.classList.contains('shot-line')) window.__fx.shots++;
      }
    }).observe(document.querySelector('zilo-board').shadowRoot.getElementById('frame'), { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}
const effects = (p) => p.page.evaluate(() => window.__fx);

for (const which of WAYS) {
  describe(`Pillage over ${which}://`, () => {
    it('the picker offers the five Pillage variants; a 10×10 board with figurines, names on hover, and rules', async () => {
      const p = await suite.open(which);
      const listed = await p.engine(() => Zilo.variants().filter((v) => v.id.startsWith('pillage')).map((v) => [v.id, v.shortName]));
      assert.deepEqual(listed.map(([id]) => id), ['pillage', 'pillage-flying-ferz', 'pillage-snipers', 'pillage-dragons', 'pillage-warmachines']);
      const options = await p.page.$$eval('#variant option', (os) => os.map((o) => [o.value, o.textContent]));
      for (const v of listed) assert.ok(options.some((o) => o[0] === v[0] && o[1] === v[1]), `the picker offers ${v[1]} (the short name)`);

      await p.variant('pillage');
      assert.equal(await p.fen(), PILLAGE_START);
      assert.equal(await p.page.locator('#board .sq').count(), 100);
      assert.ok(await p.page.$('[data-square="j10"]'), 'j10 is on the board');
      assert.ok(await p.page.$('#board[data-style="chequered"]'), 'light and dark squares');
      assert.equal(await p.page.textContent('#coords-files'), 'abcdefghij');
      assert.equal(await p.page.$('#side-top .hand'), null, 'no hands in Pillage');
      assert.equal(await p.piece('a1'), 'C');
      assert.equal(await p.piece('e2'), 'U');
      assert.equal(await p.page.getAttribute('[data-square="c2"]', 'aria-label'), 'c2, White Vao');
      // Every piece is a drawn figurine (no lettered disc), and the Super Pawn is not the Fast Pawn.
      assert.equal(await p.page.locator('#board .piece svg text').count(), 0, 'no letters on the pieces');
      const drawing = (sq) => p.page.$eval(`[data-square="${sq}"] .piece svg`, (s) => s.innerHTML);
      assert.notEqual(await drawing('e2'), await drawing('e3'), 'Super Pawn and Fast Pawn differ');
      assert.notEqual(await drawing('a1'), await drawing('c2'), 'Cannon and Vao differ');
      await p.page.hover('[data-square="j1"]');
      await p.page.waitForSelector('#tooltip:not([hidden])');
      assert.match(await p.page.textContent('#tooltip'), /^Cannon/);
      await p.page.hover('[data-square="f9"]');
      await p.page.waitForFunction(() => /Super Pawn/.test(document.querySelector('zilo-board').shadowRoot.getElementById('tooltip').textContent));
      // The rules follow the variant: Pillage's lines and its own piece table.
      await p.page.click('#rules-open');
      assert.equal(await p.page.innerText('#rules-title'), 'How to play Pillage');
      const rules = await p.page.innerText('#rules');
      for (const t of ['10×10', 'Cannon (C)', 'Vao (V)', 'Super Pawn (U)', 'Fast Pawn (P)', 'Flexible castling', 'the page asks which one you mean', PILLAGE_START]) {
        assert.ok(rules.includes(t), t);
      }
      assert.equal(await p.page.isVisible('text=Sentinel armor'), false, 'zilo’s rules are not shown');
      assert.equal(await p.page.isVisible('#rules >> text=A Sniper’s targets'), false, 'no Sniper help without Snipers');
      await p.shot(`${which}-pillage-rules`);
      await p.page.keyboard.press('Escape');
      await p.shot(`${which}-pillage-desktop`);

      // The subvariants: their own pieces, drawn and named.
      for (const [id, sq, name] of [['pillage-flying-ferz', 'c2', 'Flying Ferz'], ['pillage-snipers', 'a1', 'Sniper'],
        ['pillage-dragons', 'c9', 'Flying Dragon'], ['pillage-dragons', 'j1', 'Flying Chariot'], ['pillage-warmachines', 'a10', 'Flying Warmachine']]) {
        await p.variant(id);
        const label = await p.page.getAttribute(`[data-square="${sq}"]`, 'aria-label');
        assert.match(label, new RegExp(`, (White|Black) ${name}$`), `${id}: ${sq} holds a ${name}`);
        assert.equal(await p.page.locator(`[data-square="${sq}"] .piece svg text`).count(), 0, `${name} is a figurine`);
      }
      await p.page.click('#rules-open');
      assert.equal(await p.page.innerText('#rules-title'), 'How to play Pillage: Warmachines');
      assert.ok((await p.page.innerText('#rules')).includes('Flying Warmachine (W)'));
      await p.page.keyboard.press('Escape');
      await finish(p);
    });

    it('flexible castling: a one-square king move asks “King to g1” or “Castle”; longer castles are plain destinations', async () => {
      const p = await suite.open(which);
      await p.variant('pillage');
      await p.importFen(CASTLES);
      await p.click('f1');
      for (const sq of ['b1', 'c1', 'd1', 'e1', 'g1', 'h1']) assert.ok(await p.page.$(`[data-square="${sq}"].dest`), `${sq} is offered to the king`);
      assert.ok(await p.page.$('[data-square="b1"].dest.castle:not(.capture)'), 'the king may go onto its rook’s square: a castle, not a capture');
      await p.click('g1');
      assert.deepEqual(await choices(p), ['step', 'castle']);
      const labels = await p.page.$$eval('#chooser .chooser-btn', (bs) => bs.map((b) => b.textContent));
      assert.deepEqual(labels, ['King to g1', 'Castle: king g1, rook f1']);
      await p.page.waitForTimeout(200);
      await p.shot(`${which}-pillage-castle-question`);
      // Escape cancels.
      await p.page.keyboard.press('Escape');
      assert.equal(await p.page.isVisible('#chooser'), false);
      assert.equal(await p.piece('f1'), 'K');
      // The castle: both pieces slide.
      await p.click('f1');
      await p.click('g1');
      await watchEffects(p);
      await p.page.click('#chooser [data-choice="castle"]');
      assert.equal(await p.piece('g1'), 'K');
      assert.equal(await p.piece('f1'), 'R');
      assert.equal(await p.piece('i1'), null);
      assert.deepEqual((await effects(p)).slid.sort(), ['f1', 'g1'], 'the king and the rook are animated');
      assert.deepEqual(await moveList(p), ['O-O(Kg1)+']);
      assert.match(await p.page.textContent('#note'), /O-O\(Kg1\)\+ — White castled: the king f1–g1, the rook i1–f1/);
      assert.ok(await p.page.$('[data-square="f10"].check'), 'the rook on f1 gives check');
      // The king's plain step, chosen from the same question.
      await p.page.click('#btn-takeback');
      await p.click('f1');
      await p.click('g1');
      await p.page.click('#chooser [data-choice="step"]');
      assert.equal(await p.piece('g1'), 'K');
      assert.equal(await p.piece('i1'), 'R', 'the rook stays');
      assert.deepEqual(await moveList(p), ['Kg1']);
      // By keyboard: Enter on the king, then on g1; the arrows pick the castle.
      await p.page.click('#btn-takeback');
      await p.page.focus('[data-square="f1"]');
      await p.page.keyboard.press('Enter');
      await p.page.keyboard.press('ArrowRight');
      await p.page.keyboard.press('Enter');
      assert.deepEqual(await choices(p), ['step', 'castle']);
      assert.equal(await focused(p, 'choice'), 'step', 'the first choice has the focus');
      await p.page.keyboard.press('ArrowDown');
      assert.equal(await focused(p, 'choice'), 'castle');
      await p.page.keyboard.press('Enter');
      assert.equal(await p.piece('f1'), 'R');
      assert.equal(await focused(p, 'square'), 'g1', 'the focus is back on the board');
      // Two squares or more: no question.
      await p.page.click('#btn-takeback');
      await p.click('f1');
      await p.click('h1');
      assert.equal(await p.page.isVisible('#chooser'), false);
      assert.equal(await p.piece('h1'), 'K');
      assert.equal(await p.piece('g1'), 'R');
      assert.deepEqual(await moveList(p), ['O-O(Kh1)']);
      // Queenside onto the rook's own square: the king goes to b1, the rook jumps to c1.
      await p.page.click('#btn-takeback');
      await p.click('f1');
      await p.click('b1');
      assert.equal(await p.piece('b1'), 'K');
      assert.equal(await p.piece('c1'), 'R');
      assert.deepEqual(await moveList(p), ['O-O-O(Kb1)']);
      assert.match(await p.page.textContent('#note'), /O-O-O\(Kb1\) — White castled: the king f1–b1, the rook b1–c1/);
      await p.shot(`${which}-pillage-castled`);
      // Black castles too, and a game code replays the castles.
      await p.click('f10');
      await p.click('h10');
      assert.equal(await p.piece('h10'), 'k');
      assert.equal(await p.piece('g10'), 'r');
      const q = await suite.open(which, { hash: '#g=' + encodeURIComponent(await p.page.inputValue('#code-field')) });
      assert.equal(await q.fen(), await p.fen());
      assert.deepEqual(await moveList(q), ['O-O-O(Kb1)', 'O-O(Kh10)']);
      await finish(q);
      await finish(p);

      // On a phone: the question opens by the square and fits the screen; a tap chooses.
      const m = await suite.open(which, PHONE);
      await m.variant('pillage');
      await m.importFen(CASTLES);
      await m.page.tap('[data-square="f1"]');
      await m.page.tap('[data-square="e1"]');
      assert.deepEqual(await choices(m), ['step', 'castle']);
      const box = await m.page.locator('.chooser-menu').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the question fits the width');
      await m.page.waitForTimeout(200);
      await m.shot(`${which}-pillage-castle-question-phone`);
      await m.page.tap('#chooser [data-choice="castle"]');
      assert.equal(await m.piece('e1'), 'K');
      assert.equal(await m.piece('f1'), 'R');
      assert.equal(await m.piece('b1'), null);
      assert.deepEqual(await moveList(m), ['O-O-O(Ke1)+']);
      await finish(m);
    });

    it('promotion: six pieces to choose from, by click and on a phone', async () => {
      const p = await suite.open(which);
      await p.variant('pillage');
      await p.importFen(PROMOTE);
      await p.click('e9');
      await p.click('e10');
      assert.deepEqual(await choices(p), ['q', 'r', 'c', 'b', 'n', 'v'], 'the most valuable first (the engine’s values)');
      const names = await p.page.$$eval('#chooser .chooser-btn', (bs) => bs.map((b) => b.getAttribute('aria-label')));
      assert.deepEqual(names, ['Promote to a Queen', 'Promote to a Rook', 'Promote to a Cannon', 'Promote to a Bishop', 'Promote to a Knight', 'Promote to a Vao']);
      await p.page.waitForTimeout(200);
      await p.shot(`${which}-pillage-promotion`);
      await p.page.click('#chooser [data-choice="v"]');
      assert.equal(await p.piece('e10'), 'V');
      assert.equal(await p.piece('e9'), null);
      assert.deepEqual(await moveList(p), ['e10=V']);
      assert.match(await p.page.textContent('#note'), /promoted to a Vao/);
      await finish(p);

      const m = await suite.open(which, PHONE);
      await m.variant('pillage');
      await m.importFen(PROMOTE);
      await m.page.tap('[data-square="e9"]');
      await m.page.tap('[data-square="e10"]');
      assert.deepEqual(await choices(m), ['q', 'r', 'c', 'b', 'n', 'v']);
      assert.equal(await m.piece('e10'), null, 'the tap that opened the chooser chose nothing');
      const board = await m.page.locator('#board').boundingBox();
      for (const b of await m.page.$$('#chooser .chooser-btn')) {
        const r = await b.boundingBox();
        assert.ok(r.y >= board.y - 1 && r.y + r.height <= board.y + board.height + 1 && r.x >= 0 && r.x + r.width <= 390, 'each choice is on the board');
        assert.ok(r.width >= 30, `a choice is big enough to tap (${r.width}px)`);
      }
      await m.page.waitForTimeout(200);
      await m.shot(`${which}-pillage-promotion-phone`);
      await m.page.tap('#chooser [data-choice="c"]');
      assert.equal(await m.piece('e10'), 'C');
      await finish(m);
    });

    it('a Sniper shoots: crosshair targets, the target disappears, the Sniper stays, the move list shows S!c8', async () => {
      const p = await suite.open(which);
      await p.variant('pillage-snipers');
      await p.importFen(SNIPE);
      await p.click('c1');
      assert.ok(await p.page.$('[data-square="c8"].dest.shot'), 'the target is marked with a crosshair');
      assert.equal(await p.page.$('[data-square="c8"].capture'), null, 'not as a capture by moving');
      assert.match(await p.page.getAttribute('[data-square="c8"]', 'aria-label'), /shoot here/);
      assert.ok(await p.page.$('[data-square="c3"].dest:not(.shot)'), 'its two-square leap is a plain move');
      await p.shot(`${which}-snipers-targets`);
      await watchEffects(p);
      await p.click('c8');
      assert.equal(await p.piece('c8'), null, 'the target is gone');
      assert.equal(await p.piece('c1'), 'S', 'the Sniper stays');
      assert.deepEqual(await moveList(p), ['S!c8']);
      assert.equal(await p.page.getAttribute('#moves [data-ply="1"]', 'data-move'), 'c1xc8');
      assert.ok(await p.page.$('[data-square="c1"].last-move') && await p.page.$('[data-square="c8"].last-move'), 'both squares are marked');
      assert.match(await p.page.textContent('#note'), /White Sniper on c1 shot a Black Rook on c8 and stays where it is/);
      const fx = await effects(p);
      assert.equal(fx.shots, 1, 'the shot is drawn');
      assert.deepEqual(fx.slid, [], 'nothing slides');
      await p.page.waitForTimeout(150);
      await p.shot(`${which}-snipers-shot`);
      // Looking back brings the rook back; forward shoots again.
      await p.page.click('#btn-prev');
      assert.equal(await p.piece('c8'), 'r');
      await p.page.click('#btn-next');
      assert.equal(await p.piece('c8'), null);
      assert.equal(await p.piece('c1'), 'S');
      await finish(p);
    });

    it('against the computer: it answers in Pillage, and the record replays', async () => {
      const p = await suite.open(which);
      await p.variant('pillage');
      await p.page.click('input[name="opp-vs"][value="computer"] + span');
      await p.page.selectOption('#opp-level', '1');
      const humanTurn = () => p.page.waitForFunction(
        () => document.body.dataset.result !== '*' || (document.body.dataset.turn === 'w' && document.body.dataset.thinking === '0'),
        null, { timeout: 20000 });
      for (const [from, to] of [['e3', 'e5'], ['c3', 'c4']]) {
        await p.click(from);
        await p.click(to);
        await humanTurn();
      }
      const record = await p.page.$$eval('#moves [data-move]', (bs) => bs.map((b) => [b.dataset.move, b.textContent]));
      assert.equal(record.length, 4, 'two moves each');
      assert.equal(record[0][0], 'e3e5');
      assert.equal(record[0][1], 'e5');
      assert.equal(record[2][1], 'c4');
      const replay = await p.engine((moves) => {
        const g = new Zilo.Game('pillage');
        const sans = moves.map((m) => g.play(m).san);
        return { fen: g.fen(), sans };
      }, record.map((r) => r[0]));
      assert.equal(await p.fen(), replay.fen);
      assert.deepEqual(record.map((r) => r[1]), replay.sans, 'the move list shows the engine’s notation');
      assert.match(await p.page.textContent('#note'), /The computer played/);
      await p.shot(`${which}-pillage-computer`);
      await finish(p);
    });
  });
}
