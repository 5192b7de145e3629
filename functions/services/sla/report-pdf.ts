import PDFDocument from 'pdfkit';
import type { SlaFigures } from '../../../shared/sla/figures.js';
import { formatMinutes, formatPercent, monthTitle, verdictText, type SlaReport } from '../../../shared/sla/report.js';

/**
 * The report as a PDF (docs/sla-reports.md "PDF"): A4, the standard Helvetica fonts (pdfkit reads
 * their metrics from its package at run time, so the bundle keeps pdfkit as a node module: see
 * docs/sla-reports.md "Bundling"). Page one is the summary and the monitors' table; then a section
 * per monitor with its response times per region and its incidents.
 */

const MARGIN = 50;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const GOOD = '#047857';
const BAD = '#b91c1c';

type Doc = PDFKit.PDFDocument;

const dateTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A table: fixed column widths, a header row, a rule under it; new page when the page is full. */
const drawTable = (doc: Doc, columns: readonly { title: string; width: number; align?: 'left' | 'right' }[], rows: readonly string[][]): void => {
  const rowHeight = 16;
  const drawRow = (cells: readonly string[], header: boolean) => {
    if (doc.y + rowHeight > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(header ? MUTED : INK);
    columns.forEach((column, i) => {
      doc.text(cells[i] ?? '', x + 2, y + 3, { width: column.width - 4, align: column.align ?? 'left', lineBreak: false, ellipsis: true });
      x += column.width;
    });
    doc
      .moveTo(MARGIN, y + rowHeight)
      .lineTo(x, y + rowHeight)
      .strokeColor(RULE)
      .lineWidth(header ? 1 : 0.5)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  };
  drawRow(
    columns.map((column) => column.title),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.8);
};

const heading = (doc: Doc, text: string, size = 13): void => {
  if (doc.y + 60 > doc.page.height - MARGIN) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(size).fillColor(INK).text(text, MARGIN, doc.y);
  doc.moveDown(0.4);
};

/** The figures every section starts with, as label/value pairs in two columns. */
const figureLines = (figures: SlaFigures): [string, string][] => [
  ['Target', `${figures.target_percent} %`],
  ['Uptime', formatPercent(figures.uptime_percent)],
  ['Result', verdictText(figures)],
  ['Error budget', formatMinutes(figures.budget_minutes)],
  ['Budget left', formatMinutes(figures.budget_left_minutes)],
  ['Downtime', formatMinutes(figures.downtime_minutes)],
  ['Maintenance (excluded)', formatMinutes(figures.maintenance_minutes)],
  ['Incidents', String(figures.incidents.length)],
  ['MTTR', formatMinutes(figures.mttr_minutes)],
  ['MTBF', formatMinutes(figures.mtbf_minutes)],
];

const drawFigures = (doc: Doc, figures: SlaFigures): void => {
  const lines = figureLines(figures);
  const top = doc.y;
  const half = Math.ceil(lines.length / 2);
  lines.forEach(([label, value], i) => {
    const x = MARGIN + (i < half ? 0 : 250);
    const y = top + (i % half) * 17;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, x, y, { width: 120, lineBreak: false });
    const color = label === 'Result' && figures.met !== null ? (figures.met ? GOOD : BAD) : INK;
    doc.font('Helvetica-Bold').fillColor(color).text(value, x + 125, y, { width: 110, lineBreak: false });
  });
  doc.x = MARGIN;
  doc.y = top + half * 17 + 10;
};

/** The PDF's bytes. */
export const slaReportPdf = (report: SlaReport): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: { Title: `SLA report ${report.month}`, Author: 'Upwatch', Subject: report.workspace_name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(`SLA report: ${monthTitle(report.month)}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${report.workspace_name} · ${dateTime(report.workspace.from)} to ${dateTime(report.workspace.to)}${report.partial ? ' (month so far)' : ''}`);
    doc.text(`Generated ${dateTime(report.generated_at)} by Upwatch. Maintenance windows are left out of every figure.`);
    doc.moveDown(1);

    heading(doc, 'Workspace');
    drawFigures(doc, report.workspace);

    heading(doc, 'Monitors');
    drawTable(
      doc,
      [
        { title: 'Monitor', width: 165 },
        { title: 'Target', width: 55, align: 'right' },
        { title: 'Uptime', width: 70, align: 'right' },
        { title: 'Result', width: 55, align: 'right' },
        { title: 'Budget left', width: 80, align: 'right' },
        { title: 'Incidents', width: 70, align: 'right' },
      ],
      report.monitors.map(({ name, figures }) => [
        name,
        `${figures.target_percent} %`,
        formatPercent(figures.uptime_percent),
        verdictText(figures),
        formatMinutes(figures.budget_left_minutes),
        String(figures.incidents.length),
      ]),
    );

    for (const section of report.monitors) {
      doc.addPage();
      heading(doc, section.name, 15);
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(section.url);
      doc.moveDown(0.8);
      drawFigures(doc, section.figures);
      heading(doc, 'Response times by region', 11);
      if (section.figures.response_times.length) {
        drawTable(
          doc,
          [
            { title: 'Region', width: 150 },
            { title: 'Answers', width: 80, align: 'right' },
            { title: 'p50', width: 80, align: 'right' },
            { title: 'p95', width: 80, align: 'right' },
            { title: 'p99', width: 80, align: 'right' },
          ],
          section.figures.response_times.map((region) => [
            region.region,
            String(region.answers),
            `${region.p50_ms} ms`,
            `${region.p95_ms} ms`,
            `${region.p99_ms} ms`,
          ]),
        );
      } else {
        doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No timed answers in this period.').moveDown(0.8);
      }
      heading(doc, 'Incidents', 11);
      if (section.figures.incidents.length) {
        drawTable(
          doc,
          [
            { title: 'Started', width: 150 },
            { title: 'Resolved', width: 150 },
            { title: 'Duration', width: 100, align: 'right' },
          ],
          section.figures.incidents.map((incident) => [
            dateTime(incident.started_at),
            incident.resolved_at ? dateTime(incident.resolved_at) : 'Still open',
            formatMinutes(incident.duration_minutes),
          ]),
        );
      } else {
        doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No incidents in this period.').moveDown(0.8);
      }
    }
    doc.end();
  });
