// The board drawn larger on a phone. A board wider than 8 files fitted to a phone's width has
// squares of about 30 px (12 files) or 22 px (a 3+3 battle's 16): too small to tap. The player
// may switch on a zoom that draws the squares at ZOOM_SQUARE_PX in a frame scrolled sideways;
// the choice is remembered. The page keeps the frame where the player left it between renders,
// and scrolls it once to what a new decision is about: the unit chosen and its targets, the
// attack to answer, the last move, the army being deployed. Laptops never see the switch.
import { h } from './util';

const ZOOM_KEY = 'ancients.zoom';

/// A square's side on the zoomed board, in CSS pixels: a fingertip's size.
export const ZOOM_SQUARE_PX = 42;

/// The zoom is offered where the board fitted to the frame would have smaller squares than this.
const SMALL_SQUARE_PX = 36;

/// The board's drawing in squares: the rank labels' margin on the left (board.ts's viewBox), the
/// board's files, and a margin on the right.
const LEFT_MARGIN = 0.45;
const EXTRA_WIDTH = 0.5;

/// Whether the player switched the zoom on (on this device).
export const zoomOn = (): boolean => localStorage.getItem(ZOOM_KEY) === 'on';

export function setZoom(on: boolean): void {
  localStorage.setItem(ZOOM_KEY, on ? 'on' : 'off');
}

/// Whether the zoom is offered: a narrow screen (one column), a board wider than 8 files, and
/// squares that fitted to `frameWidth` pixels would be small.
export function zoomOffered(narrow: boolean, files: number, frameWidth: number): boolean {
  return narrow && files > 8 && frameWidth / (files + EXTRA_WIDTH) < SMALL_SQUARE_PX;
}

/// The zoomed board's width in pixels.
export function zoomedWidth(files: number): number {
  return (files + EXTRA_WIDTH) * ZOOM_SQUARE_PX;
}

/// The column a square is drawn in, from the left (the board turned round for side 2).
export function boardColumn(sq: string, files: number, flip: boolean): number {
  const file = sq.charCodeAt(0) - 97;
  return flip ? files - 1 - file : file;
}

/// The frame's scroll position that shows the squares in `columns`: unchanged where all of them
/// are in sight already; else centred on them, or, where they are wider than the frame and
/// `anchored` (the first is a unit chosen, the others where it may go), on the first one.
/// `left`: the frame's scroll position now; `view`: its width; `content`: the board's width.
export function scrollToShow(columns: number[], anchored: boolean, left: number, view: number, content: number): number {
  if (!columns.length) return left;
  const margin = ZOOM_SQUARE_PX / 2;
  const span = (lo: number, hi: number) => [(lo + LEFT_MARGIN) * ZOOM_SQUARE_PX - margin, (hi + 1 + LEFT_MARGIN) * ZOOM_SQUARE_PX + margin];
  let [a, b] = span(Math.min(...columns), Math.max(...columns));
  if (b - a > view && anchored) [a, b] = span(columns[0], columns[0]);
  if (a >= left && b <= left + view) return left;
  const centred = Math.round((a + b) / 2 - view / 2);
  return Math.max(0, Math.min(Math.max(0, content - view), centred));
}

/// A board drawing (`boardEl`, `files` wide and `ranks` high, `flip`ped for side 2) in its frame;
/// where the zoom is offered (`narrow`: one column), its switch above it, which stores the choice
/// and calls `redraw`. Zoomed, the board has fingertip squares in a frame ("board-frame")
/// scrolled sideways, the ranks' numbers kept at its left edge. `offered`: whether the switch is
/// there (a page draws again when turning the phone changes it).
export function zoomableBoard(
  boardEl: SVGElement,
  files: number,
  ranks: number,
  flip: boolean,
  narrow: boolean,
  redraw: () => void,
): { parts: DocumentFragment; offered: boolean } {
  const frame = h('div', { class: 'board' }, boardEl);
  const parts = document.createDocumentFragment();
  const offered = zoomOffered(narrow, files, document.documentElement.clientWidth);
  if (!offered) {
    parts.append(frame);
    return { parts, offered };
  }
  const zoomed = zoomOn();
  const toggle = h(
    'button',
    {
      type: 'button',
      id: 'board-zoom',
      'aria-pressed': String(zoomed),
      onclick: () => {
        setZoom(!zoomed);
        redraw();
      },
    },
    zoomed ? 'Show the whole board' : 'Larger squares',
  );
  const hint = h('span', { class: 'muted', text: zoomed ? 'Swipe the board sideways to see all of it.' : 'The squares are small to tap:' });
  parts.append(h('div', { class: 'board-tools', id: 'board-tools' }, hint, toggle), frame);
  if (!zoomed) return { parts, offered };
  frame.classList.add('zoomed');
  frame.id = 'board-frame';
  boardEl.style.width = `${zoomedWidth(files)}px`;
  frame.prepend(
    h('div', { class: 'rank-strip', 'aria-hidden': 'true' }, ...Array.from({ length: ranks }, (_, i) => h('span', { text: String(flip ? i + 1 : ranks - i) }))),
  );
  return { parts, offered };
}
