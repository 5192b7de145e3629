/**
 * How wide a badge's text is, in pixels, in Verdana 11px: the font badges name first, measured from
 * its advance widths (docs/status-pages.md "Badges"). A fixed table, so the width never depends on
 * the fonts of the machine that draws the SVG; the SVG also pins each text to this width
 * (`textLength`), so a fallback font is squeezed or stretched to fit instead of overflowing.
 */

/** Advance widths of the printable ASCII characters, from ' ' (32) to '~' (126). */
const ASCII_WIDTHS: readonly number[] = [
  3.87, 4.33, 5.05, 9.0, 6.99, 11.84, 7.99, 2.95, 4.99, 4.99, 6.99, 9.0, 4.0, 4.99, 4.0, 4.99, // ' ' .. '/'
  6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 4.99, 4.99, 9.0, 9.0, 9.0, 6.0, // '0' .. '?'
  11.0, 7.52, 7.54, 7.68, 8.48, 6.96, 6.32, 8.53, 8.27, 4.63, 5.0, 7.62, 6.12, 9.27, 8.23, 8.66, // '@' .. 'O'
  6.63, 8.66, 7.65, 7.52, 6.78, 8.05, 7.52, 10.88, 7.54, 6.77, 7.54, 4.99, 4.99, 4.99, 9.0, 6.99, // 'P' .. '_'
  6.99, 6.61, 6.85, 5.73, 6.85, 6.55, 3.87, 6.85, 6.96, 3.02, 3.79, 6.51, 3.02, 10.7, 6.96, 6.68, // '`' .. 'o'
  6.85, 6.85, 4.69, 5.73, 4.33, 6.96, 6.51, 8.98, 6.51, 6.51, 5.78, 6.98, 4.99, 6.98, 9.0, // 'p' .. '~'
];

/** A character outside the table (accented letters, other scripts, emoji) counts as wide as 'm'. */
const OTHER_WIDTH = 10.7;

/** The width of one character (a code point). */
export const characterWidth = (character: string): number => {
  const code = character.codePointAt(0) ?? 0;
  return code >= 32 && code <= 126 ? ASCII_WIDTHS[code - 32]! : OTHER_WIDTH;
};

/** The width of a text in Verdana 11px, in pixels (unrounded). */
export const textWidth = (text: string): number => [...text].reduce((sum, character) => sum + characterWidth(character), 0);
