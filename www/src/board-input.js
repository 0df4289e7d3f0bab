/* What a person does on the board, turned into the view's actions: a click, a touch or a drag
 * of a piece (from the board or a hand), the keyboard's cursor over the fields (arrows, Enter or
 * Space, Escape). The actions themselves (select, play, refuse) are the view's (board-view.js). */
import { h, closest } from './dom.js';
import { sideOf } from './sides.js';
import { pieceSvg } from './board-render.js';
import { hideTooltip, listenTooltips } from './board-tooltip.js';
/** @typedef {import('./board-view.js').BoardView} BoardView */

/** @param {BoardView} view */
export function listen(view) {
  const board = view.$('board');
  board.addEventListener('pointerdown', (e) => onBoardDown(view, e));
  board.addEventListener('contextmenu', (e) => e.preventDefault());
  board.addEventListener('keydown', (e) => onBoardKey(view, e));
  board.addEventListener('focusin', (e) => {
    const sq = closest(e, '.sq');
    if (!sq) return;
    setCursor(view, sq.dataset.square, false);
    if (view.state.keyboard && view.state.selected) view.setPathSq(sq.dataset.square);
  });
  // The blast preview under the mouse.
  board.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse' || !view.state.selected) return;
    const sq = closest(e, '.sq');
    view.setPreview(sq && view.state.dests.has(sq.dataset.square) ? view.previewFor([sq.dataset.square]) : []);
    view.setPathSq(sq && sq.dataset.square);
  });
  board.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'mouse') return;
    if (view.state.preview.length) view.setPreview([]);
    view.setPathSq(null);
  });
  for (const id of ['side-top', 'side-bottom']) {
    const box = view.$(id);
    box.addEventListener('pointerdown', (e) => onHandDown(view, e));
    // Keyboard activation of a hand piece (Enter or Space on the focused button).
    box.addEventListener('click', (e) => {
      const hp = closest(e, '.hand-piece');
      if (!hp || e.detail !== 0) return;
      view.activateHand(hp.dataset.hand, hp.dataset.piece);
      // Keyboard users go on on the board: the cursor square takes the focus.
      if (view.state.selected && view.state.selected.kind === 'hand' && view.state.cursor) setCursor(view, view.state.cursor, true);
    });
  }
  view.root.addEventListener('keydown', () => { view.state.keyboard = true; }, true);
  view.root.addEventListener('pointerdown', (e) => { view.state.keyboard = false; view.state.touch = /** @type {PointerEvent} */ (e).pointerType !== 'mouse'; }, true);
  listenTooltips(view);
}

/** @param {BoardView} view */
export function onBoardDown(view, e) {
  if (!view.ctl.loaded() || (e.pointerType === 'mouse' && e.button !== 0)) return;
  const sqEl = closest(e, '.sq');
  if (!sqEl) return;
  // A pointer does not give the board the keyboard focus: ← and → keep browsing the moves.
  e.preventDefault();
  const active = /** @type {HTMLElement | null} */ (view.root.activeElement);
  if (active && view.$('board').contains(active)) active.blur();
  // Nor does it leave them with a control outside the element's own tree (a radio button of
  // the page, slotted or not, would take the arrows and change its choice): the element's
  // frame takes the focus.
  const outside = document.activeElement;
  if (!view.root.activeElement && outside && outside !== document.body) {
    const zb = view.$('zb');
    if (zb.tabIndex < 0 && !zb.hasAttribute('tabindex')) zb.setAttribute('tabindex', '-1');
    zb.focus({ preventScroll: true });
  }
  view.ui.activity();
  const sq = sqEl.dataset.square;
  setCursor(view, sq, false);
  if (view.blocked() || view.state.setupSession || view.ctl.turnInProgress()) { view.activateSquare(sq); return; }
  const sel = view.state.selected;
  if (sel && view.state.dests.has(sq)) { view.playTo(sq, true); return; }
  const castles = view.castlesByRook(sq);
  if (castles.length) { view.playTo(castles[0].to, true, castles); return; }
  const p = sqEl.dataset.piece;
  if (p && sideOf(p) === view.ctl.turn()) {
    const was = !!(sel && sel.kind === 'square' && sel.square === sq);
    if (!was) view.select({ kind: 'square', square: sq });
    beginDrag(view, e, { kind: 'square', square: sq }, sqEl.querySelector('.piece'), was);
    return;
  }
  view.activateSquare(sq);
}

/** @param {BoardView} view */
export function onHandDown(view, e) {
  const hp = closest(e, '.hand-piece');
  if (!hp || !view.ctl.loaded() || (e.pointerType === 'mouse' && e.button !== 0)) return;
  e.preventDefault();
  view.ui.activity();
  const side = hp.dataset.hand, L = hp.dataset.piece;
  if (view.blocked() || side !== view.ctl.turn()) { view.activateHand(side, L); return; }
  const was = !!(view.state.selected && view.state.selected.kind === 'hand' && view.state.selected.piece === L);
  if (!was) view.select({ kind: 'hand', piece: L });
  const again = view.root.querySelector('[data-hand="' + side + '"][data-piece="' + L + '"]');
  beginDrag(view, e, { kind: 'hand', piece: L }, again, was);
}

/** @param {BoardView} view */
export function beginDrag(view, e, source, originEl, wasSelected) {
  const d = { source, originEl, wasSelected, x: e.clientX, y: e.clientY, id: e.pointerId, started: false, ghost: null, over: null, threshold: e.pointerType === 'mouse' ? 4 : 8 };
  view.state.drag = d;
  const move = (ev) => onDragMove(view, ev);
  const up = (ev) => onDragEnd(view, ev, false);
  const cancel = (ev) => onDragEnd(view, ev, true);
  d.off = () => { window.removeEventListener('pointermove', move); window.removeEventListener('pointerup', up); window.removeEventListener('pointercancel', cancel); };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', cancel);
}

/** The square drawn at a point of the window, or null. @param {number} x @param {number} y @param {BoardView} view */
export function squareAt(view, x, y) {
  const el = view.root.elementFromPoint(x, y);
  const sq = /** @type {HTMLElement | null} */ (el && el.closest && el.closest('.sq'));
  return sq && view.$('board').contains(sq) ? sq : null;
}

/** @param {BoardView} view */
export function onDragMove(view, e) {
  const d = view.state.drag;
  if (!d || e.pointerId !== d.id) return;
  if (!d.started) {
    if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < d.threshold) return;
    d.started = true;
    hideTooltip(view);
    const size = view.state.squares.values().next().value.getBoundingClientRect().width;
    const letter = d.source.kind === 'square' ? view.pieceAt(d.source.square) : (view.ctl.turn() === 'w' ? d.source.piece : d.source.piece.toLowerCase());
    d.ghost = h('div', { class: 'drag-piece' }, pieceSvg(view, letter));
    d.ghost.style.width = d.ghost.style.height = size + 'px';
    view.$('zb').appendChild(d.ghost);
    if (d.originEl) d.originEl.classList.add('dragging-origin');
  }
  e.preventDefault();
  d.ghost.style.left = e.clientX + 'px';
  d.ghost.style.top = e.clientY + 'px';
  const sq = squareAt(view, e.clientX, e.clientY);
  if (sq !== d.over) {
    if (d.over) d.over.classList.remove('drag-over');
    d.over = sq;
    if (sq) sq.classList.add('drag-over');
    view.setPreview(sq && view.state.dests.has(sq.dataset.square) ? view.previewFor([sq.dataset.square]) : []);
    view.setPathSq(sq && sq.dataset.square);
  }
}

/** @param {BoardView} view */
export function onDragEnd(view, e, cancelled) {
  const d = view.state.drag;
  if (!d || e.pointerId !== d.id) return;
  view.state.drag = null;
  d.off();
  if (d.ghost) d.ghost.remove();
  if (d.over) d.over.classList.remove('drag-over');
  if (d.originEl) d.originEl.classList.remove('dragging-origin');
  if (cancelled) return;
  if (d.started) {
    const sqEl = squareAt(view, e.clientX, e.clientY);
    const sq = sqEl && sqEl.dataset.square;
    const castles = sq ? view.castlesByRook(sq) : [];
    if (sq && view.state.dests.has(sq)) view.playTo(sq, false);
    else if (castles.length) view.playTo(castles[0].to, false, castles);
    else if (sq && d.source.kind === 'hand') view.refuseDrop(d.source.piece, sq);
    else if (!sq || (d.source.kind === 'square' && sq !== d.source.square)) view.deselect();
  } else if (d.wasSelected) view.deselect();
}

/** @param {BoardView} view */
export function setCursor(view, sq, focus) {
  if (!view.state.squares.has(sq)) return;
  if (view.state.cursor && view.state.squares.has(view.state.cursor)) view.state.squares.get(view.state.cursor).tabIndex = -1;
  view.state.cursor = sq;
  const el = view.state.squares.get(sq);
  el.tabIndex = 0;
  if (focus) el.focus();
}

/** On the board (reached with Tab) the arrows move a cursor, as in any grid; Enter or Space
 * picks up and puts down; Escape cancels. @param {BoardView} view */
export function onBoardKey(view, e) {
  const k = e.key;
  const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  // A board focused by a mouse click or a tap leaves the arrows to the move history (as on
  // lichess); one reached with the keyboard (:focus-visible) moves its cursor.
  const focused = view.root.activeElement || document.activeElement;
  const byKeyboard = !focused || !focused.matches || focused.matches(':focus-visible');
  if (dirs[k] && byKeyboard) {
    e.preventDefault();
    e.stopPropagation();
    // The nearest field that way, as drawn (a grid's neighbour; on hexes, the nearer of the
    // two fields up or down, to the right on a tie).
    const [dx, dy] = dirs[k], at = view.state.cells.get(view.state.cursor) || [0, 0];
    let best = null, bestScore = Infinity;
    for (const [name, [x, y]] of view.state.cells) {
      const vx = x - at[0], vy = y - at[1];
      const along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
      if (along <= 0.01 || across > along * 1.2) continue;
      const score = Math.hypot(vx, vy) - (vx > 0 ? 1e-3 : 0);
      if (score < bestScore) { bestScore = score; best = name; }
    }
    if (best) setCursor(view, best, true);
    const el = view.state.squares.get(view.state.cursor);
    if (view.state.selected) { view.setPreview(view.state.dests.has(view.state.cursor) ? view.previewFor([view.state.cursor]) : []); view.setPathSq(view.state.cursor); }
    if (el) el.scrollIntoView({ block: 'nearest' });
    return;
  }
  if (k === 'Enter' || k === ' ' || k === 'Spacebar') { e.preventDefault(); e.stopPropagation(); view.activateSquare(view.state.cursor); return; }
  if (k === 'Escape') { e.preventDefault(); view.deselect(); }
}
