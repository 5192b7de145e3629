import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMinutes, formatPercent, monthTitle } from '@shared/sla/report.js';
import { tierOf } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { SelectField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useWorkspaceTier } from '@/lib/workspace';
import { useMonitorSlaMonth } from '../api/get-monitor-sla-month';
import { setMonitorSlaTarget } from '../api/set-monitor-sla-target';

const WORKSPACE_TARGET = 'workspace';

/**
 * The month so far against the SLA target (docs/sla-reports.md "The month so far"): uptime with
 * maintenance left out, the target and the error budget left, and the monitor's own target (or the
 * workspace's). Shown on plans with SLA reports only: on the others nothing is asked or drawn
 * (the server would answer 403; the plan cards sell the reports).
 */
export function SlaMonthSoFar({ monitorId }: { monitorId: string }) {
  const { data, error, mutate } = useMonitorSlaMonth(monitorId, tierOf(useWorkspaceTier()).slaReports);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  if (error instanceof ApiError && error.code === 'PLAN_HAS_NO_SLA_REPORTS') return null;
  if (!data) return null;
  const { figures } = data;
  const missed = figures.met === false;

  const chooseTarget = async (value: string) => {
    setSaving(true);
    setSaveError(null);
    try {
      await setMonitorSlaTarget(monitorId, value === WORKSPACE_TARGET ? null : Number(value));
      await mutate();
    } catch (cause) {
      setSaveError(errorMessage(cause, 'Could not save the target.'));
    } finally {
      setSaving(false);
    }
  };
  const options = [
    { value: WORKSPACE_TARGET, label: `Workspace's (${data.workspace_target_percent} %)` },
    ...[...new Set([...data.choices, ...(data.monitor_target_percent === null ? [] : [data.monitor_target_percent])])]
      .sort((a, b) => a - b)
      .map((value) => ({ value: String(value), label: `${value} %` })),
  ];

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
          <dd className={`mt-0.5 whitespace-nowrap text-base font-semibold tabular-nums sm:text-lg ${missed ? 'text-red-600' : 'text-slate-900'}`}>
            {formatPercent(figures.uptime_percent)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Target</dt>
          <dd className="mt-0.5 whitespace-nowrap text-base font-semibold tabular-nums text-slate-900 sm:text-lg">{figures.target_percent} %</dd>
        </div>
        <div>
          <dt className="text-slate-600">Budget left</dt>
          <dd
            className={`mt-0.5 whitespace-nowrap text-base font-semibold tabular-nums sm:text-lg ${figures.budget_left_minutes < 0 ? 'text-red-600' : 'text-slate-900'}`}
          >
            {formatMinutes(figures.budget_left_minutes)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">Maintenance windows are left out. The budget is the downtime the target allows in the month so far.</p>
      <div className="mt-3 max-w-xs">
        <SelectField
          label="Target for this monitor"
          name="monitor-sla-target"
          value={data.monitor_target_percent === null ? WORKSPACE_TARGET : String(data.monitor_target_percent)}
          disabled={saving}
          onChange={(event) => void chooseTarget(event.target.value)}
          options={options}
        />
      </div>
      {saveError && (
        <div className="mt-3">
          <Alert tone="error">{saveError}</Alert>
        </div>
      )}
    </section>
  );
}
