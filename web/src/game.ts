// A game screen: one WebSocket to the server (reconnecting and resynchronising by itself), the
// board or the card table, the hand, the decision with its choices in words, the explanation of
// what the pointer is on, the log with what happened, and the game-over screen with the reason.
// The server sends only what this seat may know.
import { bookForView, cardNote, explain, Explanation, shown, statOf, switchesOn, unitSummary } from './books';
import { boardColumn, scrollToShow, zoomableBoard, zoomOffered } from './boardzoom';
import { CounterMark, markLegend, renderBoard, terrainLegend, unitKey } from './board';
import { counted, title } from './data';
import { DeploymentPlanner } from './deploy';
import { fieldSummary, FieldUi } from './field';
import {
  ActionInfo,
  asInfo,
  expandGroups,
  forcedChoice,
  futileLast,
  groupChoice,
  legalInfos,
  lossWarning,
  reasonOnly,
  refusalText,
  saysAlready,
} from './describe';
import { genericActions, genericView } from './generic';
import { GeneralsUi, LastBattle, knownOutOfSight, renderGeneralsHand, renderGeneralsTable, resolvedBattle } from './generals';
import { h, Json, keptOpen, logWidth, setStatus } from './util';
import { clockLeft, clockText, headControls, mergePresence, refreshTableBox, rememberGame, seatNote, tableBox, TableContext } from './table';
import { campaignLink } from './campaign';
import { isPlural, namedFor, possessive, seatName } from './names';
import {
  LogLine,
  battlesFromLog,
  decidingBlow,
  drawnThisTurn,
  logEntries,
  lastMoveLine,
  lastScoutTurn,
  readEvents,
  recentFallen,
  sinceOwnLast,
  turnMoves,
} from './logentries';

/// A square of a position explained: its unit (of `units`) as the rules book has it, with whose
/// it is (`whose(owner)`: "Your", "Gauls’"), the terrain under it, Elite and the nominated
/// General (the book, built for the game's options, says what its house rules change of the
/// type); else the square's terrain. The table and the replay share it.
export function squareExplanation(v: Json, units: Json[], sq: string, whose: (owner: number) => string): Explanation {
  const u = units.find((x: Json) => x.square === sq);
  const terrain = v.terrain?.[sq] ?? 'clear';
  if (!u) return explain(shown.book, terrain, 'terrain');
  const extra = [`${whose(u.owner)} unit on ${sq} (${title(terrain)}).`];
  if (u.elite) extra.push('Elite: may use Elite cards.');
  if (u.general) extra.push('The nominated General: it counts as the General, for its loss (its loss points say) and for Rally.');
  return explain(shown.book, u.type, 'units', extra);
}

const AUTOPASS = 'ancients.autopass';
/// How long an attack or a move that cannot be answered stays shown before it is taken.
const FORCED_ANSWER_MS = 1800;
/// How a refused click on a unit that cannot join the group advance being built begins.
const GROUP_REFUSAL = 'Group advance kept:';
/// How the note on a click that chose nothing begins.
const CLICK_REFUSAL = 'Nothing to do there:';
export const autopassOn = () => localStorage.getItem(AUTOPASS) !== 'off';
/// A phone or a narrow window: one column, the board above the side panel (style.css).
const NARROW = '(max-width: 900px)';
export const narrow = () => window.matchMedia(NARROW).matches;

export function explanationBox(e: Explanation | null): HTMLElement {
  const box = h('div', { class: 'box explain', id: 'explain', 'aria-live': 'polite' });
  if (!e) {
    box.append(
      h('h3', { text: 'Explanations' }),
      h('p', { class: 'muted', text: 'Point at (or tap) anything on the table, a card, a unit or a phase, to read what it does.' }),
    );
    return box;
  }
  box.append(h('h3', {}, e.title, e.subtitle ? h('small', { text: ` ${e.subtitle}` }) : null));
  if (e.stats?.length) box.append(h('dl', { class: 'stats' }, ...e.stats.flatMap(([k, v]) => [h('dt', { text: k }), h('dd', { text: v })])));
  if (e.lines.length) box.append(h('ul', {}, ...e.lines.map((l) => h('li', { text: l }))));
  return box;
}

/// Shows another explanation in the panel. Pointing changes it between renders, and the panel
/// never gets shorter then: where the page is scrolled to its end, a shorter panel would pull the
/// page down under the pointer, onto another card with a taller explanation, and the page would
/// shake between the two.
function replaceExplanation(e: Explanation | null): void {
  const old = document.getElementById('explain');
  if (!old) return;
  const box = explanationBox(e);
  box.style.minHeight = `${old.getBoundingClientRect().height}px`;
  old.replaceWith(box);
}

/// On a narrow screen, where the explanation panel is out of sight below the board, a tap
/// shows the explanation in a sheet at the bottom of the screen (closed by a tap on it).
export function showSheet(e: Explanation): void {
  document.getElementById('sheet')?.remove();
  if (!narrow()) return;
  const sheet = explanationBox(e);
  sheet.id = 'sheet';
  sheet.classList.add('sheet');
  sheet.setAttribute('role', 'dialog');
  sheet.append(h('p', { class: 'muted', text: 'Tap to close.' }));
  sheet.addEventListener('click', () => sheet.remove());
  document.body.append(sheet);
}

export function fatal(app: HTMLElement, heading: string, text: string, extra: HTMLElement | null = null): void {
  app.replaceChildren(
    h(
      'div',
      { class: 'box notice err', id: 'fatal', role: 'alert' },
      h('h2', { text: heading }),
      h('p', { text }),
      extra,
      h('p', {}, h('a', { href: '#', class: 'button primary', text: 'Back to the lobby' })),
    ),
  );
}

export function showGame(app: HTMLElement, id: string, token: string): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let msg: Json = null;
  let log: LogLine[] = [];
  let selCard: string | null = null;
  let notedCard: string | null = null; // the card explained under the hand: the one last clicked
  let selFrom: string | null = null;
  let group: string[] = []; // units added to selFrom's group advance, by clicking them
  let lastBattle: LastBattle | null = null; // Ancient Generals: the battle last resolved
  let earlierBattle: LastBattle | null = null; // and the one before it
  let waitedFolded = false; // the list of what others did while the player waited, folded by the player
  let waitedOpened = false; // ... and a board's list (folded at first), opened by the player
  let refusal = '';
  let inspected: Explanation | null = null;
  // The square the explanation is of (null: a card, phase or terrain), explained again from each
  // new view, so that it never describes a unit that has since moved or died.
  let inspectedSquare: string | null = null;
  let bookAsked = false;
  // A zoomed board (a phone, boardzoom.ts): the squares it keeps in sight (`chosen`: of a unit
  // chosen, else of the decision: the attack to answer, the last move, the army to deploy) with
  // what they are of (`key`), and the last of each kind it scrolled to: it scrolls once to each,
  // and else stays where the player left it (no jump back to the last move after a unit is let go).
  let boardFocus = { key: '', squares: [] as string[], chosen: false };
  const scrolledTo = { chosen: '', decision: '' };
  let zoomShown = false; // the zoom's switch was offered in the last render
  let overDismissed = false;
  let autoSent = -1;
  let receivedAt = Date.now();
  const gui: GeneralsUi = { selected: [], blocks: {}, inspect: (c, tap) => inspectCard(c, tap), act: (t) => act(t), rerender: () => render() };
  const planner = new DeploymentPlanner(() => render());
  const fieldUi = new FieldUi();
  app.replaceChildren(h('p', { class: 'muted', text: 'Connecting…' }));

  // A player as the log and banners name him: "You", else the name with the seat, unless the
  // name is the seat's own ("Player 2").
  const who = (p: number) => {
    if (msg && p === msg.seat) return 'You';
    return seatName(
      (msg?.players ?? []).map((x: Json, i: number) => String(x?.name ?? `Player ${i + 1}`)),
      p,
    );
  };
  // A player's side (1 or 2): the position's players object in a multiplayer battle, else the
  // player itself. Colours, the board's orientation and the result follow the side.
  const sideOf = (p: number): number => msg?.view?.players?.[String(p)]?.side ?? p;
  const multiplayer = () => (msg?.players?.length ?? 2) > 2;

  const connect = () => {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    ws.onopen = () => {
      setStatus('connected');
      // A forced choice sent into a dropped connection was lost: due again on the state to come.
      autoSent = -1;
      ws!.send(JSON.stringify({ type: 'hello', game: id, token: token || null, compact: true }));
    };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'error') return onError(m);
      if (m.type === 'presence') {
        // Who is at the table changed: only the table box and the header follow.
        mergePresence(msg, m);
        return render();
      }
      if (m.type !== 'state') return;
      expandGroups(m);
      // The choices' sentences name the players as the log's do ("your Elephants").
      if (Array.isArray(m.actions))
        m.actions = (m.actions as Json[]).map((a) => (a && typeof a.words === 'string' ? { ...a, words: namedFor(m, a.words) } : a));
      // What stands now (the game's sentences), with the players' names.
      m.situation = Array.isArray(m.situation) ? (m.situation as unknown[]).map((t) => namedFor(m, String(t))) : [];
      receivedAt = Date.now();
      if (m.seat > 0 && token)
        rememberGame({ id, token, seat: m.seat, game: m.game, names: (m.players as Json[]).map((p) => String(p.name)), seen: Date.now() });
      const lines = (m.log as Json[]).map((l): LogLine => {
        // The game's own description of the action (from the position before it) and its own
        // events (State::events), in words, with the players' names for "Player N".
        const events = readEvents(l.events, (t) => namedFor(m, t));
        const info = asInfo(l.text, l.info);
        return { player: l.player, text: l.text, info, words: namedFor(m, info.words), events };
      });
      // The forced choices said under the header hold until another player acts after them (a
      // multiplayer battle's turn is a round: they would stay through everyone's turns).
      const ownLast = lines.map((l) => l.player).lastIndexOf(m.seat);
      if (lines.slice(ownLast + 1).some((l) => l.player !== m.seat)) playedForYou = [];
      if (m.log_from === 0) log = lines;
      else if (m.log_from === log.length) {
        log = log.concat(lines);
      } else {
        ws!.send(JSON.stringify({ type: 'sync' }));
        return;
      }
      if (msg && m.version < msg.version) autoSent = -1; // taken back: a forced pass is due again
      // A battle that these actions resolved stays on the table, with its outcome, until the
      // next one begins (Ancient Generals); a view taken back forgets it.
      if (msg && m.version > msg.version && m.log_from > 0 && m.log_from === log.length - lines.length) {
        const resolved = resolvedBattle(
          msg.view,
          m.view,
          lines.flatMap((l) => l.events),
        );
        if (resolved) [earlierBattle, lastBattle] = [lastBattle, resolved];
      } else if (msg && m.version < msg.version) lastBattle = earlierBattle = null;
      // The whole log (a reload, a return to the game, a view taken back): the battles fought
      // are read from it, or the last one would be gone until the next resolved.
      if (m.log_from === 0 && (!lastBattle || !msg || m.version < msg.version)) {
        const fought = battlesFromLog(log);
        lastBattle = fought[fought.length - 1] ?? null;
        earlierBattle = fought[fought.length - 2] ?? null;
      }
      if (!msg || m.version !== msg.version) {
        selCard = null;
        notedCard = null;
        selFrom = null;
        group = [];
        refusal = '';
        gui.selected = [];
        gui.blocks = {};
        gui.choice = undefined;
        // A decision of the player's own comes: an explanation sheet left open would cover it.
        if (m.to_act === m.seat && msg?.to_act !== m.seat) document.getElementById('sheet')?.remove();
        // ... after others acted since the player's last decision (in this message or earlier
        // ones, however the server split them).
        othersActed ||= !!msg && (msg.to_act !== m.seat || lines.some((l) => l.player !== m.seat));
        turnComes = m.seat > 0 && m.to_act === m.seat && othersActed;
        if (turnComes) othersActed = false;
      }
      msg = m;
      if (inspectedSquare && Array.isArray(m.view?.units)) inspected = squareExplanation(m.view, m.view.units, inspectedSquare, ownerWord);
      // The rules book of this game (explanations), asked for once; the page renders again when
      // it arrives.
      if (!bookAsked) {
        bookAsked = true;
        shown.book = null;
        bookForView(m.view)
          .then((b) => {
            shown.book = b;
            if (!closed) render();
          })
          .catch(() => {});
      }
      render();
      if (turnComes) showTableAbove();
      turnComes = false;
      autoPass();
    };
    ws.onclose = () => {
      if (closed) return;
      setStatus('reconnecting…');
      setTimeout(connect, 1000);
    };
  };

  function onError(m: Json): void {
    if (m.code === 'no-game') {
      closed = true;
      ws?.close();
      return fatal(app, 'No such game', `There is no game “${id}” on this server: the link is wrong, or the game was made on another server.`);
    }
    if (m.code === 'bad-token') {
      closed = true;
      ws?.close();
      return fatal(
        app,
        'This invite link is not valid',
        'Its seat token does not belong to this game. Ask for the link again, or watch the game without a seat.',
        h('p', {}, h('a', { href: `#game=${id}`, text: 'Watch this game' })),
      );
    }
    if (m.code === 'stale') {
      ws?.send(JSON.stringify({ type: 'sync' }));
      return;
    }
    refusal = refusalText(m);
    if (!msg) return fatal(app, 'The game cannot be shown', m.message);
    render();
  }

  /// `auto`: a forced choice the page plays itself (autoPass); any other action is the player's.
  const act = (text: string, auto = false) => {
    if (closed) return; // the page has left the game
    if (!auto) playedForYou = [];
    document.getElementById('sheet')?.remove(); // an explanation read is done with
    // An earlier refusal no longer applies once another action is sent.
    const hadRefusal = refusal !== '';
    refusal = '';
    if (ws?.readyState !== WebSocket.OPEN) {
      // Sent to nobody, the click would be lost without a word: said, and played again by the
      // player once the page has reconnected (the state it then shows is the server's).
      refusal = 'Not connected to the server: reconnecting… Your action was not sent; play it again once the page is back.';
      return render();
    }
    const g = groupChoice(text);
    ws.send(JSON.stringify(g ? { type: 'act', ...g, version: msg.version } : { type: 'act', action: text, version: msg.version }));
    if (hadRefusal) render();
  };

  // The forced choices the page played since the player's own last action, in this turn, said
  // under the header: a turn whose every phase was forced (Difficult Terrain: no flank, no
  // attack) went by in seconds with no word but the log's.
  let playedForYou: { turn: number; words: string }[] = [];
  let turnComes = false; // the message being taken is the first of a decision of the player's own
  let othersActed = false; // ... and others have acted since the player's last decision
  /// On a narrow screen the hand and the choices lie below the board: a player scrolled down to
  /// them would find their turn (or an attack to answer) come with the board, the opponent's
  /// moves and the units lost out of sight above. The page goes up, towards its top (the turn,
  /// then the board), as far as it can while the choices' first 200 pixels stay on the screen.
  function showTableAbove(): void {
    if (!narrow()) return;
    const area = document.querySelector('.board-area');
    const choices = document.getElementById('prompt') ?? document.getElementById('actions');
    if (!area || !choices || area.getBoundingClientRect().top >= 0) return;
    const choicesTop = choices.getBoundingClientRect().top + window.scrollY;
    const top = Math.max(0, choicesTop - window.innerHeight + 200);
    if (top < window.scrollY) window.scrollTo({ top, behavior: 'instant' });
  }
  /// Forced choices: when the only choice is a pass (or an empty block or discard, or the end
  /// of a phase) and the setting is on, play it after a moment. It reveals nothing hidden. An
  /// attack (or a move) that cannot be answered waits longer, so that it is seen (its arrow and
  /// the prompt) before it happens; the button takes it at once.
  function autoPass(): void {
    if (!msg || !autopassOn() || forcedChoice(msg) === null || autoSent === msg.version) return;
    autoSent = msg.version;
    const v = msg.version;
    setTimeout(
      () => {
        // Another message of the same version may have come meanwhile (the seat handed to the
        // computer, a presence change): the choice is played only while it is still forced.
        if (!msg || msg.version !== v || forcedChoice(msg) === null) return;
        const words = legalInfos(msg).get(msg.legal[0])?.words;
        playedForYou = [...playedForYou, { turn: msg.view?.turn ?? 0, words: words || msg.legal[0] }].slice(-4);
        act(msg.legal[0], true);
      },
      msg.view?.pending ? FORCED_ANSWER_MS : 350,
    );
  }

  const ownerWord = (owner: number) => (owner === msg.seat ? 'Your' : possessive(msg.players[owner - 1].name));
  /// An explanation pointed at (a card, a phase, a legend item): in the panel, and on a tap
  /// also in the phone's sheet.
  function inspectEntry(e: Explanation, tap = false): void {
    inspectedSquare = null;
    inspected = e;
    replaceExplanation(e);
    if (tap) showSheet(e);
  }
  function inspectCard(c: string, tap = false): void {
    // A card of the player's hand that cannot be played in this decision says why (the game's
    // card_notes), where a phone shows a tapped card.
    const note = msg.to_act === msg.seat && !msg.over ? msg.card_notes?.[c] : undefined;
    inspectEntry(explain(shown.book, c, undefined, note ? [`Cannot be played now: ${note}.`] : []), tap);
  }
  /// A legend item: its swatch (or a counter's label) and name, explained when pointed at or
  /// tapped.
  function legendItem(swatch: Node, label: string, entry: () => Explanation, id?: string): HTMLElement {
    const item = h('span', { class: 'legend-item', id: id ?? false, title: entry().lines[0] ?? label, tabindex: '0' }, swatch, label);
    item.addEventListener('mouseenter', () => inspectEntry(entry()));
    item.addEventListener('click', () => inspectEntry(entry(), true));
    return item;
  }
  /// A counter's mark of the board's legend, explained.
  function markExplanation(mark: CounterMark): Explanation {
    if (mark === 'general') return explain(shown.book, 'general', 'units', ['The gold star marks the General (its loss points say what losing it costs).']);
    if (mark === 'fallen')
      return {
        title: 'Destroyed lately',
        lines: ['A red cross marks an empty square where a unit was destroyed in this turn or the last: the log says which.'],
      };
    if (mark === 'elite') return explain(shown.book, 'elite', 'cards', ['A gold star in a counter’s corner marks an Elite unit: it may play the Elite card.']);
    const corner = 'The small number in a counter’s corner is its player’s seat.';
    return mark === 'own'
      ? { title: 'Your units', lines: ['A white ring inside the counter marks your own units: your allies’ counters have your colour without it.', corner] }
      : { title: 'Your allies’ units', lines: ['Your side’s colour without a ring: the units of your allies, played by them.', corner] };
  }
  /// A square pointed at: its unit (of `units`, the board as drawn: a deployment being arranged
  /// shows the planned places), else its terrain.
  function inspectSquare(sq: string, tap = false, units: Json[] = msg.view.units ?? []): void {
    inspectedSquare = sq;
    inspected = squareExplanation(msg.view, units, sq, ownerWord);
    replaceExplanation(inspected);
    if (tap) showSheet(inspected);
  }

  /// The forced choices the page played for the player this turn, said above the prompt (in the
  /// header, its line coming and going moved the board under a phone's next tap).
  function playedNote(): HTMLElement | null {
    const thisTurn = playedForYou.filter((p) => p.turn === (msg.view?.turn ?? 0)).map((p) => p.words);
    if (!thisTurn.length || msg.over) return null;
    return h('p', { class: 'played-for-you muted', id: 'played-for-you', text: `Played for you (the only choice): ${thisTurn.join(' · ')}` });
  }

  /// What the other players did since the player's own last action, said above the prompt of
  /// their decision: the board's red crosses show the last turn's losses only, and a battle of
  /// four goes through three others' turns while the player waits. One action that destroyed
  /// nothing goes unsaid (an answer to the player's attack, a card game's block: the prompt and
  /// the log's last line say it). `listed`: the actions other than passes listed in words too;
  /// else (a board) every action listed under the count, folded until the player opens it (a
  /// phone's log is far below, and "5 actions" said nothing of what the computer did).
  function waitedNote(mine: boolean, listed: boolean): HTMLElement | null {
    const since = mine ? sinceOwnLast(log, msg.seat) : null;
    if (!since || (since.actions < 2 && !since.destroyed.length)) return null;
    const lost = since.destroyed.slice(0, 4);
    const more = since.destroyed.length - lost.length;
    const losses = lost.length ? ` ${lost.join('; ')}${more > 0 ? `; and ${counted(more, 'other unit')} lost` : ''}.` : '';
    const by = since.players.map(who).join(', ');
    if (!listed) {
      const list = h(
        'ol',
        { class: 'while-waited-list' },
        ...since.every.map((d) => h('li', { text: since.players.length > 1 ? `${who(d.player)}: ${d.words}` : d.words })),
      );
      const summary = h('summary', { text: `While you waited: ${counted(since.actions, 'action')} by ${by}.${losses}` });
      const box = h('details', { class: 'while-waited muted', id: 'while-waited' }, summary, list) as HTMLDetailsElement;
      box.open = waitedOpened;
      box.addEventListener('toggle', () => (waitedOpened = box.open));
      return box;
    }
    // The list leaves passes out: the count says them apart, so that it matches the list.
    const passes = since.actions - since.did.length;
    const passed = passes ? `${since.did.length ? ' and ' : ''}${passes} pass${passes === 1 ? '' : 'es'}` : '';
    const said = `While you waited: ${since.did.length ? counted(since.did.length, 'action') : ''}${passed} by ${by}.${losses}`;
    // Passes only (a card game's windows the others closed): nothing to say.
    if (!since.did.length) return since.destroyed.length ? h('p', { class: 'while-waited muted', id: 'while-waited', text: said }) : null;
    // What they did, passes left out, in the log's words (a phone's log is far below); open
    // unless the player folded it.
    const list = h(
      'ol',
      { class: 'while-waited-list' },
      ...since.did.map((d) => h('li', { text: since.players.length > 1 ? `${who(d.player)}: ${d.words}` : d.words })),
    );
    const box = h('details', { class: 'while-waited muted', id: 'while-waited' }, h('summary', { text: said }), list) as HTMLDetailsElement;
    box.open = !waitedFolded;
    box.addEventListener('toggle', () => (waitedFolded = !box.open));
    return box;
  }

  function header(mine: boolean): HTMLElement {
    const v = msg.view;
    const names = msg.players.map((x: Json, i: number) => String(x?.name ?? `Player ${i + 1}`));
    const chips = msg.players
      .map((_: Json, i: number) => i + 1)
      .map((p: number) =>
        h(
          'span',
          { class: `player-chip p${sideOf(p)} ${msg.to_act === p && !msg.over ? 'to-act' : ''}`, 'data-player': p },
          h('span', { class: 'dot' }),
          // Each player with its seat where the counters' numbers must be told apart (a battle of
          // more than two); a broken contingent said where everyone looks.
          p === msg.seat ? `You: ${seatName(names, p)}` : who(p),
          v.players?.[String(p)]?.broken
            ? h('small', { class: 'broken', text: ' (broken)' })
            : seatNote(msg.players[p - 1])
              ? h('small', { text: ` (${seatNote(msg.players[p - 1])})` })
              : null,
        ),
      );
    // The player to act named as the log names them (a battle of four has three others).
    const status = msg.over
      ? 'Game over'
      : mine
        ? 'Your move'
        : msg.thinking
          ? 'The computer is thinking…'
          : msg.seat === 0
            ? 'Watching'
            : msg.ahead && !msg.ahead.queued
              ? 'Your choice now (kept for your turn)'
              : msg.to_act > 0 && msg.to_act !== msg.seat
                ? `Waiting for ${who(msg.to_act)}`
                : 'Waiting for the other players';
    // The top bar's status is lower case ("connected"), the names in it as they are.
    setStatus(status.charAt(0).toLowerCase() + status.slice(1));
    document.title = mine ? 'Your move · Ancients' : msg.over ? 'Game over · Ancients' : 'Ancients';
    // The phase, explained where pointed at when the rules book says how a turn goes.
    const phaseEntry = shown.book?.sections.find((s) => s.id === 'turn')?.entries.find((e) => e.id === v.phase) ?? null;
    const turn = h('span', {
      class: `turn ${phaseEntry ? 'explained' : ''}`,
      id: 'turn-phase',
      tabindex: phaseEntry ? '0' : false,
      text: turnText(v),
    });
    if (phaseEntry) {
      const show = (tap: boolean) => inspectEntry(phaseEntry, tap);
      turn.addEventListener('mouseenter', () => show(false));
      turn.addEventListener('focus', () => show(false));
      turn.addEventListener('click', () => show(true));
    }
    return h(
      'div',
      { class: 'game-head' },
      ...chips,
      turn,
      // The state with the clock and Undo on one row, as high with them as without: Undo coming
      // after the player's move moves nothing below it (on a phone, the board under the next tap).
      h(
        'div',
        { class: 'head-status', id: 'head-status' },
        h('span', { class: `state ${mine ? 'mine' : ''}`, id: 'turn-state', text: status }),
        ...headControls(tableContext()),
      ),
    );
  }

  function tableContext(): TableContext {
    return { msg, receivedAt, sideOf, send: (m: Json) => ws?.send(JSON.stringify(m)) };
  }

  /// Once a second: the turn clock and the away times move on without a message.
  const ticker = setInterval(() => {
    if (!msg || closed) return;
    const clock = document.getElementById('clock');
    const left = clockLeft(tableContext());
    if (clock && left !== null) {
      clock.textContent = `Clock ${clockText(left)}`;
      clock.classList.toggle('low', left < 15);
    }
    const table = document.getElementById('table');
    if (table && (msg.players as Json[]).some((p) => p.present === false && p.controller === 'human')) refreshTableBox(table, tableBox(tableContext()));
  }, 1000);

  function render(): void {
    // Nothing once the page has left the game (a timer of the forced pass may still fire).
    if (!msg || closed) return;
    const mine: boolean = msg.seat !== 0 && msg.to_act === msg.seat && msg.legal.length > 0 && !msg.over;
    const side = h('aside', { class: 'side' });
    const main = h('div', { class: 'board-area' });
    // The core says how the game is drawn (a board, a card table, or its view's fields for a
    // game with no drawing of its own), never the game's name.
    const board = msg.layout === 'board';
    if (board) renderWarfare(main, side, mine);
    else if (msg.layout !== 'cards') renderGeneric(main, mine);
    else {
      main.append(renderGeneralsTable(msg, gui, lastBattle, earlierBattle));
      if (refusal) main.append(h('div', { class: 'box notice err', role: 'alert', id: 'refusal', text: refusal }));
      gui.drawn = msg.over ? [] : drawnThisTurn(log, msg.seat); // marked in the hand while the game goes on
      if (msg.seat) main.append(renderGeneralsHand(msg, gui, mine));
      // What the player knows but the table does not show (the opponent's known hand cards
      // are face up on the table).
      const known = knownOutOfSight(msg);
      if (known) side.append(known);
    }
    // The table, where people share it (or a clock runs).
    if ((msg.players as Json[]).filter((p) => p.controller === 'human').length > 1 || msg.turn_seconds > 0) side.prepend(tableBox(tableContext()));
    // The result box closed to look at the board: the way back to it and to the replay.
    if (msg.over && overDismissed)
      side.prepend(
        h(
          'div',
          { class: 'box', id: 'over-again' },
          // The result (the prompt below says that the game is over).
          h('p', { id: 'over-again-result', text: resultWithReason() }),
          h(
            'p',
            {},
            h('button', { type: 'button', class: 'primary', id: 'show-result', onclick: () => ((overDismissed = false), render()) }, 'The result'),
            ' ',
            h('a', { class: 'button', href: `#replay=${id}`, text: 'Replay' }),
          ),
        ),
      );
    side.append(explanationBox(inspected));
    side.append(settingsBox());
    // A long game's numbers need a wider margin (100 entries and more: style.css).
    const ol = h('ol', { class: `log${logWidth(log.length)}`, id: 'log' });
    for (const l of log) {
      const [line, ...entries] = logEntries(`p${sideOf(l.player)}`, `${who(l.player)}: `, l.words, l.events, (p) => `p${sideOf(p)}`);
      line.dataset.text = l.text;
      ol.append(line, ...entries);
    }
    side.append(h('div', { class: 'box' }, h('h3', { text: 'Log' }), ol));
    const head = header(mine);
    // A card table says what the others did in words (their few actions of a turn); a board's
    // many moves are counted, the units lost named, the list folded under the count.
    for (const note of [waitedNote(mine, !board), playedNote()]) {
      if (!note) continue;
      const prompt = main.querySelector('p.prompt') ?? side.querySelector('p.prompt');
      if (prompt) prompt.before(note);
      else if (note.id === 'played-for-you') head.append(note); // what was played stays said
    }
    const root = h('div', { class: `game ${msg.game}` }, head, main, side);
    const boardLeft = document.getElementById('board-frame')?.scrollLeft ?? null;
    // A campaign's battle draws each side in its nation's colour (the first player of the side
    // that names one), as the campaign's map does; others keep the page's two colours.
    for (const n of [1, 2]) {
      const first = (msg.players as Json[]).find((p, i) => sideOf(i + 1) === n && /^(#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?|[a-zA-Z]+)$/.test(p?.colour ?? ''));
      if (first) root.style.setProperty(`--p${n}`, first.colour);
    }
    app.replaceChildren(root);
    placeBoard(boardLeft);
    ol.scrollTop = ol.scrollHeight;
    if (msg.over && !overDismissed) {
      const text = resultHeadline();
      // The reason beneath, unless the headline says it already (a draw with no other reason).
      const why = reasonOnly(namedFor(msg, String(msg.reason ?? '')));
      app.append(
        h(
          'div',
          { class: 'over', id: 'game-over', role: 'dialog', 'aria-label': 'game over' },
          h(
            'div',
            { class: 'box' },
            h('h2', { text }),
            saysAlready(text, why) ? null : h('p', { id: 'over-reason', text: why }),
            overHow(),
            h(
              'p',
              { class: 'buttons' },
              msg.rematch
                ? h('a', {
                    href: `#game=${msg.rematch}${msg.seat > 0 ? `&token=${token}` : ''}`,
                    class: 'button primary',
                    id: 'to-rematch',
                    text: 'Go to the rematch',
                  })
                : msg.seat > 0 && !msg.campaign
                  ? h('button', { type: 'button', class: 'primary', id: 'rematch', onclick: () => ws?.send(JSON.stringify({ type: 'rematch' })) }, 'Rematch')
                  : null,
              h('a', { href: `#replay=${id}`, class: `button ${msg.rematch || (msg.seat > 0 && !msg.campaign) ? '' : 'primary'}`, text: 'Replay the game' }),
              msg.campaign
                ? h('a', { href: campaignLink(msg.campaign, msg.seat > 0 ? token : ''), class: 'button', id: 'to-campaign', text: 'Back to the campaign' })
                : h('a', { href: '#', class: 'button', text: 'New game' }),
              h('a', { href: `/api/games/${id}/record`, class: 'button', download: `ancients-${id}.json`, text: 'Download the record' }),
              h(
                'button',
                {
                  id: 'look',
                  onclick: () => {
                    overDismissed = true;
                    render();
                  },
                },
                'Look at the board',
              ),
            ),
          ),
        ),
      );
    }
  }

  /// "Turn 3 · Move" (a multiplayer battle's rounds: "Round 3"); a view that names no turn or
  /// no phase (a game with no drawing of its own) leaves it out.
  function turnText(v: Json): string {
    const count = v.turn ?? v.round;
    const when = count === undefined ? '' : `${v.options?.contingents || v.turn === undefined ? 'Round' : 'Turn'} ${count}`;
    return [when, typeof v.phase === 'string' ? title(v.phase) : ''].filter(Boolean).join(' · ');
  }

  /// The result as the game-over screen heads it: the winner is a side, and in a multiplayer
  /// battle every player of it wins.
  function resultHeadline(): string {
    const w = msg.winner;
    return w === 'draw'
      ? 'The game is drawn.'
      : msg.seat === 0
        ? multiplayer()
          ? `${msg.reason}.`
          : `${who(w)} ${isPlural(msg.players?.[w - 1]?.name ?? '') ? 'win' : 'wins'}.`
        : w === sideOf(msg.seat)
          ? multiplayer()
            ? 'Your side wins!'
            : 'You win!'
          : multiplayer()
            ? 'Your side loses.'
            : 'You lose.';
  }

  /// The headline with the reason after it, unless it says it already (a spectator's).
  function resultWithReason(): string {
    const head = resultHeadline();
    const why = reasonOnly(namedFor(msg, String(msg.reason ?? '')));
    return saysAlready(head, why) ? head : `${head} ${why}`;
  }

  /// How a board game was won, said on the game-over screen, which covers the board and (on a
  /// phone) comes far above the log: the last blow and what it cost.
  function overHow(): HTMLElement | null {
    const blow = msg.winner !== 'draw' ? decidingBlow(log) : null;
    if (!blow) return null;
    const sentence = (t: string) => (/[.!?]$/.test(t) ? t : `${t}.`);
    return h('p', {
      class: 'muted over-how',
      id: 'over-how',
      text: `The last blow: ${who(blow.line.player)}: ${sentence(blow.line.words)} ${blow.said.map(sentence).join(' ')}`,
    });
  }

  function settingsBox(): HTMLElement {
    const cb = h('input', { type: 'checkbox', id: 'autopass', checked: autopassOn() });
    cb.addEventListener('change', () => {
      localStorage.setItem(AUTOPASS, cb.checked ? 'on' : 'off');
      autoPass();
    });
    return keptOpen(
      h(
        'details',
        { class: 'box settings' },
        h('summary', { text: 'Settings and links' }),
        h('label', { class: 'check' }, cb, h('span', { text: 'Play forced choices for me (a pass, or a phase’s end, that is the only choice)' })),
        h(
          'p',
          {},
          h('a', { href: `#game=${id}`, text: 'Spectator link' }),
          ' · ',
          h('a', { href: '#rules', target: '_blank', text: 'Rules' }),
          ' · ',
          h('a', { href: '#', text: 'Lobby' }),
          ...(msg.campaign ? [' · ', h('a', { href: campaignLink(msg.campaign, msg.seat > 0 ? token : ''), text: 'The campaign' })] : []),
          // A finished game: its replay.
          ...(msg.over ? [' · ', h('a', { href: `#replay=${id}`, text: 'Replay' })] : []),
        ),
      ),
      'settings',
    );
  }

  /// The deployment the player may choose before their turn (the message's "ahead"): the offer
  /// to arrange (the one kept, once chosen), the automatic one, and whether one is kept.
  function aheadOffer(): { shown: ActionInfo; automatic: string; ready: boolean } | null {
    const a = msg.ahead;
    if (!a || msg.view.phase !== 'deploy' || !Array.isArray(a.legal) || !a.legal.length) return null;
    const offered = legalInfos(a).get(a.legal[0]);
    if (offered?.kind !== 'deploy' || !offered.units?.length) return null;
    const kept = typeof a.queued === 'string' && a.queued_info ? asInfo(a.queued, { ...a.queued_info, text: a.queued }) : null;
    return { shown: kept ?? offered, automatic: a.legal[0], ready: kept !== null };
  }

  /// The rules book's Move (or, for an attack, Range) of a unit type, as a sentence to follow a
  /// refused click: a Camp's "Move: cannot move" says what "no card fits it" did not.
  function unitStat(type: string, verb: string): string {
    const name = verb === 'attack' ? 'Range' : 'Move';
    const value = statOf(explain(shown.book, type, 'units'), name);
    return value ? ` Its ${name}: ${value}.` : '';
  }

  /// The player's unit chosen, in one line (its name, Move, Range and first rule), and "More"
  /// for its whole explanation (on a phone in the sheet): a tap on the unit itself chooses it.
  function unitLine(u: Json): HTMLElement {
    const marks = [u.general && u.type !== 'general' ? 'the General' : '', u.elite ? 'Elite' : ''].filter(Boolean);
    const where = ` (your unit on ${u.square}${marks.length ? `, ${marks.join(', ')}` : ''})`;
    const more = h(
      'button',
      {
        type: 'button',
        class: 'link',
        id: 'unit-note-more',
        onclick: () => inspectEntry(squareExplanation(msg.view, [u], u.square, ownerWord), true),
      },
      'More',
    );
    return h('p', { class: 'unit-note', id: 'unit-note' }, unitSummary(explain(shown.book, u.type, 'units'), where), ' ', more);
  }

  /// The board in its frame, and on a phone, for a board too wide to tap, the zoom's switch above
  /// it: zoomed, the board is drawn with squares a finger can tap, in a frame scrolled sideways.
  function boardFrame(boardEl: SVGElement): DocumentFragment {
    const v = msg.view;
    const files: number = v.width ?? v.options?.board ?? 8;
    const { parts, offered } = zoomableBoard(boardEl, files, v.options?.board ?? 8, sideOf(msg.seat) === 2, narrow(), () => {
      scrolledTo.chosen = scrolledTo.decision = ''; // scrolled to what matters now
      render();
    });
    zoomShown = offered;
    return parts;
  }

  /// After a render: a zoomed board's frame where the player left it, or, for a new decision or
  /// choice, scrolled to what it is about (boardFocus).
  function placeBoard(left: number | null): void {
    const frame = document.getElementById('board-frame');
    if (!frame) return;
    if (left !== null) frame.scrollLeft = left;
    const kind = boardFocus.chosen ? 'chosen' : 'decision';
    if (scrolledTo[kind] === boardFocus.key) return;
    scrolledTo[kind] = boardFocus.key;
    if (!boardFocus.chosen) scrolledTo.chosen = '';
    const files: number = msg.view.width ?? msg.view.options?.board ?? 8;
    const columns = boardFocus.squares.map((q) => boardColumn(q, files, sideOf(msg.seat) === 2));
    frame.scrollLeft = scrollToShow(columns, boardFocus.chosen, frame.scrollLeft, frame.clientWidth, frame.scrollWidth);
  }

  /// A game with no drawing of its own: its view's fields, the decision and its actions in words.
  function renderGeneric(main: HTMLElement, mine: boolean): void {
    main.append(genericView(msg.view));
    const prompt = h('div', { class: `box prompt-box ${mine ? 'mine' : ''}`, id: 'prompt' });
    if (refusal) prompt.append(h('div', { class: 'notice err', role: 'alert', id: 'refusal', text: refusal }));
    const waiting = msg.seat === 0 ? 'You are watching this game.' : msg.thinking ? 'The computer is thinking…' : `Waiting for ${who(msg.to_act)}.`;
    prompt.append(h('p', { class: 'prompt', text: msg.over ? 'The game is over.' : mine ? 'Your move: choose an action.' : waiting }));
    if (mine) prompt.append(genericActions(msg, act));
    main.append(prompt);
  }

  function renderWarfare(main: HTMLElement, side: HTMLElement, mine: boolean): void {
    const v = msg.view;
    const infos = legalInfos(msg);
    const info = (t: string) => infos.get(t) ?? asInfo(t, null);
    let candidates: string[] = msg.legal;
    if (selCard) candidates = candidates.filter((t) => info(t).card === selCard);
    const fromOf = (t: string) => info(t).squares[0];
    const chosen = selFrom ? [selFrom, ...group] : [];
    const isAdvance = (t: string) => info(t).kind === 'advance';
    const inGroup = (t: string) => isAdvance(t) && chosen.every((q) => info(t).squares.includes(q));
    if (selFrom) candidates = candidates.filter((t) => (group.length === 0 && fromOf(t) === selFrom) || inGroup(t));
    const exact = chosen.length > 1 ? candidates.find((t) => inGroup(t) && info(t).squares.length === chosen.length) : undefined;
    const hl = new Map<string, string>();
    // The attack (or move) awaiting an answer is the last action of the log.
    const pendingText: string | undefined = v.pending?.attack ?? v.pending?.move;
    const pending: ActionInfo | undefined = pendingText
      ? ([...log].reverse().find((l) => l.text === pendingText)?.info ?? asInfo(pendingText, null))
      : undefined;
    // A group advance awaiting its answer: each unit and where it would land.
    const pendingAdvance: { from: string; to: string }[] = [];
    if (pending) {
      const p = pending;
      if (p.from) hl.set(p.from, 'from');
      const t = p.target ?? p.to;
      if (t) hl.set(t, 'target');
      p.squares.forEach((q, k) => {
        const to = p.kind === 'advance' ? p.landings?.[k] : null;
        if (!to) return;
        hl.set(q, 'from');
        hl.set(to, 'target');
        pendingAdvance.push({ from: q, to });
      });
    }
    if (mine && !String(v.phase ?? '').startsWith('deploy')) {
      for (const t of candidates) {
        const sq = info(t).squares;
        if (sq.length === 0 || info(t).kind === 'defend') continue;
        // Any unit of a group advance may start it (a click on one selects it): each is marked.
        if (!selFrom) (isAdvance(t) ? sq : sq.slice(0, 1)).forEach((q) => hl.set(q, 'from'));
        else if (isAdvance(t))
          sq.forEach((q) => {
            if (!chosen.includes(q) && !hl.has(q)) hl.set(q, 'join');
          });
        else hl.set(sq[sq.length - 1], info(t).target ? 'target' : 'dest');
      }
    }
    const onSquare = (sq: string) => {
      if (!mine) return;
      if (refusal.startsWith(GROUP_REFUSAL) || refusal.startsWith(CLICK_REFUSAL)) refusal = '';
      if (selFrom && group.includes(sq)) {
        group = group.filter((q) => q !== sq);
        return render();
      }
      if (
        selFrom &&
        sq !== selFrom &&
        candidates.some((t) => inGroup(t) && info(t).squares.includes(sq)) &&
        !candidates.some((t) => !isAdvance(t) && info(t).squares.slice(-1)[0] === sq)
      ) {
        group = [...group, sq];
        return render();
      }
      if (selFrom) {
        const hits = candidates.filter((t) => !isAdvance(t) && info(t).squares.slice(-1)[0] === sq && fromOf(t) === selFrom);
        if (hits.length === 1) return act(hits[0]);
        if (hits.length > 1) {
          candidates = hits;
          selCard = null;
          renderActions(hits);
          return;
        }
      }
      // A group being built is not thrown away by a click on a unit that cannot join it.
      if (group.length > 0 && sq !== selFrom) {
        const unit = (v.units ?? []).find((u: Json) => u.square === sq);
        const groupCard = info(candidates.find(inGroup) ?? '').card;
        const why = !unit
          ? 'there is no unit there'
          : unit.owner !== msg.seat
            ? 'it is not yours'
            : `it cannot advance${groupCard ? ` with ${title(groupCard)}` : ''} beside the others`;
        refusal = `${GROUP_REFUSAL} the unit on ${sq} cannot join it (${why}). Pick a highlighted unit, or clear the selection to start again.`;
        return render();
      }
      const canStart = msg.legal.some(
        (t: string) => (fromOf(t) === sq || (isAdvance(t) && info(t).squares.includes(sq))) && (!selCard || info(t).card === selCard),
      );
      // A click that does nothing says why (it used to be ignored without a word); a unit
      // chosen stays chosen.
      if (!canStart && sq !== selFrom && !pending && (v.phase === 'move' || v.phase === 'battle')) {
        const unit = (v.units ?? []).find((u: Json) => u.square === sq);
        const card = selCard ? ` with ${title(selCard)}` : '';
        const verb = v.phase === 'battle' ? 'attack' : 'move';
        refusal = `${CLICK_REFUSAL} ${
          selFrom
            ? `the unit on ${selFrom} cannot ${unit && unit.owner !== msg.seat ? 'attack' : 'move to'} ${sq}${card}: click a highlighted square, or the unit again to let it go.`
            : !unit
              ? `there is no unit of yours on ${sq}: click one of your highlighted units first.`
              : unit.owner !== msg.seat
                ? `the unit on ${sq} is not yours: click one of your highlighted units first, then its target.`
                : `your ${title(unit.type)} on ${sq} cannot ${verb} now${card} (no card in your hand fits it, or its way is blocked).${unitStat(unit.type, verb)}`
        }`;
        return render();
      }
      selFrom = canStart && selFrom !== sq ? sq : null;
      group = [];
      render();
    };
    for (const q of group) hl.set(q, 'from');
    const lastLine = lastMoveLine(log);
    const lastMoves = turnMoves(log, lastLine);
    const fallen = recentFallen(log);
    // A group being built (two units or more): where each chosen unit would land, from any
    // group advance that names them (a unit's landing is the same in all of them).
    const preview: { from: string; to: string }[] = [];
    const named = group.length ? candidates.find(inGroup) : undefined;
    if (named) {
      const landings = info(named).landings ?? [];
      info(named).squares.forEach((q, k) => {
        const to = landings[k];
        if (chosen.includes(q) && to) preview.push({ from: q, to });
      });
    }
    let boardEl: SVGElement;
    let deployControls: HTMLElement | null = null;
    const offer = msg.legal.length ? info(msg.legal[0]) : undefined;
    // A deployment chosen before the player's turn (the server's "ahead"): every army deploys at
    // once, hidden, each played when its player's turn comes.
    const ahead = aheadOffer();
    if (mine && v.phase === 'deploy' && offer?.kind === 'deploy' && offer.units?.length) {
      const d = planner.render(v, msg.seat, offer, act, (sq, _tap, units) => inspectSquare(sq, false, units));
      boardEl = d.board;
      deployControls = d.controls;
    } else if (!mine && ahead) {
      const d = planner.render(v, msg.seat, ahead.shown, act, (sq, _tap, units) => inspectSquare(sq, false, units));
      boardEl = d.board;
      deployControls = h(
        'div',
        { class: 'ahead', id: 'ahead' },
        h('p', {
          class: ahead.ready ? 'notice ok' : 'muted',
          id: 'ahead-note',
          text: ahead.ready
            ? 'Ready: your deployment is kept and placed when your turn comes. You may change it until then.'
            : `${who(msg.to_act)} deploys now; deploy yours at the same time: it is placed when your turn comes, hidden from the others until every army is deployed.`,
        }),
        d.controls,
        h('button', { id: 'deploy-auto-ahead', onclick: () => act(ahead.automatic) }, 'Deploy automatically'),
      );
    } else if (v.phase === 'battlefield') {
      const d = fieldUi.render({
        view: v,
        legal: mine ? msg.legal : [],
        info,
        act,
        rerender: () => render(),
        flip: sideOf(msg.seat) === 2,
        seat: msg.seat,
        mine,
        onInspect: inspectSquare,
      });
      boardEl = d.board;
      deployControls = d.controls;
    } else
      boardEl = renderBoard(v, {
        flip: sideOf(msg.seat) === 2,
        seat: msg.seat,
        highlight: hl,
        selected: selFrom,
        chosen: group,
        onSquare,
        everySquare: true,
        onInspect: inspectSquare,
        last: preview.length || pendingAdvance.length || lastLine?.info.kind === 'advance' ? null : (lastLine?.info ?? null),
        lastMoves: preview.length || pendingAdvance.length ? [] : lastMoves,
        fallen,
        preview: preview.length ? preview : pendingAdvance,
      });
    // The terrain shown and the counters' marks (while deploying, those of the army being
    // placed: the board shows it, the view not yet), each explained when pointed at.
    const deployOffer = offer?.units?.length ? offer : (ahead?.shown ?? null); // to act, or ahead
    const marked = (v.units ?? []).length || !deployOffer?.units?.length ? v : { ...v, units: deployOffer.units };
    const legend = h(
      'div',
      { class: 'legend', id: 'legend' },
      ...terrainLegend(v).map((sw) => {
        const t = sw.getAttribute('data-terrain')!;
        return legendItem(sw, title(t), () => explain(shown.book, t, 'terrain'));
      }),
      ...markLegend(marked, msg.seat, fallen).map((m) => legendItem(m.swatch, m.label, () => markExplanation(m.mark), `legend-${m.mark}`)),
    );
    // The key to the counters' labels ("Wb Warband"): a newcomer reads the board's abbreviations
    // here, and a tap explains the unit type.
    // Every unit on the board, the army being placed too (a multiplayer battle's view already
    // holds the others' armies while the player's own is still an offer).
    const key = unitKey([...(v.units ?? []), ...(deployOffer?.units ?? [])]);
    const keyEl = key.length
      ? h(
          'div',
          { class: 'legend unit-key', id: 'unit-key' },
          ...key.map(({ type, label }) => legendItem(h('span', { class: 'key-label', text: label }), title(type), () => explain(shown.book, type, 'units'))),
        )
      : null;
    // What a zoomed board keeps in sight: the unit chosen (and the group it leads) with where it
    // may go, the unit picked up and the army being deployed, the attack to answer, else the last
    // move; else the player's own units.
    const deploying = mine ? v.phase === 'deploy' && offer?.kind === 'deploy' && !!offer.units?.length : !!ahead;
    const picked = deploying ? planner.picked() : null;
    const lastSquares = lastLine ? [lastLine.info.from, lastLine.info.via, lastLine.info.to, lastLine.info.target] : [];
    const own = (v.units ?? []).filter((u: Json) => u.owner === msg.seat).map((u: Json) => String(u.square));
    const focus: (string | null | undefined)[] = selFrom
      ? [selFrom, ...group, ...[...hl].filter(([, c]) => c === 'dest' || c === 'target' || c === 'join').map(([q]) => q)]
      : picked
        ? [picked.sq]
        : deploying
          ? planner.squares()
          : pending
            ? [pending.from, pending.target ?? pending.to, ...pendingAdvance.flatMap((m) => [m.from, m.to])]
            : lastLine
              ? [...lastSquares, ...lastMoves.flatMap((m) => [m.from, m.to])]
              : own;
    const squares = focus.filter((q): q is string => !!q);
    const chosenFocus = !!selFrom || !!picked;
    boardFocus = {
      squares,
      chosen: chosenFocus,
      // An arrangement is kept in sight once per offer (others' deployments change the version).
      key: chosenFocus ? `${msg.version}|${squares.join(',')}` : deploying ? `deploy|${mine ? offer?.text : ahead?.shown.text}` : `${msg.version}`,
    };
    main.append(boardFrame(boardEl), legend);
    if (keyEl) main.append(keyEl);
    // On a phone, the unit chosen (to move or attack with, or picked up to deploy) in one line
    // under the board, where the player looks when tapping it, with a way to its whole
    // explanation (the panel lies far below; a laptop shows it beside the board on hover).
    const chosenUnit = !narrow()
      ? null
      : picked
        ? { type: picked.type, square: picked.sq, elite: picked.elite, general: picked.general, owner: msg.seat }
        : selFrom
          ? (v.units ?? []).find((u: Json) => u.square === selFrom)
          : null;
    const unitNote = chosenUnit ? unitLine(chosenUnit) : null;
    if (unitNote) main.querySelector('.board')!.after(unitNote);
    // The decision.
    const prompt = h('div', { class: `box prompt-box ${mine ? 'mine' : ''}`, id: 'prompt' });
    if (pending) prompt.append(h('div', { class: 'banner', role: 'alert', id: 'pending', text: `${who(v.active)}: ${pending.words}` }));
    if (refusal) prompt.append(h('div', { class: 'notice err', role: 'alert', id: 'refusal', text: refusal }));
    prompt.append(h('p', { class: 'prompt', text: promptText(mine, pending) }));
    const why = brokenWhy();
    if (why) prompt.append(h('p', { class: 'muted', id: 'broken-why', text: why }));
    // The server's one-ply check from what the player knows (as on the Generals table): a choice
    // that loses the game at once is marked where it is offered, and said here before any
    // choice; where the selection hides the marked ones, how to see them.
    const warning = lossWarning(msg);
    if (warning) {
      const listed = (t: string) => candidates.includes(t) || (!info(t).card && info(t).squares.length === 0);
      const hidden = !warning.every && !msg.legal.some((t: string) => info(t).loses_at_once && listed(t));
      const see = `: clear the selection to see ${warning.count === 1 ? 'it' : 'them'}.`;
      const text = hidden ? warning.text.replace(/ \(marked below\)\.$/, see) : warning.text;
      prompt.append(h('p', { class: `loss-warning ${warning.every ? 'every' : ''}`, id: 'loss-warning', role: 'alert', text }));
    }
    if (deployControls) prompt.append(deployControls);
    if (exact) prompt.append(h('button', { id: 'advance-group', class: 'primary', onclick: () => act(exact) }, `Advance these ${chosen.length} units`));
    const actionsEl = h('div', { class: 'actions', id: 'actions' });
    // Above the list, not at the end of its scrolling box, where a phone never shows it.
    const hintEl = h('p', { class: 'muted group-hint', id: 'group-hint', hidden: true });
    // How to make one, rather than how many there are (a number in the thousands says nothing).
    const groupHint = (advances: number): string => {
      const ways = advances === 1 ? 'one group advance is possible' : 'units may also advance together';
      if (!selFrom) return `Group advance (${ways}): pick a unit, then the units to advance with it.`;
      if (group.length === 0) return `To advance units together, click the highlighted units to join the one on ${selFrom}.`;
      return exact
        ? 'Advance these units with the button above, or click more highlighted units to add them (a chosen one to leave it out).'
        : 'Pick more highlighted units to complete the group (a chosen one to leave it out).';
    };
    // Group advances are never listed one button each (a card offers hundreds: every set of
    // units that may advance together): the player picks the units on the board and confirms
    // them with the one button above (#advance-group).
    const renderActions = (list: string[]) => {
      // The actions that name no card and no square (ending a phase, a pass) head the list
      // whatever is selected: cut off after the first 120 choices, "End the move phase" once
      // could not be reached without playing a move.
      const plain = msg.legal.filter((t: string) => !isAdvance(t) && !info(t).card && info(t).squares.length === 0);
      const shown = [
        ...plain,
        ...futileLast(
          list.filter((t) => !isAdvance(t) && !plain.includes(t)),
          info,
        ),
      ];
      const advances = list.filter(isAdvance).length;
      actionsEl.replaceChildren(
        // A long list scrolls in its box: said at its top, where the eye starts.
        ...(shown.length > 8
          ? [h('p', { class: 'muted list-count', text: `${shown.length} choices: scroll the list for more, or pick a card or unit to narrow it.` })]
          : []),
        ...shown.slice(0, 120).map((t) =>
          h(
            'button',
            {
              'data-action': t,
              // The answer that loses the game is no quiet pass: drawn as a plain choice; one
              // that loses at once (the server's one-ply check) is marked and says so.
              class: info(t).loses_at_once ? 'loses' : (t === 'pass' || t === 'end') && !info(t).ends_game ? 'pass' : info(t).futile ? 'futile' : '',
              title: groupChoice(t) ? info(t).words : t,
              onclick: () => act(t),
            },
            (info(t).kind === 'deploy' ? 'Deploy automatically' : info(t).words) +
              (info(t).loses_at_once && !info(t).ends_game ? ' \u2014 you lose the game at once' : ''),
          ),
        ),
      );
      if (shown.length > 120) actionsEl.append(h('p', { class: 'muted', text: `${shown.length - 120} more: select a card or a unit to narrow the list.` }));
      hintEl.textContent = advances ? groupHint(advances) : '';
      hintEl.hidden = !advances;
    };
    if (mine && v.phase !== 'battlefield') {
      renderActions(candidates);
      prompt.append(hintEl, actionsEl);
      if (selCard || selFrom)
        prompt.append(
          h(
            'button',
            {
              class: 'link',
              onclick: () => {
                selCard = null;
                selFrom = null;
                group = [];
                if (refusal.startsWith(GROUP_REFUSAL) || refusal.startsWith(CLICK_REFUSAL)) refusal = '';
                render();
              },
            },
            'Clear the selection',
          ),
        );
    }
    // The hand, above the prompt: what the prompt shows as a card or unit is selected (the
    // card's explanation, the choices) grows below it, so that the cards never move under the
    // pointer between two clicks.
    const hands = v.hands ?? {};
    const hand: string[] = msg.seat ? (hands[String(msg.seat)] ?? []) : [];
    if (msg.seat !== 0 && (hand.length > 0 || v.phase !== 'deploy')) {
      const usable = new Set(msg.legal.map((t: string) => info(t).card).filter((c: string | null) => c));
      const cards = hand.map((c) => {
        const b = h(
          'button',
          {
            class: `card ${selCard === c ? 'sel' : ''} ${mine && usable.has(c) ? '' : 'off'}`,
            'data-card': c,
            // Why it cannot be played now, as the game says it (the state's card_notes).
            title: mine && !usable.has(c) && msg.card_notes?.[c] ? `Cannot be played now: ${msg.card_notes[c]}` : false,
            'aria-pressed': String(selCard === c),
            onclick: () => {
              if (mine && usable.has(c)) {
                inspectCard(c);
                selCard = selCard === c ? null : c;
                notedCard = selCard;
                selFrom = null;
                render();
              } else {
                // A tap that selects nothing explains the card under the hand, in place of
                // the selected card's note (on a phone not in the sheet as well: it said the
                // same twice and covered the choices).
                notedCard = c;
                inspectCard(c);
                render();
              }
            },
          },
          title(c),
        );
        b.addEventListener('mouseenter', () => inspectCard(c));
        return b;
      });
      // The selected card explained where the player looks next (a phone shows the
      // explanation panel far below the board).
      const noted = notedCard && hand.includes(notedCard) ? notedCard : mine ? selCard : null;
      const e = noted ? explain(shown.book, noted) : null;
      const off = noted !== null && noted !== selCard;
      const note = e ? cardNote(e, off ? ` (cannot be played now${msg.card_notes?.[noted] ? `: ${msg.card_notes[noted]}` : ''})` : '') : null;
      side.append(h('div', { class: 'box' }, h('h3', { text: `Your hand (${hand.length})` }), h('div', { class: 'hand', id: 'hand' }, ...cards), note));
    }
    // What a Scout showed, above the decision (below its list of choices, a phone showed it
    // far out of sight); gone once the game is over, or the player's army is broken, when it no
    // longer helps a decision of theirs.
    const known: string[] = v.known?.[String(msg.seat)] ?? [];
    const decides = !msg.over && !v.players?.[String(msg.seat)]?.broken;
    if (Array.isArray(known) && known.length && decides)
      side.append(
        h(
          'div',
          { class: 'box', id: 'scout-result' },
          h('h3', { text: v.known_of ? `Scout: cards seen in ${who(v.known_of[String(msg.seat)])}’s hand` : 'Scout: cards seen in the opponent’s hand' }),
          h('p', { text: known.map(title).join(', ') }),
          h('p', { class: 'muted', id: 'scout-when', text: scoutNote(known.length) }),
        ),
      );
    // An attack (or a move) of another player awaiting the player's answer: on a phone the side
    // panel lies below the board, where "Answer the attack" and its choices went unseen; there
    // the decision comes first, above the board and its arrow. A laptop keeps it beside them.
    if (mine && pending && narrow()) main.prepend(prompt);
    else side.append(prompt);
    // A phone shows the decision below the board: a choice that loses at once is said above the
    // board too, where the player looks first.
    if (warning && narrow() && !main.contains(prompt))
      main.prepend(
        h('p', {
          class: `loss-warning ${warning.every ? 'every' : ''}`,
          id: 'loss-warning-top',
          text: warning.text.replace(/ \(marked below\)\.$/, ' (marked in your choices below the board).'),
        }),
      );
    side.append(battleBox(hands));
  }

  /// When the cards of the Scout panel were seen and what they are now: the cards seen, less
  /// those played since, beside the hand's size (it has drawn others since).
  function scoutNote(known: number): string {
    const v = msg.view;
    const of = Number(v.known_of?.[String(msg.seat)] ?? 3 - msg.seat);
    const held = v.hands?.[String(of)];
    const size = Array.isArray(held) ? held.length : Number(held ?? 0);
    const turn = lastScoutTurn(log, msg.seat);
    const round = v.options?.contingents ? 'round' : 'turn';
    const when = turn === null ? 'Seen with a Scout' : turn === v.turn ? `Seen with your Scout this ${round}` : `Seen with your Scout on ${round} ${turn}`;
    const unknown = size > known ? ` The hand holds ${counted(size, 'card')} now: ${counted(size - known, 'other')} not seen.` : '';
    return `${when}, less the cards played since.${unknown}`;
  }

  /// The Warfare "Battle" box: a row for each player (its army's name, with its role in a
  /// multiplayer battle on a line of its own below it) with its cards and loss points in columns
  /// of their own, then the deck and the rules on lines as wide as the box.
  function battleBox(hands: Json): HTMLElement {
    const v = msg.view;
    const rows: HTMLElement[] = [];
    for (let p = 1; p <= (msg.players?.length ?? 2); ++p) {
      const hp = hands[String(p)];
      const role = v.players?.[String(p)];
      const name = p === msg.seat ? `You: ${msg.players[p - 1].name}` : who(p);
      const roleText = role ? `${role.side === 1 ? 'Attacker' : 'Defender'}’s ${role.role === 'main' ? 'main player' : 'contingent'}` : '';
      // A broken player holds no cards; its losses stay counted (the end's tally needs them),
      // and its role's line says that its army has left the field.
      const cards = role?.broken ? h('td', { class: 'broken', text: '–' }) : h('td', { text: String(Array.isArray(hp) ? hp.length : (hp ?? 0)) });
      const gone = role?.broken ? h('small', { class: 'role broken', text: 'broken: its army has left the field' }) : null;
      rows.push(
        h(
          'tr',
          { class: `p${sideOf(p)} ${p === msg.seat ? 'mine' : ''}`, 'data-player': p },
          h('th', { scope: 'row' }, h('span', { class: 'dot' }), name, roleText ? h('small', { class: 'role', text: roleText }) : null, gone),
          cards,
          h('td', { text: String(v.lost?.[String(p)] ?? 0) }),
        ),
      );
    }
    const table = h(
      'table',
      { class: 'battle-facts', id: 'battle-facts' },
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', { scope: 'col', text: 'Cards' }), h('th', { scope: 'col', text: 'Loss points' }))),
      h('tbody', {}, ...rows),
    );
    const facts = h('dl', { class: 'facts' });
    const add = (k: string, val: string) => facts.append(h('dt', { text: k }), h('dd', { text: val }));
    add('Deck', `${counted(Array.isArray(v.deck) ? v.deck.length : v.deck, 'card')} · discard ${(v.discard ?? []).length}`);
    const house = switchesOn(v);
    add('Rules', `${title(v.edition)} edition · ${v.width ?? v.options?.board ?? 8} × ${v.options?.board ?? 8}${house.length ? ' · ' + house.join(', ') : ''}`);
    // How the battle is won, as the rules book says it (the table's loss points read against it):
    // the page says nowhere else what a player plays for.
    const ends = shown.book?.sections.find((s) => s.id === 'turn')?.entries.find((e) => e.id === 'end');
    const goal = ends?.lines.length ? h('p', { class: 'muted battle-ends', id: 'battle-ends', text: ends.lines.join(' ') }) : null;
    return h('div', { class: 'box', id: 'battle' }, h('h3', { text: 'Battle' }), table, facts, goal);
  }

  /// Who has chosen their deployment ahead (the players' "ready"), as a clause of the waiting line.
  function readyNote(): string {
    const ready = (msg.players ?? []).map((p: Json, k: number) => (p.ready ? k + 1 : 0)).filter((p: number) => p && p !== msg.seat);
    return ready.length ? ` (ready to deploy: ${ready.map(who).join(', ')})` : '';
  }

  /// What broke the player's own army (a multiplayer battle), while the battle goes on: the
  /// other player's action that did it (the player's own answer to an attack says nothing of
  /// it), with its round and the losses that stay counted. A phone's log, where it is told,
  /// lies far below the board, and the army is gone from it.
  function brokenWhy(): string | null {
    if (msg.over || msg.seat === 0 || !msg.view.players?.[String(msg.seat)]?.broken) return null;
    const at = log.findIndex((l) => l.events.some((e) => e.type === 'broken' && e.player === msg.seat));
    if (at < 0) return null;
    let by = at;
    while (by > 0 && log[by].player === msg.seat) by--;
    let round: number | null = null;
    for (let i = by - 1; i >= 0 && round === null; i--) round = log[i].events.find((e) => e.type === 'turn' && typeof e.turn === 'number')?.turn ?? null;
    const line = log[by];
    const lost = Number(msg.view.lost?.[String(msg.seat)] ?? 0);
    return `What broke it (round ${round ?? 1}): ${line.player === msg.seat ? 'You' : who(line.player)}: ${line.words}. Your loss points (${lost}) stay counted.`;
  }

  function promptText(mine: boolean, pending: ActionInfo | undefined): string {
    const v = msg.view;
    if (msg.over) return 'The game is over.';
    if (v.phase === 'battlefield') return `The defender’s battlefield. ${fieldSummary(v)}`;
    if (!mine && msg.seat !== 0 && aheadOffer()) return 'Deploy your army: arrange it on the board, or deploy automatically.';
    // A broken contingent's army has left the field: its player watches its side fight on.
    const broken =
      !mine && msg.seat !== 0 && v.players?.[String(msg.seat)]?.broken
        ? 'Your army is broken: it has left the field and you take no more turns; your side fights on. '
        : '';
    if (!mine)
      return msg.seat === 0
        ? 'You are watching this game.'
        : `${broken}${msg.thinking ? 'The computer is thinking…' : `Waiting for ${who(msg.to_act)}${readyNote()}.`}`;
    if (v.phase === 'deploy')
      return msg.legal.some((t: string) => legalInfos(msg).get(t)?.kind === 'swap')
        ? 'DBA set-up: you may swap two of the attacker’s units, or pass.'
        : 'Deploy your army: arrange it on the board, or deploy automatically.';
    if (pending) {
      const onlyTake = msg.legal.length === 1;
      const auto = onlyTake && autopassOn() ? ' (in a moment, or now with the button)' : '';
      // The move of a move-then-attack (a Charge) is answered first, its attack after.
      if (v.pending?.move !== undefined) {
        const what = pending.kind === 'attack' ? 'the move before the attack' : 'the move';
        return onlyTake
          ? `Answer ${what}: you hold no card that negates it, so it happens${auto}.`
          : `Answer ${what}: negate it with a card (the whole action is cancelled), or let it happen.`;
      }
      const losing = msg.legal.some((t: string) => legalInfos(msg).get(t)?.ends_game);
      if (onlyTake && losing) return 'Answer the attack: you hold no card that defends against it, and taking it ends the game. Take it when you are ready.';
      return onlyTake
        ? `Answer the attack: you hold no card that defends against it, so it is taken${auto}.`
        : losing
          ? 'Answer the attack: defend with a card, or take it (taking it ends the game).'
          : 'Answer the attack: defend with a card, or take it.';
    }
    if (v.phase === 'orders') return 'Discard down to 5 cards.';
    // Only the phase's end: said, with why (the cards under the hand say it card by card).
    if (msg.legal.length === 1 && msg.legal[0] === 'end') {
      const auto = autopassOn() ? ' (in a moment, or now with the button)' : '';
      return v.phase === 'move'
        ? `Move phase: no card in your hand moves a unit now, so the phase ends${auto}.`
        : `Battle phase: no unit of yours can attack now, so the turn ends${auto}.`;
    }
    if (v.phase === 'move') return 'Move phase: choose a card, then a unit and its destination (or end the move phase).';
    const autokills = msg.legal.some((t: string) => legalInfos(msg).get(t)?.kind === 'autokill');
    return autokills ? 'Battle phase: attack with a card or auto-kill, then end the turn.' : 'Battle phase: attack with a card, then end the turn.';
  }

  // The answer awaited is drawn above the board on a narrow screen only: a window that crosses
  // the width draws it again where it belongs.
  const media = window.matchMedia(NARROW);
  const onWidth = () => render();
  media.addEventListener('change', onWidth);
  // A phone turned sideways may fit the board's squares: the zoom's switch comes or goes.
  const onResize = () => {
    const v = msg?.view;
    if (document.querySelector('.board-svg') && zoomOffered(narrow(), v.width ?? v.options?.board ?? 8, document.documentElement.clientWidth) !== zoomShown)
      render();
  };
  window.addEventListener('resize', onResize);
  connect();
  return () => {
    closed = true;
    media.removeEventListener('change', onWidth);
    window.removeEventListener('resize', onResize);
    clearInterval(ticker);
    ws?.close();
    document.getElementById('sheet')?.remove();
  };
}
