/* Making SVG elements (the piece sets draw with it). */

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with `attrs`, appended to `parent` when one is given.
 * @param {string} name @param {Record<string, string | number>} attrs @param {Element} [parent]
 * @returns {SVGElement} */
export function svgElement(name, attrs, parent) {
  const e = /** @type {SVGElement} */ (document.createElementNS(NS, name));
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  if (parent) parent.appendChild(e);
  return e;
}
