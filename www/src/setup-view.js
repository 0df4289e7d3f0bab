/* The setup's own controls (setup-session.js says what they do): a tray of what is left to
 * place with its counts, the buttons (Random, a preset, Clear, Done), and a curtain over the
 * board between the two players of a hotseat game, so neither sees the other's half.
 *
 * Stable hooks for tests: the tray's buttons have data-setup="R" (a piece letter) or
 * "mountain" / "water" and data-count; the buttons data-action="random|clear|done|reveal";
 * the preset menu is #setup-preset.
 *
 * Every word comes from the catalogs (setup.* keys). A language switch re-words it at once:
 * the board's relabel() (zilo-board.js, on onLang) draws everything again, this view too,
 * so render() sets every word each time, the card's aria-label included. The engine's words
 * (side, piece and preset names, the zone in words) come from the catalogs' game words
 * (gameWord), its problems from their codes (engineMessage): none of its English shows. */
import { t, has } from './i18n.js';
import { gameWord } from './engine-words.js';
import * as PieceSets from './piece-sets.js';
import { h } from './dom.js';
/** A terrain's name for a button: the catalog's (setup.terrain.<engine's id>), else the
 * engine's word, capitalised. */
const terrainName = (ter) => {
  const key = 'setup.terrain.' + ter;
  return has(key) ? t(key) : ter.charAt(0).toUpperCase() + ter.slice(1);
};

export class SetupView {
  /** @param {ShadowRoot} root @param {import('./board-view.js').BoardView} board */
  constructor(root, board) {
    this.root = root;
    this.board = board;
    /** An element of the skeleton by its id. @type {(id: string) => any} */
    this.$ = (id) => root.getElementById(id);
    this.session = null;
  }

  /** Shows the session's state (or removes the setup controls when `session` is null). */
  render(session) {
    this.session = session;
    const zb = this.$('zb');
    let card = this.$('setup-card'), curtain = this.$('curtain');
    if (!session) {
      if (card) card.remove();
      if (curtain) curtain.remove();
      delete zb.dataset.phase;
      return;
    }
    zb.dataset.phase = 'setup';
    if (!card) {
      card = h('div', { class: 'setup-card card', id: 'setup-card', role: 'group' });
      this.$('panel').insertBefore(card, this.$('controls'));
    }
    card.setAttribute('aria-label', t('setup.card'));
    this.renderCard(card, session);
    if (session.curtain) {
      if (!curtain) { curtain = h('div', { class: 'curtain', id: 'curtain', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'curtain-text' }); this.$('frame').appendChild(curtain); }
      this.renderCurtain(curtain, session);
    } else if (curtain) curtain.remove();
  }

  /** A side's name as message arguments: {side} and English's {theSide} ("the Birds"). */
  sideArgs(side) { const sd = PieceSets.sideInfo(this.session.meta, side); return { side: sd.name, theSide: sd.the }; }

  renderCurtain(box, s) {
    const who = this.sideArgs(s.side);
    box.textContent = '';
    const first = !s.done.w && !s.done.b;
    box.appendChild(h('div', { class: 'curtain-card' },
      h('p', { id: 'curtain-text', class: 'curtain-title', text: t('setup.curtain.title', who) }),
      h('p', { class: 'curtain-note', text: t(first ? 'setup.curtain.first' : 'setup.curtain.pass', who) }),
      h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'reveal', onclick: () => s.reveal() }, t('setup.curtain.reveal', who))));
    const btn = box.querySelector('button');
    if (btn && !box.contains(this.root.activeElement)) btn.focus({ preventScroll: true });
  }

  renderCard(card, s) {
    const meta = s.meta;
    card.textContent = '';
    const title = h('div', { class: 'setup-title' },
      h('strong', { text: s.curtain ? t('setup.next', this.sideArgs(s.side)) : t('setup.zone') }),
      h('span', { class: 'muted', text: s.curtain ? '' : ' · ' + s.zoneWords() }));
    card.appendChild(title);
    if (s.curtain) { card.appendChild(h('p', { class: 'setup-help', text: t('setup.hidden', this.sideArgs(s.side)) })); return; }
    const tray = h('div', { class: 'tray', role: 'toolbar', 'aria-label': t('setup.tray') });
    for (const item of s.tray()) {
      const isTerrain = s.isTerrain(item.what);
      const name = isTerrain ? terrainName(item.what) : PieceSets.describe(meta, item.what).name;
      const icon = isTerrain ? h('span', { class: 'terrain-swatch ' + item.what, 'aria-hidden': 'true' })
        : this.board.pieceSvg(s.side === 'w' ? item.what : item.what.toLowerCase(), false);
      const b = h('button', {
        type: 'button', class: 'tray-item', 'data-setup': item.what, 'data-count': String(item.count),
        'aria-pressed': s.picked === item.what ? 'true' : 'false', disabled: item.count === 0 && s.picked !== item.what,
        title: t(item.count ? 'setup.tray.left' : 'setup.tray.none', { name, count: item.count }),
        'aria-label': t('setup.tray.item', { name, count: item.count }),
        onclick: () => s.pick(item.what),
      }, icon, h('span', { class: 'count', 'aria-hidden': 'true', text: String(item.count) }));
      if (s.picked === item.what) b.classList.add('selected');
      tray.appendChild(b);
    }
    card.appendChild(tray);
    const problems = s.problems();
    const help = s.picked
      ? [t('setup.help.place', { what: (s.isTerrain(s.picked) ? terrainName(s.picked) : PieceSets.describe(meta, s.picked).name).toLowerCase() }),
        s.pickedRoyal() ? t('setup.help.royal', { fields: s.fieldList(s.kingFields()) }) : '',
        t('setup.help.pickUp')].filter(Boolean).join(' ')
      : problems.length ? problems[0] : t('setup.ready');
    card.appendChild(h('p', { class: 'setup-help', id: 'setup-help', text: help }));
    const presetMenu = h('select', { id: 'setup-preset', class: 'btn', 'aria-label': t('setup.preset.label'), onchange: (e) => { if (e.target.value) s.preset(e.target.value); } },
      h('option', { value: '', text: t('setup.preset') }), ...(meta.presets || []).map((p) => h('option', { value: p.id, text: gameWord(meta, 'preset.' + p.id, p.name) })));
    card.appendChild(h('div', { class: 'setup-actions' },
      h('button', { type: 'button', class: 'btn', 'data-action': 'random', onclick: () => s.randomize() }, t('setup.random')),
      presetMenu,
      h('button', { type: 'button', class: 'btn', 'data-action': 'clear', onclick: () => s.clearAll() }, t('setup.clear')),
      h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'done', disabled: problems.length > 0, onclick: () => s.finish() }, t('setup.done'))));
  }
}

