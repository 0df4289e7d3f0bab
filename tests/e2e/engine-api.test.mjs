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

for (const variant of ['zilo', 'chess', 'shogi']) {
  test(`${variant}: random games give the same moves, positions and results as the CLI`, () => {
    for (let seed = 1; seed <= 6; seed++) {
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
        const report = game.play(move);
        played.push(move);
        assert.equal(report.move, move);
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
  assert.deepEqual(list.map((v) => v.id), ['zilo', 'chess', 'shogi']);
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
