import { useState, type FormEvent } from 'react';
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
  const { values, errors, setErrors, field } = useFormFields({ email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(values.email.trim() ? {} : { email: 'Email is required' }),
      ...(values.password ? {} : { password: 'Password is required' }),
    };
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      await signIn({ email: values.email.trim(), password: values.password });
    } catch (error) {
      setFailure(adminLoginErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    // The page's one landmark, as the user's screens have (docs/accessibility.md "What is checked").
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-900 px-4 py-12">
      <title>Admin Login · Upwatch</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <Logo to={paths.home} />
        <div className="mt-6 flex items-center gap-2">
          <ShieldIcon className="size-6 text-indigo-600" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Admin Login</h1>
        </div>
        <p className="mt-1 text-sm text-slate-600">Sign in to the Upwatch operator panel.</p>
        <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate aria-label="Admin login">
          {failure && <Alert>{failure}</Alert>}
          <TextField label="Email" type="email" autoComplete="username" required {...field('email')} error={errors.email} />
          <PasswordField label="Password" autoComplete="current-password" required {...field('password')} error={errors.password} />
          <Button type="submit" className="w-full" loading={busy}>
            Sign In
          </Button>
        </form>
      </div>
    </main>
  );
}
