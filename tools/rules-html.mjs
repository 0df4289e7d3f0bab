#!/usr/bin/env node
// Builds www/rules.js, the rules dialog's text, from the project's rules files (docs/rules/*.md),
// so the page shows the same rules the engine is written and tested against:
//
//   node tools/rules-html.mjs docs/rules www/rules.js
//
// The output is one classic script (the page works from file://, where fetch() of a file is
// refused) that sets globalThis.ZiloRules = {<file stem>: {<lang>: '<html>'}}; the page picks a
// game's text by the file the engine names (Zilo.variants()[i].rules) and by its language, English
// the fallback. `<stem>.md` is the English (the rules the engine is tested against);
// `<stem>.<lang>.md` (`cyvasse.pl.md`) is a translation, and every language found is taken. The files are our own, written
// in a small part of Markdown: headings, paragraphs, lists, tables, fenced code, `code`,
// **strong**, *emphasis*, [links](...) (kept as their text: the page has no copy of the files
// they point to). Anything else is shown as text. Node 20, no dependencies.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, basename } from 'node:path';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  process.stderr.write('usage: node tools/rules-html.mjs <docs/rules> <out.js>\n');
  process.exit(1);
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One line's inline marks, on escaped text; code spans first, so nothing inside them is read. */
function inline(text) {
  const codes = [];
  let s = text.replace(/`([^`]+)`/g, (_, c) => { codes.push(c); return '\u0000' + (codes.length - 1) + '\u0000'; });
  s = escape(s)
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w*])\*([^*\s][^*]*?)\*(?![\w*])/g, '$1<em>$2</em>');
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => '<code>' + escape(codes[Number(i)]) + '</code>');
}

const cells = (line) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

/** The HTML of one rules file. Its first heading is the game's name, which the dialog's title
 * already gives: it is left out, and `##` becomes the dialog's `h3`. */
function toHtml(md) {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const html = [];
  let i = 0;
  const isList = (l) => /^(\s*)([-*]|\d+\.)\s+/.test(l);
  const startsBlock = (l) => /^(#{1,6}\s|```|\|)/.test(l) || isList(l);
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    let m;
    if ((m = /^(#{1,6})\s+(.*)$/.exec(line))) {
      const level = m[1].length;
      if (level > 1) html.push(`<h${Math.min(level + 1, 6)}>${inline(m[2])}</h${Math.min(level + 1, 6)}>`);
      i++;
    } else if (line.startsWith('```')) {
      const body = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) body.push(lines[i]);
      i++;
      html.push('<pre><code>' + escape(body.join('\n')) + '</code></pre>');
    } else if (line.startsWith('|')) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i]);
      const head = cells(rows[0]);
      const body = rows.slice(/^\|[\s|:-]+\|?$/.test(rows[1] || '') ? 2 : 1);
      html.push('<div class="table-wrap"><table><thead><tr>' + head.map((c) => '<th scope="col">' + inline(c) + '</th>').join('') + '</tr></thead><tbody>' +
        body.map((r) => '<tr>' + cells(r).map((c) => '<td>' + inline(c) + '</td>').join('') + '</tr>').join('') + '</tbody></table></div>');
    } else if (isList(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      while (i < lines.length && lines[i].trim()) {
        if (isList(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ''));
        else if (/^\s+/.test(lines[i]) && items.length) items[items.length - 1] += ' ' + lines[i].trim();
        else break;
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      html.push(`<${tag}>` + items.map((t) => '<li>' + inline(t) + '</li>').join('') + `</${tag}>`);
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() && !(para.length && startsBlock(lines[i])); i++) para.push(lines[i].trim());
      html.push('<p>' + inline(para.join(' ')) + '</p>');
    }
  }
  return html.join('\n');
}

const rules = {};
for (const file of readdirSync(dir).filter((f) => f.endsWith('.md')).sort()) {
  // `chess.md` is English; `chess.pl.md` is Polish.
  const [, stem, lang = 'en'] = /^([^.]+)(?:\.([a-z]{2,3}(?:-[A-Za-z0-9]+)?))?\.md$/.exec(file) || [];
  if (!stem) continue;
  (rules[stem] = rules[stem] || {})[lang] = toHtml(readFileSync(join(dir, file), 'utf8'));
}
const untranslated = Object.keys(rules).filter((stem) => !rules[stem].en);
if (untranslated.length) {
  process.stderr.write(`rules-html: no English rules for ${untranslated.join(', ')} (the fallback of every language)\n`);
  process.exit(1);
}
if (!Object.keys(rules).length) {
  process.stderr.write(`rules-html: no .md files in ${dir}\n`);
  process.exit(1);
}
writeFileSync(out, '// Generated by tools/rules-html.mjs from docs/rules/*.md: edit those, not this.\n' +
  'globalThis.ZiloRules = ' + JSON.stringify(rules, null, 1) + ';\n');
const langs = (stem) => Object.keys(rules[stem]).sort().join('+');
process.stdout.write(`built ${out}: the rules of ${Object.keys(rules).map((s) => `${s} (${langs(s)})`).join(', ')}\n`);
