import { NavLink } from 'react-router-dom';
import type { MonitorFilter } from '../api/get-monitors';

const FILTERS: { filter: MonitorFilter; label: string; to: string }[] = [
  { filter: 'all', label: 'All', to: '/app/monitors' },
  { filter: 'online', label: 'Online', to: '/app/monitors/online' },
  { filter: 'offline', label: 'Offline', to: '/app/monitors/offline' },
];

/** Spec §2: the filter buttons navigate to /app/monitors, /online and /offline. */
export function MonitorFilters() {
  return (
    <nav className="inline-flex rounded-lg bg-white p-1 shadow-sm ring-1 ring-slate-200" aria-label="Filter monitors">
      {FILTERS.map(({ filter, label, to }) => (
        <NavLink
          key={filter}
          to={to}
          end
          className={({ isActive }) =>
            `rounded-md px-3 py-1.5 text-sm font-medium transition ${
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
