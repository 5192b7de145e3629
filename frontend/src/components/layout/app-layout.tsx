import { Suspense, useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { tierOf } from '@shared/tiers.js';
import { useLiveUpdates } from '../../lib/live';
import { useAuth, useUserRefresh } from '../../lib/session';
import { Badge } from '../ui/badge';
import { AlertIcon, ClockIcon, HomeIcon, LogoutIcon, MenuIcon, MonitorIcon, SettingsIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { PageSpinner } from '../ui/spinner';
import { MobileMenu } from './mobile-menu';
import { paths } from '@/config/paths';

const NAV = [
  { to: paths.app.dashboard, label: 'Dashboard', icon: HomeIcon },
  { to: paths.app.monitors, label: 'Monitors', icon: MonitorIcon },
  { to: paths.app.incidents, label: 'Incidents', icon: AlertIcon },
  { to: paths.app.maintenance, label: 'Maintenance', icon: ClockIcon },
  { to: paths.app.settings, label: 'Settings', icon: SettingsIcon },
];

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav className="space-y-1 px-3 py-4" aria-label="App">
      {NAV.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
              isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
            }`
          }
        >
          <Icon className="size-5 shrink-0" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The signed-in shell (docs/product-rules.md "Screens and routes"): header with name, tier badge and Logout; sidebar; slide-in on mobile. */
export function AppLayout() {
  const { user, signOut, status } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  useUserRefresh();
  useLiveUpdates(status === 'signed-in');

  const logout = () => {
    signOut();
    navigate(paths.login, { replace: true });
  };

  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
              onClick={() => setMenuOpen(true)}
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls={menuId}
            >
              <MenuIcon className="size-6" />
            </button>
            <Logo to={paths.app.dashboard} />
          </div>
          {user && (
            <div className="flex items-center gap-3">
              <span className="hidden text-sm font-medium text-slate-700 sm:inline" data-testid="user-name">
                {user.name}
              </span>
              <Badge tone="indigo">{tierOf(user.subscription_tier).name}</Badge>
              <button
                type="button"
                onClick={logout}
                className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <LogoutIcon className="size-4" />
                Logout
              </button>
            </div>
          )}
        </div>
      </header>

      {/* flex-1: on a short page the row (and the sidebar's white column) still reaches the window's bottom. */}
      <div className="flex flex-1">
        {/* The white column runs the page's full height; the navigation inside it stays in view. */}
        <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white lg:block">
          <div className="sticky top-16">
            <SidebarNav />
          </div>
        </aside>

        <MobileMenu id={menuId} open={menuOpen} onClose={() => setMenuOpen(false)}>
          <SidebarNav onNavigate={() => setMenuOpen(false)} />
          {user && (
            <div className="mt-auto border-t border-slate-200 px-4 py-4">
              <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          )}
        </MobileMenu>

        <main className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
          <div className="mx-auto max-w-6xl">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
