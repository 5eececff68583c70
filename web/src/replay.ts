// The replay viewer of a finished game: every position from the start, stepped with buttons,
// the arrow keys or the slider, or reached by a turn's start or a line of the log, with the
// action in words, both hands (the game is over, so nothing is hidden any more), the log of the
// whole game with the position's line marked (the lines after it greyed, each one a way there)
// and the result. The position is kept in the address (`#replay=ID&at=N`), so a
// link shows it. Cards show their stats from the game's rules book, and pointing at one (a
// hand's card too) explains it, as at the table. The game is drawn as the server's `layout`
// says (a board, a card table, or the position's fields for a game with no drawing of its own);
// a board too wide for a phone gets the table's zoom.
import { markLegend, renderBoard, terrainLegend } from './board';
import { bookForView, explain, shown } from './books';
import { counted, title } from './data';
import { asInfo, reasonOnly, saysAlready } from './describe';
import { genericView } from './generic';
import { renderGeneralsTable } from './generals';
import { icon } from './icons';
import { explanationBox, fatal, narrow, squareExplanation } from './game';
import { boardColumn, scrollToShow, zoomableBoard, zoomOffered } from './boardzoom';
import { h, hashParams, Json, logWidth } from './util';
import { isPlural, namedFor, seatName } from './names';
import { logEntries, readEvents } from './logentries';

export async function showReplay(app: HTMLElement, id: string): Promise<() => void> {
  let data: Json;
  let summary: Json = null;
  try {
    // The summary first: a game still being played has no replay yet (the server refuses it,
    // since the replay shows every hand), and is said so without a refused request.
    const s = await fetch(`/api/games/${id}`);
    if (s.ok) summary = await s.json();
    const unknown = `There is no game “${id}” on this server: the link is wrong, or the game was played on another server.`;
    if (s.status === 404) {
      fatal(app, 'No such game', unknown);
      return () => {};
    }
    if (summary && summary.over === false && !summary.damaged) {
      fatal(
        app,
        'No replay yet',
        'This game is still being played. Its replay, with every hand shown, opens when the game is over; until then it can be watched.',
        h('p', {}, h('a', { href: `#game=${id}`, class: 'button', id: 'watch-instead', text: 'Watch the game' })),
      );
      return () => {};
    }
    const res = await fetch(`/api/games/${id}/replay`);
    data = await res.json();
    if (!res.ok) {
      fatal(app, res.status === 404 ? 'No such game' : 'No replay yet', res.status === 404 ? unknown : (data.error ?? res.statusText));
      return () => {};
    }
  } catch {
    fatal(app, 'The server cannot be reached', 'Reload the page when it is running again.');
    return () => {};
  }
  // The rules book of the game (cards' stats, explanations); without it cards show their names.
  shown.book = null;
  try {
    shown.book = await bookForView(data.positions[0]);
  } catch {
    // left without: the replay itself does not need it
  }
  const names: string[] = summary?.players?.map((p: Json) => p.name) ?? ['Player 1', 'Player 2'];
  // A player by name, with the seat where the name does not say it ("Gauls (2)", "Player 2").
  const who = (p: number) => seatName(names, p);
  const positions: Json[] = data.positions;
  // A multiplayer battle's positions give each player's side (two sides of several players):
  // the title, the result and the log's colours go by side, and every player's hand is shown.
  const seats: Json | undefined = positions[0].players;
  const sideOf = (p: number): number => seats?.[String(p)]?.side ?? p;
  const everyone = names.map((_, k) => k + 1);
  const multiplayer = !!seats?.['3'];
  const sideNames = (s: number) => everyone.filter((p) => sideOf(p) === s).map(who);
  const actions: Json[] = data.actions;
  const n = positions.length - 1;
  // How the game is drawn, as the server says (a board, a card table, or "generic").
  const layout: string = data.layout;
  // The game's sentences name players "Player N": here, by their names (names.ts).
  const named = (t: string) => namedFor({ seat: 0, players: names.map((name) => ({ name })) }, t);
  const words = actions.map((a) => named(asInfo(a.action, a.info).words));
  const events = actions.map((a) => readEvents(a.events, named));
  let i = 0;
  const slider = h('input', { type: 'range', min: 0, max: n, value: 0, id: 'scrub', 'aria-label': 'action number' });
  const label = h('p', { id: 'step', class: 'step' });
  const view = h('div', { class: 'replay-view' });
  const side = h('aside', { class: 'side' });
  const ol = h('ol', { class: `log${logWidth(actions.length)}`, id: 'log' });
  const final = positions[n];
  // The result as the server says it (a game's own positions may write a draw their own way).
  const w = data.winner ?? final.winner;
  // Its turns (a multiplayer battle's rounds), where the position counts them.
  const turnCount = final.turn ?? final.round;
  const turns = typeof turnCount === 'number' ? `, ${counted(turnCount, final.options?.contingents || final.turn === undefined ? 'round' : 'turn')}` : '';
  // The winner: a player, or in a multiplayer battle the side (every player of it named).
  const winners = (v: number) => (multiplayer ? `${sideNames(v).join(' and ')} win` : `${who(v)} ${isPlural(names[v - 1] ?? '') ? 'win' : 'wins'}`);
  const headline = w === 'draw' ? 'The game is drawn. ' : w ? `${winners(w)}. ` : 'Not finished. ';
  // The reason, unless it says no more than the headline ("Player 2 wins.", "The game is drawn.").
  const reason = reasonOnly(named(String(data.reason ?? '')));
  const result = h(
    'div',
    { class: 'box', id: 'result' },
    h('h3', { text: 'Result' }),
    h('p', { id: 'reason' }, h('strong', { text: headline }), saysAlready(headline, reason) ? '' : reason),
    h('p', { class: 'muted', text: `${counted(n, 'action')}${turns}.` }),
  );
  const hands = h('div', { class: 'box', id: 'hands' });
  // Where each turn begins: the position after the action whose events start it.
  const turnStarts: [string, number][] = [['the start', 0]];
  events.forEach((evs, k) => {
    for (const e of evs) if (e.type === 'turn') turnStarts.push([e.text, k + 1]);
  });
  const turnSelect = h(
    'select',
    { id: 'turn-jump', 'aria-label': 'Go to a turn' },
    ...turnStarts.map(([text, at]) => h('option', { value: String(at), text: at ? text : 'The start' })),
  ) as HTMLSelectElement;
  turnSelect.addEventListener('change', () => show(Number(turnSelect.value)));
  const explainSlot = h('div', {}, explanationBox(null));
  const inspect = (card: string) => explainSlot.replaceChildren(explanationBox(explain(shown.book, card)));
  // A hand's card: named, and explained where the player points or taps, as at the table.
  const handCard = (card: string) =>
    h('button', {
      type: 'button',
      class: 'replay-card',
      'data-card': card,
      text: title(card),
      onclick: () => inspect(card),
      onmouseenter: () => inspect(card),
      onfocus: () => inspect(card),
    });
  const handLine = (p: number, cards: string[]) => h('p', {}, h('strong', { text: `${who(p)}: ` }), ...(cards.length ? cards.map(handCard) : ['—']));
  // A square of the board: its unit, else its terrain.
  const inspectSquare = (sq: string) =>
    explainSlot.replaceChildren(explanationBox(squareExplanation(positions[i], positions[i].units ?? [], sq, (owner) => `${who(owner)}:`)));
  const generalsUi = { selected: [], blocks: {}, inspect, act: () => {}, rerender: () => {} };
  let zoomShown = false; // the board's zoom switch was offered in the last step drawn
  const show = (k: number) => {
    i = Math.max(0, Math.min(n, k));
    slider.value = String(i);
    const a = i > 0 ? actions[i - 1] : null;
    label.replaceChildren(h('strong', { text: `${i} / ${n}` }), a ? ` — ${who(a.player)}: ${words[i - 1]}` : ' — the start');
    const pos = positions[i];
    // The action that led here; a group advance drawn unit by unit from its events.
    const lastInfo = a ? asInfo(a.action, a.info) : null;
    const advanced =
      lastInfo?.kind === 'advance'
        ? (Array.isArray(a.events) ? (a.events as Json[]) : [])
            .filter((e) => e.type === 'moved' && typeof e.from === 'string' && typeof e.to === 'string')
            .map((e) => ({ from: String(e.from), to: String(e.to) }))
        : [];
    // An answer (a defence, or the attack taken) draws the attack it answered: the last step of
    // a game lost to a taken attack showed no arrow.
    const before = i > 1 ? asInfo(actions[i - 2].action, actions[i - 2].info) : null;
    const answered = lastInfo && ['pass', 'defend'].includes(lastInfo.kind) && before && ['attack', 'autokill'].includes(before.kind) ? before : null;
    const drawnLast = answered ?? (lastInfo?.kind === 'advance' ? null : lastInfo);
    // The units this step destroyed: a cross on their squares.
    const fallen = readEvents(a?.events, (t) => t)
      .filter((e) => e.type === 'destroyed' && e.square)
      .map((e) => e.square!);
    if (layout === 'board') {
      // On a phone a board too wide to read is offered the game page's zoom (boardzoom.ts);
      // zoomed, its frame stays where the player scrolled it unless the step's squares are out
      // of sight.
      const files: number = pos.width ?? pos.options?.board ?? 8;
      const left = document.getElementById('board-frame')?.scrollLeft ?? 0;
      const board = renderBoard(pos, { flip: false, last: drawnLast, lastMoves: advanced, fallen, onInspect: inspectSquare });
      const { parts, offered } = zoomableBoard(board, files, pos.options?.board ?? 8, false, narrow(), () => show(i));
      zoomShown = offered;
      view.replaceChildren(
        parts,
        h(
          'div',
          { class: 'legend' },
          ...terrainLegend(pos).map((sw) => h('span', { class: 'legend-item' }, sw as unknown as Node, title(sw.getAttribute('data-terrain')!))),
          ...markLegend(pos, 0, fallen).map((m) => h('span', { class: 'legend-item', id: `legend-${m.mark}` }, m.swatch as unknown as Node, m.label)),
        ),
      );
      hands.replaceChildren(h('h3', { text: 'Hands' }), ...everyone.map((p) => handLine(p, pos.hands?.[String(p)] ?? [])));
      const frame = document.getElementById('board-frame');
      if (frame) {
        const stepSquares = [...(drawnLast?.squares ?? []), ...advanced.flatMap((m) => [m.from, m.to]), ...fallen];
        const columns = stepSquares.map((q) => boardColumn(q, files, false));
        frame.scrollLeft = scrollToShow(columns, false, left, frame.clientWidth, frame.scrollWidth);
      }
    } else if (layout !== 'cards') {
      // A game with no drawing of its own: the position field by field (its hands in it).
      view.replaceChildren(genericView(pos));
      hands.replaceChildren(h('h3', { text: 'Hands' }), h('p', { class: 'muted', text: 'In the position above, as the game shows them.' }));
    } else {
      view.replaceChildren(renderGeneralsTable({ view: pos, seat: 0, players: names.map((name) => ({ name })) }, generalsUi));
      hands.replaceChildren(h('h3', { text: 'Hands' }), ...[1, 2].map((p) => handLine(p, pos.players?.[String(p)]?.hand ?? [])));
    }
    // The log holds the whole game: the lines of this position's action are marked, those after
    // it greyed (still a tap away), and the marked line is brought into the log's view.
    for (const li of lines) {
      const step = Number(li.dataset.step);
      li.classList.toggle('current', step === i);
      li.classList.toggle('future', step > i);
    }
    const current = lines.find((li) => li.classList.contains('current'));
    if (!current) ol.scrollTop = 0;
    else {
      const box = ol.getBoundingClientRect();
      const at = current.getBoundingClientRect();
      if (at.top < box.top || at.bottom > box.bottom) ol.scrollTop += at.top - box.top - (box.height - at.height) / 2;
    }
    turnSelect.value = String([...turnStarts].reverse().find(([, at]) => at <= i)?.[1] ?? 0);
    history.replaceState(null, '', `#replay=${id}${i ? `&at=${i}` : ''}`);
  };
  // Every line of the log, once: each shows the position after its action when chosen.
  const lines = actions.flatMap((x, k) =>
    logEntries(`p${sideOf(x.player)}`, `${who(x.player)}: `, words[k], events[k], (p) => `p${sideOf(p)}`).map((li) => {
      li.classList.add('jump');
      li.tabIndex = 0;
      li.title = `Show the position after action ${k + 1}`;
      li.dataset.step = String(k + 1);
      return li;
    }),
  );
  ol.replaceChildren(...lines);
  const jumpTo = (e: Event) => {
    const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-step]');
    if (li && (e.type === 'click' || (e as KeyboardEvent).key === 'Enter')) show(Number(li.dataset.step));
  };
  ol.addEventListener('click', jumpTo);
  ol.addEventListener('keydown', jumpTo);
  slider.addEventListener('input', () => show(Number(slider.value)));
  const onKey = (e: KeyboardEvent) => {
    if (e.target === slider || e.target === turnSelect) return; // these step themselves
    if (e.key === 'ArrowRight') show(i + 1);
    if (e.key === 'ArrowLeft') show(i - 1);
  };
  document.addEventListener('keydown', onKey);
  const btn = (name: string, labelText: string, to: () => number, idAttr: string) =>
    h('button', { class: 'icon-button', id: idAttr, title: labelText, 'aria-label': labelText, onclick: () => show(to()) }, icon(name));
  const controls = h(
    'div',
    { class: 'replay' },
    btn('first', 'First position', () => 0, 'first'),
    btn('prev', 'Previous action', () => i - 1, 'prev'),
    slider,
    btn('next', 'Next action', () => i + 1, 'next'),
    btn('last', 'Last position', () => n, 'last'),
  );
  const turnJump = h('label', { class: 'turn-jump' }, h('span', { text: 'Go to ' }), turnSelect);
  side.append(
    result,
    hands,
    explainSlot,
    h(
      'div',
      { class: 'box' },
      h('h3', { text: 'Log' }),
      h('p', {
        class: 'muted small',
        id: 'log-note',
        text: 'The whole game: this position’s line is marked, the lines after it greyed. Tap any line to go there.',
      }),
      ol,
    ),
    h(
      'p',
      {},
      h('a', { href: `/api/games/${id}/record`, download: `ancients-${id}.json`, text: 'Download the record' }),
      ' · ',
      h('a', { href: '#', text: 'New game' }),
    ),
  );
  app.replaceChildren(
    h(
      'div',
      { class: 'game replay-page' },
      h(
        'div',
        { class: 'game-head' },
        h('h1', { text: `Replay: ${multiplayer ? [1, 2].map((v) => sideNames(v).join(' & ')).join(' vs ') : names.join(' vs ')}` }),
      ),
      h('div', { class: 'board-area' }, controls, h('div', { class: 'replay-where' }, label, turnJump), view),
      side,
    ),
  );
  // A link may name a position ("&at=N").
  const at = Number(hashParams().get('at') ?? 0);
  show(Number.isInteger(at) ? at : 0);
  // A phone turned sideways may fit the board's squares: the zoom's switch comes or goes.
  const onResize = () => {
    const pos = positions[i];
    if (layout === 'board' && zoomOffered(narrow(), pos.width ?? pos.options?.board ?? 8, document.documentElement.clientWidth) !== zoomShown) show(i);
  };
  window.addEventListener('resize', onResize);
  return () => {
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('resize', onResize);
  };
}
