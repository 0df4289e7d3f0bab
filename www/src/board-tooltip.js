/* A piece's name on hover (after a moment) and on a long press: its name in the page's
 * language, its side, and how it moves (the catalogs' words, else the engine's). */
import { t } from './i18n.js';
import { h } from './dom.js';
import { info, handWord } from './board-words.js';
/** @typedef {import('./board-view.js').BoardView} BoardView */

/** @param {BoardView} view */
export function tooltipTarget(view, target) {
  const sq = target.closest && target.closest('.sq[data-piece]');
  if (sq && view.$('board').contains(sq)) return { el: sq, letter: sq.dataset.piece };
  const hp = target.closest && target.closest('.hand-piece');
  if (hp) return { el: hp, letter: hp.dataset.hand === 'w' ? hp.dataset.piece : hp.dataset.piece.toLowerCase(), extra: t('board.' + handWord(view) + '.count', { count: Number(hp.dataset.count) }) };
  return null;
}

/** @param {BoardView} view */
export function showTooltip(view, target, letter, extra) {
  const tt = view.$('tooltip');
  const inf = info(view, letter);
  tt.textContent = '';
  tt.append(h('div', { class: 'tt-name', text: inf.label }),
    h('div', { class: 'tt-side', text: inf.side.name + (inf.side.ownLong ? ' · ' + inf.side.long : '') + ' · ' + inf.letter + (extra ? ' · ' + extra : '') }));
  // How it moves, in the catalog's words (else the engine's).
  if (inf.moves) tt.append(h('div', { class: 'tt-moves', text: inf.moves }));
  tt.hidden = false;
  const r = target.getBoundingClientRect();
  const w = tt.offsetWidth, hh = tt.offsetHeight;
  const x = Math.max(6, Math.min(window.innerWidth - w - 6, r.left + r.width / 2 - w / 2));
  let y = r.top - hh - 8;
  if (y < 6) y = r.bottom + 8;
  tt.style.left = x + 'px';
  tt.style.top = y + 'px';
}

/** @param {BoardView} view */
export function hideTooltip(view) { clearTimeout(view.state.ttTimer); const tt = view.$('tooltip'); if (tt) tt.hidden = true; }

/** @param {BoardView} view */
export function listenTooltips(view) {
  let current = null, lp = null;
  const zb = view.$('zb');
  zb.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse' || view.state.drag) return;
    const t = tooltipTarget(view, e.target);
    if (!t) { if (current) { current = null; hideTooltip(view); } return; }
    if (current === t.el) return;
    current = t.el;
    hideTooltip(view);
    view.state.ttTimer = setTimeout(() => showTooltip(view, t.el, t.letter, t.extra), 450);
  });
  zb.addEventListener('pointerout', (e) => {
    if (e.pointerType !== 'mouse') return;
    if (current && (!e.relatedTarget || !current.contains(e.relatedTarget))) { current = null; hideTooltip(view); }
  });
  // A long press on a touch screen names the piece.
  zb.addEventListener('pointerdown', (e) => {
    hideTooltip(view);
    if (e.pointerType === 'mouse') return;
    const t = tooltipTarget(view, e.target);
    if (!t) return;
    lp = { x: e.clientX, y: e.clientY, id: e.pointerId };
    view.state.ttTimer = setTimeout(() => { showTooltip(view, t.el, t.letter, t.extra); lp = null; }, 500);
  }, true);
  zb.addEventListener('pointermove', (e) => {
    if (lp && e.pointerId === lp.id && Math.hypot(e.clientX - lp.x, e.clientY - lp.y) > 8) { lp = null; hideTooltip(view); }
  }, true);
  const end = () => { if (lp) { lp = null; clearTimeout(view.state.ttTimer); } else if (!view.$('tooltip').hidden) setTimeout(() => hideTooltip(view), 1200); };
  zb.addEventListener('pointerup', end, true);
  zb.addEventListener('pointercancel', end, true);
  window.addEventListener('scroll', () => hideTooltip(view), { passive: true });
}
