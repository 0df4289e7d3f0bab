// Web Push on the page, against a real `zilo serve` on 127.0.0.1. Chromium here cannot reach a
// real push service, so `PushManager`'s subscribe is stubbed to answer a subscription with a real
// P-256 key (made here), and the push itself is delivered to the service worker through the
// DevTools protocol (`ServiceWorker.deliverPushMessage`), as a push service would. Covered: the
// worker registers when the page comes from `zilo serve`, never from file://; a seated page with
// notices allowed posts its subscription with its seat token, and the server stores it; a push
// shows a notification in the page's words (and tells the open tab); "Stop notices" deletes the
// subscription at the server, "Notify me of moves" posts it again.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createECDH, randomBytes } from 'node:crypto';
import { serveZilo, launch, WWW, engineBuilt, pageApi } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const T = 15000;

const serve = (db) => serveZilo(db, 0, ['--writes-per-minute', '0']);

// PushManager without a push service: subscribe answers a subscription with the test's key,
// as a browser's push service would; getSubscription answers it once made.
const FAKE_PUSH = ({ endpoint, p256dh, auth }) => {
  window.__subscribeCalls = 0;
  const make = (key) => ({
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
    toJSON() { return { endpoint, expirationTime: null, keys: { p256dh, auth } }; },
    async unsubscribe() { window.__sub = null; return true; },
  });
  PushManager.prototype.getSubscription = async function () { return window.__sub || null; };
  PushManager.prototype.subscribe = async function (opts) { window.__subscribeCalls++; window.__sub = make(opts.applicationServerKey); return window.__sub; };
};

const b64url = (buf) => Buffer.from(buf).toString('base64url');

describe('Web Push on the page', { skip: !engineBuilt() && 'www/engine.js is missing' }, () => {
  let server, browser;
  before(async () => {
    server = await serve(join(mkdtempSync(join(tmpdir(), 'zilo-push-')), 'games.sqlite'));
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.proc.kill('SIGKILL');
  });

  it('from file:// no worker is registered and the page works as before', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = [], problems = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
    await page.goto('file://' + join(WWW, 'index.html'));
    await page.waitForSelector('body[data-ready="1"]', { timeout: T });
    // A file:// page has no origin a worker could belong to: none is there, none was asked for.
    const workers = await page.evaluate(async () => {
      try { return 'serviceWorker' in navigator ? (await navigator.serviceWorker.getRegistrations()).length : 0; } catch (e) { return e.name; }
    });
    assert.ok(workers === 0 || workers === 'SecurityError', String(workers));
    await pageApi(page).move('e3e4');
    assert.ok(!requests.some((u) => /sw\.js/.test(u)), 'no worker fetched');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a seated page subscribes with its seat, a push shows a notification, turning off deletes it', async () => {
    // The game: its first seat held here (node), the second taken by the page through the link.
    const created = await fetch(server.origin + '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'chess', side: 'first', clock: { days: 3 } }) }).then((r) => r.json());
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const fake = { endpoint: 'https://push.example.com/send/' + b64url(randomBytes(9)), p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) };
    const context = await browser.newContext({ permissions: ['notifications'] });
    await context.addInitScript(FAKE_PUSH, fake);
    const page = await context.newPage();
    const problems = [], posts = [];
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => { if (m.type() === 'error' && !/WebSocket/.test(m.text())) problems.push('console: ' + m.text()); });
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname === '/api/push/subscription') posts.push({ method: r.request().method(), status: r.status(), body: r.request().postDataJSON() });
    });
    await page.goto(server.origin + '/#online=' + created.game);
    await page.waitForSelector('body[data-ready="1"]', { timeout: T });
    await page.waitForSelector('[data-action="notify-off"]', { timeout: T });

    // Allowed already: the page registered the worker and posted its subscription with its seat.
    await page.waitForFunction((n) => window.__subscribeCalls === n, 1, { timeout: T });
    const deadline = Date.now() + T;
    while (!posts.length && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
    assert.equal(posts.length, 1, 'one subscription posted');
    assert.equal(posts[0].method, 'POST');
    assert.equal(posts[0].status, 201);
    assert.equal(posts[0].body.endpoint, fake.endpoint);
    assert.deepEqual(posts[0].body.keys, { p256dh: fake.p256dh, auth: fake.auth });
    const seats = await page.evaluate(() => JSON.parse(localStorage.getItem('zilo.online.v1')));
    assert.deepEqual(posts[0].body.tokens, [seats[created.game].token]);
    const key = await fetch(server.origin + '/api/push/key').then((r) => r.json());
    const used = await page.evaluate(() => Array.from(new Uint8Array(window.__sub.options.applicationServerKey)));
    assert.deepEqual(Buffer.from(used).toString('base64url'), key.key, 'subscribed with the server\'s key');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, server.origin + '/');

    // A push, as the push service would deliver it: a notification in the page's words.
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise((ok) => cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => { if (e.registrations.length) ok(e.registrations); }));
    await cdp.send('ServiceWorker.enable');
    const [registration] = await registrations;
    await page.evaluate(() => { window.__pushes = []; navigator.serviceWorker.addEventListener('message', (e) => window.__pushes.push(e.data)); });
    const notice = { t: 'move', game: created.game, variant: 'chess', v: 5, by: 'first', name: null, move: 'e2e4', san: 'e4', seat: 'second' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.origin, registrationId: registration.registrationId, data: JSON.stringify(notice) });
    await page.waitForFunction(() => window.__pushes.length === 1, null, { timeout: T });
    assert.deepEqual(await page.evaluate(() => window.__pushes[0]), { t: 'zilo-push', notice });
    const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
    assert.deepEqual(shown, [{ title: 'Your move', body: 'Your opponent played e4 (Chess)', tag: 'zilo-' + created.game, data: { game: created.game } }]);

    // Turned off: the server forgets it (204); turned on again: posted again.
    await page.click('[data-action="notify-off"]');
    await page.waitForSelector('[data-action="notify-moves"]', { timeout: T });
    while (posts.length < 2 && Date.now() < deadline + T) await new Promise((ok) => setTimeout(ok, 50));
    assert.deepEqual([posts[1].method, posts[1].status, posts[1].body], ['DELETE', 204, { endpoint: fake.endpoint }]);
    await page.click('[data-action="notify-moves"]');
    await page.waitForSelector('[data-action="notify-off"]', { timeout: T });
    while (posts.length < 3 && Date.now() < deadline + 2 * T) await new Promise((ok) => setTimeout(ok, 50));
    assert.deepEqual([posts[2].method, posts[2].status], ['POST', 201]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
