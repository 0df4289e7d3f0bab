/* Where the board's fields are drawn, in field units: geometry only (which pieces go where is
 * the engine's). */

/** The board's drawn size in fields: [width, height] (a hex board's rows are 0.866 apart and a
 * field 2/√3 tall; a grid's are its files and ranks).
 * @param {{cells?: unknown[], files: number, ranks: number, rowLengths?: number[]}} m
 * @returns {[number, number]} */
export function boardExtent(m) {
  if (!m.cells) return [m.files, m.ranks];
  const lens = m.rowLengths || [];
  return [Math.max(...lens), (lens.length - 1) * 0.866 + 1.1547];
}

/** Whether the engine's description of a move goes round a corner: its squares (from, the ones
 * it passes, to), where the board draws them (`cells`: name -> [x, y] centres), are not on one
 * line. Which pieces bend is the engine's.
 * @param {{from?: string, to?: string, path?: Iterable<string> & {length: number}} | null | undefined} d
 * @param {Map<string, [number, number]>} cells */
export function bentPath(d, cells) {
  if (!d || !d.from || !d.to || !d.path || !d.path.length) return false;
  const names = [d.from, ...Array.from(d.path), d.to];
  if (names.some((x) => !cells.has(x))) return false;
  const pts = names.map((x) => /** @type {[number, number]} */ (cells.get(x)));
  for (let i = 2; i < pts.length; i++) {
    const [a, b, c] = [pts[i - 2], pts[i - 1], pts[i]];
    if (Math.abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) > 1e-6) return true;
  }
  return false;
}
