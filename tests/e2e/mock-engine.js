/* Throwaway stand-in for the wasm engine (www/engine.js), used only to develop the page
 * before the real engine existed and as a fallback for local UI work:
 *   cp tests/e2e/mock-engine.js www/engine.js
 * Same shape as the real API (globalThis.Zilo = { ready, Game, variants }). Zilo rules only,
 * written for clarity, not speed. NOT shipped in www/ and not used by the test suite. */
(function (root) {
  'use strict';
  const PIECES = [
    { letter: 'Y', name: 'Scout', nativeName: 'ЅиȽраḺ' },
    { letter: 'Q', name: 'Charger', nativeName: 'БиȽтиḺ' },
    { letter: 'B', name: 'Bomber', nativeName: 'ЛуꞭтаḺв' },
    { letter: 'C', name: 'Jumper', nativeName: 'БиȽзаḺв' },
    { letter: 'P', name: 'Minion', nativeName: 'МӓḺд' },
    { letter: 'H', name: 'Sentinel', nativeName: 'ШиḺт' },
    { letter: 'M', name: 'Vanguard', nativeName: 'ВоḺјaȽ' },
    { letter: 'K', name: 'Monarch', nativeName: 'ЌаḺраḺл' },
  ];
  const VARIANTS = [
    { id: 'zilo', name: 'ЗiлоḺ АḺв Жа (Angry Bird Chess)', files: 9, ranks: 9,
      startFen: 'hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1', drops: true, pieces: PIECES },
    { id: 'zilo10', name: 'Mock 10×10 (layout test)', files: 10, ranks: 10,
      startFen: 'hcmbkqmchh/1y6y1/pppppppppp/10/10/10/10/PPPPPPPPPP/1Y6Y1/HCMBKQMCHH[] w - - 0 1', drops: true, pieces: PIECES },
  ];
  const isW = (p) => p === p.toUpperCase();
  const sideOf = (p) => (isW(p) ? 'w' : 'b');
  const other = (s) => (s === 'w' ? 'b' : 'w');

  function parseFen(v, fen) {
    const parts = String(fen).trim().split(/\s+/);
    let boardPart = parts[0] || '';
    let hand = '';
    const m = /^([^\[]*)\[([^\]]*)\]$/.exec(boardPart);
    if (m) { boardPart = m[1]; hand = m[2] === '-' ? '' : m[2]; }
    const rows = boardPart.split('/');
    if (rows.length !== v.ranks) throw new Error('expected ' + v.ranks + ' ranks, found ' + rows.length);
    const sq = new Array(v.files * v.ranks).fill(null);
    rows.forEach((row, i) => {
      const rank = v.ranks - 1 - i;
      let f = 0;
      const re = /(\d+)|([A-Za-z])|(.)/g;
      let t;
      while ((t = re.exec(row))) {
        if (t[1]) f += parseInt(t[1], 10);
        else if (t[2]) {
          if (!PIECES.some((p) => p.letter === t[2].toUpperCase())) throw new Error('unknown piece letter ' + t[2]);
          if (f < v.files) sq[rank * v.files + f] = t[2];
          f++;
        } else throw new Error('unexpected character ' + t[3] + ' in rank ' + (rank + 1));
      }
      if (f !== v.files) throw new Error('rank ' + (rank + 1) + ' has ' + f + ' squares');
    });
    const hands = { w: {}, b: {} };
    for (const ch of hand) {
      if (!PIECES.some((p) => p.letter === ch.toUpperCase()) || ch.toUpperCase() === 'K') throw new Error('bad hand piece ' + ch);
      const h = hands[sideOf(ch)];
      h[ch.toUpperCase()] = (h[ch.toUpperCase()] || 0) + 1;
    }
    const turn = parts[1] || 'w';
    if (turn !== 'w' && turn !== 'b') throw new Error('side to move must be w or b, found ' + turn);
    for (const s of ['K', 'k']) if (sq.filter((x) => x === s).length !== 1) throw new Error('each side needs exactly one Monarch');
    return { sq, hands, turn, ply: parseInt(parts[5] || '1', 10) || 1 };
  }

  class Pos {
    constructor(v, st) { this.v = v; this.sq = st.sq; this.hands = st.hands; this.turn = st.turn; this.fullmove = st.ply; }
    clone() { return new Pos(this.v, { sq: this.sq.slice(), hands: { w: { ...this.hands.w }, b: { ...this.hands.b } }, turn: this.turn, ply: this.fullmove }); }
    name(i) { return String.fromCharCode(97 + (i % this.v.files)) + (Math.floor(i / this.v.files) + 1); }
    idx(n) {
      const m = /^([a-z])(\d+)$/.exec(n); if (!m) return -1;
      const f = m[1].charCodeAt(0) - 97, r = parseInt(m[2], 10) - 1;
      if (f < 0 || f >= this.v.files || r < 0 || r >= this.v.ranks) return -1;
      return r * this.v.files + f;
    }
    at(f, r) { return f >= 0 && r >= 0 && f < this.v.files && r < this.v.ranks ? r * this.v.files + f : -1; }
    key() { return this.sq.map((x) => x || '.').join('') + JSON.stringify(this.hands) + this.turn; }
    fen() {
      const rows = [];
      for (let r = this.v.ranks - 1; r >= 0; r--) {
        let s = '', e = 0;
        for (let f = 0; f < this.v.files; f++) {
          const p = this.sq[r * this.v.files + f];
          if (!p) e++; else { if (e) s += e; e = 0; s += p; }
        }
        if (e) s += e;
        rows.push(s);
      }
      let hand = '';
      for (const side of ['w', 'b']) for (const p of PIECES) {
        const n = this.hands[side][p.letter] || 0;
        hand += (side === 'w' ? p.letter : p.letter.toLowerCase()).repeat(n);
      }
      return rows.join('/') + '[' + hand + '] ' + this.turn + ' - - 0 ' + this.fullmove;
    }
    // pseudo moves of side s: {from,to,capture}
    pseudo(s) {
      const out = [];
      const F = this.v.files, R = this.v.ranks;
      for (let i = 0; i < this.sq.length; i++) {
        const p = this.sq[i];
        if (!p || sideOf(p) !== s) continue;
        const f = i % F, r = Math.floor(i / F), fw = s === 'w' ? 1 : -1;
        const U = p.toUpperCase();
        const add = (j, dist) => {
          if (j < 0) return false;
          const t = this.sq[j];
          if (t && sideOf(t) === s) return false;
          if (t && t.toUpperCase() === 'H' && (U === 'Y' || U === 'Q') && dist > 3) return false;
          out.push({ from: i, to: j, capture: !!t });
          return !t;
        };
        const slide = (dirs, max) => {
          for (const [df, dr] of dirs) for (let k = 1; k <= max; k++) {
            const j = this.at(f + df * k, r + dr * k);
            if (j < 0) break;
            const t = this.sq[j];
            if (t && sideOf(t) === s) break;
            add(j, k);
            if (t) break;
          }
        };
        const ORTH = [[1, 0], [-1, 0], [0, 1], [0, -1]], DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
        if (U === 'Y') slide(DIAG, 99);
        else if (U === 'Q') slide(ORTH, 99);
        else if (U === 'B') slide(ORTH, 3);
        else if (U === 'C') for (const [df, dr] of [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]) add(this.at(f + df, r + dr), 1);
        else if (U === 'P') add(this.at(f, r + fw), 1);
        else if (U === 'H' || U === 'K') slide(ORTH.concat(DIAG), 1);
        else if (U === 'M') slide(ORTH.concat([[1, fw], [-1, fw]]), 1);
      }
      return out;
    }
    blastSquares(to) {
      const F = this.v.files, f = to % F, r = Math.floor(to / F), out = [];
      for (let df = -1; df <= 1; df++) for (let dr = -1; dr <= 1; dr++) {
        if (!df && !dr) continue;
        const j = this.at(f + df, r + dr);
        if (j >= 0 && this.sq[j]) out.push(j);
      }
      return out;
    }
    kingOf(s) { return this.sq.indexOf(s === 'w' ? 'K' : 'k'); }
    // apply raw; returns info
    apply(m) {
      const info = { captured: null, blasted: [], drop: m.drop || null };
      const s = this.turn;
      if (m.drop) {
        this.sq[m.to] = s === 'w' ? m.drop : m.drop.toLowerCase();
        this.hands[s][m.drop]--; if (!this.hands[s][m.drop]) delete this.hands[s][m.drop];
      } else {
        const p = this.sq[m.from], t = this.sq[m.to];
        this.sq[m.from] = null; this.sq[m.to] = p;
        if (t) {
          info.captured = { square: this.name(m.to), piece: t };
          if (t.toUpperCase() !== 'K') this.hands[s][t.toUpperCase()] = (this.hands[s][t.toUpperCase()] || 0) + 1;
          if (p.toUpperCase() === 'B') for (const j of this.blastSquares(m.to)) { info.blasted.push({ square: this.name(j), piece: this.sq[j] }); this.sq[j] = null; }
        }
      }
      this.turn = other(s);
      if (s === 'b') this.fullmove++;
      return info;
    }
    // can side s remove the king of other(s)?
    attacksKing(s) {
      const k = this.kingOf(other(s));
      if (k < 0) return true;
      const own = this.kingOf(s);
      for (const m of this.pseudo(s)) {
        if (m.to === k) return true;
        if (m.capture && this.sq[m.from].toUpperCase() === 'B') {
          const bl = this.blastSquares(m.to);
          if (bl.includes(k) && !bl.includes(own)) return true;
        }
      }
      return false;
    }
    legal() {
      const s = this.turn, out = [];
      for (const m of this.pseudo(s)) {
        const c = this.clone(); c.turn = s;
        const p = this.sq[m.from];
        const isBomb = m.capture && p.toUpperCase() === 'B';
        if (isBomb) {
          const bl = this.blastSquares(m.to);
          if (bl.includes(this.kingOf(s))) continue;
          if (bl.includes(this.kingOf(other(s))) || this.sq[m.to].toUpperCase() === 'K') { out.push({ from: m.from, to: m.to, uci: this.name(m.from) + this.name(m.to) }); continue; }
        }
        c.apply(m);
        if (c.attacksKing(other(s))) continue;
        out.push({ from: m.from, to: m.to, uci: this.name(m.from) + this.name(m.to) });
      }
      for (const L of Object.keys(this.hands[s])) for (const j of this.dropSquares(s, L)) out.push({ drop: L, to: j, uci: L + '@' + this.name(j) });
      return out;
    }
    dropReason(s, L, j, checkMate) {
      if (!this.hands[s][L]) return 'no ' + L + ' in hand';
      if (this.sq[j]) return 'the square is occupied';
      const r = Math.floor(j / this.v.files);
      if (L === 'P' && r === (s === 'w' ? this.v.ranks - 1 : 0)) return 'a Minion may not be dropped on the farthest rank';
      const c = this.clone(); c.apply({ drop: L, to: j });
      if (c.attacksKing(other(s))) return 'the drop would leave your Monarch in check';
      if (checkMate && L === 'P' && c.attacksKing(s) && c.legal().length === 0) return 'a Minion drop may not checkmate';
      return null;
    }
    dropSquares(s, L) {
      const out = [];
      for (let j = 0; j < this.sq.length; j++) if (!this.dropReason(s, L, j, true)) out.push(j);
      return out;
    }
  }

  class Game {
    constructor(variant, fen) {
      const v = VARIANTS.find((x) => x.id === variant);
      if (!v) throw new Error('unknown variant ' + variant);
      this.v = v;
      this.start = fen == null ? v.startFen : String(fen);
      this.pos = new Pos(v, parseFen(v, this.start));
      this.start = this.pos.fen();
      this.stack = []; this.redoStack = []; this.resigned = null; this.final = null;
      this.keys = [this.pos.key()];
    }
    variant() { return this.v.id; }
    fen() { return this.pos.fen(); }
    startFen() { return this.start; }
    turn() { return this.pos.turn; }
    board() { const o = []; this.pos.sq.forEach((p, i) => { if (p) o.push({ square: this.pos.name(i), piece: p }); }); return o; }
    hand(s) { return { ...this.pos.hands[s] }; }
    legalMoves() { return this.result().result === '*' ? this.pos.legal().map((m) => m.uci) : []; }
    movesFrom(sq) { return this.legalMoves().filter((m) => m.slice(0, sq.length) === sq && !m.includes('@') && /\d/.test(m[sq.length] || 'x') === false); }
    dropTargets(L) { return this.legalMoves().filter((m) => m.startsWith(L + '@')).map((m) => m.slice(2)); }
    dropError(L, sq) { const j = this.pos.idx(sq); if (j < 0) return 'no such square ' + sq; if (this.result().result !== '*') return 'the game is over'; return this.pos.dropReason(this.pos.turn, L, j, true); }
    /** The real engine's move description; the mock's notation is the move text itself. */
    moveDetails(move) {
      const legal = this.result().result === '*' && this.pos.legal().find((m) => m.uci === move);
      if (!legal) throw new Error(move + ': illegal move');
      return { move, san: move, kind: legal.drop ? 'drop' : 'step', from: legal.drop ? null : this.pos.name(legal.from), to: this.pos.name(legal.to),
        drop: legal.drop || null, promotion: null, rook: null };
    }
    play(move) {
      if (this.result().result !== '*') throw new Error(move + ': the game is over');
      const legal = this.pos.legal().find((m) => m.uci === move);
      if (!legal) throw new Error(move + ': illegal move');
      const before = this.pos.clone();
      const info = this.pos.apply(legal.drop ? { drop: legal.drop, to: legal.to } : { from: legal.from, to: legal.to });
      const mover = before.turn;
      let final = null;
      if (info.blasted.some((b) => b.piece.toUpperCase() === 'K') || (info.captured && info.captured.piece.toUpperCase() === 'K'))
        final = { result: mover === 'w' ? '1-0' : '0-1', reason: 'monarch-captured', winner: mover };
      this.stack.push({ before, move, info, final, keys: this.keys.slice() });
      this.redoStack = [];
      this.keys.push(this.pos.key());
      this.final = final;
      this.resigned = null;
      const res = this.result();
      return { move, san: move, kind: legal.drop ? 'drop' : 'step', from: legal.drop ? null : this.pos.name(legal.from), to: this.pos.name(legal.to),
        drop: legal.drop || null, promotion: null, rook: null, captured: info.captured, blasted: info.blasted, check: this.isCheck(), result: res };
    }
    undo() {
      if (this.resigned) { this.resigned = null; return true; }
      const e = this.stack.pop(); if (!e) return false;
      this.redoStack.push({ e, after: this.pos });
      this.pos = e.before; this.keys = e.keys; this.final = this.stack.length ? this.stack[this.stack.length - 1].final : null;
      return true;
    }
    redo() {
      const r = this.redoStack.pop(); if (!r) return false;
      this.stack.push(r.e); this.pos = r.after; this.keys = r.e.keys.concat([r.after.key()]); this.final = r.e.final;
      return true;
    }
    canUndo() { return this.stack.length > 0 || !!this.resigned; }
    canRedo() { return this.redoStack.length > 0; }
    isCheck() { return this.pos.kingOf(this.pos.turn) >= 0 && this.pos.attacksKing(other(this.pos.turn)); }
    checkedSquare() { return this.isCheck() ? this.pos.name(this.pos.kingOf(this.pos.turn)) : null; }
    result() {
      if (this.resigned) return { result: this.resigned === 'w' ? '0-1' : '1-0', reason: 'resignation', winner: other(this.resigned) };
      if (this.final) return this.final;
      const k = this.pos.key();
      if (this.keys.filter((x) => x === k).length >= 4) return { result: '1/2-1/2', reason: 'repetition', winner: null };
      if (this.pos.legal().length === 0) {
        const loser = this.pos.turn;
        return { result: loser === 'w' ? '0-1' : '1-0', reason: this.isCheck() ? 'checkmate' : 'stalemate', winner: other(loser) };
      }
      return { result: '*', reason: 'ongoing', winner: null };
    }
    history() { return this.stack.map((e) => e.move); }
    lastMove() {
      const e = this.stack[this.stack.length - 1]; if (!e) return null;
      const m = e.before.legal().find((x) => x.uci === e.move);
      return { from: m.drop ? null : this.pos.name(m.from), to: this.pos.name(m.to), drop: m.drop || null };
    }
    resign(side) { if (side !== 'w' && side !== 'b') throw new Error('side must be w or b'); if (this.result().result !== '*') throw new Error('the game is over'); this.resigned = side; }
    free() {}
  }
  root.Zilo = { ready: Promise.resolve(), Game, variants: () => JSON.parse(JSON.stringify(VARIANTS)), mock: true };
})(globalThis);
