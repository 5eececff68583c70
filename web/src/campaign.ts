// A campaign day (docs/server.md, "Campaigns"): the map with regions in their holders' colours,
// field armies and this season's battles; orders given by clicking an army's destination; the
// battles with their online seats, the computer to play one out and the table's result; the
// contingents offered and accepted; politics; the standings and the chronicle; the organiser's
// controls; an ended season's map and events, asked for on demand (campaign_season). Everything
// is the server's view for this link's role, live over the WebSocket.
import { counted } from './data';
import { fatal } from './game';
import { h, hashParams, Json, s, setStatus } from './util';

const CELL = 130; // map units between two grid positions

export function showCampaign(app: HTMLElement, id: string, token: string): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let v: Json = null;
  let notice = '';
  const planned = new Map<string, string>(); // army -> destination, before the orders are sent
  let picked: string | null = null; // the army whose destination the next map click sets
  let afterRender: (() => void)[] = []; // what a box does once kept form state is back
  // An ended season looked back on (null: now), and the seasons the server has sent: an ended
  // season never changes, so each is asked for once.
  let shownSeason: number | null = null;
  const seasons = new Map<number, Json>();
  app.replaceChildren(h('p', { class: 'muted', text: 'Connecting…' }));

  const send = (m: Json) => ws?.send(JSON.stringify(m));
  const act = (action: string) => send({ type: 'campaign_act', action });
  const nation = (n: string): Json => v.scenario.nations.find((x: Json) => x.id === n) ?? { name: n, colour: '#888' };
  // The verb of a nation whose name is a plural (the scenario's `plural`: "Crusaders win").
  const wins = (n: string): string => (nation(n).plural ? 'win' : 'wins');
  const attacks = (n: string): string => (nation(n).plural ? 'attack' : 'attacks');
  const regionOf = (r: string): Json => v.scenario.regions.find((x: Json) => x.id === r);
  // An army as the players name it (the server's "name": "Rome's 1st army"); the id otherwise.
  const armyName = (id: string, armies: Json[] = v.armies): string => armies.find((a) => a.id === id)?.name ?? id;
  /// The seasons that have ended (a map campaign): those before this one, and this one once over.
  const endedSeasons = (): number[] => (sequence() ? [] : Array.from({ length: v.phase === 'over' ? v.season : v.season - 1 }, (_, i) => i + 1));
  /// The season looked back on, once the server has sent it.
  const past = (): Json | null => (shownSeason === null ? null : (seasons.get(shownSeason) ?? null));
  const mine = (): string | null => (v.role && v.role !== 'organiser' ? v.role : null);
  const organiser = () => v.role === 'organiser';

  const connect = () => {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    ws.onopen = () => {
      setStatus('connected');
      send({ type: 'campaign_hello', campaign: id, token: token || null });
      // A season looked back on but not yet sent when the connection dropped: asked again.
      if (shownSeason !== null && !seasons.has(shownSeason)) send({ type: 'campaign_season', season: shownSeason });
    };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'error') {
        if (m.code === 'no-campaign' || m.code === 'bad-token') {
          closed = true;
          ws?.close();
          return fatal(app, m.code === 'no-campaign' ? 'No such campaign' : 'This campaign link is not valid', m.message);
        }
        notice = m.message;
        return render();
      }
      if (m.type === 'campaign_season') {
        if (typeof m.season === 'number') seasons.set(m.season, m);
        return render();
      }
      if (m.type !== 'campaign') return;
      if (v && v.phase !== m.phase) planned.clear();
      notice = '';
      v = m;
      render();
    };
    ws.onclose = () => {
      if (closed) return;
      setStatus('reconnecting…');
      setTimeout(connect, 1000);
    };
  };

  /// The map now, or after an ended season (`then`: the server's campaign_season), which is only
  /// looked at: no battle rings of this season, no orders.
  function mapPicture(then: Json | null = null): SVGElement {
    const regions: Json[] = v.scenario.regions;
    const owner: Record<string, string> = then ? then.owner : v.owner;
    const armies: Json[] = then ? then.armies : v.armies;
    const xs = regions.map((r) => r.at[0]);
    const ys = regions.map((r) => r.at[1]);
    const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
    const w = (Math.max(...xs) - x0 + 1) * CELL;
    const hgt = (Math.max(...ys) - y0 + 1) * CELL;
    const at = (r: Json) => [(r.at[0] - x0 + 0.5) * CELL, (r.at[1] - y0 + 0.5) * CELL];
    // A margin each side for the names of the outer regions, which are wider than a cell.
    // On a phone the map is not drawn narrower than its names' 11 px (style.css: it scrolls).
    const svg = s('svg', {
      viewBox: `-40 0 ${w + 80} ${hgt}`,
      class: 'campaign-map',
      id: 'campaign-map',
      role: 'img',
      'aria-label': 'the campaign map',
      style: `--map-min: ${Math.round(((w + 80) * 11) / 14)}px`,
    });
    const drawn = new Set<string>();
    for (const r of regions)
      for (const n of r.neighbours) {
        const key = [r.id, n].sort().join('|');
        const other = regionOf(n);
        if (drawn.has(key) || !other) continue;
        drawn.add(key);
        const [a, b] = [at(r), at(other)];
        svg.append(s('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'road' }));
      }
    const myArmy = picked && !then ? armies.find((a: Json) => a.id === picked) : null;
    const reachable = new Set<string>(myArmy ? (regionOf(myArmy.region)?.neighbours ?? []) : []);
    for (const r of regions) {
      const [x, y] = at(r);
      const holder = owner[r.id];
      const g = s('g', { class: `region ${reachable.has(r.id) ? 'reachable' : ''}`, 'data-region': r.id });
      g.append(
        s('circle', { cx: x, cy: y, r: r.kind === 'capital' ? 40 : r.kind === 'city' ? 36 : 32, fill: '#fffdf8' }),
        s('circle', {
          cx: x,
          cy: y,
          r: r.kind === 'capital' ? 40 : r.kind === 'city' ? 36 : 32,
          fill: holder ? nation(holder).colour : '#efe8da',
          'fill-opacity': holder ? 0.35 : 1,
          stroke: holder ? nation(holder).colour : '#a99c84',
          'stroke-width': r.kind === 'capital' ? 5 : r.kind === 'city' ? 3 : 1.5,
        }),
        s('text', { x, y: y - 44, class: 'region-name' }, r.name),
        s(
          'title',
          {},
          `${r.name}${r.kind === 'capital' ? ', a capital' : r.kind === 'city' ? ', a city' : ''}: ${holder ? `held by ${nation(holder).name}` : 'held by nobody'}`,
        ),
      );
      if (!then && v.battles.some((b: Json) => b.region === r.id && !b.resolved)) g.append(s('circle', { cx: x, cy: y, r: 47, class: 'battle-ring' }));
      const here = armies.filter((a: Json) => a.alive && a.region === r.id);
      here.forEach((a: Json, i: number) => {
        const ax = x - 14 * (here.length - 1) + 28 * i;
        const marker = s('g', { class: `army ${a.id === picked ? 'picked' : ''}`, 'data-army': a.id });
        marker.append(
          s('circle', { cx: ax, cy: y, r: 13, fill: nation(a.nation).colour, stroke: '#fff', 'stroke-width': 2 }),
          s('text', { x: ax, y: y + 4, class: 'army-strength' }, String(a.strength)),
          s('title', {}, `${a.name ?? a.id}: ${counted(a.strength, 'unit')}${a.lost.length ? `, lost ${a.lost.join(', ')}` : ''}`),
        );
        if (!then && a.nation === mine() && v.phase === 'orders' && !v.my_orders)
          marker.addEventListener('click', (e) => {
            e.stopPropagation();
            picked = picked === a.id ? null : a.id;
            render();
          });
        g.append(marker);
      });
      const dest = then ? [] : [...planned.entries()].filter(([, to]) => to === r.id);
      if (dest.length) g.append(s('text', { x, y: y + 30, class: 'planned' }, `← ${dest.map(([a]) => armyName(a)).join(', ')}`));
      g.addEventListener('click', () => {
        if (then || !picked || !reachable.has(r.id)) return;
        planned.set(picked, r.id);
        picked = null;
        render();
      });
      svg.append(g);
    }
    return svg;
  }

  const sequence = () => v.scenario.kind === 'sequence';
  /// Whether the next step ends the campaign: the last season, or a sequence's last battle.
  const lastStep = () => (sequence() ? (v.battles[0]?.number ?? 0) >= v.scenario.battles.length : v.season >= v.scenario.seasons);

  /// A historical sequence has no map: its battles in order, the one now marked.
  function sequenceBox(): HTMLElement {
    const now = v.phase === 'over' ? Infinity : (v.battles[0]?.number ?? 1);
    const ol = h('ol', { class: 'sequence', id: 'sequence' });
    const history = (v.history as Json[] | undefined) ?? [];
    (v.scenario.battles as Json[]).forEach((b, i) => {
      const state = i + 1 < now ? 'fought' : i + 1 === now ? 'now' : 'to come';
      // A battle fought: who won and what each side lost (the campaign keeps its result).
      const done = history.find((x) => x.number === i + 1);
      ol.append(
        h(
          'li',
          { class: `seq-${state.replace(' ', '-')}`, 'data-battle': i + 1 },
          h('strong', { text: `${b.name} (${b.year})` }),
          ` ${nation(b.attacker).name} ${attacks(b.attacker)} ${nation(b.defender).name} · `,
          ...(done ? battleOutcome(done) : [h('span', { class: 'battle-state', text: state })]),
          b.note ? h('br') : null,
          b.note ? h('small', { class: 'muted', text: b.note }) : null,
        ),
      );
    });
    // Each nation's army carries its losses from battle to battle: its strength now (no map
    // shows it in a sequence).
    const armies = h(
      'ul',
      { class: 'sequence-armies', id: 'sequence-armies' },
      ...(v.armies as Json[]).map((a) =>
        h(
          'li',
          {},
          h('span', { class: 'dot', style: `background:${nation(a.nation).colour}` }),
          ` ${armyName(a.id).replace(/^./, (c) => c.toUpperCase())}: ${counted(a.strength, 'unit')}`,
          a.lost.length ? h('span', { class: 'muted', text: ` (lost ${a.lost.join(', ')})` }) : null,
        ),
      ),
    );
    return h(
      'div',
      { class: 'box' },
      h('h3', { text: 'The battles in order' }),
      ol,
      h('h4', { text: 'The armies now' }),
      h('p', { class: 'muted', text: 'Losses carry over to the next battle.' }),
      armies,
    );
  }

  /// What the map's colours and marks mean.
  function mapKey(): HTMLElement {
    return h(
      'p',
      { class: 'map-key muted', id: 'map-key' },
      ...(v.scenario.nations as Json[]).flatMap((n) => [h('span', { class: 'dot', style: `background:${n.colour}` }), ` ${n.name} `]),
      h('br'),
      'Thick ring: a capital; ring: a city; red dotted ring: a battle this season; a number: a field army and its units.',
      h('span', { class: 'phone-only' }, ' A map wider than the screen scrolls sideways.'),
    );
  }

  function ordersBox(): HTMLElement | null {
    const me = mine();
    if (!me || v.phase !== 'orders') return null;
    const box = h('div', { class: 'box', id: 'orders' }, h('h3', { text: 'Your orders' }));
    if (v.my_orders) {
      const moves = Object.entries(v.my_orders as Record<string, string>);
      box.append(
        h('p', {
          text: moves.length
            ? `Sent: ${moves.map(([a, r]) => (r === 'stay' ? `${armyName(a)} stays` : `${armyName(a)} marches to ${regionOf(r)?.name ?? r}`)).join('; ')}.`
            : 'Sent: every army stays.',
        }),
      );
      box.append(h('p', { class: 'muted', text: 'They are revealed when every nation has given its orders.' }));
      return box;
    }
    const armies = (v.armies as Json[]).filter((x) => x.alive && x.nation === me);
    if (!armies.length) {
      box.append(h('p', { class: 'muted', text: 'You have no field army this season: nothing to order.' }));
      return box;
    }
    box.append(
      h('p', {
        class: 'muted',
        text: 'Click one of your armies on the map, then the neighbouring region it marches to (or choose below). Armies with no order stay.',
      }),
    );
    for (const a of armies) {
      const sel = h('select', { 'data-army': a.id, 'aria-label': `the order of ${armyName(a.id)}` }, h('option', { value: '', text: 'stays' }));
      for (const n of regionOf(a.region)?.neighbours ?? []) sel.append(h('option', { value: n, text: `marches to ${regionOf(n)?.name ?? n}` }));
      sel.value = planned.get(a.id) ?? '';
      sel.addEventListener('change', () => {
        if (sel.value) planned.set(a.id, sel.value);
        else planned.delete(a.id);
        render();
      });
      box.append(
        h(
          'div',
          { class: 'field' },
          h('label', { text: `${armyName(a.id)} in ${regionOf(a.region)?.name ?? a.region} (${counted(a.strength, 'unit')})` }),
          sel,
        ),
      );
    }
    box.append(
      h(
        'button',
        {
          class: 'primary',
          id: 'send-orders',
          onclick: () => act(`orders ${me}${[...planned.entries()].map(([a, r]) => ` ${a}=${r}`).join('')}`),
        },
        'Send the orders',
      ),
    );
    return box;
  }

  function resultForm(b: Json): HTMLElement {
    const winner = h(
      'select',
      { 'aria-label': 'winner', class: 'result-winner', 'data-keep': `result-${b.number}-winner` },
      // No winner until one is chosen: a result sent by mistake cannot be taken back.
      h('option', { value: '', text: 'Who won?' }),
      h('option', { value: b.attacker, text: `${nation(b.attacker).name} ${wins(b.attacker)}` }),
      h('option', { value: b.defender, text: `${nation(b.defender).name} ${wins(b.defender)}` }),
      h('option', { value: 'draw', text: 'a draw' }),
    );
    const rows = (b.players as Json[]).map((p) => {
      const lost = h('input', {
        'data-keep': `result-${b.number}-lost-${p.nation}`,
        type: 'number',
        min: 0,
        max: 12,
        value: 0,
        'data-nation': p.nation,
        class: 'lost',
        'aria-label': `${nation(p.nation).name}: units lost`,
      });
      const general = h('input', { type: 'checkbox', 'data-nation': p.nation, class: 'general', 'data-keep': `result-${b.number}-general-${p.nation}` });
      const camp = h('input', { type: 'checkbox', 'data-nation': p.nation, class: 'camp', 'data-keep': `result-${b.number}-camp-${p.nation}` });
      return h(
        'div',
        { class: 'result-row' },
        h('strong', { text: nation(p.nation).name }),
        h('label', {}, 'units lost ', lost),
        h('label', { class: 'check' }, general, ' General fell'),
        h('label', { class: 'check' }, camp, ' Camp fell'),
      );
    });
    const form = h(
      'details',
      { class: 'result-form', 'data-keep': `result-${b.number}` },
      h('summary', { text: 'Enter the result from the table' }),
      h('p', {
        class: 'muted',
        text: 'Units lost: those destroyed, not counting the General and the Camp (tick those). A result cannot be taken back.',
      }),
      winner,
      ...rows,
    );
    form.append(
      h(
        'button',
        {
          type: 'button',
          class: 'small primary send-result',
          onclick: () => {
            if (!winner.value) {
              notice = `Battle ${b.number}: choose who won before sending the result.`;
              return render();
            }
            const lost: Record<string, number> = {};
            form.querySelectorAll<HTMLInputElement>('input.lost').forEach((i) => (lost[i.dataset.nation!] = Number(i.value) || 0));
            const picked = (cls: string) => [...form.querySelectorAll<HTMLInputElement>(`input.${cls}`)].filter((i) => i.checked).map((i) => i.dataset.nation!);
            send({ type: 'campaign_result', battle: b.number, winner: winner.value, lost, general: picked('general'), camp: picked('camp') });
          },
        },
        'Send the result',
      ),
    );
    return form;
  }

  const allied = (x: string, y: string) => (v.alliances as string[][]).some((p) => (p[0] === x && p[1] === y) || (p[0] === y && p[1] === x));

  function battlesBox(): HTMLElement | null {
    if (!v.battles.length) return null;
    const me = mine();
    const list = h('ul', { class: 'battle-list' });
    for (const b of v.battles as Json[]) {
      const sideOf = (side: number) => (b.players as Json[]).filter((p) => p.side === side);
      const sides = (side: number) =>
        sideOf(side)
          .map((p) => nation(p.nation).name + (p.contingent ? ' (contingent)' : ''))
          .join(' + ');
      const side = me === b.attacker || me === b.defender;
      const fights = (b.players as Json[]).some((p) => p.nation === me);
      const state = b.resolved ? `${b.winner === 'draw' ? 'a draw' : `${nation(b.winner).name} won`}` : b.game_id ? 'being played online' : 'to be fought';
      const li = h(
        'li',
        { 'data-battle': b.number, class: `${b.resolved ? 'resolved' : ''} ${fights ? 'mine' : ''}` },
        h('strong', { text: `${b.number}. ${b.name}` }),
        h('span', { text: ` ${sides(1)} ${sideOf(1).length > 1 ? 'attack' : attacks(b.attacker)} ${sides(2)}` }),
        h('span', { class: 'battle-state', text: ` · ${state}${fights && !b.resolved ? ' · your battle' : ''}` }),
      );
      const waiting = (b.offers as string[]).filter((o) => !(b.contingents as string[]).includes(o));
      if (waiting.length && !b.resolved)
        li.append(
          h('p', {
            class: 'muted offers',
            text: waiting
              .map((o) => `${nation(o).name} offers a contingent to ${nation(allied(o, b.attacker) ? b.attacker : b.defender).name}, who may accept it.`)
              .join(' '),
          }),
        );
      const buttons = h('div', { class: 'buttons' });
      if (!b.resolved) {
        if (b.game_id) {
          for (const seat of b.seats ?? []) {
            const a = h('a', {
              class: 'button primary small',
              href: seat.url.replace(/^\//, ''),
              target: '_blank',
              'data-seat': seat.seat,
              text: `Play as ${nation(seat.nation).name}`,
            });
            // The battle's page leads back to this page (its role), not to the campaign link
            // opened last in this browser: at one laptop that is another nation's.
            const remember = () => rememberSeat(id, seat.url, token);
            a.addEventListener('click', remember);
            a.addEventListener('auxclick', remember);
            buttons.append(a);
          }
          buttons.append(h('a', { class: 'button small', href: `#game=${b.game_id}`, target: '_blank', text: 'Watch' }));
        } else if (organiser() || side) {
          buttons.append(
            h(
              'button',
              { class: 'small primary play-online', onclick: () => send({ type: 'campaign_battle', battle: b.number, how: 'online' }) },
              'Play it online',
            ),
            h(
              'button',
              { class: 'small play-computer', onclick: () => send({ type: 'campaign_battle', battle: b.number, how: 'computer' }) },
              'Let the computer play it out',
            ),
          );
        }
        // Contingents: an ally of a side in reach offers (the server says who may); the side's
        // nation accepts.
        if (me && (b.may_offer as string[] | undefined)?.includes(me))
          buttons.append(
            h(
              'button',
              { class: 'small offer', onclick: () => act(`offer ${b.number} ${me}`) },
              `Offer ${nation(allied(me, b.attacker) ? b.attacker : b.defender).name} a contingent`,
            ),
          );
        // Only the side a contingent would join accepts it (the server refuses the other side).
        for (const ally of waiting.filter((o) => organiser() || (side && me !== null && allied(o, me))))
          buttons.append(h('button', { class: 'small', onclick: () => act(`accept ${b.number} ${ally}`) }, `Accept ${nation(ally).name}'s contingent`));
      } else if (b.game_id) buttons.append(h('a', { class: 'button small', href: `#replay=${b.game_id}`, text: 'Replay' }));
      li.append(buttons);
      if (!b.resolved && organiser()) li.append(resultForm(b));
      list.append(li);
    }
    return h(
      'div',
      { class: 'box', id: 'battles' },
      h('h3', { text: sequence() ? 'This battle' : v.phase === 'battles' ? 'Battles this season' : 'Battles' }),
      list,
    );
  }

  const alliancesText = () =>
    (v.alliances as string[][]).length ? (v.alliances as string[][]).map((p) => `${nation(p[0]).name} and ${nation(p[1]).name}`).join('; ') : 'none';

  function politicsBox(): HTMLElement | null {
    if (v.phase !== 'politics' || !v.role) return null;
    const nations = v.scenario.nations as Json[];
    const option = (n: Json) => h('option', { value: n.id, text: n.name });
    // A nation makes or ends its own alliances; the organiser any two nations'.
    const from = organiser() ? h('select', { id: 'ally-from', 'aria-label': 'nation', 'data-keep': 'ally-from' }, ...nations.map(option)) : null;
    const withSel = h('select', { id: 'ally-with', 'aria-label': 'with', 'data-keep': 'ally-with' }, ...nations.filter((n) => n.id !== mine()).map(option));
    if (from && nations.length > 1) withSel.value = nations[1].id;
    const button = h('button', { class: 'small', id: 'alliance' });
    const update = () => {
      const a = from ? from.value : mine()!;
      const b = withSel.value;
      const both = from ? `${nation(a).name} and ${nation(b).name}` : nation(b).name;
      // A pair whose alliance was made or ended this season is not made again before the next.
      const changed = ((v.changed_this_season as string[][] | undefined) ?? []).some((p) => (p[0] === a && p[1] === b) || (p[0] === b && p[1] === a));
      if (a !== b && changed && !allied(a, b)) {
        button.disabled = true;
        button.textContent = `Ended this season: no new alliance ${from ? 'of' : 'with'} ${both} before the next`;
        return;
      }
      button.disabled = a === b;
      button.textContent =
        a === b ? 'Choose two nations' : allied(a, b) ? `End the alliance ${from ? 'of' : 'with'} ${both}` : `Make an alliance ${from ? 'of' : 'with'} ${both}`;
    };
    button.addEventListener('click', () => {
      const a = from ? from.value : mine()!;
      act(`${allied(a, withSel.value) ? 'break' : 'ally'} ${a} ${withSel.value}`);
    });
    from?.addEventListener('change', update);
    withSel.addEventListener('change', update);
    afterRender.push(update);
    return h(
      'div',
      { class: 'box', id: 'politics' },
      h('h3', { text: 'Politics' }),
      h('p', { id: 'alliances-now' }, h('strong', { text: 'Alliances now: ' }), alliancesText()),
      h('p', {
        class: 'muted',
        text: 'Alliances are public. Allies never fight each other; an ally with an army in or next to a battle may send a contingent. An alliance may be made or ended only now, in politics, and a pair only once a season.',
      }),
      h('div', { class: 'field inline politics-form' }, from, from ? ' and ' : null, withSel, button),
    );
  }

  /// What the campaign waits for, in words, and whether it is this viewer's move.
  function waitingLine(): { text: string; yours: boolean } | null {
    const me = mine();
    const names = (ids: string[]) => ids.map((n) => nation(n).name).join(', ');
    const last = lastStep();
    if (v.phase === 'politics')
      return organiser()
        ? { text: 'Politics: the nations may make or end alliances, each on its own page. Then move on to the orders (Organiser).', yours: true }
        : me
          ? { text: 'Politics: make or end alliances below if you wish. The organiser then moves on to the orders.', yours: false }
          : { text: 'Politics: the nations may make or end alliances. The organiser then moves on to the orders.', yours: false };
    if (v.phase === 'orders') {
      const due = (v.scenario.nations as Json[])
        .map((n) => n.id as string)
        .filter((n) => (v.armies as Json[]).some((a) => a.alive && a.nation === n) && !(v.orders_given as string[]).includes(n));
      if (me && due.includes(me)) {
        const others = due.filter((n) => n !== me);
        return {
          text: `Your orders are awaited${others.length ? `, and those of ${names(others)}` : ''}: click an army of yours on the map, then where it marches, and send them (below the map).`,
          yours: true,
        };
      }
      return { text: `Waiting for the orders of ${names(due)}. They are revealed together when the last are sent.`, yours: false };
    }
    if (v.phase === 'battles') {
      const open = (v.battles as Json[]).filter((b) => !b.resolved);
      const title = (b: Json) => `${b.number}. ${b.name}`;
      if (!open.length) {
        const what = last ? 'end the campaign' : v.scenario.kind === 'sequence' ? 'go on to the next battle' : 'start the next season';
        return organiser()
          ? { text: `Every battle has its result: ${what} (Organiser).`, yours: true }
          : { text: `Every battle has its result: the organiser will ${what}.`, yours: false };
      }
      const own = open.filter((b) => (b.players as Json[]).some((p) => p.nation === me));
      if (own.length)
        return { text: `Your battle${own.length > 1 ? 's' : ''}: ${own.map(title).join(', ')}: play it below, or let the computer play it out.`, yours: true };
      return { text: `Waiting for the result of ${open.map(title).join(', ')}.`, yours: organiser() };
    }
    return null;
  }

  function organiserBox(): HTMLElement | null {
    if (!organiser() || v.phase === 'over') return null;
    const box = h('div', { class: 'box', id: 'organiser' }, h('h3', { text: 'Organiser' }));
    const open = (v.battles as Json[]).filter((b) => !b.resolved).length;
    const last = lastStep();
    if (v.phase === 'orders')
      box.append(
        h('p', {
          class: 'muted',
          id: 'next-note',
          text: 'The orders are revealed by themselves when the last nation sends its own. A player who is away: let the computer play their nation (below); it orders at once.',
        }),
      );
    else {
      const label =
        v.phase === 'politics'
          ? 'Politics done: to the orders'
          : last
            ? 'End the campaign (winter, final standings)'
            : v.scenario.kind === 'sequence'
              ? 'Next battle'
              : 'Next season';
      box.append(h('p', {}, h('button', { class: 'primary', id: 'next-phase', disabled: open > 0, onclick: () => act('next') }, label)));
      if (open > 0)
        box.append(h('p', { class: 'muted', id: 'next-note', text: `Possible when every battle has its result (${counted(open, 'battle')} to go).` }));
    }
    const here = (n: string) => ((v.present as string[] | undefined) ?? []).includes(n);
    const rows = (v.scenario.nations as Json[]).map((n) => {
      const computer = (v.computer as string[]).includes(n.id);
      return h(
        'li',
        {},
        h('span', { class: 'dot', style: `background:${n.colour}` }),
        ` ${n.name}: ${computer ? 'the computer plays it' : 'a person plays it'}`,
        // Whether its player has the campaign open now (the server's "present").
        computer
          ? ' '
          : h('span', {
              class: `presence ${here(n.id) ? 'here' : 'away'}`,
              text: here(n.id) ? ' · here ' : ' · not here ',
            }),
        h(
          'button',
          { class: 'small', onclick: () => act(`${computer ? 'human' : 'computer'} ${n.id}`) },
          computer ? 'Give it back to its player' : 'Let the computer play it',
        ),
      );
    });
    if ((v.scenario.nations as Json[]).some((n) => !here(n.id) && !(v.computer as string[]).includes(n.id)))
      box.append(h('p', { class: 'muted', id: 'absent-note', text: 'A player not here: send their link (below), or let the computer play their nation.' }));
    box.append(h('ul', { class: 'nation-list' }, ...rows));
    // The links again: for a player who lost theirs or comes late.
    const links = (v.links as Json[] | undefined) ?? [];
    if (links.length)
      box.append(
        h(
          'details',
          { id: 'campaign-links', 'data-keep': 'campaign-links' },
          h('summary', { text: 'The players’ links' }),
          h('p', { class: 'muted', text: 'Each is a nation’s place in the campaign: send it to its player only. Yours runs the day: keep it.' }),
          h('div', { class: 'invites' }, ...links.map((l) => linkRow(l.role === 'organiser' ? 'You (the organiser)' : nation(l.role).name, l.url, l.role))),
        ),
      );
    return box;
  }

  /// The cities and capitals a nation holds now, e.g. "4 (1)": one of the four a capital.
  function citiesOf(n: string): string {
    const held = (v.scenario.regions as Json[]).filter((r) => v.owner[r.id] === n);
    const capitals = held.filter((r) => r.kind === 'capital').length;
    const cities = held.filter((r) => r.kind === 'city').length;
    return `${cities + capitals}${capitals ? ` (${capitals})` : ''}`;
  }

  function standingsBox(): HTMLElement {
    const table = h(
      'table',
      { class: 'standings', id: 'standings' },
      h(
        'tr',
        {},
        h('th', { text: '#' }),
        h('th', { text: 'Nation' }),
        sequence() ? null : h('th', { text: 'Cities', title: 'cities and capitals held now (capitals in brackets): they score at the end and break ties' }),
        h('th', { text: 'Prestige' }),
      ),
    );
    (v.standings as string[]).forEach((n, i) =>
      table.append(
        h(
          'tr',
          { class: n === mine() ? 'me' : '' },
          h('td', { text: String(i + 1) }),
          h(
            'td',
            {},
            h('span', { class: 'dot', style: `background:${nation(n).colour}` }),
            ` ${nation(n).name}${(v.computer as string[]).includes(n) ? ' (computer)' : ''}`,
          ),
          sequence() ? null : h('td', { class: 'cities', text: citiesOf(n) }),
          h('td', { text: String(v.prestige[n] ?? 0) }),
        ),
      ),
    );
    return h(
      'div',
      { class: 'box' },
      h('h3', { text: v.phase === 'over' ? `The campaign is over: ${nation(v.winner).name} ${wins(v.winner)}` : 'Standings' }),
      table,
      h('p', { class: 'muted', id: 'alliances' }, `Alliances: ${alliancesText()}.`),
      scoringNote(),
    );
  }

  /// How prestige is won and lost, how the campaign ends and what becomes of a beaten army: the
  /// scenario's own numbers (docs/campaign.md), where the players read the standings.
  function scoringNote(): HTMLElement {
    const r: Json = v.scenario.rules ?? {};
    const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
    const rule = (n: unknown, what: string) => (typeof n === 'number' ? `${what} ${signed(n)}` : null);
    const scores = [rule(r.battle_won, 'a battle won'), rule(r.camp_taken, 'an enemy Camp taken'), rule(r.general_lost, 'a General lost')].filter(Boolean);
    const text = [
      scores.length ? `Prestige: ${scores.join(', ')}.` : '',
      sequence()
        ? 'After the last battle the most prestige wins.'
        : `At the end${typeof r.city_held === 'number' ? ` each city held scores ${signed(r.city_held)}` : ''}${typeof r.capital_held === 'number' ? ` and each capital ${signed(r.capital_held)}` : ''}; the most prestige wins, ties going to the most cities (capitals included).`,
      typeof r.disband_below === 'number'
        ? `An army left with fewer than ${counted(r.disband_below, 'unit')} besides its General and Camp is disbanded${sequence() ? ' and raised anew for its next battle' : ''}.`
        : '',
      !sequence() && typeof r.winter_regain === 'number'
        ? `In winter (${r.winter_every_season ? 'after every season' : 'after the last season'}) each army regains up to ${counted(r.winter_regain, 'lost unit')} for each city or capital its nation holds in or next to its region.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    return h('p', { class: 'muted scoring', id: 'scoring', text });
  }

  /// One line of the chronicle, a battle's game named by its replay link.
  function chronicleItem(e: Json): HTMLElement {
    const li = h('li', { class: `kind-${e.kind}` }, h('small', { class: 'muted', text: sequence() ? `${e.kind} ` : `Season ${e.season} · ${e.kind} ` }));
    const m = String(e.text ?? '').match(/^(.*)\(game: (\/#replay=[0-9a-f]+)\)(.*)$/);
    if (m) li.append(m[1], h('a', { href: m[2].replace(/^\//, ''), text: 'replay' }), m[3]);
    else li.append(String(e.text ?? ''));
    return li;
  }

  function chronicleBox(): HTMLElement {
    const ol = h('ol', { class: 'chronicle', id: 'chronicle' }, ...(v.chronicle as Json[]).map(chronicleItem));
    return h('div', { class: 'box' }, h('h3', { text: 'Chronicle' }), ol);
  }

  /// The map after an ended season, or now: one button each (a map campaign, from season 2).
  function seasonBar(): HTMLElement | null {
    const ended = endedSeasons();
    if (!ended.length) return null;
    const pick = (n: number | null) => {
      shownSeason = n;
      picked = null;
      if (n !== null && !seasons.has(n)) send({ type: 'campaign_season', season: n });
      render();
    };
    const button = (n: number | null, label: string) =>
      h(
        'button',
        {
          type: 'button',
          class: `small ${shownSeason === n ? 'primary' : ''}`,
          'data-season': n ?? 'now',
          'aria-pressed': shownSeason === n,
          onclick: () => pick(n),
        },
        label,
      );
    return h(
      'div',
      { class: 'season-bar', id: 'season-bar', role: 'group', 'aria-label': 'the map after a season' },
      h('span', { class: 'muted', text: 'The map: ' }),
      ...ended.filter((n) => n < v.season || v.phase !== 'over').map((n) => button(n, `after season ${n}`)),
      button(null, v.phase === 'over' ? 'at the end' : `now (season ${v.season})`),
    );
  }

  /// A battle gone by, with its result: who attacked whom (the armies by name), the
  /// contingents, who won, the losses and the replay of a battle played online.
  function pastBattleItem(b: Json, armies: Json[], season = false): HTMLElement {
    const by = (army: unknown, named: unknown, n: string, alone: string) =>
      typeof named === 'string' && named ? named : typeof army === 'string' && army ? armyName(army, armies) : `${nation(n).name} (${alone})`;
    const its = (n: string) => (nation(n).plural ? 'their' : 'its');
    const allies = ((b.contingents as string[] | undefined) ?? []).map((n) => nation(n).name);
    return h(
      'li',
      { 'data-battle': b.number, class: 'resolved' },
      h('strong', { text: `${season ? `Season ${b.season} · ` : ''}${b.number}. ${b.name}` }),
      ` ${by(b.attacker_army, b.attacker_army_name, b.attacker, `${its(b.attacker)} army`)} attacked ${by(b.defender_army, b.defender_army_name, b.defender, `${its(b.defender)} ${sequence() ? 'army' : 'garrison'}`)}`,
      allies.length ? `, with the contingents of ${allies.join(' and ')}` : '',
      ' · ',
      ...battleOutcome(b),
    );
  }

  /// A battle's result as its lists say it: who won, what each side lost, and the replay of a
  /// battle played online.
  function battleOutcome(b: Json): (HTMLElement | null)[] {
    const result = !b.resolved ? 'no result' : b.winner === 'draw' ? 'a draw' : `${nation(b.winner).name} won`;
    const lost = (n: string, units: unknown) => `${nation(n).name} lost ${counted(((units as unknown[] | undefined) ?? []).length, 'unit')}`;
    const replay = String(b.game ?? '').match(/^\/#replay=([0-9a-f]+)$/);
    return [
      h('span', { class: 'battle-state', text: result }),
      b.resolved ? h('span', { class: 'muted', text: ` (${lost(b.attacker, b.attacker_lost)}, ${lost(b.defender, b.defender_lost)})` }) : null,
      replay ? h('span', {}, ' · ', h('a', { href: `#replay=${replay[1]}`, text: 'replay' })) : null,
    ];
  }

  /// At the end of a map campaign: every battle of the day, season by season, with its result
  /// (the last season's had nowhere else to be seen).
  function campaignBattlesBox(): HTMLElement | null {
    if (sequence() || v.phase !== 'over' || shownSeason !== null) return null;
    const history = (v.history as Json[] | undefined) ?? [];
    return h(
      'div',
      { class: 'box', id: 'campaign-battles' },
      h('h3', { text: 'The battles of the campaign' }),
      history.length
        ? h('ul', { class: 'battle-list' }, ...history.map((b) => pastBattleItem(b, v.armies, true)))
        : h('p', { class: 'muted', text: 'No battle was fought.' }),
    );
  }

  /// What happened in the season looked back on: its battles and results, its chronicle, the
  /// prestige after it (the server's campaign_season: public things only).
  function pastSeasonBox(): HTMLElement | null {
    if (shownSeason === null) return null;
    const then = past();
    const box = h('div', { class: 'box', id: 'season-past' }, h('h3', { text: `Season ${shownSeason}: what happened` }));
    if (!then) {
      box.append(h('p', { class: 'muted', text: 'Asking the server for it…' }));
      return box;
    }
    const battles = (then.battles as Json[] | undefined) ?? [];
    const list = h('ul', { class: 'battle-list' }, ...battles.map((b) => pastBattleItem(b, (then.armies as Json[] | undefined) ?? [])));
    box.append(battles.length ? list : h('p', { class: 'muted', text: 'No battles this season.' }));
    const prestige = ((then.standings as string[] | undefined) ?? []).map((n) => `${nation(n).name} ${then.prestige?.[n] ?? 0}`).join(' · ');
    if (prestige) box.append(h('p', { class: 'muted', id: 'season-prestige', text: `Prestige after it: ${prestige}.` }));
    box.append(
      h(
        'details',
        { 'data-keep': `season-${shownSeason}-chronicle`, open: true },
        h('summary', { text: 'Its chronicle' }),
        h('ol', { class: 'chronicle', id: 'season-chronicle' }, ...((then.chronicle as Json[] | undefined) ?? []).map(chronicleItem)),
      ),
    );
    return box;
  }

  function render(): void {
    if (!v) return;
    const who = organiser()
      ? 'You are the organiser'
      : mine()
        ? `You play ${nation(mine()!).name}${(v.computer as string[]).includes(mine()!) ? ' (the computer plays it for you now: ask the organiser to give it back)' : ''}`
        : 'Watching';
    const phase =
      v.phase === 'over'
        ? 'The campaign is over'
        : sequence()
          ? `Battle ${v.battles[0]?.number ?? ''} of ${v.scenario.battles.length} · ${v.phase}`
          : `Season ${v.season} of ${v.scenario.seasons} · ${v.phase}`;
    document.title = `${v.scenario.title} · Ancients`;
    const head = h(
      'div',
      { class: 'campaign-head' },
      h('h1', { text: v.scenario.title }),
      h('span', { class: 'turn', text: phase }),
      h('span', { class: 'state', id: 'campaign-role', text: who }),
    );
    const line = waitingLine();
    const waiting = line ? h('p', { class: `waiting ${line.yours ? 'yours' : ''}`, id: 'waiting', role: 'status', text: line.text }) : null;
    const kept = keptState(app);
    afterRender = [];
    const main = h(
      'div',
      { class: 'campaign-main' },
      waiting,
      ...(sequence()
        ? [sequenceBox()]
        : [seasonBar(), h('div', { class: `campaign-map-wrap ${past() ? 'past' : ''}` }, mapPicture(past())), mapKey(), pastSeasonBox(), campaignBattlesBox()]),
      notice ? h('div', { class: 'box notice err', role: 'alert', id: 'campaign-error', text: notice }) : null,
      ordersBox(),
      politicsBox(),
      battlesBox(),
    );
    const side = h('aside', { class: 'side' }, organiserBox(), standingsBox(), chronicleBox());
    app.replaceChildren(h('div', { class: 'campaign' }, head, main, side));
    restoreState(app, kept);
    for (const f of afterRender) f();
    const chronicle = document.getElementById('chronicle');
    if (chronicle) chronicle.scrollTop = chronicle.scrollHeight; // the newest at hand
  }

  // A battle's game page leads back here (campaignLink).
  if (token) localStorage.setItem(`${CAMPAIGN_TOKENS}.${id}`, token);
  connect();
  return () => {
    closed = true;
    ws?.close();
  };
}

const CAMPAIGN_TOKENS = 'ancients.campaign';

type Kept = Map<string, { value?: string; checked?: boolean; open?: boolean; focus: boolean }>;

/// The state of every form element marked data-keep (a choice half made, a result half typed
/// in, a section opened, the focus): every update of the campaign draws the page anew.
function keptState(root: HTMLElement): Kept {
  const kept: Kept = new Map();
  root.querySelectorAll<HTMLElement>('[data-keep]').forEach((el) => {
    const focus = document.activeElement === el;
    if (el instanceof HTMLDetailsElement) kept.set(el.dataset.keep!, { open: el.open, focus });
    else if (el instanceof HTMLInputElement && el.type === 'checkbox') kept.set(el.dataset.keep!, { checked: el.checked, focus });
    else if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) kept.set(el.dataset.keep!, { value: el.value, focus });
  });
  return kept;
}

function restoreState(root: HTMLElement, kept: Kept): void {
  root.querySelectorAll<HTMLElement>('[data-keep]').forEach((el) => {
    const k = kept.get(el.dataset.keep!);
    if (!k) return;
    if (el instanceof HTMLDetailsElement && k.open !== undefined) el.open = k.open;
    else if (el instanceof HTMLInputElement && k.checked !== undefined) el.checked = k.checked;
    else if (el instanceof HTMLSelectElement && k.value !== undefined) {
      if ([...el.options].some((o) => o.value === k.value)) el.value = k.value;
    } else if (el instanceof HTMLInputElement && k.value !== undefined) el.value = k.value;
    if (k.focus) el.focus();
  });
}

/// Copies a link: the clipboard where the page may use it (https or this computer), else the
/// browser's copy command on the selected text (a club's server on its own network, plain http).
async function copyLink(input: HTMLInputElement, button: HTMLButtonElement): Promise<void> {
  input.select();
  let ok = false;
  try {
    await navigator.clipboard.writeText(input.value);
    ok = true;
  } catch {
    ok = document.execCommand('copy');
  }
  button.textContent = ok ? 'Copied' : 'Copy it by hand';
}

/// One link to hand out: whose it is, the link, Copy.
function linkRow(name: string, url: string, role: string): HTMLElement {
  const link = location.origin + location.pathname + url.replace(/^\//, '');
  const input = h('input', {
    readonly: true,
    value: link,
    'data-role': role,
    ...(role === 'organiser' ? {} : { 'data-nation': role }),
    'aria-label': `${name}: link`,
  });
  const copy = h('button', { type: 'button', class: 'small copy' }, 'Copy');
  copy.addEventListener('click', () => void copyLink(input, copy));
  return h('div', { class: 'invite' }, h('strong', { text: name }), input, copy);
}

/// The seat token of a battle's seat link (`/#game=ID&token=T`).
const seatToken = (url: string): string | null => url.match(/[#&]token=([^&]+)/)?.[1] ?? null;

/// A seat link followed from a campaign page: its battle leads back to that page's role.
function rememberSeat(id: string, url: string, token: string): void {
  const seat = seatToken(url);
  if (seat && token) localStorage.setItem(`${CAMPAIGN_TOKENS}.${id}.seat.${seat}`, token);
}

/// The link back to a campaign from one of its battles: the campaign page whose seat link was
/// followed to this seat (`seat`: its token), else this browser's token for the campaign.
export function campaignLink(id: string, seat = ''): string {
  const token = (seat && localStorage.getItem(`${CAMPAIGN_TOKENS}.${id}.seat.${seat}`)) || localStorage.getItem(`${CAMPAIGN_TOKENS}.${id}`);
  return `#campaign=${id}${token ? `&token=${token}` : ''}`;
}

/// The lobby's box that starts a campaign day: a bundled scenario, then the links.
export function campaignLobbyBox(): HTMLElement {
  const box = h('div', { class: 'box', id: 'campaign-new' }, h('h2', { text: 'Campaign day' }));
  const pick = h('select', { id: 'scenario', 'aria-label': 'scenario' });
  const note = h('p', { class: 'muted' });
  const about = h('p', { class: 'muted' });
  const aboutBox = h('details', { class: 'scenario-notes' }, h('summary', { text: 'About this scenario' }), about);
  const out = h('div', { id: 'campaign-made', 'aria-live': 'polite' });
  let list: Json[] = [];
  const describe = () => {
    const sc = list.find((x) => x.id === pick.value);
    note.textContent = sc
      ? `${sc.kind === 'map' ? `${sc.seasons} seasons on a map` : `${sc.battles} battles in order`}; ${sc.nations.map((n: Json) => n.name).join(', ')}.`
      : '';
    about.textContent = sc?.notes ?? '';
  };
  pick.addEventListener('change', describe);
  void fetch('/api/scenarios')
    .then((r) => r.json())
    .then((ans: Json) => {
      list = ans.scenarios ?? [];
      pick.replaceChildren(...list.map((sc) => h('option', { value: sc.id, text: sc.title })));
      describe();
      // The top bar's "Campaign day" link (#campaign-day): the box in sight once it is whole.
      if (hashParams().has('campaign-day')) requestAnimationFrame(() => box.scrollIntoView({ behavior: 'instant', block: 'start' }));
    })
    .catch(() => (note.textContent = 'The scenarios cannot be read now.'));
  const start = h('button', { type: 'button', class: 'primary', id: 'start-campaign' }, 'Start the campaign');
  start.addEventListener('click', async () => {
    out.replaceChildren();
    try {
      const res = await fetch('/api/campaigns', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario: pick.value }),
      });
      const ans = await res.json();
      if (!res.ok) throw new Error(ans?.error ?? res.statusText);
      // Once: a second click would start another campaign and put its links over these.
      start.disabled = true;
      start.textContent = 'Started: its links are below';
      out.append(
        h('p', {
          text: 'Send each player their nation’s link (it is their place in the campaign: keep it private). Yours runs the day: keep it (the campaign page shows the players’ links again).',
        }),
        h(
          'div',
          { class: 'invites' },
          ...(ans.nations as Json[]).map((n) => linkRow(n.name, n.url, n.id)),
          linkRow('You (the organiser)', ans.url, 'organiser'),
        ),
        h('p', {}, h('a', { href: ans.url.replace(/^\//, ''), id: 'go-campaign', class: 'button primary', text: 'Open the campaign as its organiser' })),
      );
    } catch (e) {
      out.append(h('p', { class: 'notice err', role: 'alert', text: `The campaign was not started: ${(e as Error).message}` }));
    }
  });
  box.append(
    h('p', { class: 'muted', text: 'A day of battles for 4 to 6 people: a map, seasons, politics and a chronicle.' }),
    pick,
    note,
    aboutBox,
    start,
    out,
  );
  return box;
}
