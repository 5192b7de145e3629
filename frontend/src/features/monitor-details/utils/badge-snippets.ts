/**
 * The snippets the owner pastes to show a badge (docs/status-pages.md "Badges"). The alternative
 * text is the monitor's name, so it is escaped for where it goes: Markdown's brackets and
 * backslashes, HTML's markup characters.
 */

/** `![alt](url)`, with `\`, `[` and `]` in the text escaped. */
export const markdownBadge = (alt: string, url: string): string => `![${alt.replace(/[\\[\]]/g, '\\$&')}](${url})`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `<img src="url" alt="alt">`, both attributes escaped. */
export const htmlBadge = (alt: string, url: string): string => {
  const escape = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
  return `<img src="${escape(url)}" alt="${escape(alt)}">`;
};
