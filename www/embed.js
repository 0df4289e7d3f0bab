/* embed.html's demo: each board's `move` and `end` events, written under it, and the page's
 * words in the boards' language (ZiloKit.lang: the browser's, or a board's `lang`). (A separate
 * file: the page's Content-Security-Policy allows no inline script.) */
(function () {
  'use strict';
  const K = globalThis.ZiloKit;
  const words = () => { document.documentElement.lang = K.lang; K.applyI18n(document); };
  K.onLang(words);
  words();
  for (const id of ['a', 'b']) {
    const board = document.getElementById('board-' + id);
    const log = document.getElementById('log-' + id);
    const write = (t) => { log.textContent += t + '\n'; log.scrollTop = log.scrollHeight; };
    board.addEventListener('move', (e) => write(e.detail.san + '  (' + e.detail.move + ')'));
    board.addEventListener('end', (e) => write(e.detail.title + ' — ' + e.detail.text));
  }
})();
