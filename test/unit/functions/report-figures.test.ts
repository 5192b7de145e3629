import { describe, expect, it } from 'vitest';
import { reportEmail } from '../../../functions/services/reports/report-email.js';
import { formatResponseTime } from '../../../functions/services/email-layout.js';
import { buildReportFigures, formatUptime, reportPeriod, type MonitorHours } from '../../../functions/services/reports/report-figures.js';
import type { HourlyRollup } from '../../../shared/checks/rollups.js';

// A Monday 9 AM UTC tick, a little late, as Scheduler may deliver it.
const TICK = new Date('2030-01-07T09:00:04.000Z');

const hour = (hourId: string, checks: number, ups: number, responseTimeSumMs = ups * 200): HourlyRollup => ({
  hour: hourId,
  checks,
  ups,
  responseTimeSumMs,
  responseTimeCount: ups,
});

const monitor = (id: string, name: string, hours: HourlyRollup[]): MonitorHours => ({
  monitor: { id, name, url: `https://${id}.example.com`, status: 'active', is_up: true },
  hours,
});

describe('reportPeriod', () => {
  it('covers the whole day, or the whole week, before the hour the run was due', () => {
    expect(reportPeriod('daily', TICK)).toMatchObject({
      from: new Date('2030-01-06T09:00:00.000Z'),
      to: new Date('2030-01-07T09:00:00.000Z'),
      fromHour: '2030-01-06T09',
      toHour: '2030-01-07T08',
    });
    expect(reportPeriod('weekly', TICK)).toMatchObject({ from: new Date('2029-12-31T09:00:00.000Z'), toHour: '2030-01-07T08' });
  });
});

describe('buildReportFigures', () => {
  const period = reportPeriod('daily', TICK);
  const figures = buildReportFigures(
    period,
    [
      // 12 checks an hour for 24 hours, 6 of them down in one hour: 282/288 up.
      monitor('shop', 'Shop', [
        ...Array.from({ length: 24 }, (_, i) => hour(new Date(period.from.getTime() + i * 3_600_000).toISOString().slice(0, 13), 12, i === 5 ? 6 : 12)),
        // Outside the period on both sides: counted nowhere.
        hour('2030-01-06T08', 12, 0),
        hour('2030-01-07T09', 12, 0),
      ]),
      // Checked only in two hours, always up, 400 ms.
      monitor('blog', 'Blog', [hour('2030-01-06T20', 1, 1, 400), hour('2030-01-07T08', 1, 1, 400)]),
      // Nothing in the period: a gap, never "up".
      monitor('new', 'New site', []),
    ],
    [
      { monitor_id: 'shop', alert_type: 'down' },
      { monitor_id: 'shop', alert_type: 'up' },
      { monitor_id: 'blog', alert_type: 'slow' },
      { monitor_id: 'deleted-monitor', alert_type: 'down' },
    ],
  );

  it('gives each monitor its uptime, mean response time, checks and incidents in the period', () => {
    expect(figures.monitors).toEqual([
      expect.objectContaining({ monitorId: 'shop', uptimePercentage: 97.92, averageResponseMs: 200, checks: 288, outages: 1, slowSpells: 0 }),
      expect.objectContaining({ monitorId: 'blog', uptimePercentage: 100, averageResponseMs: 400, checks: 2, outages: 0, slowSpells: 1 }),
      expect.objectContaining({ monitorId: 'new', uptimePercentage: null, averageResponseMs: null, checks: 0, outages: 0, slowSpells: 0 }),
    ]);
  });

  it('sums up: the mean of the monitors with data, and the incidents of the listed monitors', () => {
    // (282/288 + 1) / 2 = 98.958...%
    expect(figures.uptimePercentage).toBe(98.96);
    expect(figures.outages).toBe(1);
    expect(figures.slowSpells).toBe(1);
  });

  it('mails the figures as a table, worst monitor first, in the owner\'s timezone', () => {
    const mail = reportEmail({ to: 'ada@example.com', timezone: 'America/New_York', appUrl: 'https://app.example.com', figures });
    expect(mail.subject).toBe('Your daily Upwatch report: Jan 7, 2030');
    expect(mail.text).toContain('How your 3 monitors did from Sun, Jan 6, 2030, 4:00 AM EST to Mon, Jan 7, 2030, 4:00 AM EST.');
    expect(mail.text).toContain('Uptime 98.96% across them. 2 incidents: 1 outage and 1 slow spell.');
    const rows = mail.text.split('\n').filter((line) => /^(Monitor|Shop|Blog|New site) /.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/))).toEqual([
      ['Monitor', 'Uptime', 'Avg response', 'Outages', 'Slow spells'],
      ['Shop', '97.92%', '200 ms', '1', '0'],
      ['Blog', '100%', '400 ms', '0', '1'],
      ['New site', '—', '—', '0', '0'],
    ]);
    expect(mail.text).toContain('View incidents: https://app.example.com/app/incidents');
    expect(mail.html).toContain('<th');
    expect(mail.text).toContain('because daily reports are on');
  });

  it('names a weekly report by its first and last day', () => {
    const weekly = buildReportFigures(reportPeriod('weekly', TICK), [], []);
    expect(reportEmail({ to: 'a@example.com', timezone: null, appUrl: 'https://x', figures: weekly }).subject).toBe(
      'Your weekly Upwatch report: Dec 31, 2029 to Jan 7, 2030',
    );
  });
});

describe('report formats', () => {
  it('shows uptimes with at most two decimals and response times in ms or s', () => {
    expect([formatUptime(100), formatUptime(99.9), formatUptime(99.95), formatUptime(null)]).toEqual(['100%', '99.9%', '99.95%', '—']);
    expect([formatResponseTime(238.4), formatResponseTime(1350), formatResponseTime(null)]).toEqual(['238 ms', '1.35 s', '—']);
  });
});
