import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BASIC_PERIOD,
  PERIOD_SPECS,
  percentileSentence,
  uptimeChangeText,
  type AnalyticsPeriod,
  type MonitorAnalytics,
} from '@shared/insights/analytics.js';
import type { Monitor } from '@shared/monitors/schemas.js';
import { spaMonitorType } from '@/components/monitor-types';
import { Button } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatPercentage } from '@/utils/percentage';
import { useMonitorAnalytics } from '../../api/get-monitor-analytics';
import { ANALYTICS_TEXT, analyticsUpgradeText } from '../../texts';
import { PercentileTable } from './percentile-table';
import { PhaseChart } from './phase-chart';
import { UptimeBars } from './uptime-bars';

/** The headline: p95 (every region) and uptime over the period, each against the period before. */
function Headline({ data, timed }: { data: MonitorAnalytics; timed: boolean }) {
  const { before } = PERIOD_SPECS[data.period];
  const p95 = timed ? percentileSentence('p95', data.current.percentiles.all.p95_ms, data.previous?.percentiles.all.p95_ms ?? null, before) : null;
  const uptimeChange = uptimeChangeText(data.current.uptime, data.previous?.uptime ?? null, before);
  return (
    <ul className="space-y-1 text-sm text-slate-700" data-testid="analytics-headline">
      {p95 && <li>{p95}</li>}
      <li>{`Uptime ${formatPercentage(data.current.uptime)}${uptimeChange ? `, ${uptimeChange}` : ''}`}</li>
      {data.previous_note && <li className="text-slate-500">{data.previous_note}</li>}
    </ul>
  );
}

/** The invitation to see further back: what a higher plan adds, and a link to the plans. No fake figures. */
function UpgradeInvitation({ periods }: { periods: readonly AnalyticsPeriod[] }) {
  return (
    <div className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900 ring-1 ring-indigo-100" data-testid="analytics-upgrade">
      <p className="font-medium">{ANALYTICS_TEXT.upgradeTitle}</p>
      <p className="mt-1">{analyticsUpgradeText(periods.map((period) => PERIOD_SPECS[period].label))}</p>
      <Link to={paths.pricing} className="mt-2 inline-block rounded font-medium text-indigo-700 underline hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600">
        {ANALYTICS_TEXT.upgradeLink}
      </Link>
    </div>
  );
}

/**
 * The monitor page's analytics (docs/analytics.md): response-time percentiles per region, where the
 * time of a check goes, and uptime with its incidents, over the periods the workspace's plan
 * offers, each compared with the period before; on a plan without the longer periods, an
 * invitation to see them. A heartbeat is not timed: its panel shows uptime only.
 */
export function AnalyticsPanel({ monitor }: { monitor: Pick<Monitor, 'id' | 'monitor_type'> }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(BASIC_PERIOD);
  const { data, error, isLoading, mutate } = useMonitorAnalytics(monitor.id, period);
  const timed = spaMonitorType(monitor.monitor_type).timed;
  const offered = data?.offered_periods ?? [BASIC_PERIOD];

  return (
    <section className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="analytics-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="analytics-title" className="font-semibold text-slate-900">
          {ANALYTICS_TEXT.title}
        </h2>
        {offered.length > 1 && (
          <>
            {/* Four periods do not fit a phone's width as buttons: there, a list to choose from. */}
            <div className="hidden sm:block">
              <SegmentedControl
                label={ANALYTICS_TEXT.periodLabel}
                options={offered.map((value) => ({ value, label: PERIOD_SPECS[value].label }))}
                value={period}
                onChange={setPeriod}
              />
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-700 sm:hidden">
              {ANALYTICS_TEXT.periodShortLabel}
              <select
                value={period}
                onChange={(event) => setPeriod(event.target.value as AnalyticsPeriod)}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {offered.map((value) => (
                  <option key={value} value={value}>
                    {PERIOD_SPECS[value].label}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </div>

      {error && !data ? (
        <div className="space-y-2">
          <p className="text-sm text-red-700">{errorMessage(error, ANALYTICS_TEXT.failedToLoad)}</p>
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            {ANALYTICS_TEXT.tryAgain}
          </Button>
        </div>
      ) : isLoading || !data ? (
        <div className="flex min-h-32 items-center justify-center text-indigo-600" role="status">
          <Spinner className="size-6" />
          <span className="sr-only">Loading analytics…</span>
        </div>
      ) : (
        <>
          <Headline data={data} timed={timed} />
          {timed ? (
            <>
              <div className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-900">{ANALYTICS_TEXT.percentilesTitle}</h3>
                <p className="text-xs text-slate-500">{ANALYTICS_TEXT.percentilesNote}</p>
                {data.current.percentiles.all.answers > 0 ? (
                  <PercentileTable current={data.current.percentiles} previous={data.previous?.percentiles ?? null} />
                ) : (
                  <p className="text-sm text-slate-500">{ANALYTICS_TEXT.noAnswers}</p>
                )}
              </div>
              <div className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-900">{ANALYTICS_TEXT.phasesTitle}</h3>
                <p className="text-xs text-slate-500">{`${ANALYTICS_TEXT.phasesNote}, per ${data.unit === 'hour' ? 'hour' : 'day (UTC)'}`}</p>
                <PhaseChart unit={data.unit} steps={data.steps} />
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-500">{ANALYTICS_TEXT.heartbeatNote}</p>
          )}
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-900">{`${ANALYTICS_TEXT.uptimeTitle} per ${data.unit === 'hour' ? 'hour' : 'day (UTC)'}`}</h3>
            <UptimeBars unit={data.unit} steps={data.steps} />
          </div>
          {data.upgrade_periods.length > 0 && <UpgradeInvitation periods={data.upgrade_periods} />}
        </>
      )}
    </section>
  );
}
