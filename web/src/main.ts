// The front end's entry point: the hash decides the screen. "#" is the lobby (create a game),
// "#game=ID&token=T" plays a seat (no token: watch), "#campaign=ID&token=T" follows a campaign
// day as its organiser or a nation (no token: watch), "#replay=ID" steps through a finished
// game, "#rules" (or "#rules=EDITION") explains every unit and card, "#dba=odds|terrain|army"
// opens the DBA club tools (loaded on demand), "#campaign-day" the lobby at its campaign day.
import './style.css';
import { showLobby } from './lobby';
import { showGame } from './game';
import { showReplay } from './replay';
import { showCampaign } from './campaign';
import { showRules } from './rules';
import { hashParams } from './util';

let stop: (() => void) | null = null;

function route(): void {
  if (stop) stop();
  stop = null;
  const app = document.getElementById('app')!;
  app.replaceChildren();
  document.title = 'Ancients';
  const p = hashParams();
  document.body.dataset.screen = p.has('game')
    ? 'game'
    : p.has('campaign')
      ? 'campaign'
      : p.has('replay')
        ? 'replay'
        : p.has('rules')
          ? 'rules'
          : p.has('dba')
            ? 'dba'
            : 'lobby';
  if (p.get('game')) stop = showGame(app, p.get('game')!, p.get('token') ?? '');
  else if (p.get('campaign')) stop = showCampaign(app, p.get('campaign')!, p.get('token') ?? '');
  else if (p.get('replay')) void showReplay(app, p.get('replay')!).then((f) => (stop = f));
  else if (p.has('rules')) showRules(app, p.get('rules') ?? '');
  else if (p.has('dba')) {
    const tool = p.get('dba') ?? '';
    void import('./dba').then((m) => {
      if (document.body.dataset.screen === 'dba') stop = m.showDba(app, tool);
    });
  } else if (p.has('campaign-day')) {
    // The lobby at its campaign day box (below the long new-game form on a phone): the box
    // scrolls itself into sight once its scenarios are in (campaign.ts).
    void showLobby(app);
  } else if ([...p.keys()].length) {
    app.append(Object.assign(document.createElement('p'), { className: 'box notice err', textContent: 'This link names no game. ' }));
    void showLobby(app);
  } else void showLobby(app);
  window.scrollTo(0, 0);
}

window.addEventListener('hashchange', route);
route();
