import { DEFAULT_UPTIME_PERCENTAGE } from '@shared/insights/schemas.js';
import { TEXT } from '@shared/texts.js';
import { CheckCircleIcon, MonitorIcon, PulseIcon, XCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { formatPercentage } from '@/utils/percentage';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { RecentIncidentsSkeleton, StatCardsSkeleton } from './dashboard-skeleton';
import { QuickActions } from './quick-actions';
import { RecentIncidents } from './recent-incidents';
import { StatCard } from './stat-card';
import { paths } from '@/config/paths';
import { EMPTY_DASHBOARD_TEXT } from '../texts';

/**
 * Dashboard Overview (docs/product-rules.md "Dashboard"): four stat cards, Recent Incidents and
 * Quick Actions. An account without monitors is told there is nothing to measure yet.
 */
export function DashboardView() {
  const { data, error, mutate } = useDashboardStats();
  const failed = Boolean(error) && !data;
  const empty = data?.total_monitors === 0;

  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">How your websites are doing right now, and what happened lately.</p>
      </header>

      {failed ? (
        <LoadError error={error} fallback={TEXT.failedToLoadDashboard} onRetry={() => void mutate()} />
      ) : !data ? (
        <StatCardsSkeleton />
      ) : (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard
            label="Total Monitors"
            value={data.total_monitors}
            icon={MonitorIcon}
            tone="indigo"
            to={paths.app.monitors}
            subtitle={data.paused_monitors > 0 ? `${data.paused_monitors} paused` : undefined}
          />
          <StatCard
            label="Online"
            value={data.up_monitors}
            icon={CheckCircleIcon}
            tone="emerald"
            to={paths.app.monitorsOnline}
            subtitle={data.slow_monitors > 0 ? `${data.slow_monitors} degraded (slow)` : undefined}
            subtitleTone={data.slow_monitors > 0 ? 'amber' : undefined}
          />
          <StatCard
            label="Offline"
            value={data.down_monitors}
            icon={XCircleIcon}
            tone="red"
            to={paths.app.monitorsOffline}
            emphasize={data.down_monitors > 0}
          />
          {/* No monitors: nothing was measured, so no "100 %" (docs/product-rules.md "Dashboard"). */}
          <StatCard
            label="Uptime"
            value={empty ? EMPTY_DASHBOARD_TEXT.uptimeValue : formatPercentage(data.uptime_percentage ?? DEFAULT_UPTIME_PERCENTAGE)}
            icon={PulseIcon}
            tone="sky"
            subtitle={empty ? EMPTY_DASHBOARD_TEXT.uptimeSubtitle : 'Last 24 hours'}
          />
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {!failed && (
          <div className="min-w-0 lg:col-span-2">{data ? <RecentIncidents incidents={data.recent_incidents} hasMonitors={!empty} /> : <RecentIncidentsSkeleton />}</div>
        )}
        <QuickActions />
      </div>
    </section>
  );
}
