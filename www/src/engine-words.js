/* The engine's words in the page's language. The engine names games, sides and pieces in
 * English (GameInfo) and refuses things with a code and arguments beside its English line
 * (`err.code`, `err.args`, see engine.d.ts); the catalogs word them: `game.<id>.…` for names,
 * `engine.<code>` for refusals, `outcome.<reason>.win|draw` for how a game ended. Each helper
 * falls back to the engine's own English where a catalog has nothing, so a game the catalogs
 * do not know yet still reads. */
import { t, has } from './i18n.js';
import { ARG_KINDS } from './engine-args.js';


const idOf = (game) => (game && typeof game === 'object' ? game.id : game);

/** A game's word: `game.<id>.<key>` in the page's language, else `fallback` (the engine's). */
export function gameWord(game, key, fallback) {
  const k = 'game.' + idOf(game) + '.' + key;
  return has(k) ? t(k) : fallback;
}

/** A refusal's arguments as words, by the engine's table of them (engine-args.js): piece letters
 * as the pieces' names, sides as the sides' names, word arguments (terrain, counters) in words;
 * squares, moves and numbers as they are. */
export function engineArgs(game, args) {
  const out = {};
  for (const [k, v] of Object.entries(args || {})) {
    const kind = Object.prototype.hasOwnProperty.call(ARG_KINDS, k) ? ARG_KINDS[k] : null;
    if (kind === 'piece') out[k] = gameWord(game, 'piece.' + v + '.name', v);
    else if (kind === 'side') out[k] = gameWord(game, 'side.' + v + '.name', v);
    else if (kind === 'word') out[k] = has(k + '.' + v) ? t(k + '.' + v) : v;
    else if (typeof v === 'string' && v !== '' && /^\d+$/.test(v)) out[k] = Number(v);
    else out[k] = v;
  }
  return out;
}

/** One line for what the engine refused, in the page's language: its code worded by the
 * catalog, else its English message. `e` is a thrown error or a `{code, args, message}`. */
export function engineMessage(e, game) {
  if (e && e.code && has('engine.' + e.code)) return t('engine.' + e.code, engineArgs(game, e.args));
  return (e && e.message ? String(e.message) : String(e)).split('\n')[0];
}

/** How a game ended, in words: `{title, text}` from the engine's result (`result`, `reason`,
 * `winner`) and the side that was to move (for a stalemate draw). The engine's English
 * `title`/`text` where the catalog does not know the reason. */
export function outcomeWords(game, r, toMove) {
  if (!r || r.result === '*') return { title: '', text: '' };
  const side = (s) => gameWord(game, 'side.' + s + '.name', s);
  const loser = r.winner ? (r.winner === 'w' ? 'b' : 'w') : null;
  const args = {
    result: r.result,
    winner: r.winner ? side(r.winner) : '',
    loser: loser ? side(loser) : '',
    monarch: loser ? gameWord(game, 'side.' + loser + '.monarch', '') : '',
    toMove: toMove ? side(toMove) : '',
  };
  const form = r.winner ? 'win' : 'draw';
  const key = 'outcome.' + r.reason + '.' + form;
  return {
    title: t('outcome.title.' + form, args),
    text: has(key) ? t(key, args) : (r.text || ''),
  };
}

