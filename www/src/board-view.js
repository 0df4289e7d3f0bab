/* The board view: the squares, the coordinates, the two players' bars with their hands, and
 * everything a person does on them (click, drag, keyboard, touch), plus the move's effects.
 * It draws what the controller (game-controller.js) says and asks it to play; it never decides
 * a rule. It lives in the <zilo-board> element's shadow root, so several boards never meet.
 *
 * Stable hooks for tests and embedders: each square has data-square="e3" and, when occupied,
 * data-piece (the letter as in position strings); each hand piece has data-hand="w"|"b",
 * data-piece and data-count. */
import { t, has } from './i18n.js';
import { engineMessage } from './engine-words.js';
import * as PieceSets from './piece-sets.js';
import * as Chooser from './chooser.js';
import { h, thinkDots, closest } from './dom.js';
import { other, sideOf } from './sides.js';
import { plain } from './engine-data.js';
import { isShot } from './move-details.js';
import { bentPath } from './board-geometry.js';
import { svgElement } from './svg.js';

/** @typedef {import('./game-controller.js').GameControl} GameControl */

export class BoardView {
  /** root: the element's shadow root (holding the skeleton); ctl: the GameController;
   * ui: the element's callbacks {message(text, kind), activity()}. */
  /** @param {ShadowRoot} root @param {GameControl} ctl
   * @param {{message(text: string, kind: string): void, activity(): void, selection(): void}} ui */
  constructor(root, ctl, ui) {
    this.root = root;
    this.ctl = ctl;
    this.ui = ui;
    /** An element of the skeleton by its id. @type {(id: string) => any} */
    this.$ = (id) => root.getElementById(id);
    this.orientation = 'w';
    this.setId = null;         // the piece set chosen for this variant (null: its default)
    this.set = null;
    this.selected = null;      // {kind: 'square', square} | {kind: 'hand', piece}
    this.dests = new Map();    // square -> the engine's descriptions of the moves ending there
    this.squares = new Map();  // square name -> element
    this.cursor = null;        // the keyboard cursor's square
    this.keyboard = false;     // the last input came from the keyboard
    this.pending = null;       // effects to show at the next render: {slides, blast, shot}
    this.preview = [];         // squares marked by a blast preview
    this.pathSq = null;        // the destination under the mouse or the keyboard cursor (its path is drawn)
    this.cells = new Map();    // square name -> [x, y], its centre as drawn, one field = 1 (for the path layer)
    this.extent = [1, 1];      // the drawn board's width and height in the same units
    this.setupSession = null;  // a hidden setup in progress (setup-session.js): clicks go to it
    this.second = null;        // a turn's first move played, its second one to choose: {first, options}
    this.svgCache = new Map();
    this.builtFor = null;
    this.drag = null;
    this.setup();
  }

  // ------------------------------------------------------------------------ names

  meta() { return this.ctl.meta(); }
  /** Square names as players of this variant read them (the engine's file and rank labels):
   * e4, or shogi's 7f for c4. */
  sqName(sq) {
    const m = this.meta();
    if (!sq || !m || !m.fileLabels || !m.rankLabels) return sq;
    const f = m.fileLabels[sq.charCodeAt(0) - 97], r = m.rankLabels[parseInt(sq.slice(1), 10) - 1];
    return f !== undefined && r !== undefined ? f + r : sq;
  }
  info(letter) { return PieceSets.describe(this.meta(), letter); }
  /** "Bird Red Cardinal" / "Czerwony Kardynał (Ptak)": the side's word and the piece's name
   * (board.piece.words), the name alone where it already holds the side's word ("King Pig",
   * not "Pig King Pig"). */
  pieceWords(letter) {
    const i = this.info(letter), one = String(i.side.one || '');
    return !one || i.name.toLowerCase().split(/\s+/).includes(one.toLowerCase()) ? i.name : t('board.piece.words', { one, piece: i.name });
  }
  /** A side's names as message arguments: {side}, and English's {theSide} ("the Birds"),
   * {sidePossessive} ("Birds’") and {theSidePossessive} ("the Birds’"); `key` names them. */
  sideArgs(side, key) {
    const sd = this.ctl.sideInfo(side), k = key || 'side', K1 = k.charAt(0).toUpperCase() + k.slice(1);
    return { [k]: sd.name, ['the' + K1]: sd.the, [k + 'Possessive']: sd.possessive, ['the' + K1 + 'Possessive']: sd.thePossessive };
  }

  pieceSvg(letter, badge) {
    // Tokens that turn point away from their owner: up for the side at the bottom.
    const down = sideOf(letter) !== this.orientation;
    const key = this.set.id + ':' + letter + (down ? ':down' : '') + (badge === false ? ':plain' : '');
    if (!this.svgCache.has(key)) this.svgCache.set(key, PieceSets.draw(this.set, letter, { meta: this.meta(), down, badge }));
    return this.svgCache.get(key).cloneNode(true);
  }

  // ------------------------------------------------------------------------ building

  /** The squares and coordinates for the variant, the orientation and the piece set. */
  buildBoard() {
    const m = this.meta();
    const sets = PieceSets.forVariant(m);
    this.set = sets.find((s) => s.id === this.setId) || sets[0];
    this.svgCache.clear();
    const board = this.$('board');
    if (m.cells) { this.buildHexBoard(board); return; }
    delete board.dataset.shape;
    board.style.setProperty('--files', m.files);
    board.style.setProperty('--ranks', m.ranks);
    board.dataset.style = this.set.board;
    board.classList.toggle('stars', !!this.set.stars);
    const frame = this.$('frame');
    frame.dataset.coords = m.notation; // where the labels go is the stylesheet's (board.css)
    board.textContent = '';
    this.squares.clear();
    this.cells.clear();
    const fileOrder = [...Array(m.files).keys()];
    const rankOrder = [...Array(m.ranks).keys()].reverse();
    if (this.orientation === 'b') { fileOrder.reverse(); rankOrder.reverse(); }
    rankOrder.forEach((r, ri) => {
      const row = h('div', { class: 'row', role: 'row' });
      fileOrder.forEach((f, fi) => {
        const name = String.fromCharCode(97 + f) + (r + 1);
        const sq = h('div', { class: 'sq ' + ((f + r) % 2 === 0 ? 'dark' : 'light'), role: 'gridcell', tabindex: '-1', 'data-square': name });
        if (fi === m.files - 1) sq.classList.add('last-file');
        if (ri === m.ranks - 1) sq.classList.add('last-rank');
        row.appendChild(sq);
        this.squares.set(name, sq);
        this.cells.set(name, [fi + 0.5, ri + 0.5]);
      });
      board.appendChild(row);
    });
    // Coordinates: the engine's labels (a… and 1…; shogi's files 9…1 and ranks a…). A set with
    // numerals of its own for lettered ranks (the kanji set's 一…) writes those instead.
    const cr = this.$('coords-ranks'), cf = this.$('coords-files');
    cr.textContent = ''; cf.textContent = '';
    const rankText = (label) => (this.set.ranks && /^[a-z]$/.test(label) ? this.set.ranks[label.charCodeAt(0) - 97] || label : label);
    for (const r of rankOrder) cr.appendChild(h('span', { text: rankText(m.rankLabels[r]) }));
    for (const f of fileOrder) cf.appendChild(h('span', { text: m.fileLabels[f] }));
    if (!this.cursor || !this.squares.has(this.cursor)) this.cursor = String.fromCharCode(97 + Math.floor(m.files / 2)) + (this.orientation === 'w' ? 1 : m.ranks);
    this.squares.get(this.cursor).tabIndex = 0;
    this.extent = [m.files, m.ranks];
    this.builtFor = m.id + '|' + this.orientation + '|' + this.set.id;
    this.$('zb').dataset.drops = m.drops ? '1' : '0';
  }

  /** A board of hexagonal fields in rows, from the engine's cells ({square, row, index}): each
   * row centred, so that rows one field longer sit half a field out, like bricks. Row 1 at the
   * bottom for White. A field is 1 wide and 2/√3 tall; rows are 0.866 apart. */
  buildHexBoard(board) {
    const m = this.meta();
    board.dataset.shape = 'hex';
    board.dataset.style = 'hex';
    board.classList.remove('stars');
    this.$('frame').dataset.coords = 'none';
    board.textContent = '';
    this.squares.clear();
    this.cells.clear();
    const rows = new Map();
    for (const c of m.cells) { if (!rows.has(c.row)) rows.set(c.row, []); rows.get(c.row)[c.index] = c; }
    const order = [...rows.keys()].sort((a, b) => b - a);
    if (this.orientation === 'b') order.reverse();
    const widest = Math.max(...[...rows.values()].map((r) => r.length));
    const zone = (sq) => ((m.zones || {}).w || []).includes(sq) ? 'w' : ((m.zones || {}).b || []).includes(sq) ? 'b' : 'none';
    order.forEach((r, ri) => {
      const fields = rows.get(r).slice();
      if (this.orientation === 'b') fields.reverse();
      const row = h('div', { class: 'row', role: 'row' });
      fields.forEach((c, i) => {
        const sq = h('div', { class: 'sq', role: 'gridcell', tabindex: '-1', 'data-square': c.square, 'data-zone': zone(c.square) },
          h('div', { class: 'cell-bg' }), h('span', { class: 'cell-name', 'aria-hidden': 'true', text: c.square }));
        row.appendChild(sq);
        this.squares.set(c.square, sq);
        this.cells.set(c.square, [(widest - fields.length) / 2 + i + 0.5, ri * 0.866 + 0.577]);
      });
      board.appendChild(row);
    });
    this.$('coords-ranks').textContent = '';
    this.$('coords-files').textContent = '';
    this.extent = [widest, (order.length - 1) * 0.866 + 1.1547];
    const first = m.kingFields && m.kingFields[this.orientation] ? m.kingFields[this.orientation][1] : m.cells[0].square;
    if (!this.cursor || !this.squares.has(this.cursor)) this.cursor = first;
    this.squares.get(this.cursor).tabIndex = 0;
    this.builtFor = m.id + '|' + this.orientation + '|' + this.set.id;
    this.$('zb').dataset.drops = m.drops ? '1' : '0';
  }

  // ------------------------------------------------------------------------ rendering

  render() {
    const m = this.meta();
    if (!m) return;
    if (this.builtFor !== m.id + '|' + this.orientation + '|' + (this.setId && PieceSets.forVariant(m).some((s) => s.id === this.setId) ? this.setId : PieceSets.forVariant(m)[0].id)) this.buildBoard();
    if (this.selected && !this.ctl.canMove()) this.deselect(true);
    this.renderBoard();
    this.renderSide(this.$('side-top'), other(this.orientation));
    this.renderSide(this.$('side-bottom'), this.orientation);
    if (this.second) this.renderSecondBar();
    this.runEffects();
  }

  renderBoard() {
    const ctl = this.ctl;
    // During a setup the board shows the half being set up (the session says what); in play,
    // the engine's position, with terrain and each piece's engagement where the game has them.
    const shown = this.setupSession ? this.setupSession.shown() : null;
    const list = shown ? shown.pieces : ctl.pieces();
    const pieces = new Map(list.map((x) => [x.square, x.piece]));
    // Between a turn's two moves, the marks as they stand after the first (see beginSecond).
    const engage = this.second && this.second.engage ? this.second.engage
      : new Map(list.filter((x) => x.armor !== undefined).map((x) => [x.square, x]));
    const terrain = shown ? shown.terrain : ctl.terrain();
    const hidden = new Set(shown ? shown.hidden : []);
    const zone = new Set(this.setupSession && !this.setupSession.curtain ? this.setupSession.zone() : []);
    // With the royal piece picked, the fields the engine allows it are marked.
    const kingFields = new Set(zone.size && this.setupSession.pickedRoyal() ? this.setupSession.kingFields() : []);
    const second = this.second;
    if (second) { const p0 = pieces.get(second.from); pieces.delete(second.from); pieces.set(second.to, p0); }
    /** @type {any} */
    const last = shown ? null : second ? { from: second.from, to: second.to } : ctl.lastReport();
    const check = shown ? null : ctl.checkedSquare();
    const can = !shown && ctl.canMove();
    const turn = ctl.turn();
    const hint = shown || second ? null : ctl.currentHint();
    const movers = second ? new Set(second.options.map((o) => o.second.from)) : null;
    const blasted = new Set(last && last.blasted ? last.blasted.map((b) => b.square) : []);
    const preview = new Set(this.preview);
    this.$('board').classList.toggle('waiting', ctl.computerToMove());
    for (const [name, el] of this.squares) {
      const p = pieces.get(name) || null;
      if ((el.dataset.piece || null) !== p) {
        for (const c of [...el.children]) if (c.classList.contains('piece')) c.remove();
        if (p) {
          el.dataset.piece = p;
          el.appendChild(h('div', { class: 'piece' }, this.pieceSvg(p)));
        } else delete el.dataset.piece;
      }
      const ter = terrain[name] || null;
      if ((el.dataset.terrain || null) !== ter) { if (ter) el.dataset.terrain = ter; else delete el.dataset.terrain; }
      el.classList.toggle('fog', hidden.has(name));
      // With the royal piece picked, only its fields take it: the rest of the zone is not offered.
      el.classList.toggle('setup-target', kingFields.size ? kingFields.has(name) : zone.has(name));
      el.classList.toggle('king-field', kingFields.has(name));
      const en = engage.get(name);
      this.renderEngagement(el, en);
      const sel = this.selected && this.selected.kind === 'square' && this.selected.square === name;
      const cands = this.dests.get(name) || [];
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
      // The field's name, then what is on it and what it offers, each part from the catalogs.
      const parts = [this.sqName(name)];
      if (hidden.has(name)) parts.push(t('board.sq.hidden'));
      else {
        if (ter) parts.push(terrainWord(ter));
        parts.push(p ? this.pieceWords(p) : t('board.sq.empty'));
      }
      if (en) {
        parts.push(t('board.sq.armor', { armor: en.armor, count: en.attackers }));
        if (en.shielded) parts.push(t('board.sq.shielded')); else if (en.capturable) parts.push(t('board.sq.capturable'));
      }
      if (dest) parts.push(t(shot ? 'board.sq.shoot' : castle ? 'board.sq.castle' : capture ? 'board.sq.capture' : 'board.sq.move'));
      const way = cands.find((d) => bentPath(d, this.cells));
      if (way) parts.push(t('board.sq.path', { path: Array.from(way.path, (x) => this.sqName(x)).join(' ') }));
      if (preview.has(name)) parts.push(t('board.sq.blast'));
      if (movers && movers.has(name)) parts.push(t('board.sq.second'));
      if (check === name) parts.push(t('board.sq.check'));
      if (hk === 'from') parts.push(t('board.sq.hint.from'));
      if (hk === 'to') parts.push(t(hint.drop ? 'board.sq.hint.drop' : isShot(hint) ? 'board.sq.hint.shoot' : 'board.sq.hint.to'));
      el.setAttribute('aria-label', parts.join(', '));
      el.setAttribute('aria-selected', sel ? 'true' : 'false');
    }
    this.renderPath();
  }

  // ------------------------------------------------------------------------ paths

  /** Draws the way a move goes when it bends (a Sissa's or a Sorcerer Snake's: the engine lists
   * the squares it passes): the one to the destination under the mouse or the keyboard cursor,
   * or else the last move's. A straight move needs no line: its squares say it all. */
  renderPath() {
    const board = this.$('board');
    let layer = board.querySelector(':scope > .path-layer');
    const hover = this.pathSq && (this.dests.get(this.pathSq) || []).find((x) => bentPath(x, this.cells));
    const last = this.ctl.lastReport();
    const d = hover || (last && bentPath(last, this.cells) ? last : null);
    const kind = hover ? 'preview' : 'last';
    const squares = d ? [d.from, ...Array.from(d.path), d.to] : [];
    const key = d ? kind + ':' + squares.join(' ') : '';
    if (!d || squares.some((x) => !this.cells.has(x))) { if (layer) layer.remove(); return; }
    if (layer && layer.dataset.key === key) return;
    const svg = svgElement;
    if (layer) layer.remove();
    // In square units (one square = 1), so the drawing follows the board's size by itself.
    layer = svg('svg', { class: 'path-layer ' + kind, viewBox: '0 0 ' + this.extent[0] + ' ' + this.extent[1], preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' });
    layer.dataset.key = key;
    const pts = squares.map((x) => this.cells.get(x));
    // A preview starts at the edge of the piece about to move and points into the middle of
    // its destination; the last move's way starts in the middle of the square it left and
    // stops at the edge of the piece that arrived, so that the line never hides a piece.
    const towards = (a, b, t) => { const dx = b[0] - a[0], dy = b[1] - a[1], n = Math.hypot(dx, dy) || 1; return [a[0] + dx / n * t, a[1] + dy / n * t]; };
    const n = pts.length;
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

  /** Points the path at the destination `sq` (under the mouse or the cursor), or at none. */
  setPathSq(sq) {
    const next = sq && this.dests.has(sq) ? sq : null;
    if (next === this.pathSq) return;
    this.pathSq = next;
    this.renderPath();
  }

  /** A piece's engagement, as the engine counts it: "armor/attackers", red when it can be
   * taken now, with a shield when a Tower beside it makes it invulnerable. */
  renderEngagement(el, en) {
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

  /** Where the pieces a side may drop wait, as the engine has it: a hand where captures join
   * it (zilo, shogi), a reserve where they never do (Venomous). The catalogs' keys say
   * board.hand.* or board.reserve.* by it. */
  handWord() { return this.meta().capturesToHand ? 'hand' : 'reserve'; }

  /** A player's bar: who it is, whose move it is, and (in drop variants) the hand. */
  renderSide(box, side) {
    const ctl = this.ctl, m = this.meta();
    const sd = ctl.sideInfo(side);
    const over = ctl.isOver(), turn = ctl.turn();
    const active = /** @type {HTMLElement | null} */ (this.root.activeElement);
    const focused = active && active.classList.contains('hand-piece') ? { hand: active.dataset.hand, piece: active.dataset.piece } : null;
    box.dataset.side = side;
    box.classList.toggle('to-move', !over && turn === side);
    box.textContent = '';
    const king = (m.pieces.find((p) => p.royal) || m.pieces[0]).letter;
    const head = h('div', { class: 'bar' },
      h('span', { class: 'bar-token' }, this.pieceSvg(side === 'w' ? king : king.toLowerCase(), false)),
      h('span', { class: 'bar-name', text: sd.name }));
    let tag = '';
    if (ctl.opponent().mode === 'computer') tag = t(side === ctl.opponent().side ? 'board.who.you' : 'board.who.computer');
    if (tag) head.appendChild(h('span', { class: 'who', text: tag }));
    const setup = this.setupSession;
    if (setup) {
      box.classList.toggle('to-move', side === setup.side);
      if (side === setup.side) head.appendChild(h('span', { class: 'move-flag', text: t(setup.curtain ? 'board.flag.setsUpNext' : 'board.flag.settingUp') }));
    } else if (!over && turn === side) {
      const f = h('span', { class: 'move-flag' });
      if (ctl.thinking() && side === ctl.computerSide()) { f.classList.add('thinking-flag'); f.append(thinkDots(), t('board.flag.thinking')); } else f.textContent = t(ctl.opponent().mode === 'computer' && side === ctl.opponent().side ? 'board.flag.yourMove' : 'board.flag.toMove');
      head.appendChild(f);
    }
    box.appendChild(head);
    box.setAttribute('aria-label', t(m.drops ? 'board.' + this.handWord() + '.label' : 'board.bar.label', this.sideArgs(side)));
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
      const sel = this.selected && this.selected.kind === 'hand' && this.selected.piece === L && side === turn;
      const b = h('button', {
        type: 'button', class: 'hand-piece', 'data-hand': side, 'data-piece': L, 'data-count': String(n),
        'aria-pressed': sel ? 'true' : 'false', 'aria-label': t('board.' + this.handWord() + '.piece', Object.assign({ piece: this.info(letter).name, letter: L, count: n }, this.sideArgs(side))),
      }, this.pieceSvg(letter, false), h('span', { class: 'count', 'aria-hidden': 'true', text: String(n) }));
      if (sel) b.classList.add('selected');
      if (side === turn && ctl.canMove()) b.classList.add('movable');
      if (hint && hint.drop === L && side === turn) b.classList.add('hint');
      row.appendChild(b);
    }
    if (!any) row.appendChild(h('span', { class: 'hand-empty', text: t('board.' + this.handWord() + '.empty') }));
    box.appendChild(row);
    if (focused && focused.hand === side) {
      const again = /** @type {HTMLElement | null} */ (row.querySelector('[data-piece="' + focused.piece + '"]'));
      if (again) again.focus();
    }
  }

  // ------------------------------------------------------------------------ effects

  /** Shows a newly played move: the piece slides (unless it was dragged there) — round its
   * corners when its way bends —, a castle's rook slides too, a shot flies, a blast bursts. */
  queueEffects(r, slide) {
    this.pending = {
      slides: [slide && r.from && !isShot(r) ? { from: r.from, to: r.to, via: bentPath(r, this.cells) ? Array.from(r.path) : null } : null, r.rook || null, r.second || null,
        isShot(r) && r.landing ? { from: r.from, to: r.landing } : null].filter(Boolean),
      shot: isShot(r) ? { from: r.from, to: r.to, victim: r.captured } : null,
      blast: r.blasted && r.blasted.length ? { at: r.to, victims: r.blasted } : null,
    };
  }

  runEffects() {
    const fx = this.pending;
    this.pending = null;
    if (!fx) return;
    for (const { from, to, via } of fx.slides) {
      const a = this.squares.get(from), b = this.squares.get(to);
      const pe = b && b.querySelector('.piece');
      if (!a || !pe) continue;
      const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      pe.classList.add('animating');
      if (via && typeof pe.animate === 'function') {
        // Through each square of its way, at an even pace (about 70 ms a square).
        const at = (sq) => { const r = this.squares.get(sq).getBoundingClientRect(); return 'translate(' + (r.left - rb.left) + 'px,' + (r.top - rb.top) + 'px)'; };
        const frames = [from, ...via].filter((x) => this.squares.has(x)).map((x) => ({ transform: at(x) })).concat([{ transform: 'none' }]);
        const run = pe.animate(frames, { duration: Math.min(560, 70 * frames.length + 80), easing: 'ease-in-out' });
        const done = () => pe.classList.remove('animating');
        run.onfinish = done;
        run.oncancel = done;
        continue;
      }
      pe.style.transition = 'none';
      pe.style.transform = 'translate(' + (ra.left - rb.left) + 'px,' + (ra.top - rb.top) + 'px)';
      pe.getBoundingClientRect();
      pe.style.transition = 'transform 180ms cubic-bezier(.2,.7,.3,1)';
      pe.style.transform = '';
      const done = () => { pe.classList.remove('animating'); pe.style.transition = ''; };
      pe.addEventListener('transitionend', done, { once: true });
      setTimeout(done, 400);
    }
    if (fx.shot) this.shotEffect(fx.shot);
    if (fx.blast) {
      const center = this.squares.get(fx.blast.at);
      if (center) { const b = h('div', { class: 'burst' }); center.appendChild(b); setTimeout(() => b.remove(), 800); }
      for (const v of fx.blast.victims) {
        const sq = this.squares.get(v.square);
        if (!sq) continue;
        const gp = h('div', { class: 'ghost-piece' }, this.pieceSvg(v.piece));
        sq.appendChild(gp);
        setTimeout(() => gp.remove(), 950);
      }
    }
  }

  /** A snipe: a tracer from the shooter to its target, a flash there, the victim fading out. */
  shotEffect({ from, to, victim }) {
    const frame = this.$('frame'), a = this.squares.get(from), b = this.squares.get(to);
    if (!a || !b) return;
    const rf = frame.getBoundingClientRect(), ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    const x1 = ra.left + ra.width / 2 - rf.left, y1 = ra.top + ra.height / 2 - rf.top;
    const x2 = rb.left + rb.width / 2 - rf.left, y2 = rb.top + rb.height / 2 - rf.top;
    const line = h('div', { class: 'shot-line' });
    Object.assign(line.style, { left: x1 + 'px', top: y1 + 'px', width: Math.hypot(x2 - x1, y2 - y1) + 'px', transform: 'rotate(' + Math.atan2(y2 - y1, x2 - x1) + 'rad)' });
    frame.appendChild(line);
    setTimeout(() => line.remove(), 700);
    const flash = h('div', { class: 'shot-flash' });
    b.appendChild(flash);
    setTimeout(() => flash.remove(), 700);
    const pe = a.querySelector('.piece');
    if (pe) { pe.classList.add('recoil'); setTimeout(() => pe.classList.remove('recoil'), 400); }
    if (victim) {
      const gp = h('div', { class: 'ghost-piece shot-victim' }, this.pieceSvg(victim.piece));
      b.appendChild(gp);
      setTimeout(() => gp.remove(), 800);
    }
  }

  /** Marks the squares a capture's blast would clear (the engine says which, when it can):
   * for the destination under the mouse, or for every capture of a piece picked up by touch. */
  setPreview(squares) {
    const next = [...new Set(squares)];
    if (next.join() === this.preview.join()) return;
    this.preview = next;
    this.renderBoard();
  }
  previewFor(sqs) {
    const out = [];
    for (const sq of sqs) for (const d of this.dests.get(sq) || []) if (this.squares.get(sq).dataset.piece || d.kind === 'enPassant') out.push(...this.ctl.blastCells(d.move));
    return out;
  }

  // ------------------------------------------------------------------------ selecting and moving

  select(sel) {
    this.selected = sel;
    this.dests = new Map();
    this.pathSq = null;
    const ctl = this.ctl;
    // Destinations as the engine describes the moves: a snipe's is its target, a castle's the king's square.
    if (sel.kind === 'square') {
      for (const mv of ctl.movesFrom(sel.square)) {
        const d = ctl.details(mv);
        if (!d || d.from !== sel.square) continue;
        if (!this.dests.has(d.to)) this.dests.set(d.to, []);
        this.dests.get(d.to).push(d);
      }
    } else {
      for (const d of ctl.drops(sel.piece)) {
        if (!this.dests.has(d.to)) this.dests.set(d.to, []);
        this.dests.get(d.to).push(d);
      }
    }
    this.preview = this.touch ? this.previewFor([...this.dests.keys()]) : [];
    this.renderBoard();
    this.renderSide(this.$('side-top'), other(this.orientation));
    this.renderSide(this.$('side-bottom'), this.orientation);
    this.ui.selection();
  }

  deselect(quiet) {
    if (this.second && !quiet) { this.endSecond(false); return; }
    if (this.second) { this.second = null; this.renderSecondBar(); }
    const had = !!this.selected;
    this.selected = null;
    this.dests = new Map();
    this.preview = [];
    this.pathSq = null;
    this.closeChooser();
    if (had && !quiet) this.render();
  }

  /** Plays a move the person chose (when looking back it starts or follows a variation: the
   * controller drops nothing, so nothing needs asking). */
  playMove(move, slide) {
    const ctl = this.ctl;
    const go = () => {
      this.selected = null; this.dests = new Map(); this.preview = []; this.pathSq = null;
      if (this.second) { this.second = null; this.renderSecondBar(); }
      this.closeChooser();
      this.slideNext = slide; // read when the controller reports the move (onMove)
      try { ctl.play(move); } catch (e) { this.slideNext = undefined; this.ui.message(t('board.move.refused', { reason: engineMessage(e, this.meta()) }), 'error'); this.render(); }
    };
    go();
  }

  /** The castles of the piece picked up whose rook stands on `sq` (as on lichess, the king
   * clicked then its own rook castles): read from the engine's descriptions of the moves. */
  castlesByRook(sq) {
    if (!this.selected || this.selected.kind !== 'square' || this.dests.has(sq)) return [];
    return [...this.dests.values()].flat().filter((d) => d.kind === 'castle' && d.rook && d.rook.from === sq);
  }

  playTo(sq, slide, given) {
    const cands = given || this.dests.get(sq) || [];
    if (!cands.length) return;
    // The first move is on the board already: only the second piece slides.
    if (this.second) { this.playMove(cands[0].move, false); return; }
    // A turn that may go on with a second move (Cyvasse's second Rabble move): play the first
    // on the board, then offer the second ones, or ending the turn there.
    const doubles = cands.filter((d) => d.kind === 'double' && d.second);
    if (doubles.length) { this.beginSecond(cands.find((d) => d.kind !== 'double') || null, doubles); return; }
    if (cands.length === 1) { this.playMove(cands[0].move, slide); return; }
    Chooser.open(this, sq, cands, slide);
  }

  closeChooser(focusSq) { Chooser.close(this, focusSq); }

  // ------------------------------------------------------------------------ a turn's second move

  /** The first move is shown played (on the board only: the engine plays the whole turn at
   * once); the pieces that may make the second move are marked. */
  beginSecond(single, doubles) {
    const d = doubles[0];
    this.second = { from: d.from, to: d.to, single: single ? single.move : null, options: doubles, engage: this.engageAfter(single, d) };
    this.selected = null; this.dests = new Map(); this.preview = []; this.pathSq = null;
    this.closeChooser();
    this.renderSecondBar();
    this.renderBoard();
  }

  /** The engagement marks after a turn's first move, as the engine counts them: from the
   * position after the first move played alone (when the engine allows the turn to end
   * there), else the marks as they were, the moved piece's carried along with it. */
  engageAfter(single, d) {
    const ctl = this.ctl;
    if (single) {
      let g = null;
      try {
        g = new Zilo.Game(this.meta().id, ctl.fen());
        g.play(single.move);
        return new Map(Array.from(g.board()).map(plain).filter((x) => x.armor !== undefined).map((x) => [x.square, x]));
      } catch (_) { /* fall back to the marks as they were */ } finally { if (g && g.free) g.free(); }
    }
    const now = ctl.pieces().filter((x) => x.armor !== undefined);
    return new Map(now.map((x) => [x.square === d.from ? d.to : x.square, x]));
  }

  secondClick(sq) {
    const s = this.second;
    if (this.selected && this.dests.has(sq)) { this.playTo(sq, true); return; }
    const opts = s.options.filter((o) => o.second.from === sq);
    if (opts.length) {
      this.selected = { kind: 'square', square: sq };
      this.dests = new Map(opts.map((o) => [o.second.to, [Object.assign({}, o, { from: o.second.from, to: o.second.to, path: [], kind: 'move' })]]));
      this.renderBoard();
      return;
    }
    this.ui.message(t('board.second.help'), 'info');
  }

  /** Ends the turn after its first move (play: true), or takes the first move back. */
  endSecond(play) {
    const s = this.second;
    if (!s) return;
    this.second = null;
    this.selected = null; this.dests = new Map();
    this.renderSecondBar();
    // The turn as it stands, if it is still legal here (the game may have changed meanwhile).
    if (play && s.single && this.ctl.movesFrom(s.from).includes(s.single)) this.playMove(s.single, false); else this.render();
  }

  /** The bar offering a turn's second move (made once, re-worded at each call: a language
   * switch re-renders the board). */
  renderSecondBar() {
    let bar = this.$('second-bar');
    if (!this.second) { if (bar) bar.remove(); return; }
    if (!bar) {
      bar = h('div', { class: 'second-bar', id: 'second-bar', role: 'group' },
        h('span', { class: 'second-text' }),
        h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'end-turn', onclick: () => this.endSecond(true) }),
        h('button', { type: 'button', class: 'btn', 'data-action': 'cancel-first', onclick: () => this.endSecond(false) }));
      // In the panel, not over the board: the board's messages and its back rank stay clear.
      this.$('panel').insertBefore(bar, this.$('controls'));
    }
    bar.setAttribute('aria-label', t('board.second.label'));
    bar.querySelector('.second-text').textContent = t('board.second.text');
    bar.querySelector('[data-action="end-turn"]').textContent = t('board.second.end');
    bar.querySelector('[data-action="cancel-first"]').textContent = t('board.takeback');
  }

  pieceAt(sq) { const el = this.squares.get(sq); return el ? el.dataset.piece || null : null; }

  /** Why the person cannot act now, or null. */
  blocked() {
    const ctl = this.ctl;
    if (ctl.opponent().mode === 'view') return 'view';
    if (ctl.isOver()) return ctl.atEnd() ? t('board.blocked.over') : null;
    if (ctl.computerToMove()) return t(ctl.thinking() ? 'board.blocked.thinking' : 'board.blocked.computerTurn');
    if (ctl.opponent().mode === 'computer' && ctl.turn() !== ctl.opponent().side) return t('board.blocked.notYourTurn', this.sideArgs(ctl.opponent().side));
    return null;
  }

  /** A click (or Enter) on a square. */
  activateSquare(sq) {
    if (this.setupSession) { this.setupSession.click(sq); return; }
    const why = this.blocked();
    if (!why && this.second) { this.secondClick(sq); return; }
    if (why) { if (why !== 'view') this.ui.message(why, 'info'); return; }
    const sel = this.selected;
    if (sel && this.dests.has(sq)) { this.playTo(sq, true); return; }
    const castles = this.castlesByRook(sq);
    if (castles.length) { this.playTo(castles[0].to, true, castles); return; }
    const p = this.pieceAt(sq);
    const turn = this.ctl.turn();
    if (p && sideOf(p) === turn) {
      if (sel && sel.kind === 'square' && sel.square === sq) this.deselect(); else this.select({ kind: 'square', square: sq });
      return;
    }
    if (sel && sel.kind === 'hand') { this.refuseDrop(sel.piece, sq); return; }
    if (!sel && p) { this.ui.message(t('board.notYourPiece', Object.assign(this.sideArgs(turn), this.sideArgs(other(turn), 'owner'))), 'info'); return; }
    this.deselect();
  }

  /** Says why a drop on `sq` is refused: the engine's coded reason, worded by the catalogs
   * (the controller's dropError). */
  refuseDrop(L, sq) {
    const name = this.info(this.ctl.turn() === 'w' ? L : L.toLowerCase()).name;
    const reason = this.ctl.dropError(L, sq) || t('board.drop.illegal');
    this.ui.message(t('board.drop.refused', { piece: name, square: this.sqName(sq), reason: reason.replace(/[.!]$/, '') }), 'error');
  }

  activateHand(side, L) {
    const why = this.blocked();
    if (why) { if (why !== 'view') this.ui.message(why, 'info'); return; }
    const turn = this.ctl.turn();
    if (side !== turn) { this.ui.message(t('board.' + this.handWord() + '.notYours', this.sideArgs(turn)), 'info'); return; }
    if (this.selected && this.selected.kind === 'hand' && this.selected.piece === L) this.deselect(); else this.select({ kind: 'hand', piece: L });
  }

  // ------------------------------------------------------------------------ pointer input

  setup() {
    const board = this.$('board');
    board.addEventListener('pointerdown', (e) => this.onBoardDown(e));
    board.addEventListener('contextmenu', (e) => e.preventDefault());
    board.addEventListener('keydown', (e) => this.onBoardKey(e));
    board.addEventListener('focusin', (e) => {
      const sq = closest(e, '.sq');
      if (!sq) return;
      this.setCursor(sq.dataset.square, false);
      if (this.keyboard && this.selected) this.setPathSq(sq.dataset.square);
    });
    // The blast preview under the mouse.
    board.addEventListener('pointerover', (e) => {
      if (e.pointerType !== 'mouse' || !this.selected) return;
      const sq = closest(e, '.sq');
      this.setPreview(sq && this.dests.has(sq.dataset.square) ? this.previewFor([sq.dataset.square]) : []);
      this.setPathSq(sq && sq.dataset.square);
    });
    board.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'mouse') return;
      if (this.preview.length) this.setPreview([]);
      this.setPathSq(null);
    });
    for (const id of ['side-top', 'side-bottom']) {
      const box = this.$(id);
      box.addEventListener('pointerdown', (e) => this.onHandDown(e));
      // Keyboard activation of a hand piece (Enter or Space on the focused button).
      box.addEventListener('click', (e) => {
        const hp = closest(e, '.hand-piece');
        if (!hp || e.detail !== 0) return;
        this.activateHand(hp.dataset.hand, hp.dataset.piece);
        // Keyboard users go on on the board: the cursor square takes the focus.
        if (this.selected && this.selected.kind === 'hand' && this.cursor) this.setCursor(this.cursor, true);
      });
    }
    this.root.addEventListener('keydown', () => { this.keyboard = true; }, true);
    this.root.addEventListener('pointerdown', (e) => { this.keyboard = false; this.touch = /** @type {PointerEvent} */ (e).pointerType !== 'mouse'; }, true);
    this.setupTooltips();
  }

  onBoardDown(e) {
    if (!this.ctl.loaded() || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const sqEl = closest(e, '.sq');
    if (!sqEl) return;
    // A pointer does not give the board the keyboard focus: ← and → keep browsing the moves.
    e.preventDefault();
    const active = /** @type {HTMLElement | null} */ (this.root.activeElement);
    if (active && this.$('board').contains(active)) active.blur();
    // Nor does it leave them with a control outside the element's own tree (a radio button of
    // the page, slotted or not, would take the arrows and change its choice): the element's
    // frame takes the focus.
    const outside = document.activeElement;
    if (!this.root.activeElement && outside && outside !== document.body) {
      const zb = this.$('zb');
      if (zb.tabIndex < 0 && !zb.hasAttribute('tabindex')) zb.setAttribute('tabindex', '-1');
      zb.focus({ preventScroll: true });
    }
    this.ui.activity();
    const sq = sqEl.dataset.square;
    this.setCursor(sq, false);
    if (this.blocked() || this.setupSession || this.second) { this.activateSquare(sq); return; }
    const sel = this.selected;
    if (sel && this.dests.has(sq)) { this.playTo(sq, true); return; }
    const castles = this.castlesByRook(sq);
    if (castles.length) { this.playTo(castles[0].to, true, castles); return; }
    const p = sqEl.dataset.piece;
    if (p && sideOf(p) === this.ctl.turn()) {
      const was = !!(sel && sel.kind === 'square' && sel.square === sq);
      if (!was) this.select({ kind: 'square', square: sq });
      this.beginDrag(e, { kind: 'square', square: sq }, sqEl.querySelector('.piece'), was);
      return;
    }
    this.activateSquare(sq);
  }

  onHandDown(e) {
    const hp = closest(e, '.hand-piece');
    if (!hp || !this.ctl.loaded() || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    this.ui.activity();
    const side = hp.dataset.hand, L = hp.dataset.piece;
    if (this.blocked() || side !== this.ctl.turn()) { this.activateHand(side, L); return; }
    const was = !!(this.selected && this.selected.kind === 'hand' && this.selected.piece === L);
    if (!was) this.select({ kind: 'hand', piece: L });
    const again = this.root.querySelector('[data-hand="' + side + '"][data-piece="' + L + '"]');
    this.beginDrag(e, { kind: 'hand', piece: L }, again, was);
  }

  beginDrag(e, source, originEl, wasSelected) {
    const d = { source, originEl, wasSelected, x: e.clientX, y: e.clientY, id: e.pointerId, started: false, ghost: null, over: null, threshold: e.pointerType === 'mouse' ? 4 : 8 };
    this.drag = d;
    const move = (ev) => this.onDragMove(ev);
    const up = (ev) => this.onDragEnd(ev, false);
    const cancel = (ev) => this.onDragEnd(ev, true);
    d.off = () => { window.removeEventListener('pointermove', move); window.removeEventListener('pointerup', up); window.removeEventListener('pointercancel', cancel); };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
  }

  /** The square drawn at a point of the window, or null. @param {number} x @param {number} y */
  squareAt(x, y) {
    const el = this.root.elementFromPoint(x, y);
    const sq = /** @type {HTMLElement | null} */ (el && el.closest && el.closest('.sq'));
    return sq && this.$('board').contains(sq) ? sq : null;
  }

  onDragMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.started) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < d.threshold) return;
      d.started = true;
      this.hideTooltip();
      const size = this.squares.values().next().value.getBoundingClientRect().width;
      const letter = d.source.kind === 'square' ? this.pieceAt(d.source.square) : (this.ctl.turn() === 'w' ? d.source.piece : d.source.piece.toLowerCase());
      d.ghost = h('div', { class: 'drag-piece' }, this.pieceSvg(letter));
      d.ghost.style.width = d.ghost.style.height = size + 'px';
      this.$('zb').appendChild(d.ghost);
      if (d.originEl) d.originEl.classList.add('dragging-origin');
    }
    e.preventDefault();
    d.ghost.style.left = e.clientX + 'px';
    d.ghost.style.top = e.clientY + 'px';
    const sq = this.squareAt(e.clientX, e.clientY);
    if (sq !== d.over) {
      if (d.over) d.over.classList.remove('drag-over');
      d.over = sq;
      if (sq) sq.classList.add('drag-over');
      this.setPreview(sq && this.dests.has(sq.dataset.square) ? this.previewFor([sq.dataset.square]) : []);
      this.setPathSq(sq && sq.dataset.square);
    }
  }

  onDragEnd(e, cancelled) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    d.off();
    if (d.ghost) d.ghost.remove();
    if (d.over) d.over.classList.remove('drag-over');
    if (d.originEl) d.originEl.classList.remove('dragging-origin');
    if (cancelled) return;
    if (d.started) {
      const sqEl = this.squareAt(e.clientX, e.clientY);
      const sq = sqEl && sqEl.dataset.square;
      const castles = sq ? this.castlesByRook(sq) : [];
      if (sq && this.dests.has(sq)) this.playTo(sq, false);
      else if (castles.length) this.playTo(castles[0].to, false, castles);
      else if (sq && d.source.kind === 'hand') this.refuseDrop(d.source.piece, sq);
      else if (!sq || (d.source.kind === 'square' && sq !== d.source.square)) this.deselect();
    } else if (d.wasSelected) this.deselect();
  }

  // ------------------------------------------------------------------------ keyboard

  setCursor(sq, focus) {
    if (!this.squares.has(sq)) return;
    if (this.cursor && this.squares.has(this.cursor)) this.squares.get(this.cursor).tabIndex = -1;
    this.cursor = sq;
    const el = this.squares.get(sq);
    el.tabIndex = 0;
    if (focus) el.focus();
  }

  /** On the board (reached with Tab) the arrows move a cursor, as in any grid; Enter or Space
   * picks up and puts down; Escape cancels. */
  onBoardKey(e) {
    const k = e.key;
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // A board focused by a mouse click or a tap leaves the arrows to the move history (as on
    // lichess); one reached with the keyboard (:focus-visible) moves its cursor.
    const focused = this.root.activeElement || document.activeElement;
    const byKeyboard = !focused || !focused.matches || focused.matches(':focus-visible');
    if (dirs[k] && byKeyboard) {
      e.preventDefault();
      e.stopPropagation();
      // The nearest field that way, as drawn (a grid's neighbour; on hexes, the nearer of the
      // two fields up or down, to the right on a tie).
      const [dx, dy] = dirs[k], at = this.cells.get(this.cursor) || [0, 0];
      let best = null, bestScore = Infinity;
      for (const [name, [x, y]] of this.cells) {
        const vx = x - at[0], vy = y - at[1];
        const along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
        if (along <= 0.01 || across > along * 1.2) continue;
        const score = Math.hypot(vx, vy) - (vx > 0 ? 1e-3 : 0);
        if (score < bestScore) { bestScore = score; best = name; }
      }
      if (best) this.setCursor(best, true);
      const el = this.squares.get(this.cursor);
      if (this.selected) { this.setPreview(this.dests.has(this.cursor) ? this.previewFor([this.cursor]) : []); this.setPathSq(this.cursor); }
      if (el) el.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (k === 'Enter' || k === ' ' || k === 'Spacebar') { e.preventDefault(); e.stopPropagation(); this.activateSquare(this.cursor); return; }
    if (k === 'Escape') { e.preventDefault(); this.deselect(); }
  }

  // ------------------------------------------------------------------------ names on hover and long press

  tooltipTarget(target) {
    const sq = target.closest && target.closest('.sq[data-piece]');
    if (sq && this.$('board').contains(sq)) return { el: sq, letter: sq.dataset.piece };
    const hp = target.closest && target.closest('.hand-piece');
    if (hp) return { el: hp, letter: hp.dataset.hand === 'w' ? hp.dataset.piece : hp.dataset.piece.toLowerCase(), extra: t('board.' + this.handWord() + '.count', { count: Number(hp.dataset.count) }) };
    return null;
  }

  showTooltip(target, letter, extra) {
    const tt = this.$('tooltip');
    const inf = this.info(letter);
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

  hideTooltip() { clearTimeout(this.ttTimer); const tt = this.$('tooltip'); if (tt) tt.hidden = true; }

  setupTooltips() {
    let current = null, lp = null;
    const zb = this.$('zb');
    zb.addEventListener('pointerover', (e) => {
      if (e.pointerType !== 'mouse' || this.drag) return;
      const t = this.tooltipTarget(e.target);
      if (!t) { if (current) { current = null; this.hideTooltip(); } return; }
      if (current === t.el) return;
      current = t.el;
      this.hideTooltip();
      this.ttTimer = setTimeout(() => this.showTooltip(t.el, t.letter, t.extra), 450);
    });
    zb.addEventListener('pointerout', (e) => {
      if (e.pointerType !== 'mouse') return;
      if (current && (!e.relatedTarget || !current.contains(e.relatedTarget))) { current = null; this.hideTooltip(); }
    });
    // A long press on a touch screen names the piece.
    zb.addEventListener('pointerdown', (e) => {
      this.hideTooltip();
      if (e.pointerType === 'mouse') return;
      const t = this.tooltipTarget(e.target);
      if (!t) return;
      lp = { x: e.clientX, y: e.clientY, id: e.pointerId };
      this.ttTimer = setTimeout(() => { this.showTooltip(t.el, t.letter, t.extra); lp = null; }, 500);
    }, true);
    zb.addEventListener('pointermove', (e) => {
      if (lp && e.pointerId === lp.id && Math.hypot(e.clientX - lp.x, e.clientY - lp.y) > 8) { lp = null; this.hideTooltip(); }
    }, true);
    const end = () => { if (lp) { lp = null; clearTimeout(this.ttTimer); } else if (!this.$('tooltip').hidden) setTimeout(() => this.hideTooltip(), 1200); };
    zb.addEventListener('pointerup', end, true);
    zb.addEventListener('pointercancel', end, true);
    window.addEventListener('scroll', () => this.hideTooltip(), { passive: true });
  }
}

/** A terrain in words (terrain.<id>), else the engine's own word. @param {string} ter */
function terrainWord(ter) {
  return has('terrain.' + ter) ? t('terrain.' + ter) : ter;
}
