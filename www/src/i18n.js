/* The page's words in the page's language: the message catalogs (www/i18n/*.js: classic
 * scripts, each adding globalThis.ZiloKit.CATALOGS[lang], bundled before the modules) and the
 * language the page speaks.
 *
 *   t('moves.count', { count: 5 })   → "5 moves" / "5 ruchów"
 *   has(key)                          → the current language or English has a message for key
 *   currentLang()                     → 'en' | 'pl' | …, the language in use
 *   setLang('pl')                     → switches; 'zilo-lang' is dispatched on globalThis
 *   onLang(fn)                        → calls fn(lang) after each switch
 *   languages()                       → [{ lang, name }] for every catalog, by its 'language.name'
 *   chooseLang(saved)                 → saved, else the browser's language, else 'en'
 *   num(n, opts), date(d, opts)       → Intl formatting in the current language
 *   applyI18n(root)                   → fills [data-i18n] and [data-i18n-attr] under root
 *   article(word)                     → English's "a"/"an" before a word ({aPiece} arguments)
 *
 * A catalog value is a string with {name} placeholders, or a plural: an object by
 * Intl.PluralRules category ({one, few, many, other}) chosen by the argument `count`, or by the
 * argument its `plural` field names. A key missing in a language falls back to English, then to
 * the key itself (with a console warning when the page runs from disk or localhost, where it
 * is developed). Adding a language is adding one catalog file: nothing here names one. */
/** @typedef {string | {[form: string]: string}} Message  A text, or a plural's forms. */
/** @type {Record<string, Record<string, Message>>} */
export const CATALOGS = ((/** @type {any} */ (globalThis).ZiloKit ||= {}).CATALOGS ||= {});
const FALLBACK = 'en';
/** @type {((lang: string) => void)[]} */
const listeners = [];
const warned = new Set();
/** @type {Record<string, Intl.PluralRules>} */
const plurals = {};

/** The catalog's language for a tag: 'pl-PL' → 'pl' where only 'pl' has a catalog. */
/** @param {unknown} tag @returns {string | null} */
function known(tag) {
  if (!tag) return null;
  const t = String(tag).trim();
  if (CATALOGS[t]) return t;
  const base = t.toLowerCase().split(/[-_]/)[0];
  return Object.keys(CATALOGS).find((l) => l.toLowerCase() === base) || null;
}

/** The language to start with: a saved choice, else the first of the browser's languages we
 * have, else English. */
/** @param {string | null} [saved] */
export function chooseLang(saved) {
  const nav = /** @type {Partial<Navigator>} */ (globalThis.navigator || {});
  const wanted = [saved].concat(nav.languages && nav.languages.length ? [...nav.languages] : [nav.language]);
  for (const w of wanted) { const l = known(w); if (l) return l; }
  return FALLBACK;
}

function dev() {
  const loc = globalThis.location;
  return !!loc && (loc.protocol === 'file:' || /^(localhost|127\.0\.0\.1|\[::1\])$/.test(loc.hostname));
}

/** @param {string} lang @param {string} key @returns {Message | undefined} */
function lookup(lang, key) {
  const c = CATALOGS[lang];
  if (c && Object.prototype.hasOwnProperty.call(c, key)) return c[key];
  return undefined;
}

/** @param {string} lang */
function pluralRule(lang) {
  if (!plurals[lang]) {
    try { plurals[lang] = new Intl.PluralRules(lang); } catch (_) { plurals[lang] = new Intl.PluralRules(FALLBACK); }
  }
  return plurals[lang];
}

/** @param {number} n @param {Intl.NumberFormatOptions} [opts] @param {string} [lang] */
export function num(n, opts, lang) {
  try { return new Intl.NumberFormat(lang || current, opts).format(n); } catch (_) { return String(n); }
}
/** @param {Date | number | string} d @param {Intl.DateTimeFormatOptions} [opts] @param {string} [lang] */
export function date(d, opts, lang) {
  try { return new Intl.DateTimeFormat(lang || current, opts).format(d instanceof Date ? d : new Date(d)); } catch (_) { return String(d); }
}

/** The message `key` in `lang` (default: the current language) with `args` put in.
 * @param {string} key @param {Record<string, any> | null} [args] @param {string} [lang] @returns {string} */
export function t(key, args, lang) {
  lang = lang || current;
  let v = lookup(lang, key), used = lang;
  if (v === undefined && lang !== FALLBACK) { v = lookup(FALLBACK, key); used = FALLBACK; }
  if (v === undefined) {
    if (dev() && !warned.has(key)) { warned.add(key); console.warn('i18n: no message "' + key + '" in any catalog'); }
    return key;
  }
  if (v !== undefined && used !== lang && dev() && !warned.has(lang + ':' + key)) {
    warned.add(lang + ':' + key);
    console.warn('i18n: no message "' + key + '" in the ' + lang + ' catalog; English is shown');
  }
  args = args || {};
  if (v && typeof v === 'object') {
    const n = Number(args[v.plural || 'count']);
    const cat = pluralRule(used).select(Number.isFinite(n) ? n : 0);
    v = v[cat] !== undefined ? v[cat] : v.other;
  }
  return String(v).replace(/\{(\w+)\}/g, (m, name) => {
    if (!Object.prototype.hasOwnProperty.call(args, name)) return m;
    const a = /** @type {Record<string, any>} */ (args)[name];
    return typeof a === 'number' ? num(a, undefined, used) : String(a);
  });
}

/** Whether the current language (or English) has a message for `key`: asked where a missing
 * key is expected (a game the catalogs do not know), so nothing is warned. */
/** @param {string} key */
export function has(key) {
  return lookup(current, key) !== undefined || lookup(FALLBACK, key) !== undefined;
}

/** Every language with a catalog, English first, by its own name. */
export function languages() {
  const ids = Object.keys(CATALOGS).sort((a, b) => (a === FALLBACK ? -1 : b === FALLBACK ? 1 : a.localeCompare(b)));
  return ids.map((lang) => ({ lang, name: lookup(lang, 'language.name') || lang }));
}

/** @param {string} lang */
export function setLang(lang) {
  const l = known(lang) || FALLBACK;
  if (l === current) return l;
  current = l;
  for (const fn of listeners.slice()) { try { fn(l); } catch (e) { console.error(e); } }
  if (typeof globalThis.dispatchEvent === 'function' && typeof CustomEvent === 'function') {
    globalThis.dispatchEvent(new CustomEvent('zilo-lang', { detail: { lang: l } }));
  }
  return l;
}

/** @param {(lang: string) => void} fn */
export function onLang(fn) {
  listeners.push(fn);
  return () => { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); };
}

/** Static text in markup: data-i18n="key" sets the element's text; data-i18n-attr="title:key
 * aria-label:key2" sets attributes; data-i18n-html="key" sets markup from OUR catalog (never
 * from a save, link or box). `lang` overrides the current language. */
/** @param {ParentNode} root @param {string} [lang] */
export function applyI18n(root, lang) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n || '', null, lang);
  for (const el of root.querySelectorAll('[data-i18n-html]')) el.innerHTML = t(/** @type {HTMLElement} */ (el).dataset.i18nHtml || '', null, lang);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of (/** @type {HTMLElement} */ (el).dataset.i18nAttr || '').trim().split(/\s+/)) {
      const i = pair.indexOf(':');
      if (i > 0) el.setAttribute(pair.slice(0, i), t(pair.slice(i + 1), null, lang));
    }
  }
}

/** English's indefinite article before a word: "a Knight", "an Elephant" (the catalogs'
 * {aPiece}-style arguments; other languages take the bare word). @param {string} w */
export const article = (w) => (/^[AEIOU]/i.test(w) ? 'an ' : 'a ') + w;

let current = chooseLang(null);
/** The language in use. */
export const currentLang = () => current;
