// The lobby: choose a game, armies, battlefield and opponent, create the game and go to it.
// Against a friend it shows the invite link to send.
import { h, Json, words } from './util';

export async function showLobby(app: HTMLElement): Promise<void> {
  let cat: Json;
  try {
    cat = await (await fetch('/api/catalogue')).json();
  } catch {
    app.append(h('p', { class: 'err', text: 'The server cannot be reached.' }));
    return;
  }
  const opt = (v: string, label = words(v)) => h('option', { value: v, text: label });
  const game = h('select', { id: 'game', name: 'game' }, ...cat.games.map((g: string) => opt(g)));
  const armies = [1, 2].map((i) =>
    h('select', { id: `army${i}`, name: `army${i}` }, opt('random', 'drawn at random'), ...cat.armies.map((a: string) => opt(a)), opt('upload', 'upload an army file…')),
  );
  const uploads = [1, 2].map((i) => h('input', { type: 'file', id: `upload${i}`, accept: '.json,application/json', hidden: true }));
  armies.forEach((sel, i) => sel.addEventListener('change', () => (uploads[i].hidden = sel.value !== 'upload')));
  const map = h('select', { id: 'map', name: 'map' }, opt('generated', 'generated battlefield'), ...cat.maps.map((m: string) => opt(m)));
  const board = h('select', { id: 'board' }, opt('8', '8 × 8'), opt('12', '12 × 12'));
  const vs = h('select', { id: 'vs' }, opt('computer', 'the computer'), opt('friend', 'a friend (invite link)'));
  const levels: string[] = [];
  for (const a of cat.agents as string[]) {
    if (a.includes(':') || a === 'random' || a === 'greedy') levels.push(a);
    else if (a === 'ismcts') levels.push('ismcts:easy', 'ismcts:normal', 'ismcts:hard');
    else levels.push(a);
  }
  const agent = h('select', { id: 'agent' }, ...levels.map((a) => opt(a, a)));
  if (levels.includes(cat.default_agent)) agent.value = cat.default_agent;
  const seat = h('select', { id: 'seat' }, opt('1', 'player 1 (moves first)'), opt('2', 'player 2'));
  const turns = h('input', { id: 'turns', type: 'number', min: 1, max: 1000, value: 200 });
  const out = h('div', { id: 'created' });
  const warfareOnly = [armies[0], armies[1], map, board];
  game.addEventListener('change', () => {
    for (const el of warfareOnly) (el.closest('label') as HTMLElement | null)?.toggleAttribute('hidden', game.value !== 'ancient-warfare');
  });
  const row = (label: string, el: HTMLElement, extra?: HTMLElement) => [h('label', { for: el.id, text: label }), h('div', {}, el, extra ?? null)];
  const create = h('button', { class: 'primary', type: 'submit', id: 'create', text: 'Start the game' });
  const form = h('form', { class: 'lobby' },
    ...row('Game', game), ...row('Player 1 army', armies[0], uploads[0]), ...row('Player 2 army', armies[1], uploads[1]),
    ...row('Battlefield', map), ...row('Board', board), ...row('Play against', vs), ...row('Computer player', agent),
    ...row('You play', seat), ...row('Turn limit', turns), h('span'), h('div', {}, create));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    out.replaceChildren();
    const req: Json = { game: game.value, vs: vs.value, seat: Number(seat.value), options: { turn_limit: Number(turns.value) } };
    if (vs.value === 'computer') req.agent = agent.value;
    if (game.value === 'ancient-warfare') {
      req.options.board = Number(board.value);
      req.map = map.value;
      req.armies = [];
      for (let i = 0; i < 2; ++i) {
        if (armies[i].value === 'upload') {
          const f = uploads[i].files?.[0];
          if (!f) return void out.append(h('p', { class: 'err', text: `Choose an army file for player ${i + 1}.` }));
          try { req.armies.push(JSON.parse(await f.text())); } catch { return void out.append(h('p', { class: 'err', text: `${f.name} is not JSON.` })); }
        } else req.armies.push(armies[i].value);
      }
    }
    const res = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
    const ans = await res.json();
    if (!res.ok) return void out.append(h('p', { class: 'err', role: 'alert', text: ans.error }));
    if (ans.invite_url) {
      const link = location.origin + location.pathname + ans.invite_url.replace(/^\//, '');
      out.append(h('div', { class: 'box' }, h('p', { text: 'Send this link to your friend (it is their seat: keep it private):' }),
        h('input', { readonly: true, value: link, size: 60, id: 'invite' }),
        h('p', {}, h('a', { href: ans.url.replace(/^\//, ''), id: 'go', text: 'Go to your seat' }))));
    } else location.hash = ans.url.replace(/^\/#/, '');
  });
  app.append(h('h1', { text: 'New game' }), form, out);
}
