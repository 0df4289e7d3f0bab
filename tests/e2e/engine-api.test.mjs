// The JavaScript API of the wasm build, in Node: the same moves give the same
// results as the native CLI, and bad input becomes a JS Error, never a trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Script } from 'node:vm';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ZILO = process.env.ZILO_BIN || `${root}target/release/zilo`;
new Script(readFileSync(`${root}www/engine.js`, 'utf8'), { filename: 'engine.js' }).runInThisContext();
const Zilo = await globalThis.Zilo.ready;

const cli = (...args) => execFileSync(ZILO, args, { encoding: 'utf8' });

// A small deterministic generator, so failures replay.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

const PILLAGES = ['pillage', 'pillage-flying-ferz', 'pillage-snipers', 'pillage-dragons', 'pillage-warmachines'];

for (const variant of ['zilo', 'chess', 'shogi', ...PILLAGES]) {
  test(`${variant}: random games give the same moves, positions and results as the CLI`, () => {
    for (let seed = 1; seed <= (PILLAGES.includes(variant) ? 3 : 6); seed++) {
      const pick = rng(seed * 7919);
      const game = new Zilo.Game(variant);
      const played = [];
      for (let ply = 0; ply < 80; ply++) {
        const moves = game.legalMoves();
        if (ply % 10 === 0) {
          const native = cli('moves', variant, '--fen', game.fen()).split('\n').filter(Boolean);
          assert.deepEqual([...moves].sort(), native, `moves at ${game.fen()}`);
        }
        if (moves.length === 0) break;
        const move = moves[pick(moves.length)];
        const details = game.moveDetails(move);
        const report = game.play(move);
        played.push(move);
        assert.equal(report.move, move);
        // moveDetails describes the move before it is played exactly as play() reports it.
        for (const k of ['move', 'san', 'kind', 'from', 'to', 'drop', 'promotion', 'rook']) assert.deepEqual(report[k], details[k], `${k} of ${move}`);
        if (report.result.result !== '*') break;
      }
      const [fen, result] = cli('play', variant, ...played).trim().split('\n');
      assert.equal(game.fen(), fen);
      const r = game.result();
      assert.equal(`result ${r.result} ${r.reason}`, result);
      assert.deepEqual(game.history(), played);
      game.free();
    }
  });
}

test('variants() lists every variant with its board and pieces', () => {
  const list = Zilo.variants();
  assert.deepEqual(list.map((v) => v.id), ['zilo', 'chess', 'shogi', ...PILLAGES]);
  const zilo = list[0];
  assert.equal(zilo.files, 9);
  assert.equal(zilo.startFen, 'hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1');
  assert.deepEqual(zilo.pieces.find((p) => p.letter === 'B'), {
    letter: 'B', name: 'Bomber', nativeName: 'ЛуꞭтаḺв', value: 400, royal: false,
  });
});

test('play() reports captures, blast victims, check and the result', () => {
  const g = new Zilo.Game('zilo', 'k8/9/9/2hpqp3/9/3B5/9/9/8K[] w - - 0 1');
  const r = g.play('d4d6');
  assert.deepEqual(r.captured, { square: 'd6', piece: 'p' });
  assert.deepEqual(r.blasted.map((b) => b.square).sort(), ['c6', 'e6']);
  assert.equal(r.check, false);
  assert.deepEqual(r.result, { result: '*', reason: 'ongoing', winner: null });
  assert.deepEqual(g.hand('w'), { P: 1 });
  assert.deepEqual(g.lastMove(), { from: 'd4', to: 'd6', drop: null });
  assert.equal(g.checkedSquare(), null);
  assert.ok(g.undo());
  assert.deepEqual(g.hand('w'), {});
  assert.ok(g.redo());
});

test('variants(): the Pillage family on 10×10 boards, with their piece tables', () => {
  const byId = Object.fromEntries(Zilo.variants().map((v) => [v.id, v]));
  const special = { pillage: ['C', 'V'], 'pillage-flying-ferz': ['C', 'F'], 'pillage-snipers': ['S', 'V'], 'pillage-dragons': ['H', 'D'], 'pillage-warmachines': ['W', 'F'] };
  for (const id of PILLAGES) {
    const v = byId[id];
    assert.equal(v.files, 10);
    assert.equal(v.ranks, 10);
    assert.equal(v.drops, false);
    assert.equal(v.promotion, 'choice');
    assert.deepEqual(v.pieces.map((p) => p.letter), ['P', 'U', 'N', 'B', 'R', 'Q', 'K', ...special[id]]);
    assert.equal(new Zilo.Game(id).fen(), v.startFen);
  }
  assert.equal(byId['pillage-snipers'].pieces.find((p) => p.letter === 'S').name, 'Sniper');
});

test('moveDetails and play(): castle with its rook, flexible castles, en passant, promotion, SAN', () => {
  const chess = new Zilo.Game('chess', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.deepEqual(chess.moveDetails('e1g1'), {
    move: 'e1g1', san: 'O-O', kind: 'castle', from: 'e1', to: 'g1', drop: null, promotion: null, rook: { from: 'h1', to: 'f1' },
  });
  assert.equal(chess.fen(), 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'moveDetails does not play the move');
  const r = chess.play('e1c1');
  assert.equal(r.kind, 'castle');
  assert.equal(r.san, 'O-O-O');
  assert.deepEqual(r.rook, { from: 'a1', to: 'd1' });

  const ep = new Zilo.Game('chess', 'k7/8/8/3pP3/8/8/8/K7 w - d6 0 1');
  const taken = ep.play('e5d6');
  assert.equal(taken.kind, 'enPassant');
  assert.equal(taken.san, 'exd6');
  assert.deepEqual(taken.captured, { square: 'd5', piece: 'p' });

  // Pillage: the king's one-square step and the one-square castle share their squares.
  const g = new Zilo.Game('pillage', 'r4k2r1/10/10/10/10/10/10/10/10/1R3K2R1 w KQkq - 0 1');
  const toG1 = g.movesFrom('f1').filter((m) => g.moveDetails(m).to === 'g1');
  assert.deepEqual(toG1.sort(), ['f1g1', 'f1g1+i1f1']);
  assert.deepEqual(g.moveDetails('f1g1'), { move: 'f1g1', san: 'Kg1', kind: 'step', from: 'f1', to: 'g1', drop: null, promotion: null, rook: null });
  assert.deepEqual(g.moveDetails('f1g1+i1f1').rook, { from: 'i1', to: 'f1' });
  assert.equal(g.moveDetails('f1h1+i1g1').san, 'O-O(Kh1)');
  const castled = g.play('f1b1+b1c1');
  assert.equal(castled.kind, 'castle');
  assert.equal(castled.san, 'O-O-O(Kb1)');
  assert.deepEqual([castled.from, castled.to, castled.rook], ['f1', 'b1', { from: 'b1', to: 'c1' }]);
  assert.deepEqual(g.board().filter((x) => x.piece === 'K' || x.piece === 'R').map((x) => x.square + x.piece).sort(), ['b1K', 'c1R', 'i1R']);

  // Promotion among six pieces; the new piece as on the board.
  const p = new Zilo.Game('pillage', 'k9/10/10/10/10/10/10/10/4p5/7K2 b - - 0 1');
  assert.deepEqual(p.movesFrom('e2').sort(), ['e2e1b', 'e2e1c', 'e2e1n', 'e2e1q', 'e2e1r', 'e2e1v']);
  const promoted = p.play('e2e1v');
  assert.equal(promoted.promotion, 'v');
  assert.equal(promoted.san, 'e1=V');
  assert.equal(promoted.kind, 'step');
});

test('snipes: the Sniper removes its target and stays; kind, san, from/to, lastMove', () => {
  const g = new Zilo.Game('pillage-snipers', '4k5/10/2r7/10/10/10/10/10/10/2S2K4 w - - 0 1');
  assert.deepEqual(g.movesFrom('c1').sort(), ['c1a1', 'c1c3', 'c1e1', 'c1xc8']);
  assert.deepEqual(g.moveDetails('c1xc8'), { move: 'c1xc8', san: 'S!c8', kind: 'snipe', from: 'c1', to: 'c8', drop: null, promotion: null, rook: null });
  const r = g.play('c1xc8');
  assert.equal(r.kind, 'snipe');
  assert.deepEqual(r.captured, { square: 'c8', piece: 'r' });
  assert.deepEqual(g.board().map((x) => x.square + x.piece).sort(), ['c1S', 'e10k', 'f1K']);
  assert.deepEqual(g.lastMove(), { from: 'c1', to: 'c8', drop: null });
  assert.deepEqual(g.history(), ['c1xc8']);
  // A king in the line of fire is in check, and the shot that gives it says so.
  const c = new Zilo.Game('pillage-snipers', '2k7/10/10/10/10/10/10/10/10/S4K4 w - - 0 1');
  assert.equal(c.moveDetails('a1c1').san, 'Sc1+');
  const throwsWith = (fn, re) => assert.throws(fn, (e) => e instanceof Error && re.test(e.message));
  throwsWith(() => g.moveDetails('c1xc4'), /illegal move c1xc4/);
  throwsWith(() => g.moveDetails('nonsense'), /'nonsense' is not a move/);
});

test('drop queries: targets, and the reason a drop is refused', () => {
  const g = new Zilo.Game('zilo', '4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1');
  assert.equal(g.dropError('P', 'a5'), null);
  assert.equal(g.dropError('P', 'a9'), 'a Minion may not be dropped on the farthest rank');
  assert.equal(g.dropError('P', 'e1'), 'e1 is not empty; pieces are dropped on empty squares only');
  assert.equal(g.dropTargets('P').length, 81 - 2 - 8);
  assert.ok(!g.dropTargets('P').includes('a9'));
});

test('bad input throws an Error with a one-line message and keeps the game', () => {
  const g = new Zilo.Game('zilo');
  const throwsWith = (fn, re) => assert.throws(fn, (e) => e instanceof Error && re.test(e.message) && !e.message.includes('\n'));
  throwsWith(() => new Zilo.Game('chezz'), /unknown variant 'chezz'/);
  throwsWith(() => new Zilo.Game('zilo', '9/9 w'), /the board has 2 ranks; this variant has 9/);
  throwsWith(() => g.play('e3e5'), /illegal move e3e5: the Minion on e3 cannot move to e5/);
  throwsWith(() => g.play('banana'), /'banana' is not a move/);
  throwsWith(() => g.movesFrom('z99'), /square 'z99' is not on the board/);
  throwsWith(() => g.dropTargets('X'), /'X' is not a piece of this variant/);
  throwsWith(() => g.hand('x'), /side 'x' is neither 'w' nor 'b'/);
  assert.equal(g.fen(), 'hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1');
  assert.equal(g.legalMoves().length, 22);
});

test('bestMove: a fixed depth searches the same tree as the CLI and finds the mate', () => {
  const fen = 'k8/pp7/9/9/8Q/9/9/9/4K4[] w - - 0 1'; // Qi5-i9 mates
  const g = new Zilo.Game('zilo', fen);
  const found = g.bestMove({ depth: 4 });
  assert.equal(found.move, 'i5i9');
  assert.equal(found.mate, 1);
  assert.equal(found.pv[0], 'i5i9');
  assert.ok(found.timeMs >= 0 && found.timeMs < 60000, `timeMs ${found.timeMs}`);
  const native = cli('bestmove', 'zilo', '--fen', fen, '--depth', '4').trim().split('\n');
  assert.equal(native[native.length - 1], 'bestmove i5i9');
  assert.match(native[native.length - 2], new RegExp(` nodes ${found.nodes} `));
  // Reproducible, and the game is not changed by thinking.
  assert.deepEqual({ ...g.bestMove({ depth: 4 }), timeMs: 0 }, { ...found, timeMs: 0 });
  assert.equal(g.fen(), fen);
});

test('bestMove: a time limit is kept, the default is the default level', () => {
  const g = new Zilo.Game('zilo');
  const t0 = performance.now();
  const timed = g.bestMove({ timeMs: 300 });
  const wall = performance.now() - t0;
  assert.ok(wall < 1500, `took ${wall} ms`);
  // The search may stop early when another iteration could not finish in time, never late.
  assert.ok(timed.timeMs > 0 && timed.timeMs <= 350 && timed.timeMs <= wall + 1, `timeMs ${timed.timeMs}, wall ${wall}`);
  assert.ok(timed.depth >= 3, `depth ${timed.depth}`);
  assert.ok(g.legalMoves().includes(timed.move));
  const byDefault = g.bestMove();
  assert.deepEqual({ ...byDefault, timeMs: 0 }, { ...g.bestMove({ level: 3 }), timeMs: 0 });
});

test('bestMove: bad options and a finished game throw one-line errors', () => {
  const g = new Zilo.Game('zilo');
  const throwsWith = (fn, re) => assert.throws(fn, (e) => e instanceof Error && re.test(e.message) && !e.message.includes('\n'));
  throwsWith(() => g.bestMove({ level: 9 }), /level 9 is not between 1 and 5/);
  throwsWith(() => g.bestMove({ level: 3, depth: 2 }), /a level or limits .* not both/);
  throwsWith(() => g.bestMove({ depth: 'deep' }), /bad bestMove options/);
  const mated = new Zilo.Game('zilo', 'k8/pp7/9/9/8Q/9/9/9/4K4[] w - - 0 1');
  mated.play('i5i9');
  throwsWith(() => mated.bestMove({ depth: 2 }), /the game is over/);
  assert.equal(mated.result().reason, 'checkmate');
});
