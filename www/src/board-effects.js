/* A played move shown as it happens: the piece slides (round its corners when its way bends),
 * a castle's rook slides too, a shot flies, a blast bursts. queueEffects() notes them for the
 * next render, which runs them on the squares as drawn. */
import { h } from './dom.js';
import { isShot } from './move-details.js';
import { bentPath } from './board-geometry.js';
import { pieceSvg } from './board-render.js';
/** @typedef {import('./board-view.js').BoardView} BoardView */

/** Shows a newly played move: the piece slides (unless it was dragged there) — round its
 * corners when its way bends —, a castle's rook slides too, a shot flies, a blast bursts. @param {BoardView} view */
export function queueEffects(view, r, slide) {
  view.state.pending = {
    slides: [slide && r.from && !isShot(r) ? { from: r.from, to: r.to, via: bentPath(r, view.state.cells) ? Array.from(r.path) : null } : null, r.rook || null, r.second || null,
      isShot(r) && r.landing ? { from: r.from, to: r.landing } : null].filter(Boolean),
    shot: isShot(r) ? { from: r.from, to: r.to, victim: r.captured } : null,
    blast: r.blasted && r.blasted.length ? { at: r.to, victims: r.blasted } : null,
  };
}

/** @param {BoardView} view */
export function runEffects(view) {
  const fx = view.state.pending;
  view.state.pending = null;
  if (!fx) return;
  for (const { from, to, via } of fx.slides) {
    const a = view.state.squares.get(from), b = view.state.squares.get(to);
    const pe = /** @type {HTMLElement | null} */ (b && b.querySelector('.piece'));
    if (!a || !pe) continue;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    pe.classList.add('animating');
    if (via && typeof pe.animate === 'function') {
      // Through each square of its way, at an even pace (about 70 ms a square).
      const at = (sq) => { const r = view.state.squares.get(sq).getBoundingClientRect(); return 'translate(' + (r.left - rb.left) + 'px,' + (r.top - rb.top) + 'px)'; };
      const frames = [from, ...via].filter((x) => view.state.squares.has(x)).map((x) => ({ transform: at(x) })).concat([{ transform: 'none' }]);
      const run = pe.animate(frames, { duration: Math.min(560, 70 * frames.length + 80), easing: 'ease-in-out' });
      const done = () => pe.classList.remove('animating');
      run.onfinish = done;
      run.oncancel = done;
      continue;
    }
    pe.style.transition = 'none';
    pe.style.transform = 'translate(' + (ra.left - rb.left) + 'px,' + (ra.top - rb.top) + 'px)';
    pe.getBoundingClientRect();
    pe.style.transition = 'transform 180ms cubic-bezier(.2,.7,.3,1)';
    pe.style.transform = '';
    const done = () => { pe.classList.remove('animating'); pe.style.transition = ''; };
    pe.addEventListener('transitionend', done, { once: true });
    setTimeout(done, 400);
  }
  if (fx.shot) shotEffect(view, fx.shot);
  if (fx.blast) {
    const center = view.state.squares.get(fx.blast.at);
    if (center) { const b = h('div', { class: 'burst' }); center.appendChild(b); setTimeout(() => b.remove(), 800); }
    for (const v of fx.blast.victims) {
      const sq = view.state.squares.get(v.square);
      if (!sq) continue;
      const gp = h('div', { class: 'ghost-piece' }, pieceSvg(view, v.piece));
      sq.appendChild(gp);
      setTimeout(() => gp.remove(), 950);
    }
  }
}

/** A snipe: a tracer from the shooter to its target, a flash there, the victim fading out. @param {BoardView} view */
export function shotEffect(view, { from, to, victim }) {
  const frame = view.$('frame'), a = view.state.squares.get(from), b = view.state.squares.get(to);
  if (!a || !b) return;
  const rf = frame.getBoundingClientRect(), ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
  const x1 = ra.left + ra.width / 2 - rf.left, y1 = ra.top + ra.height / 2 - rf.top;
  const x2 = rb.left + rb.width / 2 - rf.left, y2 = rb.top + rb.height / 2 - rf.top;
  const line = h('div', { class: 'shot-line' });
  Object.assign(line.style, { left: x1 + 'px', top: y1 + 'px', width: Math.hypot(x2 - x1, y2 - y1) + 'px', transform: 'rotate(' + Math.atan2(y2 - y1, x2 - x1) + 'rad)' });
  frame.appendChild(line);
  setTimeout(() => line.remove(), 700);
  const flash = h('div', { class: 'shot-flash' });
  b.appendChild(flash);
  setTimeout(() => flash.remove(), 700);
  const pe = a.querySelector('.piece');
  if (pe) { pe.classList.add('recoil'); setTimeout(() => pe.classList.remove('recoil'), 400); }
  if (victim) {
    const gp = h('div', { class: 'ghost-piece shot-victim' }, pieceSvg(view, victim.piece));
    b.appendChild(gp);
    setTimeout(() => gp.remove(), 800);
  }
}
