import { useState } from 'react';
import { AuthCard } from '@/components/layout/auth-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import type { AuthView } from './switch-link';

// The register view brings its own card, and the forgot-password view its own heading (each swaps
// to a confirmation panel after sending).
const views: { view: AuthView; label: string; title?: string }[] = [
  { view: 'login', label: 'Sign In', title: 'Sign in to continue' },
  { view: 'register', label: 'Sign Up' },
  { view: 'forgot-password', label: 'Forgot password' },
];

/**
 * What an anonymous visitor sees on any /app address (docs/product-rules.md "Auth flows and token lifetimes"): login,
 * register and forgot-password in one place. Signing in here keeps them on the address they opened.
 */
export function AuthSwitcher() {
  const [view, setView] = useState<AuthView>('login');
  const current = views.find((entry) => entry.view === view) ?? views[0]!;
  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="Account" className="mx-auto flex max-w-md rounded-xl bg-slate-200/60 p-1">
        {views.map((entry) => (
          <button
            key={entry.view}
            type="button"
            role="tab"
            aria-selected={entry.view === view}
            onClick={() => setView(entry.view)}
            className={`flex-1 rounded-lg px-3 py-2 text-sm font-medium transition ${
              entry.view === view ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {entry.label}
          </button>
        ))}
      </div>
      {view === 'register' ? (
        <RegisterForm onSwitch={setView} />
      ) : (
        <AuthCard title={current.title} subtitle={view === 'login' ? 'You need to be signed in to see this page.' : undefined}>
          {view === 'login' ? <LoginForm onSwitch={setView} /> : <ForgotPasswordForm onSwitch={setView} />}
        </AuthCard>
      )}
    </div>
  );
}
