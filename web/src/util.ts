// Small DOM helpers shared by the screens.
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | ((e: Event) => void)> = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v as EventListener);
    else if (v === false) continue;
    else if (k === 'text') el.textContent = String(v);
    else if (k === 'checked' || k === 'disabled') (el as unknown as Record<string, boolean>)[k] = v === true;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c != null) el.append(c);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';
export function s(tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

export function hashParams(): URLSearchParams {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

export function setStatus(text: string): void {
  const el = document.getElementById('status');
  if (el) el.textContent = text;
}

/// The log's class for its numbers' width: " long" from 100 entries, " longer" from 1,000
/// (style.css widens the margin, or the first digits are cut off).
export function logWidth(entries: number): string {
  return entries >= 1000 ? ' longer' : entries >= 100 ? ' long' : '';
}

/// The <details> boxes the player opened, by key: the page draws itself again at every message
/// and click, and a box the player opened stays open (a set, not saved across visits).
const openDetails = new Set<string>();

/// `details` (a <details> element) opened or closed as the player last left the box `key`.
export function keptOpen(details: HTMLElement, key: string): HTMLElement {
  const d = details as HTMLDetailsElement;
  if (openDetails.has(key)) d.open = true;
  d.addEventListener('toggle', () => (d.open ? openDetails.add(key) : openDetails.delete(key)));
  return d;
}
