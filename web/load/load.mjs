// Load tool for `ancients serve`: plays many concurrent games between bots over WebSocket
// against a running server and reports the round trip of actions (sent -> the acting seat's
// new state received). Every game is "vs friend": two sockets, each playing a random offered
// action when it is to act. Bounded by --seconds.
// Usage: node web/load/load.mjs [--url http://127.0.0.1:8080] [--games 500] [--seconds 30]
//        [--think-ms 0]   (each bot waits think-ms x 0.5..1.5 before acting; 0: at once)
//        [--full]         (ask for the full state messages: every group advance listed)
//        [--game warfare] (the game played: any the server serves, e.g. generals)
// By default the bots say hello with "compact": group advances come as groups and a bot plays
// one by its group and choice. A bot parses only the messages where it is to act: the others
// it reads with a string search for the version and the end of the game (the server writes
// every state message with "version" and "over" before "legal", see game_session.cpp).
// Node 22 has a WebSocket client built in; Node 20 hides it behind --experimental-websocket, so
// there the tool starts itself again with that flag (no npm package needed).
import { spawnSync } from 'node:child_process';
if (typeof WebSocket === 'undefined') {
  if (process.execArgv.includes('--experimental-websocket')) {
    console.error('this Node.js has no WebSocket client; use Node 20.10 or newer');
    process.exit(2);
  }
  const r = spawnSync(process.execPath, ['--experimental-websocket', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
const args = Object.fromEntries(
  process.argv.slice(2).reduce((a, v, i, all) => (v.startsWith('--') ? [...a, [v.slice(2), all[i + 1]?.startsWith('--') ? '' : all[i + 1]]] : a), []),
);
let firstError = '';
const url = args.url ?? 'http://127.0.0.1:8080';
const games = Number(args.games ?? 500);
const seconds = Number(args.seconds ?? 30);
const think = Number(args['think-ms'] ?? 0);
const compact = !('full' in args);
const game = args.game || 'warfare';
const wsUrl = url.replace(/^http/, 'ws') + '/ws';
const rtts = [];
let actions = 0,
  errors = 0,
  finished = 0,
  opened = 0,
  messages = 0,
  bytes = 0,
  biggest = 0;
const deadline = Date.now() + seconds * 1000;
let stopping = false;

/// The integer after `key` in a message's text (the server writes these fields as plain integers).
function intAfter(text, key) {
  const at = text.indexOf(key);
  return at < 0 ? -1 : parseInt(text.slice(at + key.length, at + key.length + 12), 10);
}

async function create() {
  const res = await fetch(`${url}/api/games`, {
    method: 'POST',
    body: JSON.stringify(game === 'warfare' ? { vs: 'friend', options: { turn_limit: 60 } } : { game, vs: 'friend' }),
  });
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}

function seat(id, token) {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl);
    let sentAt = 0,
      version = -1,
      mySeat = 0;
    ws.onopen = () => {
      opened++;
      ws.send(JSON.stringify({ type: 'hello', game: id, token, compact }));
    };
    ws.onmessage = (e) => {
      const data = e.data;
      messages++;
      bytes += data.length;
      biggest = Math.max(biggest, data.length);
      // Cheap reading first: the type, version, to_act and over, without parsing the message.
      if (!data.startsWith('{"type":"state"')) {
        if (data.includes('"type":"error"')) {
          errors++;
          if (!firstError) firstError = data.slice(0, 300);
        }
        return;
      }
      const head = data.slice(0, data.indexOf('"view":')); // the top-level fields before the view
      const v = intAfter(head, '"version":');
      const toAct = intAfter(head, '"to_act":');
      const over = head.includes('"over":true');
      if (sentAt && v > version) {
        rtts.push(performance.now() - sentAt);
        sentAt = 0;
      }
      version = v;
      if (over) {
        finished += mySeat === 1 ? 1 : 0;
        ws.close();
        return;
      }
      if (stopping) {
        ws.close();
        return;
      }
      if (mySeat === 0) mySeat = intAfter(head, '"seat":');
      if (toAct !== mySeat) return;
      const m = JSON.parse(data); // only the messages this bot acts on
      const groups = m.groups ?? [];
      const count = m.legal.length + groups.reduce((n, g) => n + g.choices.length, 0);
      if (!count) return;
      const go = () => {
        sentAt = performance.now();
        actions++;
        let k = Math.floor(Math.random() * count);
        if (k < m.legal.length) return ws.send(JSON.stringify({ type: 'act', action: m.legal[k], version: m.version }));
        k -= m.legal.length;
        for (let g = 0; g < groups.length; k -= groups[g].choices.length, g++)
          if (k < groups[g].choices.length) return ws.send(JSON.stringify({ type: 'act', group: g, choice: k, version: m.version }));
      };
      think ? setTimeout(go, think * (0.5 + Math.random())) : go();
    };
    ws.onclose = () => resolve();
    ws.onerror = () => {
      errors++;
    };
  });
}

async function runGame() {
  while (!stopping) {
    const g = await create();
    await Promise.all([seat(g.id, g.token), seat(g.id, g.invite_token)]);
  }
}

const started = performance.now();
const all = Array.from({ length: games }, () =>
  runGame().catch((e) => {
    errors++;
    if (!firstError) firstError = String(e).slice(0, 300);
  }),
);
setTimeout(
  () => {
    stopping = true;
  },
  Math.max(0, deadline - Date.now()),
);
await Promise.race([Promise.all(all), new Promise((r) => setTimeout(r, seconds * 1000 + 5000))]);
const secs = (performance.now() - started) / 1000;
rtts.sort((a, b) => a - b);
const q = (p) => (rtts.length ? rtts[Math.min(rtts.length - 1, Math.floor(p * rtts.length))].toFixed(2) : 'n/a');
console.log(
  JSON.stringify({
    concurrent_games: games,
    sockets_opened: opened,
    seconds: Number(secs.toFixed(1)),
    actions,
    actions_per_second: Math.round(actions / secs),
    games_finished: finished,
    errors,
    first_error: firstError || undefined,
    compact,
    messages,
    kib_per_message: Number((bytes / Math.max(1, messages) / 1024).toFixed(1)),
    biggest_kib: Number((biggest / 1024).toFixed(1)),
    rtt_ms: { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1) },
  }),
);
process.exit(0);
