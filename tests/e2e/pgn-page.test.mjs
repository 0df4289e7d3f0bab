// The page's PGN box (www/src/pgn-box.js), in headless Chromium, from file:// and from a real
// `zilo serve` (ZILO_BIN, serving this www/): Copy PGN and Download .pgn give the engine's PGN of
// the game on the board, Load reads it back (and a position string), and a bad PGN is refused
// with one line naming its line and column, in the page's language, the game on the board
// untouched.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, open, finish, onBoard, engineBuilt, WWW, serveZilo } from './helpers.mjs';

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

describe('the PGN box', { skip: !engineBuilt() && 'www/engine.js is missing' }, () => {
  let server, browser;
  before(async () => {
    server = await serveZilo(join(mkdtempSync(join(tmpdir(), 'zilo-pgn-page-')), 'games.sqlite'));
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.proc.kill('SIGKILL');
  });
  const targets = () => ({
    file: { url: pathToFileURL(join(WWW, 'index.html')).href, base: pathToFileURL(WWW).href + '/', allowed: (u) => u.startsWith('file://') || u.startsWith('blob:null/') },
    serve: { url: server.origin + '/', base: server.origin + '/', allowed: (u) => u.startsWith(server.origin + '/') || u.startsWith('blob:' + server.origin + '/') },
  });

  /** Loads the box's text and waits for the message over the board or the error under the box. */
  async function loadText(p, text) {
    await onBoard(p.page, (b) => b.panel.clearMessage());
    await p.page.fill('#pgn-field', text);
    await p.page.click('#btn-pgn-load');
    await p.page.waitForSelector('#message:not([hidden]), #pgn-error:not([hidden])');
  }

  for (const way of ['file', 'serve']) {
    it(`over ${way}: copies and downloads the game as PGN, loads it back, refuses a bad one and keeps the game`, async () => {
      const p = await open(browser, targets()[way], { viewport: { width: 1366, height: 768 } });
      await p.variant('chess');
      await onBoard(p.page, (b, moves) => { for (const m of moves) b.play(m); }, FOOLS_MATE);
      // Copy PGN: the engine's PGN of the game, in the box.
      await p.page.click('#btn-pgn-copy');
      const pgn = await p.page.inputValue('#pgn-field');
      assert.match(pgn, /\[Variant "Standard"\]/);
      assert.match(pgn, /\[Result "0-1"\]/);
      assert.match(pgn, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
      assert.match(pgn, /\n1\. f3 e5 2\. g4 Qh4# 0-1\n$/);
      // Download .pgn: the same text, as a file named after the game.
      const [download] = await Promise.all([p.page.waitForEvent('download'), p.page.click('#btn-pgn-download')]);
      assert.match(download.suggestedFilename(), /^chess-\d{4}-\d\d-\d\d\.pgn$/);
      assert.equal(readFileSync(await download.path(), 'utf8'), pgn);

      // Load it back into a fresh game of another kind: the same moves, the same result.
      await p.variant('zilo');
      await loadText(p, pgn);
      assert.equal(await p.page.isHidden('#pgn-error'), true, await p.page.textContent('#pgn-error'));
      assert.match(await p.message(), /Game loaded from PGN: .*chess.*, 4 moves\./i);
      let s = await onBoard(p.page, (b) => b.state());
      assert.equal(s.variant, 'chess');
      assert.deepEqual(s.moves, FOOLS_MATE);
      assert.equal(s.result.result, '0-1');

      // A bad PGN: one line under the box with its line and column; the game stays.
      const before = await onBoard(p.page, (b) => ({ fen: b.fen(), moves: b.moves(), variant: b.variant }));
      await loadText(p, '[Event "x"]\n1. e4 e5\n2. Nf9 *');
      const err = await p.page.textContent('#pgn-error');
      assert.equal(err, 'Could not load that PGN: Line 3, column 4: the move Nf9 is not legal here. Your current game was kept.');
      assert.equal(err.includes('\n'), false);
      assert.equal(await p.page.getAttribute('#pgn-field', 'aria-invalid'), 'true');
      assert.deepEqual(await onBoard(p.page, (b) => ({ fen: b.fen(), moves: b.moves(), variant: b.variant })), before);
      await loadText(p, '1. e4 {never closed');
      assert.equal(await p.page.textContent('#pgn-error'), 'Could not load that PGN: Line 1, column 7: this is not PGN. Your current game was kept.');
      await loadText(p, '[Variant "nonesuch"]\n1. e4 *');
      assert.match(await p.page.textContent('#pgn-error'), /Line 1, column 1: the Variant tag names no game this page plays/);
      assert.deepEqual(await onBoard(p.page, (b) => ({ fen: b.fen(), moves: b.moves(), variant: b.variant })), before);
      // Typing clears the error.
      await p.page.type('#pgn-field', ' ');
      assert.equal(await p.page.isHidden('#pgn-error'), true);

      // In Polish, the same refusal in Polish.
      await p.page.selectOption('#lang', 'pl');
      await loadText(p, '[Event "x"]\n1. e4 e5\n2. Nf9 *');
      assert.equal(await p.page.textContent('#pgn-error'), 'Nie udało się wczytać tego PGN: Wiersz 3, kolumna 4: ruch Nf9 jest tu niedozwolony. Twoja bieżąca partia została zachowana.');
      await p.page.selectOption('#lang', 'en');

      // A position string in the same box, and a shogi game with a variation and a resignation.
      const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
      await loadText(p, fen);
      s = await onBoard(p.page, (b) => b.state());
      assert.equal(s.fen, fen);
      assert.deepEqual(s.moves, []);
      await loadText(p, '[Variant "Shogi"]\n\n1. P-7f (1. P-2f) P-3d 0-1');
      s = await onBoard(p.page, (b) => b.state());
      assert.equal(s.variant, 'shogi');
      assert.equal(s.moves.length, 2);
      assert.equal(s.resigned, 'w');
      assert.equal(s.variations.length, 1);
      assert.equal(s.variations[0].at, 0);
      // Two games: the first is loaded, and the message says so.
      await loadText(p, '[Event "a"]\n1. d4 *\n\n[Event "b"]\n1. e4 *\n');
      assert.match(await p.message(), /The first of 2 games loaded from PGN/);
      assert.deepEqual(await onBoard(p.page, (b) => b.moves()), ['d2d4']);
      await finish(p);
    });
  }
});
