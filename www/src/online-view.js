/* An online game on a <zilo-board>: the board shows what the server says (online-client.js
 * keeps the socket), and the person's moves go to the server.
 *
 * - OnlineSession: one game on one board. A seated player's board is in mode "online" (only
 *   their side, only at the end of the line, no take-back or hints); a spectator's in "view".
 *   A move is shown at once and sent; the server's `ack` confirms it, a `reject` takes it back
 *   with the reason. Whatever arrives (snapshot or events) is folded into `g`, the game as the
 *   server has it, and the board is brought to `g`'s moves plus the moves still unconfirmed.
 *   Cyvasse: each player sets up their own half with the board's setup tools, "Done" sends it;
 *   the other half stays hidden (the server holds it) until `start`.
 *   Each player's bar at their own edge of the board (the board's side bars) shows their name
 *   (you / opponent), whether they are connected (or since when gone) and their clock (the
 *   running one ticks, a low one warns; a clock runs once its side has made its first move).
 *   The card over the status line shows what the game waits for (a first move before the
 *   game is aborted, a draw or rematch offer), the watchers, a quiet banner while the
 *   connection is down, and the buttons: abort (until both sides have moved), resign,
 *   offer/accept a draw, and after the end a rematch: an offer the other accepts or declines
 *   (colours swapped: a new game both seats move to), "Go to the rematch" once it exists.
 *   Nothing local shows during an online game (redo, take back, hints, new game).
 * - OnlinePage: the page's "Online" choice: a form (game, time control, colour) that creates
 *   a game, and the link `#online=<id>` that joins it (or watches once both seats are taken).
 *
 * No rules here: results and names come from the engine and the server. */
import { t } from './i18n.js';
import { engineMessage, gameWord } from './engine-words.js';
import { sideInfo } from './piece-sets.js';
import { variants } from './engine-data.js';
import { h } from './dom.js';
import { armed } from './armed-button.js';
import { other } from './sides.js';
import * as Sounds from './sounds.js';
import * as Online from './online-client.js';
import * as Lobby from './lobby.js';
import * as Push from './push.js';
import { LobbyView, closeLobby, playerCard } from './lobby-view.js';
const SIDE = { first: 'w', second: 'b' };
const SEAT = { w: 'first', b: 'second' };
const LOW_MS = 20000;          // a clock under this warns
const LAST_KEY = 'zilo.online.last'; // the game last played online: the form opens on it
const RATED_KEY = 'zilo.rated.v1';    // per rated game: both players' ratings before it (for the change shown at its end)
const START_RATING = 1500;            // a player's rating before their first rated game of a kind (the server's)
const RESULT_WINNER = { '1-0': 'w', '0-1': 'b' };
// The server's reasons for an end the engine's position does not show, as catalog keys.
const HOW = { time: 'online.how.time', resignation: 'online.how.resignation', agreement: 'online.how.agreement', aborted: 'online.how.aborted' };

const STYLE = `
.online-card { display: grid; gap: 6px; padding: 8px 10px; }
.online-card[hidden] { display: none; }
.ol-banner { font-size: 13px; padding: 3px 8px; border-radius: 6px; background: #f4ecd9; color: #6b5a3a; }
.ol-player { display: flex; flex: 1 1 auto; align-items: center; gap: 8px; min-width: 0; }
.ol-player .ol-clock { margin-left: auto; }
.zb[data-online] .bar .bar-name, .zb[data-online] .bar .move-flag { display: none; }
.ol-who { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
.ol-name { font-weight: 650; }
.ol-name-btn { font: inherit; font-weight: 650; background: none; border: 0; padding: 0; color: inherit; cursor: pointer; }
.ol-name-btn:hover, .ol-name-btn:focus-visible { text-decoration: underline; }
.ol-rating { margin-left: 6px; color: #6b5a3a; font-weight: 500; font-variant-numeric: tabular-nums; }
.ol-diff { margin-left: 4px; font-weight: 650; font-size: 13px; font-variant-numeric: tabular-nums; }
.ol-diff.up { color: #2e7d32; } .ol-diff.down { color: #b3261e; } .ol-diff.same { color: #7a6f60; }
.ol-rating-change { display: block; font-weight: 600; }
.ol-state { font-size: 12px; color: #7a6f60; margin-left: 6px; }
.ol-state.gone { color: #a23b2a; }
.ol-clock { font: 700 17px/1.2 ui-monospace, Menlo, Consolas, monospace; padding: 1px 8px; border-radius: 6px; background: #ece5d8; min-width: 4.2em; text-align: right; }
.ol-clock[hidden] { display: none; }
.ol-clock.running { background: #2a241d; color: #f7f1e6; }
.ol-clock.low { background: #b3261e; color: #fff; }
.ol-info { font-size: 13px; }
.ol-link { display: flex; gap: 6px; flex-wrap: wrap; }
.ol-link input { flex: 1 1 10em; min-width: 0; font: 12px ui-monospace, Menlo, Consolas, monospace; }
.ol-actions { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; }
.ol-watchers { font-size: 12px; color: #7a6f60; margin-left: auto; }
.ol-result { font-weight: 700; }
.zb[data-short] .online-card { gap: 2px; padding: 4px 8px; }
.zb[data-short] .ol-clock { font-size: 14px; padding: 0 6px; }
.ol-first { font-weight: 600; }
.zb[data-short] .ol-info { font-size: 12px; }
.zb[data-short] .ol-actions .btn { min-height: 26px; padding: 2px 8px; font-size: 12.5px; }
.zb[data-mode="online"] #btn-takeback, .zb[data-mode="online"] #btn-hint, .zb[data-mode="online"] #btn-resign, .zb[data-mode="online"] #btn-new,
.zb[data-online] #btn-new, .zb[data-online] #btn-takeback, .zb[data-online] #btn-redo, .zb[data-online] #btn-hint, .zb[data-online] #btn-resign { display: none; }
`;

export const clockText = (ms) => {
  if (ms == null) return '';
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return t('online.clock.days', { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return Math.floor(s / 3600) + ':' + String(Math.floor((s % 3600) / 60)).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
};
/** What each of the server's events (EVENTS, online-client.js) changes in `g`, the game as the
 * server has it, beside what every event frame states (ADDED). */
const FOLDS = {
  joined(g, m) { g.players[m.seat] = true; g.clockAt = Date.now(); },
  ready(g, m) { g.ready[m.seat] = true; },
  start(g, m) { g.position = g.start = m.position; g.moves = []; g.clockAt = Date.now(); },
  move(g, m) {
    g.moves.push(m.move);
    g.position = m.position;
    if (m.clock) { g.clock = m.clock; g.clockAt = Date.now(); }
  },
  draw() { /* the offer is the frame's draw_offer */ },
  rematch_offer() { /* the offer is the frame's rematch_offer */ },
  rematch_decline() { /* the frame's rematch_offer is null again */ },
  rematch(g, m) { g.rematch = m.game; },
  end(g, m) { g.result = m.result; g.reason = m.reason; },
};

/** What every event frame states of the game after it (the README's additions). */
const ADDED = ['status', 'draw_offer', 'clock_running', 'abortable', 'first_move_ms', 'rematch_offer'];

const since = (ms) => { const s = Math.floor(ms / 1000); return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0'); };

export class OnlineSession {
  /** board: a started <zilo-board>; base: the server's origin; game: the id; opts: {link(id)
   * → the link to send, navigate(id) → moves to a rematch (default: follow on this board)}. */
  /** @param {import('./zilo-board.js').ZiloBoard} board @param {string} base @param {string} game
   * @param {{link?: (id: string) => string, navigate?: (id: string) => void, title?: boolean, card?: (name: string) => void}} [opts] */
  constructor(board, base, game, opts) {
    this.board = board;
    this.base = base;
    this.opts = opts || {};
    this.g = null;
    this.presence = null;
    this.presenceAt = 0;
    this.applying = 0;
    this.faced = false;
    const root = board.root;
    if (!root.getElementById('online-style')) root.appendChild(h('style', { id: 'online-style', text: STYLE }));
    this.card = root.getElementById('online-card') || h('div', { class: 'online-card card', id: 'online-card', role: 'group', 'aria-label': t('online.card') });
    root.getElementById('panel').insertBefore(this.card, root.getElementById('status'));
    root.getElementById('zb').dataset.online = '';
    // Each player's name, presence and clock in their bar at the board's edge; the status line
    // says what the game waits for while a watcher cannot see a hidden setup.
    this.tags = {};
    this.clocks = {};
    board.view.sideExtra = (side) => this.tag(side);
    board.view.statusText = () => this.statusText();
    this.onMove = (e) => { if (!this.applying && this.seat && this.client) this.sendMove(e.detail.move); };
    this.onHalf = (e) => { if (this.client && this.seat) this.client.send({ t: 'setup', half: e.detail.half }); this.render(); };
    board.addEventListener('move', this.onMove);
    board.addEventListener('setup-half', this.onHalf);
    this.ticker = setInterval(() => this.renderClocks(), 250);
    // "(1) Your move" in the tab's title while this browser's move is awaited (the page may
    // set its title any time: it is prefixed again).
    this.titled = false;
    if (this.opts.title) {
      this.titleWatch = new MutationObserver(() => this.renderTitle());
      const el = document.querySelector('title');
      if (el) this.titleWatch.observe(el, { childList: true, characterData: true, subtree: true });
    }
    this.open(game);
  }

  /** Connects to game `id` (a rematch reuses the session and the board). */
  open(id) {
    if (this.client) this.client.close();
    this.game = id;
    this.g = null;
    this.presence = null;
    this.connection = 'connecting';
    this.faced = false;
    this.ratings = { first: null, second: null };
    this.client = new Online.OnlineClient(this.base, id, {
      snapshot: (m) => {
        this.g = m.game; this.g.v = m.v; this.g.firstMoveAt = Date.now(); this.seatName = m.seat;
        if (m.seat) try { localStorage.setItem(LAST_KEY, m.game.variant); } catch (_) { /* not kept */ }
        // A seat new to this browser's push subscription is posted with it.
        if (m.seat) Push.follow(this.base, id);
        this.sync(true);
        this.loadRatings();
      },
      event: (m) => this.event(m),
      ack: () => this.render(),
      reject: (c, refusal) => this.rejected(c, refusal),
      presence: (m) => { this.presence = m; this.presenceAt = Date.now(); this.render(); },
      connection: (s) => { this.connection = s; this.render(); },
      error: (t) => this.board.message(t, 'error'),
    });
    this.seatName = this.client.seat;
    this.client.connect();
    this.render();
  }

  get seat() { return this.seatName ? SIDE[this.seatName] : null; }

  close() {
    clearInterval(this.ticker);
    if (this.titleWatch) this.titleWatch.disconnect();
    this.titleWatch = null;
    this.setTitle(false);
    if (this.client) this.client.close();
    this.client = null;
    this.board.removeEventListener('move', this.onMove);
    this.board.removeEventListener('setup-half', this.onHalf);
    this.card.remove();
    this.curtain(false);
    this.board.view.sideExtra = null;
    this.board.view.statusText = null;
    delete this.board.root.getElementById('zb').dataset.online;
    this.board.ctl.setOutcome(null);
  }

  // ------------------------------------------------------------------ the server's game

  /** Folds an event into `g`. What it leaves (the status, the standing draw offer) the server
   * says in the frame; each event's own fields are in FOLDS. */
  event(m) {
    const g = this.g, fold = FOLDS[m.t];
    if (!g || !fold) return;
    g.v = m.v;
    for (const k of ADDED) if (k in m) g[k] = m[k];
    g.firstMoveAt = Date.now();
    fold(g, m);
    this.sync(m.t === 'start');
    if (m.t === 'end' && this.board.sounds) try { Sounds.play('end'); } catch (_) { /* no sound */ }
    // A player seated now (a join by link): their name comes with the game's view.
    if (m.t === 'joined') this.refreshNames();
    // A rated game's end moved both ratings (the server stores them with the end).
    if (m.t === 'end') this.loadRatings();
    if (m.t === 'move' && this.seat && g.status === 'playing' && this.serverTurn() === this.seat) this.notify(m);
    // The players agreed: both move to the new game. A watcher is offered it ("Go to the rematch").
    if (m.t === 'rematch' && this.seat) this.follow(m.game);
  }

  /** Moves to the rematch: a seat keeps its token, on the other side. */
  follow(id) {
    if (this.seatName) {
      const mine = Online.Seats.get(this.game);
      if (mine) Online.Seats.put(id, { token: mine.token, seat: mine.seat === 'first' ? 'second' : 'first' });
    }
    if (this.opts.navigate) this.opts.navigate(id); else this.open(id);
  }

  /** Brings the board to the server's game plus the moves not yet confirmed. */
  sync(full) {
    const g = this.g, b = this.board;
    if (!g) return;
    // A seat plays until the end; after it (an aborted game has no result the engine could
    // see) the board only shows the game.
    const mode = this.seat && g.status !== 'over' ? 'online' : 'view';
    if (b.getAttribute('mode') !== mode) b.setAttribute('mode', mode);
    if (this.seat && b.getAttribute('side') !== this.seat) b.setAttribute('side', this.seat);
    if (!this.faced) { this.faced = true; b.setAttribute('orientation', this.seat || 'w'); }
    const hiddenSetup = g.position == null;
    this.applying++;
    try {
      if (hiddenSetup) {
        b.ctl.setOutcome(null);
        if (b.variant !== g.variant || (this.seat && !b.setup) || full) b.load({ variant: g.variant });
        if (b.setup && g.half && this.seat) b.setup.sent(this.seat, g.half);
        if (b.setup && this.seat && this.client.outbox.some((c) => c.t === 'setup')) b.setup.sent(this.seat, null);
        b.render();
      } else this.reconcile();
      this.curtain(hiddenSetup && !this.seat);
      this.applyOutcome();
    } finally { this.applying--; }
    this.render();
  }

  /** A spectator sees no board during a hidden setup (the halves are the players' secret). */
  curtain(on) {
    const frame = this.board.root.getElementById('frame');
    let c = this.board.root.getElementById('online-curtain');
    if (!on) { if (c) c.remove(); return; }
    if (!c) frame.appendChild(h('div', { class: 'curtain', id: 'online-curtain' }, h('div', { class: 'curtain-card' }, h('p', { class: 'curtain-title', text: t('online.curtain.title') }), h('p', { class: 'curtain-note', text: t('online.curtain.note') }))));
  }

  reconcile() {
    const g = this.g, b = this.board;
    let pending = this.client.pendingMoves();
    const want = g.moves.concat(pending);
    const have = b.moves();
    const same = b.variant === g.variant && !b.setup && b.state().startFen === g.start && have.length <= want.length && have.every((m, i) => m === want[i]);
    if (same) {
      for (let i = have.length; i < want.length; i++) {
        try { b.play(want[i]); } catch (e) { this.dropPending(want[i], engineMessage(e, g.variant)); return; }
      }
      return;
    }
    try { b.load({ variant: g.variant, fen: g.start, moves: want }); } catch (e) {
      // An unconfirmed move that no longer fits (the game moved on): it is dropped.
      pending = [];
      this.client.outbox = this.client.outbox.filter((c) => c.t !== 'move');
      this.client.save();
      b.load({ variant: g.variant, fen: g.start, moves: g.moves });
    }
  }

  dropPending(move, reason) {
    this.client.outbox = this.client.outbox.filter((c) => !(c.t === 'move' && c.move === move));
    this.client.save();
    this.board.message(t('online.move.dropped', { move, reason }), 'error');
    this.board.load({ variant: this.g.variant, fen: this.g.start, moves: this.g.moves });
  }

  /** The server's end of the game, where the engine's position does not say it (time,
   * resignation, agreement): the board shows it as the result. */
  applyOutcome() {
    const g = this.g, ctl = this.board.ctl;
    if (!g || g.status !== 'over' || !ctl.meta()) { ctl.setOutcome(null); return; }
    ctl.setOutcome(null);
    if (ctl.finalResult().result === g.result && g.result !== '*' && !HOW[g.reason]) return; // the engine says it
    ctl.setOutcome(this.outcome());
  }

  /** The result in words: {result, winner, title, text}. */
  outcome() {
    const g = this.g, meta = this.board.ctl.meta();
    const winner = RESULT_WINNER[g.result] || null;
    const name = (s) => sideInfo(meta, s).name;
    const how = HOW[g.reason] ? t(HOW[g.reason]) : g.reason ? t('online.how.other', { reason: g.reason }) : '';
    if (g.reason === 'aborted') return { result: g.result, winner: null, title: t('online.aborted.title'), text: t('online.aborted') };
    if (!winner) {
      return g.reason === 'agreement' ? { result: g.result, winner: null, title: t('online.draw.agreed.title'), text: t('online.draw.agreed') }
        : { result: g.result, winner: null, title: t('online.draw.title'), text: t('online.draw.reason', { reason: g.reason }) };
    }
    const loser = other(winner);
    const text = g.reason === 'time' ? t('online.end.time', { side: name(loser) })
      : g.reason === 'resignation' ? t('online.end.resigned', { side: name(loser) }) : t('online.end.won', { side: name(winner), how });
    return { result: g.result, winner, title: t('online.end.title', { side: name(winner), how }), text };
  }

  // ------------------------------------------------------------------ the person's commands

  sendMove(move) {
    // The version is the server's as this board knows it: any event unseen makes it stale.
    this.client.send({ t: 'move', v: this.g.v + this.client.outbox.filter((c) => c.t === 'move').length, move });
    this.render();
  }

  /** The server refused command `c`; `refusal` is its coded reason (see online-client). */
  rejected(c, refusal) {
    const reason = Online.message(refusal, this.g && this.g.variant);
    if (c.t === 'move') {
      this.board.message(t('online.move.rejected', { reason }), 'error');
      this.applying++;
      try { this.board.load({ variant: this.g.variant, fen: this.g.start, moves: this.g.moves.concat(this.client.pendingMoves()) }); } finally { this.applying--; }
      this.applyOutcome();
    } else if (c.t === 'setup') {
      if (this.board.setup && this.seat) this.board.setup.refused(this.seat);
      this.board.message(t('online.setup.rejected', { reason }), 'error');
      this.board.render();
    } else this.board.message(reason, 'error');
    this.render();
  }

  command(t) { if (this.client) this.client.send({ t }); this.render(); }

  /** The status line's words while a watcher waits for a hidden setup (null: the board's own). */
  statusText() {
    const g = this.g;
    if (!g || this.seat || g.position != null || g.status === 'over') return null;
    return { title: t(g.status === 'waiting' ? 'online.waiting.watcher' : 'online.setup.watching'), text: t('online.curtain.note') };
  }

  // ------------------------------------------------------------------ drawing

  name(side) {
    const meta = this.board.ctl.meta();
    const player = this.player(side);
    const n = player || (meta ? sideInfo(meta, side).name : side);
    if (!this.seat) return n;
    if (player && side !== this.seat) return player;
    return t(side === this.seat ? 'online.player.you' : 'online.player.opponent', { side: n });
  }

  /** The account name on `side`'s seat (null: none). */
  player(side) {
    const names = this.g && this.g.names;
    const n = names ? names[SEAT[side]] : null;
    return typeof n === 'string' && n ? n : null;
  }

  // ------------------------------------------------------------------ names and ratings

  async refreshNames() {
    const id = this.game, v = await Online.view(this.base, id);
    if (!v || id !== this.game || !this.g) return;
    this.g.names = v.names || null;
    this.g.rated = !!v.rated;
    this.loadRatings();
  }

  /** Both named players' ratings in this game's kind, from their pages; a rated game's
   * ratings before it are kept (per game) for the change its end shows. */
  async loadRatings() {
    const g = this.g, id = this.game;
    if (!g) return;
    const seats = ['first', 'second'].filter((seat) => this.player(SIDE[seat]));
    if (!seats.length) return;
    const pages = await Promise.all(seats.map((seat) => Lobby.player(this.base, this.player(SIDE[seat])).catch(() => null)));
    if (id !== this.game || !this.g) return;
    let kept = {};
    try { kept = JSON.parse(localStorage.getItem(RATED_KEY) || '{}') || {}; } catch (_) { kept = {}; }
    const before = kept[id] || null;
    this.ratingsAfterEnd = g.status === 'over';
    seats.forEach((seat, i) => {
      const p = pages[i], r = p && p.ratings ? p.ratings[g.variant] : null;
      const now = r ? r.rating : START_RATING;
      this.ratings[seat] = { now, before: before && typeof before[seat] === 'number' ? before[seat] : null };
    });
    if (g.rated && g.status !== 'over' && !before && seats.length === 2) {
      kept[id] = { first: this.ratings.first.now, second: this.ratings.second.now, at: Date.now() };
      // Old games are forgotten first.
      const ids = Object.keys(kept).sort((a, b) => (kept[a].at || 0) - (kept[b].at || 0));
      while (ids.length > 50) delete kept[ids.shift()];
      try { localStorage.setItem(RATED_KEY, JSON.stringify(kept)); } catch (_) { /* not kept */ }
    }
    this.render();
  }

  /** `side`'s rating, and after a rated game's end its change: {text, diff} or null. */
  ratingOf(side) {
    const r = this.ratings && this.ratings[SEAT[side]];
    if (!r) return null;
    const over = this.g && this.g.status === 'over' && this.g.rated;
    const diff = over && this.ratingsAfterEnd && r.before != null ? Math.round(r.now) - Math.round(r.before) : null;
    return { now: Math.round(r.now), before: r.before == null ? null : Math.round(r.before), diff };
  }

  // ------------------------------------------------------------------ your move

  /** Whether this browser's player is to move (and has not moved yet). */
  yourMove() {
    const g = this.g;
    return !!(g && this.seat && g.status === 'playing' && g.position != null && this.serverTurn() === this.seat && this.client && !this.client.outbox.some((c) => c.t === 'move'));
  }

  renderTitle() { if (this.opts.title) this.setTitle(this.yourMove()); }

  setTitle(on) {
    const prefix = '(1) ' + t('online.yourMove') + ' · ';
    const title = document.title;
    const bare = title.replace(/^\(1\) [^·]*· /, '');
    const want = on ? prefix + bare : bare;
    if (title !== want) document.title = want;
  }

  /** Tells a player whose tab is hidden that the opponent moved (with their permission). */
  notify(m) {
    if (!this.opts.title || typeof Notification === 'undefined' || Notification.permission !== 'granted' || !document.hidden || Push.off()) return;
    try {
      const meta = this.board.ctl.meta();
      const n = new Notification(t('online.notify.title'), { body: t('online.notify.body', { move: String(m.text || m.move), game: meta ? meta.name : this.g.variant }), tag: 'zilo-' + this.game });
      n.onclick = () => { window.focus(); n.close(); };
    } catch (_) { /* not allowed here */ }
  }

  render() {
    const card = this.card, g = this.g;
    card.textContent = '';
    if (this.connection !== 'online') {
      card.appendChild(h('div', { class: 'ol-banner', role: 'status', 'data-online': 'banner', text: this.connection === 'connecting' && !g ? t('online.connecting') : t('online.reconnecting') + (this.client && this.client.outbox.length ? ' ' + t('online.willSend') : '') }));
    }
    this.renderTitle();
    if (!g) return;
    this.clocks = {};
    for (const side of ['w', 'b']) this.fillTag(side);
    card.appendChild(this.info());
    const actions = this.actions();
    if (actions) card.appendChild(actions);
    this.renderClocks();
  }

  /** The element the board's bar for `side` ends with (kept, so its clock ticks in place). */
  tag(side) {
    if (!this.g) return null;
    if (!this.tags[side]) { this.tags[side] = h('span', { class: 'ol-player', 'data-side': side }); this.fillTag(side); }
    return this.tags[side];
  }

  fillTag(side) {
    const el = this.tags[side];
    if (!el || !this.g) return;
    el.textContent = '';
    el.append(...this.playerRow(side).childNodes);
  }

  playerRow(side) {
    const g = this.g, seat = SEAT[side];
    const player = this.player(side), card = this.opts.card;
    const who = h('span', { class: 'ol-who' }, player && card
      ? h('button', { type: 'button', class: 'ol-name ol-name-btn', 'data-player': seat, title: t('lobby.card.title', { name: player }), text: this.name(side), onclick: () => card(player) })
      : h('span', { class: 'ol-name', 'data-player': player ? seat : null, text: this.name(side) }));
    const rating = this.ratingOf(side);
    if (rating) {
      who.appendChild(h('span', { class: 'ol-rating', 'data-rating': seat, text: String(rating.now) }));
      if (rating.diff != null) who.appendChild(h('span', { class: 'ol-diff ' + (rating.diff > 0 ? 'up' : rating.diff < 0 ? 'down' : 'same'), 'data-rating-diff': seat, text: (rating.diff > 0 ? '+' : rating.diff < 0 ? '−' : '±') + Math.abs(rating.diff) }));
    }
    let state = '', gone = false;
    if (!g.players[seat]) state = t('online.presence.notYet');
    else if (this.presence && side !== this.seat) {
      const away = this.presence.away_ms[seat];
      if (this.presence.online[seat]) state = t('online.presence.online');
      else if (away != null) { state = t('online.presence.gone', { since: since(away + Date.now() - this.presenceAt) }); gone = true; } else { state = t('online.presence.off'); gone = true; }
    }
    if (state) who.appendChild(h('span', { class: 'ol-state' + (gone ? ' gone' : ''), 'data-presence': seat, 'data-away': gone && this.presence.away_ms[seat] != null ? String(this.presence.away_ms[seat]) : null, text: state }));
    const clock = h('span', { class: 'ol-clock', 'data-clock': seat, role: 'timer', 'aria-label': t('online.clock', { player: this.name(side) }) });
    this.clocks[seat] = clock;
    if (!g.clock) clock.hidden = true;
    return h('div', { class: 'ol-player', 'data-side': side }, who, clock);
  }

  /** The running side's time is the server's figure less what passed since it came. */
  renderClocks() {
    const g = this.g;
    if (!g) return;
    // "gone since 0:12" counts on between presence frames.
    for (const el of this.card.querySelectorAll('[data-away]')) el.textContent = t('online.presence.gone', { since: since(Number(/** @type {HTMLElement} */ (el).dataset.away) + Date.now() - this.presenceAt) });
    const first = this.card.querySelector('[data-online="first-move"]');
    if (first) first.textContent = this.firstMoveText();
    if (!g.clock || !this.clocks) return;
    const running = g.status === 'playing' && g.position != null && g.clock_running !== false ? SEAT[this.serverTurn()] : null;
    for (const seat of ['first', 'second']) {
      const el = this.clocks[seat];
      if (!el) continue;
      let ms = g.clock[seat];
      if (seat === running) ms -= Date.now() - (g.clockAt || Date.now());
      el.textContent = clockText(ms);
      el.classList.toggle('running', seat === running);
      el.classList.toggle('low', ms < LOW_MS && seat === running);
    }
  }

  /** How long the side to move has left for its first move before the game is aborted. */
  firstMoveText() {
    const g = this.g;
    const seconds = Math.max(0, Math.ceil((g.first_move_ms - (Date.now() - (g.firstMoveAt || Date.now()))) / 1000));
    const side = this.serverTurn();
    if (this.seat === side) return t('online.firstMove.yours', { seconds });
    return t('online.firstMove.theirs', { side: sideInfo(this.board.ctl.meta(), side).name, seconds });
  }

  /** Whose move it is on the server (unconfirmed moves do not stop its clock): the side to
   * move in its position (a turn may hold more than one move). */
  serverTurn() {
    return String(this.g.position || '').trim().split(/\s+/)[1] === 'b' ? 'b' : 'w';
  }

  info() {
    const g = this.g, box = h('div', { class: 'ol-info', 'data-online': 'info' });
    if (g.status === 'waiting') {
      if (!this.seat) { box.textContent = t('online.waiting.watcher'); return box; }
      const link = this.opts.link ? this.opts.link(this.game) : this.game;
      const input = h('input', { type: 'text', readonly: true, value: link, 'aria-label': t('online.link.label'), 'data-online': 'link' });
      const copy = h('button', { type: 'button', class: 'btn', 'data-action': 'copy-link', onclick: async () => {
        let ok = false;
        try { await navigator.clipboard.writeText(link); ok = true; } catch (_) { input.select(); try { ok = document.execCommand('copy'); } catch (_) { ok = false; } }
        this.board.message(t(ok ? 'online.link.copied' : 'online.link.select'), 'info');
      } }, t('online.copy'));
      const row = h('div', { class: 'ol-link' }, input, copy);
      if (navigator.share) row.appendChild(h('button', { type: 'button', class: 'btn', 'data-action': 'share-link', onclick: () => navigator.share({ title: t('online.share.title', { game: this.board.ctl.meta().name }), url: link }).catch(() => {}) }, t('online.share')));
      box.append(h('div', { text: t('online.waiting.send') }), row);
      // The link is what the player needs now: bring it into view once drawn (on a phone held
      // sideways the panel is taller than the screen).
      requestAnimationFrame(() => { if (input.isConnected) input.scrollIntoView({ block: 'nearest' }); });
      return box;
    }
    if (g.position == null && g.status === 'setup') {
      const mine = this.seat && (g.ready[this.seatName] || (this.board.setup && this.board.setup.isDone(this.seat)));
      const theirs = this.seat ? g.ready[this.seatName === 'first' ? 'second' : 'first'] : false;
      box.textContent = !this.seat ? t('online.setup.watching')
        : mine ? t('online.setup.sent') : t('online.setup.yours') + (theirs ? ' ' + t('online.setup.theirsReady') : '');
      return box;
    }
    if (g.status === 'over') {
      const r = this.board.ctl.finalResult();
      const said = g.reason === 'aborted' ? t('online.aborted.title') : g.result + ' · ' + (r.title || this.outcome().title);
      box.appendChild(h('span', { class: 'ol-result', 'data-online': 'result', text: said }));
      const mine = this.seat ? this.ratingOf(this.seat) : null;
      if (g.rated && mine && mine.before != null) box.append(' ', h('span', { class: 'ol-rating-change', 'data-online': 'rating-change', text: t('online.rating.change', { before: String(mine.before), after: String(mine.now), diff: (mine.diff > 0 ? '+' : mine.diff < 0 ? '−' : '±') + Math.abs(mine.diff) }) }));
      else if (g.rated && mine) box.append(' ', h('span', { class: 'ol-rating-change', 'data-online': 'rating-change', text: t('online.rating.now', { after: String(mine.now) }) }));
      const offer = g.rematch ? null : g.rematch_offer;
      if (offer) {
        const key = offer === this.seatName ? 'online.rematch.youOffered' : this.seat ? 'online.rematch.theyOffer' : 'online.rematch.offered';
        box.append(' ', h('span', { 'data-online': 'rematch-offer', text: t(key, { side: sideInfo(this.board.ctl.meta(), SIDE[offer]).name }) }));
      }
      return box;
    }
    if (g.draw_offer) box.textContent = t(g.draw_offer === this.seatName ? 'online.draw.youOffered' : this.seat ? 'online.draw.theyOffer' : 'online.draw.offered');
    else if (this.seat && this.client.outbox.some((c) => c.t === 'move')) box.textContent = t('online.sending');
    else if (this.seat) box.textContent = t(this.serverTurn() === this.seat ? 'online.turn.yours' : 'online.turn.theirs');
    // Until both sides have moved, the time left for the first move (then the game is aborted).
    if (g.first_move_ms != null && g.position != null && g.status === 'playing') {
      if (box.textContent) box.append(' ');
      box.appendChild(h('span', { class: 'ol-first', 'data-online': 'first-move', text: this.firstMoveText() }));
    }
    return box;
  }

  actions() {
    const g = this.g;
    const row = h('div', { class: 'ol-actions' });
    if (this.seat && g.status !== 'over' && g.abortable) {
      row.appendChild(h('button', { type: 'button', class: 'btn', 'data-action': 'online-abort', onclick: () => this.command('abort') }, t('online.abort')));
    }
    if (this.seat && g.status === 'playing' && g.position != null) {
      row.appendChild(h('button', { type: 'button', class: 'btn btn-danger', 'data-action': 'online-resign', onclick: (e) => armed(e.currentTarget, t('board.confirm'), () => this.command('resign')) }, t('board.resign')));
      const theirs = g.draw_offer && g.draw_offer !== this.seatName;
      row.appendChild(h('button', { type: 'button', class: 'btn', 'data-action': theirs ? 'accept-draw' : 'offer-draw', disabled: g.draw_offer === this.seatName, onclick: () => this.command('draw') }, t(theirs ? 'online.draw.accept' : 'online.draw.offer')));
    }
    if (g.rematch) {
      row.appendChild(h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'go-rematch', onclick: () => this.follow(g.rematch) }, t('online.rematch.go')));
    } else if (this.seat && g.status === 'over') {
      const sent = this.client && this.client.outbox.some((c) => c.t === 'rematch');
      if (g.rematch_offer && g.rematch_offer !== this.seatName) {
        row.appendChild(h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'rematch-accept', onclick: () => this.command('rematch_accept') }, t('online.rematch.accept')));
        row.appendChild(h('button', { type: 'button', class: 'btn', 'data-action': 'rematch-decline', onclick: () => this.command('rematch_decline') }, t('online.rematch.decline')));
      } else if (g.rematch_offer === this.seatName || sent) {
        row.appendChild(h('button', { type: 'button', class: 'btn', 'data-action': 'rematch-cancel', onclick: () => this.command('rematch_decline') }, t('online.rematch.cancel')));
      } else row.appendChild(h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'rematch', onclick: () => this.command('rematch') }, t('online.rematch')));
    }
    // Notices of moves: asked by a button, never on load; once allowed, the same place turns
    // them off (and on again). Where the page can, they come by Web Push too (push.js).
    if (this.seat && g.status !== 'over' && this.opts.title && typeof Notification !== 'undefined' && Notification.permission !== 'denied') {
      const on = Notification.permission === 'granted' && !Push.off();
      const turnOn = async () => {
        const allowed = await Promise.resolve(Notification.permission === 'granted' ? 'granted' : Notification.requestPermission()).catch(() => 'default');
        if (allowed === 'granted') await Push.turnOn(this.base);
        this.render();
      };
      const turnOff = async () => { await Push.unsubscribe(this.base); this.render(); };
      row.appendChild(on
        ? h('button', { type: 'button', class: 'btn btn-quiet', 'data-action': 'notify-off', title: t('online.notify.off.title'), onclick: turnOff }, t('online.notify.off'))
        : h('button', { type: 'button', class: 'btn btn-quiet', 'data-action': 'notify-moves', title: t('online.notify.ask.title'), onclick: turnOn }, t('online.notify.ask')));
    }
    if (this.presence) row.appendChild(h('span', { class: 'ol-watchers', 'data-online': 'watchers', text: t('online.watchers', { count: this.presence.watchers }) }));
    return row.childNodes.length ? row : null;
  }
}

// ---------------------------------------------------------------------------------------
// The page's "Online" choice

const PRESETS = [
  { id: '3+2', label: 'online.tc.blitz', clock: { initial: 180, increment: 2 } },
  { id: '10+5', label: 'online.tc.rapid', clock: { initial: 600, increment: 5 }, default: true },
  { id: '30+20', label: 'online.tc.classical', clock: { initial: 1800, increment: 20 } },
  { id: 'days', label: 'online.tc.days', clock: null },
];

export const OnlinePage = {
  /** The game id a link names (`#online=<id>`), or null. */
  idFromHash(hash) { const m = /^#online=([A-Za-z0-9]{4,40})$/.exec(String(hash || '')); return m ? m[1] : null; },
  /** Online play needs a server: the page from http(s). */
  available() { return /^https?:$/.test(location.protocol); },
  link(id) { return location.origin + location.pathname + '#online=' + id; },

  /** Fills `box` with the create form (or, from file://, the one line that explains). */
  form(box, board, onCreated) {
    box.textContent = '';
    if (!OnlinePage.available()) {
      box.appendChild(h('p', { class: 'online-note', 'data-online': 'needs-server', text: t('online.needsServer') }));
      return;
    }
    const list = variants();
    const game = h('select', { id: 'online-variant', 'aria-label': t('online.form.game') }, ...list.map((v) => h('option', { value: v.id, text: gameWord(v, 'name', v.name) })));
    let last = null;
    try { last = localStorage.getItem(LAST_KEY); } catch (_) { /* none */ }
    game.value = last && list.some((v) => v.id === last) ? last : board.variant;
    const tc = h('select', { id: 'online-clock', 'aria-label': t('online.form.tc') }, ...PRESETS.map((p) => h('option', { value: p.id, text: t(p.label) })));
    tc.value = '10+5';
    const days = h('select', { id: 'online-days', 'aria-label': t('online.form.days'), hidden: true }, ...[1, 2, 3, 5, 7, 14].map((d) => h('option', { value: String(d), text: t('online.form.perMove', { count: d }) })));
    days.value = '3';
    tc.addEventListener('change', () => { days.hidden = tc.value !== 'days'; });
    const colour = h('div', { class: 'seg', role: 'radiogroup', 'aria-label': t('online.form.colour') },
      ...[['first', t('online.side.first')], ['random', t('online.side.random')], ['second', t('online.side.second')]].map(([v, t]) => h('label', { class: 'seg-opt' }, h('input', { type: 'radio', name: 'online-side', value: v, checked: v === 'random' }), h('span', { 'data-online-side': v, text: t }))));
    const names = () => {
      const m = list.find((v) => v.id === game.value);
      for (const el of colour.querySelectorAll('[data-online-side]')) {
        const s = /** @type {HTMLElement} */ (el).dataset.onlineSide;
        el.textContent = s === 'random' ? t('online.side.random') : sideInfo(m, SIDE[s]).name;
      }
    };
    game.addEventListener('change', names);
    names();
    const rated = h('input', { type: 'checkbox', id: 'online-rated' });
    const ratedBox = h('label', { class: 'online-check', title: t('lobby.rated.title') }, rated, h('span', { text: t('lobby.rated') }));
    const challenge = h('button', { type: 'button', class: 'btn btn-primary', id: 'lobby-create', 'data-action': 'lobby-create' }, t('lobby.create'));
    const go = h('button', { type: 'button', class: 'btn', id: 'online-create', 'data-action': 'online-create', title: t('online.create.title') }, t('online.create'));
    const err = h('p', { class: 'online-error', role: 'alert', hidden: true });
    const choice = () => {
      const p = PRESETS.find((x) => x.id === tc.value);
      const clock = p.id === 'days' ? { days: Number(days.value) } : p.clock;
      const side = (/** @type {HTMLInputElement | null} */ (colour.querySelector('input:checked')) || { value: '' }).value || 'random';
      return { variant: game.value, side, clock, rated: rated.checked };
    };
    // The lobby: open seeks, the account; a seek accepted either way opens its game.
    const lobbyBox = h('div', { class: 'lobby', 'data-lobby': 'lobby' });
    const lobby = new LobbyView(lobbyBox, { base: location.origin, onGame: (id) => onCreated(id) });
    // Under a game just ended the lobby folds behind one button (the board's panel keeps its room).
    const folded = 'online' in board.root.getElementById('zb').dataset;
    const unfold = folded ? h('button', { type: 'button', class: 'btn lobby-unfold', 'data-action': 'lobby-unfold', 'aria-expanded': 'false', onclick: () => { lobbyBox.hidden = false; unfold.remove(); } }, t('lobby.show')) : null;
    lobbyBox.hidden = folded;
    const ratedState = () => { const me = !!Online.Account.get(); rated.disabled = !me; if (!me) rated.checked = false; ratedBox.classList.toggle('off', !me); };
    lobby.onAccount = ratedState;
    ratedState();
    challenge.addEventListener('click', async () => {
      challenge.disabled = true;
      try { await lobby.challenge(choice()); try { localStorage.setItem(LAST_KEY, game.value); } catch (_) { /* not kept */ } } finally { challenge.disabled = false; }
    });
    go.addEventListener('click', async () => {
      const { variant, side, clock, rated: isRated } = choice();
      go.disabled = true;
      err.hidden = true;
      try {
        const x = await Online.createGame(location.origin, Object.assign({ variant, side, clock }, isRated ? { rated: true } : {}));
        try { localStorage.setItem(LAST_KEY, game.value); } catch (_) { /* not kept */ }
        onCreated(x.game);
      } catch (e) {
        err.textContent = t('online.create.failed', { error: Online.message(e, game.value) });
        err.hidden = false;
      } finally { go.disabled = false; }
    });
    if (unfold) box.appendChild(unfold);
    box.append(
      lobbyBox,
      h('h3', { class: 'lobby-title lobby-new', text: t('lobby.new') }),
      h('div', { class: 'online-form' },
        h('label', { class: 'online-field' }, h('span', { text: t('online.form.game') }), game),
        h('label', { class: 'online-field' }, h('span', { text: t('online.form.time') }), tc, days),
        h('div', { class: 'online-field' }, h('span', { text: t('online.form.youPlay') }), colour),
        ratedBox),
      h('div', { class: 'online-buttons' }, challenge, go),
      err);
  },

  /** Opens game `id` on the board: takes the seat this browser holds, else the free seat,
   * else watches. Returns the session, or null when the server has no such game. */
  /** Closes the lobby's socket (the form is gone: a game, or play on this screen). */
  closeLobby() { closeLobby(); },

  async open(board, id, navigate) {
    closeLobby();
    // A seat this browser does not hold is taken only while one is free: a watcher's page
    // (a full game, or a rematch both seats moved to) asks nothing of the server.
    const seen = Online.Seats.get(id) ? null : await Online.view(location.origin, id);
    const free = !seen || !seen.players || !seen.players.first || !seen.players.second;
    if (!Online.Seats.get(id) && free) {
      try { await Online.joinGame(location.origin, id); } catch (e) {
        board.message(e.status === 404 ? t('online.join.none', { game: id }) : t('online.join.failed', { error: Online.message(e) }), 'error');
        if (e.status === 404) return null;
      }
    }
    return new OnlineSession(board, location.origin, id, { link: OnlinePage.link, navigate, title: true, card: (name) => playerCard(location.origin, name, navigate) });
  },
};

