import { Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useAnnounceEarlyInput } from '../../lib/early-input';
import { useAuth } from '../../lib/session';
import { buttonClass } from '../ui/button';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { PageSpinner } from '../ui/spinner';
import { paths } from '@/config/paths';

// docs/product-rules.md "Public pages and policies": Features (in-page anchor), Pricing, About, Contact, Login, Start Free.
const LINKS = [
  { to: '/#features', label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/#features', label: 'Features' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.register, label: 'Start Free' },
      { to: paths.login, label: 'Login' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.refund, label: 'Refund Policy' },
    ],
  },
];

const linkClass = 'text-sm font-medium text-slate-600 hover:text-slate-900';

/** Renders nothing: keeps what was typed into a prerendered form before its code was in (lib/early-input.ts). */
function EarlyInput() {
  useAnnounceEarlyInput();
  return null;
}

/** Public pages' chrome; the /app guard also uses it (with children) around the sign-in switcher. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const signedIn = status === 'signed-in';
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo to={signedIn ? paths.app.dashboard : paths.home} />
          <nav className="hidden items-center gap-8 md:flex" aria-label="Main">
            {LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-3 md:flex">
            {signedIn ? (
              <Link to={paths.app.dashboard} className={buttonClass('primary', 'sm')}>
                Go to Dashboard
              </Link>
            ) : (
              <>
                <Link to={paths.login} className={`${linkClass} px-2`}>
                  Login
                </Link>
                <Link to={paths.register} className={buttonClass('primary', 'sm')}>
                  Start Free
                </Link>
              </>
            )}
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
            onClick={() => setOpen(!open)}
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
          >
            {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
        {open && (
          <nav className="space-y-1 border-t border-slate-200 bg-white px-4 py-3 md:hidden" aria-label="Mobile">
            {[...LINKS, ...(signedIn ? [{ to: paths.app.dashboard, label: 'Dashboard' }] : [{ to: paths.login, label: 'Login' }, { to: paths.register, label: 'Start Free' }])].map(
              (link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  onClick={() => setOpen(false)}
                  className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  {link.label}
                </Link>
              ),
            )}
          </nav>
        )}
      </header>
      <main className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          {children ?? <Outlet />}
          <EarlyInput />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-5">
            <div className="lg:col-span-2">
              <Logo to={paths.home} />
              <p className="mt-4 max-w-xs text-sm text-slate-500">
                Website uptime monitoring: checks around the clock, response times, incident history and e-mail alerts.
              </p>
            </div>
            {FOOTER_COLUMNS.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="text-slate-500 hover:text-slate-900">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-500">
            © {new Date().getFullYear()} Upwatch. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
