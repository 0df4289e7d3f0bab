/* The page's game records: the PGN box (Copy PGN, Download .pgn, Load a PGN or a position
 * string). The engine writes and reads PGN (Game.toPgn, Game.fromPgn; README "PGN game
 * records"); this module only turns the engine's first game of a text into what the board loads,
 * and words a refusal by its code (`engine.pgn.*`: one line with the line and column). A text
 * that is refused leaves the board's game as it was: the board is only loaded once the whole
 * text was read.
 *
 *   setup({board, field, error, copy, download, load, message, copyText, site});
 *   readPgn(text)   // {spec: {variant, startFen, moves, resigned, variations}, games, tags}; throws
 */
import { t, num } from './i18n.js';
import { engineMessage, gameWord } from './engine-words.js';
import { plain, variants } from './engine-data.js';

/** @typedef {{variant: string, startFen: string, moves: string[], resigned: 'w' | 'b' | null,
 *   variations: {at: number, moves: string[]}[]}} BoardSpec  what <zilo-board>.load() takes */

/** The first game of a PGN text as the board loads it: the main line, the variations that leave
 * it (one level: a variation inside a variation is left out), and a resignation the result
 * says. Throws the engine's coded Error (`pgn.*`) for a text it refuses.
 * @param {string} text
 * @returns {{spec: BoardSpec, games: number, tags: Record<string, string>}} */
export function readPgn(text) {
  const games = Zilo.Game.fromPgn(text);
  try {
    const first = games[0];
    const g = first.game;
    const r = plain(g.result());
    const resigned = r.reason === 'resignation' && (r.winner === 'w' || r.winner === 'b') ? (r.winner === 'w' ? 'b' : 'w') : null;
    /** @type {{at: number, moves: string[]}[]} */
    const variations = [];
    Array.from(first.moves).forEach((m, i) => {
      for (const line of Array.from(plain(m).variations || [])) {
        const moves = Array.from(line).map((x) => String(plain(x).text));
        if (moves.length) variations.push({ at: i, moves });
      }
    });
    return {
      spec: { variant: g.variant(), startFen: g.startFen(), moves: Array.from(g.history()), resigned, variations },
      games: games.length,
      tags: plain(first.tags),
    };
  } finally {
    for (const x of games) { try { x.game.free(); } catch (_) { /* already freed */ } }
  }
}

/** Whether a pasted text is meant as a position string rather than PGN: one line, with ranks
 * split by '/', no tag and no move number. */
export function looksLikePosition(text) {
  const s = text.trim();
  return !s.includes('\n') && s.includes('/') && !s.includes('[') && !/\d\./.test(s);
}

/** Today as PGN writes a date (`2026.12.06`). */
export function pgnDate(d = new Date()) {
  const two = (n) => String(n).padStart(2, '0');
  return d.getFullYear() + '.' + two(d.getMonth() + 1) + '.' + two(d.getDate());
}

/**
 * Wires the box. `board` is the page's <zilo-board>; `message(text, kind)` says something over
 * the board; `copyText(text, input)` copies (true when it could); `site()` the Site tag.
 * @param {{board: any, field: HTMLTextAreaElement, error: HTMLElement, copy: HTMLElement,
 *   download: HTMLElement, load: HTMLElement, message: (text: string, kind: string) => void,
 *   copyText: (text: string, input?: HTMLTextAreaElement) => Promise<boolean>, site: () => string}} o
 */
export function setup(o) {
  const { board, field, error } = o;
  const meta = () => variants().find((v) => v.id === board.variant) || variants()[0];

  /** Shows (or with null clears) the box's one-line error. */
  function fail(text) {
    error.textContent = text || '';
    error.hidden = !text;
    if (text) field.setAttribute('aria-invalid', 'true'); else field.removeAttribute('aria-invalid');
    if (text && typeof error.scrollIntoView === 'function') error.scrollIntoView({ block: 'nearest' });
  }

  /** The board's game as PGN, with the page's tags. */
  function pgnText() {
    const m = meta();
    return board.pgn({ Event: 'Casual game', Site: o.site(), Date: pgnDate(), White: m.sides[0].name, Black: m.sides[1].name });
  }

  o.copy.addEventListener('click', async () => {
    if (board.state().phase === 'setup') { o.message(t('page.pgn.none'), 'info'); return; }
    field.value = pgnText();
    fail(null);
    const ok = await o.copyText(field.value, field);
    o.message(t(ok ? 'page.pgn.copied' : 'page.pgn.select'), 'info');
  });

  o.download.addEventListener('click', () => {
    if (board.state().phase === 'setup') { o.message(t('page.pgn.none'), 'info'); return; }
    const text = pgnText();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
    a.download = board.variant + '-' + pgnDate().replace(/\./g, '-') + '.pgn';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    o.message(t('page.pgn.downloaded'), 'info');
  });

  /** A position string: in the board's game, else in the first game that reads it. */
  function loadPosition(text) {
    try {
      board.load({ variant: board.variant, fen: text, moves: [] });
      return true;
    } catch (e) {
      for (const v of variants()) {
        if (v.id === board.variant) continue;
        let g = null;
        try { g = new Zilo.Game(v.id, text); } catch (_) { continue; } finally { if (g) g.free(); }
        board.load({ variant: v.id, fen: text, moves: [] });
        return true;
      }
      fail(t('page.fen.failed', { error: engineMessage(e, board.variant) }) + ' ' + t('page.kept'));
      return false;
    }
  }

  function load() {
    const text = field.value.trim();
    if (!text) { fail(t('page.pgn.empty')); return; }
    if (looksLikePosition(text)) {
      if (loadPosition(text)) { fail(null); o.message(t('page.fen.loaded'), 'info'); }
      return;
    }
    let read;
    try { read = readPgn(text); } catch (e) {
      fail(t('page.pgn.failed', { error: engineMessage(e, board.variant) }) + ' ' + t('page.kept'));
      return;
    }
    try { board.load(read.spec); } catch (e) {
      fail(t('page.pgn.failed', { error: engineMessage(e, read.spec.variant) }) + ' ' + t('page.kept'));
      return;
    }
    fail(null);
    const m = meta();
    o.message(t(read.games > 1 ? 'page.pgn.loadedFirst' : 'page.pgn.loaded',
      { game: gameWord(m, 'name', m.name), moves: t('page.moves', { count: read.spec.moves.length }), games: num(read.games) }), 'info');
  }

  o.load.addEventListener('click', load);
  field.addEventListener('input', () => fail(null));
}
