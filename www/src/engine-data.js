/* The engine's values as plain data. The engine hands out objects or Maps (by its serializer);
 * the page reads plain objects. */

/** A value of the engine's as a plain object (a Map's entries, an object as it is, {} for none).
 * @param {any} x @returns {any} */
export const plain = (x) => (x instanceof Map ? Object.fromEntries(x) : x || {});

/** @typedef {Zilo.VariantInfo & {[k: string]: any}} Meta  The engine's description of a variant,
 * as plain data (Zilo.variants()). */

/** @type {Meta[] | null} */
let variantList = null;

/** The engine's variant list, read once (plain objects). @returns {Meta[]} */
export function variants() {
  if (!variantList) {
    variantList = Array.from(Zilo.variants()).map((v) => {
      const o = Object.assign({}, plain(v));
      o.pieces = Array.from(o.pieces || []).map(plain);
      o.sides = Array.from(o.sides || []).map(plain);
      return o;
    });
  }
  return variantList;
}
