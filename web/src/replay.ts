// The replay viewer of a finished game: every position from the start, stepped with buttons,
// the arrow keys or the slider.
import { renderBoard } from './board';
import { renderGenerals } from './generals';
import { h, Json, words } from './util';

export async function showReplay(app: HTMLElement, id: string): Promise<void> {
  const res = await fetch(`/api/games/${id}/replay`);
  const data: Json = await res.json();
  if (!res.ok) { app.append(h('p', { class: 'err', text: data.error })); return; }
  let i = 0;
  const n = data.positions.length - 1;
  const slider = h('input', { type: 'range', min: 0, max: n, value: 0, id: 'scrub', 'aria-label': 'action number' });
  const label = h('span', { id: 'step' });
  const view = h('div', { class: 'board' });
  const show = (k: number) => {
    i = Math.max(0, Math.min(n, k));
    slider.value = String(i);
    const a = i > 0 ? data.actions[i - 1] : null;
    label.textContent = `${i} / ${n}${a ? ` — player ${a.player}: ${words(a.action)}` : ' — start'}`;
    const pos = data.positions[i];
    view.replaceChildren(pos.game === 'ancient-warfare' ? renderBoard(pos, { flip: false }) : renderGenerals({ view: pos, seat: 0 }, null, () => {}));
  };
  slider.addEventListener('input', () => show(Number(slider.value)));
  document.addEventListener('keydown', (e) => { if (e.key === 'ArrowRight') show(i + 1); if (e.key === 'ArrowLeft') show(i - 1); });
  app.append(h('h1', { text: 'Replay' }), h('div', { class: 'replay' },
    h('button', { onclick: () => show(0), text: '⏮' }), h('button', { onclick: () => show(i - 1), text: '◀', id: 'prev' }),
    slider, h('button', { onclick: () => show(i + 1), text: '▶', id: 'next' }), h('button', { onclick: () => show(n), text: '⏭' })), label, view,
    h('p', {}, h('a', { href: `/api/games/${id}/record`, download: `ancients-${id}.json`, text: 'Download the record' }), ' · ', h('a', { href: '#', text: 'New game' })));
  show(0);
}
