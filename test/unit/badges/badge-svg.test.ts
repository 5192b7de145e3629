import { describe, expect, it } from 'vitest';
import { escapeXml, renderBadge } from '../../../shared/badges/badge-svg.js';
import {
  BADGE_COLORS,
  BadgeQuery,
  labelFromName,
  NOT_FOUND_BADGE,
  statusBadge,
  uptimeBadge,
} from '../../../shared/badges/badges.js';
import { characterWidth, textWidth } from '../../../shared/badges/text-width.js';
import { cacheableSvg, etagOf, matchesIfNoneMatch, SVG_CACHE_CONTROL } from '../../../functions/http/cacheable-svg.js';

/** The `width` of the badge and of its two sides (the label's rect, the message's rect). */
const widths = (svg: string) => {
  const total = Number(/<svg [^>]*width="(\d+)"/.exec(svg)?.[1]);
  const rects = [...svg.matchAll(/<rect (?:x="\d+" )?width="(\d+)" height="20" fill="#/g)].map((match) => Number(match[1]));
  return { total, label: rects[0], message: rects[1] };
};

describe('badge texts and colours', () => {
  it('names each monitor state as the status badge shows it', () => {
    expect(statusBadge('online')).toEqual({ message: 'up', color: BADGE_COLORS.brightGreen });
    expect(statusBadge('offline')).toEqual({ message: 'down', color: BADGE_COLORS.red });
    expect(statusBadge('degraded')).toEqual({ message: 'degraded', color: BADGE_COLORS.yellow });
    expect(statusBadge('paused')).toEqual({ message: 'paused', color: BADGE_COLORS.grey });
    expect(statusBadge('pending')).toEqual({ message: 'pending', color: BADGE_COLORS.grey });
  });

  it('colours uptime by the documented thresholds, each bound inclusive', () => {
    expect(uptimeBadge(100)).toEqual({ message: '100%', color: BADGE_COLORS.brightGreen });
    expect(uptimeBadge(99.95)).toEqual({ message: '99.95%', color: BADGE_COLORS.brightGreen });
    expect(uptimeBadge(99.9)).toEqual({ message: '99.9%', color: BADGE_COLORS.brightGreen });
    expect(uptimeBadge(99.89).color).toBe(BADGE_COLORS.green);
    expect(uptimeBadge(99).color).toBe(BADGE_COLORS.green);
    expect(uptimeBadge(98.5).color).toBe(BADGE_COLORS.yellow);
    expect(uptimeBadge(95).color).toBe(BADGE_COLORS.yellow);
    expect(uptimeBadge(94.99).color).toBe(BADGE_COLORS.orange);
    expect(uptimeBadge(90).color).toBe(BADGE_COLORS.orange);
    expect(uptimeBadge(89.99)).toEqual({ message: '89.99%', color: BADGE_COLORS.red });
    expect(uptimeBadge(0)).toEqual({ message: '0%', color: BADGE_COLORS.red });
  });

  it('says "no data" in grey when the 30 days hold no check, never 100%', () => {
    expect(uptimeBadge(null)).toEqual({ message: 'no data', color: BADGE_COLORS.grey });
  });

  it('cuts a long monitor name to 40 characters with an ellipsis, and keeps a short one', () => {
    expect(labelFromName('API')).toBe('API');
    const long = labelFromName('x'.repeat(60));
    expect([...long]).toHaveLength(40);
    expect(long.endsWith('…')).toBe(true);
    expect(labelFromName('  two\n lines ')).toBe('two lines');
  });

  it('takes a label of at most 40 characters; an empty one is as none', () => {
    expect(BadgeQuery.parse({ label: 'build' })).toEqual({ label: 'build' });
    expect(BadgeQuery.parse({ label: '' })).toEqual({ label: undefined });
    expect(BadgeQuery.parse({})).toEqual({ label: undefined });
    // Other parameters (the monitor page's cache-busting `seen`) are ignored.
    expect(BadgeQuery.parse({ seen: '2', label: 'api' })).toEqual({ label: 'api' });
    expect(BadgeQuery.safeParse({ label: 'y'.repeat(41) }).error?.issues[0]?.message).toBe('label must be at most 40 characters');
  });
});

describe('text widths (Verdana 11px)', () => {
  it('measures characters from the table, and others as wide as "m"', () => {
    expect(characterWidth(' ')).toBe(3.87);
    expect(characterWidth('i')).toBe(3.02);
    expect(characterWidth('W')).toBe(10.88);
    expect(characterWidth('~')).toBe(9.0);
    expect(characterWidth('é')).toBe(characterWidth('m'));
    expect(characterWidth('😀')).toBe(characterWidth('m'));
    expect(textWidth('up')).toBeCloseTo(6.96 + 6.85, 5);
    expect(textWidth('')).toBe(0);
  });

  it('makes each side its text rounded up plus 5 px either side, and the badge their sum', () => {
    const svg = renderBadge({ label: 'uptime 30d', message: '99.95%', color: BADGE_COLORS.brightGreen });
    const { total, label, message } = widths(svg);
    expect(label).toBe(Math.ceil(textWidth('uptime 30d')) + 10);
    expect(message).toBe(Math.ceil(textWidth('99.95%')) + 10);
    expect(total).toBe(label! + message!);
    // Each text is pinned to its measured width (in tenths: texts are drawn at 10x and scaled).
    expect(svg).toContain(`textLength="${(label! - 10) * 10}"`);
  });

  it('is wider for a wider text', () => {
    const narrow = widths(renderBadge({ label: 'iiii', message: 'up', color: '#4c1' })).total;
    const wide = widths(renderBadge({ label: 'WWWW', message: 'up', color: '#4c1' })).total;
    expect(wide).toBeGreaterThan(narrow);
  });
});

describe('the SVG', () => {
  it('is an image with a title screen readers read, and the message colour', () => {
    const svg = renderBadge({ label: 'Shop', message: 'down', color: BADGE_COLORS.red });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="Shop: down"');
    expect(svg).toContain('<title>Shop: down</title>');
    expect(svg).toContain(`fill="${BADGE_COLORS.red}"`);
    expect(svg.match(/>Shop</g)).toHaveLength(2);
  });

  it('shows script in a name as text: every markup character is escaped', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const svg = renderBadge({ label: name, message: 'up', color: '#4c1' });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain(`"x"`);
    expect(svg).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;co&#39;');
    // The attribute holding the title is closed only where it should be.
    expect(/aria-label="([^"]*)"/.exec(svg)?.[1]).toBe(escapeXml(`${name}: up`));
  });

  it('replaces what XML cannot hold (control characters, lone surrogates) and keeps emoji', () => {
    expect(escapeXml('a\u0000b\u001bc\ud800d')).toBe('a b c d');
    expect(escapeXml('ok 😀')).toBe('ok 😀');
    expect(renderBadge({ label: 'tab\there', message: 'up', color: '#4c1' })).toContain('<title>tab here: up</title>');
  });

  it('draws the grey "not found" badge', () => {
    const svg = renderBadge(NOT_FOUND_BADGE);
    expect(svg).toContain('<title>badge: not found</title>');
    expect(svg).toContain(`fill="${BADGE_COLORS.grey}"`);
  });
});

describe('cacheable SVG answers', () => {
  const svg = renderBadge({ label: 'api', message: 'up', color: '#4c1' });
  const etag = etagOf(svg);

  it('answers with the cache policy, an SVG type and an ETag of the body', () => {
    const result = cacheableSvg({ headers: {} }, 200, svg);
    expect(result.statusCode).toBe(200);
    expect(result.body).toBe(svg);
    expect(result.headers).toMatchObject({ 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': SVG_CACHE_CONTROL, etag });
    expect(SVG_CACHE_CONTROL).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(etagOf(renderBadge({ label: 'api', message: 'down', color: '#e05d44' }))).not.toBe(etag);
  });

  it('answers 304 without a body when If-None-Match names the ETag (lists and weak forms too)', () => {
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const result = cacheableSvg({ headers: { 'if-none-match': header } }, 200, svg);
      expect(result.statusCode, header).toBe(304);
      expect(result.body, header).toBeUndefined();
      expect(result.headers?.etag).toBe(etag);
    }
    expect(cacheableSvg({ headers: { 'if-none-match': '"other"' } }, 200, svg).statusCode).toBe(200);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });

  it('never turns a 404 into a 304', () => {
    expect(cacheableSvg({ headers: { 'if-none-match': '*' } }, 404, svg).statusCode).toBe(404);
  });
});
