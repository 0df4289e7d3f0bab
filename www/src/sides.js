/* The two sides as the engine names them: 'w' (the first player, uppercase letters) and 'b'. */

/** @typedef {'w' | 'b'} Side */

/** The other side. @param {string} s @returns {Side} */
export const other = (s) => (s === 'w' ? 'b' : 'w');

/** Whose piece a letter is (as in position strings: uppercase is the first player's).
 * @param {string} p @returns {Side} */
export const sideOf = (p) => (p === p.toUpperCase() ? 'w' : 'b');
