/* Web Push on the page: with the player's permission, `zilo serve` tells this browser it is their
 * move (or that a game ended) through the browser's push service, also with every tab closed.
 * The service worker (www/sw.js) shows the notification; this module registers it, subscribes
 * with the server's VAPID key (`GET /api/push/key`), and posts the subscription to the server
 * (`POST /api/push/subscription`) bound to the seat tokens this browser holds and, when signed
 * in, to the account; turning notices off deletes it there and unsubscribes here.
 *
 * Only where a browser allows it: the page from http(s) in a secure context (https, or
 * localhost / 127.0.0.1), with `serviceWorker` and `PushManager`; from file:// nothing here
 * runs and the page works as before. Whether the player wants notices is kept in localStorage
 * (`zilo.push.v1`): {on, endpoint, games: [ids posted with it]}; `on` is the player's wish (the
 * button), also where push cannot be: then the tab's own Notification says it, as before. */
import { t } from './i18n.js';
import { gameWord } from './engine-words.js';
import { variants } from './engine-data.js';
import { Seats, Account } from './online-client.js';

const PREF_KEY = 'zilo.push.v1';
const WORDS_CACHE = 'zilo-push';   // read by sw.js: keep the two names the same
const WORDS_KEY = 'words';
const WORKER = 'sw.js';

/** @typedef {{on: boolean | null, endpoint: string | null, games: string[]}} PushPref */

/** @returns {PushPref} */
function pref() {
  let p = null;
  try { p = JSON.parse(localStorage.getItem(PREF_KEY) || 'null'); } catch (_) { p = null; }
  return p && typeof p === 'object' ? { on: typeof p.on === 'boolean' ? p.on : null, endpoint: typeof p.endpoint === 'string' ? p.endpoint : null, games: Array.isArray(p.games) ? p.games.filter((g) => typeof g === 'string') : [] } : { on: null, endpoint: null, games: [] };
}

/** @param {PushPref} p */
function keep(p) { try { localStorage.setItem(PREF_KEY, JSON.stringify(p)); } catch (_) { /* private mode: asked again next time */ } }

/** base64url text to bytes (the server's key). */
function bytes(text) {
  const b64 = String(text).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const sameBytes = (/** @type {ArrayBuffer | null} */ a, /** @type {Uint8Array} */ b) => {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
};

const api = (base, path) => String(base).replace(/\/+$/, '') + path;

/** Whether this page can be told of moves through push (see the file's comment). */
export function possible() {
  return /^https?:$/.test(location.protocol) && globalThis.isSecureContext === true
    && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

/** Whether the player turned notices off (a browser that allowed them before there was a
 * switch has them on). */
export function off() { return pref().on === false; }

/** Registers the service worker; its registration once active, or null where push cannot be. */
export async function register() {
  if (!possible()) return null;
  try {
    await navigator.serviceWorker.register(WORKER);
    return await navigator.serviceWorker.ready;
  } catch (_) { return null; }
}

/** The page's words for the worker's notifications, in the page's language. */
async function keepWords() {
  const games = {};
  for (const v of variants()) games[v.id] = gameWord(v, 'name', v.name);
  const words = { title: t('online.notify.title'), body: t('online.notify.body'), end: t('online.push.end'), endBody: t('online.push.endBody'), games };
  try {
    const cache = await caches.open(WORDS_CACHE);
    await cache.put(WORDS_KEY, new Response(JSON.stringify(words), { headers: { 'content-type': 'application/json' } }));
  } catch (_) { /* the worker says it in neutral words */ }
}

/** Subscribes this browser (asking the push service, with the server's key) and posts the
 * subscription with every seat token held here; true when the server stored it. */
export async function subscribe(base) {
  const registration = await register();
  if (!registration) return false;
  const answer = await fetch(api(base, '/api/push/key')).then((r) => (r.ok ? r.json() : null)).catch(() => null);
  if (!answer || typeof answer.key !== 'string') return false;
  const key = bytes(answer.key);
  let sub = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's database was replaced) is renewed.
  if (sub && !sameBytes(sub.options && sub.options.applicationServerKey, key)) { await sub.unsubscribe().catch(() => false); sub = null; }
  if (!sub) sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await keepWords();
  const games = Seats.ids();
  const body = Object.assign({}, sub.toJSON(), { tokens: games.map((id) => Seats.get(id).token) });
  const r = await fetch(api(base, '/api/push/subscription'), { method: 'POST', headers: Account.headers(), body: JSON.stringify(body) }).catch(() => null);
  if (!r || !r.ok) return false;
  keep({ on: true, endpoint: sub.endpoint, games });
  return true;
}

/** Turns notices on (after the browser's permission): the wish is kept, and where push can
 * be, this browser subscribes; true when the server stored a subscription. */
export async function turnOn(base) {
  const p = pref();
  keep({ on: true, endpoint: p.endpoint, games: p.games });
  if (!possible()) return false;
  try { return await subscribe(base); } catch (_) { return false; }
}

/** Turns notices off: the server forgets the subscription, the browser drops it. */
export async function unsubscribe(base) {
  const p = pref();
  keep({ on: false, endpoint: null, games: [] });
  const registration = possible() ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
  const sub = registration ? await registration.pushManager.getSubscription().catch(() => null) : null;
  const endpoint = sub ? sub.endpoint : p.endpoint;
  if (endpoint) await fetch(api(base, '/api/push/subscription'), { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint }) }).catch(() => null);
  if (sub) await sub.unsubscribe().catch(() => false);
}

/** With notices on, a seat this browser took since the last post is posted too (the server
 * tells a subscription only of the seats it was given). */
export async function follow(base, game) {
  const p = pref();
  if (p.on === false || p.games.includes(game) || !possible() || typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  return subscribe(base).catch(() => false);
}
