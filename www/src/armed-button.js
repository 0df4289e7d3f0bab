/* A button that needs a second press to act (Resign, New game): the first press arms it, showing
 * `label` ("Confirm") for four seconds; the second acts. */

/** @typedef {HTMLElement & {_t?: ReturnType<typeof setTimeout>}} ArmedButton */

/** @param {HTMLElement} btn @param {string} label @param {() => void} action */
export function armed(btn, label, action) {
  const b = /** @type {ArmedButton} */ (btn);
  if (b.classList.contains('armed')) { disarm(b); action(); return; }
  b.classList.add('armed');
  b.dataset.label = b.textContent || '';
  b.textContent = label;
  b._t = setTimeout(() => disarm(b), 4000);
}

/** Puts an armed button back as it was. @param {HTMLElement} btn */
export function disarm(btn) {
  const b = /** @type {ArmedButton} */ (btn);
  if (!b.classList.contains('armed')) return;
  clearTimeout(b._t);
  b.classList.remove('armed');
  b.textContent = b.dataset.label || b.textContent;
}
