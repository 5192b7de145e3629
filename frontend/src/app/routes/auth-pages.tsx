import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/layout/auth-card';
import { TIERS } from '@shared/tiers.js';
import { CHECKOUT_INTENT_PATH, peekCheckoutIntent } from '../../lib/checkout-intent';
import { lazyView } from './lazy-view';
import { paths } from '@/config/paths';

const loadAuth = () => import('../../features/auth');
const LoginForm = lazyView(() => loadAuth().then((module) => module.LoginForm));
const RegisterForm = lazyView(() => loadAuth().then((module) => module.RegisterForm));
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
      <title>{`${pageTitle} · Upwatch`}</title>
      <AuthCard title={title} {...(subtitle ? { subtitle } : {})}>
        {children}
      </AuthCard>
    </div>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <AuthPage pageTitle="Sign in" title="Sign in to Upwatch" subtitle="Welcome back. Enter your email and password.">
      {/* A plan chosen on the pricing page before signing up (lib/checkout-intent.ts) is paid for next. */}
      <LoginForm onSuccess={() => navigate(peekCheckoutIntent() ? CHECKOUT_INTENT_PATH : paths.app.dashboard, { replace: true })} />
    </AuthPage>
  );
}

export function RegisterPage() {
  const intent = peekCheckoutIntent();
  const subtitle = intent
    ? `You chose ${TIERS[intent.tier].name} (${intent.billingPeriod}). Create your account and verify your e-mail; after you sign in, we take you to checkout.`
    : 'Start monitoring your first website for free.';
  return (
    <div className="px-4 py-12 sm:py-16">
      <title>Create your account · Upwatch</title>
      <RegisterForm subtitle={subtitle} />
    </div>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  return (
    <AuthPage pageTitle="Email verification">
      <VerifyEmailStatus token={params.get('token')} />
    </AuthPage>
  );
}

export const ForgotPasswordPage = () => (
  <AuthPage pageTitle="Forgot password">
    <ForgotPasswordForm />
  </AuthPage>
);

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthPage pageTitle="Reset password">
      <ResetPasswordForm token={params.get('token')} />
    </AuthPage>
  );
}
