/* Finding a rival on a `zilo serve` (the README's "Players, ratings and the database's
 * versions"): the account this browser is signed in with, players' pages, seeks and the lobby
 * socket. No DOM here (lobby-view.js draws it).
 *
 * - The session is a secret like a seat token: kept in localStorage (`zilo.account.v1`,
 *   {name, session}), sent as `Authorization: Bearer …`, never in a URL.
 * - The seeks this browser created are kept with their tokens (`zilo.seeks.v1`); the lobby
 *   socket is opened with them in its query (as the contract has it), and a seek posted while
 *   it is open is held on it by a `hold` frame (an addition of the server's), so the creator
 *   hears `paired` and the live seek stays open while the page is, without a new socket. The socket reconnects with back-off. */
import { t } from './i18n.js';
import { Seats, Account } from './online-client.js';

export { Account };

const SEEKS_KEY = 'zilo.seeks.v1';
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const PING_MS = 20000;

const read = (key) => { try { const x = JSON.parse(localStorage.getItem(key) || 'null'); return x && typeof x === 'object' ? x : null; } catch (_) { return null; } };
const write = (key, value) => { try { if (value == null) localStorage.removeItem(key); else localStorage.setItem(key, JSON.stringify(value)); } catch (_) { /* private mode */ } };
const trim = (base) => String(base).replace(/\/+$/, '');

/** The seeks this browser created: {seekId: {token, variant, at}}. */
export const MySeeks = {
  all() { return read(SEEKS_KEY) || {}; },
  put(id, seek) { const all = MySeeks.all(); all[id] = Object.assign({ at: Date.now() }, seek); write(SEEKS_KEY, all); },
  drop(id) { const all = MySeeks.all(); if (id in all) { delete all[id]; write(SEEKS_KEY, all); } },
  tokens() { const all = MySeeks.all(); return Object.keys(all).map((id) => all[id].token).filter((x) => typeof x === 'string'); },
  has(id) { return id in MySeeks.all(); },
};

/** A refused request as an Error with the server's code and args (Online.message words it). */
async function call(base, method, path, body) {
  let r;
  try {
    r = await fetch(trim(base) + path, { method, headers: Account.headers(), body: body == null ? undefined : JSON.stringify(body) });
  } catch (e) { throw Object.assign(new Error(t('online.server.status', { status: '—' })), { status: 0 }); }
  const x = r.status === 204 ? {} : await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = Object.assign(new Error(x.error || t('online.server.status', { status: String(r.status) })), { status: r.status });
    if (typeof x.code === 'string') Object.assign(e, { code: x.code, args: x.args || {} });
    // A session the server no longer knows: this browser is signed out.
    if (x.code === 'server.badSession') Account.set(null);
    throw e;
  }
  return x;
}

export const signUp = async (base, name, password) => { const x = await call(base, 'POST', '/api/accounts', { name, password }); Account.set(x); return x; };
export const signIn = async (base, name, password) => { const x = await call(base, 'POST', '/api/sessions', { name, password }); Account.set(x); return x; };
export async function signOut(base) {
  try { if (Account.get()) await call(base, 'DELETE', '/api/sessions'); } catch (_) { /* signed out here all the same */ }
  Account.set(null);
}

/** A player's page: {name, ratings: {variant: {rating, deviation, games}}, games: [...]}; null when none. */
export async function player(base, name) {
  try { return await call(base, 'GET', '/api/players/' + encodeURIComponent(name)); } catch (e) { if (e.status === 404) return null; throw e; }
}

/** Posts a seek ({variant, clock, side, rated}); its token is kept. */
export async function createSeek(base, seek) {
  const x = await call(base, 'POST', '/api/seeks', seek);
  MySeeks.put(x.seek, { token: x.token, variant: seek.variant });
  return x;
}

/** Accepts a seek: {game, seat, token}, the seat kept as any other. */
export async function acceptSeek(base, seek) {
  const x = await call(base, 'POST', '/api/seeks/' + encodeURIComponent(seek.seek) + '/accept', {});
  Seats.put(x.game, { token: x.token, seat: x.seat, variant: seek.variant });
  return x;
}

export async function cancelSeek(base, id) {
  const mine = MySeeks.all()[id];
  MySeeks.drop(id);
  if (mine) await call(base, 'DELETE', '/api/seeks/' + encodeURIComponent(id) + '?token=' + encodeURIComponent(mine.token)).catch(() => {});
}

/** The lobby socket: `on.seeks(list)` whenever the list changes (newest first), `on.paired({game,
 * seat, token, seek})` when one of this browser's seeks is accepted (the seat is kept first),
 * `on.connection(state)`. */
export class LobbyClient {
  constructor(base, on) {
    this.base = trim(base);
    this.on = on;
    this.seeks = [];
    this.ws = null;
    this.attempt = 0;
    this.timer = 0;
    this.closed = false;
    /** `hold` frames sent on this socket and not yet answered. */
    this.holding = 0;
    this.pinger = setInterval(() => { if (this.ws && this.ws.readyState === 1) try { this.ws.send('{"t":"ping"}'); } catch (_) { /* onclose follows */ } }, PING_MS);
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    const q = MySeeks.tokens().map((tk) => 'token=' + encodeURIComponent(tk)).join('&');
    let ws;
    try { ws = new WebSocket(this.base.replace(/^http/, 'ws') + '/api/lobby/socket' + (q ? '?' + q : '')); } catch (_) { this.retry(); return; }
    this.ws = ws;
    this.holding = 0;
    ws.onopen = () => { if (this.ws === ws) { this.attempt = 0; this.on.connection('online'); } };
    ws.onmessage = (e) => { if (this.ws === ws) this.receive(e.data); };
    ws.onclose = () => { if (this.ws !== ws) return; this.ws = null; this.on.connection('offline'); this.retry(); };
    ws.onerror = () => { /* onclose follows */ };
  }

  /** Opens the socket again, with the open seeks' tokens in its query. */
  reconnect() { if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); } this.attempt = 0; this.connect(); }

  /** Holds a seek this browser just posted on the socket it has (`hold {token}`: the seek stays
   * live while the socket is open, and its `paired` comes here) instead of opening a new socket,
   * which would fetch the whole list again. A socket still connecting sends it once open; with
   * none, the token is in the next connection's query (`MySeeks`). */
  hold(token) {
    const ws = this.ws;
    if (!ws) return;
    const send = () => {
      if (this.ws !== ws) return;
      this.holding++;
      try { ws.send(JSON.stringify({ t: 'hold', token })); } catch (_) { /* onclose follows */ }
    };
    if (ws.readyState === 1) send();
    else if (ws.readyState === 0) ws.addEventListener('open', send, { once: true });
  }

  retry() {
    if (this.closed) return;
    const wait = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)];
    this.timer = setTimeout(() => this.connect(), wait);
  }

  receive(text) {
    let m;
    try { m = JSON.parse(text); } catch (_) { return; }
    if (!m || typeof m.t !== 'string') return;
    if (m.t === 'seeks' && Array.isArray(m.seeks)) {
      this.seeks = m.seeks.slice();
      // Seeks of this browser the server no longer lists (closed while away) are forgotten.
      const open = new Set(this.seeks.map((s) => s.seek));
      for (const id of Object.keys(MySeeks.all())) if (!open.has(id) && Date.now() - MySeeks.all()[id].at > 5000) MySeeks.drop(id);
    } else if (m.t === 'seek' && typeof m.seek === 'string') {
      const { t: _, ...seek } = m;
      this.seeks = [seek].concat(this.seeks.filter((s) => s.seek !== m.seek));
    } else if (m.t === 'held') {
      this.holding = Math.max(0, this.holding - 1);
      return;
    } else if (m.t === 'error' && this.holding > 0) {
      // A hold refused (the socket holds as many seeks as the server allows, counting ones since
      // cancelled): a new socket, with the open seeks' tokens in its query, holds them all.
      this.reconnect();
      return;
    } else if (m.t === 'unseek') {
      this.seeks = this.seeks.filter((s) => s.seek !== m.seek);
    } else if (m.t === 'paired' && typeof m.game === 'string' && typeof m.token === 'string') {
      const mine = MySeeks.all()[m.seek];
      MySeeks.drop(m.seek);
      Seats.put(m.game, { token: m.token, seat: m.seat, variant: mine ? mine.variant : undefined });
      this.on.paired(m);
      return;
    } else return;
    this.on.seeks(this.seeks);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); }
  }
}
