/* The board view's own state: what it draws besides the game (which is the controller's) and
 * what the person is doing on it. Rendering reads it, input changes it through the view's
 * actions; nothing here is a rule. */

/** @typedef {{kind: 'square', square: string} | {kind: 'hand', piece: string}} Selection */

/** A fresh state: White at the bottom, the variant's default piece set, nothing selected. */
export function boardState() {
  return {
    orientation: /** @type {'w' | 'b'} */ ('w'),
    /** @type {string | null} the piece set chosen for this variant (null: its default) */
    setId: null,
    /** @type {any} the piece set drawn (piece-sets.js) */
    set: null,
    /** @type {Selection | null} */
    selected: null,
    /** @type {Map<string, any[]>} square -> the engine's descriptions of the allowed moves ending there */
    dests: new Map(),
    /** @type {Map<string, HTMLElement>} square name -> its element */
    squares: new Map(),
    /** @type {string | null} the keyboard cursor's square */
    cursor: null,
    /** the last input came from the keyboard */
    keyboard: false,
    /** the last pointer was a finger or a pen */
    touch: false,
    /** @type {any} effects to show at the next render: {slides, blast, shot} */
    pending: null,
    /** @type {boolean | undefined} whether the next move slides (false: it was dragged there) */
    slideNext: undefined,
    /** @type {string[]} squares marked by a blast preview */
    preview: [],
    /** @type {string | null} the destination under the mouse or the keyboard cursor (its path is drawn) */
    pathSq: null,
    /** @type {Map<string, [number, number]>} square name -> its centre as drawn, one field = 1 (for the path layer) */
    cells: new Map(),
    /** @type {[number, number]} the drawn board's width and height in the same units */
    extent: [1, 1],
    /** @type {import('./setup-session.js').SetupSession | null} a hidden setup in progress: clicks go to it */
    setupSession: null,
    /** @type {Map<string, Element>} drawn pieces by set, letter and way up */
    svgCache: new Map(),
    /** @type {string | null} what the squares were built for: variant, orientation, set */
    builtFor: null,
    /** @type {any} a drag under way */
    drag: null,
    /** @type {ReturnType<typeof setTimeout> | undefined} the tooltip's timer */
    ttTimer: undefined,
  };
}

/** @typedef {ReturnType<typeof boardState>} BoardState */
