/* The board view: it draws what it is given and turns what a person does into the
 * controller's moves, as chessground splits it: its state (board-state.js), the drawing
 * (board-render.js, board-effects.js), the input (board-input.js: mouse, touch, drag, keyboard;
 * board-tooltip.js) and the accessibility text (board-words.js). This file holds the actions
 * between them: selecting a piece, the destinations the controller allows, playing, a turn's
 * second move (the controller holds the turn), refusals in words. It never calls the engine and
 * never decides a rule. It lives in the <zilo-board> element's shadow root, so several boards
 * never meet.
 *
 * Stable hooks for tests and embedders: each square has data-square="e3" and, when occupied,
 * data-piece (the letter as in position strings); each hand piece has data-hand="w"|"b",
 * data-piece and data-count. */
import { t } from './i18n.js';
import { engineMessage } from './engine-words.js';
import * as Chooser from './chooser.js';
import { other, sideOf } from './sides.js';
import { boardState } from './board-state.js';
import { render, renderBoard, renderPath, renderSide, renderSecondBar, pieceSvg } from './board-render.js';
import { queueEffects } from './board-effects.js';
import { listen, setCursor } from './board-input.js';
import { hideTooltip } from './board-tooltip.js';
import { sqName, info, pieceWords, sideArgs, handWord } from './board-words.js';

/** @typedef {import('./game-controller.js').GameControl} GameControl */

export class BoardView {
  /** root: the element's shadow root (holding the skeleton); ctl: the game, through its
   * interface; ui: the element's callbacks.
   * @param {ShadowRoot} root @param {GameControl} ctl
   * @param {{message(text: string, kind: string): void, activity(): void, selection(): void}} ui */
  constructor(root, ctl, ui) {
    this.root = root;
    this.ctl = ctl;
    this.ui = ui;
    /** An element of the skeleton by its id. @type {(id: string) => any} */
    this.$ = (id) => root.getElementById(id);
    /** What the view draws besides the game, and what the person is doing (board-state.js). */
    this.state = boardState();
    /** A page's addition to a side's bar (an online game's name, presence and clock), or none.
     * @type {((side: string) => Node | null) | null} */
    this.sideExtra = null;
    /** A page's status line while its game is not on the board (an online watcher during a
     * hidden setup), or none. @type {(() => {title: string, text: string} | null) | null} */
    this.statusText = null;
    listen(this);
  }

  meta() { return this.ctl.meta(); }

  /** Points the path at the destination `sq` (under the mouse or the cursor), or at none. */
  setPathSq(sq) {
    const next = sq && this.state.dests.has(sq) ? sq : null;
    if (next === this.state.pathSq) return;
    this.state.pathSq = next;
    renderPath(this);
  }

  /** Marks the squares a capture's blast would clear (the engine says which, when it can):
   * for the destination under the mouse, or for every capture of a piece picked up by touch. */
  setPreview(squares) {
    const next = [...new Set(squares)];
    if (next.join() === this.state.preview.join()) return;
    this.state.preview = next;
    renderBoard(this);
  }

  previewFor(sqs) {
    const out = [];
    for (const sq of sqs) for (const d of this.state.dests.get(sq) || []) if (this.state.squares.get(sq).dataset.piece || d.kind === 'enPassant') out.push(...this.ctl.blastCells(d.move));
    return out;
  }

  select(sel) {
    this.state.selected = sel;
    this.state.dests = new Map();
    this.state.pathSq = null;
    const ctl = this.ctl;
    // Destinations as the engine describes the moves: a snipe's is its target, a castle's the king's square.
    if (sel.kind === 'square') {
      for (const d of ctl.movesOf(sel.square)) {
        if (!this.state.dests.has(d.to)) this.state.dests.set(d.to, []);
        this.state.dests.get(d.to).push(d);
      }
    } else {
      for (const d of ctl.drops(sel.piece)) {
        if (!this.state.dests.has(d.to)) this.state.dests.set(d.to, []);
        this.state.dests.get(d.to).push(d);
      }
    }
    this.state.preview = this.state.touch ? this.previewFor([...this.state.dests.keys()]) : [];
    renderBoard(this);
    renderSide(this, this.$('side-top'), other(this.state.orientation));
    renderSide(this, this.$('side-bottom'), this.state.orientation);
    this.ui.selection();
  }

  deselect(quiet) {
    if (this.ctl.turnInProgress() && !quiet) { this.endTurn(false); return; }
    if (this.ctl.turnInProgress()) { this.ctl.dropTurn(true); renderSecondBar(this); }
    const had = !!this.state.selected;
    this.state.selected = null;
    this.state.dests = new Map();
    this.state.preview = [];
    this.state.pathSq = null;
    this.closeChooser();
    if (had && !quiet) render(this);
  }

  /** Plays a move the person chose (when looking back it starts or follows a variation: the
   * controller drops nothing, so nothing needs asking). */
  playMove(move, slide) {
    const ctl = this.ctl;
    const go = () => {
      this.state.selected = null; this.state.dests = new Map(); this.state.preview = []; this.state.pathSq = null;
      if (this.ctl.turnInProgress()) { this.ctl.dropTurn(true); renderSecondBar(this); }
      this.closeChooser();
      this.state.slideNext = slide; // read when the controller reports the move (onMove)
      try { ctl.play(move); } catch (e) { this.state.slideNext = undefined; this.ui.message(t('board.move.refused', { reason: engineMessage(e, this.meta()) }), 'error'); render(this); }
    };
    go();
  }

  /** The castles of the piece picked up whose rook stands on `sq` (as on lichess, the king
   * clicked then its own rook castles): read from the engine's descriptions of the moves. */
  castlesByRook(sq) {
    if (!this.state.selected || this.state.selected.kind !== 'square' || this.state.dests.has(sq)) return [];
    return [...this.state.dests.values()].flat().filter((d) => d.kind === 'castle' && d.rook && d.rook.from === sq);
  }

  playTo(sq, slide, given) {
    const cands = given || this.state.dests.get(sq) || [];
    if (!cands.length) return;
    // The first move is on the board already: only the second piece slides.
    if (this.ctl.turnInProgress()) { this.playMove(cands[0].move, false); return; }
    // A turn that may go on with a second move (Cyvasse's second Rabble move): the controller
    // holds it after its first move, and the board offers the second ones, or ending the turn.
    if (cands.some((d) => d.kind === 'double' && d.second)) {
      const single = cands.find((d) => d.kind !== 'double');
      if (single && this.beginTurn(single.move)) return;
    }
    if (cands.length === 1) { this.playMove(cands[0].move, slide); return; }
    Chooser.open(this, sq, cands, slide);
  }

  closeChooser(focusSq) { Chooser.close(this, focusSq); }

  /** Starts a turn of two moves with its first move (the controller holds it; the board then
   * shows the first move played and the pieces that may make the second). */
  beginTurn(first) {
    if (!this.ctl.beginTurn(first)) return false;
    this.state.selected = null; this.state.dests = new Map(); this.state.preview = []; this.state.pathSq = null;
    this.closeChooser();
    renderSecondBar(this);
    renderBoard(this);
    return true;
  }

  /** A click between a turn's two moves: a piece that may make the second move shows where
   * it may go (the controller's moves), a destination plays the turn. */
  secondClick(sq) {
    if (this.state.selected && this.state.dests.has(sq)) { this.playTo(sq, true); return; }
    const moves = this.ctl.movesOf(sq);
    if (moves.length) {
      this.state.selected = { kind: 'square', square: sq };
      this.state.dests = new Map(moves.map((d) => [d.to, [d]]));
      renderBoard(this);
      return;
    }
    this.ui.message(t('board.second.help'), 'info');
  }

  /** Ends the turn after its first move (play: true), or takes the first move back. */
  endTurn(play) {
    const turn = this.ctl.turnInProgress();
    if (!turn) return;
    this.state.selected = null; this.state.dests = new Map();
    if (play) { this.playMove(turn.first, false); return; }
    this.ctl.dropTurn(true);
    renderSecondBar(this);
    render(this);
  }

  pieceAt(sq) { const el = this.state.squares.get(sq); return el ? el.dataset.piece || null : null; }

  /** Why the person cannot act now, or null. */
  blocked() {
    const ctl = this.ctl;
    if (ctl.opponent().mode === 'view') return 'view';
    if (ctl.isOver()) return ctl.atEnd() ? t('board.blocked.over') : null;
    if (ctl.computerToMove()) return t(ctl.thinking() ? 'board.blocked.thinking' : 'board.blocked.computerTurn');
    if (ctl.opponent().mode === 'computer' && ctl.turn() !== ctl.opponent().side) return t('board.blocked.notYourTurn', sideArgs(this, ctl.opponent().side));
    return null;
  }

  /** A click (or Enter) on a square. */
  activateSquare(sq) {
    if (this.state.setupSession) { this.state.setupSession.click(sq); return; }
    const why = this.blocked();
    if (!why && this.ctl.turnInProgress()) { this.secondClick(sq); return; }
    if (why) { if (why !== 'view') this.ui.message(why, 'info'); return; }
    const sel = this.state.selected;
    if (sel && this.state.dests.has(sq)) { this.playTo(sq, true); return; }
    const castles = this.castlesByRook(sq);
    if (castles.length) { this.playTo(castles[0].to, true, castles); return; }
    const p = this.pieceAt(sq);
    const turn = this.ctl.turn();
    if (p && sideOf(p) === turn) {
      if (sel && sel.kind === 'square' && sel.square === sq) this.deselect(); else this.select({ kind: 'square', square: sq });
      return;
    }
    if (sel && sel.kind === 'hand') { this.refuseDrop(sel.piece, sq); return; }
    if (!sel && p) { this.ui.message(t('board.notYourPiece', Object.assign(sideArgs(this, turn), sideArgs(this, other(turn), 'owner'))), 'info'); return; }
    this.deselect();
  }

  /** Says why a drop on `sq` is refused: the engine's coded reason, worded by the catalogs
   * (the controller's dropError). */
  refuseDrop(L, sq) {
    const name = info(this, this.ctl.turn() === 'w' ? L : L.toLowerCase()).name;
    const reason = this.ctl.dropError(L, sq) || t('board.drop.illegal');
    this.ui.message(t('board.drop.refused', { piece: name, square: sqName(this, sq), reason: reason.replace(/[.!]$/, '') }), 'error');
  }

  activateHand(side, L) {
    const why = this.blocked();
    if (why) { if (why !== 'view') this.ui.message(why, 'info'); return; }
    const turn = this.ctl.turn();
    if (side !== turn) { this.ui.message(t('board.' + handWord(this) + '.notYours', sideArgs(this, turn)), 'info'); return; }
    if (this.state.selected && this.state.selected.kind === 'hand' && this.state.selected.piece === L) this.deselect(); else this.select({ kind: 'hand', piece: L });
  }

  // ------------------------------------------------------------------------ for the element, the panel and the chooser

  render() { render(this); }
  /** @param {string} letter @param {boolean} [badge] */
  pieceSvg(letter, badge) { return pieceSvg(this, letter, badge); }
  /** @param {string} sq */
  sqName(sq) { return sqName(this, sq); }
  /** @param {string} letter */
  info(letter) { return info(this, letter); }
  /** @param {string} letter */
  pieceWords(letter) { return pieceWords(this, letter); }
  hideTooltip() { hideTooltip(this); }
  /** @param {string} sq @param {boolean} focus */
  setCursor(sq, focus) { setCursor(this, sq, focus); }
  /** Shows a newly played move at the next render (slide: false when it was dragged there). */
  queueEffects(r, slide) { queueEffects(this, r, slide); }
  get orientation() { return this.state.orientation; }
  set orientation(side) { this.state.orientation = side; }
  get setId() { return this.state.setId; }
  set setId(id) { this.state.setId = id; }
  get setupSession() { return this.state.setupSession; }
  set setupSession(s) { this.state.setupSession = s; }
  get slideNext() { return this.state.slideNext; }
  set slideNext(v) { this.state.slideNext = v; }
}
