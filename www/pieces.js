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
      w: { name: 'Birds', one: 'Bird', possessive: "Birds'", long: 'Avian Alliance', native: 'Ка¹-Зiло²' },
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

  // Shared gradients, defined once in a 0×0 <svg> (not display:none, which would break the refs).
  const GRADS = {
    bird: ['#ef6a52', '#c9322a', '#8f1d18'],
    pig: ['#c4ec8f', '#86c757', '#4f8f2f'],
    discw: ['#fffdf7', '#efe6d2', '#cdbf9f'],
    discb: ['#6b5547', '#3d2f27', '#241a15'],
  };
  let defsDone = false;
  function ensureDefs() {
    if (defsDone || !document.body) return;
    defsDone = true;
    const holder = el('svg', { width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false' });
    holder.style.position = 'absolute'; holder.style.width = '0'; holder.style.height = '0'; holder.style.overflow = 'hidden';
    const d = el('defs', {}, holder);
    for (const k in GRADS) {
      const g = el('radialGradient', { id: 'zilo-grad-' + k, cx: '38%', cy: '30%', r: '75%' }, d);
      el('stop', { offset: '0%', 'stop-color': GRADS[k][0] }, g);
      el('stop', { offset: '60%', 'stop-color': GRADS[k][1] }, g);
      el('stop', { offset: '100%', 'stop-color': GRADS[k][2] }, g);
    }
    document.body.insertBefore(holder, document.body.firstChild);
  }
  function defs(svg, side, kind) {
    ensureDefs();
    return 'url(#zilo-grad-' + (kind === 'disc' ? 'disc' + side : kind) + ')';
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
    // crest feathers (or crown)
    if (isKing) crown(svg, 5);
    else {
      el('path', { d: 'M44 21 C40 12 38 8 35 3 C45 6 50 11 52 19 Z', fill: '#a3241d', stroke: '#5e1410', 'stroke-width': 2 }, svg);
      el('path', { d: 'M51 19 C52 10 56 5 61 1 C62 9 60 15 57 21 Z', fill: '#a3241d', stroke: '#5e1410', 'stroke-width': 2 }, svg);
    }
    el('circle', { cx: 50, cy: 56, r: 39, fill, stroke: '#5e1410', 'stroke-width': 3 }, svg);
    // belly carrying the letter
    el('path', { d: 'M17 60 C19 99 81 99 83 60 C72 50 28 50 17 60 Z', fill: '#f8e8cc', stroke: '#c9a982', 'stroke-width': 1.5 }, svg);
    // angry brows and eyes
    el('circle', { cx: 39, cy: 37, r: 6, fill: '#fff', stroke: '#5e1410', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 61, cy: 37, r: 6, fill: '#fff', stroke: '#5e1410', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 41, cy: 38, r: 2.5, fill: '#1d1410' }, svg);
    el('circle', { cx: 59, cy: 38, r: 2.5, fill: '#1d1410' }, svg);
    el('path', { d: 'M28 26 L46 32', stroke: '#2a1510', 'stroke-width': 5, 'stroke-linecap': 'round' }, svg);
    el('path', { d: 'M72 26 L54 32', stroke: '#2a1510', 'stroke-width': 5, 'stroke-linecap': 'round' }, svg);
    // beak
    el('path', { d: 'M44.5 44 L55.5 44 L50 52 Z', fill: '#f3a629', stroke: '#8a5a0f', 'stroke-width': 1.5, 'stroke-linejoin': 'round' }, svg);
    letterText(svg, display, 86, 33, '#7a1c16');
  }

  function pig(svg, display, isKing) {
    const fill = defs(svg, 'b', 'pig');
    // ears
    el('path', { d: 'M13 33 L15 8 L37 20 Z', fill: '#6fb044', stroke: '#2f6319', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }, svg);
    el('path', { d: 'M87 33 L85 8 L63 20 Z', fill: '#6fb044', stroke: '#2f6319', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }, svg);
    el('ellipse', { cx: 50, cy: 56, rx: 44, ry: 38, fill, stroke: '#2f6319', 'stroke-width': 3 }, svg);
    if (isKing) crown(svg, 11);
    // eyes
    el('circle', { cx: 29, cy: 42, r: 5.5, fill: '#fff', stroke: '#2f6319', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 71, cy: 42, r: 5.5, fill: '#fff', stroke: '#2f6319', 'stroke-width': 1.5 }, svg);
    el('circle', { cx: 30, cy: 43, r: 2.3, fill: '#1d2a12' }, svg);
    el('circle', { cx: 70, cy: 43, r: 2.3, fill: '#1d2a12' }, svg);
    // snout carrying the letter
    el('ellipse', { cx: 50, cy: 67, rx: 27, ry: 21, fill: '#daf5b9', stroke: '#3f7a24', 'stroke-width': 2 }, svg);
    letterText(svg, display, 79, 32, '#234d12');
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
