// PGN in the JavaScript API: Game.toPgn and Game.fromPgn round trip every game, keep comments
// and variations, and refuse bad input with one coded line naming its line and column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Zilo, rng } from './engine-node.mjs';

test('random games of every variant come back equal from PGN', () => {
  for (const { id } of Zilo.variants()) {
    const pick = rng(id.length * 31);
    const game = new Zilo.Game(id);
    for (let ply = 0; ply < 50; ply++) {
      const moves = game.legalMoves();
      if (moves.length === 0) break;
      game.play(moves[pick(moves.length)]);
    }
    const text = game.toPgn({ White: 'Ann', Black: 'Bob', Custom: 'kept' });
    const [read, ...rest] = Zilo.Game.fromPgn(text);
    assert.equal(rest.length, 0);
    assert.equal(read.game.variant(), id);
    assert.deepEqual(read.game.history(), game.history(), id);
    assert.equal(read.game.fen(), game.fen(), id);
    assert.deepEqual(read.game.result().result, game.result().result, id);
    assert.equal(read.tags.White, 'Ann');
    assert.equal(read.tags.Custom, 'kept');
    assert.equal(read.game.toPgn(read.tags), text, id);
    // The read game plays on like any other.
    const more = read.game.legalMoves();
    if (more.length) read.game.play(more[0]);
    read.game.free();
    game.free();
  }
});

test('a lichess export keeps its clocks, comments and variations', () => {
  const text = readFileSync(new URL('../../crate/tests/fixtures/pgn/lichess-chess.pgn', import.meta.url), 'utf8');
  const [g] = Zilo.Game.fromPgn(text);
  assert.equal(g.tags.WhiteRatingDiff, '+6');
  assert.equal(Object.keys(g.tags)[0], 'Event', 'tags keep their order');
  assert.deepEqual(g.moves.map((m) => m.notation).slice(0, 4), ['e4', 'e5', 'Nf3', 'd6']);
  assert.deepEqual(g.moves[0].comments, ['[%eval 0.18] [%clk 0:03:00]']);
  assert.deepEqual(g.moves[7].variations[0].map((m) => m.text), ['b8c6', 'h2h3', 'g4f3', 'd1f3']);
  assert.deepEqual(g.moves[7].nags, [4]);
  assert.equal(g.result, '1-0');
  assert.equal(g.game.result().reason, 'checkmate');
  g.game.free();
});

test('bad PGN is one coded line with its line and column, and nothing is read', () => {
  const lines = ['[Event "x"]', '', '1. e4 e5', '2. Nf9 *'];
  assert.throws(() => Zilo.Game.fromPgn(lines.join('\n')), (e) => {
    assert.equal(e.message, 'line 4, column 4: illegal move Nf9: no legal move of chess here is written so');
    assert.equal(e.code, 'pgn.illegalMove');
    assert.deepEqual(e.args, { line: '4', column: '4', move: 'Nf9' });
    return true;
  });
  assert.throws(() => Zilo.Game.fromPgn('1. e4 ' + '(1. d4 '.repeat(40) + ')'.repeat(40) + ' *'), /variations nested deeper than 32/);
  assert.throws(() => Zilo.Game.fromPgn('1. e4 '.repeat(200_000)), (e) => e.code === 'argument.invalid' && /at most 1048576/.test(e.message));
  assert.throws(() => Zilo.Game.fromPgn(42), /the PGN text must be a string/);
  const g = new Zilo.Game('chess');
  assert.throws(() => g.toPgn({ White: 7 }), /tag White must be a string/);
  assert.throws(() => g.toPgn('White'), /toPgn tags must be an object/);
  assert.match(g.toPgn(), /^\[Event "\?"\]\n/);
  g.free();
});
