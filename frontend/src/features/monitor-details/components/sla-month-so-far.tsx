import { Link } from 'react-router-dom';
import { formatMinutes, formatPercent, monthTitle } from '@shared/sla/report.js';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMonitorSlaMonth } from '../api/get-monitor-sla-month';

/**
 * The month so far against the SLA target (docs/sla-reports.md "The month so far"): uptime with
 * maintenance left out, the target and the error budget left. Shown on plans with SLA reports only:
 * on the others the route answers 403 and nothing is drawn (the plan cards sell the reports).
 */
export function SlaMonthSoFar({ monitorId }: { monitorId: string }) {
  const { data, error } = useMonitorSlaMonth(monitorId);
  if (error instanceof ApiError && error.code === 'PLAN_HAS_NO_SLA_REPORTS') return null;
  if (!data) return null;
  const { figures } = data;
  const missed = figures.met === false;
  return (
    <section aria-labelledby="sla-month-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="sla-month">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sla-month-title" className="font-semibold text-slate-900">
          SLA, {monthTitle(data.month)} so far
        </h2>
        <Link to={`${paths.app.settings}?section=sla&month=${data.month}`} className="text-sm font-medium text-indigo-700 hover:underline">
          Reports
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Uptime</dt>
          <dd className={`mt-0.5 whitespace-nowrap text-base font-semibold tabular-nums sm:text-lg ${missed ? 'text-red-600' : 'text-slate-900'}`}>{formatPercent(figures.uptime_percent)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Target</dt>
          <dd className="mt-0.5 whitespace-nowrap text-base font-semibold tabular-nums sm:text-lg text-slate-900">{figures.target_percent} %</dd>
        </div>
        <div>
          <dt className="text-slate-600">Budget left</dt>
          <dd className={`mt-0.5 whitespace-nowrap text-base font-semibold tabular-nums sm:text-lg ${figures.budget_left_minutes < 0 ? 'text-red-600' : 'text-slate-900'}`}>
            {formatMinutes(figures.budget_left_minutes)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">Maintenance windows are left out. The budget is the downtime the target allows in the month so far.</p>
    </section>
  );
}
