import { NavLink } from 'react-router-dom';
import type { MonitorFilter } from '../api/get-monitors';
import { SEARCH_PARAM } from '../hooks/use-monitor-search';
import { paths } from '@/config/paths';

const FILTERS: { filter: MonitorFilter; label: string; to: string }[] = [
  { filter: 'all', label: 'All', to: paths.app.monitors },
  { filter: 'online', label: 'Online', to: paths.app.monitorsOnline },
  { filter: 'offline', label: 'Offline', to: paths.app.monitorsOffline },
];

/**
 * docs/product-rules.md "Monitors and their states": the filter buttons navigate to /app/monitors, /online and /offline. An active search
 * goes along (the page does not: the other list has its own pages).
 */
export function MonitorFilters({ search }: { search: string }) {
  const query = search ? `?${new URLSearchParams({ [SEARCH_PARAM]: search }).toString()}` : '';
  return (
    <nav className="inline-flex self-start rounded-lg bg-white p-1 shadow-sm ring-1 ring-slate-200 sm:self-auto" aria-label="Filter monitors">
      {FILTERS.map(({ filter, label, to }) => (
        <NavLink
          key={filter}
          to={{ pathname: to, search: query }}
          end
          className={({ isActive }) =>
            `rounded-md px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
              isActive ? 'bg-indigo-600 text-white shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
