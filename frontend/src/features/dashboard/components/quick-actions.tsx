import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MonitorIcon, SettingsIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useMayCall } from '@/lib/workspace';

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-slate-700 transition hover:border-indigo-300 hover:bg-indigo-50/50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">{icon}</span>
      {label}
    </Link>
  );
}

/** docs/product-rules.md "Dashboard": Add New Monitor (the Monitors page) and Settings. */
export function QuickActions() {
  // A viewer is offered Settings only (docs/teams.md "Choosing a workspace").
  const mayAdd = useMayCall('createMonitor');
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="font-semibold text-slate-900">
        Quick Actions
      </h2>
      <div className="mt-4 grid gap-3">
        {mayAdd && <QuickAction to={paths.app.monitors} icon={<MonitorIcon className="size-5" />} label="Add New Monitor" />}
        <QuickAction to={paths.app.settings} icon={<SettingsIcon className="size-5" />} label="Settings" />
      </div>
    </section>
  );
}
