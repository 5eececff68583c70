// A game screen: one WebSocket to the server (reconnecting and resynchronising by itself),
// the board or the card table, the hand, public information, the log, the actions offered,
// and the game-over screen. The server sends only what this seat may know.
import { cardOf, renderBoard, squaresOf } from './board';
import { DeploymentPlanner } from './deploy';
import { renderGenerals } from './generals';
import { h, Json, setStatus, words } from './util';

export function showGame(app: HTMLElement, id: string, token: string): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let msg: Json = null;
  let log: Json[] = [];
  let selCard: string | null = null;
  let selFrom: string | null = null;
  let group: string[] = []; // units added to selFrom's group advance, by clicking them
  let error = '';
  const planner = new DeploymentPlanner(() => render());

  const connect = () => {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    ws.onopen = () => { setStatus('connected'); ws!.send(JSON.stringify({ type: 'hello', game: id, token: token || null })); };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'error') { error = m.message; render(); return; }
      if (m.type !== 'state') return;
      if (m.log_from === 0) log = m.log;
      else if (m.log_from === log.length) log = log.concat(m.log);
      else { ws!.send(JSON.stringify({ type: 'sync' })); return; }
      if (!msg || m.version !== msg.version) { selCard = null; selFrom = null; group = []; error = ''; }
      msg = m;
      render();
    };
    ws.onclose = () => { if (!closed) { setStatus('reconnecting…'); setTimeout(connect, 1000); } };
  };
  connect();

  const act = (text: string) => {
    error = '';
    ws?.send(JSON.stringify({ type: 'act', action: text, version: msg.version }));
  };
  const who = (p: number) => (p === msg.seat ? 'You' : `${msg.players[p - 1].name} (player ${p})`);

  function render(): void {
    if (!msg) return;
    const v = msg.view;
    const mine: boolean = msg.seat !== 0 && msg.to_act === msg.seat && msg.legal.length > 0;
    setStatus(msg.over ? 'game over' : mine ? 'your move' : msg.thinking ? 'the computer is thinking…' : msg.seat === 0 ? 'watching' : 'waiting for your opponent');
    const side = h('div', { class: 'panel' });
    const main = h('div', { class: 'board' });
    let candidates: string[] = msg.legal;
    if (msg.game === 'ancient-warfare') {
      if (selCard) candidates = candidates.filter((t) => cardOf(t) === selCard);
      const fromOf = (t: string) => squaresOf(t)[0];
      const chosen = selFrom ? [selFrom, ...group] : [];
      const inGroup = (t: string) => t.startsWith('advance') && chosen.every((q) => squaresOf(t).includes(q));
      if (selFrom) candidates = candidates.filter((t) => (group.length === 0 && fromOf(t) === selFrom) || inGroup(t));
      // The group advance whose units are exactly the chosen ones (in any order), if legal.
      const exact = chosen.length > 1 ? candidates.find((t) => inGroup(t) && squaresOf(t).length === chosen.length) : undefined;
      const hl = new Map<string, string>();
      const pending = v.pending?.attack ?? v.pending?.move;
      if (pending) { const sq = squaresOf(pending); sq.forEach((q, i) => hl.set(q, i === 0 ? 'from' : 'target')); }
      if (mine && !v.phase.startsWith('deploy')) {
        for (const t of candidates) {
          const sq = squaresOf(t);
          if (sq.length === 0) continue;
          if (!selFrom) hl.set(sq[0], 'from');
          else if (t.startsWith('advance')) sq.forEach((q) => { if (!chosen.includes(q) && !hl.has(q)) hl.set(q, 'join'); });
          else hl.set(sq[sq.length - 1], t.includes('x') ? 'target' : 'dest');
        }
      }
      const onSquare = (sq: string) => {
        if (!mine) return;
        if (selFrom && group.includes(sq)) { group = group.filter((q) => q !== sq); render(); return; }
        if (selFrom && sq !== selFrom && candidates.some((t) => inGroup(t) && squaresOf(t).includes(sq))) {
          group = [...group, sq]; // click units to gather a group advance
          render();
          return;
        }
        if (selFrom) {
          const hits = candidates.filter((t) => !t.startsWith('advance') && squaresOf(t).slice(-1)[0] === sq && fromOf(t) === selFrom);
          if (hits.length === 1) return act(hits[0]);
          if (hits.length > 1) { candidates = hits; render(); return; }
        }
        const canStart = msg.legal.some((t: string) => (fromOf(t) === sq || (t.startsWith('advance') && squaresOf(t).includes(sq))) && (!selCard || cardOf(t) === selCard));
        selFrom = canStart && selFrom !== sq ? sq : null;
        group = [];
        render();
      };
      for (const q of group) hl.set(q, 'from');
      if (mine && v.phase === 'deploy' && msg.legal[0]?.startsWith('deploy ')) {
        const d = planner.render(v, msg.seat, msg.legal[0], act);
        main.append(d.board);
        side.append(d.controls);
      } else main.append(renderBoard(v, { flip: msg.seat === 2, highlight: hl, selected: selFrom, onSquare }));
      if (exact) side.append(h('div', { class: 'box' }, h('button', { id: 'advance-group', class: 'primary', onclick: () => act(exact) }, `Advance these ${chosen.length} units`)));
      const hands = v.hands ?? {};
      const info = h('div', { class: 'info' });
      const add = (k: string, val: string) => info.append(h('span', { text: k }), h('strong', { text: val }));
      add('Turn', String(v.turn)); add('Phase', v.phase); add('To act', msg.over ? '—' : who(msg.to_act));
      for (const p of [1, 2]) {
        const hp = hands[String(p)];
        add(`Player ${p} (${msg.players[p - 1].name})`, `${Array.isArray(hp) ? hp.length : hp} cards, ${v.lost?.[String(p)] ?? 0} loss points`);
      }
      add('Deck', `${Array.isArray(v.deck) ? v.deck.length : v.deck} cards`); add('Discard', `${(v.discard ?? []).length} cards`);
      side.append(h('div', { class: 'box' }, h('h3', { text: msg.over ? 'Game over' : 'Battle' }), info));
      if (pending) side.append(h('div', { class: 'banner', role: 'alert', text: `${who(3 - msg.seat)} ${mine ? 'attacks you' : 'acts'}: ${words(pending)}` }));
      if (msg.seat !== 0) {
        const hand: string[] = hands[String(msg.seat)] ?? [];
        const usable = new Set(msg.legal.map(cardOf).filter((c: string | null) => c));
        const cards = hand.map((c) => h('button', {
          class: `card ${selCard === c ? 'sel' : ''} ${mine && usable.has(c) ? '' : 'off'}`, 'data-card': c, 'aria-pressed': selCard === c,
          onclick: () => { if (mine && usable.has(c)) { selCard = selCard === c ? null : c; selFrom = null; render(); } },
        }, words(c)));
        side.append(h('div', { class: 'box' }, h('h3', { text: 'Your hand' }), h('div', { class: 'hand' }, ...cards)));
      }
    } else {
      main.append(renderGenerals(msg, selCard, (c) => { selCard = selCard === c ? null : c; render(); }));
      if (selCard) candidates = candidates.filter((t) => t.split(/[ ,=]/).includes(selCard!));
    }
    if (mine) {
      const label = (t: string) => (t.startsWith('deploy ') ? 'Deploy automatically' : words(t));
      const box = h('div', { class: 'box' }, h('h3', { text: 'Your move' }));
      box.append(h('div', { class: 'actions', id: 'actions' }, ...candidates.slice(0, 200).map((t) => h('button', { 'data-action': t, onclick: () => act(t) }, label(t)))));
      if (selCard || selFrom) box.append(h('button', { onclick: () => { selCard = null; selFrom = null; group = []; render(); } }, 'Clear selection'));
      side.append(box);
    }
    if (error) side.append(h('p', { class: 'err', role: 'alert', text: error }));
    const ol = h('ol', { class: 'log', id: 'log' }, ...log.map((l) => h('li', { class: `p${l.player}`, text: `${who(l.player)}: ${words(l.text)}` })));
    side.append(h('div', { class: 'box' }, h('h3', { text: 'Log' }), ol));
    app.replaceChildren(h('div', { class: 'game' }, main, side));
    ol.scrollTop = ol.scrollHeight;
    if (msg.over) {
      const w = msg.winner;
      const text = w === 'draw' ? 'The game is drawn.' : msg.seat === 0 ? `Player ${w} wins.` : w === msg.seat ? 'You win!' : 'You lose.';
      app.append(h('div', { class: 'over', id: 'game-over', role: 'dialog' }, h('div', { class: 'box' },
        h('h2', { text }), h('p', {}, h('a', { href: `/api/games/${id}/record`, download: `ancients-${id}.json`, text: 'Download the record' })),
        h('p', {}, h('a', { href: `#replay=${id}`, text: 'Replay the game' }), ' · ', h('a', { href: '#', text: 'New game' }),
          ' · ', h('button', { onclick: (e) => (e.target as HTMLElement).closest('.over')?.remove() }, 'Look at the board')))));
    }
    (app.querySelector('#actions button') as HTMLElement | null)?.setAttribute('accesskey', 'a');
  }

  return () => { closed = true; ws?.close(); };
}
