// Cyvasse through the JavaScript API, in Node: the same Game class as every other game, with the
// same moves, positions and results as the native CLI; the board's engagement marks and terrain;
// the computer's move; the hidden setup (Setup, startPosition). Bad input becomes a one-line Error.
// (ZILO_ENGINE_JS may name another build of engine.js to test.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Zilo, cli, rng } from './engine-node.mjs';

const oneLineError = (pattern) => (e) => e instanceof Error && !e.message.includes('\n') && pattern.test(e.message);

/** The default start: the Fortress preset on both sides, `w` to move. */
const START = '3t4/1l^wkw~d1/lhe^cc^ehl/rsr~rsr~rsr/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w 0 1';
/** Fortress (w) against Phalanx (b). */
const FORTRESS_PHALANX = '1l6/lwkw1h^t~/ehde1~c^cl/srsrs^rrr~r/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w 0 1';
/** A Rabble of `w` next to the unshielded King of `b`. */
const KING_EXPOSED = '7k/8R/10/11/12/11/10/9/7K w 0 1';
/** Rabbles c3 (w) and d5 (b): c3c4 lines the first up on the second. */
const ENGAGE = '8/4k4/10/11/3r8/11/2R7/4K4/8 w 0 1';

test('variants(): Cyvasse with its family, hex board, zones, King fields, presets and piece numbers', () => {
  const list = Zilo.variants();
  const v = list.find((x) => x.id === 'cyvasse');
  assert.ok(list.filter((x) => x.id !== 'cyvasse').every((x) => x.family === 'chesslike' && x.cells === undefined));
  assert.equal(v.family, 'cyvasse');
  assert.equal(v.name, 'Cyvasse');
  assert.equal(v.files, 12);
  assert.equal(v.ranks, 9);
  assert.equal(v.startFen, START);
  assert.equal(v.startFen, cli('play', 'cyvasse').split('\n')[0]);
  assert.equal(v.drops, false);
  assert.equal(v.promotion, 'none');
  assert.equal(v.repetitionCount, 3);
  assert.deepEqual(v.sides.map((s) => s.name), ['White', 'Black']);
  assert.deepEqual(v.rowLengths, [8, 9, 10, 11, 12, 11, 10, 9, 8]);
  assert.equal(v.cells.length, 88);
  assert.deepEqual(v.cells[0], { square: 'a1', row: 1, index: 0 });
  assert.deepEqual(v.cells[87], { square: 'h9', row: 9, index: 7 });
  assert.equal(v.zones.w.length, 38);
  assert.equal(v.zones.b.length, 38);
  assert.ok(v.zones.w.every((s) => Number(s.slice(1)) <= 4) && v.zones.b.every((s) => Number(s.slice(1)) >= 6));
  assert.deepEqual(v.kingFields, { w: ['c2', 'e2', 'g2'], b: ['c8', 'e8', 'g8'] });
  assert.deepEqual(v.presets.map((p) => p.id), ['fortress', 'phalanx', 'skirmish']);
  assert.equal(v.pieces.length, 10);
  assert.deepEqual(v.pieces.find((p) => p.letter === 'D'), {
    letter: 'D', name: 'Dragon', nativeName: 'Smok', moves: 'Flies over mountains and enemy pieces.', value: 800, royal: false, powers: [],
    armor: 2, move: 4, attackRange: 2, count: 1,
  });
  assert.equal(v.pieces.reduce((n, p) => n + p.count, 0), 23);
  assert.deepEqual(v.pieces.filter((p) => p.royal).map((p) => p.letter), ['K']);
});

test('random games give the same turns, positions and results as the CLI', () => {
  for (const [seed, start] of [[1, undefined], [2, undefined], [3, FORTRESS_PHALANX], [4, FORTRESS_PHALANX]]) {
    const pick = rng(seed * 7919);
    const game = new Zilo.Game('cyvasse', start);
    const played = [];
    for (let ply = 0; ply < 120; ply++) {
      const moves = game.legalMoves();
      if (ply % 15 === 0) {
        const native = cli('moves', 'cyvasse', '--fen', game.fen()).split('\n').filter(Boolean);
        assert.deepEqual([...moves].sort(), native, `moves at ${game.fen()}`);
      }
      if (moves.length === 0) break;
      // Prefer captures, so that games end.
      const captures = moves.filter((m) => m.includes('x'));
      const move = captures.length && pick(2) ? captures[pick(captures.length)] : moves[pick(moves.length)];
      const details = game.moveDetails(move);
      const report = game.play(move);
      played.push(move);
      assert.equal(report.move, move);
      assert.equal(report.san, move);
      for (const k of ['move', 'san', 'kind', 'from', 'to', 'drop', 'promotion', 'rook', 'path']) assert.deepEqual(report[k], details[k], `${k} of ${move}`);
      if (move.includes('+')) assert.equal(report.kind, 'double');
      assert.ok(['move', 'capture', 'shot', 'jump', 'double'].includes(report.kind), report.kind);
      assert.equal(report.captured !== null, move.includes('x'), move);
      assert.deepEqual(report.blasted, []);
      assert.equal(report.check, false);
      if (report.result.result !== '*') break;
    }
    const args = start ? ['--fen', start] : [];
    const [fen, result] = cli('play', 'cyvasse', ...args, ...played).trim().split('\n');
    assert.equal(game.fen(), fen);
    const r = game.result();
    assert.equal(`result ${r.result} ${r.reason}`, result);
    assert.deepEqual(game.history(), played);
    game.free();
  }
});

test('play() reports the capture and the result; the game then refuses moves; undo and redo', () => {
  const g = new Zilo.Game('cyvasse', KING_EXPOSED);
  assert.deepEqual(g.moveDetails('i8xh9'), {
    move: 'i8xh9', san: 'i8xh9', kind: 'capture', from: 'i8', to: 'h9', drop: null, promotion: null, rook: null, path: [], capturedToHand: false, declinedPromotion: false,
  });
  const r = g.play('i8xh9');
  assert.deepEqual(r.captured, { square: 'h9', piece: 'k' });
  assert.deepEqual(r.result, {
    result: '1-0', reason: 'king-captured', winner: 'w', title: 'White wins (1-0)', text: 'The black King was captured.',
  });
  assert.deepEqual(g.lastMove(), { from: 'i8', to: 'h9', drop: null });
  assert.deepEqual(g.legalMoveCodes().length, 0);
  assert.equal(g.legalMovesText(), '');
  assert.throws(() => g.play('h1h2'), oneLineError(/the game is over/));
  assert.throws(() => g.bestMove({ depth: 1 }), oneLineError(/the game is over/));
  assert.ok(g.canUndo());
  assert.equal(g.undo(), true);
  assert.equal(g.fen(), KING_EXPOSED);
  assert.ok(g.canRedo());
  assert.equal(g.redo(), true);
  assert.equal(g.result().reason, 'king-captured');
  // Resignation, and its undo.
  const s = new Zilo.Game('cyvasse');
  s.resign('b');
  assert.deepEqual(s.result(), { result: '1-0', reason: 'resignation', winner: 'w', title: 'White wins (1-0)', text: 'Black resigned.' });
  assert.equal(s.undo(), true);
  assert.equal(s.result().result, '*');
  for (const x of [g, s]) x.free();
});

test('board() shows engagement: armor, attackers, Tower shield, capturable; terrain() the non-land fields', () => {
  const g = new Zilo.Game('cyvasse', ENGAGE);
  const at = (sq) => g.board().find((p) => p.square === sq);
  assert.deepEqual(at('d5'), { square: 'd5', piece: 'r', onWater: false, armor: 1, attackers: 0, shielded: false, capturable: false });
  g.play('c3c4');
  assert.deepEqual(at('d5'), { square: 'd5', piece: 'r', onWater: false, armor: 1, attackers: 1, shielded: false, capturable: true });
  assert.deepEqual(g.terrain(), {});
  const start = new Zilo.Game('cyvasse');
  const terrain = start.terrain();
  assert.equal(Object.keys(terrain).length, 12);
  assert.equal(terrain.c2, 'mountain');
  assert.equal(terrain.d4, 'water');
  // The Trebuchet on d1 stands next to its Tower on d2: shielded, so not capturable whatever attacks it.
  assert.deepEqual(start.board().find((p) => p.square === 'd1'),
    { square: 'd1', piece: 'T', onWater: false, armor: 0, attackers: 0, shielded: true, capturable: false });
  assert.equal(start.isCheck(), false);
  assert.equal(start.checkedSquare(), null);
  assert.deepEqual(start.hand('w'), {});
  assert.deepEqual(start.dropTargets('R'), []);
  assert.equal(typeof start.dropError('R', 'e5'), 'string');
  assert.deepEqual(start.blastCells('e4e5'), []);
  assert.deepEqual(new Zilo.Game('chess').terrain(), {});
  for (const x of [g, start]) x.free();
});

test('movesFrom() lists the turns whose first move starts there; move codes round-trip; perft', () => {
  const g = new Zilo.Game('cyvasse');
  const moves = g.legalMoves();
  assert.equal(moves.length, 304);
  assert.deepEqual(g.movesFrom('e4'), moves.filter((m) => m.startsWith('e4')).sort());
  const codes = g.legalMoveCodes();
  assert.deepEqual([...codes].map((c) => g.moveText(c)), moves);
  for (const c of codes) assert.equal(g.moveCode(g.moveText(c)), c);
  assert.deepEqual(g.legalMovesText().split(' '), moves);
  assert.equal(g.perft(1), 304);
  assert.equal(g.perft(2), Number(cli('perft', 'cyvasse', '2').trim().split(' ')[1]));
  g.push(codes[0]);
  assert.equal(g.history()[0], moves[0]);
  assert.equal(g.pop(), true);
  assert.equal(g.fen(), START);
  g.free();
});

test('moveDetails(): a shot names its target and where the Trebuchet lands; a double turn its second move; the path between', () => {
  // Trebuchet e2, enemy Rabble e4 (two fields north-west), e1 behind it; two White Rabbles c3 and g3.
  const g = new Zilo.Game('cyvasse', '7k/9/10/11/12/4r6/2R3R3/4T4/7K w 0 1');
  const shot = g.moveDetails('e2xe4');
  assert.equal(shot.kind, 'shot');
  assert.equal(shot.from, 'e2');
  assert.equal(shot.to, 'e4', 'the board marks the target');
  assert.equal(shot.landing, 'e1');
  assert.equal(shot.second, undefined);
  const dbl = g.moveDetails('c3c4+g3g4');
  assert.equal(dbl.kind, 'double');
  assert.deepEqual([dbl.from, dbl.to], ['c3', 'c4']);
  assert.deepEqual(dbl.second, { from: 'g3', to: 'g4' });
  assert.equal(dbl.landing, undefined);
  const r = g.play('e2xe4');
  assert.deepEqual([r.kind, r.to, r.landing, r.captured], ['shot', 'e4', 'e1', { square: 'e4', piece: 'r' }]);
  // A chess-like move has neither field.
  const chess = new Zilo.Game('chess').moveDetails('e2e4');
  assert.ok(!('second' in chess) && !('landing' in chess));
});

test('bestMove(): the computer takes a King it can take, and plays legal turns at every level it is asked', () => {
  const g = new Zilo.Game('cyvasse', KING_EXPOSED);
  const r = g.bestMove({ depth: 3 });
  assert.equal(r.move, 'i8xh9');
  assert.equal(r.mate, 1);
  g.free();
  const s = new Zilo.Game('cyvasse');
  for (const options of [{ level: 1 }, { level: 2 }, { nodes: 2000 }]) {
    const best = s.bestMove(options);
    assert.ok(s.legalMoves().includes(best.move), `${JSON.stringify(options)}: ${best.move}`);
    assert.equal(best.pv[0], best.move);
  }
  s.free();
});

test('Setup: a half made field by field, with its problems; random and preset halves; startPosition', () => {
  const s = new Zilo.Setup('cyvasse', 'w');
  assert.equal(s.side(), 'w');
  assert.equal(s.isComplete(), false);
  assert.deepEqual(s.missing(), { R: 6, S: 3, L: 3, H: 2, E: 2, C: 2, T: 1, D: 1, W: 2, K: 1, mountain: 3, water: 3 });
  s.place('e2', 'K');
  s.place('a1', 'mountain');
  s.place('b1', 'water');
  s.place('b1', 'r');
  assert.deepEqual(s.at('b1'), { piece: 'R', terrain: 'water' });
  assert.deepEqual(s.at('a1'), { terrain: 'mountain' });
  assert.equal(s.at('c3'), null);
  assert.throws(() => s.place('e9', 'R'), oneLineError(/^e9 is outside the zone/));
  assert.throws(() => s.place('e2', 'R'), oneLineError(/^e2 is taken by the King$/));
  assert.throws(() => s.place('a1', 'R'), oneLineError(/^a1 is a mountain/));
  assert.throws(() => s.place('c3', 'K'), oneLineError(/^King: 2 placed, 1 needed$/));
  assert.throws(() => s.place('c3', 'X'), oneLineError(/is neither a piece letter/));
  assert.equal(s.text(), '11/10/4K4/^R*6');
  assert.ok(s.problems().length > 0 && s.problems().every((p) => !p.includes('\n')));
  assert.equal(s.clear('b1'), 'R');
  assert.equal(s.clear('b1'), 'water');
  assert.equal(s.clear('b1'), null);

  const white = Zilo.Setup.preset('cyvasse', 'w', 'Fortress');
  const black = Zilo.Setup.random('cyvasse', 'b', 7);
  assert.equal(white.text(), 'RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4');
  assert.equal(Zilo.Setup.random('cyvasse', 'b', 7).text(), black.text(), 'the same seed, the same setup');
  assert.ok(white.isComplete() && black.isComplete());
  assert.deepEqual(black.problems(), []);
  assert.deepEqual(black.missing(), {});
  const fen = Zilo.startPosition('cyvasse', white, black, 'b');
  assert.ok(fen.endsWith(' b 0 1'), fen);
  assert.equal(fen.split('/').slice(5).join('/'), 'RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 b 0 1');
  const game = new Zilo.Game('cyvasse', fen);
  assert.equal(game.turn(), 'b');
  assert.equal(game.legalMoves().length, Number(cli('perft', 'cyvasse', '1', '--fen', fen).trim().split(' ')[1]));
  game.free();
  // A half read back from its text is the same half.
  assert.equal(new Zilo.Setup('cyvasse', 'b', black.text()).text(), black.text());
  // The side at fault is named, in one line; the halves must be given w first.
  assert.throws(() => Zilo.startPosition('cyvasse', s, black, 'w'), oneLineError(/^bad setup of the first player \(w\)/));
  assert.throws(() => Zilo.startPosition('cyvasse', black, white, 'w'), oneLineError(/first player's \(w\) setup, then/));
  for (const x of [s, white, black]) x.free();
});

test('bad input: one-line Errors, never a trap', () => {
  const g = new Zilo.Game('cyvasse');
  const cases = [
    [() => new Zilo.Game('cyvasse', 'nonsense'), /^bad position string: /],
    [() => g.play('e4e6'), /^illegal move e4e6: /],
    [() => g.play('zz'), /is not a move text/],
    [() => g.play(12), /is not a move code/],
    [() => g.play({}), /a move must be text/],
    [() => g.movesFrom('m9'), /is not a field/],
    [() => g.hand('x'), /neither 'w' nor 'b'/],
    [() => g.dropTargets('Q'), /is not a Cyvasse piece/],
    [() => g.perft(-1), /not a whole number/],
    [() => g.bestMove({ levle: 1 }), /unknown option 'levle'/],
    [() => new Zilo.Setup('chess', 'w'), /^'chess' has no setup phase$/],
    [() => new Zilo.Setup('cyvasse', 'x'), /neither 'w' nor 'b'/],
    [() => new Zilo.Setup('cyvasse', 'w', 'RSR'), /^bad setup: /],
    [() => Zilo.Setup.preset('cyvasse', 'w', 'castle'), /^no preset 'castle' \(known: fortress, phalanx, skirmish\)$/],
    [() => Zilo.Setup.random('cyvasse', 'w', -1), /a seed is a whole number/],
    [() => Zilo.startPosition('cyvasse', 'a', 'b', 'w'), /./],
  ];
  for (const [call, pattern] of cases) assert.throws(call, oneLineError(pattern), String(call));
  assert.equal(Zilo.engineStats().restarts, 0);
  g.free();
});

test('Setup from text refuses at once what place() refuses, with the same reasons', () => {
  const prefix = 'bad setup: setup of the first player (w) (zone rows 1-4, King on c2, e2 or g2): ';
  const cases = [
    // [text, the reason, how place() meets the same: a half with one less, then the place() that adds it]
    ['RRRRRRR4/10/9/8', 'Rabble: 7 placed, 6 needed', 'RRRRRR5/10/9/8', ['g4', 'R']],
    ['^^^^7/10/9/8', 'mountains: 4 placed, 3 needed', '^^^8/10/9/8', ['d4', 'mountain']],
    ['11/10/2K1K4/8', 'King: 2 placed, 1 needed', '11/10/2K6/8', ['e2', 'K']],
    ['11/10/9/K7', 'the King stands on a1, not on one of the three King fields', '11/10/9/8', ['a1', 'K']],
  ];
  for (const [text, reason, fewer, [square, what]] of cases) {
    assert.throws(() => new Zilo.Setup('cyvasse', 'w', text), oneLineError(new RegExp('^' + (prefix + reason).replace(/[()]/g, '\\$&') + '$')), text);
    const s = new Zilo.Setup('cyvasse', 'w', fewer);
    assert.throws(() => s.place(square, what), oneLineError(new RegExp('^' + reason.replace(/[()]/g, '\\$&') + '$')), `${fewer} + ${what}@${square}`);
    assert.equal(s.text(), fewer, 'a refused place() changes nothing');
  }
  // An unfinished half is read; its problems say what is missing.
  const unfinished = new Zilo.Setup('cyvasse', 'w', 'RRR8/10/4K4/8');
  assert.ok(unfinished.problems().includes('Rabble: 3 placed, 6 needed'), unfinished.problems().join('; '));
});
