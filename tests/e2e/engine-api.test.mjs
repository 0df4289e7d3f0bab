// The JavaScript API of the wasm build, in Node: the same moves give the same
// results as the native CLI, and bad input becomes a JS Error, never a trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Zilo, cli, rng } from './engine-node.mjs';

const PILLAGES = ['pillage', 'pillage-flying-ferz', 'pillage-snipers', 'pillage-dragons', 'pillage-warmachines'];

for (const variant of ['zilo', 'chess', 'shogi', ...PILLAGES, 'venomous']) {
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
        for (const k of ['move', 'san', 'kind', 'from', 'to', 'drop', 'promotion', 'rook', 'path']) assert.deepEqual(report[k], details[k], `${k} of ${move}`);
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
  assert.deepEqual(list.map((v) => v.id).slice(0, 8), ['zilo', 'chess', 'shogi', ...PILLAGES]);
  const zilo = list[0];
  assert.equal(zilo.files, 9);
  assert.equal(zilo.startFen, 'hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1');
  const { moves, ...bomber } = zilo.pieces.find((p) => p.letter === 'B');
  assert.deepEqual(bomber, { letter: 'B', name: 'Bomber', nativeName: 'ЛуꞭтаḺв', value: 400, royal: false, powers: ['blasts'] });
  assert.equal(typeof moves, 'string', 'how it moves, in words');
});

test('play() names the piece that moved, as the board writes it, so no caller reads the board first', () => {
  const chess = new Zilo.Game('chess', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.equal(chess.play('e1g1').piece, 'K', 'a castle is the king\'s move');
  assert.equal(chess.play('a8a1').piece, 'r');
  const shogi = new Zilo.Game('shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Gg] b - - 0 1');
  assert.equal(shogi.play('G@e5').piece, 'g', 'a drop names the dropped piece in the mover\'s case');
  const cyvasse = new Zilo.Game('cyvasse');
  const first = cyvasse.legalMoves()[0];
  const from = cyvasse.moveDetails(first).from;
  const standing = cyvasse.board().find((x) => x.square === from).piece;
  assert.equal(cyvasse.play(first).piece, standing);
});

test('play() reports captures, blast victims, check and the result', () => {
  const g = new Zilo.Game('zilo', 'k8/9/9/2hpqp3/9/3B5/9/9/8K[] w - - 0 1');
  const r = g.play('d4d6');
  assert.deepEqual(r.captured, { square: 'd6', piece: 'p' });
  assert.deepEqual(r.blasted.map((b) => b.square).sort(), ['c6', 'e6']);
  assert.equal(r.check, false);
  assert.deepEqual(r.result, { result: '*', reason: 'ongoing', winner: null, title: '', text: '' });
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
    move: 'e1g1', san: 'O-O', kind: 'castle', from: 'e1', to: 'g1', drop: null, promotion: null, rook: { from: 'h1', to: 'f1' }, path: [], capturedToHand: false, declinedPromotion: false,
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
  assert.deepEqual(g.moveDetails('f1g1'), { move: 'f1g1', san: 'Kg1', kind: 'step', from: 'f1', to: 'g1', drop: null, promotion: null, rook: null, path: [], capturedToHand: false, declinedPromotion: false });
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
  assert.deepEqual(g.moveDetails('c1xc8'), { move: 'c1xc8', san: 'S!c8', kind: 'snipe', from: 'c1', to: 'c8', drop: null, promotion: null, rook: null, path: [], capturedToHand: false, declinedPromotion: false });
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
  throwsWith(() => g.bestMove({ level: 9 }), /^bestMove level 9 is out of range \(1 to 5\)$/);
  throwsWith(() => g.bestMove({ level: 3, depth: 2 }), /a level or limits .* not both/);
  throwsWith(() => g.bestMove({ depth: 'deep' }), /^bestMove depth must be a number, not a string$/);
  const mated = new Zilo.Game('zilo', 'k8/pp7/9/9/8Q/9/9/9/4K4[] w - - 0 1');
  mated.play('i5i9');
  throwsWith(() => mated.bestMove({ depth: 2 }), /the game is over/);
  assert.equal(mated.result().reason, 'checkmate');
});

// ---- the lean calls, strictness at every door, trap recovery, leaks, fuzzing ----

const oneLineError = (re) => (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) &&
  re.test(e.message) && !e.message.includes('\n') && e.message.length < 300;

/** The tree walk a user writes with the fast calls: a count of the leaves. */
function walkCodes(game, depth) {
  if (depth === 0) return 1;
  let n = 0;
  for (const code of game.legalMoveCodes()) {
    game.push(code);
    n += walkCodes(game, depth - 1);
    game.pop();
  }
  return n;
}

function walkText(game, depth) {
  if (depth === 0) return 1;
  const list = game.legalMovesText();
  let n = 0;
  for (const move of list ? list.split(' ') : []) {
    game.push(move);
    n += walkText(game, depth - 1);
    game.pop();
  }
  return n;
}

test('lean calls: move codes and texts walk the same tree as perft, and leave the game as it was', () => {
  for (const variant of Zilo.variants().map((v) => v.id)) {
    const g = new Zilo.Game(variant);
    const fen = g.fen();
    const codes = g.legalMoveCodes();
    assert.ok(codes instanceof Uint32Array);
    assert.deepEqual([...codes].map((c) => g.moveText(c)), g.legalMoves(), variant);
    assert.deepEqual(g.legalMovesText().split(' '), g.legalMoves(), variant);
    for (const c of codes) assert.equal(g.moveCode(g.moveText(c)), c);
    const depth = variant === 'chess' || variant === 'zilo' ? 3 : 2;
    assert.equal(walkCodes(g, depth), g.perft(depth), `${variant} codes`);
    assert.equal(walkText(g, depth), g.perft(depth), `${variant} texts`);
    assert.equal(g.fen(), fen);
    assert.deepEqual(g.history(), []);
    g.free();
  }
});

test('push() plays like play() without the record; play() and moveDetails() accept codes too', () => {
  const a = new Zilo.Game('chess');
  const b = new Zilo.Game('chess');
  for (const move of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6']) {
    assert.equal(a.push(move), undefined);
    b.push(b.moveCode(move));
  }
  assert.equal(a.fen(), b.fen());
  assert.deepEqual(a.history(), b.history());
  const castle = a.moveCode('e1g1');
  assert.deepEqual(a.moveDetails(castle), a.moveDetails('e1g1'));
  assert.equal(a.play(castle).san, 'O-O');
  assert.ok(a.pop());
  assert.ok(a.canRedo());
  assert.throws(() => a.push('e1e3'), oneLineError(/^illegal move e1e3: the King on e1 cannot move to e3$/));
  // Once the game is over there is nothing to push.
  const mated = new Zilo.Game('chess', 'k7/8/1K6/8/8/8/8/2Q5 w - - 0 1');
  mated.push('c1c8');
  assert.equal(mated.result().reason, 'checkmate');
  assert.equal(mated.legalMoveCodes().length, 0);
  assert.equal(mated.legalMovesText(), '');
  assert.throws(() => mated.push('b6a6'), oneLineError(/^the game is over \(1-0 checkmate\)$/));
  for (const g of [a, b, mated]) g.free();
});

test('blastCells(): the squares a move would blast, on a copy; [] without a blast; throws if illegal', () => {
  const g = new Zilo.Game('zilo', 'k8/9/9/2hpqp3/9/3B5/9/9/8K[] w - - 0 1');
  // The Bomber on d4 takes on d6; its blast clears the neighbours c6 and e6.
  assert.deepEqual(g.blastCells('d4d6').sort(), ['c6', 'e6']);
  assert.deepEqual(g.blastCells(g.moveCode('d4d6')).sort(), ['c6', 'e6']);
  assert.deepEqual(g.blastCells('d4d5'), [], 'a quiet move blasts nothing');
  assert.deepEqual(g.blastCells('i1i2'), []);
  assert.equal(g.fen(), 'k8/9/9/2hpqp3/9/3B5/9/9/8K[] w - - 0 1', 'nothing was played');
  assert.throws(() => g.blastCells('d4d8'), oneLineError(/^illegal move d4d8: /));
  assert.throws(() => g.blastCells(42), oneLineError(/42 is not a move code/));
  // What blastCells says is what play() then blasts.
  assert.deepEqual(g.play('d4d6').blasted.map((b) => b.square).sort(), ['c6', 'e6']);
  const chess = new Zilo.Game('chess');
  assert.deepEqual(chess.blastCells('e2e4'), []);
  g.free();
  chess.free();
});

test('partialTurn(): after a first Rabble move, the position it leaves and the turns that go on; the game is not moved', () => {
  const g = new Zilo.Game('cyvasse');
  const part = g.partialTurn('a4a5');
  const alone = new Zilo.Game('cyvasse');
  alone.play('a4a5');
  assert.equal(part.fen, alone.fen());
  assert.deepEqual(part.board, alone.board(), 'the pieces, engagement included, as the first move leaves them');
  assert.deepEqual(part.seconds.map((s) => s.move).sort(), g.legalMoves().filter((m) => m.startsWith('a4a5+')).sort());
  assert.equal(part.seconds.length, 14);
  assert.deepEqual(part.seconds.find((s) => s.move === 'a4a5+c4d4'), { move: 'a4a5+c4d4', from: 'c4', to: 'd4' });
  assert.deepEqual(g.partialTurn(g.moveCode('a4a5')), part, 'a move code names the same first move');
  assert.deepEqual(g.history(), [], 'nothing was played');
  assert.deepEqual(g.partialTurn('a4a5+c4d4').seconds, [], 'a whole two-move turn goes on with nothing');
  const chess = new Zilo.Game('chess');
  assert.deepEqual(chess.partialTurn('e2e4').seconds, []);
  assert.throws(() => g.partialTurn('a4a7'), oneLineError(/^illegal move a4a7: /));
  assert.throws(() => g.partialTurn({}), oneLineError(/^a move must be text/));
  for (const x of [g, alone, chess]) x.free();
});

test('venomous: the reserve is a hand with its count; thrust drops; a move names the squares it passes', () => {
  const v = Zilo.variants().find((x) => x.id === 'venomous');
  assert.equal(v.drops, true, 'a reserve is shown like a hand');
  const g = new Zilo.Game('venomous', '9k/10/10/10/10/10/10/10/10/K3S5[JJj] w - - 0 1');
  assert.deepEqual(g.hand('w'), { J: 2 });
  assert.deepEqual(g.dropTargets('J').filter((sq) => sq.startsWith('e')), ['e2', 'e3', 'e4', 'e5']);
  assert.deepEqual(g.moveDetails('J@e5').path, ['e2', 'e3', 'e4']);
  // The Sissa on e1: two steps north, then two north-east.
  assert.deepEqual(g.moveDetails('e1g5').path, ['e2', 'e3', 'f4']);
  const r = g.play('J@e4');
  assert.deepEqual([r.kind, r.drop, r.to, r.path], ['drop', 'J', 'e4', ['e2', 'e3']]);
  assert.deepEqual(g.hand('w'), { J: 1 });
  g.free();
});

test('every door refuses wrong types, megabyte strings and freed games with a one-line Error; later calls work', () => {
  const g = new Zilo.Game('zilo');
  const mega = 'e'.repeat(1 << 20);
  const cases = [
    [() => new Zilo.Game({}), /^the variant must be a string like 'chess', not an object$/],
    [() => new Zilo.Game(), /the variant must be a string .* not undefined/],
    [() => new Zilo.Game(42), /the variant must be a string .* not the number 42$/],
    [() => new Zilo.Game('chess', 42), /the position string must be a string .* not the number 42$/],
    [() => new Zilo.Game('chess', ['8/8']), /the position string must be a string .* not an array$/],
    [() => new Zilo.Game(mega), /^unknown variant \(a name of 1048576 characters; known: zilo, chess/],
    [() => new Zilo.Game('chess', mega), /^bad position string: it is 1048576 characters long; no position needs more than 4096$/],
    [() => g.play(42), /^42 is not a move code \(codes come from legalMoveCodes\(\)/],
    [() => g.play(1.5), /^1\.5 is not a move code/],
    [() => g.play(NaN), /^NaN is not a move code/],
    [() => g.play({}), /^a move must be text like 'e2e4' or a code from legalMoveCodes\(\), not an object$/],
    [() => g.play(null), /not null$/],
    [() => g.play(), /not undefined/],
    [() => g.play(true), /not true$/],
    [() => g.play(mega), /^a move text has at most 32 characters, not 1048576$/],
    [() => g.play('P@' + mega), /^a move text has at most 32 characters, not 1048578$/],
    [() => g.push({}), /^a move must be text/],
    [() => g.push(7), /^7 is not a move code/],
    [() => g.push(10n), /not a bigint$/],
    [() => g.moveDetails([]), /not an array$/],
    [() => g.moveText('e3e4'), /^a move code is a number from legalMoveCodes\(\), not a string$/],
    [() => g.moveCode(3), /^3 is not a move code/],
    [() => g.movesFrom(1), /^a square must be a string like 'e3', not the number 1$/],
    [() => g.movesFrom(mega), /^a square is named in 2 or 3 characters, not 1048576$/],
    [() => g.dropTargets({}), /^a piece must be a string like 'P', not an object$/],
    [() => g.dropError('P'), /^a square must be a string like 'e3', not undefined/],
    [() => g.dropError('PP', 'e5'), /^'PP' is not a piece of this variant$/],
    [() => g.hand(), /^a side must be a string like 'w', not undefined/],
    [() => g.hand(mega), /^a side is 'w' or 'b', not 1048576 characters$/],
    [() => g.resign(0), /^a side must be a string like 'w', not the number 0$/],
    [() => g.perft('3'), /^perft depth must be a number, not a string$/],
    [() => g.perft(1e4), /^perft depth 10000 is out of range \(0 to 20\)$/],
    [() => g.perft(-1), /^perft depth -1 is not a whole number \(0 to 20\)$/],
    [() => g.bestMove(3), /^bestMove options must be an object like \{level: 3\} or \{depth: 6\}, not the number 3$/],
    [() => g.bestMove({ levle: 3 }), /^bad bestMove options: unknown option 'levle' \(known: level, depth, timeMs, nodes, seed, keepTable\)$/],
    [() => g.bestMove({ depth: mega }), /^bestMove depth must be a number, not a string$/],
  ];
  // Objects that throw when looked at: a revoked Proxy, a getter that throws.
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  cases.push(
    [() => new Zilo.Game(proxy), /^the variant must be a string like 'chess', not an object$/],
    [() => g.play(proxy), /^a move must be text/],
    [() => g.bestMove(proxy), /^bad bestMove options: Cannot perform 'IsArray' on a proxy that has been revoked$/],
    [() => g.bestMove({ get depth() { throw new Error('no depth'); } }), /^bad bestMove options: no depth$/],
  );
  for (const [call, re] of cases) assert.throws(call, oneLineError(re), String(call));
  // After all that, the game and the engine work as before, and nothing trapped.
  assert.equal(g.fen(), Zilo.variants()[0].startFen);
  assert.deepEqual(g.play('e3e4').move, 'e3e4');
  assert.equal(Zilo.engineStats().restarts, 0);
  // A freed game says so, whatever is called; free() twice is harmless.
  g.free();
  for (const call of [() => g.fen(), () => g.play('e7e6'), () => g.push(1), () => g.legalMoveCodes(), () => g.undo()]) {
    assert.throws(call, oneLineError(/^this game was freed \(free\(\) was called\): create a new Game$/));
  }
  g.free();
  assert.throws(() => Zilo.Game('zilo'), /Game is a class: call it with new/);
  assert.equal(new Zilo.Game('zilo').legalMoves().length, 22);
});

test('a trap never leaves the module unusable: the engine restarts and rebuilds the games', () => {
  // Nothing a caller passes traps (see above), so the trap is simulated: the game's
  // wasm object throws the RuntimeError a trap raises.
  const before = Zilo.engineStats().restarts;
  const g = new Zilo.Game('chess');
  const other = new Zilo.Game('zilo');
  g.play('e2e4');
  other.play('e3e4');
  other.resign('b');
  g.__g.fen = () => { throw new WebAssembly.RuntimeError('unreachable'); };
  assert.throws(() => g.fen(), oneLineError(
    /^internal engine error in fen\(\) \(unreachable\); the engine restarted; this game was restored \(without its redo list\)$/));
  assert.equal(Zilo.engineStats().restarts, before + 1);
  // The game goes on in the new instance, and so does the other one (rebuilt when next used).
  assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  g.play('e7e5');
  assert.deepEqual(g.history(), ['e2e4', 'e7e5']);
  assert.deepEqual(other.history(), ['e3e4']);
  assert.equal(other.result().reason, 'resignation');
  assert.equal(new Zilo.Game('shogi').perft(2), 900);
  // A game whose state cannot be read back is lost, with a clean message.
  const lost = new Zilo.Game('chess');
  lost.__g.variant = () => { throw new Error('recursive use of an object detected'); };
  lost.__g.push = () => { throw new WebAssembly.RuntimeError('memory access out of bounds'); };
  assert.throws(() => lost.push('e2e4'), oneLineError(/restarted; this game could not be restored: create a new one$/));
  assert.throws(() => lost.fen(), oneLineError(/^this game was lost when the engine restarted after an internal error: create a new Game$/));
  for (const x of [g, other]) x.free();
});

test('no leak: 100000 games created, played in and freed', () => {
  const start = Zilo.engineStats();
  for (let i = 0; i < 100000; i++) {
    const g = new Zilo.Game(i % 2 ? 'chess' : 'zilo');
    if (i % 10 === 0) g.push(g.legalMoveCodes()[0]);
    g.free();
  }
  const end = Zilo.engineStats();
  assert.equal(end.games, start.games, 'every game was freed');
  assert.ok(end.memoryBytes - start.memoryBytes <= 1 << 20, `memory grew from ${start.memoryBytes} to ${end.memoryBytes}`);
});

test('fuzz: random calls with random arguments only ever throw one-line Errors, never trap', () => {
  const cases = Number(process.env.ZILO_FUZZ_CASES || 300);
  const pick = rng(12345 + Number(process.env.ZILO_FUZZ_SEED || 0));
  const variants = Zilo.variants().map((v) => v.id);
  const junk = [undefined, null, true, 0, -1, 1.5, NaN, Infinity, 2 ** 29, 2 ** 30 - 1, 2 ** 32, '', ' ', 'e2e4', 'P@e5',
    'e7e8q', 'c3c4+', 'f1h1+i1g1', 'c1xc7', 'w', 'b', 'P', '+P', 'a1', 'z99', 'x'.repeat(5000), {}, [], [1], { level: 1 },
    { depth: 1 }, { nodes: 10 }, { depth: -1 }, { level: 'x' }, () => 0, Symbol('s'), 10n, new Uint32Array(2)];
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  junk.push(revoked.proxy, { get depth() { throw new Error('getter'); } }, new Proxy({}, { get() { throw new Error('trap'); } }));
  const methods = ['fen', 'startFen', 'turn', 'board', 'hand', 'legalMoves', 'legalMoveCodes', 'legalMovesText',
    'moveText', 'moveCode', 'movesFrom', 'dropTargets', 'dropError', 'moveDetails', 'blastCells', 'play', 'push',
    'pop', 'undo', 'redo', 'canUndo', 'canRedo', 'isCheck', 'checkedSquare', 'result', 'history', 'lastMove',
    'resign', 'perft', 'bestMove', 'analyse', 'variant'];
  // bestMove and analyse are only given quick limits or options it refuses (a default search takes a second).
  const refusedOptions = [true, 0, 'x', [], { depth: -1 }, { level: 'x' }, { levle: 1 }, { level: 1, depth: 1 }, 10n,
    { get nodes() { throw new Error('getter'); } }];
  const restarts = Zilo.engineStats().restarts;
  const games = [];
  let calls = 0;
  let thrown = 0;
  for (let c = 0; c < cases; c++) {
    if (games.length === 0 || pick(10) === 0) {
      try {
        games.push(pick(3) ? new Zilo.Game(variants[pick(variants.length)]) : new Zilo.Game(junk[pick(junk.length)], junk[pick(junk.length)]));
      } catch (e) {
        assert.ok(oneLineError(/./)(e), String(e));
      }
      continue;
    }
    const g = games[pick(games.length)];
    for (let k = 0; k < 20; k++) {
      const name = methods[pick(methods.length)];
      // Mostly sensible arguments (a legal move, a real square), sometimes junk.
      const codes = name === 'perft' || name === 'bestMove' || name === 'analyse' ? null : g.legalMoveCodes();
      const arg = () => {
        if (name === 'perft') return pick(3);
        if (name === 'bestMove') return pick(2) ? { nodes: 50 } : refusedOptions[pick(refusedOptions.length)];
        if (name === 'analyse') return pick(2) ? { nodes: 50, multiPv: 1 + pick(3) } : refusedOptions[pick(refusedOptions.length)];
        if (codes.length && pick(2)) return pick(2) ? codes[pick(codes.length)] : g.moveText(codes[pick(codes.length)]);
        return junk[pick(junk.length)];
      };
      calls++;
      try {
        g[name](arg(), arg());
      } catch (e) {
        thrown++;
        assert.ok(oneLineError(/./)(e), `${name}: ${e && e.stack}`);
      }
    }
    if (pick(8) === 0) games.splice(games.indexOf(g), 1)[0].free();
  }
  for (const g of games) g.free();
  assert.equal(Zilo.engineStats().restarts, restarts, 'no trap');
  console.log(`# fuzz JS API: ${cases} cases, ${calls} calls (${thrown} refused), 0 traps`);
});

// ---- the loose doors of issue 17 ----

test('bestMove refuses a depth the CLI refuses, with the same range, and options in words, not parser text', () => {
  const g = new Zilo.Game('chess');
  const throwsWith = (fn, re) => assert.throws(fn, oneLineError(re));
  // The CLI's own words for the same depth.
  const cliError = (depth) => {
    try { cli('bestmove', 'chess', '--depth', String(depth)); } catch (e) { return String(e.stderr).trim(); }
    return null;
  };
  assert.equal(cliError(65), 'zilo: --depth 65 is out of range (0 to 64)');
  throwsWith(() => g.bestMove({ depth: 65 }), /^bestMove depth 65 is out of range \(0 to 64\)$/);
  throwsWith(() => g.bestMove({ depth: 1e9 }), /^bestMove depth 1000000000 is out of range \(0 to 64\)$/);
  throwsWith(() => g.bestMove({ depth: -1 }), /^bestMove depth -1 is not a whole number \(0 to 64\)$/);
  throwsWith(() => g.bestMove({ depth: 2.5 }), /^bestMove depth 2\.5 is not a whole number \(0 to 64\)$/);
  throwsWith(() => g.bestMove({ nodes: -1 }), /^bestMove nodes -1 is not a whole number \(0 to 9007199254740991\)$/);
  throwsWith(() => g.bestMove({ timeMs: Infinity }), /^bestMove timeMs Infinity is not a whole number/);
  throwsWith(() => g.bestMove({ level: 0 }), /^bestMove level 0 is out of range \(1 to 5\)$/);
  // The ends of the range are searched (depth 0 as the CLI's: one ply).
  assert.equal(g.bestMove({ depth: 0 }).depth, 1);
  assert.ok(g.bestMove({ depth: 1, level: undefined }).move);
});

test('an empty position string is refused as the CLI refuses --fen \'\'', () => {
  for (const [variant, fen] of [['chess', ''], ['chess', '   '], ['cyvasse', ''], ['shogi', '\t']]) {
    assert.throws(() => new Zilo.Game(variant, fen), oneLineError(/^bad position string: /), `${variant} '${fen}'`);
    let message = null;
    try { cli('moves', variant, '--fen', fen); } catch (e) { message = String(e.stderr).trim(); }
    assert.match(message, /^zilo: bad position string: /);
    let js = null;
    try { new Zilo.Game(variant, fen); } catch (e) { js = e.message; }
    assert.equal(`zilo: ${js}`, message);
  }
  // Left out or null: the start position.
  assert.equal(new Zilo.Game('chess', null).fen(), new Zilo.Game('chess').fen());
});

test('a finished game has no legal moves anywhere: legalMoves, movesFrom, dropTargets, perft', () => {
  // A draw by repetition: the position has moves, the game has none.
  const g = new Zilo.Game('chess');
  for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f3g1', 'c6b8', 'g1f3', 'b8c6', 'f3g1', 'c6b8']) g.play(m);
  assert.equal(g.result().reason, 'repetition');
  assert.deepEqual(g.legalMoves(), []);
  assert.equal(g.legalMoveCodes().length, 0);
  assert.equal(g.legalMovesText(), '');
  assert.deepEqual(g.movesFrom('g1'), []);
  assert.equal(g.perft(1), 0);
  assert.equal(g.perft(3), 0);
  assert.equal(g.perft(0), 1);
  // Undone, the game goes on with its moves.
  g.undo();
  assert.equal(g.legalMoves().length, g.legalMoveCodes().length);
  assert.ok(g.movesFrom('c6').length > 0);
  // The fifty-move rule, as in the CLI.
  const fifty = new Zilo.Game('chess', '4k3/8/8/8/8/8/8/R3K3 w - - 100 80');
  assert.deepEqual(fifty.legalMoves(), []);
  assert.equal(fifty.perft(2), Number(cli('perft', 'chess', '2', '--fen', fifty.fen()).trim().split(' ')[1]));
  // A drop game that has ended: no drop targets either.
  const shogi = new Zilo.Game('shogi', '4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1');
  assert.ok(shogi.dropTargets('P').length > 0);
  shogi.resign('w');
  assert.deepEqual(shogi.dropTargets('P'), []);
  assert.deepEqual(shogi.movesFrom('e1'), []);
  assert.equal(shogi.perft(1), 0);
});

test('calls given a revoked Proxy, or options whose getter frees the game, throw the engine\'s one-line messages', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const b = Zilo.Setup.preset('cyvasse', 'b', 'fortress');
  const w = Zilo.Setup.preset('cyvasse', 'w', 'fortress');
  const setupError = /^expected a Setup \(from new Setup\(\), Setup\.random\(\) or Setup\.preset\(\)\)$/;
  assert.throws(() => Zilo.startPosition('cyvasse', proxy, b, 'w'), oneLineError(setupError));
  assert.throws(() => Zilo.startPosition('cyvasse', w, proxy, 'w'), oneLineError(setupError));
  assert.throws(() => Zilo.startPosition('cyvasse', w, b, proxy), oneLineError(/^a side must be a string like 'w', not an object$/));
  assert.throws(() => Zilo.startPosition(proxy, w, b, 'w'), oneLineError(/^the variant must be a string like 'cyvasse', not an object$/));
  const restarts = Zilo.engineStats().restarts;
  const g = new Zilo.Game('chess');
  assert.throws(() => g.bestMove({ get depth() { g.free(); return 2; } }),
    oneLineError(/^this game was freed \(free\(\) was called\): create a new Game$/));
  assert.equal(Zilo.engineStats().restarts, restarts, 'nothing trapped');
});

test('a long message is cut between words, never inside one', () => {
  // Both halves wrong in many ways: the message lists every problem.
  const w = new Zilo.Setup('cyvasse', 'w');
  const b = new Zilo.Setup('cyvasse', 'b');
  let message = '';
  try { Zilo.startPosition('cyvasse', w, b, 'w'); } catch (e) { message = e.message; }
  assert.ok(message.length > 100, message);
  const cut = message.indexOf('…');
  if (cut >= 0) {
    const whole = w.problems().join('; ');
    const words = new Set(whole.split(/[ ;:,()]+/));
    const before = message.slice(0, cut).split(/[ ;:,()]+/).pop();
    const after = message.slice(cut + 1).split(/[ ;:,()]+/)[0];
    // An empty piece is a cut at a space or a mark between words.
    const wholeWord = (w) => w === '' || words.has(w);
    assert.ok(wholeWord(before) && wholeWord(after), `cut inside a word: '${before}…${after}'`);
  }
});
