/* Piece sets: how pieces look. Pure presentation: nothing here knows how pieces move.
 *
 * A set draws pieces by the names the engine gives them (Zilo.variants()[i].pieces[j].name), so
 * the page never asks which variant it shows: a variant gets the first set below that can draw
 * every one of its pieces (first of all a set written in the script of the game's own piece
 * names, such as the kanji for shogi), and may switch to any other set that can (the lettered
 * discs for anything). A set also says how its board looks (wooden lines or
 * light and dark squares) and may name its coordinates (kanji rank numerals).
 *
 *   const sets = forVariant(meta);     // [default, alternatives…]
 *   svgElement = draw(sets[0], 'q', {meta, down: false});
 *
 * Every drawing is an <svg viewBox="0 0 100 100"> with solid fills (no gradients: no ids, so any
 * number of boards can share a page or a shadow root). */
import { t } from './i18n.js';
import { gameWord } from './engine-words.js';
import { svgElement } from './svg.js';
import { medallions } from './cyvasse-pieces.js';
const el = svgElement;
const FONT = '"Zilo Sans", "Zilo Kanji", system-ui, sans-serif';
const KANJI_FONT = '"Zilo Kanji", "Noto Serif CJK JP", "Hiragino Mincho ProN", "Yu Mincho", serif';

function text(svg, str, x, y, size, fill, extra) {
  const t = el('text', Object.assign({ x, y, 'text-anchor': 'middle', 'font-size': size, 'font-weight': 700, fill, 'font-family': FONT }, extra || {}), svg);
  t.textContent = str;
  return t;
}

/** The letter in a small round badge at the bottom right: secondary to the picture. */
function badge(svg, letter, side) {
  const dark = side === 'b';
  el('circle', { cx: 84, cy: 86, r: 12, fill: dark ? '#1f3d12' : '#fff7e8', stroke: dark ? '#c8ecaa' : '#5e1410', 'stroke-width': 2 }, svg);
  text(svg, letter, 84, 91, letter.length > 1 ? 11 : 15, dark ? '#f2ffe6' : '#5e1410');
}

// ------------------------------------------------------------------------------------------
// Birds and Pigs (ЗiлоḺ АḺв Жа): the first player's pieces are red birds, the second's green
// pigs. Each type wears its own headgear, so a piece is known by its picture:
//   Minion: an eggshell cap (a hatchling)     Scout: flying goggles (it looks far, diagonally)
//   Charger: a horned helmet (it charges)     Bomber: a lit bomb
//   Jumper: a propeller cap (it glides over)  Sentinel: a knight's helm and a shield (armored)
//   Vanguard: an officer's cap with a star    Monarch: a crown
const BIRD = { body: '#d33a2c', dark: '#5e1410', light: '#f26b55', belly: '#f8e6c8', bellyLine: '#c9a07a' };
const PIG = { body: '#7cc04a', dark: '#24501a', light: '#a8dd7c', belly: '#d9f4bb', bellyLine: '#4d8a2c' };

function birdBody(svg, small) {
  const c = BIRD, r = small ? 29 : 34, cy = small ? 64 : 60;
  el('path', { d: `M${50 + r - 4} ${cy + 4} L${50 + r + 9} ${cy - 2} L${50 + r + 6} ${cy + 10} Z`, fill: c.dark }, svg); // tail
  el('circle', { cx: 50, cy, r, fill: c.body, stroke: c.dark, 'stroke-width': 3 }, svg);
  el('ellipse', { cx: 41, cy: cy - r * 0.45, rx: r * 0.45, ry: r * 0.25, fill: c.light, opacity: 0.55 }, svg);
  el('path', { d: `M${50 - r * 0.78} ${cy + r * 0.25} C${50 - r * 0.6} ${cy + r * 1.05} ${50 + r * 0.6} ${cy + r * 1.05} ${50 + r * 0.78} ${cy + r * 0.25} C${50 + r * 0.4} ${cy + r * 0.05} ${50 - r * 0.4} ${cy + r * 0.05} ${50 - r * 0.78} ${cy + r * 0.25} Z`, fill: c.belly, stroke: c.bellyLine, 'stroke-width': 1.5 }, svg);
  const ey = cy - r * 0.22, dx = r * 0.32;
  for (const s of [-1, 1]) {
    el('circle', { cx: 50 + s * dx, cy: ey, r: r * 0.17, fill: '#fff', stroke: c.dark, 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 50 + s * dx * 0.8, cy: ey + 1, r: r * 0.075, fill: '#1d1410' }, svg);
    el('path', { d: `M${50 + s * r * 0.72} ${ey - r * 0.4} L${50 + s * r * 0.1} ${ey - r * 0.2}`, stroke: '#2a1510', 'stroke-width': 4.5, 'stroke-linecap': 'round' }, svg);
  }
  el('path', { d: `M${50 - r * 0.17} ${cy} L${50 + r * 0.17} ${cy} L50 ${cy + r * 0.28} Z`, fill: '#f3a629', stroke: '#8a5a0f', 'stroke-width': 1.5, 'stroke-linejoin': 'round' }, svg);
  return { cy, r, top: cy - r };
}

function pigBody(svg, small) {
  const c = PIG, rx = small ? 32 : 38, ry = small ? 27 : 32, cy = small ? 65 : 61;
  for (const s of [-1, 1]) {
    el('path', { d: `M${50 + s * rx * 0.95} ${cy - ry * 0.45} L${50 + s * rx * 1.0} ${cy - ry * 1.2} L${50 + s * rx * 0.45} ${cy - ry * 0.85} Z`, fill: '#69ac3d', stroke: c.dark, 'stroke-width': 2.5, 'stroke-linejoin': 'round' }, svg);
  }
  el('ellipse', { cx: 50, cy, rx, ry, fill: c.body, stroke: c.dark, 'stroke-width': 3 }, svg);
  el('ellipse', { cx: 38, cy: cy - ry * 0.5, rx: rx * 0.4, ry: ry * 0.22, fill: c.light, opacity: 0.55 }, svg);
  const ey = cy - ry * 0.3;
  for (const s of [-1, 1]) {
    el('circle', { cx: 50 + s * rx * 0.5, cy: ey, r: rx * 0.13, fill: '#fff', stroke: c.dark, 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 50 + s * rx * 0.46, cy: ey + 1, r: rx * 0.06, fill: '#1d2a12' }, svg);
  }
  el('ellipse', { cx: 50, cy: cy + ry * 0.3, rx: rx * 0.42, ry: ry * 0.34, fill: c.belly, stroke: '#3f7a24', 'stroke-width': 2 }, svg);
  for (const s of [-1, 1]) el('ellipse', { cx: 50 + s * rx * 0.15, cy: cy + ry * 0.3, rx: rx * 0.06, ry: ry * 0.12, fill: '#3f7a24' }, svg);
  return { cy, r: ry, top: cy - ry };
}

const HEADGEAR = {
  // A hatchling's broken eggshell.
  eggshell(svg, top) {
    const y = top + 6;
    el('path', { d: `M30 ${y} C30 ${y - 20} 70 ${y - 20} 70 ${y} L64 ${y - 5} L58 ${y + 1} L52 ${y - 6} L46 ${y + 1} L40 ${y - 6} L35 ${y + 1} Z`, fill: '#fffaf0', stroke: '#8f7f66', 'stroke-width': 2, 'stroke-linejoin': 'round' }, svg);
    el('path', { d: `M38 ${y - 12} C42 ${y - 15} 47 ${y - 16} 52 ${y - 15}`, stroke: '#d8ccb6', 'stroke-width': 2, fill: 'none', 'stroke-linecap': 'round' }, svg);
  },
  // Flying goggles pushed up on the forehead.
  goggles(svg, top) {
    const y = top + 8;
    el('path', { d: `M18 ${y + 4} Q50 ${y - 6} 82 ${y + 4}`, stroke: '#5a3a1a', 'stroke-width': 5, fill: 'none' }, svg);
    for (const x of [37, 63]) {
      el('circle', { cx: x, cy: y - 1, r: 10, fill: '#7a4a22', stroke: '#3b230e', 'stroke-width': 2 }, svg);
      el('circle', { cx: x, cy: y - 1, r: 6.5, fill: '#8fd3ee', stroke: '#2c6f8c', 'stroke-width': 1.5 }, svg);
      el('circle', { cx: x - 2, cy: y - 3, r: 2, fill: '#fff', opacity: 0.9 }, svg);
    }
  },
  // A round helmet with two horns pointing forward.
  horns(svg, top) {
    const y = top + 10;
    for (const s of [-1, 1]) {
      el('path', { d: `M${50 + s * 18} ${y - 4} C${50 + s * 34} ${y - 6} ${50 + s * 40} ${y - 16} ${50 + s * 38} ${y - 28} C${50 + s * 33} ${y - 18} ${50 + s * 26} ${y - 14} ${50 + s * 14} ${y - 13} Z`, fill: '#fbf4e2', stroke: '#6b5b40', 'stroke-width': 2, 'stroke-linejoin': 'round' }, svg);
    }
    el('path', { d: `M26 ${y + 2} C26 ${y - 22} 74 ${y - 22} 74 ${y + 2} Z`, fill: '#8d99a6', stroke: '#39424c', 'stroke-width': 2.5 }, svg);
    el('path', { d: `M25 ${y + 2} H75`, stroke: '#39424c', 'stroke-width': 4, 'stroke-linecap': 'round' }, svg);
    el('ellipse', { cx: 42, cy: y - 11, rx: 8, ry: 3.5, fill: '#d5dde5', opacity: 0.8 }, svg);
  },
  // A black bomb with a lit fuse.
  bomb(svg, top) {
    const y = top - 4;
    el('circle', { cx: 50, cy: y, r: 13, fill: '#26221f', stroke: '#0c0a09', 'stroke-width': 2 }, svg);
    el('rect', { x: 45, y: y - 17, width: 10, height: 6, rx: 1.5, fill: '#55504b', stroke: '#0c0a09', 'stroke-width': 1.5 }, svg);
    el('path', { d: `M50 ${y - 17} C50 ${y - 24} 58 ${y - 24} 60 ${y - 28}`, stroke: '#8a6a3a', 'stroke-width': 2.5, fill: 'none', 'stroke-linecap': 'round' }, svg);
    el('path', { d: `M61 ${y - 37} L63 ${y - 31} L69 ${y - 32} L64 ${y - 28} L67 ${y - 22} L61 ${y - 26} L56 ${y - 22} L58 ${y - 28} L53 ${y - 32} L59 ${y - 31} Z`, fill: '#ffcf33', stroke: '#e0531b', 'stroke-width': 1.5, 'stroke-linejoin': 'round' }, svg);
    el('ellipse', { cx: 45, cy: y - 5, rx: 4, ry: 2.5, fill: '#fff', opacity: 0.45 }, svg);
  },
  // A cap with a propeller (the glider).
  propeller(svg, top) {
    const y = top + 6;
    el('path', { d: `M30 ${y} C30 ${y - 17} 70 ${y - 17} 70 ${y} Z`, fill: '#f2c14e', stroke: '#6b4d0c', 'stroke-width': 2 }, svg);
    el('path', { d: `M50 ${y - 12.5} C45 ${y - 12} 38 ${y - 6} 37 ${y} H50 Z`, fill: '#3d8fd1' }, svg);
    el('path', { d: `M50 ${y - 12.5} C55 ${y - 12} 62 ${y - 6} 63 ${y} H50 Z`, fill: '#e24b3b' }, svg);
    el('path', { d: `M30 ${y} C30 ${y - 17} 70 ${y - 17} 70 ${y} Z`, fill: 'none', stroke: '#6b4d0c', 'stroke-width': 2 }, svg);
    el('path', { d: `M50 ${y - 13} V${y - 19}`, stroke: '#3b3b3b', 'stroke-width': 2.5 }, svg);
    el('path', { d: `M33 ${y - 21} Q50 ${y - 15} 67 ${y - 21} Q50 ${y - 25} 33 ${y - 21} Z`, fill: '#3d8fd1', stroke: '#1d4a70', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 50, cy: y - 20, r: 2.5, fill: '#e24b3b' }, svg);
  },
  // A knight's helm with a visor, and a shield on the chest: the armored Sentinel.
  helm(svg, top, body) {
    const y = top + 14;
    el('path', { d: `M24 ${y} C24 ${y - 30} 76 ${y - 30} 76 ${y} Z`, fill: '#a7b1bb', stroke: '#3a434c', 'stroke-width': 2.5 }, svg);
    el('path', { d: `M50 ${y - 23} V${y}`, stroke: '#3a434c', 'stroke-width': 2 }, svg);
    el('path', { d: `M30 ${y - 6} H70`, stroke: '#3a434c', 'stroke-width': 3, 'stroke-linecap': 'round' }, svg);
    el('ellipse', { cx: 40, cy: y - 16, rx: 7, ry: 3, fill: '#e3e8ed', opacity: 0.85 }, svg);
    const sy = body.cy + body.r * 0.38;
    el('path', { d: `M40 ${sy - 10} H60 V${sy} C60 ${sy + 7} 54 ${sy + 11} 50 ${sy + 13} C46 ${sy + 11} 40 ${sy + 7} 40 ${sy} Z`, fill: '#8d99a6', stroke: '#39424c', 'stroke-width': 2, 'stroke-linejoin': 'round' }, svg);
    el('path', { d: `M50 ${sy - 8} V${sy + 10} M42 ${sy - 2} H58`, stroke: '#f2c14e', 'stroke-width': 2.5 }, svg);
  },
  // An officer's peaked cap with a star.
  cap(svg, top) {
    const y = top + 8;
    el('path', { d: `M27 ${y} C25 ${y - 14} 34 ${y - 20} 50 ${y - 20} C66 ${y - 20} 75 ${y - 14} 73 ${y} Z`, fill: '#24386b', stroke: '#0f1a36', 'stroke-width': 2 }, svg);
    el('path', { d: `M24 ${y} Q50 ${y + 9} 76 ${y} Q50 ${y + 3} 24 ${y} Z`, fill: '#111', stroke: '#111', 'stroke-width': 2, 'stroke-linejoin': 'round' }, svg);
    el('path', { d: `M28 ${y - 2} H72`, stroke: '#f2c14e', 'stroke-width': 2.5 }, svg);
    const cx = 50, cy = y - 10, R = 6.5, r = 2.7;
    let d = '';
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + i * Math.PI / 5, rr = i % 2 ? r : R;
      d += (i ? 'L' : 'M') + (cx + rr * Math.cos(a)).toFixed(1) + ' ' + (cy + rr * Math.sin(a)).toFixed(1);
    }
    el('path', { d: d + 'Z', fill: '#f2c14e', stroke: '#8a6412', 'stroke-width': 1 }, svg);
  },
  // A golden crown.
  crown(svg, top) {
    const y = top + 8;
    el('path', { d: `M29 ${y} L26 ${y - 22} L38 ${y - 11} L50 ${y - 26} L62 ${y - 11} L74 ${y - 22} L71 ${y} Z`, fill: '#f2c14e', stroke: '#8a6412', 'stroke-width': 2.2, 'stroke-linejoin': 'round' }, svg);
    for (const [x, yy] of [[26, y - 22], [50, y - 26], [74, y - 22]]) el('circle', { cx: x, cy: yy, r: 3, fill: '#fff3c4', stroke: '#8a6412', 'stroke-width': 1.2 }, svg);
    el('circle', { cx: 50, cy: y - 7, r: 3.3, fill: '#3d8fd1', stroke: '#1d4a70', 'stroke-width': 1 }, svg);
    el('circle', { cx: 38, cy: y - 5, r: 2.5, fill: '#e24b3b' }, svg);
    el('circle', { cx: 62, cy: y - 5, r: 2.5, fill: '#e24b3b' }, svg);
  },
};
const FLOCK_GEAR = {
  Minion: 'eggshell', Scout: 'goggles', Charger: 'horns', Bomber: 'bomb',
  Jumper: 'propeller', Sentinel: 'helm', Vanguard: 'cap', Monarch: 'crown',
};

function drawFlock(svg, p) {
  const small = p.name === 'Minion';
  const body = (p.side === 'w' ? birdBody : pigBody)(svg, small);
  HEADGEAR[FLOCK_GEAR[p.name]](svg, body.top, body);
  if (p.badge) badge(svg, p.letter, p.side);
}

// Chess (and every chess-like set): Staunton-style figurines. Each piece is a list of shapes drawn in order (later ones
// overlap earlier ones) plus "seams": inner lines, dark on White, light on Black.
const BASE = 'M21 92 V87 Q21 82 26 82 H74 Q79 82 79 87 V92 Z';
const CHESS = {
  P: {
    shapes: [
      BASE,
      'M39 48 C39 61 31 70 28 82 H72 C69 70 61 61 61 48 Z',
      'M37 48 Q34 41 42 40 H58 Q66 41 63 48 Z',
      { circle: [50, 28, 12.5] },
    ],
    seams: [],
  },
  R: {
    shapes: [
      BASE,
      'M26 82 V75 H74 V82 Z',
      'M32 75 L34.5 42 H65.5 L68 75 Z',
      'M29 42 V35 H71 V42 Z',
      'M27 35 V15 H37 V22 H45 V15 H55 V22 H63 V15 H73 V35 Z',
    ],
    seams: [],
  },
  N: {
    shapes: [
      BASE,
      'M74 82 C77 62 75 42 64 29 C60 24 56 21 52 20 L48 9 L42 21 C33 25 25 37 18.5 49 ' +
        'C15.5 55 17 62 23.5 63 C28 63.5 31 61 35.5 59 C41 57 46 54 50 50 ' +
        'C50 62 39 69 34 82 Z',
    ],
    seams: ['M63.5 31 C71 43 72.5 62 70 79'],
    eye: [39, 33],
    nostril: [22.5, 55.5],
  },
  B: {
    shapes: [
      BASE,
      'M30 82 C33 74 40 70 42 64 H58 C60 70 67 74 70 82 Z',
      'M37 65 Q36 58 42 58 H58 Q64 58 63 65 Z',
      'M50 18 C40 26 33 36 35.5 48 C37 55 43 58.5 50 58.5 C57 58.5 63 55 64.5 48 C67 36 60 26 50 18 Z',
      { circle: [50, 13, 5] },
    ],
    seams: ['M57 30 L46 42'],
  },
  Q: {
    shapes: [
      BASE,
      'M27 82 C30 78 31 75 30.5 71 H69.5 C69 75 70 78 73 82 Z',
      'M30.5 71 L18 33 L31 52 L34 23 L42 47 L50 19 L58 47 L66 23 L69 52 L82 33 L69.5 71 Z',
      { circle: [18, 31, 4.6] }, { circle: [34, 21, 4.6] }, { circle: [50, 15, 4.6] }, { circle: [66, 21, 4.6] }, { circle: [82, 31, 4.6] },
    ],
    seams: ['M32 64 C44 60.5 56 60.5 68 64'],
  },
  K: {
    shapes: [
      BASE,
      'M27 82 C30 78 31 75 30.5 71 H69.5 C69 75 70 78 73 82 Z',
      'M50 52 C44 45 42 35 50 28 C58 35 56 45 50 52 Z',
      'M30.5 71 C15 60 17 39 33.5 39 C42 39 47 45 50 52 C53 45 58 39 66.5 39 C83 39 85 60 69.5 71 Z',
      'M47 7 H53 V13 H59 V19 H53 V29 H47 V19 H41 V13 H47 Z',
    ],
    seams: ['M32 64 C44 60.5 56 60.5 68 64'],
  },
};
// The rest of the figurine set (Pillage's pieces), in the same style: white fill and dark lines
// for White, dark fill and light inner lines for Black. A shape is a path, {d, t} (a path with
// a transform), {circle: [cx, cy, r], t}; seams likewise. `dots` are small discs in the seam colour.
/** The path mirrored left to right (absolute M L C Q H V Z commands only). */
function mirror(d) {
  return d.replace(/([MLCQHV])([^MLCQHVZ]*)/g, (all, cmd, args) => {
    const n = args.trim() ? args.trim().split(/[\s,]+/).map(Number) : [];
    if (cmd === 'V') return 'V' + n.join(' ') + ' ';
    const out = n.map((x, i) => (cmd === 'H' || i % 2 === 0 ? +(100 - x).toFixed(2) : x));
    return cmd + out.join(' ') + ' ';
  });
}
const PAWN_BODY = 'M39 50 C39 62 31 70 28 82 H72 C69 70 61 62 61 50 Z';
const WING = 'M44 53 C37 41 25 31 7 24 L13.5 32.5 L5 36 L14.5 42 L9 48.5 L19.5 51 L17 57.5 C27 59 37 59 44 59 Z';
const WING_SEAMS = ['M13.5 32.5 C22 38 31 45 40 53', 'M14.5 42 C23 46 31 50 38 55', 'M19.5 51 C26 53 32 55 37 57'];
const NARROW_TOWER = [
  'M28 82 V75 H72 V82 Z',
  'M35 75 L37 45 H63 L65 75 Z',
  'M32 45 V38 H68 V45 Z',
  'M31 38 V19 H39 V25 H46 V19 H54 V25 H61 V19 H69 V38 Z',
];
const CANNON_TILT = 'rotate(-16 46 52)';
const MORTAR_TILT = 'rotate(-45 50 58)';
Object.assign(CHESS, {
  // The Super Pawn: a pawn with a crown (it steps and jumps in five directions).
  U: {
    shapes: [
      BASE,
      PAWN_BODY,
      'M36 50 Q33 43 41 42 H59 Q67 43 64 50 Z',
      { circle: [50, 31, 12] },
      'M38.5 25 L35 9 L43.5 16 L50 5 L56.5 16 L65 9 L61.5 25 Z',
    ],
    seams: ['M35 70 C45 67.5 55 67.5 65 70'],
  },
  // The Cannon: a field gun, its barrel on a wheel.
  C: {
    shapes: [
      BASE,
      'M17 82 L40 61 L48 67 L28 82 Z',
      { d: 'M22 41 L74 45 V59 L22 63 Q11 63 11 52 Q11 41 22 41 Z', t: CANNON_TILT },
      { d: 'M73 42 H85 V62 H73 Z', t: CANNON_TILT },
      { circle: [7, 52, 4.5], t: CANNON_TILT },
      { circle: [47, 67, 14.5] },
    ],
    seams: [
      { d: 'M33 44 V60', t: CANNON_TILT }, { d: 'M60 45.5 V58.5', t: CANNON_TILT },
      'M34 67 H60', 'M40.5 55.5 L53.5 78.5', 'M53.5 55.5 L40.5 78.5',
    ],
    dots: [[47, 67, 3.6]],
  },
  // The Vao: a mortar on its bed, pointing up a diagonal.
  V: {
    shapes: [
      BASE,
      'M24 82 L29 68 Q30 65 33 65 H67 Q70 65 71 68 L76 82 Z',
      { d: 'M31 46 H64 L67 42 H79 V74 H67 L64 70 H31 Q20 70 20 58 Q20 46 31 46 Z', t: MORTAR_TILT },
      { circle: [47, 61, 6] },
    ],
    seams: [{ d: 'M45 47 V69', t: MORTAR_TILT }, { d: 'M57 47 V69', t: MORTAR_TILT }, 'M30 75 H70'],
    dots: [[47, 61, 2.2]],
    bore: { cx: 73, cy: 58, rx: 3.2, ry: 12, t: MORTAR_TILT },
  },
  // The Sniper: a slim figure with a telescopic sight for a head.
  S: {
    shapes: [
      BASE,
      'M33 82 C36 73 43 68 44 58 H56 C57 68 64 73 67 82 Z',
      'M46 58 V44 H54 V58 Z',
      'M37 61 Q34 54 41 54 H59 Q66 54 63 61 Z',
      { circle: [50, 29, 17] },
    ],
    seams: ['M43 29 A7 7 0 1 0 57 29 A7 7 0 1 0 43 29', 'M50 15 V21', 'M50 37 V43', 'M36 29 H42', 'M58 29 H64'],
    dots: [[50, 29, 1.8]],
    ticks: ['M50 4.5 V11', 'M25.5 29 H32', 'M68 29 H74.5'],
  },
  // The Flying Ferz: a counsellor's diamond head (it steps diagonally) with wings (it leaps).
  F: {
    shapes: [
      BASE,
      WING, mirror(WING),
      'M34 82 C37 72 43 67 43 58 H57 C57 67 63 72 66 82 Z',
      'M37 61 Q34 54 41 54 H59 Q66 54 63 61 Z',
      'M50 13 L65 33.5 L50 54 L35 33.5 Z',
    ],
    seams: WING_SEAMS.concat(WING_SEAMS.map(mirror), ['M50 21 L59 33.5 L50 46 L41 33.5 Z']),
  },
  // The Flying Chariot: the chariot (a rook) with wings.
  H: {
    shapes: [BASE, { d: WING, t: 'translate(-3 4)' }, { d: mirror(WING), t: 'translate(3 4)' }].concat(NARROW_TOWER),
    seams: /** @type {Array<string | {d: string, t: string}>} */ (WING_SEAMS.map((d) => ({ d, t: 'translate(-3 4)' }))).concat(WING_SEAMS.map((d) => ({ d: mirror(d), t: 'translate(3 4)' })), ['M37 68 H63']),
  },
  // The Flying Dragon: a horned dragon's head and neck, a bat wing behind.
  D: {
    shapes: [
      BASE,
      'M62 64 C62 46 68 31 80 17 L83 30 L93 25 L89 40 L97 43 L87 55 C80 60 72 64 64 68 Z',
      'M32 82 C36 72 44 64 42 54 L22 52 L29 46.5 L11 42 L19 33 C27 27 35 25 42 26 L59 9 L55 25 L69 19 L58.5 33 ' +
        'L65 35.5 L64 42 L71 43.5 L68.5 50 L75 53 L71 58 C73 66 73 74 72 82 Z',
    ],
    seams: ['M29 46.5 L39 45', 'M80 17 C78 32 74 46 70 60', 'M89 40 C82 46 76 52 71 58', 'M58 40 C63 51 65 64 64 79'],
    eye: [40, 33.5],
    nostril: [17.5, 37.5],
  },
  // The Flying Warmachine: a catapult on wheels.
  W: {
    shapes: [
      BASE,
      'M20 66 Q20 63 23 63 H77 Q80 63 80 66 V71 H20 Z',
      'M32 63 L47 34 H55 L70 63 H61 L51 45 L41 63 Z',
      'M20 53 L80 17 L83 22 L23 58 Z',
      'M12 54 Q12 51 15 51 H28 Q31 51 31 54 V62 H12 Z',
      { circle: [84, 16, 7.5] },
      { circle: [32, 74, 8.5] }, { circle: [68, 74, 8.5] },
      { circle: [51, 37.5, 4.2] },
    ],
    seams: ['M12 57 H31'],
    dots: [[32, 74, 2.4], [68, 74, 2.4], [51, 37.5, 1.5]],
  },
});
// Venomous' pieces, in the same style. Keys are this table's own (Venomous' letters F, W, S
// are taken by Pillage's pieces above); the names below pick them. Beyond the shapes above:
// {tube: d, w} is a thick outlined stroke (a snake's body), `marks` are filled in the seam
// colour (a mask, a headband's tails), `holes` in the fill colour on top of them (eye slits),
// and `emblem` a disc with a cross: × for the Ferz-Knight's diagonal step, + for the
// Wazir-Knight's orthogonal one, big enough to tell them apart at 30 px.
const PAWN_HEAD = [50, 27, 14];
/** The band across a circle (cx, cy, r) between heights y1 and y2: a mask over the eyes. */
function band(cx, cy, r, y1, y2) {
  const w1 = Math.sqrt(r * r - (y1 - cy) ** 2), w2 = Math.sqrt(r * r - (y2 - cy) ** 2);
  const f = (x) => +x.toFixed(2);
  return `M${f(cx - w1)} ${y1} A${r} ${r} 0 0 0 ${f(cx - w2)} ${y2} H${f(cx + w2)} A${r} ${r} 0 0 0 ${f(cx + w1)} ${y1} Z`;
}
const KNIGHT = CHESS.N;
Object.assign(CHESS, {
  // The Ninja Pawn: a pawn in a ninja's mask, the knot's two tails flying out behind its head.
  J: {
    shapes: [
      BASE,
      PAWN_BODY,
      'M36 50 Q33 43 41 42 H59 Q66 43 64 50 Z',
      { circle: PAWN_HEAD },
    ],
    seams: [],
    marks: [
      band(...PAWN_HEAD, 19.5, 30.5),
      'M61 21.5 C69 17 76 13.5 86 14 C81 18 80 20.5 84 25 C76 25.5 69 26 62 28 Z',
      'M62 26.5 C69 28 75 31 82 37 C75 38.5 70 36 66 33.5 L63 31 Z',
    ],
    holes: ['M39.5 25.5 Q44 22 48 25.5 Q44 28 39.5 25.5 Z', 'M52 25.5 Q56 22 60.5 25.5 Q56 28 52 25.5 Z'],
  },
  // The Ferz-Knight and the Wazir-Knight: the knight with its extra step on its chest.
  NF: Object.assign({}, KNIGHT, { emblem: { cx: 60, cy: 67, r: 13.5, cross: 'x' } }),
  NW: Object.assign({}, KNIGHT, { emblem: { cx: 60, cy: 67, r: 13.5, cross: '+' } }),
  // The Sissa: a serpent rearing from its coil in an S-bend, tongue out (it rides a bent line).
  SS: {
    shapes: [
      BASE,
      { tube: 'M60 75 C77 63 74 49 56 46 C40 43.5 35 34 43 25', w: 11 },
      'M23 82 C25 73 38 69.5 50 69.5 C62 69.5 75 73 77 82 Z',
      'M61 24 C61 16 53 11.5 44 12 C35 12.5 27 16.5 25.5 21.5 C27 26.5 35 30 44 30.5 C53 31 61 30 61 24 Z',
    ],
    seams: ['M33 77.5 C44 74 56 74 67 77.5', 'M30 23.5 C36 25 41 25.5 46 25'],
    ticks: ['M25 22 H16.5 L11 17 M16.5 22 L11 27'],
    eye: [40, 18.5],
  },
  // The Sorcerer Snake: a snake coiled on itself under a wide wizard's hat with a star: the
  // hat's triangle, not the snake, is its outline, so that it never reads as the Sissa.
  Z: {
    shapes: [
      BASE,
      'M20 82 C18 69 82 69 80 82 Z',
      { tube: 'M58 66 C72 58 71 49 61 47', w: 10 },
      'M27 72.5 C25 60 75 60 73 72.5 C62 77 38 77 27 72.5 Z',
      'M63 46.5 C63 40 56 36.5 47.5 37 C39 37.5 32 40.5 30 45.5 C32 50.5 39 54 47.5 54.5 C56 55 63 53 63 46.5 Z',
      'M29 38 C37 28 44 15 51 1.5 C57 14 63 26 72 36 C58 40.5 43 41 29 38 Z',
      'M14 41 C30 33 66 32 86 37.5 C72 46 30 47.5 14 41 Z',
    ],
    seams: ['M29 77.5 C42 74 58 74 71 77.5', 'M34 67.5 C44 65 56 65 66 67.5'],
    ticks: ['M30 46 H22.5 L17.5 41.5 M22.5 46 L17.5 50.5'],
    eye: [41, 46.5],
    star: [51, 25, 8.5],
  },
});
// The engine names its pieces; a figurine set draws a piece by its name.
const FIGURINE_BY_NAME = {
  Pawn: 'P', 'Fast Pawn': 'P', Knight: 'N', Bishop: 'B', Rook: 'R', Queen: 'Q', King: 'K',
  'Super Pawn': 'U', Cannon: 'C', Vao: 'V', Sniper: 'S', 'Flying Ferz': 'F', 'Flying Chariot': 'H',
  'Flying Dragon': 'D', 'Flying Warmachine': 'W',
  'Ninja Pawn': 'J', 'Ferz-Knight': 'NF', 'Wazir-Knight': 'NW', Sissa: 'SS', 'Sorcerer Snake': 'Z',
};

const CHESS_INK = {
  w: { fill: '#fdfcf9', stroke: '#1f1a17', seam: '#1f1a17' },
  b: { fill: '#35302c', stroke: '#0d0b0a', seam: '#e8e2d8' },
};

function drawFigurine(svg, p) {
  const d = CHESS[FIGURINE_BY_NAME[p.name]];
  const ink = CHESS_INK[p.side];
  const common = { fill: ink.fill, stroke: ink.stroke, 'stroke-width': 2.6, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
  const withT = (attrs, t) => (t ? Object.assign(attrs, { transform: t }) : attrs);
  for (const sh of d.shapes) {
    if (typeof sh === 'string') el('path', Object.assign({ d: sh }, common), svg);
    else if (sh.circle) el('circle', withT(Object.assign({ cx: sh.circle[0], cy: sh.circle[1], r: sh.circle[2] }, common), sh.t), svg);
    else if (sh.tube) {
      // An outlined tube: the outline colour drawn wide, the fill colour narrower on top.
      const tube = { d: sh.tube, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
      el('path', Object.assign({}, tube, { stroke: ink.stroke, 'stroke-width': sh.w + 5.2 }), svg);
      el('path', Object.assign({}, tube, { stroke: ink.fill, 'stroke-width': sh.w }), svg);
    } else el('path', withT(Object.assign({ d: sh.d }, common), sh.t), svg);
  }
  for (const m of d.marks || []) el('path', { d: m, fill: ink.seam, stroke: ink.seam, 'stroke-width': 1, 'stroke-linejoin': 'round' }, svg);
  for (const m of d.holes || []) el('path', { d: m, fill: ink.fill }, svg);
  if (d.bore) el('ellipse', withT({ cx: d.bore.cx, cy: d.bore.cy, rx: d.bore.rx, ry: d.bore.ry, fill: ink.stroke }, d.bore.t), svg);
  for (const seam of d.seams) {
    const sd = typeof seam === 'string' ? seam : seam.d;
    el('path', withT({ d: sd, fill: 'none', stroke: ink.seam, 'stroke-width': p.side === 'b' ? 2 : 2.2, 'stroke-linecap': 'round' }, seam.t), svg);
  }
  for (const tk of d.ticks || []) el('path', { d: tk, fill: 'none', stroke: ink.stroke, 'stroke-width': 2.8, 'stroke-linecap': 'round' }, svg);
  for (const [cx, cy, r] of d.dots || []) el('circle', { cx, cy, r, fill: ink.seam }, svg);
  if (d.emblem) {
    const { cx, cy, r, cross } = d.emblem, k = r * 0.52;
    el('circle', Object.assign({ cx, cy, r }, common), svg);
    const arms = cross === 'x' ? `M${cx - k} ${cy - k} L${cx + k} ${cy + k} M${cx + k} ${cy - k} L${cx - k} ${cy + k}`
      : `M${cx} ${cy - k * 1.3} V${cy + k * 1.3} M${cx - k * 1.3} ${cy} H${cx + k * 1.3}`;
    el('path', { d: arms, fill: 'none', stroke: ink.seam, 'stroke-width': 4.2, 'stroke-linecap': 'round' }, svg);
  }
  if (d.star) {
    const [cx, cy, R] = d.star;
    let sd = '';
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + i * Math.PI / 5, rr = i % 2 ? R * 0.45 : R;
      sd += (i ? 'L' : 'M') + (cx + rr * Math.cos(a)).toFixed(1) + ' ' + (cy + rr * Math.sin(a)).toFixed(1);
    }
    el('path', { d: sd + 'Z', fill: ink.seam, stroke: ink.seam, 'stroke-width': 0.8, 'stroke-linejoin': 'round' }, svg);
  }
  if (d.eye) el('ellipse', { cx: d.eye[0], cy: d.eye[1], rx: 3.2, ry: 2.4, fill: ink.seam, transform: `rotate(-30 ${d.eye[0]} ${d.eye[1]})` }, svg);
  if (d.nostril) el('circle', { cx: d.nostril[0], cy: d.nostril[1], r: 1.6, fill: ink.seam }, svg);
}

// ------------------------------------------------------------------------------------------
// Shogi: pentagon tokens pointing toward the opponent, drawn a little larger for bigger pieces,
// as on a real board. Two faces: Western letters, or the traditional kanji (promoted in red).
const SHOGI_NAMES = {
  King: { k: '玉', kb: '王', scale: 1 }, Rook: { k: '飛', scale: 0.97 }, Bishop: { k: '角', scale: 0.97 },
  Gold: { k: '金', scale: 0.93 }, Silver: { k: '銀', scale: 0.93 }, Knight: { k: '桂', scale: 0.9 },
  Lance: { k: '香', scale: 0.9 }, Pawn: { k: '歩', scale: 0.86 },
  Dragon: { k: '龍', scale: 0.97, promoted: true }, Horse: { k: '馬', scale: 0.97, promoted: true },
  'Promoted Silver': { k: '全', scale: 0.93, promoted: true }, 'Promoted Knight': { k: '圭', scale: 0.9, promoted: true },
  'Promoted Lance': { k: '杏', scale: 0.9, promoted: true }, Tokin: { k: 'と', scale: 0.86, promoted: true },
};
const PENTAGON = 'M50 5 L78 16.5 L87 95 H13 L22 16.5 Z';

function shogiToken(svg, p, face) {
  const info = SHOGI_NAMES[p.name];
  const k = info.scale;
  const g = el('g', {}, svg);
  // Scaled about the middle of the base line, so all pieces stand on one line; the player at
  // the top has tokens turned round (about the square's centre).
  g.setAttribute('transform', (p.down ? 'rotate(180 50 50) ' : '') + `translate(50 95) scale(${k}) translate(-50 -95)`);
  el('path', { d: PENTAGON, fill: p.side === 'w' ? '#f3d9a4' : '#ecc98a', stroke: '#7a5a2c', 'stroke-width': 2.4, 'stroke-linejoin': 'round' }, g);
  el('path', { d: 'M50 11 L73.5 20.7 L81.5 89.5 H18.5 L26.5 20.7 Z', fill: 'none', stroke: 'rgba(255,248,228,.6)', 'stroke-width': 1.4, 'stroke-linejoin': 'round' }, g);
  const yMid = p.down ? 100 - (95 - 40 * k) : 95 - 40 * k; // the body's centre, either way up
  const ink = info.promoted ? '#b81d15' : '#231a12';
  if (face === 'kanji') {
    // Kanji turn with the token: the opponent's pieces read upside down, as on a real board.
    // (In the token's own coordinates, before its scaling: the body's centre is at y = 55.)
    const t = el('text', { x: 50, y: 72.5, 'text-anchor': 'middle', 'font-size': 46, 'font-weight': 700, fill: ink, 'font-family': KANJI_FONT }, g);
    t.textContent = p.side === 'b' && info.kb ? info.kb : info.k;
    return;
  }
  // Western letters stay upright for both players.
  const label = p.letter.charAt(0) === '+' ? '+' + p.letter.slice(1) : p.letter;
  const size = (info.promoted ? 33 : 42) * k;
  text(svg, label, 50, yMid + size * 0.36, size, ink, { 'font-family': '"Zilo Sans", Georgia, serif', 'letter-spacing': info.promoted ? -1 : 0 });
}

// ------------------------------------------------------------------------------------------
// Lettered discs: draw any piece (the fallback, and a choice for every variant).
function drawDisc(svg, p) {
  const w = p.side === 'w';
  el('circle', { cx: 50, cy: 52, r: 40, fill: w ? '#f6efdf' : '#3d2f27', stroke: w ? '#7d6a4a' : '#120c09', 'stroke-width': 3 }, svg);
  el('circle', { cx: 50, cy: 52, r: 32, fill: 'none', stroke: w ? '#bfae89' : '#6b5547', 'stroke-width': 1.5 }, svg);
  if (p.royal) HEADGEAR.crown(svg, 6);
  const size = p.letter.length > 1 ? 30 : 38;
  text(svg, p.letter, 50, 52 + size * 0.36, size, w ? '#3a2c1c' : '#f4ead6');
}

// ------------------------------------------------------------------------------------------
// The sets, in the order a variant picks its default from (Cyvasse's medallions, drawn in
// cyvasse-pieces.js, before the lettered discs: the fallback for any piece no set draws). Titles in the page's language
// (pieces.set.<id>), read when shown.
const has = (table) => (name) => Object.prototype.hasOwnProperty.call(table, name);
const SETS = [
  { id: 'flock', get title() { return t('pieces.set.flock'); }, covers: has(FLOCK_GEAR), board: 'lines', draw: drawFlock },
  { id: 'figurines', get title() { return t('pieces.set.figurines'); }, covers: has(FIGURINE_BY_NAME), board: 'chequered', draw: drawFigurine },
  { id: 'pentagons', letters: true, get title() { return t('pieces.set.letters'); }, covers: has(SHOGI_NAMES), board: 'lines', stars: true, turns: true, draw: (s, p) => shogiToken(s, p, 'letters') },
  { id: 'kanji', get title() { return t('pieces.set.kanji'); }, covers: has(SHOGI_NAMES), script: /\p{Script=Han}/u, board: 'lines', stars: true, turns: true, ranks: '一二三四五六七八九', draw: (s, p) => shogiToken(s, p, 'kanji') },
  medallions,
  { id: 'discs', letters: true, get title() { return t('pieces.set.letters'); }, covers: () => true, board: 'chequered', draw: drawDisc },
];

/** The sets that can draw every piece of `meta` (a Zilo.variants() entry): the default first.
 * A set written in the script of the game's own names for its pieces (the engine's
 * nativeName: shogi's kanji) is the default: a game starts in its own look. */
export function forVariant(meta) {
  const names = (meta.pieces || []).map((p) => p.name);
  const fit = SETS.filter((s) => names.every(s.covers));
  // One "Letters" choice is enough: the discs only where no set of letters fits already.
  const sets = fit.filter((s, i) => !(s.id === 'discs' && fit.some((t, j) => j < i && t.letters)));
  const native = (meta.pieces || []).map((p) => p.nativeName || '').join('');
  const own = sets.filter((s) => s.script && s.script.test(native));
  return own.concat(sets.filter((s) => !own.includes(s)));
}

export function byId(id) { return SETS.find((s) => s.id === id) || null; }

/** An <svg> for `letter` as in position strings (case gives the side; '+P' a promoted piece).
 * opts.meta: the variant; opts.down: the token belongs to the player at the top (sets that
 * turn their tokens point them down); opts.badge: false leaves out the letter badge (a hand
 * piece shows its count there). */
export function draw(set, letter, opts) {
  const meta = opts.meta;
  const side = letter === letter.toUpperCase() ? 'w' : 'b';
  const L = letter.toUpperCase();
  const def = (meta.pieces || []).find((x) => x.letter === L) || { letter: L, name: L, royal: false };
  const svg = el('svg', { viewBox: '0 0 100 100', class: 'token', 'aria-hidden': 'true', focusable: 'false' });
  const p = { letter: L, name: def.name, side, royal: !!def.royal, down: set.turns ? !!opts.down : false, badge: opts.badge !== false };
  (set.covers(def.name) ? set : SETS[SETS.length - 1]).draw(svg, p);
  return svg;
}

/** Words for a piece in the page's language: {name, native, label, moves, side}. The name and
 * how it moves come from the catalogs (game.<id>.piece.<letter>.name|moves, gameWord), else
 * the engine's English; `native` is the game's own name for it (the engine's nativeName: Avian,
 * Cyvasse's Polish, shogi's kanji), kept beside it where it differs. The royal piece takes the
 * side's own name for its monarch when it has one ("Red Cardinal"), not when that is just
 * "white king" (decided on the engine's names, so alike in every language). */
export function describe(meta, letter) {
  const side = letter === letter.toUpperCase() ? 'w' : 'b';
  const L = letter.toUpperCase();
  const def = (meta.pieces || []).find((x) => x.letter === L) || { name: L, nativeName: '' };
  const sd = sideInfo(meta, side);
  const own = gameWord(meta, 'piece.' + L + '.name', def.name);
  const eng = engineSide(meta, side);
  const monarchOwn = def.royal && eng.monarch && !eng.monarch.toLowerCase().includes(String(def.name).toLowerCase());
  const name = monarchOwn ? sd.monarch : own;
  const native = def.nativeName && def.nativeName !== own ? def.nativeName : '';
  const plain = monarchOwn ? t('pieces.royal', { monarch: name, piece: own }) : name;
  const moves = gameWord(meta, 'piece.' + L + '.moves', def.moves || '');
  return { letter: L, name, native, label: native ? t('pieces.native', { name: plain, native }) : plain, moves, side: sd, sideKey: side };
}

function engineSide(meta, side) {
  return (meta.sides || [])[side === 'w' ? 0 : 1] || { name: side === 'w' ? 'White' : 'Black', one: side === 'w' ? 'White' : 'Black', plural: false, monarch: 'king', long: '', native: '' };
}

/** A side's names ('w'|'b') in the page's language (game.<id>.side.<w|b>.name|one|monarch|long,
 * else the engine's). `the`, `possessive` and `thePossessive` ("the Birds", "the Birds’") are
 * English grammar, only for the English catalog's {theSide}-style arguments: a sentence is
 * always a catalog template, never built from them. `ownLong`: the long name is the side's
 * own ("Avian Alliance"), not just "first player". */
export function sideInfo(meta, side) {
  const s = engineSide(meta, side);
  const word = (k) => gameWord(meta, 'side.' + side + '.' + k, s[k]);
  const name = word('name');
  const possessive = name + (s.plural ? '’' : '’s');
  return Object.assign({}, s, {
    name, one: word('one'), monarch: word('monarch'), long: word('long'),
    ownLong: !!s.long && !/^(first|second) player$/.test(s.long),
    possessive, thePossessive: (s.plural ? 'the ' : '') + possessive, the: s.plural ? 'the ' + name : name,
  });
}

