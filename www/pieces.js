/* Piece tokens drawn as inline SVG, plus the display names of sides and pieces.
 * Pure presentation: nothing here knows how pieces move (the engine does).
 * Classic script: defines globalThis.ZiloPieces. */
(function (root) {
  'use strict';
  const NS = 'http://www.w3.org/2000/svg';

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // Sides. Zilo has its own factions; every other variant gets White/Black.
  const SIDES = {
    zilo: {
      w: { name: 'Birds', one: 'Bird', possessive: "Birds'", long: 'Avian Alliance (The Flock)', native: 'Ка¹-Зiло²' },
      b: { name: 'Pigs', one: 'Pig', possessive: "Pigs'", long: 'Porcine Empire', native: 'Ка¹-Жа' },
    },
    other: {
      w: { name: 'White', one: 'White', possessive: "White's", long: 'first player', native: '' },
      b: { name: 'Black', one: 'Black', possessive: "Black's", long: 'second player', native: '' },
    },
  };
  function sides(variant) { return variant === 'zilo' ? SIDES.zilo : SIDES.other; }

  // How pieces move, in words, for the info line and the rules (descriptive only).
  const ZILO_MOVES = {
    Y: 'moves like a bishop: any number of empty squares diagonally.',
    Q: 'moves like a rook: any number of empty squares orthogonally.',
    B: 'slides 1–3 squares orthogonally. When it captures, its blast removes every piece on the 8 squares around it.',
    C: 'jumps like a knight, over any pieces.',
    P: 'moves and captures 1 square straight forward. It never promotes.',
    H: 'moves 1 square in any direction. Armored: a Scout or Charger cannot capture it from more than 3 squares away.',
    M: 'moves 1 square in any direction except diagonally backward.',
    K: 'moves 1 square in any direction. Lose it and the game is lost.',
  };

  /** Display info for a piece of a side ('w'|'b'), given the variant meta from the engine. */
  function info(variant, meta, letter, side) {
    const L = letter.toUpperCase();
    const p = (meta && meta.pieces || []).find((x) => x.letter === L) || { letter: L, name: L, nativeName: '' };
    const s = sides(variant)[side];
    let display = L, name = p.name;
    if (variant === 'zilo' && L === 'K') {
      display = side === 'w' ? 'R' : 'K';
      name = side === 'w' ? 'Red Cardinal' : 'King Pig';
    }
    return {
      letter: L, display, name, nativeName: p.nativeName || '', side: s,
      label: name + (p.nativeName ? ' · ' + p.nativeName : ''),
      moves: variant === 'zilo' ? ZILO_MOVES[L] || '' : '',
    };
  }

  let uid = 0;
  function defs(svg, side, kind) {
    const id = 'g' + (++uid);
    const d = el('defs', {}, svg);
    const g = el('radialGradient', { id, cx: '38%', cy: '30%', r: '75%' }, d);
    const stops = kind === 'bird' ? ['#ef6a52', '#c9322a', '#8f1d18']
      : kind === 'pig' ? ['#c4ec8f', '#86c757', '#4f8f2f']
      : side === 'w' ? ['#fffdf7', '#efe6d2', '#cdbf9f'] : ['#6b5547', '#3d2f27', '#241a15'];
    el('stop', { offset: '0%', 'stop-color': stops[0] }, g);
    el('stop', { offset: '60%', 'stop-color': stops[1] }, g);
    el('stop', { offset: '100%', 'stop-color': stops[2] }, g);
    return 'url(#' + id + ')';
  }

  function crown(svg, y) {
    el('path', {
      d: `M36 ${y + 12} L34 ${y} L42 ${y + 6} L50 ${y - 3} L58 ${y + 6} L66 ${y} L64 ${y + 12} Z`,
      fill: '#f2c14e', stroke: '#8a6412', 'stroke-width': 2.2, 'stroke-linejoin': 'round',
    }, svg);
  }

  function letterText(svg, text, y, size, fill, stroke) {
    const t = el('text', {
      x: 50, y, 'text-anchor': 'middle', 'font-size': size, 'font-weight': 800, fill,
      'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    }, svg);
    if (stroke) { t.setAttribute('stroke', stroke); t.setAttribute('stroke-width', 1); t.setAttribute('paint-order', 'stroke'); }
    t.textContent = text;
    return t;
  }

  function bird(svg, display, isKing) {
    const fill = defs(svg, 'w', 'bird');
    // crest feathers (or crown) and tail
    if (isKing) crown(svg, 6);
    else {
      el('path', { d: 'M44 22 C40 12 38 8 36 3 C46 7 50 12 52 20 Z', fill: '#a3241d', stroke: '#5e1410', 'stroke-width': 2 }, svg);
      el('path', { d: 'M51 20 C52 11 56 6 61 2 C62 10 60 16 57 22 Z', fill: '#a3241d', stroke: '#5e1410', 'stroke-width': 2 }, svg);
    }
    el('circle', { cx: 50, cy: 56, r: 38, fill, stroke: '#5e1410', 'stroke-width': 3 }, svg);
    // belly
    el('path', { d: 'M22 66 C26 88 74 88 78 66 C70 58 30 58 22 66 Z', fill: '#f7e6c8', stroke: '#c9a982', 'stroke-width': 1.5 }, svg);
    // angry brows and eyes
    el('circle', { cx: 38, cy: 42, r: 6.5, fill: '#fff', stroke: '#5e1410', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 62, cy: 42, r: 6.5, fill: '#fff', stroke: '#5e1410', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 40, cy: 43, r: 2.6, fill: '#1d1410' }, svg);
    el('circle', { cx: 60, cy: 43, r: 2.6, fill: '#1d1410' }, svg);
    el('path', { d: 'M27 31 L47 37', stroke: '#2a1510', 'stroke-width': 5, 'stroke-linecap': 'round' }, svg);
    el('path', { d: 'M73 31 L53 37', stroke: '#2a1510', 'stroke-width': 5, 'stroke-linecap': 'round' }, svg);
    // beak
    el('path', { d: 'M44 49 L56 49 L50 57 Z', fill: '#f3a629', stroke: '#8a5a0f', 'stroke-width': 1.5, 'stroke-linejoin': 'round' }, svg);
    letterText(svg, display, 84, 27, '#7a1c16');
  }

  function pig(svg, display, isKing) {
    const fill = defs(svg, 'b', 'pig');
    // ears
    el('path', { d: 'M14 34 L17 10 L37 22 Z', fill: '#6fb044', stroke: '#2f6319', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }, svg);
    el('path', { d: 'M86 34 L83 10 L63 22 Z', fill: '#6fb044', stroke: '#2f6319', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }, svg);
    el('ellipse', { cx: 50, cy: 57, rx: 43, ry: 37, fill, stroke: '#2f6319', 'stroke-width': 3 }, svg);
    if (isKing) crown(svg, 13);
    // eyes
    el('circle', { cx: 31, cy: 45, r: 5.5, fill: '#fff', stroke: '#2f6319', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 69, cy: 45, r: 5.5, fill: '#fff', stroke: '#2f6319', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 32, cy: 46, r: 2.3, fill: '#1d2a12' }, svg);
    el('circle', { cx: 68, cy: 46, r: 2.3, fill: '#1d2a12' }, svg);
    // snout carrying the letter
    el('ellipse', { cx: 50, cy: 68, rx: 24, ry: 19, fill: '#d9f4b8', stroke: '#3f7a24', 'stroke-width': 2 }, svg);
    letterText(svg, display, 78, 27, '#234d12');
  }

  function disc(svg, side, display, isKing) {
    const fill = defs(svg, side, 'disc');
    el('circle', { cx: 50, cy: 52, r: 40, fill, stroke: side === 'w' ? '#7d6a4a' : '#120c09', 'stroke-width': 3 }, svg);
    el('circle', { cx: 50, cy: 52, r: 32, fill: 'none', stroke: side === 'w' ? '#bfae89' : '#6b5547', 'stroke-width': 1.5 }, svg);
    if (isKing) crown(svg, 4);
    letterText(svg, display, 65, 36, side === 'w' ? '#3a2c1c' : '#f4ead6');
  }

  /** An <svg> element for a piece letter as in position strings (case gives the side). */
  function svg(variant, letter) {
    const side = letter === letter.toUpperCase() ? 'w' : 'b';
    const L = letter.toUpperCase();
    const s = el('svg', { viewBox: '0 0 100 100', class: 'token', 'aria-hidden': 'true', focusable: 'false' });
    let display = L;
    if (variant === 'zilo' && L === 'K') display = side === 'w' ? 'R' : 'K';
    const isKing = L === 'K';
    if (variant === 'zilo') (side === 'w' ? bird : pig)(s, display, isKing);
    else disc(s, side, display, isKing);
    return s;
  }

  root.ZiloPieces = { svg, info, sides };
})(globalThis);
