// The lobby page against a real `zilo serve` on 127.0.0.1 (ZILO_BIN, the www/ of this tree, a
// temporary SQLite file): two browser contexts sign up with the page's own dialog; one posts a
// rated challenge, the other sees it appear without a reload and accepts it; both land in the
// same game, with names and ratings on the player bars, the tab's title saying "(1) Your move"
// to the side to move, a notification (with permission) while the tab is hidden; one resigns
// and both see the rating change, as the server's players' pages have it. The player card
// (ratings per game, latest games that open on the board); names never become markup.
// Screenshots of the lobby and the card at three sizes go to /tmp.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveZilo, launch, WWW, pageApi, engineBuilt } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const T = 15000; // the longest any wait lasts
const SHOTS = '/tmp';
const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }, { width: 844, height: 390 }];

const serve = (db) => serveZilo(db);

// A stand-in for the Notification API (headless Chromium has none to show): it records what the
// page asks for; `document.hidden` follows `window.__hidden`.
const FAKE_NOTIFICATIONS = () => {
  window.__notes = [];
  window.__hidden = false;
  class FakeNotification {
    static permission = 'default';
    static requestPermission() { FakeNotification.permission = 'granted'; return Promise.resolve('granted'); }
    constructor(title, opts) { window.__notes.push({ title, body: opts && opts.body }); }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => !!window.__hidden, configurable: true });
};

describe('the lobby against a real zilo serve', { skip: !engineBuilt() && 'www/engine.js is missing' }, () => {
  let server, browser;

  before(async () => {
    server = await serve(join(mkdtempSync(join(tmpdir(), 'zilo-lobby-')), 'games.sqlite'));
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.proc.kill('SIGKILL');
  });

  // One person's browser context on `on` (the suite's shared server unless a test has its own).
  async function person(viewport, locale, on = server) {
    const context = await browser.newContext({ viewport: viewport || { width: 1366, height: 768 }, deviceScaleFactor: 1, locale });
    await context.addInitScript(FAKE_NOTIFICATIONS);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => {
      // Chromium's own line when the page subscribes to Web Push in a test's (incognito) context.
      if (m.type() === 'error' && !/WebSocket|Failed to load resource|does not support the Push API in incognito/.test(m.text())) problems.push('console: ' + m.text());
      if (/i18n: no message/.test(m.text())) problems.push('console: ' + m.text());
    });
    // The page's lobby sockets: how many it opened, and the frames it sent on them.
    const lobby = { opened: 0, sent: [] };
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/api/lobby/socket')) return;
      lobby.opened++;
      ws.on('framesent', (f) => lobby.sent.push(String(f.payload)));
    });
    await page.goto(on.origin + '/');
    await page.waitForSelector('body[data-ready="1"]', { timeout: T });
    return { page, context, problems, lobby, ...pageApi(page) };
  }

  async function openLobby(p) {
    await p.page.click('label:has(input[name="opp-vs"][value="online"])');
    await p.page.waitForSelector('[data-lobby="list"] [role="columnheader"]', { timeout: T });
  }

  async function signUp(p, name, password) {
    await p.page.click('[data-action="sign-up"]');
    await p.page.fill('#auth-name', name);
    await p.page.fill('#auth-password', password);
    await p.page.click('[data-action="auth-submit"]');
  }

  const waitInfo = (p, re) => p.page.waitForFunction((src) => { const el = document.querySelector('zilo-board').shadowRoot.querySelector('[data-online="info"]'); return el && new RegExp(src).test(el.textContent); }, re.source, { timeout: T });
  const waitMoves = (p, n) => p.page.waitForFunction((n) => document.querySelector('zilo-board').moves().length === n, n, { timeout: T });
  const waitTitle = (p, yours) => p.page.waitForFunction((yours) => document.title.startsWith('(1) Your move · ') === yours, yours, { timeout: T });
  const api = async (path, opts, on = server) => { const r = await fetch(on.origin + path, opts); return { status: r.status, body: await r.json().catch(() => null) }; };

  it('sign up, a challenge seen live and accepted, a rated game to its end with the rating change, the player card', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const alice = 'alice_' + tag, bob = 'bob_' + tag, carol = 'carol_' + tag;
    const a = await person();
    const b = await person();
    await openLobby(a);
    await openLobby(b);
    assert.match(await a.page.textContent('[data-lobby="empty"]'), /No open challenges/);
    assert.doesNotMatch(await a.page.textContent('#online-box'), /null|undefined/);

    // A hostile name is refused by the server, and the refusal is text; nothing became markup.
    await signUp(a, '<b>x</b>', 'password1');
    await a.page.waitForSelector('[data-lobby="auth-error"]:not([hidden])', { timeout: T });
    assert.match(await a.page.textContent('[data-lobby="auth-error"]'), /A name is 2 to 20 letters/);
    assert.equal(await a.page.$$eval('#lobby-auth b', (x) => x.length), 0);
    await a.page.click('[data-action="auth-cancel"]');

    await signUp(a, alice, 'password-a');
    await a.page.waitForSelector('[data-action="sign-out"]', { timeout: T });
    assert.equal(await a.page.textContent('[data-action="my-card"]'), alice);
    await signUp(b, bob, 'password-b');
    await b.page.waitForSelector('[data-action="sign-out"]', { timeout: T });
    // The session is kept like seat tokens are, never in the page's address.
    const kept = await a.page.evaluate(() => JSON.parse(localStorage.getItem('zilo.account.v1')));
    assert.equal(kept.name, alice);
    assert.ok(!a.page.url().includes(kept.session));

    // Other challenges already waiting (made through the API): a correspondence one by carol, an
    // anonymous unlimited one.
    const c = await api('/api/accounts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: carol, password: 'password-c' }) });
    assert.equal(c.status, 201);
    const auth = { 'content-type': 'application/json', authorization: 'Bearer ' + c.body.session };
    assert.equal((await api('/api/seeks', { method: 'POST', headers: auth, body: JSON.stringify({ variant: 'shogi', clock: { days: 3 }, side: 'random', rated: true }) })).status, 201);
    assert.equal((await api('/api/seeks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'zilo', clock: null, side: 'first' }) })).status, 201);
    await b.page.waitForFunction(() => document.querySelectorAll('[data-lobby="list"] [data-seek]').length === 2, null, { timeout: T });

    // Alice posts a rated 3 + 2 chess challenge; Bob sees it come without a reload.
    await a.page.selectOption('#online-variant', 'chess');
    await a.page.selectOption('#online-clock', '3+2');
    await a.page.click('label:has(input[name="online-side"][value="first"])');
    await a.page.check('#online-rated');
    const socketsBefore = a.lobby.opened;
    await a.page.click('#lobby-create');
    await a.page.waitForSelector('.lobby-seek.own [data-action="cancel-seek"]', { timeout: T });
    const row = `.lobby-seek:has([data-action="player-card"]:text-is("${alice}"))`;
    await b.page.waitForSelector(row, { timeout: T });
    // Alice's page holds her challenge on the lobby socket it has (a `hold` frame) and opens no
    // other (a new socket would fetch the whole list again); the accept's `paired` comes on it.
    assert.equal(a.lobby.opened, socketsBefore);
    assert.equal(a.lobby.sent.filter((f) => JSON.parse(f).t === 'hold').length, 1);
    const cells = await b.page.$$eval(row + ' [role="cell"]', (cs) => cs.map((x) => x.textContent));
    assert.deepEqual(cells, [alice, '1500', 'Chess', '3 + 2', 'Rated']);
    assert.equal(await b.page.$$eval('[data-lobby="list"] [data-seek]', (x) => x.length), 3);
    // The filter shows one game's challenges.
    await b.page.selectOption('#lobby-filter', 'shogi');
    assert.equal(await b.page.$$eval('[data-lobby="list"] [data-seek]', (x) => x.length), 1);
    await b.page.selectOption('#lobby-filter', '');
    for (const size of SIZES) {
      await b.page.setViewportSize(size);
      await b.page.locator('#online-box').scrollIntoViewIfNeeded();
      await b.page.screenshot({ path: join(SHOTS, `lobby-${size.width}x${size.height}.png`) });
    }
    await b.page.setViewportSize(SIZES[0]);

    // Bob accepts: both land in the same game, Alice White.
    await b.page.click(row);
    await waitInfo(a, /Your move/);
    await waitInfo(b, /opponent’s move/);
    const gameOf = (p) => p.page.evaluate(() => location.hash);
    assert.match(await gameOf(a), /^#online=[A-Za-z0-9]+$/);
    assert.equal(await gameOf(a), await gameOf(b));
    // Names and ratings on the bars.
    assert.equal(await a.page.textContent('.ol-player[data-side="w"] .ol-name'), alice + ' · you');
    assert.equal(await b.page.textContent('.ol-player[data-side="w"] .ol-name'), alice);
    assert.equal(await b.page.textContent('.ol-player[data-side="b"] .ol-name'), bob + ' · you');
    await b.page.waitForSelector('[data-rating="first"]', { timeout: T });
    assert.equal(await b.page.textContent('[data-rating="first"]'), '1500');
    // "(1) Your move" in the title of the side to move only.
    await waitTitle(a, true);
    await waitTitle(b, false);
    await a.move('e2e4');
    await waitMoves(b, 1);
    await waitTitle(b, true);
    await waitTitle(a, false);

    // Notifications only with permission, asked by a button: then a move that comes while the
    // tab is hidden is told.
    assert.deepEqual(await a.page.evaluate(() => window.__notes), []);
    await a.page.click('[data-action="notify-moves"]');
    await a.page.waitForSelector('[data-action="notify-moves"]', { state: 'detached', timeout: T });
    await a.page.evaluate(() => { window.__hidden = true; });
    await b.move('e7e5');
    await waitMoves(a, 2);
    await a.page.waitForFunction(() => window.__notes.length === 1, null, { timeout: T });
    const note = (await a.page.evaluate(() => window.__notes))[0];
    assert.equal(note.title, 'Your move');
    assert.match(note.body, /e5/);
    await a.page.evaluate(() => { window.__hidden = false; });

    // Alice resigns: both see the ratings move as the server has them.
    await a.page.click('[data-action="online-resign"]');
    await a.page.click('[data-action="online-resign"]');
    await waitInfo(a, /Rating: 1500 → \d+ \(−\d+\)/);
    await waitInfo(b, /Rating: 1500 → \d+ \(\+\d+\)/);
    await waitTitle(a, false);
    await waitTitle(b, false);
    const pages = await Promise.all([alice, bob].map((n) => api('/api/players/' + n)));
    const [ra, rb] = pages.map((x) => Math.round(x.body.ratings.chess.rating));
    assert.ok(ra < 1500 && rb > 1500);
    assert.match(await a.page.textContent('[data-online="rating-change"]'), new RegExp(`1500 → ${ra} \\(−${1500 - ra}\\)`));
    assert.match(await b.page.textContent('[data-online="rating-change"]'), new RegExp(`1500 → ${rb} \\(\\+${rb - 1500}\\)`));
    assert.equal(await b.page.textContent('[data-rating-diff="first"]'), '−' + (1500 - ra));
    assert.equal(await b.page.textContent('[data-rating-diff="second"]'), '+' + (rb - 1500));

    // The player card: Bob opens Alice's from her name on the bar.
    await b.page.click('.ol-name-btn[data-player="first"]');
    await b.page.waitForSelector('#player-card [data-lobby="card-games"]', { timeout: T });
    assert.equal(await b.page.textContent('#player-card [data-lobby="card-name"]'), alice);
    const ratingRow = await b.page.$$eval('#player-card [data-variant="chess"] td', (ts) => ts.map((x) => x.textContent));
    assert.deepEqual(ratingRow, ['Chess', ra + '?', '1']);
    const games = await b.page.$$eval('#player-card .card-game', (bs) => bs.map((x) => ({ game: x.dataset.game, text: x.textContent })));
    assert.equal(games.length, 1);
    assert.match(games[0].text, new RegExp(`Lost.*vs ${bob}.*Chess · Rated`));
    for (const size of SIZES) {
      await b.page.setViewportSize(size);
      await b.page.screenshot({ path: join(SHOTS, `player-card-${size.width}x${size.height}.png`) });
    }
    await b.page.setViewportSize(SIZES[0]);
    // Under the game just ended the lobby is one button away.
    await b.page.click('[data-action="card-close"]');
    assert.doesNotMatch(await b.page.textContent('#online-box'), /null|undefined/);
    assert.equal(await b.page.isVisible('[data-lobby="lobby"]'), false);
    await b.page.click('[data-action="lobby-unfold"]');
    await b.page.waitForSelector('[data-lobby="list"] [data-seek]', { timeout: T });
    await b.page.click('.ol-name-btn[data-player="first"]');
    await b.page.waitForSelector('#player-card .card-game', { timeout: T });
    // A game in the card opens on the board.
    await b.page.click('#player-card .card-game');
    await b.page.waitForFunction((id) => location.hash === '#online=' + id, games[0].game, { timeout: T });
    assert.deepEqual(a.problems, []);
    assert.deepEqual(b.problems, []);
  });

  it('names from the server are always text: a hostile name in a player page stays text', async () => {
    const p = await person();
    // The server allows no such name; a page from elsewhere might: the card sets names as text.
    const evil = '<img src=x onerror="window.__pwned=1"><b>x</b>';
    await p.page.route('**/api/players/**', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ name: evil, ratings: { chess: { rating: 1612.4, deviation: 80, games: 12 } }, games: [{ game: 'AbCdEfGh12', variant: 'chess', first: evil, second: '<i>y</i>', result: '1-0', reason: 'checkmate', rated: true, ended: Date.now() }] }) }));
    // The account line names the player signed in (kept in localStorage), and their card.
    await p.page.evaluate((evil) => localStorage.setItem('zilo.account.v1', JSON.stringify({ name: evil, session: 'x' })), evil);
    await p.page.reload();
    await p.page.waitForSelector('body[data-ready="1"]', { timeout: T });
    await openLobby(p);
    assert.equal(await p.page.textContent('[data-action="my-card"]'), evil);
    await p.page.click('[data-action="my-card"]');
    await p.page.waitForSelector('#player-card .card-game', { timeout: T });
    assert.equal(await p.page.textContent('#player-card [data-lobby="card-name"]'), evil);
    assert.match(await p.page.textContent('#player-card .card-game'), /Won.*vs <i>y<\/i>/);
    assert.equal(await p.page.$$eval('#player-card img, #player-card b, #player-card i, #online-box img, #online-box b', (x) => x.length), 0);
    assert.equal(await p.page.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(p.problems, []);
  });

  it('a hold the server refuses falls back to a new lobby socket that holds the seek by its query', async () => {
    // A lobby socket holds at most 20 seek tokens over its life (cancelled ones count), so the
    // 21st challenge posted on one socket is refused its `hold`; the page must then open a new
    // socket with its open seeks' tokens in the query, or its creator would never hear `paired`.
    // A server of its own, without the per-address write limit: the 41 posts here come on top of
    // the other tests' from the same 127.0.0.1, and past the burst the limit would refuse them.
    const ownServer = await serveZilo(join(mkdtempSync(join(tmpdir(), 'zilo-lobby-hold-')), 'games.sqlite'), 0, ['--writes-per-minute', '0']);
    try {
      await holdRefused(ownServer);
    } finally {
      ownServer.proc.kill('SIGKILL');
    }
  });

  async function holdRefused(on) {
    const a = await person(undefined, undefined, on);
    await openLobby(a);
    await a.page.selectOption('#online-variant', 'chess');
    const own = '.lobby-seek.own [data-action="cancel-seek"]';
    for (let i = 0; i < 20; i++) {
      await a.page.click('#lobby-create');
      await a.page.waitForSelector(own, { timeout: T });
      await a.page.click(own);
      await a.page.waitForSelector(own, { state: 'detached', timeout: T });
    }
    const opened = a.lobby.opened;
    assert.equal(a.lobby.sent.filter((f) => JSON.parse(f).t === 'hold').length, 20);
    await a.page.click('#lobby-create');
    await a.page.waitForSelector(own, { timeout: T });
    // Refused (the 21st), so a new socket, with the open seek's token in its query.
    const deadline = Date.now() + T;
    while (a.lobby.opened === opened && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(a.lobby.opened, opened + 1, 'a refused hold opens one new lobby socket');
    const mine = await a.page.evaluate(() => JSON.parse(localStorage.getItem('zilo.seeks.v1')));
    const [seek] = Object.keys(mine);
    assert.equal(Object.keys(mine).length, 1);
    // Someone accepts it: the page hears `paired` on the new socket and lands in the game.
    const accepted = await api('/api/seeks/' + seek + '/accept', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, on);
    assert.equal(accepted.status, 201);
    await a.page.waitForFunction((g) => location.hash === '#online=' + g, accepted.body.game, { timeout: T });
    assert.deepEqual(a.problems, []);
    await a.context.close();
  }
});
