/* The bundle's entry (tools/build-board.mjs bundles from here into www/zilo-board.js): defines
 * <zilo-board>, and gives the page around it (www/page.js, www/embed.js, an embedder, the tests)
 * what it may use, as the one global `ZiloKit`. Nothing in www/src reads that global: the
 * modules import what they use. The message catalogs (www/i18n/*.js, classic scripts bundled
 * before this) put theirs on it as ZiloKit.CATALOGS.
 *
 * The board itself is used through the element's attributes, methods and events. */
import * as i18n from './i18n.js';
import { gameWord, engineArgs, engineMessage, outcomeWords } from './engine-words.js';
import * as PieceSets from './piece-sets.js';
import * as Sharing from './sharing.js';
import * as Computer from './computer.js';
import * as PgnBox from './pgn-box.js';
import * as Analysis from './analysis.js';
import { variants } from './engine-data.js';
import { message, createGame, joinGame, view as gameView, Seats } from './online-client.js';
import { OnlinePage, clockText } from './online-view.js';
import { ZiloBoard } from './zilo-board.js';

const ZiloKit = /** @type {Record<string, any>} */ (globalThis).ZiloKit ||= {};
Object.assign(ZiloKit, {
  // The page's words (i18n.js): t, has, setLang, onLang, languages, chooseLang, num, date,
  // applyI18n, article; `lang` is read as a property.
  t: i18n.t, has: i18n.has, setLang: i18n.setLang, onLang: i18n.onLang, languages: i18n.languages, chooseLang: i18n.chooseLang,
  num: i18n.num, date: i18n.date, applyI18n: i18n.applyI18n, article: i18n.article,
  // The engine's words (engine-words.js).
  gameWord, engineArgs, engineMessage, outcomeWords,
  // How pieces look, sharing a game, the computer's levels, the engine's variants.
  PieceSets: { forVariant: PieceSets.forVariant, draw: PieceSets.draw, describe: PieceSets.describe, sideInfo: PieceSets.sideInfo },
  Sharing: { encode: Sharing.encode, decode: Sharing.decode, text: Sharing.text, link: Sharing.link, readHash: Sharing.readHash },
  Computer: { create: Computer.create },
  // The PGN box (Copy PGN, Download .pgn, Load).
  PgnBox: { setup: PgnBox.setup, readPgn: PgnBox.readPgn },
  // Analysis mode (the engine's lines, the bar, the game's review).
  Analysis: { setup: Analysis.setup, judgement: Analysis.judgement, winChances: Analysis.winChances },
  LEVELS: Computer.LEVELS,
  variants,
  // Online play: the page's form and links, refusals in words.
  OnlinePage,
  Online: { message, createGame, joinGame, clockText, view: gameView, Seats: { ids: Seats.ids, get: Seats.get } },
  ZiloBoard,
});
Object.defineProperty(ZiloKit, 'lang', { get: i18n.currentLang, enumerable: true, configurable: true });

if (!customElements.get('zilo-board')) customElements.define('zilo-board', ZiloBoard);
