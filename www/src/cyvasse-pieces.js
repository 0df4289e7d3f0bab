/* How Cyvasse's pieces look: round medallions (they sit in hexagonal fields) with one emblem per
 * kind, ivory for White and dark bronze for Black. The Spears' emblem points away from its owner
 * (they attack only their two forward fields, so its direction is information).
 *
 * Chosen by the names the engine gives the pieces, like every other set; it joins the list of
 * sets in piece-sets.js before the lettered discs, the fallback for any piece no set draws. */
import { t } from './i18n.js';
import { svgElement } from './svg.js';

const el = svgElement;

const INK = {
  w: { face: '#f7f0de', rim: '#8a7350', ring: '#c9b68c', ink: '#3b2d1c', fill: '#fffaf0' },
  b: { face: '#3a2c24', rim: '#0f0a07', ring: '#6e5646', ink: '#f3e6cc', fill: '#57443a' },
};

// Emblems on a 100×100 canvas, centred near (50, 50), drawn with the side's ink and fill.
// Each is a list of [element, attributes]; 'F' as a fill means the side's fill, 'I' its ink.
const EMBLEM = {
  King: [ // a crown
    ['path', { d: 'M27 66 L23 36 L37 49 L50 29 L63 49 L77 36 L73 66 Z', fill: 'F' }],
    ['path', { d: 'M27 66 H73 V74 H27 Z', fill: 'I' }],
    ['circle', { cx: 50, cy: 27, r: 4, fill: 'I' }], ['circle', { cx: 22, cy: 34, r: 3.5, fill: 'I' }], ['circle', { cx: 78, cy: 34, r: 3.5, fill: 'I' }],
  ],
  Tower: [ // a keep with battlements and a gate
    ['path', { d: 'M31 76 V38 H27 V24 H36 V31 H44 V24 H56 V31 H64 V24 H73 V38 H69 V76 Z', fill: 'F' }],
    ['path', { d: 'M44 76 V63 Q50 55 56 63 V76', fill: 'I', stroke: 'none' }],
    ['path', { d: 'M31 38 H69', fill: 'none' }],
  ],
  Rabble: [ // a pitchfork
    ['path', { d: 'M50 80 V42', fill: 'none', 'stroke-width': 5 }],
    ['path', { d: 'M36 24 V38 Q36 45 50 45 Q64 45 64 38 V24 M50 22 V45', fill: 'none', 'stroke-width': 4 }],
  ],
  Spears: [ // two spears leaning forward, to the two fields they hold
    ['path', { d: 'M40 80 L28 32 M60 80 L72 32', fill: 'none', 'stroke-width': 4.5 }],
    ['path', { d: 'M25 18 L33 30 L27 34 L22 31 Z', fill: 'F' }],
    ['path', { d: 'M75 18 L67 30 L73 34 L78 31 Z', fill: 'F' }],
  ],
  'Light Horse': [ // a horse's head
    ['path', { d: 'M34 78 C34 62 40 54 44 48 L30 52 C25 53 22 48 25 44 L42 28 L44 20 L50 27 C64 27 72 42 70 58 L68 78 Z', fill: 'F' }],
    ['circle', { cx: 45, cy: 36, r: 2.6, fill: 'I', stroke: 'none' }],
  ],
  'Heavy Horse': [ // a horse's head under a chanfron and a plume
    ['path', { d: 'M34 78 C34 62 40 54 44 48 L30 52 C25 53 22 48 25 44 L42 28 L44 20 L50 27 C64 27 72 42 70 58 L68 78 Z', fill: 'F' }],
    ['path', { d: 'M27 45 L43 30 L48 36 L33 50 Z', fill: 'I' }],
    ['path', { d: 'M52 26 C56 14 66 12 72 16 C64 18 60 22 58 28', fill: 'I' }],
    ['path', { d: 'M38 66 H68', fill: 'none', 'stroke-width': 4 }],
  ],
  Elephant: [ // a head with ears, tusks and a raised trunk
    ['path', { d: 'M50 26 C36 26 30 36 32 48 C22 44 16 50 20 62 C24 70 32 66 36 60 C38 66 42 70 44 72 C44 80 40 84 34 82 C36 90 50 90 52 78 L54 66 C62 64 68 56 68 48 C78 46 82 40 78 32 C74 26 66 30 66 36 C62 30 56 26 50 26 Z', fill: 'F' }],
    ['circle', { cx: 44, cy: 44, r: 2.6, fill: 'I', stroke: 'none' }], ['circle', { cx: 58, cy: 44, r: 2.6, fill: 'I', stroke: 'none' }],
    ['path', { d: 'M42 60 L34 70 M58 60 L64 70', fill: 'none', 'stroke-width': 3.5 }],
  ],
  Crossbows: [ // a crossbow, its bolt pointing forward
    ['path', { d: 'M20 46 Q50 26 80 46', fill: 'none', 'stroke-width': 5 }],
    ['path', { d: 'M20 46 L50 56 L80 46', fill: 'none', 'stroke-width': 1.8 }],
    ['path', { d: 'M45 36 H55 V80 H45 Z', fill: 'F' }],
    ['path', { d: 'M50 56 V18 M44 25 L50 16 L56 25', fill: 'none', 'stroke-width': 3 }],
  ],
  Trebuchet: [ // an A-frame with a throwing arm and its counterweight
    ['path', { d: 'M26 80 L44 44 L62 80 M33 66 H55', fill: 'none', 'stroke-width': 4.5 }],
    ['path', { d: 'M76 22 L34 56', fill: 'none', 'stroke-width': 4 }],
    ['path', { d: 'M26 52 H42 V66 H26 Z', fill: 'F' }],
    ['circle', { cx: 76, cy: 22, r: 5, fill: 'I', stroke: 'none' }],
    ['circle', { cx: 44, cy: 46, r: 3, fill: 'I', stroke: 'none' }],
  ],
  Dragon: [ // a winged dragon's head and neck
    ['path', { d: 'M50 80 C44 66 46 56 52 48 L40 50 L46 40 L34 36 C42 28 52 24 60 26 L70 18 L68 30 C74 36 74 46 68 54 C64 60 64 70 68 80 Z', fill: 'F' }],
    ['path', { d: 'M64 54 C74 52 84 58 88 70 C80 66 74 66 70 70', fill: 'F' }],
    ['path', { d: 'M40 58 C30 54 18 58 12 70 C20 66 28 66 34 72', fill: 'F' }],
    ['circle', { cx: 58, cy: 34, r: 2.6, fill: 'I', stroke: 'none' }],
  ],
};

function drawMedallion(svg, p) {
  const c = INK[p.side];
  el('circle', { cx: 50, cy: 50, r: 45, fill: c.face, stroke: c.rim, 'stroke-width': 3.5 }, svg);
  el('circle', { cx: 50, cy: 50, r: 38, fill: 'none', stroke: c.ring, 'stroke-width': 1.6 }, svg);
  if (p.royal) el('circle', { cx: 50, cy: 50, r: 41.5, fill: 'none', stroke: '#c9a227', 'stroke-width': 2.5 }, svg);
  const g = el('g', { stroke: c.ink, 'stroke-width': 3, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }, svg);
  // Only the Spears point: they hold their two forward fields. The other emblems stay upright.
  if (p.down && p.name === 'Spears') g.setAttribute('transform', 'rotate(180 50 50)');
  for (const [name, attrs] of EMBLEM[p.name] || []) {
    const a = Object.assign({}, attrs);
    if (a.fill === 'F') a.fill = c.fill; else if (a.fill === 'I') a.fill = c.ink;
    el(name, a, g);
  }
}

/** The medallions: piece-sets.js lists them before the lettered discs. */
export const medallions = {
  id: 'medallions', board: 'hex', turns: true,
  /** The set's name in the "Pieces" menu, in the page's language when it is asked for. */
  get title() { return t('pieces.set.medallions'); },
  covers: (name) => Object.prototype.hasOwnProperty.call(EMBLEM, name),
  draw: drawMedallion,
};
