/* The page's service worker, for Web Push only (it caches nothing and answers no fetch): when
 * `zilo serve` sends a push (a move made it this player's turn, or a game ended) it shows a
 * notification, also with every tab of the page closed; a click focuses a tab showing that
 * game or opens the page on it (`#online=<id>`, the page's own link). The words come from the
 * page (push.js keeps them, in the page's language, in the Cache Storage entry below when it
 * subscribes); without them a neutral English line. The payload's fields are only ever set as
 * notification text, never as markup. Plain script, no imports: a worker's own scope. */
'use strict';

const WORDS_CACHE = 'zilo-push';
const WORDS_KEY = 'words';
const FALLBACK = { title: 'Your move', body: '{move} ({game})', end: 'Game over', endBody: '{game}: {result}', games: {} };
const GAME_ID = /^[A-Za-z0-9]{4,40}$/;

self.addEventListener('install', () => { self.skipWaiting(); });
self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });

/** The page's words (or the neutral ones). */
async function words() {
  try {
    const cache = await caches.open(WORDS_CACHE);
    const stored = await cache.match(WORDS_KEY);
    if (stored) return Object.assign({}, FALLBACK, await stored.json());
  } catch (_) { /* no words kept: the neutral ones */ }
  return FALLBACK;
}

const fill = (text, args) => String(text).replace(/\{(\w+)\}/g, (all, k) => (k in args ? String(args[k]) : all));

/** The notification's title, body and game for a push's notice (null: an unreadable push). */
async function describe(notice) {
  const w = await words();
  if (!notice || typeof notice !== 'object') return { title: w.title, body: '', game: null };
  const game = typeof notice.game === 'string' && GAME_ID.test(notice.game) ? notice.game : null;
  const name = (w.games && w.games[notice.variant]) || String(notice.variant || '');
  if (notice.t === 'end') return { title: w.end, body: fill(w.endBody, { game: name, result: String(notice.result || '') }), game };
  // A hidden setup is over and this seat begins: no move to name.
  if (notice.t === 'start') return { title: w.title, body: name, game };
  return { title: w.title, body: fill(w.body, { move: String(notice.san || notice.move || ''), game: name }), game };
}

self.addEventListener('push', (event) => {
  let notice = null;
  try { notice = event.data ? event.data.json() : null; } catch (_) { notice = null; }
  event.waitUntil((async () => {
    const { title, body, game } = await describe(notice);
    // The same tag as the page's own notice of the move: one notification, not two.
    await self.registration.showNotification(title, { body, tag: game ? 'zilo-' + game : 'zilo', data: { game } });
    // Open tabs hear of it too (a tab showing the game has it from its socket already).
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const tab of tabs) tab.postMessage({ t: 'zilo-push', notice });
  })());
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const game = event.notification.data && event.notification.data.game;
  const url = new URL(game ? './#online=' + game : './', self.registration.scope).href;
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const showing = tabs.find((tab) => tab.url === url);
    if (showing) return showing.focus();
    return self.clients.openWindow(url);
  })());
});
