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
    shogi: {
      w: { name: 'Sente', one: 'Sente', possessive: "Sente's", long: 'first player', native: '' },
      b: { name: 'Gote', one: 'Gote', possessive: "Gote's", long: 'second player', native: '' },
    },
    other: {
      w: { name: 'White', one: 'White', possessive: "White's", long: 'first player', native: '' },
      b: { name: 'Black', one: 'Black', possessive: "Black's", long: 'second player', native: '' },
    },
  };
  function sides(variant) { return SIDES[variant] || SIDES.other; }

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
  // Chess-like sets (chess, Pillage, …): descriptions by the piece's name in the engine's table.
  const BY_NAME = {
    Pawn: 'moves 1 square forward (2 from its first rank), captures 1 square diagonally forward; promotes on the last rank.',
    'Fast Pawn': 'moves 1 or 2 empty squares straight forward (from anywhere), captures 1 square diagonally forward; en passant; promotes on the last rank.',
    'Super Pawn': 'steps 1 square or jumps exactly 2 (over anything) sideways, diagonally forward or straight ahead, and captures the same way; never backward. Promotes on the last rank.',
    Knight: 'jumps 2 squares one way and 1 square sideways, over any pieces.',
    Bishop: 'moves any number of empty squares diagonally.',
    Rook: 'moves any number of empty squares orthogonally.',
    Queen: 'moves any number of empty squares in any direction.',
    King: 'moves 1 square in any direction, or castles.',
    Cannon: 'moves like a rook; captures only by jumping exactly one piece (of either side) on its line.',
    Vao: 'moves like a bishop; captures only by jumping exactly one piece (of either side) on its diagonal.',
    'Flying Ferz': 'steps 1 square diagonally, or leaps like a camel (3 squares one way, 1 the other), over anything.',
    Sniper: 'leaps exactly 2 squares orthogonally; or, without moving, shoots an enemy 3 or more squares away along a clear rank or file.',
    'Flying Dragon': 'moves like a bishop, or leaps like a camel (3 squares one way, 1 the other).',
    'Flying Chariot': 'moves like a rook, or leaps exactly 2 squares straight forward over anything.',
    'Flying Warmachine': 'leaps 1, 2 or 3 squares orthogonally, over anything.',
  };
  const GOLD = 'moves 1 square in any direction except diagonally backward (like a Gold).';
  const SHOGI_MOVES = {
    P: 'moves and captures 1 square straight forward.',
    L: 'moves any number of empty squares straight forward.',
    N: 'jumps 2 squares forward and 1 sideways (only the two forward jumps).',
    S: 'moves 1 square diagonally or straight forward.',
    G: 'moves 1 square in any direction except diagonally backward.',
    B: 'moves any number of empty squares diagonally.',
    R: 'moves any number of empty squares orthogonally.',
    K: 'moves 1 square in any direction.',
    '+P': GOLD, '+L': GOLD, '+N': GOLD, '+S': GOLD,
    '+B': 'moves like a Bishop, or 1 square orthogonally.',
    '+R': 'moves like a Rook, or 1 square diagonally.',
  };
  const SHOGI_FROM = { '+P': 'promoted Pawn', '+B': 'promoted Bishop', '+R': 'promoted Rook' };
  const MOVES = { zilo: ZILO_MOVES, shogi: SHOGI_MOVES };

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
    const nativeName = p.nativeName && p.nativeName !== p.name ? p.nativeName : '';
    let label = name + (nativeName ? ' · ' + nativeName : '');
    if (variant === 'shogi' && SHOGI_FROM[L]) label += ' (' + SHOGI_FROM[L] + ')';
    return {
      letter: L, display, name, nativeName, side: s, label,
      moves: (MOVES[variant] || {})[L] || BY_NAME[p.name] || '',
    };
  }

  // Shared gradients, defined once in a 0×0 <svg> (not display:none, which would break the refs).
  const GRADS = {
    bird: ['#ef6a52', '#c9322a', '#8f1d18'],
    pig: ['#c4ec8f', '#86c757', '#4f8f2f'],
    discw: ['#fffdf7', '#efe6d2', '#cdbf9f'],
    discb: ['#6b5547', '#3d2f27', '#241a15'],
    woodw: ['#fbe9c2', '#f1d397', '#dcb36c'],
    woodb: ['#f3dcaa', '#e5c07c', '#cc9c55'],
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
    return 'url(#zilo-grad-' + (kind === 'disc' || kind === 'wood' ? kind + side : kind) + ')';
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
      seams: WING_SEAMS.map((d) => ({ d, t: 'translate(-3 4)' })).concat(WING_SEAMS.map((d) => ({ d: mirror(d), t: 'translate(3 4)' })), ['M37 68 H63']),
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
  // The engine names its pieces; a figurine set draws a piece by its name.
  const FIGURINE_BY_NAME = {
    Pawn: 'P', 'Fast Pawn': 'P', Knight: 'N', Bishop: 'B', Rook: 'R', Queen: 'Q', King: 'K',
    'Super Pawn': 'U', Cannon: 'C', Vao: 'V', Sniper: 'S', 'Flying Ferz': 'F', 'Flying Chariot': 'H',
    'Flying Dragon': 'D', 'Flying Warmachine': 'W',
  };

  const CHESS_INK = {
    w: { fill: '#fdfcf9', stroke: '#1f1a17', seam: '#1f1a17' },
    b: { fill: '#35302c', stroke: '#0d0b0a', seam: '#e8e2d8' },
  };

  function figurine(svg, side, key) {
    const d = CHESS[key];
    if (!d) return false;
    const ink = CHESS_INK[side];
    const common = { fill: ink.fill, stroke: ink.stroke, 'stroke-width': 2.6, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
    const withT = (attrs, t) => (t ? Object.assign(attrs, { transform: t }) : attrs);
    for (const sh of d.shapes) {
      if (typeof sh === 'string') el('path', Object.assign({ d: sh }, common), svg);
      else if (sh.circle) el('circle', withT(Object.assign({ cx: sh.circle[0], cy: sh.circle[1], r: sh.circle[2] }, common), sh.t), svg);
      else el('path', withT(Object.assign({ d: sh.d }, common), sh.t), svg);
    }
    if (d.bore) el('ellipse', withT({ cx: d.bore.cx, cy: d.bore.cy, rx: d.bore.rx, ry: d.bore.ry, fill: ink.stroke }, d.bore.t), svg);
    for (const seam of d.seams) {
      const sd = typeof seam === 'string' ? seam : seam.d;
      el('path', withT({ d: sd, fill: 'none', stroke: ink.seam, 'stroke-width': side === 'b' ? 2 : 2.2, 'stroke-linecap': 'round' }, seam.t), svg);
    }
    for (const tk of d.ticks || []) el('path', { d: tk, fill: 'none', stroke: ink.stroke, 'stroke-width': 2.8, 'stroke-linecap': 'round' }, svg);
    for (const [cx, cy, r] of d.dots || []) el('circle', { cx, cy, r, fill: ink.seam }, svg);
    if (d.eye) el('ellipse', { cx: d.eye[0], cy: d.eye[1], rx: 3.2, ry: 2.4, fill: ink.seam, transform: `rotate(-30 ${d.eye[0]} ${d.eye[1]})` }, svg);
    if (d.nostril) el('circle', { cx: d.nostril[0], cy: d.nostril[1], r: 1.6, fill: ink.seam }, svg);
    return true;
  }

  // Shogi: pentagon tokens pointing toward the opponent, with a Western letter. Bigger pieces are
  // drawn a little larger, as on a real board. Promoted pieces are written in red with a "+".
  const SHOGI_SCALE = { K: 1, R: 0.97, B: 0.97, G: 0.93, S: 0.93, N: 0.9, L: 0.9, P: 0.86 };
  const PENTAGON = 'M50 5 L78 16.5 L87 95 H13 L22 16.5 Z';

  function shogiPiece(svg, side, L, down) {
    const promoted = L.charAt(0) === '+';
    const base = promoted ? L.slice(1) : L;
    const k = SHOGI_SCALE[base] || 0.9;
    const g = el('g', {}, svg);
    // Scaled about the middle of the base line, so all pieces stand on the same line;
    // the second player's tokens are turned round (about the square's centre).
    const t = `translate(50 95) scale(${k}) translate(-50 -95)`;
    g.setAttribute('transform', (down ? 'rotate(180 50 50) ' : '') + t);
    el('path', { d: PENTAGON, fill: defs(svg, side, 'wood'), stroke: '#7a5a2c', 'stroke-width': 2.4, 'stroke-linejoin': 'round' }, g);
    el('path', { d: 'M50 11 L73.5 20.7 L81.5 89.5 H18.5 L26.5 20.7 Z', fill: 'none', stroke: 'rgba(255,248,228,.55)', 'stroke-width': 1.4, 'stroke-linejoin': 'round' }, g);
    // The letter stays upright for both players, centred on the token's body.
    const yMid = down ? 100 - (95 - 40 * k) : 95 - 40 * k; // the body's centre, either way up
    const size = (promoted ? 33 : 42) * k;
    const t2 = letterText(svg, promoted ? '+' + base : base, yMid + size * 0.36, size, promoted ? '#c21f17' : '#231a12');
    t2.setAttribute('font-family', 'Georgia, "Times New Roman", "DejaVu Serif", "Liberation Serif", serif');
    t2.setAttribute('font-weight', 700);
    if (promoted) t2.setAttribute('letter-spacing', '-1');
  }

  function pieceName(meta, L) {
    const p = meta && (meta.pieces || []).find((x) => x.letter === L);
    return p ? p.name : '';
  }

  /** An <svg> element for a piece letter as in position strings (case gives the side).
   * opts.down: draw a shogi token pointing down the screen (the player at the top).
   * opts.meta: the variant's entry from Zilo.variants(): other than zilo and shogi, pieces are
   * figurines chosen by their names there (a piece without one is a lettered disc). */
  function svg(variant, letter, opts) {
    const side = letter === letter.toUpperCase() ? 'w' : 'b';
    const L = letter.toUpperCase();
    const s = el('svg', { viewBox: '0 0 100 100', class: 'token token-' + variant, 'aria-hidden': 'true', focusable: 'false' });
    const isKing = L === 'K';
    if (variant === 'zilo') {
      const display = L === 'K' ? (side === 'w' ? 'R' : 'K') : L;
      (side === 'w' ? bird : pig)(s, display, isKing);
    } else if (variant === 'shogi') {
      shogiPiece(s, side, L, opts && 'down' in opts ? !!opts.down : side === 'b');
    } else if (!figurine(s, side, FIGURINE_BY_NAME[pieceName(opts && opts.meta, L)])) {
      disc(s, side, L, isKing);
    }
    return s;
  }

  root.ZiloPieces = { svg, info, sides };
})(globalThis);
