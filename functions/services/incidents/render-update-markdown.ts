import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The safe Markdown subset of incident updates (docs/status-pages.md "Safe Markdown"), rendered
 * once when the update is posted, so status pages and mails only ever show stored, sanitized HTML.
 *
 * Two layers. Marked is set up to produce only the subset: raw HTML is never HTML (it is shown as
 * the text it is), headings read as bold paragraphs, images as their alt text, quotes and
 * strike-through as their plain content, tables as the text typed; a link keeps its address only
 * when that is an absolute http(s) URL. Then sanitize-html keeps only the subset's tags and
 * attributes, whatever Marked produced, and gives every link rel="nofollow noopener noreferrer"
 * and target="_blank".
 */

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a'];

const LINK_REL = 'nofollow noopener noreferrer';

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** An absolute http(s) address, or null: relative, protocol-relative, javascript:, data:, mailto: ... are no links here. */
export const safeLinkTarget = (href: string): string | null => {
  const trimmed = href.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  tokenizer: {
    // Raw HTML, block or inline, is not recognised: it stays text and is escaped like any text.
    html: () => undefined,
    tag: () => undefined,
    // A table is kept as the text typed.
    table: () => undefined,
  },
  renderer: {
    heading({ tokens }: Tokens.Heading) {
      return `<p><strong>${this.parser.parseInline(tokens)}</strong></p>\n`;
    },
    hr: () => '',
    blockquote({ tokens }: Tokens.Blockquote) {
      return this.parser.parse(tokens);
    },
    del({ tokens }: Tokens.Del) {
      return this.parser.parseInline(tokens);
    },
    checkbox: () => '',
    image: ({ text }: Tokens.Image) => escapeHtml(text),
    link({ href, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const target = safeLinkTarget(href);
      return target ? `<a href="${escapeHtml(target)}">${text}</a>` : text;
    },
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link whose address is not absolute http(s) becomes a span, which is not kept: its text alone stays.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ? safeLinkTarget(attribs.href) : null;
      return href ? { tagName, attribs: { href, rel: LINK_REL, target: '_blank' } } : { tagName: 'span', attribs: {} };
    },
  },
};

/** The owner's text as the HTML every page and mail shows: the safe subset only, sanitized. */
export const renderUpdateMarkdown = (message: string): string =>
  sanitizeHtml(markdown.parse(message, { async: false }), SANITIZE).trim();
