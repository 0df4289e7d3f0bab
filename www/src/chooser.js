/* The move chooser: several legal moves end on one square. When they differ only in what the
 * piece becomes, chess-like promotion offers the pieces in a column over the square (as lichess
 * does), most valuable first (the engine's piece values); shogi-like promotion (one move that
 * promotes, one that does not) asks "Promote?" with the piece after and before. Moves of
 * different kinds (a king's step or a castle; a move or a shot) are offered in words in a small
 * menu by the square. Escape or a press elsewhere cancels. Everything offered is the engine's. */
import { t, article } from './i18n.js';
import { h, closest } from './dom.js';
import { isShot } from './move-details.js';

/** What to offer for `cands`, the engine's descriptions of the moves ending on one square. @param {import('./board-view.js').BoardView} view */
function options(view, cands) {
  const from = view.state.selected && view.state.selected.kind === 'square' ? view.state.selected.square : null;
  const piece = from ? view.pieceAt(from) : null;
  const sameKind = cands.every((d) => d.kind === cands[0].kind);
  const plain = cands.filter((d) => !d.promotion), promoted = cands.filter((d) => d.promotion);
  const name = (l) => view.info(l).name;
  // English needs "a"/"an" before a name (article); the catalogs take {aPiece} or {piece}.
  const named = (key, l) => ({ [key]: name(l), ['a' + key[0].toUpperCase() + key.slice(1)]: article(name(l)) });
  if (sameKind && piece && plain.length === 1 && promoted.length === 1) {
    const after = promoted[0].promotion;
    return {
      kind: 'yesno', question: t('chooser.promote.ask'),
      options: [
        { move: promoted[0].move, letter: after, choice: '+', label: t('chooser.promote.yes', Object.assign({ piece: name(piece) }, named('after', after))) },
        { move: plain[0].move, letter: piece, choice: '=', label: t('chooser.promote.no', named('piece', piece)) },
      ],
    };
  }
  if (sameKind && !plain.length) {
    const value = (l) => { const p = view.meta().pieces.find((x) => x.letter === l.toUpperCase()); return p ? p.value : 0; };
    const opts = promoted.map((d) => ({ move: d.move, letter: d.promotion, choice: d.promotion.replace(/^\+/, '').toLowerCase(), label: t('chooser.promote.to', named('piece', d.promotion)) }));
    opts.sort((a, b) => value(b.letter) - value(a.letter));
    return { kind: 'column', question: null, options: opts };
  }
  return {
    kind: 'menu', question: t('chooser.which'),
    options: cands.map((d) => {
      const letters = [piece || d.drop];
      if (d.kind === 'castle' && d.rook && view.pieceAt(d.rook.from)) letters.push(view.pieceAt(d.rook.from));
      return { move: d.move, letters: letters.filter(Boolean), choice: d.kind, label: moveLabel(view, d, piece) };
    }),
  };
}

/** A move in words: "King to g1", "Castle: king g1, rook f1", "Shoot the Rook on c7". @param {import('./board-view.js').BoardView} view */
function moveLabel(view, d, piece) {
  const name = piece ? view.info(piece).name : t('chooser.piece');
  const target = view.pieceAt(d.to);
  const sq = (s) => view.sqName(s);
  if (d.kind === 'castle' && d.rook) return t('chooser.castle', { king: sq(d.to), rook: sq(d.rook.to) });
  if (isShot(d)) return target ? t('chooser.shoot', { target: view.info(target).name, to: sq(d.to) }) : t('chooser.shootSquare', { to: sq(d.to) });
  if (d.kind === 'enPassant') return t('chooser.enPassant', { piece: name, to: sq(d.to) });
  const words = t(target ? 'chooser.takes' : 'chooser.to', { piece: name, to: sq(d.to) });
  if (!d.promotion) return words;
  const after = view.info(d.promotion).name;
  return t('chooser.becoming', { move: words, after, aAfter: article(after) });
}

/** @param {import('./board-view.js').BoardView} view */
export function open(view, sq, cands, slide) {
  const ch = view.$('chooser');
  const spec = options(view, cands);
  ch.textContent = '';
  ch.dataset.kind = spec.kind;
  ch.dataset.for = sq;
  ch.setAttribute('aria-label', spec.question || t('chooser.promote.column'));
  // Where the square is: the column starts on it and runs toward the middle; the menu sits
  // next to it, on the side toward the middle.
  const names = [...view.state.squares.keys()];
  const files = view.meta().files, ranks = view.meta().ranks;
  const i = names.indexOf(sq);
  const col = i % files, row = Math.floor(i / files);
  const down = row < ranks / 2;
  const menu = spec.kind === 'menu';
  const box = h('div');
  if (menu) {
    // The square the question is about stays visible through the shade.
    const mark = h('div', { class: 'chooser-target' });
    Object.assign(mark.style, { left: (col * 100 / files) + '%', top: (row * 100 / ranks) + '%', width: (100 / files) + '%', height: (100 / ranks) + '%' });
    ch.appendChild(mark);
    box.className = 'chooser-menu ' + (down ? 'below' : 'above');
    if (down) box.style.top = ((row + 1) * 100 / ranks) + '%'; else box.style.bottom = ((ranks - row) * 100 / ranks) + '%';
  } else {
    box.className = 'chooser-col ' + (down ? 'down' : 'up');
    box.style.left = (col * 100 / files) + '%';
    box.style.width = (100 / files) + '%';
    if (down) box.style.top = (row * 100 / ranks) + '%'; else box.style.bottom = ((ranks - 1 - row) * 100 / ranks) + '%';
  }
  const buttons = [];
  let pressed = false;
  box.addEventListener('pointerdown', () => { pressed = true; });
  for (const o of spec.options) {
    const b = h('button', { type: 'button', class: 'chooser-btn' + (menu ? ' chooser-item' : ''), 'data-choice': o.choice, 'data-move': o.move, 'aria-label': o.label, title: o.label });
    if (menu) {
      const icons = h('span', { class: 'chooser-icons' });
      for (const l of o.letters) icons.appendChild(view.pieceSvg(l));
      b.append(icons, h('span', { class: 'chooser-label', text: o.label }));
    } else b.appendChild(view.pieceSvg(o.letter));
    b.addEventListener('click', (e) => {
      // The tap that opened the chooser must not also pick the choice under the finger.
      if (e.detail !== 0 && !pressed) return;
      close(view, sq);
      view.playMove(o.move, slide);
    });
    box.appendChild(b);
    buttons.push(b);
  }
  if (spec.question && !menu) box.appendChild(h('div', { class: 'chooser-question' + (col === 0 ? ' at-left' : col === files - 1 ? ' at-right' : ''), text: spec.question }));
  ch.appendChild(box);
  // In a column, "down" means away from the square; a menu reads top to bottom.
  const reversed = !menu && !down;
  box.addEventListener('keydown', (e) => {
    const k = e.key;
    const at = buttons.indexOf(view.root.activeElement);
    let next = null;
    e.stopPropagation();
    if (k === 'Escape') { e.preventDefault(); view.deselect(); return; }
    if (k === 'ArrowDown' || k === 'ArrowRight') next = (at + 1) % buttons.length;
    else if (k === 'ArrowUp' || k === 'ArrowLeft') next = (at - 1 + buttons.length) % buttons.length;
    else if (k === 'Home') next = 0;
    else if (k === 'End') next = buttons.length - 1;
    else if (k === 'Tab') next = e.shiftKey ? (at - 1 + buttons.length) % buttons.length : (at + 1) % buttons.length;
    if (next == null) return;
    e.preventDefault();
    if (reversed && (k === 'ArrowDown' || k === 'ArrowUp')) next = k === 'ArrowUp' ? (at + 1) % buttons.length : (at - 1 + buttons.length) % buttons.length;
    if (at < 0) next = 0; // the column itself had the focus: start at the first choice
    buttons[next].focus();
  });
  ch.hidden = false;
  if (menu) {
    // Centred on the square's file, kept inside the board.
    const W = ch.clientWidth, bw = box.offsetWidth;
    box.style.left = Math.max(4, Math.min(W - bw - 4, (col + 0.5) * W / files - bw / 2)) + 'px';
  }
  view.hideTooltip();
  // Keyboard users land on the first choice; a mouse or finger gets no focus ring, but the
  // chooser still takes the focus so that Escape, Tab and the arrows work.
  if (view.state.keyboard) buttons[0].focus({ preventScroll: true });
  else { box.tabIndex = -1; box.focus({ preventScroll: true }); }
}

/** @param {import('./board-view.js').BoardView} view */
export function close(view, focusSq) {
  const ch = view.$('chooser');
  if (!ch || ch.hidden) return;
  const hadFocus = ch.contains(view.root.activeElement);
  ch.hidden = true;
  ch.textContent = '';
  delete ch.dataset.for;
  if (hadFocus) view.setCursor(focusSq || view.state.cursor, true);
}

/** A press anywhere but on a choice cancels (the chooser covers the whole board). @param {import('./board-view.js').BoardView} view */
export function setup(view) {
  view.root.addEventListener('pointerdown', (e) => {
    const ch = view.$('chooser');
    if (ch.hidden || (closest(e, '.chooser-btn'))) return;
    view.deselect();
    if (ch.contains(e.target)) { e.preventDefault(); e.stopPropagation(); }
  }, true);
}

