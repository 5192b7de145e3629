import type { ReactNode } from 'react';
import { PAID_TIER_IDS, tierRevenueKey } from '@shared/billing/plans.js';
import { TIERS } from '@shared/tiers.js';
import { Button } from '@/components/ui/button';
import { AlertIcon, ChartIcon, ClockIcon, CreditCardIcon, MonitorIcon, UserIcon } from '@/components/ui/icons';
import { useAdminDashboard } from '../api/get-dashboard';
import { ADMIN_TEXT } from '../texts';
import type { AdminDashboard } from '../types';
import { adminErrorMessage } from '../utils/errors';
import { averageRevenuePerUser, formatUsd, tierDistribution } from '../utils/format';
import { ErrorBanner } from './error-banner';
import { ScreenHeader } from './list-card';
import { StatTile, StatTilesSkeleton } from './stat-tile';
import { TableCensusPanel } from './table-census-panel';

const PAID = PAID_TIER_IDS.map((tier) => ({ tier, revenue: tierRevenueKey(tier) }));

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={title}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const revenue = data.revenue_stats;
  return (
    <>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatTile label="Total Users" value={data.total_users} detail={`${data.active_users} active`} icon={UserIcon} />
        <StatTile label="Total Monitors" value={data.total_monitors} detail={`${data.active_monitors} active`} icon={MonitorIcon} tone="sky" />
        <StatTile label="Total Incidents" value={data.total_incidents} detail={`${data.open_incidents} open`} icon={AlertIcon} tone="red" />
        <StatTile label="Est. Monthly Revenue" value={formatUsd(revenue.estimated_monthly)} detail="From current plans" icon={CreditCardIcon} tone="emerald" />
      </div>

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <StatTile label="Recent Signups" value={data.recent_signups} detail="Last 7 days" icon={ChartIcon} tone="indigo" />
        <StatTile label="Recent Incidents" value={data.recent_incidents} detail="Last 24 hours" icon={ClockIcon} tone="amber" />
        <StatTile
          label="Avg. Revenue per User"
          value={formatUsd(data.average_revenue_per_user ?? averageRevenuePerUser(revenue.estimated_monthly, data.total_users))}
          detail="Per month"
          icon={CreditCardIcon}
          tone="slate"
          wide
        />
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {PAID.map(({ tier, revenue: key }) => (
          <StatTile
            key={tier}
            label={`${TIERS[tier].name} Users`}
            value={data.subscription_stats[tier] ?? 0}
            detail={`${formatUsd(revenue[key])} / month`}
          />
        ))}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Panel title="Subscription Distribution">
          <ul className="space-y-3">
            {tierDistribution(data.subscription_stats).map(({ tier, count, percent }) => (
              <li key={tier}>
                <div className="flex items-center justify-between text-sm">
                  <span className="font-medium text-slate-700">{TIERS[tier].name}</span>
                  <span className="text-slate-600 tabular-nums">
                    {count} ({percent}%)
                  </span>
                </div>
                <div className="mt-1.5 h-2 rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-2 rounded-full bg-indigo-500" style={{ width: `${percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title="System Health">
          <dl className="divide-y divide-slate-100 text-sm">
            {[
              ['Active Monitors', `${data.active_monitors} / ${data.total_monitors}`],
              ['Open Incidents', String(data.open_incidents)],
              ['Active Users', `${data.active_users} / ${data.total_users}`],
            ].map(([label, value]) => (
              <div key={label} className="flex items-center justify-between py-2.5">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))}
            <div className="flex items-center justify-between py-2.5">
              <dt className="text-slate-600">Status</dt>
              <dd className="inline-flex items-center gap-1.5 font-medium text-emerald-700">
                <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
                {ADMIN_TEXT.operational}
              </dd>
            </div>
          </dl>
        </Panel>
      </div>

      <Panel title="Table Size by Kind">
        <TableCensusPanel census={data.table_census} />
      </Panel>
    </>
  );
}

/** The dashboard cards (docs/product-rules.md "Operator dashboard"). */
export function AdminDashboardView() {
  const { data, error, mutate, isLoading } = useAdminDashboard();
  return (
    <div className="space-y-6">
      <ScreenHeader title="Dashboard" description="The whole service at a glance." />
      {error && (
        <div className="space-y-3">
          <ErrorBanner message={adminErrorMessage(error, ADMIN_TEXT.failedToFetchDashboard)} error={error} />
          {!data && (
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              Try again
            </Button>
          )}
        </div>
      )}
      {data ? <Figures data={data} /> : isLoading && <StatTilesSkeleton count={8} />}
    </div>
  );
}
