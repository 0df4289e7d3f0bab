/* The lobby on the page (lobby.js talks to the server): who is signed in, the open seeks as
 * they come and go, "Create a challenge", and players' cards.
 *
 * - LobbyView fills a box of the page's "Online" area: the account line (Sign in / Sign up, or
 *   the name and Sign out), the list of open seeks (player, rating, game, time, rated or
 *   casual; filtered by game), a click on a seek accepts it; this browser's own seeks show
 *   "Cancel" instead. When a seek is accepted (by this browser, or this browser's seek by
 *   someone) `onGame(id)` opens the game on the board.
 * - The sign-in dialog and the player card are <dialog>s of the page (made once, on demand).
 * Names are always set as text. */
import { t, date } from './i18n.js';
import { gameWord } from './engine-words.js';
import { variants } from './engine-data.js';
import { h } from './dom.js';
import { message, Account } from './online-client.js';
import * as Lobby from './lobby.js';

/** A time control in words: "3 + 2", "3 days", "unlimited". */
export function clockWords(clock) {
  if (!clock) return t('lobby.clock.none');
  if (typeof clock.days === 'number') return t('lobby.clock.days', { count: clock.days });
  const m = clock.initial / 60;
  return (Number.isInteger(m) ? String(m) : m.toFixed(1)) + ' + ' + clock.increment;
}

const variantName = (id) => { const v = variants().find((x) => x.id === id); return v ? gameWord(v, 'shortName', gameWord(v, 'name', v.name)) : id; };
const rounded = (r) => (typeof r === 'number' ? String(Math.round(r)) : '');

// --------------------------------------------------------------------------- sign in / up

/** Opens the sign-in (or sign-up) dialog; `done()` runs once signed in. */
export function askAccount(base, mode, done) {
  const old = document.getElementById('lobby-auth');
  if (old) old.remove();
  const name = h('input', { type: 'text', id: 'auth-name', autocomplete: 'username', required: true, minlength: '2', maxlength: '20', spellcheck: 'false', autocapitalize: 'off' });
  const pass = h('input', { type: 'password', id: 'auth-password', autocomplete: mode === 'up' ? 'new-password' : 'current-password', required: true, minlength: '8', maxlength: '200' });
  const err = h('p', { class: 'online-error', role: 'alert', hidden: true, 'data-lobby': 'auth-error' });
  const go = h('button', { type: 'submit', class: 'btn btn-primary', 'data-action': 'auth-submit' }, t(mode === 'up' ? 'lobby.signUp' : 'lobby.signIn'));
  const cancel = h('button', { type: 'button', class: 'btn', 'data-action': 'auth-cancel', onclick: () => dlg.close() }, t('lobby.cancel'));
  const form = h('form', { class: 'auth-form', method: 'dialog' },
    h('h2', { class: 'auth-title', text: t(mode === 'up' ? 'lobby.signUp.title' : 'lobby.signIn.title') }),
    h('label', { class: 'online-field' }, h('span', { text: t('lobby.name') }), name),
    mode === 'up' ? h('p', { class: 'auth-hint', text: t('lobby.name.hint') }) : null,
    h('label', { class: 'online-field' }, h('span', { text: t('lobby.password') }), pass),
    err,
    h('div', { class: 'confirm-actions' }, cancel, go));
  const dlg = h('dialog', { id: 'lobby-auth', class: 'lobby-dialog', 'aria-label': t(mode === 'up' ? 'lobby.signUp.title' : 'lobby.signIn.title') }, form);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    go.disabled = true;
    err.hidden = true;
    try {
      await (mode === 'up' ? Lobby.signUp : Lobby.signIn)(base, name.value.trim(), pass.value);
      dlg.close();
      done();
    } catch (x) {
      err.textContent = message(x);
      err.hidden = false;
    } finally { go.disabled = false; }
  });
  dlg.addEventListener('close', () => dlg.remove());
  document.body.appendChild(dlg);
  dlg.showModal();
  name.focus();
}

// --------------------------------------------------------------------------- the player card

/** Shows `name`'s card: ratings per game and the latest games (a click opens one on the board). */
export async function playerCard(base, name, openGame) {
  const old = document.getElementById('player-card');
  if (old) old.remove();
  const body = h('div', { class: 'card-body', 'data-lobby': 'card-body' }, h('p', { class: 'online-note', text: t('lobby.loading') }));
  const close = h('button', { type: 'button', class: 'btn btn-quiet card-close', 'data-action': 'card-close', 'aria-label': t('lobby.close'), onclick: () => dlg.close() }, '×');
  const dlg = h('dialog', { id: 'player-card', class: 'lobby-dialog player-card', 'aria-label': t('lobby.card.title', { name }) },
    h('div', { class: 'card-head' }, h('h2', { class: 'card-name', 'data-lobby': 'card-name', text: name }), close), body);
  dlg.addEventListener('close', () => dlg.remove());
  document.body.appendChild(dlg);
  dlg.showModal();
  let p;
  try { p = await Lobby.player(base, name); } catch (e) { body.textContent = message(e); return; }
  body.textContent = '';
  if (!p) { body.appendChild(h('p', { class: 'online-note', text: t('server.noSuchPlayer') })); return; }
  /** @type {HTMLElement} */ (dlg.querySelector('.card-name')).textContent = p.name;
  const ratings = Object.keys(p.ratings || {});
  body.appendChild(h('h3', { class: 'card-sub', text: t('lobby.card.ratings') }));
  if (!ratings.length) body.appendChild(h('p', { class: 'online-note', text: t('lobby.card.unrated') }));
  else {
    body.appendChild(h('table', { class: 'card-table', 'data-lobby': 'card-ratings' },
      h('thead', null, h('tr', null, h('th', { text: t('lobby.col.game') }), h('th', { class: 'num', text: t('lobby.col.rating') }), h('th', { class: 'num', text: t('lobby.col.games') }))),
      h('tbody', null, ...ratings.map((v) => {
        const r = p.ratings[v];
        return h('tr', { 'data-variant': v }, h('td', { text: variantName(v) }), h('td', { class: 'num strong', text: rounded(r.rating) + (r.deviation > 110 ? '?' : '') }), h('td', { class: 'num', text: String(r.games) }));
      }))));
  }
  body.appendChild(h('h3', { class: 'card-sub', text: t('lobby.card.games') }));
  const games = Array.isArray(p.games) ? p.games : [];
  if (!games.length) { body.appendChild(h('p', { class: 'online-note', text: t('lobby.card.noGames') })); return; }
  const list = h('ul', { class: 'card-games', 'data-lobby': 'card-games' });
  for (const g of games) {
    const mine = (g.first || '').toLowerCase() === p.name.toLowerCase() ? 'first' : 'second';
    const rival = mine === 'first' ? g.second : g.first;
    const won = (g.result === '1-0' && mine === 'first') || (g.result === '0-1' && mine === 'second');
    const lost = (g.result === '0-1' && mine === 'first') || (g.result === '1-0' && mine === 'second');
    const outcome = g.reason === 'aborted' ? 'aborted' : won ? 'won' : lost ? 'lost' : 'draw';
    const b = h('button', { type: 'button', class: 'card-game', 'data-game': g.game, title: t('lobby.card.open'), onclick: () => { dlg.close(); openGame(g.game); } },
      h('span', { class: 'cg-result ' + outcome, text: t('lobby.result.' + outcome) }),
      h('span', { class: 'cg-who', text: t('lobby.card.vs', { name: rival || t('lobby.anonymous') }) }),
      h('span', { class: 'cg-game', text: variantName(g.variant) + (g.rated ? ' · ' + t('lobby.rated') : '') }),
      h('span', { class: 'cg-when', text: date(new Date(g.ended), { dateStyle: 'medium' }) }));
    list.appendChild(h('li', null, b));
  }
  body.appendChild(list);
}

// --------------------------------------------------------------------------- the lobby

let current = null;

export class LobbyView {
  /** box: where the lobby goes; opts: {base, onGame(id), challenge(): the form's choice
   * {variant, clock, side}}. */
  constructor(box, opts) {
    if (current) current.close();
    current = this;
    this.box = box;
    this.opts = opts;
    this.seeks = [];
    this.filter = '';
    this.state = 'connecting';
    /** @type {(() => void) | null} called when the account line changes (signed in or out) */
    this.onAccount = null;
    this.account = h('div', { class: 'lobby-account', 'data-lobby': 'account' });
    const list = variants();
    this.filterEl = h('select', { id: 'lobby-filter', 'aria-label': t('lobby.filter') }, h('option', { value: '', text: t('lobby.filter.all') }), ...list.map((v) => h('option', { value: v.id, text: gameWord(v, 'name', v.name) })));
    this.filterEl.addEventListener('change', () => { this.filter = this.filterEl.value; this.renderList(); });
    this.list = h('div', { class: 'lobby-list', role: 'table', 'aria-label': t('lobby.title'), 'data-lobby': 'list' });
    this.err = h('p', { class: 'online-error', role: 'alert', hidden: true, 'data-lobby': 'error' });
    box.append(
      this.account,
      h('div', { class: 'lobby-head' }, h('h3', { class: 'lobby-title', text: t('lobby.title') }), this.filterEl),
      this.list, this.err);
    this.renderAccount();
    this.renderList();
    this.client = new Lobby.LobbyClient(opts.base, {
      seeks: (s) => { this.seeks = s; this.renderList(); },
      paired: (m) => this.opts.onGame(m.game),
      connection: (s) => { this.state = s; this.renderList(); },
    });
    this.client.connect();
  }

  close() {
    if (current === this) current = null;
    this.client.close();
  }

  fail(e, variant) { this.err.textContent = message(e, variant); this.err.hidden = false; }

  renderAccount() {
    const el = this.account, me = Account.get(), base = this.opts.base;
    el.textContent = '';
    if (me) {
      el.append(
        h('span', { class: 'lobby-me-label', text: t('lobby.signedIn') }),
        h('button', { type: 'button', class: 'linkish lobby-me', 'data-action': 'my-card', onclick: () => playerCard(base, me.name, this.opts.onGame) }, me.name),
        h('button', { type: 'button', class: 'btn btn-quiet', 'data-action': 'sign-out', onclick: async () => { await Lobby.signOut(base); this.renderAccount(); this.renderList(); } }, t('lobby.signOut')));
    } else {
      const after = () => { this.renderAccount(); this.renderList(); };
      el.append(
        h('span', { class: 'lobby-me-label', text: t('lobby.anonymousNote') }),
        h('button', { type: 'button', class: 'btn', 'data-action': 'sign-in', onclick: () => askAccount(base, 'in', after) }, t('lobby.signIn')),
        h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'sign-up', onclick: () => askAccount(base, 'up', after) }, t('lobby.signUp')));
    }
    if (this.onAccount) this.onAccount();
  }

  renderList() {
    const me = Account.get();
    const shown = this.seeks.filter((s) => !this.filter || s.variant === this.filter);
    this.list.textContent = '';
    this.list.appendChild(h('div', { class: 'lobby-row lobby-cols', role: 'row' },
      ...['player', 'rating', 'game', 'time', 'mode'].map((c) => h('span', { class: 'lc-' + c, role: 'columnheader', text: t('lobby.col.' + c) }))));
    if (!shown.length) {
      this.list.appendChild(h('p', { class: 'lobby-empty', 'data-lobby': 'empty', text: this.state === 'offline' ? t('online.reconnecting') : t(this.filter ? 'lobby.empty.filtered' : 'lobby.empty') }));
      return;
    }
    for (const s of shown) {
      const name = s.player && s.player.name;
      const own = Lobby.MySeeks.has(s.seek) || (!!me && !!name && name.toLowerCase() === me.name.toLowerCase());
      const needsAccount = s.rated && !me;
      const row = h('div', { class: 'lobby-row lobby-seek' + (own ? ' own' : ''), role: 'row', 'data-seek': s.seek, tabindex: own ? null : '0',
        title: own ? t('lobby.own') : needsAccount ? t('lobby.rated.needsAccount') : t('lobby.accept.title') });
      const who = name
        ? h('button', { type: 'button', class: 'linkish lc-name', 'data-action': 'player-card', text: name, onclick: (e) => { e.stopPropagation(); playerCard(this.opts.base, name, this.opts.onGame); } })
        : h('span', { class: 'lc-name anon', text: t('lobby.anonymous') });
      row.append(
        h('span', { class: 'lc-player', role: 'cell' }, who),
        h('span', { class: 'lc-rating', role: 'cell', text: s.player ? rounded(s.player.rating) : '' }),
        h('span', { class: 'lc-game', role: 'cell', text: variantName(s.variant) }),
        h('span', { class: 'lc-time', role: 'cell', text: clockWords(s.clock) }),
        h('span', { class: 'lc-mode', role: 'cell' }, own
          ? h('button', { type: 'button', class: 'btn btn-quiet lobby-cancel', 'data-action': 'cancel-seek', onclick: async (e) => { e.stopPropagation(); await Lobby.cancelSeek(this.opts.base, s.seek); } }, t('lobby.cancel'))
          : h('span', { class: s.rated ? 'tag rated' : 'tag', text: t(s.rated ? 'lobby.rated' : 'lobby.casual') })));
      if (!own) {
        const accept = async () => {
          if (needsAccount) { askAccount(this.opts.base, 'in', () => { this.renderAccount(); this.renderList(); }); return; }
          this.err.hidden = true;
          try { const x = await Lobby.acceptSeek(this.opts.base, s); this.opts.onGame(x.game); } catch (e) { this.fail(e, s.variant); }
        };
        row.addEventListener('click', accept);
        row.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); accept(); } });
      }
      this.list.appendChild(row);
    }
  }

  /** Posts a seek from the form's choice; it shows in the list (with "Cancel") until taken. */
  async challenge(seek) {
    this.err.hidden = true;
    try {
      const made = await Lobby.createSeek(this.opts.base, seek);
      this.client.hold(made.token);
      // The socket's `seek` frame may have come before this answer, when the seek was not yet
      // known as this browser's: drawn again now, it is marked as ours (with its Cancel).
      this.renderList();
    } catch (e) { this.fail(e, seek.variant); }
  }
}

/** Closes the lobby's socket (the page shows a game instead). */
export function closeLobby() { if (current) current.close(); }
