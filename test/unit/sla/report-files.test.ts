import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { slaReportPdf } from '../../../functions/services/sla/report-pdf.js';
import { slaReportCsv } from '../../../shared/sla/report-csv.js';
import { SAMPLE_REPORT } from './sample-report.js';

/** The report's files read back (docs/sla-reports.md "PDF" and "CSV"): the numbers of the figures, on the pages and in the rows. */

// pdf.js reads the standard fonts' data from its package (else it warns on every page).
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

const pdfText = async (bytes: Buffer): Promise<string[]> => {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
};

describe('the SLA report PDF', () => {
  it('shows the summary, each monitor, its percentiles per region and its incidents', async () => {
    const pages = await pdfText(await slaReportPdf(SAMPLE_REPORT));
    expect(pages).toHaveLength(3);
    const [summary, api, site] = pages as [string, string, string];
    expect(summary).toContain('SLA report: October 2026');
    expect(summary).toContain('Acme Shop');
    // Checkout API: 9 of 8,928 rounds down = 99.899 %, under its 99.9 % target.
    expect(summary).toContain('99.899 %');
    expect(summary).toContain('Missed');
    expect(api).toContain('Checkout API');
    expect(api).toContain('us-east-1');
    // us-east-1: 120 + 3 i for i = 0..99: p50 = 267, p95 = 402, p99 = 414.
    expect(api).toMatch(/267 ms\s+402 ms\s+414 ms/);
    expect(api).toContain('2026-10-07 03:12 UTC');
    expect(api).toContain('24.0 min');
    // MTTR: (24 + 20) / 2.
    expect(api).toContain('22.0 min');
    expect(site).toContain('Marketing site');
    expect(site).toContain('100.000 %');
    expect(site).toContain('No incidents in this period.');
  });
});

describe('the SLA report CSV', () => {
  it('has a summary row per monitor, a row per incident and per region', () => {
    const lines = slaReportCsv(SAMPLE_REPORT).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^section,monitor_id,monitor_name,target_percent,uptime_percent,met,/);
    expect(lines.filter((line) => line.startsWith('summary,'))).toHaveLength(3);
    expect(lines.filter((line) => line.startsWith('incident,m1,'))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('response_time,'))).toHaveLength(4);
    expect(lines.find((line) => line.startsWith('summary,m1,'))).toContain(',99.9,99.89919,false,');
    expect(lines).toContain('response_time,m1,Checkout API,,,,,,,,,,,,,,us-east-1,100,267,402,414');
  });
});
