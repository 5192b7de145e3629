import type { HourlyRollup } from '../../../shared/checks/rollups.js';
import { monitorSlaFigures, workspaceSlaFigures } from '../../../shared/sla/figures.js';
import { monthBounds } from '../../../shared/sla/months.js';
import type { SlaReport } from '../../../shared/sla/report.js';

/** A fixed October 2026 report (two monitors, maintenance, incidents, three regions) for the PDF and CSV tests and the screenshot. */
const { from, to } = monthBounds('2026-10');

const hours = (checks: number, ups: number, maintenance = 0): HourlyRollup[] => [
  { hour: '2026-10-05T10', checks, ups, responseTimeSumMs: 0, responseTimeCount: 0, ...(maintenance ? { maintenance } : {}) },
];

const answers = (region: string, base: number) => Array.from({ length: 100 }, (_, i) => ({ region, responseTimeMs: base + i * 3 }));

const api = monitorSlaFigures({
  from,
  to,
  targetPercent: 99.9,
  rollups: hours(8928, 8919, 0),
  incidents: [
    { id: 'i1', monitorId: 'm1', monitorName: 'Checkout API', startedAt: '2026-10-07T03:12:00.000Z', resolvedAt: '2026-10-07T03:36:00.000Z' },
    { id: 'i2', monitorId: 'm1', monitorName: 'Checkout API', startedAt: '2026-10-21T18:00:00.000Z', resolvedAt: '2026-10-21T18:20:00.000Z' },
  ],
  answers: [...answers('us-east-1', 120), ...answers('eu-west-1', 180), ...answers('ap-south-1', 240)],
});
const site = monitorSlaFigures({
  from,
  to,
  targetPercent: 99.5,
  rollups: hours(8000, 8000, 928),
  incidents: [],
  answers: answers('us-east-1', 300),
});

export const SAMPLE_REPORT: SlaReport = {
  workspace_name: 'Acme Shop',
  month: '2026-10',
  partial: false,
  generated_at: '2026-11-01T06:00:00.000Z',
  workspace: workspaceSlaFigures({ from, to, targetPercent: 99.9, monitors: [api, site] }),
  monitors: [
    { monitor_id: 'm1', name: 'Checkout API', url: 'https://api.acme.example/health', figures: api },
    { monitor_id: 'm2', name: 'Marketing site', url: 'https://acme.example', figures: site },
  ],
};
