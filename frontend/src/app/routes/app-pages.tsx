import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageShell } from '../../components/page-shell';
import { MonitorIcon, SettingsIcon } from '../../components/ui/icons';
import { MonitorsView, type MonitorFilter } from '../../features/monitors';

export function DashboardPage() {
  return (
    <>
      <title>Dashboard · Upwatch</title>
      <PageShell
        title="Dashboard"
        description="Your monitor totals, how many are online and offline, uptime over the last 24 hours and your recent incidents will appear here."
      >
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-semibold text-slate-900">Quick Actions</h2>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <QuickAction to="/app/monitors" icon={<MonitorIcon className="size-5" />} label="Add New Monitor" />
            <QuickAction to="/app/settings" icon={<SettingsIcon className="size-5" />} label="Settings" />
          </div>
        </div>
      </PageShell>
    </>
  );
}

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-slate-700 transition hover:border-indigo-300 hover:bg-indigo-50/50 hover:text-indigo-700"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">{icon}</span>
      {label}
    </Link>
  );
}

export const MonitorsPage = ({ filter }: { filter: MonitorFilter }) => (
  <>
    <title>Monitors · Upwatch</title>
    <MonitorsView filter={filter} />
  </>
);

export const IncidentsPage = () => (
  <>
    <title>Incidents · Upwatch</title>
    <PageShell
      title="Incidents"
      description="Downtime, recovery and slow-performance incidents for your monitors, with what happened and what to do, will be listed here."
    />
  </>
);

export const SettingsPage = () => (
  <>
    <title>Settings · Upwatch</title>
    <PageShell
      title="Settings"
      description="Your profile and timezone, subscription, notification preferences, security and data export will be managed here."
    />
  </>
);
