import { useState } from 'react';
import { ForgotPasswordInput } from '@shared/auth/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { MailIcon } from '@/components/ui/icons';
import { requestPasswordReset } from '../api/forgot-password';
import { useEmailForm } from '../hooks/use-email-form';
import { SwitchLink, type AuthView } from './switch-link';
import { paths } from '@/config/paths';

/**
 * Forgot password (docs/product-rules.md "Auth flows and token lifetimes"): an e-mail form, then the Check Your Email confirmation
 * with a way back to login. It brings its own heading, since the confirmation replaces it.
 */
export function ForgotPasswordForm({ onSwitch }: { onSwitch?: (view: AuthView) => void }) {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const { field, failure, submitting, submit, reset } = useEmailForm({
    schema: ForgotPasswordInput,
    send: async (input) => {
      const answer = await requestPasswordReset(input);
      setSent({ email: input.email, message: answer.message });
    },
    fallback: TEXT.forgotPasswordFailed,
  });

  if (sent) {
    return (
      <div className="text-center" role="status">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <MailIcon className="size-6" />
        </div>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">{TEXT.forgotPasswordSentTitle}</h1>
        <p className="mt-2 text-sm text-slate-600">{sent.message}</p>
        <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm break-words text-slate-700">
          We sent it to <span className="font-medium text-slate-900">{sent.email}</span>
        </p>
        <p className="mt-3 text-xs text-slate-500">Can&apos;t find it? Check your spam or junk folder.</p>
        <div className="mt-6 space-y-3">
          {onSwitch ? (
            <Button size="lg" className="w-full" onClick={() => onSwitch('login')}>
              Back to Login
            </Button>
          ) : (
            <ButtonLink to={paths.login} size="lg" className="w-full">
              Back to Login
            </ButtonLink>
          )}
          <button
            type="button"
            className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
            onClick={() => {
              setSent(null);
              reset();
            }}
          >
            Use a different email
          </button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Forgot your password?</h1>
        <p className="mt-2 text-sm text-slate-600">Enter your email and we&apos;ll send you a link to reset your password.</p>
      </div>
      <form className="space-y-5" onSubmit={submit} noValidate aria-label="Reset password request">
        {failure && <Alert>{failure}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Send reset link
        </Button>
        <p className="text-center text-sm text-slate-600">
          Remembered it?{' '}
          <SwitchLink view="login" onSwitch={onSwitch}>
            Back to Sign In
          </SwitchLink>
        </p>
      </form>
    </div>
  );
}
