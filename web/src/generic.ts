// The drawing of a game that has none of its own (the layout "generic", docs/server.md): its
// view's fields listed under their own names, and the player's actions as buttons in the words
// the game gives them (the state message's `actions`). Any game the server registers can so be
// played and replayed in the browser; Ancient Warfare and Ancient Generals have their drawings.
import { legalInfos } from './describe';
import { h, Json } from './util';

/// A field's name as a heading: "sudden_death" -> "sudden death".
const fieldName = (key: string) => key.replace(/_/g, ' ');

/// A view's value: a list's items and an object's fields shown in turn, nothing as a dash.
function valueNode(v: Json): Node {
  if (v === null || v === undefined) return document.createTextNode('—');
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) return document.createTextNode(v.length ? v.map(String).join(', ') : '—');
    return h('ol', { class: 'generic-list' }, ...v.map((x) => h('li', {}, valueNode(x))));
  }
  if (typeof v === 'object') return fieldList(v, 'generic-fields');
  return document.createTextNode(String(v));
}

function fieldList(v: Json, cls: string): HTMLElement {
  const dl = h('dl', { class: cls });
  for (const [key, value] of Object.entries(v)) if (key !== 'game') dl.append(h('dt', { text: fieldName(key) }), h('dd', {}, valueNode(value)));
  return dl;
}

/// The position as the player may know it (a view, or a replay's position), field by field.
export function genericView(view: Json): HTMLElement {
  return h('div', { class: 'box generic-view', id: 'generic-view' }, h('h3', { text: 'The position' }), fieldList(view, 'facts generic-fields'));
}

/// The player's actions, each a button in the game's words (its notation where it gives none).
export function genericActions(msg: Json, act: (text: string) => void): HTMLElement {
  const infos = legalInfos(msg);
  return h(
    'div',
    { class: 'actions', id: 'actions' },
    ...(msg.legal as string[]).map((t) => h('button', { type: 'button', 'data-action': t, title: t, onclick: () => act(t) }, infos.get(t)?.words ?? t)),
  );
}
