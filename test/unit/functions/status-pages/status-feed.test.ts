import { describe, expect, it } from 'vitest';
import { buildStatusFeed } from '../../../../functions/services/status-pages/feeds/build-feed.js';
import { feedEntries } from '../../../../functions/services/status-pages/feeds/feed-entries.js';
import { renderStatusPage } from '../../../../functions/services/status-pages/html/render-status-page.js';
import type { PublicStatusPage } from '../../../../shared/status-pages/public-page.js';
import { publicPageFixture } from './public-page-fixture.js';

const ORIGIN = 'https://upwatch.example';
const PAGE_URL = `${ORIGIN}/status/acme`;
const SCRIPT = '<script>alert(1)</script>';

/** The `<entry>` or `<item>` blocks of an XML feed, in order. */
const blocks = (xml: string, tag: 'entry' | 'item'): string[] => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1]!);

type JsonFeed = {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  language: string;
  authors: { name: string }[];
  items: { id: string; url: string; title: string; content_html: string; date_modified: string; date_published: string }[];
};
const jsonFeed = (page: PublicStatusPage): JsonFeed => JSON.parse(buildStatusFeed(page, 'json', { siteOrigin: ORIGIN })) as JsonFeed;

describe('status page feeds', () => {
  it('lists every incident of the 90 days and each maintenance run, newest first, linked to its place on the page', () => {
    const page = publicPageFixture('partial_outage');
    const items = jsonFeed(page).items;
    expect(items.map((item) => [item.title, item.url])).toEqual([
      ['Upcoming maintenance: Database upgrade', `${PAGE_URL}#maintenance-mw-1-${Date.parse('2026-12-01T02:00:00.000Z')}`],
      ['API is not answering', `${PAGE_URL}#incident-inc-now`],
      ['Checkout was slow', `${PAGE_URL}#incident-inc-old`],
      ['Europe unreachable', `${PAGE_URL}#incident-inc-eu`],
    ]);
    // Each link points at an element the HTML page has.
    const { html } = renderStatusPage(page, { siteOrigin: ORIGIN });
    for (const item of items) expect(html).toContain(` id="${item.url.split('#')[1]!}"`);
  });

  it("dates an incident by its newest update or resolution, and shows its updates newest first", () => {
    const page = publicPageFixture('partial_outage');
    const [, open, resolved, silent] = jsonFeed(page).items;
    expect(open).toMatchObject({ date_modified: '2026-11-27T13:55:00.000Z', date_published: '2026-11-27T13:41:00.000Z' });
    expect(resolved).toMatchObject({ date_modified: '2026-11-02T10:03:00.000Z', date_published: '2026-11-02T09:12:00.000Z' });
    expect(silent).toMatchObject({ date_modified: '2026-10-18T22:46:00.000Z', date_published: '2026-10-18T22:10:00.000Z' });
    expect(open!.content_html).toBe(
      '<p><strong>Ongoing</strong> · Started 27 Nov 2026, 13:41 UTC</p>' +
        '<p>Affects: API (partial outage)</p>' +
        '<p><strong>Identified</strong> · 27 Nov 2026, 13:55 UTC</p><p>A database failover is under way. Next update by <em>14:30 UTC</em>.</p>' +
        '<p><strong>Investigating</strong> · 27 Nov 2026, 13:44 UTC</p><p>We are looking into errors on the API.</p>',
    );
    expect(silent!.content_html).toContain('<p>No updates posted yet.</p>');

    const atom = buildStatusFeed(page, 'atom', { siteOrigin: ORIGIN });
    const entry = blocks(atom, 'entry')[1]!;
    expect(entry).toContain('<updated>2026-11-27T13:55:00.000Z</updated>');
    expect(entry).toContain('<published>2026-11-27T13:41:00.000Z</published>');
    const rss = buildStatusFeed(page, 'rss', { siteOrigin: ORIGIN });
    expect(blocks(rss, 'item')[1]).toContain('<pubDate>Fri, 27 Nov 2026 13:55:00 GMT</pubDate>');
  });

  it('gives the feed the time of its newest entry, never one still ahead (an upcoming run)', () => {
    const atom = buildStatusFeed(publicPageFixture('partial_outage'), 'atom', { siteOrigin: ORIGIN });
    expect(atom).toMatch(/<feed [^>]*>\s*<id>https:\/\/upwatch\.example\/status\/acme<\/id>\s*<title>Acme Cloud status<\/title>\s*<updated>2026-11-27T13:55:00\.000Z<\/updated>/);
    const quiet = publicPageFixture('operational', { incidents: [], maintenance: { active: [], upcoming: [] } });
    expect(buildStatusFeed(quiet, 'atom', { siteOrigin: ORIGIN })).toContain('<updated>2026-11-27T14:05:09.000Z</updated>');
    expect(blocks(buildStatusFeed(quiet, 'rss', { siteOrigin: ORIGIN }), 'item')).toEqual([]);
  });

  it('shows maintenance in progress and upcoming with its times, description and components', () => {
    const page = publicPageFixture('maintenance');
    const upcoming = { ...page.maintenance.active[0]!, id: 'mw-2', title: 'Network <b>move</b>', description: null, starts_at: '2026-12-03T01:00:00.000Z', ends_at: '2026-12-03T02:00:00.000Z', component_ids: ['cmp-eu', 'cmp-asia'] };
    const items = jsonFeed({ ...page, maintenance: { active: page.maintenance.active, upcoming: [upcoming] } }).items;
    const byTitle = new Map(items.map((item) => [item.title, item]));
    expect(byTitle.get('Maintenance in progress: Database upgrade')).toMatchObject({
      date_modified: '2026-11-27T13:00:00.000Z',
      content_html: '<p>27 Nov 2026, 13:00 UTC – 27 Nov 2026, 15:00 UTC</p><p>The website may be read-only for a few minutes.</p><p>Affects: Website</p>',
    });
    expect(byTitle.get('Upcoming maintenance: Network <b>move</b>')).toMatchObject({
      date_modified: '2026-12-03T01:00:00.000Z',
      content_html: '<p>3 Dec 2026, 01:00 UTC – 3 Dec 2026, 02:00 UTC</p><p>Affects: Europe, Asia</p>',
    });
  });

  it('shows script in any text as text: escaped titles in Atom and RSS, plain text in JSON, escaped names in content', () => {
    const base = publicPageFixture('partial_outage');
    const page: PublicStatusPage = {
      ...base,
      name: `Acme ${SCRIPT}`,
      incidents: [{ ...base.incidents[0]!, title: `Down ${SCRIPT}`, components: [{ id: 'cmp-api', name: `API ${SCRIPT}`, impact: 'major' }] }],
      maintenance: { active: [], upcoming: [] },
    };
    for (const format of ['atom', 'rss'] as const) {
      const xml = buildStatusFeed(page, format, { siteOrigin: ORIGIN });
      expect(xml, format).not.toContain('<script>');
      expect(xml, format).toContain('<title><![CDATA[Down &lt;script&gt;alert(1)&lt;/script&gt;]]></title>'.replace('<title>', format === 'atom' ? '<title type="html">' : '<title>'));
      expect(xml, format).toContain('Affects: API &lt;script&gt;alert(1)&lt;/script&gt; (major outage)');
    }
    const json = jsonFeed(page);
    expect(json.title).toBe(`Acme ${SCRIPT} status`);
    expect(json.items[0]!.title).toBe(`Down ${SCRIPT}`);
    expect(json.items[0]!.content_html).not.toContain('<script>');
  });

  it('leaves out characters XML cannot carry, so one pasted title does not break the feed', () => {
    const base = publicPageFixture('operational');
    const page = { ...base, incidents: [{ ...base.incidents[0]!, title: 'Bell\u0007 here' }] };
    expect(buildStatusFeed(page, 'atom', { siteOrigin: ORIGIN })).toContain('<![CDATA[Bell here]]>');
    expect(jsonFeed(page).items.find((item) => item.url.endsWith('inc-old'))!.title).toBe('Bell\u0007 here');
  });

  it('is JSON Feed 1.1 with the page as author and links to itself and the page', () => {
    const json = jsonFeed(publicPageFixture('operational'));
    expect(json).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Acme Cloud status',
      home_page_url: PAGE_URL,
      feed_url: `${PAGE_URL}/feed.json`,
      language: 'en',
      authors: [{ name: 'Acme Cloud' }],
    });
    expect(json).not.toHaveProperty('author');
    const atom = buildStatusFeed(publicPageFixture('operational'), 'atom', { siteOrigin: ORIGIN });
    expect(atom).toContain(`<link rel="self" href="${PAGE_URL}/feed.atom"/>`);
    expect(atom).toContain(`<link rel="alternate" href="${PAGE_URL}"/>`);
  });

  it('orders entries newest first by their own time', () => {
    const entries = feedEntries(publicPageFixture('degraded'), PAGE_URL);
    const times = entries.map((entry) => entry.updated.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('the HTML page points to its feeds', () => {
  it('has <link rel="alternate"> for each feed in its head and links them beside the subscribe form', () => {
    const { html } = renderStatusPage(publicPageFixture('operational'), { siteOrigin: ORIGIN });
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml" title="Acme Cloud status (Atom)" href="${PAGE_URL}/feed.atom">`);
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="Acme Cloud status (RSS)" href="${PAGE_URL}/feed.rss">`);
    expect(html).toContain(`<link rel="alternate" type="application/feed+json" title="Acme Cloud status (JSON)" href="${PAGE_URL}/feed.json">`);
    expect(html).toContain(
      `<p class="feeds">Or follow in a feed reader: <a href="${PAGE_URL}/feed.atom" type="application/atom+xml">Atom</a> · ` +
        `<a href="${PAGE_URL}/feed.rss" type="application/rss+xml">RSS</a> · <a href="${PAGE_URL}/feed.json" type="application/feed+json">JSON</a></p>`,
    );
  });
});
