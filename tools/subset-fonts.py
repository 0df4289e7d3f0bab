#!/usr/bin/env python3
"""Makes the page's two small fonts, www/fonts/zilo-sans-{400,700}.woff2 and zilo-kanji.woff2.

The page must draw every letter of the game's names on any machine, from file:// too: the
Avian names use letters few fonts have (Ɬ U+A7AD, Ƚ U+023D, Ḻ U+1E3A), and the shogi kanji
piece set needs a CJK font. So we ship subsets of Noto Sans (Latin, Cyrillic) and Noto Serif
CJK JP Bold (the kanji), renamed "Zilo Sans" and "Zilo Kanji" (the OFL asks modified fonts
not to keep the original name), and tools/build-board.mjs inlines them as base64.

The subset holds printable ASCII, Latin-1, and every other character found in the page's
sources and in the engine's variant tables (names, native names, side names).

Run it again only when names change (it needs Debian's fonts-noto-core and fonts-noto-cjk, and
`pip install fonttools brotli`); its output is committed, so `make www` needs none of that:

    apt-get install fonts-noto-core fonts-noto-cjk && pip install fonttools brotli
    python3 tools/subset-fonts.py
"""
import glob
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
OUT = os.path.join(ROOT, 'www', 'fonts')
SANS = {400: '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
        700: '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'}
CJK = '/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc'

# Where the page's text comes from: its own files, and the engine's tables of names.
SOURCES = ['www/*.html', 'www/src/*.js', 'www/src/*.css', 'www/page.js', 'www/i18n/*.js', 'docs/rules/*.md',
           'crate/src/chesslike/variants/*.rs',
           'crate/src/chesslike/variant.rs', 'crate/src/cyvasse/piece.rs', 'crate/src/wasm/*.rs']
# Always in: the shogi kanji set and its coordinates (www/src/piece-sets.js lists them too).
KANJI = '玉王飛角金銀桂香歩と杏圭全馬龍成一二三四五六七八九先手後'


def is_cjk(ch):
    cp = ord(ch)
    return 0x3000 <= cp <= 0x9fff or 0xf900 <= cp <= 0xfaff or 0xff00 <= cp <= 0xffef


def wanted_chars():
    chars = {chr(c) for c in range(0x20, 0x7f)} | {chr(c) for c in range(0xa0, 0x100)}
    # Latin Extended-A whole: Polish and the other Latin-script languages a catalog may add.
    chars |= {chr(c) for c in range(0x100, 0x180)}
    for pattern in SOURCES:
        for path in glob.glob(os.path.join(ROOT, pattern)):
            with open(path, encoding='utf-8') as f:
                chars |= {ch for ch in f.read() if ord(ch) >= 0xa0}
    chars |= set(KANJI)
    # Emoji and pictographs are not text we set in this font.
    return {ch for ch in chars if ord(ch) < 0x1f000 and not 0xfe00 <= ord(ch) <= 0xfe0f}


def rename(font, family):
    for rec in font['name'].names:
        if rec.nameID in (1, 16):
            rec.string = family
        elif rec.nameID in (4, 18):
            rec.string = family + (' Bold' if 'Bold' in str(rec) else '')
        elif rec.nameID == 6:
            rec.string = family.replace(' ', '') + ('-Bold' if 'Bold' in str(rec) else '-Regular')
        elif rec.nameID == 3:
            rec.string = family + ' (subset for the Zilo page)'


def write_subset(font, chars, family, out):
    opts = subset.Options()
    opts.flavor = 'woff2'
    opts.layout_features = ['kern', 'liga', 'mark', 'mkmk', 'ccmp', 'locl']
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 16, 17]
    opts.hinting = False
    opts.desubroutinize = True
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(font)
    rename(font, family)
    font.flavor = 'woff2'
    font.save(out)
    return os.path.getsize(out)


def main():
    os.makedirs(OUT, exist_ok=True)
    chars = wanted_chars()
    latin = sorted(c for c in chars if not is_cjk(c))
    cjk = sorted(c for c in chars if is_cjk(c))
    for weight, path in SANS.items():
        font = TTFont(path)
        cmap = font.getBestCmap()
        missing = [c for c in latin if ord(c) not in cmap]
        # Symbols Noto Sans lacks (arrows, stars) come from the system's fonts; names never use them.
        if missing:
            print(f'not in Noto Sans (left to system fonts): {"".join(missing)}', file=sys.stderr)
        n = write_subset(font, [c for c in latin if ord(c) in cmap], 'Zilo Sans', os.path.join(OUT, f'zilo-sans-{weight}.woff2'))
        print(f'zilo-sans-{weight}.woff2: {len(latin) - len(missing)} characters, {n} bytes')
    coll = TTCollection(CJK)
    jp = next(f for f in coll.fonts if 'JP' in f['name'].getDebugName(4))
    n = write_subset(jp, cjk, 'Zilo Kanji', os.path.join(OUT, 'zilo-kanji.woff2'))
    print(f'zilo-kanji.woff2: {len(cjk)} characters ({"".join(cjk)}), {n} bytes')


if __name__ == '__main__':
    main()
