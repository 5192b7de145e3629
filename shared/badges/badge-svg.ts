import { textWidth } from './text-width.js';

/**
 * A badge drawn as an SVG in the flat style READMEs are used to (docs/status-pages.md "Badges"): a
 * grey label on the left, a coloured message on the right, 20 px high. Each text is measured with
 * the Verdana 11px table (text-width.ts) and pinned to that width, and every text is escaped: a
 * label is the monitor's name or a query parameter, so whatever it holds shows as text.
 */

export interface BadgeParts {
  label: string;
  message: string;
  /** The message side's colour, `#rgb` or `#rrggbb` (badge-colors.ts). */
  color: string;
}

const LABEL_COLOR = '#555';
const HEIGHT = 20;
/** Space either side of each text. */
const PADDING = 5;

/**
 * A text made safe for SVG (XML 1.0): `& < > " '` escaped, and the characters XML cannot hold at
 * all (control characters, lone surrogates, U+FFFE/U+FFFF) replaced by a space.
 */
export const escapeXml = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ' ')
    .replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Tabs and line breaks read as one space on a one-line badge; the ends are trimmed. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A side's width: its text, rounded up to a whole pixel, plus the padding. */
const sideWidth = (text: string): number => Math.ceil(textWidth(text)) + 2 * PADDING;

/** The SVG of a badge: `role="img"`, and a `<title>` ("label: message") that screen readers and tooltips read. */
export const renderBadge = (parts: BadgeParts): string => {
  const label = oneLine(parts.label);
  const message = oneLine(parts.message);
  const labelWidth = sideWidth(label);
  const messageWidth = sideWidth(message);
  const width = labelWidth + messageWidth;
  const title = escapeXml(`${label}: ${message}`);
  // Texts are drawn at ten times the size and scaled down, as flat badges do, for crisper glyph placement.
  const text = (value: string, centre: number, side: number) => {
    const x = centre * 10;
    const length = (side - 2 * PADDING) * 10;
    const escaped = escapeXml(value);
    return (
      `<text aria-hidden="true" x="${x}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${length}">${escaped}</text>` +
      `<text x="${x}" y="140" transform="scale(.1)" fill="#fff" textLength="${length}">${escaped}</text>`
    );
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)">` +
    `<rect width="${labelWidth}" height="${HEIGHT}" fill="${LABEL_COLOR}"/>` +
    `<rect x="${labelWidth}" width="${messageWidth}" height="${HEIGHT}" fill="${escapeXml(parts.color)}"/>` +
    `<rect width="${width}" height="${HEIGHT}" fill="url(#s)"/>` +
    `</g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">` +
    text(label, labelWidth / 2, labelWidth) +
    text(message, labelWidth + messageWidth / 2, messageWidth) +
    `</g>` +
    `</svg>`
  );
};
