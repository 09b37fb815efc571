/** A tiny element builder for the widget, which carries no UI library. */
type Attrs = Record<string, string | boolean | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== null) el.append(child);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A 24×24 stroked icon from one path, hidden from screen readers (its button carries the label). */
export function icon(d: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

export const CHAT_ICON = 'M4 5h16v11H8l-4 4z';
export const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';
export const SEND_ICON = 'M4 12l16-8-6 16-2-7z';
