/* An error's text for a message line. */

/** The first line of an error's message (or of the thing thrown). @param {unknown} e */
export const errText = (e) => (e && /** @type {Error} */ (e).message ? String(/** @type {Error} */ (e).message) : String(e)).split('\n')[0];
