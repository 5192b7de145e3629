import { useState, type FormEvent, type ReactNode } from 'react';
import { TWO_FACTOR_TEXT } from '@shared/auth/two-factor.js';
import { TwoFactorSetupFlow } from '@/components/two-factor/two-factor-setup';
import { ApiError } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { ShieldIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { useFormFields } from '@/components/ui/use-form-fields';
import { useAdminSession } from '../hooks/use-admin-session';
import { adminLoginErrorMessage } from '../utils/errors';
import { paths } from '@/config/paths';

/** docs/product-rules.md "Operator sign-in and session": an e-mail and password form, apart from the user's sign-in. */
export function AdminLogin() {
  const { signIn } = useAdminSession();
  const { values, errors, setErrors, field } = useFormFields({ email: '', password: '', code: '' });
  // The second step operators must pass (docs/security.md "Two-factor sign-in"): the password is sent again with the code.
  const [needsCode, setNeedsCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(values.email.trim() ? {} : { email: 'Email is required' }),
      ...(values.password ? {} : { password: 'Password is required' }),
      ...(!needsCode || values.code.trim() ? {} : { code: 'Enter the code from your authenticator app' }),
    };
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      await signIn({ email: values.email.trim(), password: values.password, ...(needsCode ? { code: values.code.trim() } : {}) });
    } catch (error) {
      const codeAsked = error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED';
      if (codeAsked) setNeedsCode(true);
      setFailure(codeAsked ? null : adminLoginErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AdminDoor title="Admin Login" intro="Sign in to the Upwatch operator panel.">
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate aria-label="Admin login">
      {failure && <Alert>{failure}</Alert>}
      {needsCode ? (
        <div data-testid="two-factor-step">
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            hint={TWO_FACTOR_TEXT.codeRequired}
            {...field('code')}
            error={errors.code}
          />
        </div>
      ) : (
        <>
          <TextField label="Email" type="email" autoComplete="username" required {...field('email')} error={errors.email} />
          <PasswordField label="Password" autoComplete="current-password" required {...field('password')} error={errors.password} />
        </>
      )}
      <Button type="submit" className="w-full" loading={busy}>
        {needsCode ? 'Verify' : 'Sign In'}
      </Button>
    </form>
    </AdminDoor>
  );
}

/** The operator's door: a card on the dark page, the page's one landmark (docs/accessibility.md "What is checked"). */
function AdminDoor({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-900 px-4 py-12">
      <title>{`${title} · Upwatch`}</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <Logo to={paths.home} />
        <div className="mt-6 flex items-center gap-2">
          <ShieldIcon className="size-6 text-indigo-600" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        </div>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/**
 * An operator without two-factor sign-in, signed in with the right password: the set-up comes before
 * the panel, and the server refuses the panel's routes until it is done (docs/security.md "Two-factor sign-in").
 */
export function AdminTwoFactorSetup() {
  const { twoFactorReady, signOut } = useAdminSession();
  return (
    <AdminDoor title="Set up two-factor sign-in" intro={TWO_FACTOR_TEXT.setupRequiredForOperators}>
      <TwoFactorSetupFlow session="admin" onDone={() => void twoFactorReady()} onCancel={signOut} />
    </AdminDoor>
  );
}
