import { z } from 'zod';

/**
 * Report months (docs/sla-reports.md "Months"): calendar months in UTC, named `YYYY-MM`. A month
 * can be reported while its start is inside the plan's retention (older data is gone); the current
 * month is "the month so far".
 */
export const ReportMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'The month must look like 2026-10.' });

const DAY_MS = 86_400_000;

/** The month a time falls in, as `YYYY-MM` (UTC). */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** [start, end) of a `YYYY-MM` month, UTC. */
export const monthBounds = (month: string): { from: Date; to: Date } => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, monthNumber - 1, 1)), to: new Date(Date.UTC(year, monthNumber, 1)) };
};

/** The month before `month`. */
export const previousMonth = (month: string): string => monthOf(new Date(monthBounds(month).from.getTime() - DAY_MS));

/** Whether a month's data is still kept: its start lies within `retentionDays` of `now`. */
export const monthWithinRetention = (month: string, retentionDays: number, now: Date): boolean =>
  monthBounds(month).from.getTime() >= now.getTime() - retentionDays * DAY_MS && monthBounds(month).from.getTime() <= now.getTime();

/** The finished months inside retention, newest first (the current month is not among them). */
export const pastReportMonths = (retentionDays: number, now: Date): string[] => {
  const months: string[] = [];
  for (let month = previousMonth(monthOf(now)); monthWithinRetention(month, retentionDays, now); month = previousMonth(month)) months.push(month);
  return months;
};
