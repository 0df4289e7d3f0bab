// The words the page shows after a capture and a drop, in every game the engine lists, in
// headless Chromium over file:// AND http://127.0.0.1, the moves made by clicking as a person
// would. The page says "which joins X's hand" only when the engine's move record says the
// captured piece went to a hand (`capturedToHand`): Venomous has a reserve to drop from, but
// its captures never go there. Drop texts are the engine's moves (`moveDetails`).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, finish, WAYS } from './helpers.mjs';

const suite = browserSuite();

// Pawns meet in the middle of Pillage's board the same way in every line-up.
const PILLAGE = { before: ['e3e5', 'd8d6'], capture: 'e5d6', said: /the White Fast Pawn e5×d6 took a Black Fast Pawn\.$/ };

/** Per game: the moves before a capture, the capture, what the page says of it, and, where the
 * game has drops, who drops what afterwards (`then`: moves first) and what the page says. */
const GAMES = {
  zilo: {
    before: ['e3e4', 'e7e6', 'e4e5'], capture: 'e6e5', said: /the Pig Minion e6×e5 took a Bird Minion, which joins the Pigs’ hand\.$/,
    drop: { then: ['a3a4'], side: 'b', piece: 'P', said: /^Last move: P@[a-i]\d — Pigs dropped a Minion on [a-i]\d\.$/ },
  },
  chess: { before: ['e2e4', 'd7d5'], capture: 'e4d5', said: /^Last move: exd5 — the White Pawn e4×d5 took a Black Pawn\.$/ },
  shogi: {
    // Sente's Bishop takes Gote's on 2b and promotes; the taken Bishop joins Sente's hand.
    before: ['c3c4', 'g7g6'], capture: 'b2h8+', said: /the Sente Bishop 8h×2b took a Gote Bishop, which joins Sente’s hand, promoted to a Horse\.$/,
    drop: { then: ['g9h8'], side: 'w', piece: 'B', square: 'e5', said: /^Last move: B\*5e — Sente dropped a Bishop on 5e\.$/ },
  },
  pillage: PILLAGE,
  'pillage-flying-ferz': PILLAGE,
  'pillage-snipers': PILLAGE,
  'pillage-dragons': PILLAGE,
  'pillage-warmachines': PILLAGE,
  venomous: {
    // A Pawn runs to its middle rank; the other runs to meet it and is taken, into no reserve.
    before: ['e2e5', 'd9d6'], capture: 'e5d6', said: /^Last move: exd6 — the White Pawn e5×d6 took a Black Pawn\.$/,
    drop: { then: [], side: 'b', piece: 'J', said: /^Last move: J@[a-j]\d+ — Black dropped a Ninja Pawn on [a-j]\d+\.$/ },
  },
  cyvasse: {
    // White's Rabble steps next to Black's, Black's King steps, the Rabble takes.
    fen: '8/4k4/10/11/3r8/11/2R7/4K4/8 w 0 1', before: ['c3c4', 'king'], capture: 'c4d5', said: /^Last move: c4xd5 — the White Rabble c4×d5 took a Black Rabble\.$/,
  },
};

const note = (p) => p.page.textContent('#note');

for (const which of WAYS) {
  describe(`capture and drop messages over ${which}://`, () => {
    it('every game the engine lists has a case here', async () => {
      const p = await suite.open(which);
      const ids = await p.engine(() => Zilo.variants().map((v) => v.id));
      assert.deepEqual(ids.filter((id) => !GAMES[id]), [], 'games without a message test');
      await finish(p);
    });

    for (const [id, game] of Object.entries(GAMES)) {
      it(`${id}: a capture${game.drop ? ' and a drop' : ''}, in the engine's words`, async () => {
        const p = await suite.open(which);
        await p.variant(id);
        if (game.fen) await p.importFen(game.fen);
        for (const mv of game.before) {
          // 'king': the side to move steps its King (the engine's first such move).
          const uci = mv !== 'king' ? mv : await p.engine((fen) => {
            const g = new Zilo.Game('cyvasse', fen);
            try { return g.legalMoves().find((m) => g.moveDetails(m).from === g.board().find((x) => x.piece === 'k').square); } finally { g.free(); }
          }, await p.fen());
          await p.moves([uci]);
        }
        const meta = await p.engine((v) => { const m = Zilo.variants().find((x) => x.id === v); return { drops: m.drops, toHand: m.capturesToHand }; }, id);
        assert.equal(!!game.drop, meta.drops, 'a drop is tested where the game has drops');
        await p.moves([game.capture]);
        const said = await note(p);
        assert.match(said, game.said);
        if (!meta.toHand) assert.doesNotMatch(said, /hand|reserve/, 'a capture that joins no hand says nothing of one');
        else assert.match(said, /hand/);
        if (game.drop) {
          const d = game.drop;
          await p.moves(d.then);
          await p.page.click(`[data-hand="${d.side}"][data-piece="${d.piece}"]`);
          const marked = await p.page.$$eval('#board .sq.dest', (els) => els.map((e) => e.dataset.square));
          assert.ok(marked.length > 0, 'the drop squares are marked');
          const to = d.square || marked[0];
          assert.ok(marked.includes(to), `${to} is marked`);
          const turn = await p.page.getAttribute('body', 'data-turn');
          await p.click(to);
          await p.page.waitForFunction((t) => document.body.dataset.turn !== t, turn);
          assert.equal(await p.piece(to), d.side === 'w' ? d.piece : d.piece.toLowerCase());
          assert.match(await note(p), d.said);
        }
        await finish(p);
      });
    }
  });
}
