/* The panel beside (or below) the board: the status line, the move list, the buttons that
 * browse the moves and act on the game, and the short messages (toasts over the board, so that
 * nothing on the page moves when one appears).
 *
 * The move list is one Tab stop (a listbox): inside it the arrow keys, Home and End browse. */
import { t, article } from './i18n.js';
import { outcomeWords } from './engine-words.js';
import { h, thinkDots, closest } from './dom.js';
import { isShot } from './move-details.js';
import { disarm } from './armed-button.js';

/** The class of each move glyph an analysis marks. */
const GLYPH_CLASS = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' };

export class PanelView {
  /** @param {ShadowRoot} root @param {import('./game-controller.js').GameControl} ctl
   * @param {import('./board-view.js').BoardView} board @param {{activity(): void}} ui */
  constructor(root, ctl, board, ui) {
    this.root = root;
    this.ctl = ctl;
    this.board = board;
    this.ui = ui;
    /** An element of the skeleton by its id. @type {(id: string) => any} */
    this.$ = (id) => root.getElementById(id);
    this.msgTimer = 0;
    const list = this.$('moves');
    list.addEventListener('click', (e) => {
      const b = closest(e, '[data-ply]');
      if (!b) return;
      this.ui.activity();
      const k = b.dataset.line !== undefined ? parseInt(b.dataset.line, 10) : null;
      this.ctl.goToLine(k, parseInt(b.dataset.ply, 10));
      this.focusCurrent();
    });
    list.addEventListener('keydown', (e) => this.onListKey(e));
  }

  render() {
    this.renderStatus();
    this.renderMoves();
    this.renderControls();
  }

  // ------------------------------------------------------------------------ status

  /** One line for whose move it is or how the game ended, one for what just happened: both
   * of fixed height, so the page never moves under the player's hand. */
  renderStatus() {
    const ctl = this.ctl, b = this.board;
    const r = ctl.result();
    const turn = this.$('turn'), note = this.$('note');
    turn.textContent = '';
    note.textContent = '';
    const box = this.$('status');
    box.classList.toggle('game-over', ctl.isOver());
    box.classList.toggle('thinking', ctl.thinking());
    const king = (side) => { const m = ctl.meta(); const k = (m.pieces.find((p) => p.royal) || m.pieces[0]).letter; return side === 'w' ? k : k.toLowerCase(); };
    const token = (side) => h('span', { class: 'turn-token' }, b.pieceSvg(king(side), false));
    // A page's own words for a game that is not on the board yet (an online watcher during a
    // hidden setup: nobody moves, and who begins is drawn at the start).
    const given = b.statusText && b.statusText();
    if (given) {
      box.classList.remove('game-over');
      turn.appendChild(h('span', { text: given.title }));
      note.textContent = note.title = given.text;
      return;
    }
    const setup = b.setupSession;
    if (setup) {
      // Before the game: who sets up, and what the setup is.
      box.classList.remove('game-over');
      turn.append(token(setup.side), h('span', { text: t(setup.computer ? 'panel.setup.yours' : 'panel.setup.sets', { side: ctl.sideInfo(setup.side).name }) }));
      note.textContent = t(setup.computer ? 'panel.setup.computer' : 'panel.setup.hidden');
      note.title = note.textContent;
      return;
    }
    if (ctl.isOver()) {
      const said = this.outcomeWords(r);
      if (r.winner) turn.appendChild(token(r.winner));
      turn.appendChild(h('span', { class: 'result-title', id: 'result', text: said.title }));
      note.textContent = said.text;
    } else {
      const side = ctl.turn(), sd = ctl.sideInfo(side);
      turn.appendChild(token(side));
      if (ctl.thinking()) turn.append(h('span', { class: 'thinking-text', text: t('panel.thinking') }), thinkDots());
      else {
        const key = ctl.computerToMove() ? 'panel.toMove.computer' : ctl.opponent().mode === 'computer' && side === ctl.opponent().side && ctl.atEnd() ? 'panel.toMove.yours' : 'panel.toMove';
        turn.appendChild(h('span', { text: t(key, { side: sd.name }) }));
      }
      if (ctl.isCheck()) turn.appendChild(h('span', { class: 'check-flag', text: t('panel.check') }));
      const hint = ctl.currentHint();
      if (ctl.hinting()) note.append(t('panel.hinting'), thinkDots());
      else if (hint) note.textContent = this.hintText(hint);
      else note.textContent = this.lastMoveText();
    }
    const where = this.whereText();
    if (where) turn.appendChild(h('span', { class: 'browsing-flag', text: where }));
    note.title = note.textContent;
  }

  /** A result in the page's words: the engine's by its reason (outcomeWords); an end the
   * controller was given (an online game's time or agreement) comes worded already. */
  outcomeWords(r) {
    const ctl = this.ctl;
    return r === ctl.outcomeGiven() ? r : outcomeWords(ctl.meta().id, r, ctl.turn());
  }

  /** Where the player is looking, numbered as the move list numbers moves: "move 2 (White)
   * of 3" (the move just played at the position looked at, and the line's last move number),
   * "start of 3"; in a variation "variation: move 3 (Black)". Null at the end of the game. */
  whereText() {
    const ctl = this.ctl;
    const looking = ctl.moveTree().current != null;
    if (!ctl.browsing() && !looking) return null;
    const n = ctl.ply();
    const lastNum = ctl.length() ? this.moveNumber(ctl.length() - 1) : 0;
    const at = n ? t('panel.where.move', { number: this.moveNumber(n - 1), side: ctl.sideInfo(ctl.sideAtPly(n - 1)).name }) : t('panel.where.start');
    if (looking) return ctl.browsing() ? t('panel.where.variationOf', { at, last: lastNum }) : t('panel.where.variation', { at });
    return t('panel.where.of', { at, last: lastNum });
  }

  /** The number the move list gives the move at ply index i (0: the first move). */
  moveNumber(i) {
    const start = this.ctl.startNumbering();
    return start.number + Math.floor((i + (start.turn === 'b' ? 1 : 0)) / 2);
  }

  /** The last move in words, from the engine's report: its notation and what it did. English
   * takes its articles as their own arguments ({aPiece}: "a Knight"); other languages the bare
   * names. */
  lastMoveText() {
    const ctl = this.ctl, b = this.board, r = ctl.lastReport();
    if (!r) return t(ctl.length() ? 'panel.start' : 'panel.noMoves');
    const sq = (s) => b.sqName(s);
    const name = (l) => b.info(l).name;
    // A name, and the same with English's indefinite article.
    const named = (key, words) => ({ [key]: words, ['a' + key[0].toUpperCase() + key.slice(1)]: article(words) });
    const side = ctl.sideInfo(r.side);
    const mover = b.pieceWords(r.piece);
    const a = { piece: mover, from: sq(r.from), to: sq(r.to) };
    let what;
    if (r.kind === 'drop') what = t('panel.move.drop', Object.assign({ side: side.name }, named('piece', name(r.piece)), { to: sq(r.to) }));
    else if (r.kind === 'castle' && r.rook) what = t('panel.move.castle', { side: side.name, from: sq(r.from), to: sq(r.to), rookFrom: sq(r.rook.from), rookTo: sq(r.rook.to) });
    else if (isShot(r) && r.captured) {
      what = t(r.landing ? 'panel.move.shotBack' : 'panel.move.shot', Object.assign(a, named('target', b.pieceWords(r.captured.piece)), { landing: sq(r.landing) }));
    } else if (r.kind === 'double' && r.second) what = t('panel.move.double', Object.assign(a, { second: name(r.piece), secondFrom: sq(r.second.from), secondTo: sq(r.second.to) }));
    else if (r.kind === 'jump') what = t('panel.move.jump', Object.assign(a, { over: r.path && r.path.length && b.pieceAt(r.path[0]) ? name(b.pieceAt(r.path[0])) : t('chooser.piece') }));
    else if (r.captured) {
      what = t(r.kind === 'enPassant' ? 'panel.move.enPassant' : 'panel.move.capture', Object.assign(a, named('target', b.pieceWords(r.captured.piece))));
      if (r.capturedToHand) what += t('panel.move.toHand', { side: side.name, theSide: side.the, theSidePossessive: side.thePossessive });
    } else what = t('panel.move.plain', a);
    if (r.promotion) what += t('panel.move.promoted', named('piece', name(r.promotion)));
    else if (r.declinedPromotion) what += t('panel.move.notPromoted');
    if (r.blasted && r.blasted.length) what += t('panel.move.blast', { pieces: r.blasted.map((x) => b.pieceWords(x.piece) + ' (' + sq(x.square) + ')').join(', ') });
    const who = ctl.opponent().mode === 'computer' && r.side === ctl.computerSide() ? 'panel.last.computer' : 'panel.last.move';
    return t(who, { san: r.san, what });
  }

  hintText(hint) {
    const b = this.board, sq = (s) => b.sqName(s);
    if (hint.kind === 'drop') {
      const name = b.info(hint.side === 'w' ? hint.drop : hint.drop.toLowerCase()).name;
      return t('panel.hint.drop', { san: hint.san, piece: name, aPiece: article(name), to: sq(hint.to) });
    }
    const p = b.pieceAt(hint.from);
    const then = hint.kind === 'double' && hint.second ? t('panel.hint.then', { from: sq(hint.second.from), to: sq(hint.second.to) }) : '';
    return t(isShot(hint) ? 'panel.hint.shoot' : 'panel.hint.move', { san: hint.san, piece: p ? b.info(p).name : t('chooser.piece'), from: sq(hint.from), to: sq(hint.to), then });
  }

  // ------------------------------------------------------------------------ the move list

  /** The main line in rows of a move number and two moves; each variation in a row of its
   * own under the row of the move it replaces, as on lichess's analysis board. */
  renderMoves() {
    const ctl = this.ctl, list = this.$('moves');
    const had = this.root.activeElement && list.contains(this.root.activeElement);
    list.textContent = '';
    const tree = ctl.moveTree(), main = tree.main, n = ctl.ply();
    const cur = tree.current == null ? null : tree.variations[tree.current];
    this.$('moves-empty').hidden = main.length > 0;
    list.hidden = main.length === 0;
    const black = ctl.startNumbering().turn === 'b';
    // On a variation, the main line's moves before its branch point are still the path.
    const mainCur = (i) => (!cur || n <= cur.at) && i === n - 1;
    const option = (r, i, isCur, future, extra) => {
      const ply = i + (black ? 1 : 0);
      const b = h('span', Object.assign({
        role: 'option', class: 'mv' + (isCur ? ' current' : '') + (future ? ' future' : ''), tabindex: '-1',
        'data-ply': String(i + 1), 'data-move': r.move, 'aria-selected': isCur ? 'true' : 'false',
        'aria-label': this.moveNumber(i) + (ply % 2 ? '… ' : '. ') + r.san + (r.blasted && r.blasted.length ? ', ' + t('panel.blast') : ''),
        title: this.board.pieceWords(r.piece) + ' (' + r.move + ')',
      }, extra), r.san);
      if (r.blasted && r.blasted.length) b.appendChild(h('span', { class: 'blast-mark', 'aria-hidden': 'true', text: ' ✶' + r.blasted.length }));
      const glyph = !extra['data-line'] && ctl.glyph ? ctl.glyph(i + 1) : null;
      if (glyph) {
        b.appendChild(h('span', { class: 'glyph glyph-' + GLYPH_CLASS[glyph], 'data-glyph': glyph, text: glyph }));
        b.setAttribute('aria-label', b.getAttribute('aria-label') + ' ' + glyph);
      }
      return b;
    };
    const rows = [];
    let row = null;
    main.forEach((r, i) => {
      const ply = i + (black ? 1 : 0);
      if (!row || ply % 2 === 0) {
        row = { li: h('li', { role: 'none', class: 'row' + (rows.length % 2 ? ' odd' : '') }, h('span', { class: 'num', 'aria-hidden': 'true', text: this.moveNumber(i) + '.' })), last: i };
        if (ply % 2 === 1) row.li.appendChild(h('span', { class: 'mv empty', 'aria-hidden': 'true', text: '…' }));
        rows.push(row);
      }
      row.last = i;
      row.li.appendChild(option(r, i, mainCur(i), !cur && i >= n, { id: 'ply-' + (i + 1) }));
    });
    const lines = tree.variations.map((v, k) => ({ v, k })).sort((a, b) => a.v.at - b.v.at);
    const varRow = ({ v, k }) => {
      const li = h('li', { role: 'none', class: 'variation' + (v === cur ? ' looked' : '') });
      v.moves.forEach((r, j) => {
        const i = v.at + j, ply = i + (black ? 1 : 0);
        if (j === 0 || ply % 2 === 0) li.appendChild(h('span', { class: 'num', 'aria-hidden': 'true', text: this.moveNumber(i) + (ply % 2 ? '…' : '.') }));
        li.appendChild(option(r, i, v === cur && n > v.at && i === n - 1, false, { 'data-line': String(k) }));
      });
      return li;
    };
    let vi = 0;
    for (const rw of rows) {
      list.appendChild(rw.li);
      while (vi < lines.length && lines[vi].v.at <= rw.last) list.appendChild(varRow(lines[vi++]));
    }
    while (vi < lines.length) list.appendChild(varRow(lines[vi++]));
    const fin = ctl.atGameEnd() ? ctl.result() : null;
    this.$('moves-result').textContent = fin && fin.result !== '*' ? fin.result + ' · ' + this.outcomeWords(fin).text : '';
    // One Tab stop: the current move (or the first, at the start).
    const stop = list.querySelector('.current') || list.querySelector('[role="option"]');
    if (stop) stop.tabIndex = 0;
    if (had) this.focusCurrent();
    this.scrollMoves();
  }

  focusCurrent() {
    const list = this.$('moves');
    const stop = list.querySelector('.current') || list.querySelector('[role="option"]');
    if (stop) stop.focus({ preventScroll: true });
    this.scrollMoves();
  }

  /** Keeps the current move in view: pinned to the bottom while it is the last one. */
  scrollMoves() {
    const box = this.$('movelist');
    const cur = this.$('moves').querySelector('.current');
    if (!cur || this.ctl.atGameEnd()) { box.scrollTop = this.ctl.atGameEnd() ? box.scrollHeight : 0; return; }
    const lr = box.getBoundingClientRect(), cr = cur.getBoundingClientRect();
    if (cr.bottom > lr.bottom || cr.top < lr.top) box.scrollTop += cr.top - lr.top - lr.height / 2;
  }

  onListKey(e) {
    const ctl = this.ctl;
    const steps = { ArrowLeft: -1, ArrowUp: -2, ArrowRight: 1, ArrowDown: 2 };
    let to = null;
    if (e.key in steps) to = ctl.ply() + steps[e.key];
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = ctl.length();
    if (to == null || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    // Ply 0 (the start) has no entry: the first move keeps the focus.
    ctl.goTo(Math.max(0, to));
    this.focusCurrent();
  }

  // ------------------------------------------------------------------------ buttons

  renderControls() {
    const ctl = this.ctl;
    const view = ctl.opponent().mode === 'view';
    this.$('btn-first').disabled = this.$('btn-prev').disabled = ctl.ply() === 0;
    this.$('btn-next').disabled = this.$('btn-last').disabled = ctl.atEnd();
    this.$('actions').hidden = view;
    const tb = this.$('btn-takeback');
    tb.disabled = !ctl.canTakeBack();
    tb.title = t(ctl.opponent().mode === 'computer' ? 'panel.takeback.computer' : 'panel.takeback');
    const rd = this.$('btn-redo');
    rd.disabled = !ctl.canRedo();
    rd.title = t('board.redo.title');
    const hb = this.$('btn-hint');
    hb.disabled = ctl.isOver() || ctl.computerToMove() || ctl.thinking() || !ctl.canMove();
    hb.classList.toggle('busy', ctl.hinting());
    hb.setAttribute('aria-busy', ctl.hinting() ? 'true' : 'false');
    const rb = this.$('btn-resign');
    rb.disabled = ctl.isOver() || !ctl.atGameEnd();
    rb.title = t(ctl.opponent().mode === 'computer' ? 'panel.resign.computer' : 'panel.resign');
    if (rb.disabled) disarm(rb);
  }

  // ------------------------------------------------------------------------ messages

  /** A short message over the board: it covers, it never pushes. */
  message(text, kind) {
    const m = this.$('message');
    m.textContent = text;
    m.className = 'toast' + (kind === 'error' ? ' error' : '');
    m.dataset.kind = kind || 'info';
    m.hidden = false;
    m.style.animation = 'none'; m.getBoundingClientRect(); m.style.animation = '';
    clearTimeout(this.msgTimer);
    this.msgTimer = setTimeout(() => { m.hidden = true; }, kind === 'error' ? 9000 : 6000);
  }
  clearMessage() { clearTimeout(this.msgTimer); this.$('message').hidden = true; }
}
