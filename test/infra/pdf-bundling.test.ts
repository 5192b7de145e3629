import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { RUNTIME_FILE_MODULES } from '../../infra/constructs/node-lambda.js';
import { monitorSlaFigures, workspaceSlaFigures } from '../../shared/sla/figures.js';
import { monthBounds } from '../../shared/sla/months.js';
import type { SlaReport } from '../../shared/sla/report.js';

/**
 * The SLA report's PDF survives bundling (docs/sla-reports.md "Bundling"): built as NodeLambda
 * builds a function (esbuild, ESM, the require shim), with the entry's RUNTIME_FILE_MODULES left as
 * node modules, the bundle renders a PDF; bundled whole, pdfkit cannot find its font files.
 */
const { from, to } = monthBounds('2026-10');
const figures = monitorSlaFigures({ from, to, targetPercent: 99.9, rollups: [], incidents: [], answers: [] });
const SAMPLE_REPORT: SlaReport = {
  workspace_name: 'Bundle test',
  month: '2026-10',
  partial: false,
  generated_at: to.toISOString(),
  workspace: workspaceSlaFigures({ from, to, targetPercent: 99.9, monitors: [figures] }),
  monitors: [{ monitor_id: 'm1', name: 'Site', url: 'https://example.com', figures }],
};

const REPO = path.resolve(import.meta.dirname, '../..');
// Inside the repository, so the bundle resolves the external pdfkit from node_modules as the installed one beside a Lambda bundle.
const outDir = mkdtempSync(path.join(REPO, '.pdf-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const bundleRenderer = async (external: readonly string[], name: string): Promise<string> => {
  const entry = path.join(outDir, `${name}-entry.ts`);
  writeFileSync(entry, `export { slaReportPdf } from '${path.join(REPO, 'functions/services/sla/report-pdf.ts')}';\n`);
  const outfile = path.join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    external: [...external],
    logLevel: 'silent',
  });
  return outfile;
};

describe('bundling pdfkit', () => {
  it('keeps pdfkit as a node module for every entry that renders the PDF', () => {
    expect(RUNTIME_FILE_MODULES['functions/api/insights/index.ts']).toContain('pdfkit');
    expect(RUNTIME_FILE_MODULES['functions/scheduled/send-sla-reports.ts']).toContain('pdfkit');
  });

  it('renders the report from a bundle with pdfkit left external', async () => {
    const outfile = await bundleRenderer(RUNTIME_FILE_MODULES['functions/api/insights/index.ts']!, 'external');
    const { slaReportPdf } = (await import(pathToFileURL(outfile).href)) as typeof import('../../functions/services/sla/report-pdf.js');
    const pdf = await slaReportPdf(SAMPLE_REPORT);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('fails to find the fonts when pdfkit is bundled whole', async () => {
    const outfile = await bundleRenderer([], 'whole');
    const { slaReportPdf } = (await import(pathToFileURL(outfile).href)) as typeof import('../../functions/services/sla/report-pdf.js');
    await expect(slaReportPdf(SAMPLE_REPORT)).rejects.toThrow();
  }, 60_000);
});
