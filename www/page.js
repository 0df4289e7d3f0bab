/* The page around the board: the header (which game is played), the variant picker, the
 * opponent settings, sharing (game code, position string, move list, link), settings, the rules
 * dialog, and keeping the game in localStorage. The board itself is <zilo-board id="game">
 * (zilo-board.js); this file only talks to it through its attributes, methods and events.
 * Text from a save, a link or a box is only ever set with textContent / value. */
(function () {
  'use strict';

  const K = globalThis.ZiloKit;
  const $ = (id) => document.getElementById(id);
  const board = $('game');
  const SAVE_KEY = 'zilo.save.v1';
  const PREF_KEY = 'zilo.prefs.v1';
  // The last game of each kind that has moves, by variant id: a link or the menu never loses
  // one (the menu offers it back, a link asks before replacing the one on the board).
  const GAMES_KEY = 'zilo.games.v1';
  // The default game is the engine's first (its flagship): see defaultVariant().
  const DEFAULT_OPP = { mode: 'hotseat', side: 'w', level: 3 };
  let variants = [];
  /** The engine lists its flagship first: that is the game a new visitor gets. */
  const defaultVariant = () => variants[0].id;
  // lang: the language chosen in the settings (null: the browser's, see K.chooseLang).
  // analysis: the analysis switch (www/src/analysis.js) was left on.
  let prefs = { orientation: 'w', sounds: true, pieces: {}, lang: null, analysis: false };
  let booted = false;
  // Online play (online-view.js): `online` is the session while a game from the server is shown.
  let online = null, onlineChosen = false;

  // An error in the page's words: the engine's refusals by their codes (K.engineMessage), worded
  // with `game`'s piece and side names; any other error by its first line.
  const errText = (e, game) => K.engineMessage(e, game);
  const message = (text, kind) => board.message(text, kind);
  const meta = () => variants.find((v) => v.id === board.variant) || variants[0];

  // ------------------------------------------------------------------------------------------
  // Preferences and the saved game

  function loadPrefs() {
    try {
      const p = JSON.parse(localStorage.getItem(PREF_KEY) || '{}');
      if (p.orientation === 'w' || p.orientation === 'b') prefs.orientation = p.orientation;
      if (typeof p.sounds === 'boolean') prefs.sounds = p.sounds;
      if (typeof p.analysis === 'boolean') prefs.analysis = p.analysis;
      if (p.pieces && typeof p.pieces === 'object') prefs.pieces = p.pieces;
      if (typeof p.lang === 'string' && K.languages().some((l) => l.lang === p.lang)) prefs.lang = p.lang;
    } catch (_) { /* defaults */ }
  }
  function savePrefs() { try { localStorage.setItem(PREF_KEY, JSON.stringify(prefs)); } catch (_) { /* ignore */ } }

  function opp() { const s = board.state(); return { mode: s.mode, side: s.side, level: s.level }; }

  /** The board's game as it is saved. During a hidden setup, the setup as it stands (both
   * halves: a reload goes on with it, the board still showing each player only their own). */
  function record() {
    const s = board.state();
    const rec = { v: 1, variant: s.variant, startFen: s.phase === 'setup' ? null : s.startFen, moves: s.phase === 'setup' ? [] : s.moves, variations: s.phase === 'setup' ? [] : s.variations, resigned: s.resigned, vs: s.mode, side: s.side, level: s.level };
    if (s.phase === 'setup' && s.setup) rec.setup = s.setup;
    return rec;
  }

  function keptGames() {
    try {
      const g = JSON.parse(localStorage.getItem(GAMES_KEY) || '{}');
      return g && typeof g === 'object' && !Array.isArray(g) ? g : {};
    } catch (_) { return {}; }
  }
  /** The kept game of a kind, if it has moves (a damaged entry counts as none). */
  function keptGame(id) {
    const d = keptGames()[id];
    return d && typeof d === 'object' && d.variant === id && Array.isArray(d.moves) && d.moves.length ? d : null;
  }

  function save() {
    if (!booted || online) return;
    try {
      const rec = record();
      localStorage.setItem(SAVE_KEY, JSON.stringify(rec));
      // The board's game is its kind's kept game; a game started over (no moves) drops it. Its
      // time is when its moves last changed (for the list of recent games).
      const games = keptGames();
      const was = games[rec.variant];
      rec.at = was && sameGame(was, rec) && typeof was.at === 'number' ? was.at : Date.now();
      if (rec.moves.length) games[rec.variant] = rec; else delete games[rec.variant];
      localStorage.setItem(GAMES_KEY, JSON.stringify(games));
    } catch (_) { /* storage may be unavailable: the game just won't survive a reload */ }
  }

  /** Puts a saved record on the board (throws if the engine refuses it). */
  function loadRecord(d) {
    if (!d || typeof d !== 'object' || typeof d.variant !== 'string' || !Array.isArray(d.moves)) throw new Error(K.t('page.save.unreadable'));
    const o = parseOpp(d);
    const setup = d.setup && typeof d.setup === 'object' ? d.setup : null;
    // A setup under way is made for its opponent: set that first, or the change would start it again.
    if (setup) setOpp(o.opp, false);
    board.load({ variant: d.variant, fen: typeof d.startFen === 'string' ? d.startFen : null, moves: d.moves, resigned: d.resigned, variations: d.variations, setup });
    if (!setup) setOpp(o.opp, false);
    return o;
  }

  /** Reads opponent settings from a save or a link: missing values take the defaults quietly,
   * damaged ones take them too and are listed in `bad`. */
  function parseOpp(src) {
    const o = Object.assign({}, DEFAULT_OPP), bad = [];
    const has = (k) => src[k] !== undefined && src[k] !== null;
    if (has('vs')) {
      if (src.vs === 'human' || src.vs === 'hotseat') o.mode = 'hotseat'; else if (src.vs === 'computer') o.mode = 'computer'; else bad.push(K.t('page.bad.opponent', { value: String(src.vs).slice(0, 20) }));
    }
    if (has('side')) { if (src.side === 'w' || src.side === 'b') o.side = src.side; else bad.push(K.t('page.bad.side', { value: String(src.side).slice(0, 20) })); }
    if (has('level')) {
      const n = typeof src.level === 'number' ? src.level : /^\s*\d+\s*$/.test(String(src.level)) ? parseInt(src.level, 10) : NaN;
      if (Number.isInteger(n) && K.LEVELS[n]) o.level = n; else bad.push(K.t('page.bad.level', { value: String(src.level).slice(0, 20) }));
    }
    return { opp: o, bad };
  }

  /** Sets the opponent on the board. Against the computer, the person's side goes to the bottom
   * when `face` (a new opponent or side). */
  function setOpp(o, face) {
    board.setAttribute('level', String(o.level));
    board.setAttribute('side', o.side);
    board.setAttribute('mode', o.mode);
    if (face && o.mode === 'computer' && board.orientation !== o.side) board.setAttribute('orientation', o.side);
  }

  function oppSummary() {
    const o = opp();
    if (o.mode !== 'computer') return K.t('page.opp.summary.hotseat');
    return K.t('page.opp.summary.computer', { side: K.PieceSets.sideInfo(meta(), o.side).name, theSide: K.PieceSets.sideInfo(meta(), o.side).the, level: o.level, levelName: levelName(o.level) });
  }

  /** The game a saved record names, read for the words of its error (null if unreadable). */
  function savedVariant(raw) { try { return JSON.parse(raw).variant || null; } catch (_) { return null; } }

  function loadSaved() {
    let raw = null;
    try { raw = localStorage.getItem(SAVE_KEY); } catch (_) { return false; }
    if (raw == null) return false;
    try {
      const o = loadRecord(JSON.parse(raw));
      if (o.bad.length) message(K.t('page.save.oppDamaged', { bad: o.bad.join(', '), now: oppSummary() }), 'error');
      return true;
    } catch (e) {
      board.newGame(defaultVariant());
      message(K.t('page.save.damaged', { error: errText(e, savedVariant(raw)) }), 'error');
      return true;
    }
  }

  /** Loads what location.hash names: a game code, an older link, opponent settings. Returns true
   * if it did, an error text if it could not, false if the hash names nothing. */
  function loadFromHash() {
    const h = K.Sharing.readHash(location.hash);
    if (!h) return false;
    clearHash();
    const o = h.opp ? parseOpp(h.opp) : null;
    if (!h.code && !h.spec) {
      setOpp(o.opp, true);
      if (o.bad.length) message(K.t('page.link.oppDamaged', { bad: o.bad.join(', '), now: oppSummary() }), 'error');
      else message(K.t('page.link.opp', { now: oppSummary() }), 'info');
      return true;
    }
    let spec;
    try {
      spec = h.code ? K.Sharing.decode(h.code) : h.spec;
      // The engine replays it here, so that a broken link is refused before anyone is asked.
      if (!h.code) K.Sharing.encode(spec);
    } catch (e) {
      return K.t('page.link.failed', { error: errText(e, h.spec && h.spec.variant) });
    }
    // A link without opponent settings is a game between two people.
    const oo = o || parseOpp({});
    // The game on the board already (the address bar shows its own game, so a reload brings
    // its link back): nothing to load, nothing to ask.
    const now = record();
    if (sameGame(now, spec) && (now.resigned || null) === (spec.resigned || null)) {
      // Only opponent settings that differ from the board's (or are damaged) are news.
      const was = opp();
      if (o) setOpp(o.opp, true);
      if (o && o.bad.length) message(K.t('page.link.oppDamaged', { bad: o.bad.join(', '), now: oppSummary() }), 'error');
      else if (o && JSON.stringify(opp()) !== JSON.stringify(was)) message(K.t('page.link.opp', { now: oppSummary() }), 'info');
      return true;
    }
    // A kept game of another kind (a tab's address bar showing its game, reloaded after another
    // tab played something else): it comes back as kept, and the board's game stays kept too.
    const kept = keptGame(spec.variant);
    if (kept && now.variant !== spec.variant && sameGame(kept, spec) && (kept.resigned || null) === (spec.resigned || null)) {
      try {
        loadRecord(kept);
        if (o) setOpp(o.opp, false);
        message(K.t('page.link.keptBack', { game: shortName(meta()), moves: movesText(kept.moves.length), other: shortName(variants.find((v) => v.id === now.variant)) }), 'info');
        return true;
      } catch (_) { /* not restorable: treated as any link below */ }
    }
    const risk = gamesAtRisk(spec);
    if (risk.length) { askLink(spec, oo, risk); return true; }
    return openLinkGame(spec, oo);
  }

  /** A start position as a link or a save gives it: null for the game's own. */
  const ownStart = (variant, fen) => { const v = variants.find((x) => x.id === variant); return fen && !(v && v.startFen === fen) ? fen : null; };
  const sameGame = (d, spec) => d.variant === spec.variant && JSON.stringify(d.moves) === JSON.stringify(spec.moves || []) && ownStart(d.variant, d.startFen) === ownStart(spec.variant, spec.startFen);
  const movesText = (n) => K.t('page.moves', { count: n });
  // The computer's levels by number (1 Beginner … 5 Strongest), in the page's language.
  const levelName = (n) => K.t('page.level.' + n);
  /** The level menu's options, with each level's approximate Elo where the engine gives one for
   * this game (its `levelElo`: measured by matches, so chess only). */
  function levelOptions(m) {
    const elo = m.levelElo;
    for (const o of $('opp-level').options) {
      const option = K.t('page.level.option.' + o.value);
      // A rating is written without digit grouping (2000 Elo, not 2,000): as text, not a number.
      o.textContent = elo ? K.t('page.level.optionElo', { option, elo: String(elo[Number(o.value) - 1]) }) : option;
    }
    $('opp-level').title = K.t('page.opp.level.title') + (elo ? ' ' + K.t('page.opp.level.eloTitle') : '');
  }

  /** The games with moves a link's game would take off the board or out of its kind's place. */
  function gamesAtRisk(spec) {
    const out = [];
    const now = record();
    if (now.moves.length && !sameGame(now, spec)) out.push(now);
    const kept = keptGame(spec.variant);
    if (kept && !sameGame(kept, spec) && !(now.variant === kept.variant)) out.push(kept);
    return out;
  }

  function openLinkGame(spec, oo) {
    try {
      board.load({ variant: spec.variant, fen: spec.startFen, moves: spec.moves, resigned: spec.resigned });
    } catch (e) {
      return K.t('page.link.failed', { error: errText(e, spec.variant) });
    }
    setOpp(oo.opp, true);
    if (oo.bad.length) message(K.t('page.link.loadedDamaged', { bad: oo.bad.join(', '), now: oppSummary() }), 'error');
    else message(oo.opp.mode === 'computer' ? K.t('page.link.loadedVs', { now: oppSummary() }) : K.t('page.link.loaded'), 'info');
    return true;
  }

  /** Asks before a link's game takes the place of games with moves: open it, or keep them. */
  function askLink(spec, oo, risk) {
    const name = (id) => shortName(variants.find((v) => v.id === id));
    const words = risk.map((d) => {
      if (d.variant === spec.variant) return K.t('page.ask.replaces', { game: name(d.variant), moves: movesText(d.moves.length) });
      return K.t('page.ask.staysKept', { game: name(d.variant), moves: movesText(d.moves.length) });
    });
    $('link-ask-text').textContent = K.t('page.ask.opens', { game: name(spec.variant), moves: movesText((spec.moves || []).length) }) + ' ' + words.join(' ');
    const dlg = $('link-ask');
    let opened = false;
    $('link-ask-open').onclick = () => {
      opened = true;
      dlg.close();
      const r = openLinkGame(spec, oo);
      if (typeof r === 'string') message(r + ' ' + K.t('page.kept'), 'error');
    };
    $('link-ask-keep').onclick = () => dlg.close();
    // Escape or "Keep mine": the board stays as it is.
    dlg.onclose = () => { if (!opened) message(K.t('page.ask.notOpened', { game: shortName(meta()) }), 'info'); };
    if (typeof dlg.showModal === 'function') dlg.showModal(); else dlg.setAttribute('open', '');
    $('link-ask-keep').focus();
  }

  /** Over http(s) the address bar shows the game's link as it is played (replacing the entry, so
   * Back is not filled with moves): it can be copied from there, and a reload stays on the game.
   * A game with nothing to show (no moves, the usual start) shows the bare address. */
  function showInAddressBar(link) {
    if (!booted || online || onlineChosen || !/^https?:$/.test(location.protocol) || K.OnlinePage.idFromHash(location.hash)) return;
    const want = link || location.href.split('#')[0];
    if (location.href !== want) try { history.replaceState(null, '', want); } catch (_) { /* ignore */ }
  }

  function clearHash() { try { history.replaceState(null, '', location.href.split('#')[0]); } catch (_) { /* ignore */ } }

  // ------------------------------------------------------------------------------------------
  // Recent games: the kept games of the other kinds, latest first, to return to with a click

  const RECENT_MAX = 5;
  /** "just now", "5 min ago", "3 hr ago", "2 days ago": when a kept game was last played, by
   * Intl.RelativeTimeFormat in the page's language (its short style: the list is narrow). */
  function agoText(at) {
    const min = Math.round((Date.now() - at) / 60000);
    if (!(min >= 1)) return K.t('page.recent.now');
    const hours = Math.round(min / 60), days = Math.round(hours / 24);
    const [n, unit] = min < 60 ? [min, 'minute'] : hours < 24 ? [hours, 'hour'] : [days, 'day'];
    try { return new Intl.RelativeTimeFormat(K.lang, { style: 'short', numeric: 'always' }).format(-n, unit); } catch (_) { return K.num(n) + ' ' + unit; }
  }
  let recentShown = '';
  function renderRecent() {
    const list = Object.keys(keptGames()).filter((id) => id !== board.variant && variants.some((v) => v.id === id))
      .map((id) => keptGame(id)).filter(Boolean)
      .sort((a, b) => (b.at || 0) - (a.at || 0)).slice(0, RECENT_MAX);
    const items = list.map((d) => ({ lang: K.lang, id: d.variant, name: shortName(variants.find((v) => v.id === d.variant)), moves: movesText(d.moves.length), when: typeof d.at === 'number' ? agoText(d.at) : '' }));
    const key = JSON.stringify(items);
    if (key === recentShown) return;
    recentShown = key;
    const ul = $('recent');
    ul.textContent = '';
    $('recent-box').hidden = !items.length;
    for (const it of items) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'recent-game';
      b.dataset.variant = it.id;
      const name = document.createElement('span');
      name.className = 'recent-name';
      name.textContent = it.name;
      const more = document.createElement('span');
      more.className = 'recent-more';
      more.textContent = it.moves + (it.when ? ' · ' + it.when : '');
      b.append(name, more);
      b.title = K.t('page.recent.title', { game: it.name });
      b.addEventListener('click', () => resumeVariant(it.id));
      const li = document.createElement('li');
      li.appendChild(b);
      ul.appendChild(li);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Drawing the page around the board

  /** "ЗiлоḺ АḺв Жа (Angry Bird Chess)" → the name, and the words in brackets under it. */
  function titleParts(name) {
    const m = /^(.*?)\s*\((.*)\)\s*$/.exec(name);
    return m ? [m[1], m[2]] : [name, ''];
  }

  let shownVariant = null;
  function renderPage() {
    const m = meta();
    if (!m) return;
    if (shownVariant !== m.id) { shownVariant = m.id; applyPieces(m.id); }
    const [main, sub] = titleParts(longName(m));
    $('title-main').textContent = main;
    $('title-sub').textContent = sub;
    $('title-sub').hidden = !sub;
    document.title = longName(m) + (m.id === variants[0].id ? '' : ' · ' + shortName(variants[0]));
    fillVariantMenu();
    $('variant').value = m.id;
    document.body.dataset.variant = m.id;
    const s = board.state();
    document.body.dataset.turn = s.turn;
    document.body.dataset.result = s.result.result;
    document.body.dataset.thinking = s.thinking ? '1' : '0';
    document.body.dataset.vs = s.mode === 'computer' ? 'computer' : 'human';
    document.body.dataset.side = s.side;
    document.body.dataset.level = String(s.level);
    document.body.dataset.hinting = s.hinting ? '1' : '0';
    if (s.hint) document.body.dataset.hint = s.hint; else delete document.body.dataset.hint;
    // Opponent.
    for (const r of document.querySelectorAll('input[name="opp-vs"]')) r.checked = r.value === (onlineChosen ? 'online' : s.mode);
    // The create form, filled afresh when it comes back (it opens on the game last played).
    const showForm = onlineChosen && !onlineRunning();
    if (showForm && $('online-box').hidden && online) K.OnlinePage.form($('online-box'), board, (id) => { location.hash = 'online=' + id; });
    $('online-box').hidden = !showForm;
    // An online game shows what belongs to it: no opponent switch, game code, position string
    // or local link (they would mean a game on this screen); the way back to one instead.
    document.body.dataset.online = online ? '1' : '0';
    $('opp-vs-row').hidden = !!online;
    $('online-leave-row').hidden = !online;
    $('code-box').hidden = $('fen-box').hidden = $('pgn-box').hidden = !!online;
    for (const r of document.querySelectorAll('input[name="opp-side"]')) r.checked = r.value === s.side;
    for (const el of document.querySelectorAll('.opp-computer')) el.hidden = s.mode !== 'computer';
    for (const el of document.querySelectorAll('#opp-side .side-name')) el.textContent = K.PieceSets.sideInfo(m, el.dataset.side).name;
    levelOptions(m);
    $('opp-level').value = String(s.level);
    // Sharing.
    // During a hidden setup there is no game to share yet (and a position would give a half away).
    const setup = s.phase === 'setup';
    document.body.dataset.phase = s.phase;
    let code = '';
    if (!setup) try { code = board.code(); } catch (_) { /* shown empty */ }
    if (document.activeElement !== $('code-field')) $('code-field').value = code;
    if (document.activeElement !== $('fen-field')) $('fen-field').value = setup ? '' : s.fen;
    $('code-field').placeholder = $('fen-field').placeholder = setup ? K.t('page.afterSetup') : '';
    // Nothing to copy before the setup is over (a code of no moves would be "<game>~~").
    for (const id of ['btn-code-copy', 'btn-fen-copy', 'btn-link', 'btn-moves-copy', 'btn-pgn-copy', 'btn-pgn-download']) $(id).disabled = setup;
    const link = code ? linkFor(code) : null;
    $('link-box').hidden = !link || !!online;
    if (link) $('link-field').value = link;
    // The game only (the opponent settings stay with the save; "Copy link" carries them).
    showInAddressBar(code && (s.moves.length || s.startFen !== m.startFen) ? K.Sharing.link(code) : null);
    // Piece sets: a choice only where there is one.
    const sets = board.pieceSets();
    $('pieces-box').hidden = sets.length < 2;
    const sel = $('pieces');
    if (sel.dataset.for !== m.id) {
      sel.textContent = '';
      for (const st of sets) { const o = document.createElement('option'); o.value = st.id; o.textContent = st.title; sel.appendChild(o); }
      sel.dataset.for = m.id;
    }
    sel.value = board.getAttribute('pieces') && sets.some((x) => x.id === board.getAttribute('pieces')) ? board.getAttribute('pieces') : sets[0].id;
    if (prefs.orientation !== board.orientation) { prefs.orientation = board.orientation; savePrefs(); }
    if ($('rules').dataset.for !== m.id) showRulesFor(m.id);
    save();
    renderRecent();
  }

  // ------------------------------------------------------------------------------------------
  // The variant picker: a new game, after asking if a game is in progress.

  // A game's names in the page's language (game.<id>.name|shortName), else the engine's.
  const longName = (v) => (v ? K.gameWord(v, 'name', v.name) : '');
  const shortName = (v) => (v ? K.gameWord(v, 'shortName', v.shortName || v.name) : '');

  /** The variant menu, in the page's language (filled again after a switch). The menu is
   * narrow: the short name there, the long one in the heading and the tooltip. */
  let menuLang = null;
  function fillVariantMenu() {
    if (menuLang === K.lang) return;
    menuLang = K.lang;
    const sel = $('variant');
    sel.textContent = '';
    for (const v of variants) {
      const o = document.createElement('option');
      o.value = v.id;
      o.textContent = shortName(v);
      o.title = longName(v);
      sel.appendChild(o);
    }
    sel.value = board.variant;
  }
  const inProgress = () => board.moves().length > 0 && board.result().result === '*';

  function askVariant(id) {
    if (onlineRunning()) { $('variant').value = board.variant; askLeave(() => askVariant(id)); return; }
    if (id === board.variant) { hideVariantConfirm(); return; }
    const kept = keptGame(id);
    if (!inProgress() && !kept) { switchVariant(id); return; }
    $('variant').value = board.variant; // not switched until answered
    const v = variants.find((x) => x.id === id);
    const box = $('variant-confirm');
    box.dataset.variant = id;
    const here = inProgress() ? ' ' + K.t('page.variant.here', { game: shortName(meta()) }) : '';
    $('variant-confirm-text').textContent = kept
      ? K.t('page.variant.kept', { game: shortName(v), moves: movesText(kept.moves.length) }) + here
      : K.t('page.variant.new', { game: shortName(v) }) + here;
    $('variant-confirm-yes').textContent = K.t('page.variant.yes', { game: shortName(v) });
    $('variant-confirm-resume').hidden = !kept;
    $('variant-confirm-resume').textContent = K.t('page.variant.resume', { game: shortName(v) });
    box.hidden = false;
    (kept ? $('variant-confirm-resume') : $('variant-confirm-yes')).focus();
  }
  function resumeVariant(id) {
    hideVariantConfirm();
    if (onlineRunning()) { askLeave(() => resumeVariant(id)); return; }
    const kept = keptGame(id);
    if (!kept) { switchVariant(id); return; }
    if (online) leaveOnline();
    try {
      loadRecord(kept);
      message(K.t('page.variant.back', { game: shortName(meta()), moves: movesText(kept.moves.length) }), 'info');
    } catch (e) {
      switchVariant(id);
      message(K.t('page.variant.keptDamaged', { game: shortName(variants.find((x) => x.id === id)), error: errText(e, id) }), 'error');
    }
  }
  function switchVariant(id) {
    hideVariantConfirm();
    if (onlineRunning()) { askLeave(() => switchVariant(id)); return; }
    if (online) leaveOnline(); // the online game goes on at the server; its link leads back to it
    board.newGame(id);
    message(K.t('page.variant.started', { game: longName(meta()) }), 'info');
  }
  function hideVariantConfirm(focusPicker) {
    const box = $('variant-confirm');
    if (box.hidden) return;
    box.hidden = true;
    if (focusPicker) $('variant').focus();
  }
  function applyPieces(id) {
    const want = prefs.pieces[id];
    if (want) board.setAttribute('pieces', want); else board.removeAttribute('pieces');
  }

  // ------------------------------------------------------------------------------------------
  // Rules

  /** Fills the rules' piece table with a row per piece: its two tokens, its name (and its name
   * in the game's own language, where it has one), how it moves (the engine's words), and, in a
   * game with armor, its armor, move and attack range. */
  function fillPieceTable(t, id, m) {
    const armored = m.pieces.some((p) => p.armor !== undefined);
    const cols = ['piece', 'name'].concat(armored ? ['armor', 'move', 'attack'] : [], ['moves']).map((c) => K.t('page.rules.col.' + c));
    const head = t.tHead;
    head.textContent = '';
    const hr = head.insertRow();
    for (const c of cols) { const th = document.createElement('th'); th.scope = 'col'; th.textContent = c; hr.appendChild(th); }
    const body = t.tBodies[0];
    body.textContent = '';
    for (const p of m.pieces) {
      const tr = document.createElement('tr');
      const td = document.createElement('td');
      for (const l of [p.letter, p.letter.toLowerCase()]) { const s = document.createElement('span'); s.className = 'table-token'; s.appendChild(token(id, l)); td.appendChild(s); }
      const th = document.createElement('th'); th.scope = 'row';
      // The name in the page's language; the game's own beside it where that differs.
      const name = K.gameWord(m, 'piece.' + p.letter + '.name', p.name);
      th.append(name + ' (' + p.letter + ')');
      if (p.nativeName && p.nativeName !== name) { const nn = document.createElement('span'); nn.className = 'muted native-name'; nn.textContent = p.nativeName; th.append(document.createElement('br'), nn); }
      const n = (x) => (typeof x === 'number' ? K.num(x) : String(x));
      const more = (armored ? [n(p.armor), p.move ? n(p.move) : '—', n(p.attackRange)] : []).concat([K.gameWord(m, 'piece.' + p.letter + '.moves', p.moves)]);
      const cells = more.map((x) => { const c = document.createElement('td'); c.textContent = String(x); return c; });
      tr.append(td, th, ...cells);
      body.appendChild(tr);
    }
  }

  function token(variantId, letter) {
    const m = variants.find((v) => v.id === variantId);
    const set = K.PieceSets.forVariant(m)[0];
    return K.PieceSets.draw(set, letter, { meta: m, down: false });
  }

  /** Whether a how-to line's `data-when` condition holds for game `m`: `power=blasts` asks for a
   * piece with that power (the engine's `powers`), `pieceSet=flock` for a piece set of the page's
   * that draws the game, `reserve` for a reserve that captures never join, `name=value` compares
   * the engine's field (`promotion=choice`), a bare name asks for a true field (`hiddenSetup`). */
  function holds(cond, m) {
    const [k, v] = cond.split('=');
    if (k === 'power') return m.pieces.some((p) => (p.powers || []).includes(v));
    if (k === 'pieceSet') return K.PieceSets.forVariant(m).some((s) => s.id === v);
    if (k === 'reserve') return !!m.drops && !m.capturesToHand;
    return v === undefined ? !!m[k] : String(m[k]) === v;
  }

  /** The game's rules text in the page's language (English when it has no translation), made
   * from its rules files at build time (tools/rules-html.mjs: ZiloRules[stem][lang]). */
  function rulesHtml(m) {
    const all = globalThis.ZiloRules || {};
    const stem = String(m.rules || m.id).replace(/^.*\//, '').replace(/\.md$/, '');
    const byLang = all[stem] || {};
    const lang = (globalThis.ZiloKit && globalThis.ZiloKit.lang) || document.documentElement.lang || 'en';
    return byLang[lang] || byLang[String(lang).split('-')[0]] || byLang.en;
  }

  /** The rules dialog explains the current game: its name, its pieces as the engine describes
   * them, its rules file, and the page's how-to lines whose data-when holds for it. */
  function showRulesFor(id) {
    const dlg = $('rules');
    dlg.dataset.for = id;
    const m = variants.find((v) => v.id === id);
    const [main, sub] = titleParts(longName(m));
    for (const el of dlg.querySelectorAll('[data-fill="variant-name"]')) el.textContent = main;
    for (const el of dlg.querySelectorAll('[data-fill="variant-sub"]')) { el.textContent = sub ? '(' + sub + ')' : ''; el.hidden = !sub; }
    for (const t of dlg.querySelectorAll('table[data-fill="pieces"]')) fillPieceTable(t, id, m);
    const doc = $('rules-doc'), html = rulesHtml(m);
    // Our own build output from the project's rules files: never text from a save, link or box.
    if (html) doc.innerHTML = html;
    else doc.textContent = K.t('page.rules.missing', { file: String(m.rules) });
    for (const el of dlg.querySelectorAll('[data-when]')) el.hidden = !el.dataset.when.split(/\s+/).every((c) => holds(c, m));
    $('rules-open').title = K.t('page.rules.open.title', { game: shortName(m) });
  }

  function setupRules() {
    const dlg = $('rules');
    $('rules-open').addEventListener('click', () => { if (typeof dlg.showModal === 'function') dlg.showModal(); else dlg.setAttribute('open', ''); });
    $('rules-close').addEventListener('click', () => dlg.close());
    dlg.addEventListener('click', (e) => { if (e.target === dlg) dlg.close(); });
  }

  // ------------------------------------------------------------------------------------------
  // Sharing and settings

  async function copyText(text, input) {
    try { if (navigator.clipboard && navigator.clipboard.writeText) { await navigator.clipboard.writeText(text); return true; } } catch (_) { /* fall through */ }
    try {
      const el = input || Object.assign(document.createElement('textarea'), { value: text });
      if (!input) { el.style.position = 'fixed'; el.style.opacity = '0'; document.body.appendChild(el); }
      el.focus(); el.select();
      const ok = document.execCommand('copy');
      if (!input) el.remove();
      return ok;
    } catch (_) { return false; }
  }

  /** A link to the game (null from file://), with the opponent settings against the computer. */
  function linkFor(code) {
    const link = K.Sharing.link(code);
    const o = opp();
    return link && o.mode === 'computer' ? link + '&vs=computer&side=' + o.side + '&level=' + o.level : link;
  }

  /** Shows (or with null clears) a box's own error under it, and marks the box invalid. An
   * offer adds a button that acts on it. */
  let fenOffer = null;
  function fieldError(box, text, offerLabel, offer) {
    const input = $(box + '-field'), err = $(box + '-error');
    const textEl = box === 'fen' ? $('fen-error-text') : err;
    textEl.textContent = text || '';
    err.hidden = !text;
    if (text) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
    if (box === 'fen') {
      fenOffer = offer || null;
      $('fen-offer').hidden = !offer;
      $('fen-offer').textContent = offerLabel || '';
    }
    // The boxes sit at the foot of the page: bring the error up to be read.
    if (text && typeof err.scrollIntoView === 'function') err.scrollIntoView({ block: 'nearest' });
  }

  /** The first game the engine lists, other than the one on the board, that reads a position
   * string: a chess position pasted while another game is chosen is offered in chess. */
  function gameOfPosition(text) {
    for (const v of variants) {
      if (v.id === board.variant) continue;
      let g = null;
      try { g = new globalThis.Zilo.Game(v.id, text); return v; } catch (_) { /* not this game's */ } finally { if (g) g.free(); }
    }
    return null;
  }

  /** The game a game code names, for the words of its error (null if it names none). */
  function codeVariant(text) { try { return K.Sharing.decode(text).variant; } catch (_) { return null; } }

  function setupSharing() {
    $('btn-code-copy').addEventListener('click', async () => {
      if (board.state().phase === 'setup') { message(K.t('page.code.none'), 'info'); return; }
      const f = $('code-field');
      f.value = board.code();
      const ok = await copyText(f.value, f);
      message(K.t(ok ? 'page.code.copied' : 'page.code.select'), 'info');
    });
    const loadCode = () => {
      const text = $('code-field').value.trim();
      if (!text) { fieldError('code', K.t('page.code.empty')); return; }
      try {
        const spec = K.Sharing.decode(text);
        board.load({ variant: spec.variant, fen: spec.startFen, moves: spec.moves, resigned: spec.resigned });
        fieldError('code', null);
        $('code-field').blur();
        message(K.t('page.code.loaded', { game: longName(meta()), moves: movesText(spec.moves.length) }), 'info');
      } catch (e) {
        // Under the box, not over the board: the eye is on the box just filled.
        fieldError('code', K.t('page.code.failed', { error: errText(e, codeVariant(text)) }) + ' ' + K.t('page.kept'));
      }
    };
    $('btn-code-load').addEventListener('click', loadCode);
    $('code-field').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); loadCode(); } });
    const loadFen = () => {
      const text = $('fen-field').value.trim();
      if (!text) { fieldError('fen', K.t('page.fen.empty')); return; }
      try {
        board.load({ variant: board.variant, fen: text, moves: [] });
        fieldError('fen', null);
        $('fen-field').blur();
        $('fen-field').value = board.fen();
        message(K.t('page.fen.loaded'), 'info');
      } catch (e) {
        const other = gameOfPosition(text);
        if (other) {
          const name = shortName(other);
          fieldError('fen', K.t('page.fen.other', { game: name, aGame: K.article(name) }), K.t('page.fen.openIn', { game: name }), () => {
            try {
              board.load({ variant: other.id, fen: text, moves: [] });
              fieldError('fen', null);
              $('fen-field').value = board.fen();
              message(K.t('page.fen.loadedIn', { game: name }), 'info');
            } catch (e2) { fieldError('fen', K.t('page.fen.failed', { error: errText(e2, other.id) })); }
          });
          return;
        }
        fieldError('fen', K.t('page.fen.failed', { error: errText(e, board.variant) }) + ' ' + K.t('page.kept'));
      }
    };
    for (const f of ['code', 'fen']) $(f + '-field').addEventListener('input', () => fieldError(f, null));
    $('fen-offer').addEventListener('click', () => { if (fenOffer) fenOffer(); });
    $('btn-fen-load').addEventListener('click', loadFen);
    $('fen-field').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); loadFen(); } });
    $('btn-fen-copy').addEventListener('click', async () => {
      const f = $('fen-field');
      f.value = board.fen();
      const ok = await copyText(f.value, f);
      message(K.t(ok ? 'page.fen.copied' : 'page.fen.select'), 'info');
    });
    $('btn-moves-copy').addEventListener('click', async () => {
      const ok = await copyText(board.text({ site: location.protocol.startsWith('http') ? location.href.split('#')[0] : 'ЗiлоḺ АḺв Жа board' }));
      message(K.t(ok ? 'page.moves.copied' : 'page.copyFailed'), ok ? 'info' : 'error');
    });
    K.Analysis.setup({ board, box: $('analysis'), initial: prefs.analysis, onToggle: (v) => { prefs.analysis = v; savePrefs(); } });
    K.PgnBox.setup({
      board, field: $('pgn-field'), error: $('pgn-error'), copy: $('btn-pgn-copy'), download: $('btn-pgn-download'), load: $('btn-pgn-load'),
      message, copyText, site: () => (location.protocol.startsWith('http') ? location.href.split('#')[0] : 'ЗiлоḺ АḺв Жа board'),
    });
    $('btn-link').addEventListener('click', async () => {
      const lf = $('link-field');
      lf.value = linkFor(board.code()) || '';
      const ok = await copyText(lf.value, lf);
      message(K.t(ok ? 'page.link.copied' : 'page.link.select'), 'info');
    });
    $('sounds').addEventListener('change', (e) => {
      prefs.sounds = e.target.checked;
      savePrefs();
      board.setAttribute('sounds', prefs.sounds ? 'on' : 'off');
    });
    $('pieces').addEventListener('change', (e) => {
      prefs.pieces[board.variant] = e.target.value;
      savePrefs();
      board.setAttribute('pieces', e.target.value);
    });
  }

  // ------------------------------------------------------------------------------------------
  // The page's language: the settings' choice (remembered), else the browser's. A switch
  // re-words the page and the board at once; the game stays as it is.

  /** The page's own words in the current language: the markup's, then everything drawn. */
  function applyLanguage() {
    document.documentElement.lang = K.lang;
    K.applyI18n(document);
    const sel = $('lang');
    if (sel.value !== K.lang) sel.value = K.lang;
    if (!booted) return;
    hideVariantConfirm();
    $('rules').dataset.for = ''; // re-drawn by renderPage
    if (onlineChosen && !online) K.OnlinePage.form($('online-box'), board, (id) => { location.hash = 'online=' + id; });
    if (online) { online.render(); online.applyOutcome(); }
    myGamesShown = '';
    refreshMyGames();
    renderPage();
  }

  function setupLanguage() {
    const sel = $('lang');
    sel.textContent = '';
    for (const l of K.languages()) {
      const o = document.createElement('option');
      o.value = l.lang;
      o.textContent = l.name;
      o.lang = l.lang; // each language's name in itself
      sel.appendChild(o);
    }
    sel.addEventListener('change', () => {
      prefs.lang = sel.value;
      savePrefs();
      K.setLang(sel.value);
      message(K.t('page.language.changed'), 'info');
    });
    K.onLang(applyLanguage);
    K.setLang(K.chooseLang(prefs.lang));
    applyLanguage();
  }

  function setupOpponent() {
    const change = (c, face, say) => {
      const before = opp();
      const o = Object.assign({}, before, c);
      setOpp(o, face);
      let text;
      if (o.mode !== 'computer') text = K.t('page.opp.hotseat');
      else if (before.mode !== 'computer' || before.side !== o.side) text = K.t('page.opp.computer', { side: K.PieceSets.sideInfo(meta(), o.side).name, theSide: K.PieceSets.sideInfo(meta(), o.side).the, level: o.level, levelName: levelName(o.level) });
      else text = K.t('page.opp.level', { level: o.level, levelName: levelName(o.level) });
      if (say !== false) message(text, 'info');
    };
    for (const r of document.querySelectorAll('input[name="opp-vs"]')) {
      r.addEventListener('change', () => {
        if (!r.checked) return;
        if (r.value === 'online') { chooseOnline(); return; }
        if (onlineRunning()) { askLeave(() => { r.checked = true; r.dispatchEvent(new Event('change')); }); renderPage(); return; }
        leaveOnline();
        change({ mode: r.value }, r.value === 'computer');
      });
    }
    for (const r of document.querySelectorAll('input[name="opp-side"]')) r.addEventListener('change', () => { if (r.checked) change({ side: r.value }, true); });
    $('opp-level').addEventListener('change', (e) => change({ level: parseInt(e.target.value, 10) }, false));
  }

  // ------------------------------------------------------------------------------------------
  // Online play: the form, the link #online=<id>, leaving for a game on this screen

  function chooseOnline() {
    onlineChosen = true;
    K.OnlinePage.form($('online-box'), board, (id) => { location.hash = 'online=' + id; });
    renderPage();
  }
  async function openOnline(id) {
    if (online && online.game === id) return;
    if (!onlineChosen) chooseOnline();
    if (online) online.close();
    online = null;
    online = await K.OnlinePage.open(board, id, (next) => { location.hash = 'online=' + next; });
    renderPage();
    refreshMyGames();
  }
  /** Leaves the online game for one on this screen. The game goes on at the server: it stays
   * in "Your games", and Back returns to it (the address goes to a new history entry). */
  function leaveOnline() {
    if (!onlineChosen) return;
    onlineChosen = false;
    K.OnlinePage.closeLobby();
    if (!online) { renderPage(); return; }
    const running = onlineRunning();
    online.close();
    online = null;
    if (K.OnlinePage.idFromHash(location.hash)) try { history.pushState(null, '', location.href.split('#')[0]); } catch (_) { clearHash(); }
    board.setAttribute('mode', 'hotseat');
    if (!loadSaved()) board.newGame(defaultVariant());
    if (running) message(K.t('online.left'), 'info');
    refreshMyGames();
  }
  /** An online game that has not ended (its clock may run at the server). */
  function onlineRunning() { return !!(online && online.g && online.g.status !== 'over'); }
  /** Asks before leaving a running online game; `then` runs once the person agrees. */
  function askLeave(then) {
    const dlg = $('leave-ask');
    const v = variants.find((x) => x.id === online.g.variant);
    $('leave-ask-text').textContent = K.t('online.leave.ask', { game: v ? shortName(v) : online.g.variant });
    let leaving = false;
    $('leave-ask-go').onclick = () => { leaving = true; dlg.close(); leaveOnline(); then(); };
    $('leave-ask-stay').onclick = () => dlg.close();
    dlg.onclose = () => { if (!leaving) renderPage(); };
    if (typeof dlg.showModal === 'function') dlg.showModal(); else dlg.setAttribute('open', '');
    $('leave-ask-stay').focus();
  }

  // "Your games": the games this browser holds a seat in and that go on, with whose move it
  // is (the server's view of each), one click from the board.
  const MY_GAMES_MAX = 8;
  let myGamesShown = '';
  async function refreshMyGames() {
    if (!K.OnlinePage.available()) return;
    const ids = K.Online.Seats.ids().slice(0, MY_GAMES_MAX);
    const views = await Promise.all(ids.map((id) => K.Online.view(location.origin, id)));
    const items = [];
    ids.forEach((id, i) => {
      const g = views[i], mine = K.Online.Seats.get(id);
      if (!g || !mine || g.status === 'over' || (online && online.game === id)) return;
      const state = g.status === 'waiting' ? 'waiting' : g.status === 'setup' ? 'setup' : g.turn === mine.seat ? 'yours' : 'theirs';
      items.push({ id, variant: g.variant, state });
    });
    items.sort((a, b) => (b.state === 'yours') - (a.state === 'yours'));
    renderMyGames(items);
  }
  function renderMyGames(items) {
    const key = K.lang + JSON.stringify(items);
    if (key === myGamesShown) return;
    myGamesShown = key;
    const ul = $('my-games');
    ul.textContent = '';
    $('my-games-box').hidden = !items.length;
    for (const it of items) {
      const v = variants.find((x) => x.id === it.variant);
      const name = v ? shortName(v) : it.variant, state = K.t('online.games.' + it.state);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'recent-game';
      b.dataset.onlineGame = it.id;
      b.dataset.state = it.state;
      const n = document.createElement('span');
      n.className = 'recent-name';
      n.textContent = name;
      const more = document.createElement('span');
      more.className = 'recent-more';
      more.textContent = state;
      b.append(n, more);
      b.title = K.t('online.games.open', { game: name, state });
      b.addEventListener('click', () => { location.hash = 'online=' + it.id; });
      const li = document.createElement('li');
      li.appendChild(b);
      ul.appendChild(li);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Boot

  async function boot() {
    // The language first: the board's "Loading…" already speaks it.
    loadPrefs();
    setupLanguage();
    try { await board.ready; } catch (_) { return; } // the board shows why
    variants = K.variants();
    const sel = $('variant');
    fillVariantMenu();
    sel.disabled = false;
    sel.addEventListener('change', () => askVariant(sel.value));
    $('variant-confirm-yes').addEventListener('click', () => switchVariant($('variant-confirm').dataset.variant));
    $('variant-confirm-no').addEventListener('click', () => hideVariantConfirm(true));
    $('variant-confirm-resume').addEventListener('click', () => resumeVariant($('variant-confirm').dataset.variant));
    $('variant-confirm').addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); hideVariantConfirm(true); } });
    document.addEventListener('pointerdown', (e) => { if (!$('variant-confirm').hidden && !$('variant-confirm').contains(e.target) && e.target !== sel) hideVariantConfirm(); }, true);
    setupRules();
    setupSharing();
    setupOpponent();
    $('sounds').checked = prefs.sounds;
    board.setAttribute('sounds', prefs.sounds ? 'on' : 'off');
    board.setAttribute('orientation', prefs.orientation);
    board.addEventListener('update', renderPage);
    window.addEventListener('hashchange', () => {
      const onlineId = K.OnlinePage.idFromHash(location.hash);
      if (onlineId) { openOnline(onlineId); return; }
      const r = loadFromHash();
      if (typeof r === 'string') message(r + ' ' + K.t('page.kept'), 'error');
    });

    // A link with a game loads it; a link with opponent settings only applies them to the game
    // restored from the save. An online game's link (#online=<id>) opens that game after.
    const onlineId = K.OnlinePage.idFromHash(location.hash);
    const h = onlineId ? null : K.Sharing.readHash(location.hash);
    // The saved game comes first, so that a link's game asks before taking its place.
    const restored = loadSaved();
    if (!restored) board.newGame(defaultVariant());
    booted = true;
    if (h) {
      const fromLink = loadFromHash();
      if (typeof fromLink === 'string') message(fromLink + ' ' + K.t(restored ? 'page.keptSaved' : 'page.newStarted'), 'error');
    }
    renderPage();
    $('online-leave').addEventListener('click', () => { if (onlineRunning()) askLeave(() => {}); else leaveOnline(); });
    if (onlineId) await openOnline(onlineId);
    else refreshMyGames();
    // Whose move it is in "Your games" changes at the server: asked again now and then.
    setInterval(() => { if (!document.hidden) refreshMyGames(); }, 15000);
    document.body.dataset.ready = '1';
  }

  boot().catch((e) => message(K.t('page.wrong', { error: errText(e, board.variant) }), 'error'));
})();
