// End-to-end tests of playing the computer (www/computer.js: the engine's search in a Web Worker
// started from a Blob URL), in headless Chromium over file:// AND http://127.0.0.1. The human
// plays by clicking real squares and hand pieces; the engine in the page is only asked for the
// list of legal moves to choose from and for expected values. Every test also checks: no console
// error, no request except the page's own files and the worker's local blob: URL.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS, PHONE, START_FEN } from './helpers.mjs';

const suite = browserSuite();

// The Birds drop a Charger on rank 9 and mate (the King Pig on a9, the Red Cardinal on b7).
const DROP_MATE = 'k8/9/1K7/9/9/9/9/9/9[Q] w - - 0 1';
// Chess: Black's pawn on a2 promotes.
const CHESS_PROMO = '7k/8/8/8/8/8/p7/4K3 b - - 0 1';

// A small deterministic generator, so failures replay.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s % n; };
}

/** The game on the page, replayed in the page's engine from its move list (the record the page
 * shows): legal moves, position string, result. */
function replay(p, variant = 'zilo', fen = null) {
  return p.page.evaluate(([variant, fen]) => {
    const moves = [...document.querySelector('zilo-board').shadowRoot.querySelectorAll('#moves [data-move]:not(.future)')].map((b) => b.dataset.move);
    const g = fen ? new Zilo.Game(variant, fen) : new Zilo.Game(variant);
    const bad = [];
    for (const m of moves) { try { g.play(m); } catch (e) { bad.push(m + ': ' + e.message); break; } }
    const out = { moves, bad, fen: g.fen(), turn: g.turn(), result: g.result().result, legal: Array.from(g.legalMoves()) };
    g.free();
    return out;
  }, [variant, fen]);
}

/** Plays `move` as a person: from-square then to-square, or hand piece then square. */
async function clickMove(p, move, side = 'w') {
  const drop = /^([A-Z])@([a-z]\d+)$/.exec(move);
  if (drop) {
    await p.page.click(`[data-hand="${side}"][data-piece="${drop[1]}"]`);
    await p.click(drop[2]);
  } else {
    const m = /^([a-z]\d+)([a-z]\d+)/.exec(move);
    await p.click(m[1]);
    await p.click(m[2]);
  }
}

/** Waits until the computer has answered (the human's turn) or the game is over. */
const humanTurn = (p, side = 'w', timeout = 15000) => p.page.waitForFunction(
  (s) => document.body.dataset.result !== '*' || (document.body.dataset.turn === s && document.body.dataset.thinking === '0'),
  side, { timeout });

async function chooseOpponent(p, { level, side } = {}) {
  await p.page.click('input[name="opp-vs"][value="computer"] + span');
  if (side) await p.page.click(`input[name="opp-side"][value="${side}"] + span`);
  if (level) await p.page.selectOption('#opp-level', String(level));
}

/** Polls a condition on the Node side (e.g. a worker's close event). */
async function until(cond, what, ms = 3000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) assert.fail('timed out: ' + what);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

const history = (p) => p.page.locator('#moves [data-move]:not(.future)').count();

for (const which of WAYS) {
  describe(`playing the computer over ${which}://`, () => {
    it('the level menu shows each level\'s measured Elo in chess (the engine\'s levelElo), in both languages, and none in zilo', async () => {
      const p = await suite.open(which);
      await chooseOpponent(p, { level: 3 });
      const options = () => p.page.$$eval('#opp-level option', (os) => os.map((o) => o.textContent.trim()));
      assert.deepEqual(await options(), ['1 · Beginner', '2 · Easy', '3 · Normal', '4 · Strong', '5 · Strongest'], 'zilo: no Elo measured');
      await p.variant('chess');
      const elo = await p.engine(() => Zilo.variants().find((v) => v.id === 'chess').levelElo);
      assert.equal(elo.length, 5);
      assert.deepEqual(await options(), ['Beginner', 'Easy', 'Normal', 'Strong', 'Strongest'].map((n, i) => `${i + 1} · ${n} · ≈${elo[i]} Elo`));
      assert.match(await p.page.getAttribute('#opp-level', 'title'), /UCI_Elo/);
      assert.equal(await p.page.inputValue('#opp-level'), '3', 'the level chosen stays chosen');
      await p.page.selectOption('#lang', 'pl');
      assert.equal((await options())[4], `5 · Najmocniejszy · ≈${elo[4]} Elo`);
      await p.page.selectOption('#lang', 'en');
      await p.variant('shogi');
      assert.equal((await options())[2], '3 · Normal');
      await finish(p);
    });

    it('a whole zilo game by clicking against level 1: the record is consistent; undo takes back two plies', async () => {
      const p = await suite.open(which);
      assert.equal(await p.page.isVisible('#opp-level'), false, 'no level while two people play');
      await chooseOpponent(p, { level: 1 });
      assert.equal(await p.page.getAttribute('body', 'data-vs'), 'computer');
      assert.equal(await p.page.isVisible('#opp-level'), true);
      const pick = rng(which === 'file' ? 12345 : 777);
      const mine = [];
      const t0 = Date.now();
      for (let guard = 0; guard < 40; guard++) {
        const g = await replay(p);
        if (g.result !== '*' || g.moves.length >= 60) break;
        assert.equal(g.turn, 'w', 'the human (Birds) is to move');
        const move = g.legal[pick(g.legal.length)];
        mine.push(move);
        await clickMove(p, move);
        await humanTurn(p);
      }
      const ms = Date.now() - t0;
      const g = await replay(p);
      assert.deepEqual(g.bad, [], 'every move in the list is legal in order');
      assert.ok(g.moves.length >= 20 || g.result !== '*', `the game went on (${g.moves.length} plies)`);
      // The human's moves are the ones clicked, the computer's the others, alternately.
      assert.deepEqual(g.moves.filter((_, i) => i % 2 === 0), mine.slice(0, Math.ceil(g.moves.length / 2)));
      assert.equal(await p.fen(), g.fen, 'the position string matches the replayed record');
      assert.equal(await p.page.getAttribute('body', 'data-result'), g.result);
      assert.equal(await p.count(), g.moves.length);
      // The saved game carries the opponent settings.
      const saved = JSON.parse(await p.page.evaluate(() => localStorage.getItem('zilo.save.v1')));
      assert.deepEqual([saved.vs, saved.side, saved.level], ['computer', 'w', 1]);
      assert.deepEqual(saved.moves, g.moves);
      // The computer's last move is described as such.
      if (g.moves.length % 2 === 0 && g.result === '*') assert.match(await p.page.textContent('#note'), /The computer played/);
      if (g.result !== '*') assert.ok(await p.page.isVisible('#result'));
      await p.shot(`${which}-computer-game`);

      // Looking back does not wake the computer (it moves only at the end of the game).
      const n = g.moves.length;
      if (g.result === '*') {
        await p.click('a5');
        await p.page.keyboard.press('ArrowLeft');
        assert.equal(await p.page.getAttribute('body', 'data-turn'), 'b', 'the position looked at has the computer to move');
        await p.page.waitForTimeout(600);
        assert.equal(await p.page.getAttribute('body', 'data-thinking'), '0', 'no search for a past position');
        assert.equal(await p.count(), n);
        await p.page.keyboard.press('End');
      }
      // Take back: back to the human's previous turn (the computer's reply and the human's move).
      await p.page.click('#btn-takeback');
      await humanTurn(p);
      const back = n % 2 === 0 ? n - 2 : n - 1;
      assert.equal(await history(p), back);
      assert.equal(await p.count(), back, 'the moves taken back are gone');
      assert.equal(await p.page.getAttribute('body', 'data-turn'), 'w');
      assert.equal(await p.page.getAttribute('body', 'data-thinking'), '0');

      assert.ok(p.workers.length >= 1 && p.workers.every((w) => w.url.startsWith('blob:')), 'the worker comes from a blob: URL');
      assert.ok(p.requests.every((u) => !/^https?:/.test(u) || u.startsWith(suite.server.origin + '/')), 'no network request');
      process.stdout.write(`    # ${which}: ${g.moves.length} plies (${g.result}) in ${ms} ms\n`);
      await finish(p);
    });

    it('while the computer thinks (level 5) the page answers clicks; New game, Undo and the level cancel the search', async () => {
      const p = await suite.open(which);
      await chooseOpponent(p, { level: 5 });
      await clickMove(p, 'e3e4');
      await p.page.waitForSelector('body[data-thinking="1"]');
      assert.match(await p.page.textContent('#turn'), /computer is thinking/);
      assert.ok(await p.page.$('#status.thinking .think-dots'), 'the thinking indicator shows');
      assert.equal(await p.page.getAttribute('#status', 'aria-live'), 'polite');
      await p.shot(`${which}-computer-thinking`);
      // The page stays responsive: the rules dialog, flip, and the computer's pieces are not ours.
      const t = Date.now();
      await p.page.click('#rules-open');
      assert.ok(await p.page.isVisible('#rules'));
      await p.page.click('#rules-close');
      await p.page.click('#btn-flip');
      assert.equal(await p.page.getAttribute('#board .sq >> nth=0', 'data-square'), 'i1');
      await p.click('e7');
      assert.equal(await p.page.$('#board .sq.selected'), null, 'the computer’s pieces cannot be picked up');
      await p.click('d3');
      assert.equal(await p.page.$('#board .sq.selected'), null, 'nor the human’s, while the computer is to move');
      assert.match(await p.message(), /computer is thinking/);
      await p.page.click('#btn-flip');
      const busy = Date.now() - t;
      // Every click above was answered while the search still ran: a search on the page's own
      // thread would have held them until its move (then nobody would be thinking any more).
      // No bound in milliseconds: on a loaded machine each click of the driver takes its time.
      assert.equal(await p.page.getAttribute('body', 'data-thinking'), '1', `still thinking after ${busy} ms of clicks`);

      // New game (it asks first) cancels the search: the worker is terminated, and no computer move comes.
      const closedBefore = p.workers.filter((w) => w.closed).length;
      await p.page.click('#btn-new');
      await p.page.click('#btn-new');
      assert.equal(await p.fen(), START_FEN);
      assert.equal(await p.page.getAttribute('body', 'data-thinking'), '0');
      await until(() => p.workers.filter((w) => w.closed).length > closedBefore, 'the searching worker is terminated');

      // Take back while it thinks: the human's move is taken back, and again no move comes.
      await clickMove(p, 'c3c4');
      await p.page.waitForSelector('body[data-thinking="1"]');
      await p.page.click('#btn-takeback');
      assert.equal(await history(p), 0);
      assert.equal(await p.page.getAttribute('body', 'data-thinking'), '0');
      assert.equal(await p.fen(), START_FEN);

      // A new level restarts the search: level 1 answers at once.
      await clickMove(p, 'g3g4');
      await p.page.waitForSelector('body[data-thinking="1"]');
      const closed2 = p.workers.filter((w) => w.closed).length;
      await p.page.selectOption('#opp-level', '1');
      await p.page.waitForSelector('body[data-thinking="1"]');
      await humanTurn(p, 'w', 5000);
      assert.equal(await history(p), 2);
      await until(() => p.workers.filter((w) => w.closed).length > closed2, 'the level-5 search is terminated');

      // After all that, still nothing from the cancelled searches (the level-5 one would have ended by now).
      const fen = await p.fen();
      await p.page.waitForTimeout(2500);
      assert.equal(await p.fen(), fen, 'no stale computer move appeared');
      assert.equal(await history(p), 2);
      const g = await replay(p);
      assert.deepEqual(g.bad, []);
      assert.equal(g.moves[0], 'g3g4');
      await finish(p);
    });

    it('hints, the human as the second player, links and saves with the opponent settings; the computer promotes', async () => {
      const p = await suite.open(which);
      // A hint for the side to move, without playing it (two people on one screen too).
      await p.page.click('#btn-hint');
      await p.page.waitForSelector('body[data-hint]');
      const hint = await p.page.getAttribute('body', 'data-hint');
      const legal = await p.engine(() => Array.from(new Zilo.Game('zilo').legalMoves()));
      assert.ok(legal.includes(hint), `the hint ${hint} is a legal move`);
      const [, from, to] = /^([a-z]\d+)([a-z]\d+)$/.exec(hint);
      assert.ok(await p.page.$(`[data-square="${from}"].hint-from .hint-mark`), 'the hint marks the piece');
      assert.ok(await p.page.$(`[data-square="${to}"].hint-to .hint-mark`), 'and its square');
      assert.match(await p.page.textContent('#note'), new RegExp(`Hint: .* on ${from} to ${to}`));
      assert.equal(await history(p), 0, 'the hint is not played');
      await clickMove(p, hint);
      assert.equal(await p.page.$('.hint-mark'), null, 'the hint goes once the position changes');

      // A drop hint marks the hand piece and the square; playing it mates the computer.
      await chooseOpponent(p, { level: 2 });
      await p.importFen(DROP_MATE);
      await p.page.click('#btn-hint');
      await p.page.waitForSelector('body[data-hint]');
      const drop = await p.page.getAttribute('body', 'data-hint');
      assert.match(drop, /^Q@[c-i]9$/, `a mating drop (${drop})`);
      assert.ok(await p.page.$('[data-hand="w"][data-piece="Q"].hint'));
      assert.ok(await p.page.$(`[data-square="${drop.slice(2)}"].hint-to`));
      await p.shot(`${which}-computer-hint`);
      await clickMove(p, drop);
      await p.page.waitForSelector('#result');
      assert.match(await p.page.textContent('#result'), /Victory for Birds/);
      assert.equal(await p.page.isDisabled('#btn-hint'), true);

      // The human plays the Pigs: the board turns, and the computer (the Birds) opens at once.
      await p.page.click('input[name="opp-side"][value="b"] + span');
      await p.page.click('#btn-new');
      assert.equal(await p.page.getAttribute('#board .sq >> nth=0', 'data-square'), 'i1');
      await humanTurn(p, 'b');
      assert.equal(await history(p), 1);
      assert.equal(await p.page.isDisabled('#btn-takeback'), true, 'nothing of the human’s to take back');
      assert.match(await p.page.textContent('#side-top'), /computer/i);
      assert.match(await p.page.textContent('#side-bottom'), /you/i);
      const link = '#g=' + encodeURIComponent(await p.page.inputValue('#code-field')) + '&vs=computer&side=b&level=2';
      if (which === 'http') assert.equal(await p.page.inputValue('#link-field'), suite.server.url + link, 'the link carries the opponent settings');
      // A reload keeps the game and the settings.
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.deepEqual(await p.page.evaluate(() => [document.body.dataset.vs, document.body.dataset.side, document.body.dataset.level]), ['computer', 'b', '2']);
      assert.equal(await p.page.isChecked('input[name="opp-side"][value="b"]'), true);
      assert.equal(await history(p), 1);

      // The link elsewhere: the same game and settings.
      const q = await suite.open(which, { hash: link.slice(link.indexOf('#')) });
      assert.deepEqual(await q.page.evaluate(() => [document.body.dataset.vs, document.body.dataset.side, document.body.dataset.level]), ['computer', 'b', '2']);
      assert.match(await q.message(), /loaded from the link: you play the Pigs against the computer at level 2/);
      assert.equal(await history(q), 1);
      await finish(q);
      // Damaged values fall back to the defaults, and say so.
      const r = await suite.open(which, { hash: '#v=zilo&vs=computer&side=x&level=9' });
      assert.match(await r.message(), /damaged \(side “x”, level “9”\)/);
      assert.deepEqual(await r.page.evaluate(() => [document.body.dataset.vs, document.body.dataset.side, document.body.dataset.level]), ['computer', 'w', '3']);
      await finish(r);
      // A link with the opponent settings only applies them to the game on the board.
      const o = await suite.open(which, { hash: '#vs=computer&side=b&level=4' });
      assert.match(await o.message(), /Opponent settings loaded from the link: you play the Pigs against the computer at level 4/);
      assert.equal(await o.page.getAttribute('#board .sq >> nth=0', 'data-square'), 'i1', 'the Pigs sit at the bottom');
      await o.page.waitForSelector('body[data-thinking="1"]');
      await finish(o);
      await p.page.evaluate(() => {
        const d = JSON.parse(localStorage.getItem('zilo.save.v1'));
        localStorage.setItem('zilo.save.v1', JSON.stringify(Object.assign(d, { vs: 'robot', level: 'max' })));
      });
      await p.page.reload();
      await p.page.waitForSelector('body[data-ready="1"]');
      assert.match(await p.message(), /saved opponent settings were damaged \(opponent “robot”, level “max”\)/);
      assert.equal(await p.page.getAttribute('body', 'data-vs'), 'human');
      assert.equal(await history(p), 1, 'the game itself was kept');

      // Chess: the computer promotes through the same path as a person (the move list says a1=Q).
      await p.variant('chess');
      await chooseOpponent(p, { level: 2, side: 'w' });
      await p.importFen(CHESS_PROMO);
      await humanTurn(p, 'w');
      assert.equal(await p.piece('a1'), 'q');
      assert.match(await p.page.textContent('#moves'), /a1=Q/);
      await finish(p);
    });

    it('phone: the opponent panel, the thinking indicator and a hint fit a 390px screen', async () => {
      const m = await suite.open(which, PHONE);
      await m.page.tap('input[name="opp-vs"][value="computer"] + span');
      await m.page.selectOption('#opp-level', '5');
      await m.page.tap('[data-square="e3"]');
      await m.page.tap('[data-square="e4"]');
      await m.page.waitForSelector('body[data-thinking="1"]');
      const dims = await m.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, opp: document.getElementById('opponent').getBoundingClientRect().toJSON() }));
      assert.ok(dims.scroll <= 390, `no horizontal scroll (${dims.scroll})`);
      assert.ok(dims.opp.right <= 390 && dims.opp.width > 300);
      await m.shot(`${which}-computer-thinking-phone`);
      await m.page.selectOption('#opp-level', '1');
      await humanTurn(m);
      await m.page.tap('#btn-hint');
      await m.page.waitForSelector('body[data-hint]');
      await m.shot(`${which}-computer-hint-phone`);
      await finish(m);
    });
  });
}
