import type { HourlyRollup } from '../../../shared/checks/rollups.js';
import { monitorSlaFigures, workspaceSlaFigures } from '../../../shared/sla/figures.js';
import { monthBounds } from '../../../shared/sla/months.js';
import type { SlaReport } from '../../../shared/sla/report.js';

/** A fixed October 2026 report (two monitors, maintenance, incidents, three regions) for the PDF and CSV tests and the screenshot. */
const { from, to } = monthBounds('2026-10');

/** Every hour of October (744) with 12 rounds (5-minute checks), as `roundsOf(hour index)` decides them. */
const monthHours = (roundsOf: (index: number) => { checks: number; ups: number; maintenance?: number }): HourlyRollup[] =>
  Array.from({ length: 744 }, (_, index) => {
    const { checks, ups, maintenance = 0 } = roundsOf(index);
    const hour = new Date(from.getTime() + index * 3_600_000).toISOString().slice(0, 13);
    return { hour, checks, ups, responseTimeSumMs: 0, responseTimeCount: 0, ...(maintenance ? { maintenance } : {}) };
  });

const answers = (region: string, base: number) => Array.from({ length: 100 }, (_, i) => ({ region, responseTimeMs: base + i * 3 }));

const api = monitorSlaFigures({
  from,
  to,
  targetPercent: 99.9,
  // 8,928 rounds checked, 9 down (one in each of 9 hours).
  rollups: monthHours((index) => ({ checks: 12, ups: index < 9 ? 11 : 12 })),
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
  // 8,000 rounds checked, all up; 928 in maintenance (77 whole hours and a third of one).
  rollups: monthHours((index) => (index < 77 ? { checks: 0, ups: 0, maintenance: 12 } : index === 77 ? { checks: 8, ups: 8, maintenance: 4 } : { checks: 12, ups: 12 })),
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
