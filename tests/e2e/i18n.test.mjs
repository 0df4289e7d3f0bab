// The page's languages: the message catalogs (www/i18n/*.js) are complete against English, the
// page picks Polish from the browser and from its settings switch (at once, keeping the game,
// remembered), <zilo-board lang="pl"> speaks Polish, Polish plurals follow Intl.PluralRules,
// and no English word from the catalogs is left on the Polish page in the parts that speak
// through the catalogs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Script, createContext } from 'node:vm';
import { browserSuite, WWW, onBoard, boardText } from './helpers.mjs';

const I18N = join(WWW, 'i18n');
/** Every catalog, by language, as the bundle loads them. */
function catalogs() {
  const ctx = createContext({});
  ctx.globalThis = ctx;
  for (const f of readdirSync(I18N).filter((x) => x.endsWith('.js'))) new Script(readFileSync(join(I18N, f), 'utf8'), { filename: f }).runInContext(ctx);
  return ctx.ZiloKit.CATALOGS;
}
const forms = (v) => (v && typeof v === 'object' ? Object.entries(v).filter(([k]) => k !== 'plural').map(([, x]) => x) : [v]);
/** A message's placeholders; English's {aName} and {theName} (the name with its article), and
 * {namePossessive} / {theNamePossessive} ("the Birds’"), count as {name}. */
const placeholders = (v) => new Set(forms(v).flatMap((s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1].replace(/^(?:a|the)([A-Z])/, (_, c) => c.toLowerCase()).replace(/Possessive$/, ''))));

describe('the message catalogs', () => {
  const all = catalogs();
  const en = all.en;
  const others = Object.keys(all).filter((l) => l !== 'en');

  it('there is an English catalog and at least one other, each naming its language', () => {
    assert.ok(en && Object.keys(en).length > 100, 'English has the page\'s words');
    assert.ok(others.includes('pl'), 'Polish is there');
    for (const l of Object.keys(all)) assert.equal(typeof all[l]['language.name'], 'string', l + ' names itself');
  });

  for (const lang of others) {
    it(`${lang}: has every key English has, with the same placeholders`, () => {
      const missing = Object.keys(en).filter((k) => !(k in all[lang]));
      assert.deepEqual(missing, [], `${lang} lacks keys`);
      const extra = Object.keys(all[lang]).filter((k) => !(k in en));
      assert.deepEqual(extra, [], `${lang} has keys English does not`);
      for (const k of Object.keys(en)) {
        assert.deepEqual([...placeholders(all[lang][k])].sort(), [...placeholders(en[k])].sort(), `${lang} ${k}: placeholders`);
      }
    });

    it(`${lang}: a plural has every category of the language's plural rules`, () => {
      const cats = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [k, v] of Object.entries(all[lang])) {
        if (typeof v !== 'object') continue;
        assert.equal(typeof en[k], 'object', `${k} is a plural in English too`);
        for (const c of cats) assert.equal(typeof v[c], 'string', `${lang} ${k} lacks the "${c}" form`);
      }
    });
  }
});

const suite = browserSuite();
const PL = { locale: 'pl-PL' };
/** A fresh browser context in a locale (its navigator.language). */
const openIn = async (way, locale, opts = {}) => suite.open(way, { ...opts, context: await suite.browser.newContext({ viewport: opts.viewport || { width: 1366, height: 768 }, deviceScaleFactor: 1, locale, hasTouch: !!opts.mobile, isMobile: !!opts.mobile }) });
const shadowText = (p, id) => p.page.evaluate((i) => document.querySelector('zilo-board').shadowRoot.getElementById(i).textContent.trim(), id);

describe('choosing the language', () => {
  it('a browser in Polish gets the page in Polish at its first visit', async () => {
    const p = await openIn('http', PL.locale);
    assert.equal(await p.page.getAttribute('html', 'lang'), 'pl');
    assert.equal(await p.page.inputValue('#lang'), 'pl');
    assert.equal((await p.page.textContent('label[for="code-field"]')).trim(), 'Kod partii');
    assert.equal(await shadowText(p, 'btn-takeback'), 'Cofnij');
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });

  it('a browser in English gets English; the switch turns the page Polish mid-game, keeps the game and is remembered', async () => {
    const p = await openIn('http', 'en-US');
    assert.equal(await p.page.getAttribute('html', 'lang'), 'en');
    assert.equal(await shadowText(p, 'btn-takeback'), 'Take back');
    await p.moves(['e3e4', 'e7e6', 'c3c4']);
    const before = await onBoard(p.page, (b) => b.state());
    const options = await p.page.$$eval('#lang option', (os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options, [['en', 'English'], ['pl', 'Polski']], 'every catalog, by its own name');
    await p.page.selectOption('#lang', 'pl');
    assert.equal(await p.page.getAttribute('html', 'lang'), 'pl');
    assert.equal(await shadowText(p, 'btn-takeback'), 'Cofnij');
    assert.equal((await p.page.textContent('#btn-code-load')).trim(), 'Wczytaj');
    assert.equal(await p.page.getAttribute('#rules-close', 'aria-label'), 'Zamknij zasady');
    assert.equal(await p.page.evaluate(() => document.querySelector('zilo-board').shadowRoot.getElementById('btn-first').getAttribute('aria-label')), 'Pozycja początkowa (Home)');
    assert.match(await p.message(), /po polsku/);
    const after = await onBoard(p.page, (b) => b.state());
    assert.deepEqual(after.moves, before.moves, 'the game goes on');
    assert.equal(after.fen, before.fen);
    // The computer's levels are worded in the new language too.
    assert.equal((await p.page.textContent('#opp-level option[value="5"]')).trim(), '5 · Najmocniejszy');
    await p.page.reload();
    await p.page.waitForSelector('body[data-ready="1"]');
    assert.equal(await p.page.getAttribute('html', 'lang'), 'pl', 'remembered');
    assert.equal(await p.page.inputValue('#lang'), 'pl');
    assert.deepEqual((await onBoard(p.page, (b) => b.state())).moves, before.moves);
    // And back: the choice beats the browser's language either way.
    await p.page.selectOption('#lang', 'en');
    assert.equal(await shadowText(p, 'btn-takeback'), 'Take back');
    assert.equal(await p.page.getAttribute('html', 'lang'), 'en');
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });

  it('Polish plurals follow Intl.PluralRules: 1 ruch, 2 ruchy, 5 ruchów, 22 ruchy, 12 ruchów', async () => {
    const p = await openIn('file', 'en-US');
    const said = await p.page.evaluate(() => [1, 2, 5, 22, 12, 1.5].map((n) => ZiloKit.t('page.moves', { count: n }, 'pl')));
    assert.deepEqual(said, ['1 ruch', '2 ruchy', '5 ruchów', '22 ruchy', '12 ruchów', '1,5 ruchu']);
    const en = await p.page.evaluate(() => [1, 2].map((n) => ZiloKit.t('page.moves', { count: n })));
    assert.deepEqual(en, ['1 move', '2 moves']);
    // A key no catalog has comes back as itself; one Polish lacked would come in English.
    assert.equal(await p.page.evaluate(() => ZiloKit.t('no.such.key')), 'no.such.key');
    assert.equal(await p.page.evaluate(() => { ZiloKit.CATALOGS.en['test.only'] = 'Only {x}'; return ZiloKit.t('test.only', { x: 1 }, 'pl'); }), 'Only 1');
    // Numbers by Intl in the language.
    assert.equal(await p.page.evaluate(() => ZiloKit.num(12345.5, undefined, 'pl')), new Intl.NumberFormat('pl').format(12345.5));
    // A switch by a regional tag picks the catalog, tells the page, and re-words the board.
    const ev = await p.page.evaluate(() => new Promise((ok) => { addEventListener('zilo-lang', (e) => ok([e.detail.lang, ZiloKit.lang]), { once: true }); ZiloKit.setLang('pl-PL'); }));
    assert.deepEqual(ev, ['pl', 'pl']);
    assert.equal(await shadowText(p, 'btn-new'), 'Nowa partia');
    assert.equal(await p.page.getAttribute('html', 'lang'), 'pl');
    await p.context.close();
  });
});

describe('<zilo-board lang>', () => {
  it('a board with lang="pl" speaks Polish, and follows its attribute when it changes', async () => {
    const p = await openIn('file', 'en-US', { path: 'embed.html' });
    const words = () => p.page.evaluate(() => {
      const r = document.getElementById('pl-board').shadowRoot;
      return [r.getElementById('btn-takeback').textContent, r.getElementById('btn-new').textContent, r.getElementById('moves-empty').textContent, r.getElementById('board').getAttribute('aria-label')];
    });
    await p.page.evaluate(async () => {
      const b = document.createElement('zilo-board');
      b.id = 'pl-board';
      b.setAttribute('lang', 'pl');
      b.setAttribute('variant', 'chess');
      document.querySelector('main').appendChild(b);
      await b.ready;
    });
    assert.deepEqual(await words(), ['Cofnij', 'Nowa partia', 'Nie było jeszcze ruchów.', 'Plansza']);
    // The other boards and the demo page around them follow (one language per page).
    assert.equal(await p.page.evaluate(() => document.getElementById('board-a').shadowRoot.getElementById('btn-flip').textContent), 'Obróć');
    assert.equal((await p.page.textContent('#h-a')).trim(), 'Szachy, dwie osoby przy jednym ekranie');
    assert.equal(await p.page.getAttribute('html', 'lang'), 'pl');
    await p.page.evaluate(() => document.getElementById('pl-board').setAttribute('lang', 'en'));
    assert.deepEqual(await words(), ['Take back', 'New game', 'No moves yet.', 'Board']);
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// No English left: the words of the English catalog's page and engine keys that Polish does not
// also use must not appear in the Polish page's text, aria-labels, titles and placeholders,
// mid-game with the rules open: the page's own markup, the variant menu and the heading, the
// rules dialog (its title, piece table and how-to), and the board's panel (the status line, the
// move list, the buttons and their titles). Left out: the rules file's own text (its Polish
// translation names each piece's English name and the engine's reason codes on purpose), and
// the side and piece names drawn by board-view.js and piece-sets.js (the opponent's side choice,
// the piece sets, the squares and hands, a piece in the last move's words), whose game.* words
// are checked with those files: the engine's names of the game's sides and pieces are allowed.
const CONVERTED = /^(board|panel|chooser|share|online|page|embed|setup|pieces|computer|engine|outcome|terrain|counter|game)\./;
const words = (s) => String(s).replace(/\{\w+\}/g, ' ').replace(/<[^>]+>/g, ' ').split(/[^\p{L}’']+/u).map((w) => w.replace(/^[’']+|[’']+$/g, '')).filter((w) => w.length >= 3);

describe('no English on the Polish page', () => {
  for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844, mobile: true }]) {
    it(`mid-game with the rules open, every word is Polish: page, menu, panel, move list, rules (${size.width}×${size.height})`, async () => {
      const all = catalogs();
      const polish = new Set(Object.values(all.pl).flatMap(forms).flatMap(words).map((w) => w.toLowerCase()));
      const english = new Set(Object.entries(all.en).filter(([k]) => CONVERTED.test(k)).flatMap(([, v]) => forms(v)).flatMap(words).map((w) => w.toLowerCase()).filter((w) => !polish.has(w)));
      const p = await openIn('http', 'pl-PL', { viewport: { width: size.width, height: size.height }, mobile: size.mobile });
      await p.moves(['e3e4', 'e7e6', 'c3c4']);
      await p.page.click('#btn-prev'); // looking back: the status says where ("ruch 1 (…) z 2")
      await p.page.click('#rules-open');
      // The game names stay as they are in every language where they are proper names.
      const allowed = new Set(words(Object.entries(all.pl).filter(([k]) => /^game\.\w[\w-]*\.(name|shortName)$/.test(k)).map(([, v]) => v).join(' ')).map((w) => w.toLowerCase()));
      const text = await p.page.evaluate(() => {
        const out = [];
        const OUT = '#rules-doc';
        // The light DOM's rendered text, without the parts other files word.
        const skip = (el) => el.closest && el.closest(OUT);
        const walk = (root) => {
          const tw = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let n = tw.nextNode(); n; n = tw.nextNode()) {
            const el = n.parentElement;
            if (!el || skip(el) || el.closest('script, style, noscript, template')) continue;
            if (el.closest('[hidden]') || !el.getClientRects().length) continue;
            out.push(n.textContent);
          }
          for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
            if (skip(el)) continue;
            for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
          }
        };
        walk(document.body);
        // The variant menu's every option, not only the chosen one.
        for (const o of document.querySelectorAll('#variant option')) out.push(o.textContent, o.title);
        out.push(document.title);
        // The board: its fields' labels, the bars and hands, the status line, the buttons and
        // their titles, the move list.
        walk(document.querySelector('zilo-board').shadowRoot);
        return out.join('\n');
      });
      const found = [...new Set(words(text).filter((w) => english.has(w.toLowerCase()) && !allowed.has(w.toLowerCase())))];
      assert.deepEqual(found, [], 'English words on the Polish page');
      assert.ok(text.includes('Jak korzystać ze strony') && text.includes('Kliknij bierkę'), 'the how-to is there, in Polish');
      assert.ok(text.includes('Szachy wściekłych ptaków'), 'the game’s name, in Polish');
      assert.ok(text.includes('Cofnij ostatni ruch'), 'Take back’s title, in Polish');
      assert.match(text, /Ostatni ruch: /, 'the last move, in Polish');
      assert.match(text, /ruch 1 \(.+\) z 2/, 'where the player is looking, in Polish');
      assert.ok(text.includes('Pisklak (P)'), 'the rules’ piece table, in Polish');
      await p.shot(`i18n-pl-midgame-rules-${size.width}x${size.height}`);
      assert.deepEqual(p.problems, []);
      await p.context.close();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The hidden setup of Cyvasse in Polish: the curtain, the card with its tray and buttons, the
// help and the refusals are Polish (no word of the English setup.* messages that Polish does not
// also use), at a phone's two sizes; nothing of it is cut off or leaves the window. The engine's
// own words (side, piece and preset names, the zone in words) are allowed until they come from
// the catalogs' game words.
describe('the Cyvasse setup in Polish', () => {
  const SETUP = /^(setup|pieces)\./;
  for (const size of [{ width: 390, height: 844 }, { width: 844, height: 390 }, { width: 1366, height: 768, desk: true }]) {
    it(`a hotseat setup speaks Polish: curtain, tray, help, buttons, refusals (${size.width}×${size.height})`, async () => {
      const all = catalogs();
      const polish = new Set(Object.values(all.pl).flatMap(forms).flatMap(words).map((w) => w.toLowerCase()));
      const english = new Set(Object.entries(all.en).filter(([k]) => SETUP.test(k)).flatMap(([, v]) => forms(v)).flatMap(words).map((w) => w.toLowerCase()).filter((w) => !polish.has(w)));
      const p = await openIn('http', 'pl-PL', { viewport: { width: size.width, height: size.height }, mobile: !size.desk });
      await p.variant('cyvasse');
      const engineWords = await p.page.evaluate(() => {
        const v = ZiloKit.variants().find((x) => x.id === 'cyvasse');
        return [v.name, v.shortName || '', ...(v.sides || []).flatMap((s) => [s.name, s.monarch || '']), ...v.pieces.map((x) => x.name),
          ...Object.values(v.zoneWords || {}), ...(v.presets || []).map((x) => x.name)].join(' ');
      });
      const allowed = new Set(words(engineWords).map((w) => w.toLowerCase()));
      /** The setup's text as shown: visible text, the menu's options, aria-labels and titles. */
      const shown = () => boardText(p, ['curtain', 'setup-card']);
      const english_in = (text) => [...new Set(words(text).filter((w) => english.has(w.toLowerCase()) && !allowed.has(w.toLowerCase())))];
      /** Every control of the setup lies inside the window and shows its whole label. */
      const fits = () => p.page.evaluate(() => {
        const r = document.querySelector('zilo-board').shadowRoot;
        const bad = [];
        for (const el of r.querySelectorAll('#curtain button, #curtain p, #setup-card button:not(.tray-item), #setup-card select, #setup-card p, #setup-card strong')) {
          const b = el.getBoundingClientRect();
          if (!b.width) continue;
          if (b.left < -1 || b.right > innerWidth + 1) bad.push(`${el.textContent.trim().slice(0, 30)}: outside the window (${Math.round(b.left)}–${Math.round(b.right)})`);
          if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'SELECT') bad.push(`${el.textContent.trim().slice(0, 30)}: cut (${el.scrollWidth} > ${el.clientWidth})`);
          // A control is there to be pressed: in view, not hidden under its scrolling panel's edge.
          if (el.matches('button, select')) {
            const at = r.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            if (!at || !(el === at || el.contains(at))) bad.push(`${el.textContent.trim().slice(0, 30)}: not in view`);
          }
        }
        return bad;
      });
      const tag = `${size.width}x${size.height}`;

      // The curtain before White's half.
      const curtain = await p.page.textContent('#curtain');
      assert.match(curtain, /Rozstawia: /);
      assert.match(curtain, /Każdy gracz rozstawia swoje bierki i teren/);
      assert.match(await p.page.textContent('[data-action="reveal"]'), /pokaż moją strefę/);
      assert.equal(await p.page.getAttribute('#setup-card', 'aria-label'), 'Rozstawianie');
      assert.deepEqual(english_in(await shown()), [], 'English words on the curtain');
      assert.deepEqual(await fits(), []);
      await p.shot(`i18n-pl-setup-curtain-${tag}`);

      // White's half: the tray, the help for a picked piece (the King: its fields named), the buttons.
      await p.page.click('[data-action="reveal"]');
      assert.match(await p.page.textContent('#setup-card strong'), /^Twoja strefa$/);
      assert.equal(await p.page.getAttribute('#setup-card .tray', 'aria-label'), 'Bierki i teren do rozstawienia');
      assert.equal(await p.page.getAttribute('[data-setup="mountain"]', 'aria-label'), 'Góra: zostały 3 do postawienia');
      assert.deepEqual(await p.page.$$eval('zilo-board >> #setup-card .setup-actions > *', (els) => els.map((e) => (e.tagName === 'SELECT' ? e.options[0].textContent : e.textContent))), ['Losowo', 'Szablon', 'Wyczyść', 'Gotowe']);
      await p.page.click('[data-setup="K"]');
      const help = await p.page.textContent('#setup-help');
      assert.match(help, /^Kliknij pole swojej strefy, aby postawić: .+\. Może stanąć tylko na: \w+, \w+ lub \w+\. Kliknij postawioną bierkę, aby ją znów podnieść\.$/);
      assert.deepEqual(english_in(await shown()), [], 'English words on the setup card');
      assert.deepEqual(await fits(), []);
      await p.shot(`i18n-pl-setup-tray-${tag}`);
      // The King's one piece: "został 1"; placed, it is "już na planszy".
      assert.match(await p.page.getAttribute('[data-setup="K"]', 'aria-label'), /: został 1 do postawienia$/);
      // A field outside the zone, and one of the zone the King may not take: refused in Polish.
      const m = await p.page.evaluate(() => { const v = ZiloKit.variants().find((x) => x.id === 'cyvasse'); return { zones: v.zones, kingFields: v.kingFields }; });
      await p.click(m.zones.b[0]);
      assert.match(await p.message(), /^Rozstawiaj tylko w swojej strefie: /);
      await p.click(m.zones.w.find((f) => !m.kingFields.w.includes(f)));
      assert.match(await p.message(), /może stanąć tylko na: \w+, \w+ lub \w+\.$/);
      await p.click(m.kingFields.w[0]);
      assert.match(await p.page.getAttribute('[data-setup="K"]', 'title'), / \(już na planszy\)$/);
      await p.page.click('[data-action="random"]');
      assert.equal(await p.page.textContent('#setup-help'), 'Twoja połowa jest gotowa.');
      assert.match(await p.page.getAttribute('[data-setup="mountain"]', 'aria-label'), /: zostało 0 do postawienia$/);
      assert.deepEqual(english_in(await shown()), []);
      assert.deepEqual(await fits(), [], 'Done in view, ready to press');
      await p.shot(`i18n-pl-setup-ready-${tag}`);

      // Done: the curtain before Black's half asks to pass the device.
      await p.page.click('[data-action="done"]');
      assert.match(await p.page.textContent('#curtain'), /Przekaż urządzenie drugiemu graczowi/);
      assert.match(await p.page.textContent('#setup-card'), /Teraz rozstawia: .*Plansza jest zakryta/);
      assert.deepEqual(english_in(await shown()), []);
      assert.deepEqual(await fits(), []);
      // A switch to English mid-setup re-words it at once and keeps the setup; and back.
      await p.page.evaluate(() => ZiloKit.setLang('en'));
      assert.match(await p.page.textContent('#curtain'), /sets up.*Pass the device to/);
      assert.equal(await p.page.getAttribute('#setup-card', 'aria-label'), 'Setup');
      await p.page.evaluate(() => ZiloKit.setLang('pl'));
      await p.page.click('[data-action="reveal"]');
      assert.equal(await p.page.textContent('[data-action="done"]'), 'Gotowe');
      assert.equal(await p.page.evaluate(() => document.querySelector('zilo-board').state().phase), 'setup');
      assert.deepEqual(p.problems, []);
      await p.context.close();
    });
  }

  it('the computer worker’s own failure comes as a code, worded in the page’s language', async () => {
    const p = await openIn('file', 'pl-PL');
    const msg = await p.page.evaluate(() => new Promise((ok) => {
      // An engine whose start fails inside the worker.
      const c = ZiloKit.Computer.create('var ziloEngine = function () { return { ready: Promise.reject(new Error("no wasm")) }; };');
      c.ask({ variant: 'chess' }, (r) => ok(r));
    }));
    assert.deepEqual(Object.keys(msg).sort(), ['error', 'id']);
    assert.equal(msg.error, 'silnik się nie uruchomił: no wasm');
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// The game itself in Polish: a result, a refused drop, the rules' piece table. The words of the
// English messages these come from (outcome.*, engine.*, panel.*, the rules' columns) that Polish
// does not also use must not appear.
describe('the game in Polish', () => {
  /** The words of the English messages whose keys match `re`, less those Polish uses too. */
  const englishOf = (re) => {
    const all = catalogs();
    const polish = new Set(Object.values(all.pl).flatMap(forms).flatMap(words).map((w) => w.toLowerCase()));
    return new Set(Object.entries(all.en).filter(([k]) => re.test(k)).flatMap(([, v]) => forms(v)).flatMap(words).map((w) => w.toLowerCase()).filter((w) => !polish.has(w)));
  };
  const englishIn = (text, english) => [...new Set(words(text).filter((w) => english.has(w.toLowerCase())))];

  it('a chess game played to checkmate shows its result in Polish: the status, its note and the move list', async () => {
    const p = await openIn('http', PL.locale);
    await p.variant('chess');
    await p.moves(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    assert.equal(await p.page.getAttribute('body', 'data-result'), '0-1');
    const title = await p.page.textContent('#result');
    const note = await p.page.textContent('#note');
    assert.equal(title, 'Zwycięstwo: Czarne (0-1)');
    assert.equal(note, 'Mat: biały król strony Białe jest w szachu i nie ma wyjścia.');
    assert.equal(await p.page.textContent('#moves-result'), '0-1 · ' + note);
    const english = englishOf(/^(outcome|panel)\./);
    assert.deepEqual(englishIn(await p.status(), english), [], 'English words in the status');
    // A switch to English re-words the result at once; and back.
    await p.page.evaluate(() => ZiloKit.setLang('en'));
    assert.equal(await p.page.textContent('#result'), 'Victory for Black (0-1)');
    assert.match(await p.page.textContent('#note'), /^Checkmate: the white king of White is in check/);
    await p.page.evaluate(() => ZiloKit.setLang('pl'));
    assert.equal(await p.page.textContent('#result'), title);
    await p.shot('i18n-pl-checkmate-1366x768');
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });

  it('a refused zilo drop gives the engine’s reason in Polish, by its code', async () => {
    const p = await openIn('http', PL.locale);
    // The Pigs take a Bird Minion into their hand; the Birds move; the Pigs drop it on a Bird.
    await p.moves(['e3e4', 'e7e6', 'e4e5', 'e6e5', 'a3a4']);
    await p.page.click('[data-hand="b"][data-piece="P"]');
    await p.click('b3');
    const said = await p.message();
    const reason = await p.page.evaluate(() => ZiloKit.t('engine.drop.squareOccupied', { square: 'b3' }, 'pl'));
    assert.equal(reason, 'Pole b3 nie jest puste; bierki zrzuca się tylko na puste pola');
    assert.ok(said.includes(reason), `the Polish reason in “${said}”`);
    assert.ok(!said.includes('is not empty'), 'not the engine’s English');
    // The controller's refusal is the engine's code worded, for any drop the engine refuses.
    const other = await p.board((b) => b.ctl.dropError('P', 'e4'));
    assert.equal(other, null, 'e4 is free to drop on');
    assert.deepEqual(p.problems, []);
    await p.context.close();
  });

  for (const [id, beside] of [['zilo', 'its Avian name beside it'], ['shogi', 'its Japanese name beside it'], ['cyvasse', 'which is the game’s own, not shown twice']]) {
    it(`the rules of ${id} in Polish: the piece table's words, each piece's Polish name, ${beside}`, async () => {
      const p = await openIn('http', PL.locale);
      await p.variant(id);
      await p.page.click('#rules-open');
      const want = await p.page.evaluate((v) => {
        const m = ZiloKit.variants().find((x) => x.id === v);
        return m.pieces.map((x) => {
          const name = ZiloKit.t('game.' + v + '.piece.' + x.letter + '.name');
          return { name: name + ' (' + x.letter + ')', native: x.nativeName && x.nativeName !== name ? x.nativeName : '', moves: ZiloKit.t('game.' + v + '.piece.' + x.letter + '.moves') };
        });
      }, id);
      const rows = await p.page.$$eval('#rules table[data-fill="pieces"] tbody tr', (trs) => trs.map((tr) => {
        const th = tr.querySelector('th'), nn = th.querySelector('.native-name');
        return { name: th.firstChild.textContent, native: nn ? nn.textContent : '', moves: tr.lastElementChild.textContent };
      }));
      assert.deepEqual(rows, want);
      // The table speaks Polish: its piece names are not the engine's English ones.
      const english = await p.page.evaluate((v) => ZiloKit.variants().find((x) => x.id === v).pieces.map((x) => x.name), id);
      for (const r of rows) assert.ok(!english.includes(r.name.replace(/ \(.*$/, '')), r.name);
      if (id === 'zilo') {
        assert.equal(rows[0].name, 'Pisklak (P)');
        assert.equal(rows[0].native, 'МӓḺд');
        // The how-to names the pieces as the table does.
        const howto = await p.page.textContent('#rules .rules-howto');
        for (const x of want) assert.ok(howto.includes(x.name.replace(/ \(.*$/, '')), x.name + ' in the how-to');
      }
      if (id === 'cyvasse') assert.ok(rows.every((r) => r.native === ''), 'Cyvasse’s own names are the Polish ones: not shown twice');
      const head = await p.page.$$eval('#rules table[data-fill="pieces"] thead th', (ths) => ths.map((th) => th.textContent));
      assert.deepEqual(head.slice(0, 2), ['Bierka', 'Nazwa']);
      assert.equal(head[head.length - 1], 'Jak się porusza');
      assert.match(await p.page.getAttribute('#rules-open', 'title'), /^Jak grać: /);
      assert.match(await p.page.innerText('#rules-title'), /^Zasady gry /);
      assert.deepEqual(englishIn(head.join(' '), englishOf(/^page\.rules\./)), []);
      // A switch to English while the rules are open re-words them.
      await p.page.evaluate(() => ZiloKit.setLang('en'));
      assert.deepEqual((await p.page.$$eval('#rules table[data-fill="pieces"] tbody th', (ths) => ths.map((th) => th.firstChild.textContent))).slice(0, 1),
        [await p.page.evaluate((v) => { const x = ZiloKit.variants().find((m) => m.id === v).pieces[0]; return x.name + ' (' + x.letter + ')'; }, id)]);
      assert.ok(await p.page.isVisible('#rules'), 'the dialog stays open');
      await p.page.evaluate(() => ZiloKit.setLang('pl'));
      for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
        await p.page.setViewportSize(size);
        await p.page.screenshot({ path: `/tmp/s1-rules-${id}-${size.width}x${size.height}.png` });
      }
      assert.deepEqual(p.problems, []);
      await p.context.close();
    });
  }
});
