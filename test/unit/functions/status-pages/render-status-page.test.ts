import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OVERALL_STATES, OVERALL_STATE_TEXT } from '../../../../shared/status-pages/schemas.js';
import { accentAsText, accentPalette, contrastRatio, textOnAccent } from '../../../../functions/services/status-pages/html/accent-colour.js';
import { formatPercent } from '../../../../functions/services/status-pages/html/format-time.js';
import { PAGE_SCRIPT, renderStatusPage, renderStatusPageNotFound } from '../../../../functions/services/status-pages/html/render-status-page.js';
import { FIXTURE_NOW, publicPageFixture } from './public-page-fixture.js';

const ORIGIN = 'https://upwatch.example';
const render = (...args: Parameters<typeof publicPageFixture>) => renderStatusPage(publicPageFixture(...args), { siteOrigin: ORIGIN });
const SCRIPT = '<script>alert(1)</script>';

describe('renderStatusPage', () => {
  it.each(OVERALL_STATES)('shows the %s banner in its words and colour', (state) => {
    const { html } = render(state);
    expect(html).toContain(`<div class="banner s-${state}"><p class="banner-text">${OVERALL_STATE_TEXT[state]}</p>`);
  });

  it('names the page in the title, description, Open Graph and canonical link', () => {
    const { html } = render('operational', { logo_url: 'https://cdn.example/logo.png' });
    expect(html).toContain('<title>Acme Cloud status</title>');
    expect(html).toContain('<meta name="description" content="Live status of the Acme website, API and regions.">');
    expect(html).toContain('<link rel="canonical" href="https://upwatch.example/status/acme">');
    expect(html).toContain('<meta property="og:title" content="Acme Cloud status">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/logo.png">');
    expect(html).toContain('<img class="logo" src="https://cdn.example/logo.png" alt="Acme Cloud logo">');
  });

  it('does not say "status" twice in the title', () => {
    expect(render('operational', { name: 'Acme Status' }).html).toContain('<title>Acme Status</title>');
  });

  it('stays small for a 50-component page (the crowd case)', () => {
    const page = publicPageFixture('partial_outage');
    const component = page.groups[0]!.components[1]!;
    page.groups = [{ name: null, components: Array.from({ length: 50 }, (_, index) => ({ ...component, id: `c${index}`, name: `Component ${index}` })) }];
    const { html } = renderStatusPage(page, { siteOrigin: ORIGIN });
    expect(gzipSync(html).length).toBeLessThan(60_000);
  });

  it('says how many older incidents the list leaves out, and nothing when it leaves none', () => {
    expect(render('partial_outage', { older_incidents: 37 }).html).toContain('<p class="muted older-incidents">And 37 older incidents in the last 90 days.</p>');
    expect(render('partial_outage', { older_incidents: 1 }).html).toContain('And 1 older incident in the last 90 days.');
    expect(render('partial_outage').html).not.toContain('older-incidents');
  });

  it('falls back to a description of its own when the owner wrote none', () => {
    const { html } = render('operational', { description: null });
    expect(html).toContain('content="Acme Cloud: current status, uptime over the last 90 days and incident history."');
  });

  it('shows script in any name or text as text', () => {
    const page = publicPageFixture('major_outage', { name: SCRIPT, description: `"${SCRIPT}` });
    page.groups[0]!.components[0]!.name = SCRIPT;
    page.groups[1]!.name = SCRIPT;
    page.incidents[0]!.title = SCRIPT;
    page.incidents[0]!.components[0]!.name = SCRIPT;
    page.groups[0]!.components[1]!.days[89]!.incidents = [{ id: 'x', title: SCRIPT }];
    page.maintenance.upcoming = [{ id: 'm', title: SCRIPT, description: SCRIPT, starts_at: FIXTURE_NOW, ends_at: FIXTURE_NOW, component_ids: ['cmp-web'] }];
    const { html } = renderStatusPage(page, { siteOrigin: ORIGIN });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('content="&quot;&lt;script&gt;');
    // The one script element is the page's own live refresh.
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('inserts the sanitized update HTML as it is', () => {
    const { html } = render('partial_outage');
    expect(html).toContain('<div class="update-body"><p>A database failover is under way. Next update by <em>14:30 UTC</em>.</p></div>');
    expect(html).toContain('<strong>Identified</strong>');
  });

  it('draws 90 bars per component, each a button naming its day, uptime, state and incidents', () => {
    const { html } = render('partial_outage');
    const bars = html.match(/<button class="bar( s-[a-z_]+)?">/g) ?? [];
    expect(bars).toHaveLength(4 * 90);
    expect(html).toContain('<button class="bar s-partial_outage"><span><b>27 Nov 2026</b> 93.75% uptime. Partial outage.<br>API is not answering.</span></button>');
    expect(html).toContain('<button class="bar s-degraded"><span><b>2 Nov 2026</b> 99.1% uptime. Degraded performance.<br>Checkout was slow.</span>');
    expect(html).toContain('<button class="bar s-no_data"><span><b>30 Aug 2026</b> No data.</span>');
    // An operational day, the common one, takes its colour from the list: no class of its own.
    expect(html).toContain('<button class="bar"><span><b>26 Nov 2026</b> 100% uptime. No incidents.</span>');
    expect(html).not.toContain('s-operational"><span>');
  });

  it("names at most 5 of a day's incidents in its panel, and counts the rest", () => {
    const page = publicPageFixture('partial_outage');
    page.groups[0]!.components[1]!.days[88] = { date: '2026-11-26', uptime: 80, state: 'major_outage', incidents: Array.from({ length: 8 }, (_, n) => ({ id: `f${n}`, title: `API is down ${n}` })) };
    const { html } = renderStatusPage(page, { siteOrigin: ORIGIN });
    expect(html).toContain('<b>26 Nov 2026</b> 80% uptime. Major outage.<br>API is down 0.<br>API is down 1.<br>API is down 2.<br>API is down 3.<br>API is down 4.<br>And 3 more.</span>');
  });

  it('keeps a 50-component page lean: about 96 bytes for a quiet day', () => {
    const page = publicPageFixture('operational');
    const component = page.groups[0]!.components[1]!;
    page.groups = [{ name: null, components: Array.from({ length: 50 }, (_, index) => ({ ...component, id: `c${index}`, name: `Component ${index}`, days: component.days.map((day) => ({ ...day, uptime: 100, state: 'operational' as const, incidents: [] })) })) }];
    const { html } = renderStatusPage(page, { siteOrigin: ORIGIN });
    // 4,500 bars of '<li><button class="bar"><span><b>26 Nov 2026</b> 100% uptime. No incidents.</span></button></li>'
    // and the rest of the page: 569 KiB before the bars lost their class and the panel its class name.
    expect(html.length).toBeLessThan(480 * 1024);
  });

  it('says a day spent wholly in maintenance is maintenance, without an uptime', () => {
    const page = publicPageFixture('maintenance');
    page.groups[0]!.components[0]!.days[89] = { date: '2026-11-27', uptime: null, state: 'maintenance', incidents: [] };
    expect(renderStatusPage(page, { siteOrigin: ORIGIN }).html).toContain('<button class="bar s-maintenance"><span><b>27 Nov 2026</b> Maintenance.</span></button>');
  });

  it('gives grouped components a heading below their group', () => {
    const { html } = render('operational');
    expect(html).toContain('<h3 class="group-name">Regions</h3><article class="component" id="component-cmp-eu"><div class="component-head"><h4 class="component-name">Europe</h4>');
    expect(html).toContain('<h3 class="component-name">Website</h3>');
  });

  it('lists incidents with their components, times and updates, open ones marked', () => {
    const { html } = render('major_outage');
    expect(html).toContain('API is not answering <span class="tag tag-open">Ongoing</span>');
    expect(html).toContain('<p class="incident-components">API (major outage)</p>');
    expect(html).toContain('Started <time datetime="2026-11-02T09:12:00.000Z">2 Nov 2026, 09:12 UTC</time> · Resolved <time datetime="2026-11-02T10:03:00.000Z">2 Nov 2026, 10:03 UTC</time>');
    expect(html).toContain('<p class="muted">No updates posted yet.</p>');
  });

  it('shows maintenance in progress above the components and upcoming below', () => {
    const active = render('maintenance').html;
    expect(active.indexOf('Maintenance in progress')).toBeLessThan(active.indexOf('id="components-heading"'));
    expect(active).not.toContain('Upcoming maintenance');
    const upcoming = render('operational').html;
    expect(upcoming.indexOf('Upcoming maintenance')).toBeGreaterThan(upcoming.indexOf('id="components-heading"'));
    expect(upcoming).toContain('<p class="muted">Affects: Website</p>');
  });

  it('says so when there are no incidents and no components', () => {
    const { html } = render('operational', { incidents: [], groups: [] });
    expect(html).toContain('<p class="empty">No incidents in the last 90 days.</p>');
    expect(html).toContain('<p class="empty">This page has no components yet.</p>');
    expect(html).not.toContain('Upcoming maintenance</h2><ul class="maintenance-list"></ul>');
  });

  it('shows when it was built', () => {
    expect(render('operational').html).toContain('Updated <time datetime="2026-11-27T14:05:09.000Z">14:05:09 UTC</time>');
  });

  it('allows exactly its own inline style and script blocks', () => {
    const { html, contentSecurityPolicy } = render('operational');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(2);
    for (const css of styles) expect(contentSecurityPolicy).toContain(hash(css));
    expect(contentSecurityPolicy).toContain(`script-src ${hash(PAGE_SCRIPT)}`);
    expect(html).toContain(`<script>${PAGE_SCRIPT}</script>`);
    expect(contentSecurityPolicy).toContain("default-src 'none'");
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });

  it('keeps its script, the live refresh and the subscribe form together, well under 5 kB', () => {
    expect(Buffer.byteLength(PAGE_SCRIPT)).toBeLessThan(4096);
    expect(gzipSync(PAGE_SCRIPT).length).toBeLessThan(1600);
  });
});

describe('renderStatusPageNotFound', () => {
  it('is a friendly page with a way home, kept out of search results', () => {
    const { html, contentSecurityPolicy } = renderStatusPageNotFound({ siteOrigin: ORIGIN });
    expect(html).toContain('<h1>Status page not found</h1>');
    expect(html).toContain('<a href="https://upwatch.example/">Go to the Upwatch home page</a>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script>');
    expect(contentSecurityPolicy).toContain("script-src 'none'");
  });
});

describe('accent colour', () => {
  it('puts the more readable of white and black on the accent, always at least 4.5:1', () => {
    for (const accent of ['#7c3aed', '#facc15', '#777777', '#00ff00', '#2563eb', '#000000', '#ffffff', '#808080']) {
      expect(contrastRatio(accent, textOnAccent(accent))).toBeGreaterThanOrEqual(4.5);
    }
    expect(textOnAccent('#facc15')).toBe('#000000');
    expect(textOnAccent('#1e3a8a')).toBe('#ffffff');
  });

  it('darkens a light accent until it reads as text on white', () => {
    for (const accent of ['#facc15', '#ffffff', '#22c55e', '#7dd3fc']) expect(contrastRatio(accentAsText(accent), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(accentAsText('#1e3a8a')).toBe('#1e3a8a');
  });

  it('uses the default for a page without one', () => {
    expect(accentPalette(null).accent).toBe('#2563eb');
  });
});

describe('formatPercent', () => {
  it('never rounds a short day up to 100%', () => {
    expect(formatPercent(99.999)).toBe('99.99%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(93.75)).toBe('93.75%');
  });
});
