/* <zilo-board>: a board that plays any variant of the engine, for this page and for anyone's.
 *
 *   <script src="engine.js"></script>
 *   <script src="zilo-board.js"></script>
 *   <zilo-board variant="chess" mode="computer" level="2" orientation="w"></zilo-board>
 *
 * Attributes: variant, fen (a start position), moves (move texts, spaces or commas between),
 * code (a game code), orientation (w|b), mode (hotseat|computer|view), side (the person's side
 * against the computer; default: orientation), level (1–5), pieces (a piece set id), sounds,
 * lang (the language of its words, e.g. "pl": boards on one page share one language,
 * ZiloKit.lang, so setting it on one board sets it for all; without it, the browser's language).
 * Methods: play(move), undo(), takeBack(), redo(), load(codeOrFenOrSpec), newGame(variant?), goTo(ply),
 * flip(), resign(side?), hint(); fen(), moves(), history(), result(), turn(), code(), text(),
 * state(). Events: `move` (detail: the engine's report, as Zilo.Game.play returns it), `end`
 * (detail: the engine's result()), `update` (anything changed). `ready` is a promise.
 *
 * Everything lives in an open shadow root (several boards never meet; the page's styles stay
 * out). The board fits its container's width and the window's height. */
import { CSS, FONTS } from 'zilo:assets';
import { t, setLang, onLang, applyI18n } from './i18n.js';
import { engineMessage } from './engine-words.js';
import { errText } from './errors.js';
import { variants } from './engine-data.js';
import { forVariant } from './piece-sets.js';
import * as Sharing from './sharing.js';
import * as Sounds from './sounds.js';
import { GameController } from './game-controller.js';
import { SetupSession } from './setup-session.js';
import { BoardView } from './board-view.js';
import * as Chooser from './chooser.js';
import { PanelView } from './panel-view.js';
import { SetupView } from './setup-view.js';
import { OnlineSession } from './online-view.js';
import { armed, disarm } from './armed-button.js';
import { boardExtent } from './board-geometry.js';

// The skeleton's words are catalog keys (data-i18n, data-i18n-attr): applyI18n fills them,
// again whenever the language changes.
const NAV = [
  ['btn-first', 'board.nav.first', 'M6 5v14M19 5l-9 7 9 7z'],
  ['btn-prev', 'board.nav.prev', 'M16 5l-9 7 9 7z'],
  ['btn-next', 'board.nav.next', 'M8 5l9 7-9 7z'],
  ['btn-last', 'board.nav.last', 'M18 5v14M5 5l9 7-9 7z'],
];
const SKELETON = `
<div class="zb" id="zb" data-layout="narrow">
<div class="side side-top" id="side-top" role="group"></div>
<button type="button" class="btn zoom-btn" id="btn-zoom" aria-pressed="false" hidden><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="6.2" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M14.6 14.6L20 20" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/><path class="zoom-plus" d="M7 10h6M10 7v6" stroke="currentColor" stroke-width="2"/></svg></button>
<div class="board-area">
  <div class="frame" id="frame">
    <div class="coords coords-ranks" id="coords-ranks" aria-hidden="true"></div>
    <div class="board" id="board" role="grid" data-i18n-attr="aria-label:board.board"></div>
    <div class="coords coords-files" id="coords-files" aria-hidden="true"></div>
    <div class="chooser" id="chooser" role="dialog" aria-modal="true" hidden></div>
    <div class="toast" id="message" role="status" aria-live="polite" hidden></div>
    <div class="loading" id="loading" data-i18n="board.loading"></div>
  </div>
</div>
<div class="side side-bottom" id="side-bottom" role="group"></div>
<div class="panel" id="panel">
  <div class="status card" id="status" role="status" aria-live="polite" aria-atomic="true"><div class="turn" id="turn"></div><div class="note" id="note"></div></div>
  <div class="controls" id="controls">
    <div class="nav" id="nav" role="group" data-i18n-attr="aria-label:board.nav">${NAV.map(([id, key, d]) =>
  `<button type="button" class="btn" id="${id}" data-i18n-attr="aria-label:${key} title:${key}"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${d}" fill="currentColor" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"/></svg></button>`).join('')}</div>
    <div class="actions" id="actions" role="group" data-i18n-attr="aria-label:board.actions">
      <button type="button" class="btn" id="btn-takeback" data-i18n="board.takeback"></button>
      <button type="button" class="btn" id="btn-redo" data-i18n="board.redo" data-i18n-attr="title:board.redo.title"></button>
      <button type="button" class="btn" id="btn-flip" data-i18n="board.flip" data-i18n-attr="title:board.flip.title"></button>
      <button type="button" class="btn btn-hint" id="btn-hint" data-i18n="board.hint" data-i18n-attr="title:board.hint.title"></button>
      <button type="button" class="btn btn-danger" id="btn-resign" data-i18n="board.resign"></button>
      <button type="button" class="btn btn-primary" id="btn-new" data-i18n="board.new"></button>
    </div>
  </div>
  <slot name="panel"></slot>
  <div class="movelist card" id="movelist"><p class="moves-empty" id="moves-empty" data-i18n="board.moves.empty"></p><ol class="moves" id="moves" role="listbox" data-i18n-attr="aria-label:board.moves"></ol><p class="moves-result" id="moves-result"></p></div>
</div>
<div class="tooltip" id="tooltip" role="tooltip" hidden></div>
</div>`;

/** The shipped fonts, declared once per page (a shadow root cannot declare fonts). */
function installFonts() {
  if (document.getElementById('zilo-board-fonts') || !FONTS.length) return;
  const css = FONTS.map((f) => '@font-face{font-family:"' + f.family + '";font-weight:' + f.weight + ';font-style:normal;font-display:block;' +
    (f.range ? 'unicode-range:' + f.range + ';' : '') + 'src:url(data:font/woff2;base64,' + f.data + ') format("woff2")}').join('\n');
  const style = document.createElement('style');
  style.id = 'zilo-board-fonts';
  style.textContent = css;
  document.head.appendChild(style);
}

const ORIENT = { w: 'w', b: 'b', white: 'w', black: 'b', first: 'w', second: 'b' };
let lastActive = null; // the board the person last touched: it takes the arrow keys

export class ZiloBoard extends HTMLElement {
  static get observedAttributes() { return ['variant', 'fen', 'moves', 'code', 'orientation', 'mode', 'side', 'level', 'pieces', 'sounds', 'server', 'game', 'lang']; }

  constructor() {
    super();
    installFonts();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
    const tpl = document.createElement('template');
    tpl.innerHTML = SKELETON;
    root.appendChild(tpl.content);
    this.root = root;
    applyI18n(root);
    /** The game (game-controller.js), through its interface only. @type {import('./game-controller.js').GameControl | null} */
    this.ctl = null;
    this._quiet = 0;
    this.ready = new Promise((ok, fail) => { this._ready = ok; this._fail = fail; });
    this.ready.catch(() => {});
  }

  connectedCallback() {
    if (this.getAttribute('lang')) setLang(this.getAttribute('lang'));
    // Another board's lang, or the page's language switch: the words change, the game stays.
    if (!this._onLang) this._onLang = onLang(() => this.relabel());
    this.relabel(); // the language may have changed while it was away (or since it was made)
    if (this._started) { this.layout(); if (this.started) this.applyOnline(); return; }
    this._started = true;
    if (!lastActive) lastActive = this;
    if (!globalThis.Zilo || !globalThis.Zilo.ready) { this.fatal(t('board.engine.missing')); return; }
    Zilo.ready.then(() => this.start()).catch((e) => this.fatal(t('board.engine.failed', { error: errText(e) })));
  }

  disconnectedCallback() {
    if (this.ctl) this.ctl.cancelJob();
    if (this.online) { this.online.close(); this.online = null; this._onlineKey = null; }
    if (lastActive === this) lastActive = null;
    if (this._onLang) { this._onLang(); this._onLang = null; }
  }

  /** Puts the current language's words in: the skeleton's, then everything drawn. */
  relabel() {
    // An armed "Confirm" would put back its old words when it disarms: disarm it first.
    if (this.started) for (const id of ['btn-new', 'btn-resign']) { const b = this.root.getElementById(id); if (b) disarm(b); }
    applyI18n(this.root);
    this.labelZoom();
    if (!this.started) return;
    this.render();
    if (this.online) this.online.render();
  }

  /** The zoom button's words: what pressing it does now. */
  labelZoom() {
    const b = this.root.getElementById('btn-zoom');
    if (!b) return;
    const label = t(b.getAttribute('aria-pressed') === 'true' ? 'board.zoom.fit' : 'board.zoom.enlarge');
    b.setAttribute('aria-label', label);
    b.title = label;
  }

  fatal(text) {
    const l = this.root.getElementById('loading');
    l.hidden = false;
    l.classList.add('error');
    l.textContent = text;
    this._fail(new Error(text));
  }

  start() {
    const $ = (id) => this.root.getElementById(id);
    this.ctl = new GameController({
      change: () => this.render(),
      move: (r) => this.onMove(r),
      end: (r) => this.emit('end', r),
      message: (t, k) => this.panel.message(t, k),
    });
    const ui = {
      message: (t, k) => this.panel.message(t, k),
      activity: () => { lastActive = this; },
      changed: () => this.render(),
      selection: () => {},
    };
    this.view = new BoardView(this.root, this.ctl, ui);
    this.panel = new PanelView(this.root, this.ctl, this.view, ui);
    this.setupView = new SetupView(this.root, this.view);
    this.setup = null;
    Chooser.setup(this.view);
    this.applyView();
    this.applyOpp();
    try { this.startGame(this.initialSpec()); } catch (e) {
      this.startGame({ variant: this.fallbackVariant() });
      this.panel.message(t('board.load.failed', { error: errText(e) }), 'error');
    }
    // Buttons.
    $('btn-first').addEventListener('click', () => this.goTo(0));
    $('btn-prev').addEventListener('click', () => this.step(-1));
    $('btn-next').addEventListener('click', () => this.step(1));
    $('btn-last').addEventListener('click', () => this.goTo(this.ctl.length()));
    $('btn-takeback').addEventListener('click', () => this.takeBack());
    $('btn-zoom').addEventListener('click', () => this.zoom(!this.zoomed));
    $('btn-redo').addEventListener('click', () => this.redo());
    $('btn-flip').addEventListener('click', () => this.flip());
    $('btn-hint').addEventListener('click', () => this.hint());
    $('btn-resign').addEventListener('click', (e) => {
      const side = this.ctl.opponent().mode === 'computer' ? this.ctl.opponent().side : this.ctl.turn();
      const btn = /** @type {HTMLElement} */ (e.currentTarget);
      if (!btn.classList.contains('armed')) this.panel.message(t('board.resign.press', { side: this.ctl.sideInfo(side).name, theSide: this.ctl.sideInfo(side).the }), 'info');
      armed(btn, t('board.confirm'), () => this.resign(side));
    });
    $('btn-new').addEventListener('click', (e) => {
      const going = this.ctl.length() > 0 && !this.ctl.finalResult().title;
      if (!going) { this.newGame(); return; }
      // From a loaded position a new game does not start that position over: say so.
      const fromStart = this.ctl.startFen() === this.ctl.meta().startFen;
      armed(/** @type {HTMLElement} */ (e.currentTarget), t(fromStart ? 'board.new.startOver' : 'board.new.ask'), () => this.newGame());
    });
    this.addEventListener('keydown', (e) => this.onKey(e));
    this.addEventListener('pointerdown', () => { lastActive = this; });
    this.addEventListener('focusin', () => { lastActive = this; });
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.layout()).observe(this);
    window.addEventListener('resize', () => { this.layout(); this.view.hideTooltip(); });
    $('loading').hidden = true;
    this.started = true;
    this.applyOnline();
    this.layout();
    this.render();
    this._ready(this);
  }

  /** The engine lists its flagship first. */
  fallbackVariant() { return variants()[0].id; }

  /** The game the attributes describe. */
  initialSpec() {
    const code = this.getAttribute('code');
    if (code) return Sharing.decode(code);
    const moves = (this.getAttribute('moves') || '').split(/[\s,]+/).filter(Boolean);
    return { variant: this.getAttribute('variant') || this.fallbackVariant(), startFen: this.getAttribute('fen') || null, moves };
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'lang') { if (value) setLang(value); return; }
    if (!this.started || this._quiet || old === value) return;
    if (name === 'server' || name === 'game') { this.applyOnline(); return; }
    if (['variant', 'fen', 'moves', 'code'].includes(name)) {
      try { this.startGame(this.initialSpec()); } catch (e) { this.panel.message(t('board.load.failed', { error: errText(e) }), 'error'); }
    } else if (['orientation', 'pieces', 'sounds'].includes(name)) { this.applyView(); this.render(); } else this.applyOpp();
  }

  /** server="https://…" and game="<id>": the board shows that online game (online-view.js),
   * playing it with a seat this browser holds (its token in localStorage), else watching. */
  applyOnline() {
    const server = this.getAttribute('server'), game = this.getAttribute('game');
    const want = server && game ? server + ' ' + game : null;
    if (want === this._onlineKey) return;
    if (this.online) { this.online.close(); this.online = null; }
    this._onlineKey = want;
    if (want) this.online = new OnlineSession(this, server, game, { navigate: (id) => this.setAttribute('game', id) });
  }

  applyView() {
    this.view.orientation = ORIENT[this.getAttribute('orientation')] || this.view.orientation || 'w';
    this.view.setId = this.getAttribute('pieces') || null;
    this.sounds = this.hasAttribute('sounds') && this.getAttribute('sounds') !== 'off' && this.getAttribute('sounds') !== 'false';
  }

  applyOpp() {
    const mode = this.getAttribute('mode') || 'hotseat';
    const side = ORIENT[this.getAttribute('side')] || ORIENT[this.getAttribute('orientation')] || 'w';
    const before = this.ctl.opponent();
    const changed = this.ctl.setOpp({ mode, side, level: parseInt(this.getAttribute('level') || '3', 10) });
    if (!changed) return;
    this.view.deselect(true); // a turn's pending second move belonged to the old settings
    // Who sets up depends on the opponent and the person's side (not on the level): a setup
    // under way starts again only when those change.
    if (this.setup && (before.mode !== this.ctl.opponent().mode || before.side !== this.ctl.opponent().side)) this.startGame({ variant: this.ctl.meta().id });
  }

  // ------------------------------------------------------------------------ setup

  /** Loads a game; a game with a hidden setup (the variant has setup zones) that starts from
   * nothing (no position of its own, no moves) begins with its setup. Throws like ctl.load. */
  startGame(spec) {
    this.ctl.load(spec);
    this.view.deselect(true);
    if (this.setup) { this.setup.free(); this.setup = null; }
    const m = this.ctl.meta();
    // Only a game with no position of its own: any position given (even one that a setup
    // happened to produce, or the variant's default) is played as it is.
    const fresh = !spec.startFen && !(spec.moves || []).length && !spec.resigned;
    if (m.zones && fresh && this.ctl.opponent().mode !== 'view') {
      // The orientation to go back to once a hotseat setup (which turns the board to each
      // side in turn) is over.
      this.orientationBeforeSetup = spec.setup && (spec.setup.orientation === 'w' || spec.setup.orientation === 'b') ? spec.setup.orientation : this.view.orientation;
      const on = {
        change: () => this.render(),
        start: (x) => this.endSetup(x),
        send: (half) => this.emit('setup-half', { half }), // online: the server gets the half
        message: (t, k) => this.panel.message(t, k),
        face: (side) => { if (this.ctl.opponent().mode === 'hotseat' && this.view.orientation !== side) { this.view.orientation = side; this.quietly('orientation', side); } },
      };
      try {
        this.setup = new SetupSession(m, this.ctl.opponent(), on, undefined, spec.setup || null);
      } catch (e) {
        // A saved setup the engine cannot read: the setup starts again.
        this.setup = new SetupSession(m, this.ctl.opponent(), on);
        this.panel.message(t('setup.saved.unreadable', { error: engineMessage(e, m) }), 'error');
      }
    }
    this.view.setupSession = this.setup;
    this.ctl.hold(!!this.setup);
    this.render();
  }

  /** Both halves are set: the game starts from them, with the side drawn to move first. */
  endSetup({ startFen, first }) {
    const s = this.setup;
    this.setup = null;
    this.view.setupSession = null;
    this.view.deselect(true);
    this.ctl.load({ variant: this.ctl.meta().id, startFen, moves: [] });
    s.free();
    this.ctl.hold(false);
    if (this.ctl.opponent().mode === 'hotseat' && this.orientationBeforeSetup && this.view.orientation !== this.orientationBeforeSetup) {
      this.view.orientation = this.orientationBeforeSetup;
      this.quietly('orientation', this.view.orientation);
    }
    const sd = this.ctl.sideInfo(first);
    this.panel.message(t('board.setup.first', { side: sd.name }), 'info');
    this.emit('setup', { startFen, first });
    this.render();
  }

  /** Sets an attribute without reacting to it (the state is already there). */
  quietly(name, value) { this._quiet++; try { if (value == null) this.removeAttribute(name); else this.setAttribute(name, value); } finally { this._quiet--; } }

  // ------------------------------------------------------------------------ drawing

  render() {
    if (!this.view || !this.ctl.loaded()) return;
    this.view.render();
    this.panel.render();
    this.setupView.render(this.setup);
    const zb = this.root.getElementById('zb');
    zb.dataset.mode = this.ctl.opponent().mode;
    this.layout();
    this.emit('update', null);
  }

  /** Sizes the board to the room it has: its container's width, and the window's height less
   * whatever stands above the element near the top of the page (a header). In a wide space the
   * panel goes beside the board, with each player's bar docked to the board's top and bottom;
   * in a narrow one everything stacks, the person's own hand right under the board. */
  layout() {
    if (!this.ctl || !this.ctl.meta()) return;
    const m = this.ctl.meta(), zb = this.root.getElementById('zb');
    const W = this.clientWidth;
    if (!W) return;
    const top = this.getBoundingClientRect().top + (window.scrollY || 0);
    const above = top < window.innerHeight * 0.3 ? top : 0;
    const H = Math.max(240, window.innerHeight - above - 8);
    const small = W < 520 || H < 520;
    const c = m.cells ? 4 : small ? 14 : 18; // the coordinates' gutter (a hex board names its fields inside them)
    const [cols, tall] = boardExtent(m);
    const ratio = tall / cols;
    const handH = m.drops ? (small ? 38 : 46) : 0;
    const sideH = 26 + 10 + handH + 6;             // bar, padding and border, hand, gap
    const statusH = small ? 68 : 74;
    const fit = (w, h) => Math.floor(Math.min(w, h / ratio, 900));
    const panelW = Math.max(230, Math.min(340, W * 0.3));
    const wide = fit(W - panelW - 10 - c, H - c);
    const narrow = Math.max(fit(W - c, H - 2 * sideH - statusH - c - 8), Math.min(W - c, 250));
    const layout = wide >= narrow * 0.9 && wide >= 260 ? 'wide' : 'narrow';
    let bw = layout === 'wide' ? wide : Math.min(narrow, fit(W - c, 9999));
    // Fields too small for a finger (a wide hex board on a phone held upright): the board may
    // be enlarged beyond the screen's width, and scrolled sideways (see zoom()).
    const zoomable = layout === 'narrow' && bw / cols < 36;
    const zoomBtn = this.root.getElementById('btn-zoom');
    zoomBtn.hidden = !zoomable;
    const zoomed = zoomable && !!this.zoomed;
    if (zoomed) bw = Math.min(Math.round(cols * 46), Math.floor(bw * 1.6));
    zoomBtn.setAttribute('aria-pressed', zoomed ? 'true' : 'false');
    this.labelZoom();
    if (zoomed) zb.dataset.zoom = ''; else delete zb.dataset.zoom;
    // Whole pixels per square: crisp lines.
    const sqPx = Math.floor(bw / cols);
    const bwPx = sqPx * cols + 4, bhPx = Math.round(sqPx * tall) + 4;
    zb.style.setProperty('--cell', sqPx + 'px');
    zb.dataset.layout = layout;
    zb.dataset.size = small ? 's' : 'm';
    if (layout === 'wide' && H < 480) zb.dataset.short = ''; else delete zb.dataset.short;
    zb.style.setProperty('--bw', bwPx + 'px');
    zb.style.setProperty('--bh', bhPx + 'px');
    zb.style.setProperty('--frame-h', bhPx + c + 'px');
    zb.style.setProperty('--frame-w', bwPx + c + 'px');
    zb.style.setProperty('--hand-h', Math.min(handH, Math.floor((layout === 'wide' ? panelW : W) - 20) / 7.5) + 'px');
    if (layout === 'wide') zb.style.gridTemplateColumns = (bwPx + c) + 'px minmax(0, ' + Math.round(W - bwPx - c - 10) + 'px)'; else zb.style.gridTemplateColumns = '';
  }

  /** Enlarges the board (on) past the screen's width, its middle in view, or fits it again. */
  zoom(on) {
    this.zoomed = !!on;
    this.layout();
    const area = this.root.querySelector('.board-area');
    if (area) area.scrollLeft = Math.max(0, (area.scrollWidth - area.clientWidth) / 2);
  }

  // ------------------------------------------------------------------------ events

  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true })); }

  onMove(r) {
    this.view.queueEffects(r, this.view.slideNext !== false);
    this.view.slideNext = undefined;
    this.panel.clearMessage();
    if (this.sounds) Sounds.play(Sounds.kindOf(r));
    this.emit('move', r);
  }

  /** The history keys (anywhere in the element but the board's grid and the move list, which
   * have their own), H for a hint, F to flip, Escape to cancel. */
  onKey(e) {
    if (!this.ctl || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.composedPath()[0];
    if (t && t.closest && !this.root.contains(t) && t !== this) {
      // Slotted content (the page's own controls) keeps its keys, unless it is a plain button.
      if (!(t.tagName === 'BUTTON' && !t.closest('[role="radiogroup"]'))) return;
    }
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    this.key(e);
  }

  key(e) {
    const k = e.key;
    if (k === 'Escape') { this.view.deselect(); this.view.hideTooltip(); return; }
    const act = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1), Home: () => this.goTo(0), End: () => this.goTo(this.ctl.length()),
      h: () => this.hint(), H: () => this.hint(), f: () => this.flip(), F: () => this.flip(), r: () => this.redo(), R: () => this.redo() }[k];
    if (!act) return;
    e.preventDefault();
    act();
  }

  // ------------------------------------------------------------------------ the API

  /** Plays a move text at the end of the game; returns the engine's report. Throws if illegal. */
  play(move) {
    this.ctl.goToLine(null, this.ctl.mainLine().length);
    this.view.deselect(true);
    return this.ctl.play(String(move));
  }
  /** Takes back the last move (one ply). */
  undo() { this.view.deselect(true); return this.ctl.takeBack(1); }
  /** Takes back as the button does: against the computer, to the person's previous turn. */
  takeBack() { this.view.deselect(true); this.panel.clearMessage(); return this.ctl.takeBack(); }
  /** Plays again what the last take back took. */
  redo() { this.view.deselect(true); return this.ctl.redo(); }
  /** Loads a game code, a position string (of this variant), or {variant, fen, moves,
   * variations} (with `setup`, a state().setup saved during a hidden setup, to go on with it). Throws
   * with the reason if it cannot be loaded (the game on the board is kept). */
  load(x) {
    let spec;
    if (typeof x === 'string') {
      const s = x.trim();
      spec = s.includes('~') ? Sharing.decode(s) : { variant: this.ctl.meta().id, startFen: s, moves: [] };
    } else spec = { variant: x.variant || this.ctl.meta().id, startFen: x.fen || x.startFen || null, moves: x.moves || [], resigned: x.resigned || null, variations: x.variations || [], setup: x.setup || null };
    this.view.deselect(true);
    this.startGame(spec);
    // A pending "Start over?" or "Confirm" (resign) was about the game just replaced.
    for (const id of ['btn-new', 'btn-resign']) { const b = this.root.getElementById(id); if (b) disarm(b); }
    return this.state();
  }
  newGame(variant) { return this.load({ variant: variant || this.ctl.meta().id }); }
  goTo(ply) { this.view.deselect(true); this.ctl.goTo(ply); }
  /** Looks at ply n of the game itself (its main line), from a variation too. */
  goToMain(ply) { this.view.deselect(true); this.ctl.goToLine(null, ply); }
  step(d) {
    const n = this.ctl.ply() + d;
    if (n < 0 || n > this.ctl.length()) return;
    this.view.deselect(true);
    if (d === 1) this.view.queueEffects(this.ctl.lineMoves()[n - 1], true);
    this.ctl.goTo(n);
  }
  flip() {
    this.view.orientation = this.view.orientation === 'w' ? 'b' : 'w';
    this.quietly('orientation', this.view.orientation);
    this.view.deselect(true);
    this.render();
  }
  resign(side) { this.view.deselect(true); return this.ctl.resign(side || (this.ctl.opponent().mode === 'computer' ? this.ctl.opponent().side : this.ctl.turn())); }
  hint() { return this.ctl.askHint(); }
  /** Shows a short message over the board (kind: 'info' or 'error'). */
  message(text, kind) { if (this.panel) this.panel.message(text, kind); }
  fen() { return this.ctl.fen(); }
  /** The game's moves (its main line; variations are in state().variations). */
  moves() { return this.ctl.mainLine().map((r) => r.move); }
  history() { return this.ctl.mainLine(); }
  result() { return this.ctl.finalResult(); }
  turn() { return this.ctl.turn(); }
  code() { return Sharing.encode(this.ctl.spec()); }
  text(extra) { return Sharing.text(this.ctl.gameRecord(), this.ctl.meta(), extra); }
  /** The moves from the start to the position looked at (on the line looked at). */
  movesToHere() { return this.ctl.lineMoves().slice(0, this.ctl.ply()).map((r) => r.move); }
  /** Plays `moves` from the position looked at as a variation (also at the end of the game);
   * returns how many were played. */
  playVariation(moves) { this.view.deselect(true); return this.ctl.playVariation(Array.from(moves, String)); }
  /** Marks moves of the main line with glyphs (`{3: '??'}`) from an analysis of `moves` (null
   * clears them); a mark shows while the main line starts with those moves. */
  setGlyphs(moves, marks) { this.ctl.setGlyphs(moves, marks); }
  /** The game as PGN (the engine's Game.toPgn): its main line and result, with `tags`. */
  pgn(tags) { return this.ctl.pgn(tags); }
  get variant() { return this.ctl && this.ctl.meta() ? this.ctl.meta().id : this.getAttribute('variant'); }
  get orientation() { return this.view ? this.view.orientation : ORIENT[this.getAttribute('orientation')] || 'w'; }
  get ply() { return this.ctl ? this.ctl.ply() : 0; }
  /** Everything about the game, as plain data. */
  state() {
    const c = this.ctl;
    return {
      variant: c.meta().id, startFen: c.startFen(), fen: c.fen(), moves: this.moves(), sans: c.lineMoves().map((r) => r.san),
      variations: c.variations(), ply: c.ply(), turn: c.turn(), result: c.finalResult(), resigned: c.resignedSide(), mode: c.opponent().mode, side: c.opponent().side, level: c.opponent().level,
      orientation: this.view.orientation, thinking: c.thinking(), phase: this.setup ? 'setup' : 'play',
      // A hint being searched for, and the hint shown (its move text), if any.
      hinting: c.hinting(), hint: (c.currentHint() || { move: null }).move,
      // A setup under way, to save and go on from (load({variant, setup})): never to show.
      setup: this.setup ? Object.assign(this.setup.snapshot(), { orientation: this.orientationBeforeSetup }) : null,
    };
  }
  /** The piece sets this variant can be drawn with: [{id, title}], the default first. */
  pieceSets() { return forVariant(this.ctl.meta()).map((s) => ({ id: s.id, title: s.title })); }
}

// Keys pressed with nothing focused go to the board last touched (the page's one board, or
// the last of several).
document.addEventListener('keydown', (e) => {
  const a = document.activeElement;
  if (!lastActive || !lastActive.isConnected || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  if (a && a !== document.body && a !== document.documentElement && !(a.tagName === 'BUTTON' && !a.closest('zilo-board') && !a.closest('[role="radiogroup"]'))) return;
  if (document.querySelector('dialog[open]')) return;
  if (lastActive.ctl) lastActive.key(e);
});

