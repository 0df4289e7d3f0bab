/* What the page's engine workers share (the computer player, computer.js; the analysis,
 * analysis.js). A worker starts from a Blob URL holding the engine's own source, so it needs no
 * request and works from file:// as from http; its code is the source text of functions that use
 * no outer names, copied into that Blob. */

/** Runs inside a worker: one engine game kept from one request to the next, with its search
 * table. `seat` brings it to the position after `moves`, undoing only the moves that differ and
 * playing the new ones, so the engine knows the repetition history and the table stays warm; a
 * new variant or start makes a new game. `drop` frees it (a game left half-seated by a failure
 * is made afresh at the next `seat`). Uses no outer names. */
export function keptGame(Z) {
  var g = null, gKey = null;
  function drop() {
    if (g) { try { g.free(); } catch (_) { /* ignore */ } }
    g = null;
  }
  function seat(variant, startFen, moves) {
    var key = variant + '|' + (startFen || '');
    if (!g || gKey !== key) {
      drop();
      g = startFen ? new Z.Game(variant, startFen) : new Z.Game(variant);
      gKey = key;
    }
    var played = g.history();
    var common = 0;
    while (common < played.length && common < moves.length && played[common] === moves[common]) common++;
    while (g.history().length > common) g.undo();
    for (var i = common; i < moves.length; i++) g.play(moves[i]);
    return g;
  }
  return { seat: seat, drop: drop, game: function () { return g; } };
}

/** A Blob URL running `main(self, ziloEngine, keptGame)` in a worker after the engine's source. */
export function workerUrl(engineSource, main) {
  var src = engineSource + '\n;var keptGame = (' + keptGame.toString() + ');\n(' + main.toString() + ')(self, ziloEngine, keptGame);\n';
  return URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
}
