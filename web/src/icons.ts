// Icons drawn in SVG, so that nothing depends on the fonts installed (Debian's Chromium has no
// emoji or symbol font by default): replay controls, the General's star, the Camp's tent.
import { s } from './util';

const PATHS: Record<string, string> = {
  first: 'M5 4h2v16H5zM19 4v16L8 12z',
  prev: 'M17 4v16L6 12z',
  next: 'M7 4v16l11-8z',
  last: 'M17 4h2v16h-2zM5 4v16l11-8z',
  info: 'M11 7h2v2h-2zM11 11h2v6h-2zM12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z',
  star: 'M12 2l2.9 6.9 7.1.6-5.4 4.7 1.7 7-6.3-3.8-6.3 3.8 1.7-7L2 9.5l7.1-.6z',
  tent: 'M12 3L2 20h20zM12 9l-4.5 11h9z',
  flip: 'M7 4l-4 4 4 4V9h11V7H7zM17 12v3H6v2h11v3l4-4z',
  close: 'M6 5l13 13-1.4 1.4L4.6 6.4zM19 6.4L6.4 19 5 17.6 17.6 5z',
};

/// An inline SVG icon for a button (24 × 24 viewBox, current colour).
export function icon(name: string, label?: string): SVGElement {
  const svg = s('svg', { viewBox: '0 0 24 24', class: 'icon', 'aria-hidden': label ? 'false' : 'true', focusable: 'false' });
  if (label) svg.append(s('title', {}, label));
  svg.append(s('path', { d: PATHS[name] ?? '' }));
  return svg;
}

/// The same shape placed on the board: a path scaled into a box at (x, y) of size `size`.
export function boardIcon(name: string, x: number, y: number, size: number, cls: string): SVGElement {
  return s('path', { d: PATHS[name] ?? '', transform: `translate(${x} ${y}) scale(${size / 24})`, class: cls });
}
