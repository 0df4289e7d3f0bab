/* Sharing a game: short game codes, the move list as plain text, links.
 *
 * A game code holds the variant, the start position (empty for the variant's own) and the moves,
 * each move written as its place in the sorted list of legal moves at that point (one letter for
 * the first 52, two or three characters beyond): `<game id>~~gLcX` is four moves from the start. It is
 * short enough to read out or paste anywhere, and any copy of the page reads it, from file://
 * too. The engine replays it, so a damaged code is refused with the engine's reason.
 *
 *   code = encode({variant, startFen, moves, resigned})
 *   spec = decode(code)          // {variant, startFen, moves, resigned}; throws
 */
import { t } from './i18n.js';

const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const TWO = ALPHA.length * DIGITS.length; // two-character indices: 52 … 571

function indexText(i) {
  if (i < ALPHA.length) return ALPHA[i];
  let j = i - ALPHA.length;
  if (j < TWO) return DIGITS[Math.floor(j / ALPHA.length)] + ALPHA[j % ALPHA.length];
  j -= TWO;
  return '-' + ALPHA[Math.floor(j / ALPHA.length)] + ALPHA[j % ALPHA.length];
}

/** Reads the move indices back; throws on characters a code never has. */
function readIndices(s) {
  const out = [];
  for (let k = 0; k < s.length;) {
    const c = s[k];
    const a = (ch) => {
      const n = ALPHA.indexOf(ch);
      if (n < 0) throw new Error(t('share.code.damagedNear', { text: s.slice(k, k + 3) }));
      return n;
    };
    if (ALPHA.includes(c)) { out.push(a(c)); k += 1; } else if (DIGITS.includes(c)) { out.push(ALPHA.length + DIGITS.indexOf(c) * ALPHA.length + a(s[k + 1])); k += 2; } else if (c === '-') { out.push(ALPHA.length + TWO + a(s[k + 1]) * ALPHA.length + a(s[k + 2])); k += 3; } else a(c);
  }
  return out;
}

const sortedMoves = (g) => Array.from(g.legalMoves()).sort();

/** The code of a game: spec = {variant, startFen, moves, resigned}. */
export function encode(spec) {
  const g = new Zilo.Game(spec.variant, spec.startFen || null);
  try {
    const meta = Zilo.variants().find((v) => v.id === spec.variant);
    const standard = !!meta && g.startFen() === meta.startFen;
    let moves = '';
    for (const m of spec.moves) {
      const i = sortedMoves(g).indexOf(m);
      if (i < 0) throw new Error(t('share.code.illegal', { move: m }));
      moves += indexText(i);
      g.play(m);
    }
    const fen = standard ? '' : g.startFen().replace(/ /g, '_');
    return spec.variant + '~' + fen + '~' + moves + (spec.resigned ? '~' + spec.resigned : '');
  } finally { g.free(); }
}

/** A code back to {variant, startFen, moves, resigned}; throws with a reason in words. */
export function decode(code) {
  const parts = String(code).trim().split('~');
  if (parts.length < 3 || parts.length > 4 || !parts[0]) throw new Error(t('share.code.notCode', { example: Zilo.variants()[0].id + '~~gLcX' }));
  const [variant, fenPart, movePart, resigned] = parts;
  if (!Zilo.variants().some((v) => v.id === variant)) throw new Error(t('share.code.variant', { variant: variant.slice(0, 30) }));
  if (resigned !== undefined && resigned !== 'w' && resigned !== 'b') throw new Error(t('share.code.damagedEnd'));
  const startFen = fenPart ? fenPart.replace(/_/g, ' ') : null;
  const g = new Zilo.Game(variant, startFen);
  try {
    const moves = [];
    readIndices(movePart).forEach((i, ply) => {
      const list = sortedMoves(g);
      if (i >= list.length) throw new Error(t('share.code.damagedAt', { ply: ply + 1 }));
      moves.push(list[i]);
      g.play(list[i]);
    });
    return { variant, startFen, moves, resigned: resigned || null };
  } finally { g.free(); }
}

/** @typedef {object} GameRecord  A game as its plain-text record needs it.
 * @property {Zilo.Result} result  its result at the end of its moves (the engine's)
 * @property {string} startFen
 * @property {{turn: 'w' | 'b', number: number}} startNumbering  who moved first, and that move's number
 * @property {string[]} sans  its moves as players write them */

/** The move list as plain text, in the PGN layout chess players know (tags, numbered moves).
 * @param {GameRecord} game @param {import('./engine-data.js').Meta} meta
 * @param {{event?: string, site?: string}} [extra] */
export function text(game, meta, extra) {
  const r = game.result, sans = game.sans;
  const start = game.startFen;
  const tags = [['Event', (extra && extra.event) || 'Casual game'], ['Site', (extra && extra.site) || 'ЗiлоḺ АḺв Жа board'],
    ['Variant', meta.name], ['White', meta.sides[0].name], ['Black', meta.sides[1].name], ['Result', r.result]];
  if (start !== meta.startFen) tags.push(['FEN', start], ['SetUp', '1']);
  if (r.text) tags.push(['Termination', r.text]);
  const out = tags.map(([k, v]) => '[' + k + ' "' + String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"]');
  const numbering = game.startNumbering;
  const black = numbering.turn === 'b', full = numbering.number;
  const words = [];
  sans.forEach((san, i) => {
    const ply = i + (black ? 1 : 0);
    const n = full + Math.floor(ply / 2);
    if (ply % 2 === 0) words.push(n + '.');
    else if (i === 0) words.push(n + '...');
    words.push(san);
  });
  words.push(r.result);
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) { lines.push(line); line = w; } else line = line ? line + ' ' + w : w;
  }
  lines.push(line);
  return out.join('\n') + '\n\n' + lines.join('\n') + '\n';
}

/** A link to the game, only where the page has an http(s) address (a file:// link works only
 * on the machine that made it): null otherwise. */
export function link(code, loc) {
  const l = loc || location;
  if (!/^https?:$/.test(l.protocol)) return null;
  return l.href.split('#')[0] + '#g=' + encodeURIComponent(code);
}

/** What a location.hash asks for: {code} (a game code), {spec} (an older link with v=, fen=,
 * moves=), and/or {opp} (opponent settings vs=, side=, level=); null when nothing. */
export function readHash(hash) {
  const h = String(hash || '').replace(/^#/, '');
  if (!h) return null;
  const q = new URLSearchParams(h);
  const out = {};
  if (q.has('vs') || q.has('side') || q.has('level')) out.opp = { vs: q.get('vs'), side: q.get('side'), level: q.get('level') };
  if (q.has('g')) out.code = q.get('g');
  else if (q.has('v') || q.has('fen') || q.has('moves')) {
    const mv = q.get('moves');
    // A hand-written link may carry shogi's "+" unencoded, read as a space: moves have none.
    out.spec = {
      variant: q.get('v') || Zilo.variants()[0].id, startFen: q.get('fen') || null, resigned: q.get('resigned'),
      moves: mv ? mv.split(',').map((s) => s.replace(/^\s+/, '').replace(/\s/g, '+')).filter(Boolean) : [],
    };
  }
  return out.code || out.spec || out.opp ? out : null;
}

