/* The English catalog: every word the page shows, by key. A value is a string with {name}
 * placeholders, or, for a count, an object by Intl.PluralRules category
 * ({one, few, many, other}). English (en.js) is complete by definition; a test fails when
 * another catalog lacks one of its keys. Adding a language is adding one such file. */
(function (K) {
  (K.CATALOGS = K.CATALOGS || {}).en = {
    'language.name': 'English',

    // ---- the page ----------------------------------------------------------------

    // (end of the page's words)





    // ---- the engine's words: refusals by DoorError code, games' names and pieces --

    // (end of the engine's words)
  };
})(globalThis.ZiloKit = globalThis.ZiloKit || {});
