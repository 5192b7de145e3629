import { describe, expect, it } from 'vitest';
import { renderUpdateMarkdown, safeLinkTarget } from '../../../../functions/services/incidents/render-update-markdown.js';

/** The safe Markdown subset of incident updates (docs/status-pages.md "Safe Markdown"). */

const LINK = (href: string, text: string) => `<a href="${href}" rel="nofollow noopener noreferrer" target="_blank">${text}</a>`;

// No tag outside the subset, no attribute other than a link's href, rel and target, and every href http(s).
// (Text may say "onclick=" or "javascript:": as text it does nothing.)
const expectOnlySubset = (html: string) => {
  for (const [, tag, attrs] of html.matchAll(/<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/gi)) {
    expect(['p', 'br', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a']).toContain(tag!.toLowerCase());
    for (const [, name, value] of attrs!.matchAll(/([a-z-]+)="([^"]*)"/gi)) {
      expect(['href', 'rel', 'target']).toContain(name);
      if (name === 'href') expect(value).toMatch(/^https?:\/\//);
    }
  }
  // Every "<" left is a tag of the subset; any other is escaped.
  expect(html.replaceAll(/<\/?(p|br|strong|em|code|pre|ul|ol|li|a)( [^>]*)?\/?>/g, '')).not.toContain('<');
};

describe('renderUpdateMarkdown: the subset', () => {
  it('renders paragraphs, line breaks, bold, italic, inline code, code blocks and lists', () => {
    expect(renderUpdateMarkdown('We found **the cause** and _a fix_: `cache`.\nDeploying now.\n\nMore soon.')).toBe(
      '<p>We found <strong>the cause</strong> and <em>a fix</em>: <code>cache</code>.<br />Deploying now.</p>\n<p>More soon.</p>',
    );
    expect(renderUpdateMarkdown('- one\n- two\n\n1. first')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>first</li>\n</ol>');
    expect(renderUpdateMarkdown('```\nnpm run deploy\n```')).toBe('<pre><code>npm run deploy\n</code></pre>');
  });

  it('keeps http(s) links, opening in a new tab without passing on the page', () => {
    expect(renderUpdateMarkdown('See [our blog](https://blog.example.com/post?a=1&b=2).')).toBe(
      `<p>See ${LINK('https://blog.example.com/post?a=1&amp;b=2', 'our blog')}.</p>`,
    );
    expect(renderUpdateMarkdown('http://example.com/x')).toBe(`<p>${LINK('http://example.com/x', 'http://example.com/x')}</p>`);
  });

  it('shows what is outside the subset as its text: headings bold, images their alt text, quotes and tables plain', () => {
    expect(renderUpdateMarkdown('# Update')).toBe('<p><strong>Update</strong></p>');
    expect(renderUpdateMarkdown('![diagram](https://example.com/d.png)')).toBe('<p>diagram</p>');
    expect(renderUpdateMarkdown('> quoted')).toBe('<p>quoted</p>');
    expect(renderUpdateMarkdown('~~gone~~ back')).toBe('<p>gone back</p>');
    expect(renderUpdateMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('<p>| a | b |<br />|---|---|<br />| 1 | 2 |</p>');
  });
});

describe('renderUpdateMarkdown: script in any text is shown as text', () => {
  const VECTORS: [string, string][] = [
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['Hi <img src=x onerror=alert(1)> there', '<p>Hi &lt;img src=x onerror=alert(1)&gt; there</p>'],
    // The address inside is linked as any typed address is; the tag itself stays text.
    ['<a href="https://example.com" onclick="steal()">x</a>', `<p>&lt;a href="${LINK('https://example.com/', 'https://example.com')}" onclick="steal()"&gt;x&lt;/a&gt;</p>`],
    ['<iframe src="https://evil.example"></iframe>', '<p>&lt;iframe src="https://evil.example"&gt;&lt;/iframe&gt;</p>'],
    ['<div>\n<svg onload=alert(1)>\n</div>', '<p>&lt;div&gt;<br />&lt;svg onload=alert(1)&gt;<br />&lt;/div&gt;</p>'],
    ['[click](javascript:alert(1))', '<p>click</p>'],
    ['[click](JaVaScRiPt:alert(document.cookie))', '<p>click</p>'],
    ['[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', '<p>click</p>'],
    ['[click](vbscript:msgbox(1))', '<p>click</p>'],
    ['[click](//evil.example/x)', '<p>click</p>'],
    ['[click](/relative/path)', '<p>click</p>'],
    ['<javascript:alert(1)>', '<p>javascript:alert(1)</p>'],
    ['![x](javascript:alert(1))', '<p>x</p>'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['&#60;script&#62;alert(1)&#60;/script&#62;', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['**<script>alert(1)</script>**', '<p><strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong></p>'],
    ['- [x](javascript:alert(1)) and _<b onmouseover=alert(1)>hi</b>_', '<ul>\n<li>x and <em>&lt;b onmouseover=alert(1)&gt;hi&lt;/b&gt;</em></li>\n</ul>'],
    ['[a **[b](javascript:alert(1))**](https://example.com)', `<p>[a <strong>b</strong>](${LINK('https://example.com/', 'https://example.com')})</p>`],
    ['`<script>alert(1)</script>`', '<p><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>'],
    ['[x](https://example.com "a\\" onmouseover=\\"alert(1))', `<p>[x](${LINK('https://example.com/', 'https://example.com')} "a" onmouseover="alert(1))</p>`],
    ['[x](https://example.com "a title")', `<p>${LINK('https://example.com/', 'x')}</p>`],
  ];

  it.each(VECTORS)('%j', (input, expected) => {
    const html = renderUpdateMarkdown(input);
    expect(html).toBe(expected);
    expectOnlySubset(html);
  });
});

describe('safeLinkTarget', () => {
  it('accepts absolute http(s) addresses only', () => {
    expect(safeLinkTarget('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLinkTarget(' HTTP://Example.com ')).toBe('http://example.com/');
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c', '//example.com', '/x', 'https://', 'ftp://example.com']) {
      expect(safeLinkTarget(href), href).toBeNull();
    }
  });
});
