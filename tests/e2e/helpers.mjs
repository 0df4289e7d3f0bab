import { spawn } from 'node:child_process';
// Shared plumbing for the browser tests: a tiny static server for www/, Chromium via
// playwright-core, and a page wrapper that records console errors and every request.
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, normalize, extname, dirname, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const WWW = join(here, '..', '..', 'www');
export const SHOTS = join(here, 'screenshots');
export const START_FEN = 'hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
};

/** Serves www/ on 127.0.0.1 at an ephemeral port. */
export async function startServer(root = WWW) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (!(file + sep).startsWith(normalize(root + sep)) && file !== normalize(root)) { res.writeHead(403).end(); return; }
      if (path.endsWith('/')) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, url: origin + '/', close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(ok); }) };
}

/** The zilo binary the server tests run (ZILO_BIN, else this tree's release build). */
export const ZILO_BIN = process.env.ZILO_BIN || join(here, '..', '..', 'target', 'release', 'zilo');

/** `zilo serve` on 127.0.0.1 (port 0: a free one); resolves once it printed its address. */
export function serveZilo(db, port = 0, more = []) {
  return new Promise((ok, fail) => {
    const proc = spawn(ZILO_BIN, ['serve', '--listen', '127.0.0.1:' + port, '--db', 'sqlite:' + db, '--www', WWW, ...more], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ZILO_LOG: 'warn' } });
    let out = '';
    const timer = setTimeout(() => fail(new Error('zilo serve printed no address')), 15000);
    proc.on('error', fail);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (m) { clearTimeout(timer); ok({ proc, origin: m[1], port: Number(m[1].split(':').pop()) }); }
    });
  });
}

/** Debian's Chromium, headless, with no background traffic. playwright-core's launch() gives
 * every run a fresh temporary user-data-dir (it refuses a --user-data-dir argument). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
      '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/** The two ways the page is opened: straight from disk, and from a static host. */
export function targets(server) {
  const fileUrl = pathToFileURL(join(WWW, 'index.html')).href;
  return {
    // blob: URLs are made in the page (the computer's Web Worker): local, never the network.
    file: { name: 'file', url: fileUrl, base: pathToFileURL(WWW).href + '/', allowed: (u) => u.startsWith('file://') || u.startsWith('blob:null/') },
    http: { name: 'http', url: server.url, base: server.url, allowed: (u) => u.startsWith(server.origin + '/') || u.startsWith('blob:' + server.origin + '/') },
  };
}

/**
 * Opens the page in a fresh context (fresh localStorage). Returns helpers, `problems`
 * (console errors, page errors, requests to anything but the page's own files) and `workers`.
 */
export async function open(browser, target, opts = {}) {
  const context = opts.context || await browser.newContext({
    viewport: opts.viewport || { width: 1280, height: 860 },
    deviceScaleFactor: 1,
    hasTouch: !!opts.mobile, isMobile: !!opts.mobile,
  });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('request', (r) => {
    requests.push(r.url());
    if (!target.allowed(r.url())) problems.push('unexpected request: ' + r.url());
  });
  page.on('requestfailed', (r) => problems.push('failed request: ' + r.url()));
  // Web Workers the page starts (the computer player), and whether they were terminated.
  const workers = [];
  page.on('worker', (w) => {
    const rec = { url: w.url(), closed: false };
    workers.push(rec);
    w.on('close', () => { rec.closed = true; });
  });
  await page.goto((opts.path ? target.base + opts.path : target.url) + (opts.hash || ''));
  if (opts.path) await page.waitForFunction(() => [...document.querySelectorAll('zilo-board')].every((b) => b.started), null, { timeout: 15000 });
  else await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  const api = pageApi(page);
  return { page, context, problems, requests, workers, ...api };
}

function sq(name) { return `[data-square="${name}"]`; }

/** Runs `fn(board, ...args)` in the page with the <zilo-board> element (the page's one, or
 * the one matching `selector`). Playwright's CSS selectors reach into its open shadow root; a
 * function run in the page goes through board.shadowRoot. */
export function onBoard(page, fn, ...args) {
  return page.evaluate(([src, args]) => {
    const f = new Function('return (' + src + ')')();
    return f(document.querySelector('zilo-board'), ...args);
  }, [fn.toString(), args]);
}

export function pageApi(page) {
  return {
    sq,
    /** The piece letter on a square (as in position strings), or null. */
    piece: (name) => page.getAttribute(sq(name), 'data-piece'),
    click: (name) => page.click(sq(name)),
    /** Plays "e3e4" by clicking the two squares. A promotion ("e7e8n" in chess; "c6c7+" or
     * "c6c7=" for a shogi move that may promote) then clicks that choice in the chooser. */
    async move(uci) {
      const m = /^([a-z]\d+)([a-z]\d+)([a-z+=]?)$/.exec(uci);
      await page.click(sq(m[1]));
      await page.click(sq(m[2]));
      if (m[3]) await page.click(`#chooser [data-choice="${m[3]}"]`);
      await page.waitForFunction((to) => document.querySelector('zilo-board').shadowRoot.querySelector(`[data-square="${to}"]`).dataset.piece !== undefined, m[2]);
    },
    /** Plays a whole list of moves by clicking, each waiting for the side to move to change. */
    async moves(list) {
      for (const uci of list) {
        const turn = await page.getAttribute('body', 'data-turn');
        await this.move(uci);
        await page.waitForFunction((t) => document.body.dataset.turn !== t || document.body.dataset.result !== '*', turn);
      }
    },
    /** Picks a variant in the picker; confirms the new game if the page asks. */
    async variant(id) {
      await page.selectOption('#variant', id);
      if (await page.isVisible('#variant-confirm')) await page.click('#variant-confirm-yes');
      await page.waitForFunction((v) => document.body.dataset.variant === v, id);
    },
    fen: () => page.inputValue('#fen-field'),
    message: () => page.textContent('#message'),
    /** The status box: whose move, or the result title and the engine's wording of it. */
    status: () => page.textContent('#status'),
    /** The move list as shown (the engine's notation). */
    list: () => page.$$eval('#moves [data-ply]', (bs) => bs.map((b) => b.firstChild.textContent)),
    /** The number of moves in the list, and of those up to the position looked at. */
    count: () => page.locator('#moves [data-ply]').count(),
    /** Loads a position through the import box, as a person would (a refusal shows under the box). */
    async importFen(fen) {
      await page.fill('#fen-field', fen);
      await page.click('#btn-fen-load');
      // Loaded: a message over the board; refused: the reason under the box.
      await page.waitForSelector('#message:not([hidden]), #fen-error:not([hidden])');
    },
    /** Asks the engine (not the page) something, for expected values. */
    engine: (fn, ...args) => page.evaluate(fn, ...args),
    board: (fn, ...args) => onBoard(page, fn, ...args),
    async shot(name) {
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, name + '.png'), fullPage: true });
    },
  };
}

export async function finish(ctx) {
  const { problems, context } = ctx;
  await context.close();
  assert.deepEqual(problems, [], 'console errors or network requests');
}

export function engineBuilt() {
  return existsSync(join(WWW, 'engine.js'));
}

/** The two ways every page test runs: the page opened from disk, and from a static host. */
export const WAYS = ['file', 'http'];
/** A phone-sized browser context for open(). */
export const PHONE = { viewport: { width: 390, height: 844 }, mobile: true };

/**
 * One static server and one Chromium shared by a whole test file: started before its tests,
 * closed after them. `suite.open(way, opts)` opens the page over 'file' or 'http' (see open()).
 */
export function browserSuite() {
  if (!engineBuilt()) throw new Error('www/engine.js is missing: run `make www` first');
  const suite = {
    server: null,
    browser: null,
    open: (way, opts) => open(suite.browser, targets(suite.server)[way], opts),
  };
  before(async () => {
    suite.server = await startServer();
    suite.browser = await launch();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** What the board shows and says in the parts with these ids of its shadow root: the visible
 * text (a select's every option too), and every aria-label and title in them. */
export function boardText(p, ids) {
  return p.page.evaluate((ids) => {
    const r = document.querySelector('zilo-board').shadowRoot;
    const out = [];
    for (const box of ids.map((id) => r.getElementById(id)).filter(Boolean)) {
      const tw = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let n = tw.nextNode(); n; n = tw.nextNode()) {
        const el = n.parentElement;
        if (el.closest('option') || (el.getClientRects().length && !el.closest('[hidden]'))) out.push(n.textContent);
      }
      for (const el of [box, ...box.querySelectorAll('[aria-label], [title]')]) for (const a of ['aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    return out.join('\n');
  }, ids);
}

/** The engine's result after `moves` from `fen`, with its title and text as the page words
 * them (the catalog by the result's reason: ZiloKit.outcomeWords). */
export function engineResult(p, variant, fen, moves) {
  return p.engine(([v, f, ms]) => {
    const g = new Zilo.Game(v, f);
    for (const m of ms) g.play(m);
    const r = g.result();
    return Object.assign({}, r, ZiloKit.outcomeWords(v, r, g.turn()));
  }, [variant, fen, moves]);
}
