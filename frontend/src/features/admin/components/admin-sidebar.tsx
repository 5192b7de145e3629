import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router-dom';
import { AlertIcon, ChatIcon, CreditCardIcon, HomeIcon, LogoutIcon, MonitorIcon, PulseIcon, UserIcon, XCircleIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { operatorTimeZone } from '../utils/format';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** docs/product-rules.md "Operator panel": the sidebar's sections, in this order; Messages is our addition (contact-form list). */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: paths.admin.dashboard, label: 'Dashboard', icon: HomeIcon },
  { to: paths.admin.users, label: 'Users', icon: UserIcon },
  { to: paths.admin.monitors, label: 'Monitors', icon: MonitorIcon },
  { to: paths.admin.incidents, label: 'Incidents', icon: AlertIcon },
  { to: paths.admin.payments, label: 'Payments', icon: CreditCardIcon },
  { to: paths.admin.errorLogs, label: 'Error Logs', icon: XCircleIcon },
];

export const MESSAGES_NAV: NavItem = { to: paths.admin.messages, label: 'Messages', icon: ChatIcon };

export function AdminBrand() {
  return (
    <div className="flex items-center gap-2 text-lg font-semibold tracking-tight text-white">
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-500 text-white">
        <PulseIcon className="size-5" />
      </span>
      Upwatch <span className="rounded bg-slate-700 px-1.5 py-0.5 text-xs font-medium text-slate-200">Admin</span>
    </div>
  );
}

interface SidebarProps {
  email: string;
  items: readonly NavItem[];
  onNavigate?: () => void;
  onLogout: () => void;
}

/** The panel's navigation, the Logout button and the Logged in as box (docs/product-rules.md "Operator panel"). */
export function AdminSidebar({ email, items, onNavigate, onLogout }: SidebarProps) {
  return (
    <div className="flex h-full flex-col">
      <nav className="flex-1 space-y-1 px-3 py-4" aria-label="Admin">
        {items.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800/60 hover:text-white'
              }`
            }
          >
            <Icon className="size-5 shrink-0" />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="space-y-3 border-t border-slate-800 px-3 py-4">
        <div className="rounded-lg bg-slate-800 px-3 py-2.5" data-testid="logged-in-as">
          <p className="text-xs text-slate-400">Logged in as</p>
          <p className="truncate text-sm font-medium text-white" title={email}>
            {email || 'Administrator'}
          </p>
          <p className="mt-1 text-xs text-slate-400" data-testid="operator-time-zone">
            Times in {operatorTimeZone()}
          </p>
        </div>
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 transition hover:bg-slate-800/60 hover:text-white"
        >
          <LogoutIcon className="size-5 shrink-0" />
          Logout
        </button>
      </div>
    </div>
  );
}
