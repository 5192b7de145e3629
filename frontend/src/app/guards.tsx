import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { CHECKOUT_INTENT_PATH, peekCheckoutIntent } from '../lib/checkout-intent';
import { peekInvitationReturn } from '../lib/invitation-return';
import { lazyView } from './routes/lazy-view';
import { useAuth } from '../lib/session';
import { paths } from '@/config/paths';

const AuthSwitcher = lazyView(() => import('../features/auth').then((module) => module.AuthSwitcher));

function CenteredPublic({ children }: { children: ReactNode }) {
  return (
    <PublicLayout>
      <div className="px-4 py-12 sm:py-16">{children}</div>
    </PublicLayout>
  );
}

/**
 * /app/*: a signed-out visitor sees the login / register / forgot-password switcher in place (docs/product-rules.md "Screens and routes"),
 * and once signed in, the page they asked for.
 */
export function RequireAuth() {
  const { status, retry } = useAuth();
  if (status === 'loading') return <PageSpinner label="Checking your session…" />;
  if (status === 'unreachable') {
    return (
      <CenteredPublic>
        <div className="mx-auto max-w-md space-y-4">
          <Alert>We could not reach Upwatch to check your session. Please check your connection.</Alert>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      </CenteredPublic>
    );
  }
  if (status === 'signed-out') {
    return (
      <CenteredPublic>
        <AuthSwitcher />
      </CenteredPublic>
    );
  }
  return <Outlet />;
}

/**
 * /login and /register: a signed-in user goes to /app (docs/product-rules.md "Screens and routes"), or, with a plan chosen on the
 * pricing page before signing up (lib/checkout-intent.ts), on to pay for it in Settings; one who came from an invitation link goes
 * back to it first (lib/invitation-return.ts).
 * The form shows at once, also while the session check is still out: it is prerendered, and most visitors of these pages are
 * signed out; a signed-in one sees it until the check answers (docs/performance-web.md "Sign-in forms prerendered").
 * The form stays in the tree during the redirect too, so hydrating the prerendered HTML matches whatever the check says.
 */
export function GuestOnly() {
  const { status } = useAuth();
  return (
    <>
      {status === 'signed-in' && <Navigate to={peekInvitationReturn() ?? (peekCheckoutIntent() ? CHECKOUT_INTENT_PATH : paths.app.root)} replace />}
      <Outlet />
    </>
  );
}
