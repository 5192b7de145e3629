import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { useFocusTrap } from '@/components/ui/use-focus-trap';
import { useAdminSession } from '../hooks/use-admin-session';
import { AdminLogin, AdminTwoFactorSetup } from './admin-login';
import { ADMIN_NAV, AdminBrand, AdminSidebar, MESSAGES_NAV } from './admin-sidebar';

const NAV_ITEMS = [...ADMIN_NAV, MESSAGES_NAV];

/** The sidebar on a small screen: a panel over a dimmed page, closed by Escape, the overlay or a link. */
function SidebarDrawer({ id, open, onClose, email, onLogout }: { id: string; open: boolean; onClose: () => void; email: string; onLogout: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useFocusTrap(panel, { open, onClose, initialFocus: () => closeButton.current });
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <div className="fixed inset-0 animate-fade-in bg-slate-900/60" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Admin menu"
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] animate-slide-in flex-col bg-slate-900 shadow-xl"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-800 px-4">
          <AdminBrand />
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="rounded-md p-2 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <AdminSidebar email={email} items={NAV_ITEMS} onNavigate={onClose} onLogout={onLogout} />
        </div>
      </div>
    </div>
  );
}

/** The signed-in panel: a dark sidebar (a drawer behind a menu button on small screens) and the screen. */
function AdminShell() {
  const { email, signOut } = useAdminSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="hidden w-64 shrink-0 bg-slate-900 lg:block">
        <div className="sticky top-0 flex h-screen flex-col">
          <div className="flex h-16 shrink-0 items-center border-b border-slate-800 px-5">
            <AdminBrand />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <AdminSidebar email={email} items={NAV_ITEMS} onLogout={signOut} />
          </div>
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 bg-slate-900 px-4 lg:hidden">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          className="rounded-md p-2 text-slate-300 hover:bg-slate-800 hover:text-white"
        >
          <MenuIcon className="size-6" />
        </button>
        <AdminBrand />
      </header>
      <SidebarDrawer id={menuId} open={menuOpen} onClose={() => setMenuOpen(false)} email={email} onLogout={signOut} />

      <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        <div className="mx-auto max-w-7xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

/**
 * /admin/*: while a stored admin token is checked a spinner shows, then the admin login or the panel
 * (docs/product-rules.md "Operator sign-in and session").
 */
export function AdminGate() {
  const { status } = useAdminSession();
  if (status === 'checking') return <PageSpinner label="Checking your admin session…" />;
  if (status === 'signed-out') return <AdminLogin />;
  if (status === 'two-factor-setup') return <AdminTwoFactorSetup />;
  return <AdminShell />;
}
