// Ancient Generals on screen: the battle (attackers and their blockers, tactics played),
// each player's piles and flank points, and the hand as cards.
import { h, Json, words } from './util';

export function renderGenerals(msg: Json, selCard: string | null, onCard: (c: string) => void): HTMLElement {
  const v = msg.view;
  const root = h('div', { class: 'panel' });
  const info = h('div', { class: 'info' });
  const add = (k: string, val: string) => info.append(h('span', { text: k }), h('strong', { text: val }));
  add('Turn', String(v.turn)); add('Phase', v.phase); add('Active player', String(v.active)); add('To act', v.to_act ? String(v.to_act) : '—');
  root.append(h('div', { class: 'box' }, h('h3', { text: 'Ancient Generals' }), info));
  const b = v.battle ?? {};
  const combats = (b.attackers ?? []).map((a: string, i: number) => {
    const bl = b.blockers?.[String(i + 1)];
    return h('div', { class: 'combat' }, h('span', { class: 'card', text: `${i + 1}. ${words(a)}` }), ' vs ', h('span', { class: 'card', text: bl ? words(bl) : 'unblocked' }));
  });
  const tactics = (b.tactics ?? []).map((t: Json) => h('li', { text: `player ${t.player}: ${words(t.card)} on ${t.on}` }));
  root.append(h('div', { class: 'box' }, h('h3', { text: 'Battle: attackers and blockers' }), ...(combats.length ? combats : [h('p', { text: 'No attack yet.' })]),
    h('h3', { text: 'Tactics window' }), tactics.length ? h('ul', {}, ...tactics) : h('p', { text: 'No tactics played.' })));
  for (const p of [1, 2]) {
    const pl = v.players[String(p)];
    const list = (xs: (string | null)[]) => xs.filter((x) => x).map((x) => words(x!)).join(', ') || '—';
    root.append(h('div', { class: 'box pile' }, h('h3', { text: `Player ${p}${p === msg.seat ? ' (you)' : ''}: ${pl.flank} flank points` }),
      h('div', { text: `Hand: ${pl.hand.length} cards · Deck: ${pl.deck.length} cards` }),
      h('div', { text: `Reserve: ${list(pl.reserve)}` }), h('div', { text: `Casualties: ${list(pl.casualties)}` })));
  }
  if (msg.seat) {
    const hand: (string | null)[] = v.players[String(msg.seat)].hand;
    root.append(h('div', { class: 'box' }, h('h3', { text: 'Your hand' }), h('div', { class: 'hand' },
      ...hand.filter((c) => c).map((c) => h('button', { class: `card ${selCard === c ? 'sel' : ''}`, 'data-card': c!, onclick: () => onCard(c!) }, words(c!))))));
  }
  return root;
}
