/* Making elements: h(), the page's one way to build DOM, and the small pieces built with it. */

/** An element: `attrs` sets `class`, `text` (its text), `on<event>` (a listener), `true`
 * (an empty attribute), any other attribute as a string (false or null leave it out).
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Node | string | null | undefined)} kids
 * @returns {HTMLElement & {[k: string]: any}} */
export function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) {
    const v = /** @type {Record<string, any>} */ (attrs)[k];
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid != null) e.append(kid);
  return e;
}

/** Three dots that pulse (the "thinking" indicator); hidden from screen readers. */
export function thinkDots() {
  const d = h('span', { class: 'think-dots', 'aria-hidden': 'true' });
  for (let i = 0; i < 3; i++) d.appendChild(document.createElement('i'));
  return d;
}

/** The nearest element matching `selector` from where an event happened (null if none).
 * @param {Event} e @param {string} selector @returns {HTMLElement | null} */
export const closest = (e, selector) => (e.target instanceof Element ? /** @type {HTMLElement | null} */ (e.target.closest(selector)) : null);
