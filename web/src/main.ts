// The front end's entry point: the hash decides the screen. "#" is the lobby (create a game),
// "#game=ID&token=T" plays a seat (no token: watch), "#replay=ID" steps through a finished game.
import './style.css';
import { showLobby } from './lobby';
import { showGame } from './game';
import { showReplay } from './replay';
import { hashParams } from './util';

let stop: (() => void) | null = null;

function route(): void {
  if (stop) stop();
  stop = null;
  const app = document.getElementById('app')!;
  app.replaceChildren();
  const p = hashParams();
  if (p.get('game')) stop = showGame(app, p.get('game')!, p.get('token') ?? '');
  else if (p.get('replay')) showReplay(app, p.get('replay')!);
  else showLobby(app);
}

window.addEventListener('hashchange', route);
route();
