import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/layout/auth-card';
import { TIERS } from '@shared/tiers.js';
import { CHECKOUT_INTENT_PATH, peekCheckoutIntent, useCheckoutIntent } from '../../lib/checkout-intent';
import { lazyView } from './lazy-view';
import type { PageMeta } from './page-meta';
import { paths } from '@/config/paths';

const loadAuth = () => import('../../features/auth');
const LoginForm = lazyView(() => loadAuth().then((module) => module.LoginForm));
const RegisterForm = lazyView(() => loadAuth().then((module) => module.RegisterForm));

/**
 * The sign-in and registration forms are prerendered like the marketing pages, so they paint with the
 * first HTML instead of after the session check (docs/performance-web.md "Sign-in forms prerendered").
 */
export const AUTH_PAGE_VIEWS = { login: LoginForm, register: RegisterForm };

/** The head of the prerendered sign-in and registration pages (app/router.tsx marks their rows with `prerendered(...)`). */
export const AUTH_PAGE_META = {
  login: {
    title: 'Sign in · Upwatch',
    description: 'Sign in to Upwatch to see your monitors, incidents and alerts, and to manage your plan and status pages.',
  },
  register: {
    title: 'Create your account · Upwatch',
    description: 'Create your Upwatch account and start monitoring your first website. Free for one website, no card needed.',
  },
} satisfies Record<string, PageMeta>;
const ForgotPasswordForm = lazyView(() => loadAuth().then((module) => module.ForgotPasswordForm));
const ResetPasswordForm = lazyView(() => loadAuth().then((module) => module.ResetPasswordForm));
const VerifyEmailStatus = lazyView(() => loadAuth().then((module) => module.VerifyEmailStatus));

interface AuthPageProps {
  /** The browser tab's title. */
  pageTitle: string;
  /** The card's heading; left out when the content brings its own. */
  title?: string;
  subtitle?: string;
  children: ReactNode;
}

function AuthPage({ pageTitle, title, subtitle, children }: AuthPageProps) {
  return (
    <div className="px-4 py-12 sm:py-16">
      <title>{pageTitle}</title>
      <AuthCard title={title} {...(subtitle ? { subtitle } : {})}>
        {children}
      </AuthCard>
    </div>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <AuthPage pageTitle={AUTH_PAGE_META.login.title} title="Sign in to Upwatch" subtitle="Welcome back. Enter your email and password.">
      {/* A plan chosen on the pricing page before signing up (lib/checkout-intent.ts) is paid for next. */}
      <LoginForm onSuccess={() => navigate(peekCheckoutIntent() ? CHECKOUT_INTENT_PATH : paths.app.dashboard, { replace: true })} />
    </AuthPage>
  );
}

export function RegisterPage() {
  // Read after hydration: the build renders this page without the visitor's storage (lib/checkout-intent.ts).
  const intent = useCheckoutIntent();
  // An invitation's "Create an account" brings its address (features/invitations).
  const [params] = useSearchParams();
  const subtitle = intent
    ? `You chose ${TIERS[intent.tier].name} (${intent.billingPeriod}). Create your account and verify your e-mail; after you sign in, we take you to checkout.`
    : 'Start monitoring your first website for free.';
  return (
    <div className="px-4 py-12 sm:py-16">
      <title>{AUTH_PAGE_META.register.title}</title>
      <RegisterForm subtitle={subtitle} initialEmail={params.get('email') ?? undefined} />
    </div>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  return (
    <AuthPage pageTitle="Email verification · Upwatch">
      <VerifyEmailStatus token={params.get('token')} />
    </AuthPage>
  );
}

export const ForgotPasswordPage = () => (
  <AuthPage pageTitle="Forgot password · Upwatch">
    <ForgotPasswordForm />
  </AuthPage>
);

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthPage pageTitle="Reset password · Upwatch">
      <ResetPasswordForm token={params.get('token')} />
    </AuthPage>
  );
}
