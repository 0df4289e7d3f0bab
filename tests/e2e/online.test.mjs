// The page plays online, against a real `zilo serve` on 127.0.0.1 (ZILO_BIN, the www/ of this
// tree, a temporary SQLite file): two browser contexts are the two players, a third watches.
// They click as people do: "Online", the form, the link, the squares, the buttons. Covered:
// create and join by link, moves with clocks, a dropped connection caught up, a server kill -9
// and restart with an unconfirmed move resent (no move lost), a rejected move taken back with
// its reason, resignation, a rematch by consent (offered, accepted) with colours swapped, a draw
// by agreement, a flag fall, zilo, and Cyvasse's hidden setup; each clock starting after its
// side's first move and a game aborted when no first move comes; an online game showing only
// what belongs to it, leaving it asked first, "Your games" and Back returning to it; the Polish
// form; no token in a socket's URL; a watcher's page that never tries to join. Screenshots at
// three sizes with clocks and names in view.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveZilo, launch, WWW, SHOTS, pageApi, engineBuilt } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const T = 15000; // the longest any wait lasts

const serve = serveZilo;

function kill9(server) {
  return new Promise((ok) => { server.proc.on('exit', ok); server.proc.kill('SIGKILL'); });
}

describe('online play against a real zilo serve', { skip: !engineBuilt() && 'www/engine.js is missing' }, () => {
  let server, browser, db;
  const contexts = [];

  before(async () => {
    db = join(mkdtempSync(join(tmpdir(), 'zilo-online-')), 'games.sqlite');
    server = await serve(db);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.proc.kill('SIGKILL');
  });

  /** A person: their own context (own localStorage), the page opened at `path`. */
  async function person(path, viewport, sameDevice, locale) {
    const context = sameDevice || await browser.newContext({ viewport: viewport || { width: 1366, height: 768 }, deviceScaleFactor: 1, locale });
    contexts.push(context);
    const page = await context.newPage();
    const problems = [], refusals = [], sockets = [];
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/WebSocket|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to load resource/.test(m.text())) problems.push('console: ' + m.text());
      if (/i18n: no message/.test(m.text())) problems.push('console: ' + m.text());
    });
    // What the page asked of the server and was refused (a watcher's join: 409), and the
    // addresses of its sockets (which must hold no token).
    page.on('response', (r) => { if (r.status() >= 400 && /\/api\//.test(r.url())) refusals.push(r.status() + ' ' + new URL(r.url()).pathname); });
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(server.origin + (path || '/'));
    await page.waitForSelector('body[data-ready="1"]', { timeout: T });
    return { page, context, problems, refusals, sockets, ...pageApi(page) };
  }

  const boardMoves = (p) => p.page.evaluate(() => document.querySelector('zilo-board').moves());
  const waitMoves = (p, n) => p.page.waitForFunction((n) => document.querySelector('zilo-board').moves().length === n, n, { timeout: T });
  const waitInfo = (p, re) => p.page.waitForFunction((src) => { const el = document.querySelector('zilo-board').shadowRoot.querySelector('[data-online="info"]'); return el && new RegExp(src).test(el.textContent); }, re.source, { timeout: T });
  const info = (p) => p.page.textContent('[data-online="info"]');
  const inShadow = (p, fn, arg) => p.page.evaluate(([src, arg]) => new Function('r', 'arg', 'return (' + src + ')(r, arg)')(document.querySelector('zilo-board').shadowRoot, arg), [fn.toString(), arg]);
  const running = (p, seat) => inShadow(p, (r, seat) => r.querySelector('[data-clock="' + seat + '"]').classList.contains('running'), seat);
  const acked = (p) => p.page.waitForFunction(() => { const s = JSON.parse(localStorage.getItem('zilo.online.v1') || '{}'); return Object.values(s).every((x) => !x.outbox || x.outbox.length === 0); }, null, { timeout: T });

  /** Creates a game with the page's form; the link to send. */
  async function create(p, { variant, clock, side }) {
    await p.page.click('label:has(input[name="opp-vs"][value="online"])');
    await p.page.selectOption('#online-variant', variant);
    await p.page.selectOption('#online-clock', clock);
    await p.page.click(`label:has(input[name="online-side"][value="${side}"])`);
    await p.page.click('#online-create');
    await p.page.waitForSelector('[data-online="link"]', { timeout: T });
    return p.page.inputValue('[data-online="link"]');
  }

  it('file:// says in one line that online play needs a server', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('file://' + join(WWW, 'index.html'));
    await page.waitForSelector('body[data-ready="1"]', { timeout: T });
    await page.click('label:has(input[name="opp-vs"][value="online"])');
    const note = await page.textContent('[data-online="needs-server"]');
    assert.match(note, /needs this page from a server/);
    assert.equal(await page.$('#online-create'), null);
  });

  it('a link to a game the server does not have says so, and the page goes on', async () => {
    const p = await person('/#online=zzzzzzzzzz');
    await p.page.waitForFunction(() => /There is no game zzzzzzzzzz on this server/.test(document.querySelector('zilo-board').shadowRoot.getElementById('message').textContent), null, { timeout: T });
    assert.equal(await p.page.$('[data-online="banner"]'), null, 'no endless reconnection');
    await p.move('e3e4');
    assert.deepEqual(p.problems, []);
  });

  it('chess: create, join by link, watch, clocks, a drop, kill -9 and restart, a rejected move, resignation, rematch, a draw', async () => {
    const a = await person('/');
    const link = await create(a, { variant: 'chess', clock: '3+2', side: 'first' });
    assert.match(link, /#online=[A-Za-z0-9]{8,}$/);
    assert.match(await info(a), /Waiting for your opponent/);
    let b = await person(new URL(link).pathname + new URL(link).hash);
    const w = await person(new URL(link).pathname + new URL(link).hash);
    await waitInfo(a, /Your move/);
    await waitInfo(b, /opponent’s move/);
    assert.match(await w.page.textContent('[data-online="watchers"]'), /1 watching/);
    await a.page.waitForFunction(() => /1 watching/.test(document.querySelector('zilo-board').shadowRoot.querySelector('[data-online="watchers"]').textContent), null, { timeout: T });
    assert.match(await a.page.textContent('[data-presence="second"]'), /online/);
    // Names and clocks: the person at the bottom, the opponent on top; a spectator has no buttons.
    assert.match(await a.page.textContent('.ol-player[data-side="w"] .ol-name'), /White · you/);
    assert.match(await b.page.textContent('.ol-player[data-side="w"] .ol-name'), /White · opponent/);
    assert.equal(await w.page.$('[data-action="online-resign"]'), null);

    await a.move('e2e4');
    await waitMoves(b, 1);
    await waitMoves(w, 1);
    assert.equal(await b.page.getAttribute('[data-square="e4"]', 'data-piece'), 'P');
    assert.ok(await b.page.$('[data-square="e4"].last-move'), 'the last move is marked on the other board');
    // Each side's clock starts after its own first move: Black's waits, the time left for its
    // first move said; White's moved no time.
    await waitInfo(b, /Make your first move within \d+ s, or the game is aborted/);
    await waitInfo(w, /Black has \d+ s for the first move/);
    assert.equal(await running(w, 'second'), false);
    assert.equal(await running(w, 'first'), false);
    assert.equal(await w.page.textContent('[data-clock="first"]'), '3:00');
    assert.equal(await w.page.textContent('[data-clock="second"]'), '3:00');
    // Before both have moved, a player may abort; not a watcher.
    assert.ok(await b.page.isVisible('[data-action="online-abort"]'));
    assert.equal(await w.page.$('[data-action="online-abort"]'), null);
    await b.move('e7e5');
    await waitMoves(a, 2);
    // Now White's clock runs on every board, and the game can no longer be aborted.
    await w.page.waitForFunction(() => document.querySelector('zilo-board').shadowRoot.querySelector('[data-clock="first"]').classList.contains('running'), null, { timeout: T });
    const c1 = await w.page.textContent('[data-clock="first"]');
    await new Promise((r) => setTimeout(r, 1300));
    assert.notEqual(await w.page.textContent('[data-clock="first"]'), c1, 'the running clock ticks');
    assert.equal(await running(w, 'second'), false);
    await a.page.waitForSelector('[data-action="online-abort"]', { state: 'detached', timeout: T });

    // A dropped connection: Black goes offline, White moves, Black comes back and catches up.
    await b.context.setOffline(true);
    await b.page.waitForSelector('[data-online="banner"]', { timeout: T });
    await a.move('g1f3');
    await waitMoves(w, 3);
    await b.context.setOffline(false);
    await waitMoves(b, 3);
    await b.page.waitForSelector('[data-online="banner"]', { state: 'detached', timeout: T });

    // The server dies (kill -9) while Black moves: the move waits, is resent, and is kept.
    await kill9(server);
    await b.move('b8c6');
    await b.page.waitForSelector('[data-online="banner"]', { timeout: T });
    assert.match(await b.page.textContent('[data-online="banner"]'), /reconnecting/);
    // The tab is closed while the move is unconfirmed; the server comes back; a new tab on the
    // same device takes the seat back and resends the move kept in localStorage.
    await b.page.close();
    server = await serve(db, server.port);
    const bProblems = b.problems;
    b = await person(new URL(link).pathname + new URL(link).hash, null, b.context);
    b.problems.push(...bProblems);
    await waitMoves(b, 4);
    await acked(b);
    await waitMoves(a, 4);
    await waitMoves(w, 4);
    assert.deepEqual(await boardMoves(a), ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    const view = await (await fetch(server.origin + '/api/games/' + link.split('=').pop())).json();
    assert.deepEqual(view.moves, ['e2e4', 'e7e5', 'g1f3', 'b8c6'], 'no move lost, none twice');

    // A rejected move: White moves while offline, Black resigns meanwhile; back online, White's
    // move is refused (the game is over) and taken back with the reason.
    await a.context.setOffline(true);
    await a.page.waitForSelector('[data-online="banner"]', { timeout: T });
    await a.move('f1c4');
    await b.page.click('[data-action="online-resign"]');
    await b.page.click('[data-action="online-resign"]');
    await waitInfo(b, /White wins by resignation/);
    await a.context.setOffline(false);
    await a.page.waitForFunction(() => /Move taken back: The game is over \(1-0\)/.test(document.querySelector('zilo-board').shadowRoot.getElementById('message').textContent), null, { timeout: T });
    await waitMoves(a, 4);
    await waitInfo(a, /1-0 · White wins by resignation/);
    await waitInfo(w, /1-0 · White wins by resignation/);

    // Rematch by consent: White's click is an offer Black sees (and the watcher), nobody moves yet.
    await a.page.click('[data-action="rematch"]');
    await waitInfo(a, /You offered a rematch/);
    await waitInfo(b, /Your opponent offers a rematch/);
    await waitInfo(w, /White offers a rematch/);
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(a.page.url().endsWith(link.split('=').pop()) && b.page.url().endsWith(link.split('=').pop()), 'an offer moves nobody');
    // Black accepts: both players move to the new game, colours swapped; the watcher is offered it.
    await b.page.click('[data-action="rematch-accept"]');
    await a.page.waitForFunction((old) => !location.hash.endsWith(old), link.split('=').pop(), { timeout: T });
    await b.page.waitForFunction(() => document.querySelector('zilo-board').moves().length === 0 && document.querySelector('zilo-board').getAttribute('side') === 'w', null, { timeout: T });
    await w.page.click('[data-action="go-rematch"]');
    await w.page.waitForFunction(() => document.querySelector('zilo-board').moves().length === 0 && document.querySelector('zilo-board').getAttribute('mode') === 'view', null, { timeout: T });
    await waitInfo(b, /Your move/);
    assert.match(await a.page.textContent('.ol-player[data-side="b"] .ol-name'), /Black · you/);
    await b.move('d2d4');
    await waitMoves(a, 1);
    // A draw by agreement.
    await a.page.click('[data-action="offer-draw"]');
    await waitInfo(b, /Your opponent offers a draw/);
    await b.page.click('[data-action="accept-draw"]');
    await waitInfo(a, /1\/2-1\/2 · Draw by agreement/);
    await waitInfo(w, /Draw by agreement/);
    // After the end, the move list shows its first row (at 1366×768).
    const rows = await inShadow(a, (r) => { const box = r.getElementById('movelist').getBoundingClientRect(), row = r.querySelector('#moves li').getBoundingClientRect(); return { box: [box.top, box.bottom], row: [row.top, row.bottom] }; });
    assert.ok(rows.row[0] >= rows.box[0] - 0.5 && rows.row[1] <= rows.box[1] + 0.5, 'row 1 of the move list in view: ' + JSON.stringify(rows));

    for (const p of [a, b, w]) assert.deepEqual(p.problems, []);
    // The watcher's page never tried to take a seat (no 409), on opening nor after the rematch.
    assert.deepEqual(w.refusals, []);
    // The seat's token never goes in a socket's address (it travels in the subprotocol header).
    for (const p of [a, b, w]) {
      assert.ok(p.sockets.length > 0);
      for (const url of p.sockets) assert.doesNotMatch(url, /token/, url);
    }
  });

  it('an online game shows only its own controls; leaving it asks; "Your games" and Back return to it', async () => {
    const a = await person('/');
    const link = await create(a, { variant: 'chess', clock: '10+5', side: 'first' });
    const b = await person(new URL(link).pathname + new URL(link).hash);
    await waitInfo(a, /Your move/);
    await a.move('e2e4');
    await waitMoves(b, 1);
    // What belongs to the online game shows; what belongs to a game on this screen does not.
    for (const sel of ['[data-action="online-abort"]', '[data-action="online-resign"]', '[data-action="offer-draw"]', '#btn-flip', '#movelist', '#online-leave']) assert.ok(await a.page.isVisible(sel), sel + ' shown');
    for (const sel of ['#btn-redo', '#btn-takeback', '#btn-hint', '#btn-new', '#opp-vs-row', '#code-box', '#fen-box', '#link-box']) assert.equal(await a.page.isVisible(sel), false, sel + ' hidden');
    assert.match(a.page.url(), /#online=/);
    // Each player's name and clock sit in the bar at their own edge of the board.
    const edge = await inShadow(a, (r) => ['side-top', 'side-bottom'].map((id) => { const bar = r.getElementById(id); return [bar.dataset.side, !!bar.querySelector('[data-clock]'), bar.querySelector('.ol-name').textContent]; }));
    assert.deepEqual(edge, [['b', true, 'Black · opponent'], ['w', true, 'White · you']]);

    // Leaving asks first; "Stay" keeps the game.
    await a.page.click('#online-leave');
    await a.page.waitForSelector('#leave-ask[open]', { timeout: T });
    assert.match(await a.page.textContent('#leave-ask-text'), /still running/);
    await a.page.click('#leave-ask-stay');
    assert.match(a.page.url(), /#online=/);
    assert.equal(await a.page.evaluate(() => document.querySelector('zilo-board').getAttribute('mode')), 'online');
    // Choosing another game asks the same.
    await a.page.selectOption('#variant', 'shogi');
    await a.page.waitForSelector('#leave-ask[open]', { timeout: T });
    await a.page.click('#leave-ask-go');
    await a.page.waitForFunction(() => !/#online=/.test(location.href) && document.querySelector('zilo-board').getAttribute('mode') === 'hotseat', null, { timeout: T });
    // "Your games" holds it, with whose move it is; one click returns to it.
    await a.page.waitForSelector('#my-games [data-online-game]', { timeout: T });
    assert.match(await a.page.textContent('#my-games [data-online-game]'), /Chess.*opponent’s move/);
    await a.page.click('#my-games [data-online-game]');
    await waitMoves(a, 1);
    await a.page.waitForFunction(() => document.querySelector('zilo-board').getAttribute('mode') === 'online', null, { timeout: T });
    // Leave again; Back returns to the game.
    await a.page.click('#online-leave');
    await a.page.click('#leave-ask-go');
    await a.page.waitForFunction(() => !/#online=/.test(location.href), null, { timeout: T });
    await a.page.goBack();
    await a.page.waitForFunction(() => /#online=/.test(location.href) && document.querySelector('zilo-board').getAttribute('mode') === 'online', null, { timeout: T });
    await waitMoves(a, 1);
    // Black has not moved: Black aborts; no result, and no local control comes back meanwhile.
    await b.page.click('[data-action="online-abort"]');
    await waitInfo(a, /Game aborted/);
    await waitInfo(b, /Game aborted/);
    assert.match(await b.status(), /Game aborted/);
    for (const p of [a, b]) assert.deepEqual(p.problems, []);
  });

  it('a game whose first move never comes is aborted by the server', async () => {
    // A server of its own whose first moves must come within a second and a half.
    const quick = await serve(join(mkdtempSync(join(tmpdir(), 'zilo-online-')), 'games.sqlite'), 0, ['--first-move', '1.5']);
    try {
      const g = await (await fetch(quick.origin + '/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'chess', side: 'first', clock: { initial: 60, increment: 0 } }) })).json();
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(quick.origin + '/');
      await page.evaluate((g) => localStorage.setItem('zilo.online.v1', JSON.stringify({ [g.game]: { token: g.token, seat: g.seat, outbox: [] } })), g);
      await page.goto(quick.origin + '/#online=' + g.game);
      await page.waitForSelector('body[data-ready="1"]', { timeout: T });
      await fetch(quick.origin + '/api/games/' + g.game + '/join', { method: 'POST', body: '{}' });
      await page.waitForFunction(() => /Game aborted/.test(document.querySelector('zilo-board').shadowRoot.querySelector('[data-online="info"]')?.textContent || ''), null, { timeout: T });
      const view = await (await fetch(quick.origin + '/api/games/' + g.game)).json();
      assert.deepEqual([view.status, view.result, view.reason], ['over', '*', 'aborted']);
      // Neither clock ever ran: both still show the full minute.
      for (const seat of ['first', 'second']) assert.equal(await page.textContent(`[data-clock="${seat}"]`), '1:00');
    } finally { quick.proc.kill('SIGKILL'); }
  });

  it('in Polish: the online form names the games in Polish and says nothing in English', async () => {
    const a = await person('/', null, null, 'pl-PL');
    await a.page.click('label:has(input[name="opp-vs"][value="online"])');
    const names = await a.page.evaluate(() => [...document.querySelectorAll('#online-variant option')].map((o) => [o.value, o.textContent]));
    const chess = names.find(([id]) => id === 'chess');
    assert.equal(chess[1], await a.page.evaluate(() => ZiloKit.gameWord(ZiloKit.variants().find((v) => v.id === 'chess'), 'name', '')));
    assert.notEqual(chess[1], 'Chess');
    const text = await a.page.textContent('#online-box');
    assert.doesNotMatch(text, /\b(Game|Time|You play|Random|First|Second|Create game|Chess|Correspondence|days? per move)\b/, text);
    // Waiting for the opponent: the line to send the link says it without a gender.
    await a.page.click('#online-create');
    await waitInfo(a, /wyślij ten link/);
    assert.doesNotMatch(await info(a), /wyślij mu/);
    assert.deepEqual(a.problems, []);
  });

  it('in Polish: the server refuses by code, and the page words it in Polish', async () => {
    const PL = 'pl-PL';
    const a = await person('/', null, null, PL);
    await a.page.click('label:has(input[name="opp-vs"][value="online"])');
    await a.page.selectOption('#online-variant', 'chess');
    await a.page.selectOption('#online-clock', '10+5');
    await a.page.click('label:has(input[name="online-side"][value="first"])');
    await a.page.click('#online-create');
    await a.page.waitForSelector('[data-online="link"]', { timeout: T });
    const link = await a.page.inputValue('[data-online="link"]');
    const b = await person(new URL(link).pathname + new URL(link).hash, null, null, PL);
    await waitInfo(a, /Twój ruch/);
    // White's move waits offline while Black resigns: the server refuses it (the game is over)
    // and the page says why in Polish, not in the server's English.
    await a.context.setOffline(true);
    await a.page.waitForSelector('[data-online="banner"]', { timeout: T });
    await a.move('e2e4');
    await b.page.click('[data-action="online-resign"]');
    await b.page.click('[data-action="online-resign"]');
    await a.context.setOffline(false);
    const said = await a.page.waitForFunction(() => {
      const t = document.querySelector('zilo-board').shadowRoot.getElementById('message').textContent;
      return /Ruch cofnięty/.test(t) && t;
    }, null, { timeout: T }).then((h) => h.jsonValue());
    assert.equal(said.trim(), 'Ruch cofnięty: Partia jest skończona (1-0)');
    await waitMoves(a, 0);
    // The same wording for every code the server gives: its own, the engine's, and an unknown one.
    const words = await a.page.evaluate(() => [
      ZiloKit.Online.message({ code: 'server.notYourTurn', args: {}, message: 'not your turn' }),
      ZiloKit.Online.message({ code: 'server.staleVersion', args: { v: '3', version: '4' }, message: 'stale version 3' }),
      ZiloKit.Online.message({ code: 'move.cannotReach', args: { piece: 'P', from: 'e2', to: 'e5' }, message: 'x' }, 'chess'),
      ZiloKit.Online.message({ code: 'server.someday', args: {}, message: 'a code this page does not know' }),
      ZiloKit.Online.message({ code: 'setup.invalid', args: { side: 'w', kingFields: 'c2, e2, g2', count: '2' }, message: 'x',
        problems: [{ code: 'setup.noKing', args: {}, message: 'y' }, { code: 'setup.pieceCount', args: { piece: 'R', placed: '0', needed: '6' }, message: 'z' }] }, 'cyvasse'),
    ]);
    assert.deepEqual(words, [
      'To nie twój ruch',
      'Partia zmieniła się w międzyczasie: plansza pokazuje ją w obecnym stanie',
      'Ruch niemożliwy: pionek z e2 nie może pójść na e5',
      'a code this page does not know',
      'Ustawienie strony Białe (Król na c2, e2, g2) ma 2 problemy: Nie postawiono Króla; Milicja: postawiono 0, potrzeba 6',
    ]);
    // An HTTP refusal too: a third person on the full game's link is told in Polish.
    const refused = await a.page.evaluate(async (id) => {
      const r = await fetch('/api/games/' + id + '/join', { method: 'POST', body: '{}' });
      return ZiloKit.Online.message(await r.json());
    }, link.split('=').pop());
    assert.equal(refused, 'Oba miejsca w tej partii są zajęte');
    for (const p of [a, b]) assert.deepEqual(p.problems, []);
  });

  it('looks right at 1366×768, 390×844 and 844×390: clocks and both names in view', async () => {
    const a = await person('/');
    const link = await create(a, { variant: 'zilo', clock: '10+5', side: 'first' });
    const b = await person(new URL(link).pathname + new URL(link).hash);
    await waitInfo(a, /Your move/);
    mkdirSync(SHOTS, { recursive: true });
    for (const [name, size] of [['desktop', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }], ['phone-landscape', { width: 844, height: 390 }]]) {
      await b.page.setViewportSize(size);
      await b.page.evaluate(() => window.scrollTo(0, 0));
      await new Promise((r) => setTimeout(r, 300));
      await b.page.screenshot({ path: join(SHOTS, `online-${name}.png`) });
      for (const sel of ['.ol-player[data-side="w"] .ol-name', '.ol-player[data-side="b"] .ol-name', '[data-clock="first"]', '[data-clock="second"]']) {
        const box = await b.page.locator(sel).boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width, `${sel} in view at ${name}: ${JSON.stringify(box)}`);
      }
    }
    // zilo plays online too: a move each, then a resignation.
    await a.move('e3e4');
    await waitMoves(b, 1);
    await b.move('e7e6');
    await waitMoves(a, 2);
    await a.page.click('[data-action="online-resign"]');
    await a.page.click('[data-action="online-resign"]');
    await waitInfo(b, /0-1 · .* wins by resignation/);
    // The online form opens on the game last played online.
    const c = await person('/', null, a.context);
    await c.page.click('label:has(input[name="opp-vs"][value="online"])');
    assert.equal(await c.page.inputValue('#online-variant'), 'zilo');
    for (const p of [a, b, c]) assert.deepEqual(p.problems, []);
  });

  it('after Create, the link to send is in view, on a phone held either way', async () => {
    for (const size of [{ width: 844, height: 390 }, { width: 390, height: 844 }]) {
      const phone = await browser.newContext({ viewport: size, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
      const a = await person('/', size, phone);
      await create(a, { variant: 'chess', clock: '10+5', side: 'first' });
      await new Promise((r) => setTimeout(r, 300));
      for (const sel of ['[data-online="link"]', '[data-action="copy-link"]']) {
        const box = await a.page.locator(sel).boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width, `${sel} in view at ${size.width}×${size.height}: ${JSON.stringify(box)}`);
      }
      await a.page.screenshot({ path: join(SHOTS, `online-link-${size.width}x${size.height}.png`) });
      assert.deepEqual(a.problems, []);
    }
  });

  it('correspondence: days per move, the creator takes the second seat', async () => {
    const a = await person('/');
    await a.page.click('label:has(input[name="opp-vs"][value="online"])');
    await a.page.selectOption('#online-variant', 'chess');
    await a.page.selectOption('#online-clock', 'days');
    await a.page.selectOption('#online-days', '3');
    await a.page.click('label:has(input[name="online-side"][value="second"])');
    await a.page.click('#online-create');
    const link = await a.page.inputValue('[data-online="link"]');
    const b = await person(new URL(link).pathname + new URL(link).hash);
    await waitInfo(b, /Your move/);
    assert.equal(await a.page.evaluate(() => document.querySelector('zilo-board').orientation), 'b', 'the second seat sits at the bottom');
    assert.match(await b.page.textContent('[data-clock="first"]'), /^(3d 0h|2d 23h)$/);
    await b.move('e2e4');
    await waitMoves(a, 1);
    await waitInfo(a, /Your move/);
    for (const p of [a, b]) assert.deepEqual(p.problems, []);
  });

  it('a flag falls with a short clock', async () => {
    // The form offers real time controls; a 2-second game is made through the API, its seat
    // handed to the first player's browser as the page keeps it.
    const r = await fetch(server.origin + '/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'chess', side: 'first', clock: { initial: 2, increment: 0 } }) });
    const g = await r.json();
    const a = await person('/');
    await a.page.evaluate((g) => localStorage.setItem('zilo.online.v1', JSON.stringify({ [g.game]: { token: g.token, seat: g.seat, outbox: [] } })), g);
    await a.page.goto(server.origin + '/#online=' + g.game);
    await a.page.waitForSelector('body[data-ready="1"]', { timeout: T });
    const b = await person('/#online=' + g.game);
    await waitInfo(b, /opponent’s move/);
    // The clocks start after both first moves; then White's two seconds run out.
    await a.move('e2e4');
    await waitMoves(b, 1);
    await b.move('e7e5');
    await waitMoves(a, 2);
    await a.page.waitForFunction(() => document.querySelector('zilo-board').shadowRoot.querySelector('[data-clock="first"]').classList.contains('low'), null, { timeout: T });
    await waitInfo(b, /0-1 · Black wins on time/);
    await waitInfo(a, /0-1 · Black wins on time/);
    assert.match(await a.status(), /White ran out of time/);
    assert.equal(await a.page.$('[data-action="online-resign"]'), null);
  });

  it('<zilo-board server game> on another page: watches live, plays with a stored token, shows who is gone', async () => {
    const post = async (path, body) => (await fetch(server.origin + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    const g = await post('/api/games', { variant: 'chess', side: 'first', clock: { initial: 600, increment: 5 } });
    await post('/api/games/' + g.game + '/join', {});
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(server.origin + '/embed.html');
    await page.waitForFunction(() => [...document.querySelectorAll('zilo-board')].every((b) => b.started), null, { timeout: T });
    // A board on this page with the first seat's token kept in this browser: it plays.
    await page.evaluate(({ origin, g }) => {
      localStorage.setItem('zilo.online.v1', JSON.stringify({ [g.game]: { token: g.token, seat: g.seat, outbox: [] } }));
      const b = document.createElement('zilo-board');
      b.id = 'player';
      b.setAttribute('server', origin);
      b.setAttribute('game', g.game);
      document.querySelector('main').appendChild(b);
    }, { origin: server.origin, g });
    const on = (id, fn) => page.evaluate(([id, src]) => new Function('b', 'return (' + src + ')(b)')(document.getElementById(id)), [id, fn.toString()]);
    await page.waitForFunction(() => document.getElementById('player').getAttribute('mode') === 'online', null, { timeout: T });
    // Another browser, no token: the same element watches.
    const wctx = await browser.newContext();
    contexts.push(wctx);
    const wpage = await wctx.newPage();
    await wpage.goto(server.origin + '/embed.html');
    await wpage.waitForFunction(() => [...document.querySelectorAll('zilo-board')].every((b) => b.started), null, { timeout: T });
    await wpage.evaluate(({ origin, game }) => { const b = document.createElement('zilo-board'); b.id = 'watcher'; b.setAttribute('server', origin); b.setAttribute('game', game); document.querySelector('main').appendChild(b); }, { origin: server.origin, game: g.game });
    await wpage.waitForFunction(() => document.getElementById('watcher').getAttribute('mode') === 'view', null, { timeout: T });
    await on('player', (b) => b.play('d2d4'));
    await wpage.waitForFunction(() => document.getElementById('watcher').moves().join() === 'd2d4', null, { timeout: T });
    // Black's clock waits for Black's first move (each side's clock starts after its own).
    assert.doesNotMatch(await wpage.evaluate(() => document.getElementById('watcher').shadowRoot.querySelector('[data-clock="second"]').className), /running/);
    assert.match(await wpage.evaluate(() => document.getElementById('watcher').shadowRoot.querySelector('[data-online="first-move"]').textContent), /Black has \d+ s for the first move/);
    // The player's page closes its boards: the watcher sees the first seat gone, counting.
    await page.close();
    await wpage.waitForFunction(() => /gone since 0:0\d/.test(document.getElementById('watcher').shadowRoot.querySelector('[data-presence="first"]')?.textContent || ''), null, { timeout: T });
    assert.deepEqual(problems, []);
  });

  it('Cyvasse: each player sets up unseen; the halves meet at the start', async () => {
    const a = await person('/');
    const link = await create(a, { variant: 'cyvasse', clock: '30+20', side: 'first' });
    const b = await person(new URL(link).pathname + new URL(link).hash);
    await waitInfo(a, /Set up your half/);
    await waitInfo(b, /Set up your half/);
    const w = await person(new URL(link).pathname + new URL(link).hash);
    await w.page.waitForSelector('#online-curtain', { timeout: T });
    assert.match(await info(w), /The players are setting up/);
    // The watcher's status line says the setup is under way: nobody is to move yet, and who
    // begins is drawn at the start.
    const status = await w.page.textContent('#status');
    assert.match(status, /The players are setting up/);
    assert.doesNotMatch(status, /to move|Click/);
    await a.page.click('[data-action="random"]');
    await a.page.click('[data-action="done"]');
    await waitInfo(a, /Your half is sent/);
    await waitInfo(b, /Your opponent is ready/);
    // White's half is nowhere on Black's board (rows 1–4 are empty there).
    const whiteOnB = await b.page.evaluate(() => [...document.querySelector('zilo-board').shadowRoot.querySelectorAll('[data-piece]')].filter((e) => /^[A-Z]/.test(e.dataset.piece) && /[a-z]+[1-4]$/.test(e.dataset.square)).length);
    assert.equal(whiteOnB, 0, 'the other half stays hidden');
    await b.page.click('[data-action="random"]');
    await b.page.click('[data-action="done"]');
    await a.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play', null, { timeout: T });
    await b.page.waitForFunction(() => document.querySelector('zilo-board').state().phase === 'play', null, { timeout: T });
    const fa = await a.page.evaluate(() => document.querySelector('zilo-board').fen());
    assert.equal(fa, await b.page.evaluate(() => document.querySelector('zilo-board').fen()), 'both boards show both halves');
    await w.page.waitForSelector('#online-curtain', { state: 'detached', timeout: T });
    assert.equal(await w.page.evaluate(() => document.querySelector('zilo-board').fen()), fa, 'the watcher sees the game once it starts');
    // The side drawn to move plays a legal move (the engine's first).
    const first = (await a.page.evaluate(() => document.querySelector('zilo-board').turn())) === 'w' ? a : b;
    const other = first === a ? b : a;
    await first.page.evaluate(() => { const bd = document.querySelector('zilo-board'); bd.play(bd.ctl.game.legalMoves()[0]); });
    await waitMoves(other, 1);
    await waitMoves(w, 1);
    await acked(first);
    for (const p of [a, b, w]) assert.deepEqual(p.problems, []);
  });
});
