/* What the engine's description of a move (Zilo.MoveDetails, a move report) says about it,
 * asked the same way everywhere. */

/** A move that removes the piece on `to` without its piece landing there: a Sniper's shot, a
 * Trebuchet's (which steps back to `landing`).
 * @param {{kind?: string} | null | undefined} d */
export const isShot = (d) => !!d && (d.kind === 'snipe' || d.kind === 'shot');
