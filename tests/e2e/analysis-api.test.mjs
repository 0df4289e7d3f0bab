// Game.analyse in the JavaScript API (the wasm build, in Node): the best 1 to 3 lines with their
// scores from the side to move and their moves in the notation players read; deepening call by
// call with the game's kept table; its options checked like bestMove's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Zilo } from './engine-node.mjs';

test('a mate in one: three lines, the mate first, each line in the notation players read', () => {
  const g = new Zilo.Game('chess', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
  const a = g.analyse({ multiPv: 3, depth: 3 });
  assert.equal(a.lines.length, 3);
  assert.equal(a.depth, 3);
  assert.equal(a.stopped, false);
  assert.ok(a.nodes > 0 && a.timeMs >= 0);
  assert.deepEqual([a.lines[0].move, a.lines[0].mate, a.lines[0].san[0]], ['a1a8', 1, 'Ra8#']);
  assert.equal(new Set(a.lines.map((l) => l.move)).size, 3, 'three different first moves');
  for (const l of a.lines) {
    assert.equal(l.pv[0], l.move);
    assert.equal(l.san.length, l.pv.length);
    assert.equal(l.depth, 3);
  }
  assert.equal(a.lines[1].mate, null);
  assert.ok(a.lines[1].score < a.lines[0].score);
  g.free();
});

test('the score is the side to move’s, and the game’s table makes deepening step by step cheap', () => {
  // A rook down, pawns alike (none passed).
  const black = new Zilo.Game('chess', '6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1');
  assert.ok(black.analyse({ depth: 2 }).lines[0].score < -150);
  black.free();
  const g = new Zilo.Game('zilo');
  let nodes = 0;
  for (let d = 1; d <= 4; d++) {
    const a = g.analyse({ multiPv: 2, depth: d });
    assert.equal(a.depth, d);
    assert.equal(a.lines.length, 2);
    nodes += a.nodes;
  }
  const fresh = new Zilo.Game('zilo');
  const once = fresh.analyse({ multiPv: 2, depth: 4 });
  // Step by step with the kept table costs at most a small multiple of one search to depth 4.
  assert.ok(nodes < once.nodes * 3, `${nodes} nodes step by step, ${once.nodes} at once`);
  // A node budget stops it; the game plays on and analyses the new position.
  const b = g.analyse({ nodes: 500, multiPv: 1 });
  assert.ok(b.depth >= 1 && b.lines.length === 1);
  g.play(b.lines[0].move);
  assert.equal(g.analyse({ depth: 1 }).lines.length, 1);
  g.free();
  fresh.free();
});

test('bad options and a finished game are refused in one line', () => {
  const g = new Zilo.Game('chess');
  assert.throws(() => g.analyse({ multiPv: 4 }), /analyse multiPv 4 is out of range \(1 to 3\)|multiPv 4/);
  assert.throws(() => g.analyse({ depth: 65 }), /analyse depth 65/);
  assert.throws(() => g.analyse({ level: 3 }), /unknown option 'level'/);
  assert.throws(() => g.analyse('deep'), /analyse options must be an object/);
  // No limit: half a second at most (and some lines).
  const t0 = Date.now();
  const a = g.analyse();
  assert.ok(Date.now() - t0 < 3000 && a.lines.length === 1);
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) g.play(m);
  assert.throws(() => g.analyse({ depth: 2 }), (e) => e.code === 'game.over');
  g.free();
});

test('the page’s judgements: lichess’s winning chances and thresholds, scores as players read them', async () => {
  const { winChances, judgement, scoreText, whiteView } = await import('../../www/src/analysis.js');
  const ev = (cp, mate = null) => ({ cp, mate });
  assert.equal(winChances(ev(0)), 0);
  assert.ok(Math.abs(winChances(ev(100)) - 0.182) < 0.001);
  assert.equal(winChances(ev(0, 3)), 1);
  assert.equal(winChances(ev(0, -2)), -1);
  // White's loss of winning chances from an even position: 60 cp is an inaccuracy, 110 still one,
  // 115 a mistake, 170 a blunder; the same losses for Black the other way round.
  assert.deepEqual([20, 60, 110, 115, 170].map((cp) => judgement(ev(0), ev(-cp), 'w')), [null, '?!', '?!', '?', '??']);
  assert.deepEqual([20, 60, 115, 170].map((cp) => judgement(ev(0), ev(cp), 'b')), [null, '?!', '?', '??']);
  assert.equal(judgement(ev(0), ev(-500), 'b'), null, 'a gain is no mistake');
  // A mate let go for a won position is a mistake, not more.
  assert.equal(judgement(ev(0, 3), ev(500), 'w'), '?');
  // Scores from the side to move, in the first player's view, and as a side reads them.
  assert.deepEqual(whiteView({ score: 35, mate: null }, 'b'), { cp: -35, mate: null });
  assert.deepEqual(whiteView({ score: 0, mate: 2 }, 'b'), { cp: 0, mate: -2 });
  assert.equal(scoreText(ev(35), 'w'), '+0.35');
  assert.equal(scoreText(ev(35), 'b'), '−0.35');
  assert.equal(scoreText(ev(0), 'w'), '0.00');
  assert.equal(scoreText(ev(0, 3), 'w'), 'M3');
  assert.equal(scoreText(ev(0, 3), 'b'), '−M3');
});

test('bestMove with keepTable searches with the game’s kept table: a search again is cheaper', () => {
  // Depth 8: shallower, the search is a few thousand nodes and, with some of the evaluation's
  // fitted tables, the second search is just under half of the first (5,057 of 10,781 natively
  // at depth 7 with one of them), which says little about the table; at 8 it has been a quarter
  // or less with every table since (5,524 of 22,832; 1,260 of 16,127).
  const g = new Zilo.Game('chess');
  for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6']) g.play(m);
  const fresh = g.bestMove({ depth: 8 });
  assert.deepEqual({ ...g.bestMove({ depth: 8 }), timeMs: 0 }, { ...fresh, timeMs: 0 }, 'without it, the same search every time');
  const first = g.bestMove({ depth: 8, keepTable: true });
  assert.equal(first.nodes, fresh.nodes, 'a new table searches as a fresh one');
  const again = g.bestMove({ depth: 8, keepTable: true });
  assert.ok(again.nodes < first.nodes / 2, `${again.nodes} nodes again, ${first.nodes} the first time`);
  assert.ok(g.legalMoves().includes(again.move));
  // The table serves the next move too, and a level takes it as well.
  g.play(again.move);
  assert.ok(g.legalMoves().includes(g.bestMove({ level: 2, keepTable: true }).move));
  assert.throws(() => g.bestMove({ depth: 2, keepTable: 'yes' }), /bestMove keepTable must be true or false, not a string/);
  g.free();
});
