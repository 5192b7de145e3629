/**
 * Text and attribute escaping for the server-rendered status page (docs/status-pages.md "The public
 * page"): every name, title and description a page owner typed is shown as text, so script in any
 * of them reads as characters, never runs.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and double- or single-quoted attribute values alike. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
