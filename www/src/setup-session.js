/* A hidden setup before the first move, for games that have one (Cyvasse): each player fills
 * their own zone with terrain and pieces while the other's half stays hidden, then who moves
 * first is drawn at random. No DOM here; the board and the setup panel draw what it says.
 *
 * The engine does every check (Zilo.Setup: which fields a side may use, what is still missing,
 * what is wrong with a half; Zilo.startPosition builds the first position). This holds only
 * whose half is being set up, what the person has picked to place, and the curtain between the
 * two players of a hotseat game.
 *
 * Against the computer, the computer's half is drawn at random from the engine's random setups
 * and presets before the person starts, without looking at the person's half.
 *
 * A setup under way survives a reload: snapshot() is what the page saves (both halves as the
 * engine writes them, which are done, whose turn), and a session made from it goes on from
 * there. The saved halves are only ever read back into the session, never shown: in a hotseat
 * game the curtain is down again after a reload, and the board shows only the half of the side
 * setting up. */
import { t, currentLang } from './i18n.js';
import { gameWord, engineMessage } from './engine-words.js';
import { describe } from './piece-sets.js';
import { other } from './sides.js';

export class SetupSession {
  /** meta: the variant (Zilo.variants() entry, with zones and presets); opp: {mode, side};
   * on: {change(), start({startFen, first}), message(text, kind), face(side)}; random: () =>
   * [0, 1); saved: a snapshot() to go on from (throws if the engine cannot read its halves). */
  constructor(meta, opp, on, random, saved) {
    this.meta = meta;
    this.on = on;
    this.random = random || Math.random;
    this.computer = opp.mode === 'computer' ? other(opp.side) : null;
    // Online, each player sets up their own half on their own device; the server holds both.
    this.online = opp.mode === 'online';
    this.halves = { w: new Zilo.Setup(meta.id, 'w'), b: new Zilo.Setup(meta.id, 'b') };
    this.done = { w: false, b: false };
    // The person who sets up first: White, or the person against the computer.
    this.side = this.computer || this.online ? opp.side : 'w';
    this.curtain = !this.computer && !this.online; // hotseat: the board stays hidden until its player is ready
    this.picked = null;            // a piece letter (uppercase) or a terrain ('mountain', 'water')
    if (saved && this.restore(saved, opp)) return;
    if (this.computer) {
      this.replace(this.computer, this.randomHalf(this.computer));
      this.done[this.computer] = true;
    }
  }

  /** What the page saves of a setup under way (see the file's comment). */
  snapshot() {
    return { mode: this.online ? 'online' : this.computer ? 'computer' : 'hotseat', computer: this.computer, side: this.side,
      done: { w: this.done.w, b: this.done.b }, halves: { w: this.halves.w.text(), b: this.halves.b.text() } };
  }

  /** Goes on from a snapshot made for the same opponent; false (and nothing changed) if it was
   * made for another one (a computer on the other side, say). */
  restore(saved, opp) {
    const mode = opp.mode === 'computer' ? 'computer' : opp.mode === 'online' ? 'online' : 'hotseat';
    if (!saved || saved.mode !== mode || mode === 'online' || (saved.computer || null) !== this.computer) return false;
    if (saved.side !== 'w' && saved.side !== 'b') return false;
    const halves = {};
    try {
      for (const s of /** @type {const} */ (['w', 'b'])) halves[s] = new Zilo.Setup(this.meta.id, s, String(saved.halves[s]));
    } catch (e) {
      for (const s in halves) halves[s].free();
      throw e;
    }
    for (const s of ['w', 'b']) this.replace(s, halves[s]);
    this.done = { w: !!(saved.done && saved.done.w), b: !!(saved.done && saved.done.b) };
    this.side = saved.side;
    return true;
  }

  /** Whether `side`'s half is done (sent, online). @param {'w' | 'b'} side */
  isDone(side) { return this.done[side]; }

  /** Online: the server holds this player's half (`text`, as the engine writes it), so it is
   * done; a half sent and not yet acknowledged is done too (`text` null: the half as it is). */
  sent(side, text) {
    if (text != null) this.replace(side, new Zilo.Setup(this.meta.id, side, text));
    this.done[side] = true;
  }

  /** Online: the server refused this player's half: it can be changed and sent again. */
  refused(side) { this.done[side] = false; }

  free() { for (const s of ['w', 'b']) if (this.halves[s]) { this.halves[s].free(); this.halves[s] = null; } }

  /** A random half: a preset or a random setup (seeded from the page's random numbers). */
  randomHalf(side) {
    const presets = this.meta.presets || [];
    const k = Math.floor(this.random() * (presets.length + 3));
    if (k < presets.length) return Zilo.Setup.preset(this.meta.id, side, presets[k].id);
    return Zilo.Setup.random(this.meta.id, side, Math.floor(this.random() * 2 ** 31));
  }

  replace(side, half) { this.halves[side].free(); this.halves[side] = half; }

  // ------------------------------------------------------------------ reading

  half() { return this.halves[this.side]; }
  zone(side) { return (this.meta.zones || {})[side || this.side] || []; }
  /** The zone in words, in the page's language (game.<id>.zone.<side>, else the engine's
   * 'rows 1-4', else "your zone"). */
  zoneWords(side) {
    const s = side || this.side;
    return gameWord(this.meta, 'zone.' + s, (this.meta.zoneWords || {})[s] || t('setup.zone.yours'));
  }
  /** The terrains each side places (the engine's list, in its order). */
  terrains() { return (this.meta.setupTerrain || []).map((t) => t.terrain); }
  isTerrain(what) { return this.terrains().includes(what); }
  /** Whether the piece picked is the royal one (it has fields of its own). */
  pickedRoyal() { return this.meta.pieces.some((p) => p.letter === this.picked && p.royal); }
  /** Where the side's royal piece may stand (the engine's king fields). */
  kingFields(side) { return (this.meta.kingFields || {})[side || this.side] || []; }
  /** What the board shows: the pieces and terrain of the half being set up, nothing of the
   * other half (done or not: it is the other player's secret until the game starts). */
  shown() {
    const pieces = [], terrain = {};
    if (this.curtain) return { pieces, terrain, hidden: this.meta.cells.map((c) => c.square) };
    const s = this.side;
    for (const sq of this.zone(s)) {
      const at = this.half().at(sq);
      if (!at) continue;
      if (at.terrain) terrain[sq] = at.terrain;
      if (at.piece) pieces.push({ square: sq, piece: s === 'w' ? at.piece.toUpperCase() : at.piece.toLowerCase() });
    }
    return { pieces, terrain, hidden: this.zone(other(this.side)) };
  }
  /** The tray: what is left to place, in the variant's piece order, terrain first. */
  tray() {
    const missing = Object.assign({}, this.half().missing());
    const items = this.terrains().map((t) => ({ what: t, count: missing[t] || 0 }));
    for (const p of this.meta.pieces) items.push({ what: p.letter, count: missing[p.letter] || 0 });
    return items;
  }
  /** What is still wrong with the half, in the page's language: the engine's coded problems
   * (problemCodes) worded by the catalogs. */
  problems() { return Array.from(this.half().problemCodes(), (c) => engineMessage(c, this.meta)); }

  // ------------------------------------------------------------------ acting

  pick(what) {
    this.picked = this.picked === what ? null : what;
    this.on.change();
  }

  /** A click on a field: puts the picked thing there, or picks up what is there. */
  click(sq) {
    if (this.curtain || (this.online && this.done[this.side])) return;
    if (!this.zone().includes(sq)) { this.on.message(t('setup.outside', { zone: this.zoneWords() }), 'info'); return; }
    const half = this.half();
    const at = half.at(sq);
    if (this.picked) {
      const what = this.picked;
      const terrain = this.isTerrain(what);
      // What the new thing replaces goes back to the tray: a piece for a piece, terrain for
      // terrain on a field without a piece (clear() would take the piece first). Whether the
      // new thing may go there at all is the engine's to say (place() throws with the reason).
      const replaced = !at ? null : terrain ? (at.piece ? null : at.terrain || null) : at.piece || null;
      try {
        if (replaced) half.clear(sq);
        half.place(sq, what);
      } catch (e) {
        if (replaced) try { half.place(sq, replaced); } catch (_) { /* it was there a moment ago */ }
        // The royal piece refused: the engine's reason, and the fields it may take.
        const where = this.pickedRoyal() && !this.kingFields().includes(sq)
          ? t('setup.royal.where', { piece: describe(this.meta, what).name, fields: this.fieldList(this.kingFields()) }) : '';
        const why = engineMessage(e, this.meta);
        this.on.message(where ? why.replace(/\.$/, '') + '. ' + where : why, 'error');
        this.on.change();
        return;
      }
      if (!this.tray().some((t) => t.what === what && t.count > 0)) this.picked = null;
    } else if (at) {
      // Nothing picked: take what is on the field back into the hand (a piece before its terrain).
      const back = half.clear(sq);
      if (back) this.picked = back.length === 1 ? back.toUpperCase() : back;
    }
    this.on.change();
  }

  clearAll() { this.replace(this.side, new Zilo.Setup(this.meta.id, this.side)); this.picked = null; this.on.change(); }
  randomize() { this.replace(this.side, this.randomHalf(this.side)); this.picked = null; this.on.change(); }
  preset(id) { this.replace(this.side, Zilo.Setup.preset(this.meta.id, this.side, id)); this.picked = null; this.on.change(); }
  /** "c2, e2, or g2" / "c2, e2 lub g2": a choice of fields in the page's language. */
  fieldList(list) {
    try { return new Intl.ListFormat(currentLang(), { type: 'disjunction' }).format(list); } catch (_) { return list.join(', '); }
  }

  /** The next player is ready to set up (the curtain opens). In a hotseat game the board
   * turns so that their zone is at the bottom, as a game against the computer has it. */
  reveal() {
    this.curtain = false;
    if (this.on.face) this.on.face(this.side);
    this.on.change();
  }

  /** This half is done: the other player's turn to set up, or the game starts. */
  finish() {
    const problems = this.problems();
    if (problems.length) { this.on.message(problems[0], 'error'); return false; }
    this.done[this.side] = true;
    this.picked = null;
    if (this.online) { this.on.send(this.half().text()); this.on.change(); return true; }
    const next = other(this.side);
    if (!this.done[next]) {
      this.side = next;
      this.curtain = true;
      this.on.change();
      return true;
    }
    const first = this.random() < 0.5 ? 'w' : 'b';
    const startFen = Zilo.startPosition(this.meta.id, this.halves.w, this.halves.b, first);
    this.on.start({ startFen, first });
    return true;
  }
}

