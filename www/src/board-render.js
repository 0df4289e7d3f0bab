/* The board drawn from what it is given: the squares or hex fields with their coordinates, the
 * pieces, terrain and engagement marks the controller reports, the marks of the view's own state
 * (the selection, the destinations allowed, a blast preview, the path a move bends along, a
 * hint, the last move), the players' bars with their hands, and the bar of a turn's second move.
 * It reads the controller's interface and the view's state; it decides nothing. */
import { t } from './i18n.js';
import * as PieceSets from './piece-sets.js';
import { h, thinkDots } from './dom.js';
import { other, sideOf } from './sides.js';
import { isShot } from './move-details.js';
import { svgElement } from './svg.js';
import { bentPath } from './board-geometry.js';
import { sqName, info, sideArgs, handWord, squareLabel } from './board-words.js';
import { runEffects } from './board-effects.js';
/** @typedef {import('./board-view.js').BoardView} BoardView */

/** @param {BoardView} view */
export function pieceSvg(view, letter, badge) {
  // Tokens that turn point away from their owner: up for the side at the bottom.
  const down = sideOf(letter) !== view.state.orientation;
  const key = view.state.set.id + ':' + letter + (down ? ':down' : '') + (badge === false ? ':plain' : '');
  if (!view.state.svgCache.has(key)) view.state.svgCache.set(key, PieceSets.draw(view.state.set, letter, { meta: view.meta(), down, badge }));
  return view.state.svgCache.get(key).cloneNode(true);
}

/** The squares and coordinates for the variant, the orientation and the piece set. @param {BoardView} view */
export function buildBoard(view) {
  const m = view.meta();
  const sets = PieceSets.forVariant(m);
  view.state.set = sets.find((s) => s.id === view.state.setId) || sets[0];
  view.state.svgCache.clear();
  const board = view.$('board');
  if (m.cells) { buildHexBoard(view, board); return; }
  delete board.dataset.shape;
  board.style.setProperty('--files', m.files);
  board.style.setProperty('--ranks', m.ranks);
  board.dataset.style = view.state.set.board;
  board.classList.toggle('stars', !!view.state.set.stars);
  const frame = view.$('frame');
  frame.dataset.coords = m.notation; // where the labels go is the stylesheet's (board.css)
  board.textContent = '';
  view.state.squares.clear();
  view.state.cells.clear();
  const fileOrder = [...Array(m.files).keys()];
  const rankOrder = [...Array(m.ranks).keys()].reverse();
  if (view.state.orientation === 'b') { fileOrder.reverse(); rankOrder.reverse(); }
  rankOrder.forEach((r, ri) => {
    const row = h('div', { class: 'row', role: 'row' });
    fileOrder.forEach((f, fi) => {
      const name = String.fromCharCode(97 + f) + (r + 1);
      const sq = h('div', { class: 'sq ' + ((f + r) % 2 === 0 ? 'dark' : 'light'), role: 'gridcell', tabindex: '-1', 'data-square': name });
      if (fi === m.files - 1) sq.classList.add('last-file');
      if (ri === m.ranks - 1) sq.classList.add('last-rank');
      row.appendChild(sq);
      view.state.squares.set(name, sq);
      view.state.cells.set(name, [fi + 0.5, ri + 0.5]);
    });
    board.appendChild(row);
  });
  // Coordinates: the engine's labels (a… and 1…; shogi's files 9…1 and ranks a…). A set with
  // numerals of its own for lettered ranks (the kanji set's 一…) writes those instead.
  const cr = view.$('coords-ranks'), cf = view.$('coords-files');
  cr.textContent = ''; cf.textContent = '';
  const rankText = (label) => (view.state.set.ranks && /^[a-z]$/.test(label) ? view.state.set.ranks[label.charCodeAt(0) - 97] || label : label);
  for (const r of rankOrder) cr.appendChild(h('span', { text: rankText(m.rankLabels[r]) }));
  for (const f of fileOrder) cf.appendChild(h('span', { text: m.fileLabels[f] }));
  if (!view.state.cursor || !view.state.squares.has(view.state.cursor)) view.state.cursor = String.fromCharCode(97 + Math.floor(m.files / 2)) + (view.state.orientation === 'w' ? 1 : m.ranks);
  view.state.squares.get(view.state.cursor).tabIndex = 0;
  view.state.extent = [m.files, m.ranks];
  view.state.builtFor = m.id + '|' + view.state.orientation + '|' + view.state.set.id;
  view.$('zb').dataset.drops = m.drops ? '1' : '0';
}

/** A board of hexagonal fields in rows, from the engine's cells ({square, row, index}): each
 * row centred, so that rows one field longer sit half a field out, like bricks. Row 1 at the
 * bottom for White. A field is 1 wide and 2/√3 tall; rows are 0.866 apart. @param {BoardView} view */
export function buildHexBoard(view, board) {
  const m = view.meta();
  board.dataset.shape = 'hex';
  board.dataset.style = 'hex';
  board.classList.remove('stars');
  view.$('frame').dataset.coords = 'none';
  board.textContent = '';
  view.state.squares.clear();
  view.state.cells.clear();
  const rows = new Map();
  for (const c of m.cells) { if (!rows.has(c.row)) rows.set(c.row, []); rows.get(c.row)[c.index] = c; }
  const order = [...rows.keys()].sort((a, b) => b - a);
  if (view.state.orientation === 'b') order.reverse();
  const widest = Math.max(...[...rows.values()].map((r) => r.length));
  const zone = (sq) => ((m.zones || {}).w || []).includes(sq) ? 'w' : ((m.zones || {}).b || []).includes(sq) ? 'b' : 'none';
  order.forEach((r, ri) => {
    const fields = rows.get(r).slice();
    if (view.state.orientation === 'b') fields.reverse();
    const row = h('div', { class: 'row', role: 'row' });
    fields.forEach((c, i) => {
      const sq = h('div', { class: 'sq', role: 'gridcell', tabindex: '-1', 'data-square': c.square, 'data-zone': zone(c.square) },
        h('div', { class: 'cell-bg' }), h('span', { class: 'cell-name', 'aria-hidden': 'true', text: c.square }));
      row.appendChild(sq);
      view.state.squares.set(c.square, sq);
      view.state.cells.set(c.square, [(widest - fields.length) / 2 + i + 0.5, ri * 0.866 + 0.577]);
    });
    board.appendChild(row);
  });
  view.$('coords-ranks').textContent = '';
  view.$('coords-files').textContent = '';
  view.state.extent = [widest, (order.length - 1) * 0.866 + 1.1547];
  const first = m.kingFields && m.kingFields[view.state.orientation] ? m.kingFields[view.state.orientation][1] : m.cells[0].square;
  if (!view.state.cursor || !view.state.squares.has(view.state.cursor)) view.state.cursor = first;
  view.state.squares.get(view.state.cursor).tabIndex = 0;
  view.state.builtFor = m.id + '|' + view.state.orientation + '|' + view.state.set.id;
  view.$('zb').dataset.drops = m.drops ? '1' : '0';
}

/** @param {BoardView} view */
export function render(view) {
  const m = view.meta();
  if (!m) return;
  if (view.state.builtFor !== m.id + '|' + view.state.orientation + '|' + (view.state.setId && PieceSets.forVariant(m).some((s) => s.id === view.state.setId) ? view.state.setId : PieceSets.forVariant(m)[0].id)) buildBoard(view);
  if (view.state.selected && !view.ctl.canMove()) view.deselect(true);
  renderBoard(view);
  renderSide(view, view.$('side-top'), other(view.state.orientation));
  renderSide(view, view.$('side-bottom'), view.state.orientation);
  renderSecondBar(view);
  runEffects(view);
}

/** @param {BoardView} view */
export function renderBoard(view) {
  const ctl = view.ctl;
  // During a setup the board shows the half being set up (the session says what); in play,
  // the engine's position, with terrain and each piece's engagement where the game has them.
  const shown = view.state.setupSession ? view.state.setupSession.shown() : null;
  // Between a turn's two moves, the pieces and their marks as its first move leaves them (the
  // controller's), the pieces that may make the second move marked.
  const second = shown ? null : ctl.turnInProgress();
  const list = shown ? shown.pieces : ctl.pieces();
  const pieces = new Map(list.map((x) => [x.square, x.piece]));
  const engage = new Map(list.filter((x) => x.armor !== undefined).map((x) => [x.square, x]));
  const terrain = shown ? shown.terrain : ctl.terrain();
  const hidden = new Set(shown ? shown.hidden : []);
  const zone = new Set(view.state.setupSession && !view.state.setupSession.curtain ? view.state.setupSession.zone() : []);
  // With the royal piece picked, the fields the engine allows it are marked.
  const kingFields = new Set(zone.size && view.state.setupSession.pickedRoyal() ? view.state.setupSession.kingFields() : []);
  /** @type {any} */
  const last = shown ? null : second ? { from: second.from, to: second.to } : ctl.lastReport();
  const check = shown ? null : ctl.checkedSquare();
  const can = !shown && ctl.canMove();
  const turn = ctl.turn();
  const hint = shown || second ? null : ctl.currentHint();
  const movers = second ? new Set(second.seconds.map((s) => s.from)) : null;
  const blasted = new Set(last && last.blasted ? last.blasted.map((b) => b.square) : []);
  const preview = new Set(view.state.preview);
  view.$('board').classList.toggle('waiting', ctl.computerToMove());
  for (const [name, el] of view.state.squares) {
    const p = pieces.get(name) || null;
    if ((el.dataset.piece || null) !== p) {
      for (const c of [...el.children]) if (c.classList.contains('piece')) c.remove();
      if (p) {
        el.dataset.piece = p;
        el.appendChild(h('div', { class: 'piece' }, pieceSvg(view, p)));
      } else delete el.dataset.piece;
    }
    const ter = terrain[name] || null;
    if ((el.dataset.terrain || null) !== ter) { if (ter) el.dataset.terrain = ter; else delete el.dataset.terrain; }
    el.classList.toggle('fog', hidden.has(name));
    // With the royal piece picked, only its fields take it: the rest of the zone is not offered.
    el.classList.toggle('setup-target', kingFields.size ? kingFields.has(name) : zone.has(name));
    el.classList.toggle('king-field', kingFields.has(name));
    const en = engage.get(name);
    renderEngagement(view, el, en);
    const sel = view.state.selected && view.state.selected.kind === 'square' && view.state.selected.square === name;
    const cands = view.state.dests.get(name) || [];
    const dest = cands.length > 0;
    // What a destination does: a shot (crosshair), a castle (a plain dot, even on the rook's own
    // square), a capture (a ring), or a move (a dot).
    const shot = cands.some(isShot);
    const castle = dest && cands.every((d) => d.kind === 'castle');
    const capture = dest && !shot && !castle && !!p;
    el.classList.toggle('selected', !!sel);
    el.classList.toggle('dest', dest);
    el.classList.toggle('capture', capture);
    el.classList.toggle('shot', shot);
    el.classList.toggle('castle', castle);
    el.classList.toggle('last-move', !!last && (last.from === name || last.to === name || last.landing === name ||
      (!!last.second && (last.second.from === name || last.second.to === name))));
    el.classList.toggle('last-shot', isShot(last) && last.to === name);
    el.classList.toggle('check', check === name);
    el.classList.toggle('blasted', blasted.has(name));
    el.classList.toggle('blast-preview', preview.has(name));
    el.classList.toggle('movable', movers ? movers.has(name) : can && !!p && sideOf(p) === turn);
    // The pieces the engine lets make the turn's second move, marked as the bar says.
    el.classList.toggle('second-mover', !!movers && movers.has(name));
    const hk = hint && hint.from === name ? 'from' : hint && hint.to === name ? 'to' : null;
    el.classList.toggle('hint-from', hk === 'from');
    el.classList.toggle('hint-to', hk === 'to');
    let hm = el.querySelector(':scope > .hint-mark');
    if (hk && !hm) { hm = h('div'); el.appendChild(hm); }
    if (hm) { if (hk) hm.className = 'hint-mark ' + hk; else hm.remove(); }
    el.setAttribute('aria-label', squareLabel(view, name, {
      hidden: hidden.has(name), terrain: ter, piece: p, engagement: en, moves: cands,
      dest: !dest ? null : shot ? 'shoot' : castle ? 'castle' : capture ? 'capture' : 'move',
      blast: preview.has(name), secondMover: !!movers && movers.has(name), check: check === name, hint: hk, hintMove: hint,
    }));
    el.setAttribute('aria-selected', sel ? 'true' : 'false');
  }
  renderPath(view);
}

/** Draws the way a move goes when it bends (a Sissa's or a Sorcerer Snake's: the engine lists
 * the squares it passes): the one to the destination under the mouse or the keyboard cursor,
 * or else the last move's. A straight move needs no line: its squares say it all. @param {BoardView} view */
export function renderPath(view) {
  const board = view.$('board');
  let layer = board.querySelector(':scope > .path-layer');
  const hover = view.state.pathSq && (view.state.dests.get(view.state.pathSq) || []).find((x) => bentPath(x, view.state.cells));
  const last = view.ctl.lastReport();
  const d = hover || (last && bentPath(last, view.state.cells) ? last : null);
  const kind = hover ? 'preview' : 'last';
  const squares = d ? [d.from, ...Array.from(d.path), d.to] : [];
  const key = d ? kind + ':' + squares.join(' ') : '';
  if (!d || squares.some((x) => !view.state.cells.has(x))) { if (layer) layer.remove(); return; }
  if (layer && layer.dataset.key === key) return;
  const svg = svgElement;
  if (layer) layer.remove();
  // In square units (one square = 1), so the drawing follows the board's size by itself.
  layer = svg('svg', { class: 'path-layer ' + kind, viewBox: '0 0 ' + view.state.extent[0] + ' ' + view.state.extent[1], preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' });
  layer.dataset.key = key;
  const pts = squares.map((x) => view.state.cells.get(x));
  // A preview starts at the edge of the piece about to move and points into the middle of
  // its destination; the last move's way starts in the middle of the square it left and
  // stops at the edge of the piece that arrived, so that the line never hides a piece.
  /** @type {(a: number[], b: number[], t: number) => [number, number]} */
  const towards = (a, b, t) => { const dx = b[0] - a[0], dy = b[1] - a[1], n = Math.hypot(dx, dy) || 1; return [a[0] + dx / n * t, a[1] + dy / n * t]; };
  const n = pts.length;
  /** @type {number[][]} */
  const line = pts.slice();
  if (hover) line[0] = towards(pts[0], pts[1], 0.32);
  const tip = hover ? pts[n - 1] : towards(pts[n - 1], pts[n - 2], 0.36);
  const base = towards(tip, pts[n - 2], 0.34);
  line[n - 1] = towards(tip, pts[n - 2], 0.3);
  const f = (p) => p[0].toFixed(3) + ',' + p[1].toFixed(3);
  svg('polyline', { class: 'path-line', points: line.map(f).join(' '), 'data-path': squares.join(' ') }, layer);
  for (const p of pts.slice(1, -1)) svg('circle', { class: 'path-dot', cx: p[0], cy: p[1], r: 0.09 }, layer);
  const dx = tip[0] - base[0], dy = tip[1] - base[1], w = 0.6;
  svg('path', { class: 'path-head', d: 'M' + f([tip[0] - dx * 0.12, tip[1] - dy * 0.12]) + ' L' + f([base[0] - dy * w, base[1] + dx * w]) + ' L' + f([base[0] + dy * w, base[1] - dx * w]) + ' Z' }, layer);
  board.appendChild(layer);
}

/** A piece's engagement, as the engine counts it: "armor/attackers", red when it can be
 * taken now, with a shield when a Tower beside it makes it invulnerable. @param {BoardView} view */
export function renderEngagement(view, el, en) {
  let tag = el.querySelector(':scope > .engage');
  if (!en) { if (tag) tag.remove(); return; }
  if (!tag) { tag = h('span', { class: 'engage', 'aria-hidden': 'true' }); el.appendChild(tag); }
  const text = en.armor + '/' + en.attackers;
  if (tag.textContent !== text) tag.textContent = text;
  tag.classList.toggle('attacked', en.attackers > 0);
  tag.classList.toggle('capturable', !!en.capturable);
  tag.classList.toggle('shielded', !!en.shielded);
  tag.title = t('board.engage.title', { armor: en.armor, count: en.attackers });
}

/** A player's bar: who it is, whose move it is, and (in drop variants) the hand. @param {BoardView} view */
export function renderSide(view, box, side) {
  const ctl = view.ctl, m = view.meta();
  const sd = ctl.sideInfo(side);
  const over = ctl.isOver(), turn = ctl.turn();
  const active = /** @type {HTMLElement | null} */ (view.root.activeElement);
  const focused = active && active.classList.contains('hand-piece') ? { hand: active.dataset.hand, piece: active.dataset.piece } : null;
  box.dataset.side = side;
  box.classList.toggle('to-move', !over && turn === side);
  box.textContent = '';
  const king = (m.pieces.find((p) => p.royal) || m.pieces[0]).letter;
  const head = h('div', { class: 'bar' },
    h('span', { class: 'bar-token' }, pieceSvg(view, side === 'w' ? king : king.toLowerCase(), false)),
    h('span', { class: 'bar-name', text: sd.name }));
  let tag = '';
  if (ctl.opponent().mode === 'computer') tag = t(side === ctl.opponent().side ? 'board.who.you' : 'board.who.computer');
  if (tag) head.appendChild(h('span', { class: 'who', text: tag }));
  const setup = view.state.setupSession;
  if (setup) {
    box.classList.toggle('to-move', side === setup.side);
    if (side === setup.side) head.appendChild(h('span', { class: 'move-flag', text: t(setup.curtain ? 'board.flag.setsUpNext' : 'board.flag.settingUp') }));
  } else if (!over && turn === side) {
    const f = h('span', { class: 'move-flag' });
    if (ctl.thinking() && side === ctl.computerSide()) { f.classList.add('thinking-flag'); f.append(thinkDots(), t('board.flag.thinking')); } else f.textContent = t(ctl.opponent().mode === 'computer' && side === ctl.opponent().side ? 'board.flag.yourMove' : 'board.flag.toMove');
    head.appendChild(f);
  }
  // A page's own addition to the bar (an online game: the player's name, presence and clock).
  const extra = view.sideExtra && view.sideExtra(side);
  if (extra) head.appendChild(extra);
  box.appendChild(head);
  box.setAttribute('aria-label', t(m.drops ? 'board.' + handWord(view) + '.label' : 'board.bar.label', sideArgs(view, side)));
  if (!m.drops) return;
  const row = h('div', { class: 'hand' });
  const hand = ctl.hand(side);
  const order = m.pieces.map((p) => p.letter);
  for (const k of Object.keys(hand)) if (!order.includes(k)) order.push(k);
  const hint = ctl.currentHint();
  let any = false;
  for (const L of order) {
    const n = hand[L] || 0;
    if (n <= 0) continue;
    any = true;
    const letter = side === 'w' ? L : L.toLowerCase();
    const sel = view.state.selected && view.state.selected.kind === 'hand' && view.state.selected.piece === L && side === turn;
    const b = h('button', {
      type: 'button', class: 'hand-piece', 'data-hand': side, 'data-piece': L, 'data-count': String(n),
      'aria-pressed': sel ? 'true' : 'false', 'aria-label': t('board.' + handWord(view) + '.piece', Object.assign({ piece: info(view, letter).name, letter: L, count: n }, sideArgs(view, side))),
    }, pieceSvg(view, letter, false), h('span', { class: 'count', 'aria-hidden': 'true', text: String(n) }));
    if (sel) b.classList.add('selected');
    if (side === turn && ctl.canMove()) b.classList.add('movable');
    if (hint && hint.drop === L && side === turn) b.classList.add('hint');
    row.appendChild(b);
  }
  if (!any) row.appendChild(h('span', { class: 'hand-empty', text: t('board.' + handWord(view) + '.empty') }));
  box.appendChild(row);
  if (focused && focused.hand === side) {
    const again = /** @type {HTMLElement | null} */ (row.querySelector('[data-piece="' + focused.piece + '"]'));
    if (again) again.focus();
  }
}

/** The bar offering a turn's second move (made once, re-worded at each call: a language
 * switch re-renders the board). @param {BoardView} view */
export function renderSecondBar(view) {
  let bar = view.$('second-bar');
  if (!view.ctl.turnInProgress()) { if (bar) bar.remove(); return; }
  if (!bar) {
    bar = h('div', { class: 'second-bar', id: 'second-bar', role: 'group' },
      h('span', { class: 'second-text' }),
      h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'end-turn', onclick: () => view.endTurn(true) }),
      h('button', { type: 'button', class: 'btn', 'data-action': 'cancel-first', onclick: () => view.endTurn(false) }));
    // In the panel, not over the board: the board's messages and its back rank stay clear.
    view.$('panel').insertBefore(bar, view.$('controls'));
  }
  bar.setAttribute('aria-label', t('board.second.label'));
  bar.querySelector('.second-text').textContent = t('board.second.text');
  bar.querySelector('[data-action="end-turn"]').textContent = t('board.second.end');
  bar.querySelector('[data-action="cancel-first"]').textContent = t('board.takeback');
}
