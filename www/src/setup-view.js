/* The setup's own controls (setup-session.js says what they do): a tray of what is left to
 * place with its counts, the buttons (Random, a preset, Clear, Done), and a curtain over the
 * board between the two players of a hotseat game, so neither sees the other's half.
 *
 * Stable hooks for tests: the tray's buttons have data-setup="R" (a piece letter) or
 * "mountain" / "water" and data-count; the buttons data-action="random|clear|done|reveal";
 * the preset menu is #setup-preset. */
(function (K) {
  'use strict';
  const h = (...a) => K.h(...a);
  /** A terrain's name for a button: the engine's word, capitalised. */
  const terrainName = (t) => t.charAt(0).toUpperCase() + t.slice(1);

  class SetupView {
    constructor(root, board) {
      this.root = root;
      this.board = board;
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
        card = h('div', { class: 'setup-card card', id: 'setup-card', role: 'group', 'aria-label': 'Setup' });
        this.$('panel').insertBefore(card, this.$('controls'));
      }
      this.renderCard(card, session);
      if (session.curtain) {
        if (!curtain) { curtain = h('div', { class: 'curtain', id: 'curtain', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'curtain-text' }); this.$('frame').appendChild(curtain); }
        this.renderCurtain(curtain, session);
      } else if (curtain) curtain.remove();
    }

    sideName(side) { return K.PieceSets.sideInfo(this.session.meta, side).name; }

    renderCurtain(box, s) {
      const name = this.sideName(s.side);
      box.textContent = '';
      const first = !s.done.w && !s.done.b;
      box.appendChild(h('div', { class: 'curtain-card' },
        h('p', { id: 'curtain-text', class: 'curtain-title', text: name + ' sets up' }),
        h('p', { class: 'curtain-note', text: first
          ? 'Each player places their own pieces and terrain without seeing the other’s. ' + name + ' first: the other player looks away.'
          : 'The other half is hidden. Pass the device to ' + name + '.' }),
        h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'reveal', onclick: () => s.reveal() }, 'I am ' + name + ': show my zone')));
      const btn = box.querySelector('button');
      if (btn && !box.contains(this.root.activeElement)) btn.focus({ preventScroll: true });
    }

    renderCard(card, s) {
      const meta = s.meta;
      card.textContent = '';
      const title = h('div', { class: 'setup-title' },
        h('strong', { text: s.curtain ? this.sideName(s.side) + ' sets up next' : 'Your zone' }),
        h('span', { class: 'muted', text: s.curtain ? '' : ' · ' + s.zoneWords() }));
      card.appendChild(title);
      if (s.curtain) { card.appendChild(h('p', { class: 'setup-help', text: 'The board is hidden until ' + this.sideName(s.side) + ' is ready.' })); return; }
      const tray = h('div', { class: 'tray', role: 'toolbar', 'aria-label': 'Pieces and terrain to place' });
      for (const item of s.tray()) {
        const isTerrain = s.isTerrain(item.what);
        const name = isTerrain ? terrainName(item.what) : K.PieceSets.describe(meta, item.what).name;
        const icon = isTerrain ? h('span', { class: 'terrain-swatch ' + item.what, 'aria-hidden': 'true' })
          : this.board.pieceSvg(s.side === 'w' ? item.what : item.what.toLowerCase(), false);
        const b = h('button', {
          type: 'button', class: 'tray-item', 'data-setup': item.what, 'data-count': String(item.count),
          'aria-pressed': s.picked === item.what ? 'true' : 'false', disabled: item.count === 0 && s.picked !== item.what,
          title: name + (item.count ? ' (' + item.count + ' to place)' : ' (all placed)'),
          'aria-label': name + ', ' + item.count + ' to place',
          onclick: () => s.pick(item.what),
        }, icon, h('span', { class: 'count', 'aria-hidden': 'true', text: String(item.count) }));
        if (s.picked === item.what) b.classList.add('selected');
        tray.appendChild(b);
      }
      card.appendChild(tray);
      const problems = s.problems();
      const help = s.picked
        ? 'Click a field of your zone to place the ' + (s.isTerrain(s.picked) ? s.picked : K.PieceSets.describe(meta, s.picked).name.toLowerCase()) + '.' +
          (s.pickedRoyal() ? ' It may stand on ' + s.fieldList(s.kingFields()) + '.' : '') + ' Click a placed piece to pick it up again.'
        : problems.length ? problems[0] : 'Your half is ready.';
      card.appendChild(h('p', { class: 'setup-help', id: 'setup-help', text: help }));
      const presetMenu = h('select', { id: 'setup-preset', class: 'btn', 'aria-label': 'A preset setup', onchange: (e) => { if (e.target.value) s.preset(e.target.value); } },
        h('option', { value: '', text: 'Preset…' }), ...(meta.presets || []).map((p) => h('option', { value: p.id, text: p.name })));
      card.appendChild(h('div', { class: 'setup-actions' },
        h('button', { type: 'button', class: 'btn', 'data-action': 'random', onclick: () => s.randomize() }, 'Random'),
        presetMenu,
        h('button', { type: 'button', class: 'btn', 'data-action': 'clear', onclick: () => s.clearAll() }, 'Clear'),
        h('button', { type: 'button', class: 'btn btn-primary', 'data-action': 'done', disabled: problems.length > 0, onclick: () => s.finish() }, 'Done')));
    }
  }

  K.SetupView = SetupView;
})(globalThis.ZiloKit = globalThis.ZiloKit || {});
