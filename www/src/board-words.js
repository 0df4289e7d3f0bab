/* The board's words (its accessibility text): square names as players read them, pieces and
 * sides in the page's language, and what a field says to a screen reader: its name, what stands
 * on it and what it offers. Every word is the catalogs' (board.sq.*, board.piece.words, …). */
import { t, has } from './i18n.js';
import * as PieceSets from './piece-sets.js';
import { bentPath } from './board-geometry.js';
import { isShot } from './move-details.js';
/** @typedef {import('./board-view.js').BoardView} BoardView */

/** Square names as players of this variant read them (the engine's file and rank labels):
 * e4, or shogi's 7f for c4. @param {BoardView} view */
export function sqName(view, sq) {
  const m = view.meta();
  if (!sq || !m || !m.fileLabels || !m.rankLabels) return sq;
  const f = m.fileLabels[sq.charCodeAt(0) - 97], r = m.rankLabels[parseInt(sq.slice(1), 10) - 1];
  return f !== undefined && r !== undefined ? f + r : sq;
}

/** @param {BoardView} view */
export function info(view, letter) { return PieceSets.describe(view.meta(), letter); }

/** "Bird Red Cardinal" / "Czerwony Kardynał (Ptak)": the side's word and the piece's name
 * (board.piece.words), the name alone where it already holds the side's word ("King Pig",
 * not "Pig King Pig"). @param {BoardView} view */
export function pieceWords(view, letter) {
  const i = info(view, letter), one = String(i.side.one || '');
  return !one || i.name.toLowerCase().split(/\s+/).includes(one.toLowerCase()) ? i.name : t('board.piece.words', { one, piece: i.name });
}

/** A side's names as message arguments: {side}, and English's {theSide} ("the Birds"),
 * {sidePossessive} ("Birds’") and {theSidePossessive} ("the Birds’"); `key` names them. @param {BoardView} view */
export function sideArgs(view, side, key) {
  const sd = view.ctl.sideInfo(side), k = key || 'side', K1 = k.charAt(0).toUpperCase() + k.slice(1);
  return { [k]: sd.name, ['the' + K1]: sd.the, [k + 'Possessive']: sd.possessive, ['the' + K1 + 'Possessive']: sd.thePossessive };
}

/** Where the pieces a side may drop wait, as the engine has it: a hand where captures join
 * it (zilo, shogi), a reserve where they never do (Venomous). The catalogs' keys say
 * board.hand.* or board.reserve.* by it. @param {BoardView} view */
export function handWord(view) { return view.meta().capturesToHand ? 'hand' : 'reserve'; }

/** A terrain in words (terrain.<id>), else the engine's own word. @param {string} ter */
export function terrainWord(ter) {
  return has('terrain.' + ter) ? t('terrain.' + ter) : ter;
}

/** What a field says to a screen reader: its name, then what is on it and what it offers, each
 * part from the catalogs. `f`: what the board shows there (see renderBoard).
 * @param {BoardView} view @param {string} name
 * @param {{hidden: boolean, terrain: string | null, piece: string | null, engagement: any, dest: string | null,
 *   moves: any[], blast: boolean, secondMover: boolean, check: boolean, hint: 'from' | 'to' | null, hintMove: any}} f @param {BoardView} view */
export function squareLabel(view, name, f) {
  const parts = [sqName(view, name)];
  if (f.hidden) parts.push(t('board.sq.hidden'));
  else {
    if (f.terrain) parts.push(terrainWord(f.terrain));
    parts.push(f.piece ? pieceWords(view, f.piece) : t('board.sq.empty'));
  }
  const en = f.engagement;
  if (en) {
    parts.push(t('board.sq.armor', { armor: en.armor, count: en.attackers }));
    if (en.shielded) parts.push(t('board.sq.shielded')); else if (en.capturable) parts.push(t('board.sq.capturable'));
  }
  if (f.dest) parts.push(t('board.sq.' + f.dest));
  const way = f.moves.find((d) => bentPath(d, view.state.cells));
  if (way) parts.push(t('board.sq.path', { path: Array.from(way.path, (x) => sqName(view, x)).join(' ') }));
  if (f.blast) parts.push(t('board.sq.blast'));
  if (f.secondMover) parts.push(t('board.sq.second'));
  if (f.check) parts.push(t('board.sq.check'));
  if (f.hint === 'from') parts.push(t('board.sq.hint.from'));
  if (f.hint === 'to') parts.push(t(f.hintMove.drop ? 'board.sq.hint.drop' : isShot(f.hintMove) ? 'board.sq.hint.shoot' : 'board.sq.hint.to'));
  return parts.join(', ');
}
