/**
 * The page's accent colour, made safe to read (docs/status-pages.md "The public page"): an owner may
 * pick any `#rrggbb`, so the page never puts text on it or in it without checking WCAG AA contrast
 * (4.5:1) first.
 */

/** Used when the owner chose none. */
export const DEFAULT_ACCENT = '#2563eb';

const WHITE = '#ffffff';
// Pure black: with it, every colour reaches 4.5:1 against white or black (near-black would not).
const INK = '#000000';
/** WCAG AA for body text. */
const AA_CONTRAST = 4.5;

const channels = (hex: string): [number, number, number] => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];

const toHex = (rgb: readonly number[]): string => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export const relativeLuminance = (hex: string): number => {
  const [r, g, b] = channels(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1..21. */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** White or near-black, whichever reads better on the accent (a header band filled with it). */
export const textOnAccent = (accent: string): string => (contrastRatio(accent, WHITE) >= contrastRatio(accent, INK) ? WHITE : INK);

/**
 * The accent as a text colour on the white page (links, headings): the owner's colour when it
 * reaches 4.5:1, else the same hue darkened step by step until it does.
 */
export const accentAsText = (accent: string): string => {
  let rgb = channels(accent);
  for (let step = 0; step < 40 && contrastRatio(toHex(rgb), WHITE) < AA_CONTRAST; step += 1) {
    rgb = rgb.map((value) => value * 0.92) as [number, number, number];
  }
  return toHex(rgb);
};

/** The page's colours from its accent (the default when none or a malformed one). */
export const accentPalette = (accent: string | null): { accent: string; onAccent: string; accentText: string } => {
  const colour = accent && /^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : DEFAULT_ACCENT;
  return { accent: colour, onAccent: textOnAccent(colour), accentText: accentAsText(colour) };
};
