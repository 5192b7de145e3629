import { Suspense, useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { tierOf } from '@shared/tiers.js';
import { useLiveUpdates } from '../../lib/live';
import { useAuth, useUserRefresh } from '../../lib/session';
import { useWorkspace, useWorkspaceTier, WorkspaceProvider } from '../../lib/workspace';
import { Badge } from '../ui/badge';
import { AlertIcon, ClockIcon, GlobeIcon, HomeIcon, LogoutIcon, MenuIcon, MonitorIcon, SettingsIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { PageSpinner } from '../ui/spinner';
import { MobileMenu } from './mobile-menu';
import { WorkspaceSwitcher } from './workspace-switcher';
import { paths } from '@/config/paths';

const NAV = [
  { to: paths.app.dashboard, label: 'Dashboard', icon: HomeIcon },
  { to: paths.app.monitors, label: 'Monitors', icon: MonitorIcon },
  { to: paths.app.incidents, label: 'Incidents', icon: AlertIcon },
  { to: paths.app.statusPages, label: 'Status pages', icon: GlobeIcon },
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

/** The notice after the person was removed from the workspace on screen, and the line a viewer sees (docs/teams.md "Choosing a workspace"). */
function WorkspaceNotices() {
  const { notice, dismissNotice, role, current } = useWorkspace();
  return (
    <>
      {notice && (
        <div role="status" className="mb-6 flex items-start justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-800">
          <span>{notice}</span>
          <button type="button" onClick={dismissNotice} className="font-medium underline hover:no-underline">
            Dismiss
          </button>
        </div>
      )}
      {role === 'viewer' && current && (
        <p className="mb-6 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-600" data-testid="view-access">
          You have view access to {current.name}: you can see everything here, but not change it.
        </p>
      )}
    </>
  );
}

/**
 * The signed-in shell (docs/product-rules.md "Screens and routes"): header with the workspace
 * switcher, name, the workspace's tier badge and Logout; sidebar; slide-in on mobile. It holds the
 * workspace the screens show (docs/teams.md "Choosing a workspace").
 */
export function AppLayout() {
  return (
    <WorkspaceProvider>
      <AppShell />
    </WorkspaceProvider>
  );
}

function AppShell() {
  const { user, signOut, status } = useAuth();
  const { currentId } = useWorkspace();
  const tier = useWorkspaceTier();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  useUserRefresh();
  // The socket names the workspace only when it is not the person's own (docs/live-status.md "Pushes").
  useLiveUpdates(status === 'signed-in', currentId && currentId !== user?.id ? currentId : null);

  const logout = async () => {
    await signOut();
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
            <Logo to={paths.app.dashboard} compact />
          </div>
          {user && (
            <div className="flex min-w-0 items-center gap-2 sm:gap-3">
              <WorkspaceSwitcher />
              <span className="hidden text-sm font-medium text-slate-700 sm:inline" data-testid="user-name">
                {user.name}
              </span>
              <span data-testid="tier-badge">
                <Badge tone="indigo">{tierOf(tier).name}</Badge>
              </span>
              <button
                type="button"
                onClick={() => void logout()}
                className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <LogoutIcon className="size-4" />
                {/* On a phone the icon alone, so the workspace's name keeps room in the header. */}
                <span className="sr-only sm:not-sr-only">Logout</span>
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
            <WorkspaceNotices />
            {/* A new workspace is a new set of screens: nothing of the previous one keeps its state. */}
            <Suspense key={currentId} fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
