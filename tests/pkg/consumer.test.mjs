// The package as a consumer gets it: `npm pack` of pkg/ (built by `make pkg`), installed into a
// scratch project, then used the way its README says: an ES module import, a CommonJS require,
// the classic script, a Worker thread, TypeScript (strict, the three declaration files), and, in
// headless Chromium, the ES module on a page and in a module Web Worker, the classic script from
// file://. Each: a game, a move, an error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, existsSync, readFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname } from 'node:path';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('./', import.meta.url));
const pkg = fileURLToPath(new URL('../../pkg/', import.meta.url));
let project;

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: project, encoding: 'utf8', ...opts });
const node = (file) => JSON.parse(run(process.execPath, [file]).trim().split('\n').pop());
const write = (name, text) => {
  mkdirSync(join(project, name, '..'), { recursive: true });
  writeFileSync(join(project, name), text);
};

before(() => {
  assert.ok(existsSync(join(pkg, 'package.json')), 'pkg/ is missing: run make pkg');
  project = mkdtempSync(join(tmpdir(), 'zilo-consumer-'));
  const packed = run('npm', ['pack', pkg, '--pack-destination', project, '--silent']).trim().split('\n').pop();
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, version: '1.0.0' }));
  run('npm', ['install', join(project, packed), '--no-audit', '--no-fund', '--loglevel=error']);
});

after(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

// What every consumer below does, as source text: a game, a move, an error, the fast walk.
const USE = `
  const g = new Zilo.Game('zilo');
  const report = g.play('e3e4');
  let error = null;
  try { g.play('e7e5'); } catch (e) { error = e.message; }
  const walk = (d) => { if (d === 0) return 1; let n = 0; for (const m of g.legalMoveCodes()) { g.push(m); n += walk(d - 1); g.pop(); } return n; };
  const out = { san: report.san, check: report.check, error, fen: g.fen(), leaves: walk(2), perft: g.perft(2),
    variants: Zilo.variants().length, blast: new Zilo.Game('zilo', 'k8/9/9/2hpqp3/9/3B5/9/9/8K[] w - - 0 1').blastCells('d4d6') };
  g.free();
`;

function expectUsed(out) {
  assert.equal(out.san, 'e4');
  assert.equal(out.check, false);
  assert.equal(out.error, 'illegal move e7e5: the Minion on e7 cannot move to e5');
  assert.equal(out.fen, 'hcmbkqmch/1y5y1/ppppppppp/9/9/4P4/PPPP1PPPP/1Y5Y1/HCMBKQMCH[] b - - 1 1');
  assert.equal(out.leaves, out.perft);
  assert.ok(out.variants >= 8);
  assert.deepEqual(out.blast.sort(), ['c6', 'e6']);
}

test('the tarball holds the three builds, their declarations and the README', () => {
  const manifest = JSON.parse(readFileSync(join(project, 'node_modules/zilo-engine/package.json'), 'utf8'));
  assert.equal(manifest.name, 'zilo-engine');
  for (const f of ['zilo.mjs', 'zilo.cjs', 'zilo.js', 'zilo.d.mts', 'zilo.d.cts', 'zilo.d.ts', 'README.md']) {
    assert.ok(existsSync(join(project, 'node_modules/zilo-engine', f)), f);
  }
  assert.match(readFileSync(join(project, 'node_modules/zilo-engine/README.md'), 'utf8'), /npm install zilo-engine/);
});

test('ES module: import { Game } and use it at once (the module awaits the engine)', () => {
  write('esm.mjs', `import * as Zilo from 'zilo-engine';\nimport engine from 'zilo-engine';\n${USE}
    out.sameDefault = engine.Game === Zilo.Game;
    console.log(JSON.stringify(out));`);
  const out = node('esm.mjs');
  expectUsed(out);
  assert.ok(out.sameDefault);
});

test('Cyvasse through the package: a hidden setup from two halves, then a turn', () => {
  write('cyvasse.mjs', `import { Game, Setup, startPosition } from 'zilo-engine';
    const w = Setup.preset('cyvasse', 'w', 'fortress'), b = Setup.random('cyvasse', 'b', 7);
    const fen = startPosition('cyvasse', w, b, 'b');
    const g = new Game('cyvasse', fen);
    const turn = g.turn(), move = g.legalMoves()[0], r = g.play(move);
    let refused = null;
    try { new Setup('cyvasse', 'w').place('e5', 'R'); } catch (e) { refused = e.message; }
    console.log(JSON.stringify({ fen, turn, move: r.move, side: fen.split(' ')[1], mountains: Object.values(g.terrain()).filter((t) => t === 'mountain').length, refused, complete: w.isComplete() }));`);
  const out = node('cyvasse.mjs');
  assert.equal(out.turn, 'b');
  assert.equal(out.side, 'b');
  assert.ok(out.move, 'a turn was played');
  assert.equal(out.mountains, 6, 'three mountains a side');
  assert.equal(out.complete, true);
  assert.match(out.refused, /e5/);
});

test('in your language: a refusal through the package has the code and args its README shows', () => {
  write('codes.mjs', `import { Game, errorCodes } from 'zilo-engine';
    const g = new Game('chess');
    let e = null;
    try { g.play('e2e5'); } catch (err) { e = { message: err.message, code: err.code, args: err.args }; }
    const shogi = new Game('shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPPP1PPPP/1B5R1/LNSGKGSNL[P] w - - 0 1');
    console.log(JSON.stringify({ e, drop: shogi.dropRefusal('P', 'e5'), codes: errorCodes().length, result: g.result().reason }));`);
  const out = node('codes.mjs');
  assert.deepEqual(out.e, { message: 'illegal move e2e5: the Pawn on e2 cannot move to e5', code: 'move.cannotReach', args: { move: 'e2e5', piece: 'P', from: 'e2', to: 'e5' } });
  assert.equal(out.drop && out.drop.code, 'drop.pawnFileTaken');
  assert.ok(out.codes > 50);
  assert.equal(out.result, 'ongoing');
});

test('CommonJS: require, then wait for ready', () => {
  write('cjs.cjs', `const Zilo = require('zilo-engine');\nZilo.ready.then((Z) => {\n if (Z !== Zilo) throw new Error('ready gives the module');\n${USE}
    console.log(JSON.stringify(out)); });`);
  expectUsed(node('cjs.cjs'));
});

test('classic script: the global Zilo, as a <script> tag would define it', () => {
  write('classic.cjs', `const { Script, createContext } = require('node:vm');
    const fs = require('node:fs');
    // A bare context, like a page's: only what browsers have.
    const page = createContext({ atob, WebAssembly, TextEncoder, TextDecoder, console, FinalizationRegistry });
    page.globalThis = page;
    new Script(fs.readFileSync(require.resolve('zilo-engine/script'), 'utf8')).runInContext(page);
    page.Zilo.ready.then((Zilo) => {\n${USE}
      out.source = typeof Zilo.engineSource;
      console.log(JSON.stringify(out)); });`);
  const out = node('classic.cjs');
  expectUsed(out);
  assert.equal(out.source, 'string');
});

test('a Worker thread imports it too', () => {
  write('worker.mjs', `import { parentPort } from 'node:worker_threads';\nimport * as Zilo from 'zilo-engine';\n${USE}\nparentPort.postMessage(out);`);
  write('main.mjs', `import { Worker } from 'node:worker_threads';
    new Worker(new URL('./worker.mjs', import.meta.url)).on('message', (out) => { console.log(JSON.stringify(out)); process.exit(0); });`);
  expectUsed(node('main.mjs'));
});

test('TypeScript: the declarations type-check a consumer, strictly', () => {
  const tsc = join(here, 'node_modules/.bin/tsc');
  assert.ok(existsSync(tsc), 'typescript is missing: npm ci in tests/pkg');
  write('src/esm.mts', `import { Game, variants, type PlayReport, type MoveCode, type Result } from 'zilo-engine';
    import engine from 'zilo-engine';
    const g: Game = new Game('chess');
    const r: PlayReport = g.play('e2e4');
    const codes: Uint32Array = g.legalMoveCodes();
    const c: MoveCode = codes[0];
    g.push(c);
    const text: string = g.moveText(g.legalMoveCodes()[0]);
    const res: Result = g.result();
    const blast: string[] = g.blastCells(text);
    const n: number = variants().length + engine.engineStats().games + r.blasted.length + blast.length;
    // @ts-expect-error a move is text or a code
    g.play({});
    // @ts-expect-error sides are 'w' or 'b'
    g.resign('white');
    console.log(n, res.reason);
  `);
  write('src/cjs.cts', `import Zilo = require('zilo-engine');
    Zilo.ready.then((Z) => { const g = new Z.Game('shogi'); const m: string[] = g.legalMoves(); console.log(m.length); });
  `);
  write('src/classic.ts', `/// <reference types="zilo-engine/script" />
    Zilo.ready.then(() => { const g = new Zilo.Game('zilo'); g.push('e3e4'); const s: string = Zilo.engineSource; console.log(s.length); });
  `);
  write('tsconfig.json', JSON.stringify({
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], strict: true, noEmit: true, types: [] },
    include: ['src'],
  }));
  run(process.execPath, [tsc, '-p', 'tsconfig.json']);
});

test('browser: the ES module on a page and in a module Web Worker; the classic script from file://', async (t) => {
  const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    t.skip(`no Chromium at ${chromium}`);
    return;
  }
  const { chromium: launcher } = await import('playwright-core');
  const report = (where) => `${USE}\n${where}(out);`;
  write('web/page.html', `<!doctype html><script type="module">import * as Zilo from '/node_modules/zilo-engine/zilo.mjs';${report('window.pageDone')}
    new Worker('/web/worker.mjs', { type: 'module' }).onmessage = (e) => window.workerDone(e.data);</script>`);
  write('web/worker.mjs', `import * as Zilo from '/node_modules/zilo-engine/zilo.mjs';${report('postMessage')}`);
  write('web/classic.html', `<!doctype html><script src="../node_modules/zilo-engine/zilo.js"></script>
    <script>Zilo.ready.then(() => {${report('window.pageDone')}});</script>`);
  const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript' };
  const server = createServer((req, res) => {
    const file = join(project, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(project) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launcher.launch({ executablePath: chromium, args: ['--headless', '--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'] });
  try {
    const open = async (url, names) => {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const results = [];
      for (const name of names) {
        let answer;
        results.push(new Promise((resolve) => { answer = resolve; }));
        await page.exposeFunction(name, (out) => answer(out));
      }
      await page.goto(url);
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${url}: no answer; page errors: ${errors.join('; ')}`)), 20000);
      });
      try {
        return await Promise.race([Promise.all(results), timeout]);
      } finally {
        clearTimeout(timer);
        await page.close();
      }
    };
    const [onPage, inWorker] = await open(`http://127.0.0.1:${server.address().port}/web/page.html`, ['pageDone', 'workerDone']);
    expectUsed(onPage);
    expectUsed(inWorker);
    const [classic] = await open(pathToFileURL(join(project, 'web/classic.html')).href, ['pageDone']);
    expectUsed(classic);
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
});
