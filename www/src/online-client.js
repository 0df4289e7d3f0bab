/* The socket to one online game on a `zilo serve` (the wire contract is in the README, "Playing
 * over the network"). No DOM and no rules here: it keeps the connection, the last version seen
 * and the commands not yet acknowledged, and hands every frame to its owner.
 *
 * - It connects with the seat's token (or none: a spectator) and the last version seen, so the
 *   server sends only what was missed (or a snapshot). The token travels in the socket's
 *   subprotocol header (`zilo`, `zilo.token.<token>`), never in its URL: a URL reaches the
 *   access logs of every proxy on the way.
 * - It reconnects by itself with back-off (0.5 s doubling to 8 s), at once when the browser says
 *   it is online again, and when a ping goes unanswered (a dead link may stay "open" for long).
 * - A command waits in the outbox until its `ack` or `reject`; after a reconnection it is sent
 *   again with the same `cid`, which the server answers with the same ack, never playing it
 *   twice. The token and the outbox are kept in localStorage: a reload (or another tab on the
 *   same device) takes the seat back and resends an unconfirmed move. */
import { t, has } from './i18n.js';
import { engineMessage } from './engine-words.js';
import { errText } from './errors.js';

const STORE_KEY = 'zilo.online.v1';
const ACCOUNT_KEY = 'zilo.account.v1';
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const PING_MS = 4000;          // how often a quiet connection is checked
const DEAD_MS = 9000;          // no frame for this long (pings unanswered): the link is dead
// The server's events, each with the next version (the server's one list is `Event::NAMES`
// in crate/src/server/event.rs; a test keeps the two the same). A move event's `move` is the
// engine's move text and its `text` the move as players read it (`san` in the engine's
// records). Every event frame ends with what the game is after it: `status`, `draw_offer`,
// `clock_running`, `abortable`, `first_move_ms`, `rematch_offer` (the README's additions).
export const EVENTS = ['joined', 'ready', 'start', 'move', 'draw', 'rematch_offer', 'rematch_decline', 'rematch', 'end'];

/** The seats this browser holds: {gameId: {token, seat, variant?, outbox: [command], at}}. */
export const Seats = {
  all() {
    try { const x = JSON.parse(localStorage.getItem(STORE_KEY) || '{}'); return x && typeof x === 'object' ? x : {}; } catch (_) { return {}; }
  },
  get(game) { const s = Seats.all()[game]; return s && typeof s.token === 'string' ? s : null; },
  put(game, seat) {
    const all = Seats.all();
    const was = all[game] && typeof all[game] === 'object' ? all[game] : {};
    all[game] = Object.assign({ outbox: [] }, was.variant ? { variant: was.variant } : {}, seat, { at: was.at && was.token === seat.token ? was.at : Date.now() });
    // Old finished games are forgotten first when there are many.
    const ids = Object.keys(all).sort((a, b) => (all[a].at || 0) - (all[b].at || 0));
    while (ids.length > 50) delete all[ids.shift()];
    try { localStorage.setItem(STORE_KEY, JSON.stringify(all)); } catch (_) { /* private mode: the seat lasts as long as the page */ }
  },
  /** The ids of the games this browser holds a seat in, the latest first. */
  ids() {
    const all = Seats.all();
    return Object.keys(all).filter((id) => Seats.get(id)).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
  },
};

/** The account this browser is signed in with (lobby.js signs in and out): its session is a
 * secret like a seat token, kept in localStorage and sent as `Authorization: Bearer`. */
export const Account = {
  /** @returns {{name: string, session: string} | null} */
  get() {
    let a = null;
    try { a = JSON.parse(localStorage.getItem(ACCOUNT_KEY) || 'null'); } catch (_) { a = null; }
    return a && typeof a.name === 'string' && typeof a.session === 'string' ? a : null;
  },
  set(a) { try { if (a) localStorage.setItem(ACCOUNT_KEY, JSON.stringify({ name: a.name, session: a.session })); else localStorage.removeItem(ACCOUNT_KEY); } catch (_) { /* private mode */ } },
  /** The headers of a request made as this player (none when signed out). */
  headers() {
    const a = Account.get();
    return Object.assign({ 'content-type': 'application/json' }, a ? { authorization: 'Bearer ' + a.session } : {});
  },
};

/** The spectators' view of a game (`GET /api/games/<id>`); null when the server has no such
 * game or cannot be reached. */
export async function view(base, game) {
  try {
    const r = await fetch(String(base).replace(/\/+$/, '') + '/api/games/' + encodeURIComponent(game));
    return r.ok ? await r.json() : null;
  } catch (_) { return null; }
}

const newCid = () => Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 10);

export class OnlineClient {
  /** base: the server's origin (http… or https…); game: the id; on: {snapshot(msg),
   * event(msg), ack(cmd, msg), reject(cmd, refusal), presence(msg), connection(state), error(text)}. */
  constructor(base, game, on) {
    this.base = String(base).replace(/\/+$/, '');
    this.game = game;
    this.on = on;
    const seat = Seats.get(game);
    this.token = seat ? seat.token : null;
    this.seat = seat ? seat.seat : null;
    this.outbox = seat && Array.isArray(seat.outbox) ? seat.outbox.filter((c) => c && typeof c.cid === 'string') : [];
    this.v = null;
    this.ws = null;
    this.attempt = 0;
    this.timer = 0;
    this.lastFrame = 0;
    this.closed = false;
    this.state = 'connecting';
    this.onOnline = () => { if (!this.open()) this.reconnectNow(); };
    this.onOffline = () => { if (this.ws) this.ws.close(); };
    addEventListener('online', this.onOnline);
    addEventListener('offline', this.onOffline);
    this.pinger = setInterval(() => this.check(), PING_MS);
  }

  open() { return !!this.ws && this.ws.readyState === 1; }

  save() { if (this.token) Seats.put(this.game, { token: this.token, seat: this.seat, outbox: this.outbox }); }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    const q = ['presence=1'];
    if (this.v != null) q.push('v=' + this.v);
    const url = this.base.replace(/^http/, 'ws') + '/api/games/' + encodeURIComponent(this.game) + '/socket?' + q.join('&');
    let ws;
    try { ws = this.token ? new WebSocket(url, ['zilo', 'zilo.token.' + this.token]) : new WebSocket(url); } catch (e) { this.on.error(t('online.unreachable', { error: errText(e) })); this.retry(); return; }
    this.ws = ws;
    this.setState('connecting');
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.lastFrame = Date.now();
      this.attempt = 0;
      this.setState('online');
      for (const c of this.outbox) this.write(c);
    };
    ws.onmessage = (e) => { if (this.ws === ws) this.receive(e.data); };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.setState('offline');
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  setState(s) { if (this.state !== s) { this.state = s; this.on.connection(s); } }

  retry() {
    if (this.closed) return;
    clearTimeout(this.timer);
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt++;
    this.timer = setTimeout(() => this.connect(), base + Math.random() * base * 0.3);
  }

  reconnectNow() { this.attempt = 0; if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); } this.connect(); }

  /** Pings a quiet connection; one quiet for too long is closed (and so reopened). */
  check() {
    if (!this.open()) return;
    if (Date.now() - this.lastFrame > DEAD_MS) { const ws = this.ws; this.ws = null; ws.close(); this.setState('offline'); this.retry(); return; }
    try { this.ws.send('{"t":"ping"}'); } catch (_) { /* onclose follows */ }
  }

  write(c) { try { this.ws.send(JSON.stringify(c)); } catch (_) { /* resent after the reconnection */ } }

  /** Sends a command ({t, ...}) with a new cid; it is kept until acknowledged. */
  send(command) {
    const c = Object.assign({ cid: newCid() }, command);
    this.outbox.push(c);
    this.save();
    if (this.open()) this.write(c);
    return c;
  }

  /** The moves sent and not yet acknowledged, in order. */
  pendingMoves() { return this.outbox.filter((c) => c.t === 'move').map((c) => c.move); }

  forget(cid) {
    const i = this.outbox.findIndex((c) => c.cid === cid);
    const c = i >= 0 ? this.outbox.splice(i, 1)[0] : null;
    this.save();
    return c;
  }

  receive(text) {
    this.lastFrame = Date.now();
    let m;
    try { m = JSON.parse(text); } catch (_) { return; }
    if (!m || typeof m.t !== 'string') return;
    if (m.t === 'snapshot') {
      this.v = m.v;
      if (m.seat && this.token) this.seat = m.seat;
      this.on.snapshot(m);
    } else if (EVENTS.includes(m.t) && typeof m.v === 'number') {
      if (this.v != null && m.v <= this.v) return;          // already seen (a replay overlap)
      if (this.v != null && m.v > this.v + 1) { this.reconnectNow(); return; } // a gap: ask again from v
      this.v = m.v;
      this.on.event(m);
    } else if (m.t === 'ack') {
      const c = this.forget(m.cid);
      if (c) this.on.ack(c, m);
    } else if (m.t === 'reject') {
      const c = this.forget(m.cid);
      if (c) this.on.reject(c, refusal(m.reason, m));
    } else if (m.t === 'presence') this.on.presence(m);
    else if (m.t === 'error') this.on.error(m.reason);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    removeEventListener('online', this.onOnline);
    removeEventListener('offline', this.onOffline);
    if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); }
  }
}

/** A server's refusal as an Error: its English `message` (the contract's `reason` or
 * `error`) with the `code` and `args` the server added, for `message()` to word. */
function refusal(text, body) {
  const e = new Error(String(text));
  if (body && typeof body.code === 'string') Object.assign(e, { code: body.code, args: body.args || {}, problems: Array.isArray(body.problems) ? body.problems : [] });
  return e;
}

/** One line for a refusal in the page's language: the server's own codes (`server.*`) from
 * the catalog by that key, the engine's (`move.cannotReach`) as engine words do, else the
 * server's English; a refused setup half's problems follow, each worded the same way.
 * `variant` names the pieces in the engine's arguments. */
export function message(e, variant) {
  if (e && typeof e.code === 'string' && e.code.startsWith('server.') && has(e.code)) return t(e.code, e.args || {});
  const line = engineMessage(e, variant);
  const problems = (e && Array.isArray(e.problems) ? e.problems : []).map((p) => engineMessage(p, variant));
  // The English line already lists them; a worded one does not.
  return problems.length && e.code && has('engine.' + e.code) ? line + ': ' + problems.join('; ') : line;
}

/** Creates a game on the server; {game, seat, token}, the token kept in localStorage. */
export async function createGame(base, body) {
  const r = await fetch(String(base).replace(/\/+$/, '') + '/api/games', { method: 'POST', headers: Account.headers(), body: JSON.stringify(body) });
  const x = await r.json().catch(() => ({}));
  if (x.code === 'server.badSession') Account.set(null); // the server no longer knows it: signed out here too
  if (!r.ok) throw refusal(x.error || t('online.server.status', { status: String(r.status) }), x);
  Seats.put(x.game, { token: x.token, seat: x.seat, variant: body.variant });
  return x;
}

/** Takes the free seat of a game ({game, seat, token}); null when both are taken (watch). */
export async function joinGame(base, game) {
  const r = await fetch(String(base).replace(/\/+$/, '') + '/api/games/' + encodeURIComponent(game) + '/join', { method: 'POST', headers: Account.headers(), body: '{}' });
  const x = await r.json().catch(() => ({}));
  if (r.status === 409) return null;
  if (x.code === 'server.badSession') Account.set(null);
  if (!r.ok) throw Object.assign(refusal(x.error || t('online.server.status', { status: String(r.status) }), x), { status: r.status });
  Seats.put(x.game, { token: x.token, seat: x.seat });
  return x;
}

