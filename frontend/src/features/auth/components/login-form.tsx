import { useState, type FormEvent } from 'react';
import { LoginInput } from '@shared/auth/schemas.js';
import { TWO_FACTOR_TEXT } from '@shared/auth/two-factor.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useFormFields } from '@/components/ui/use-form-fields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { fieldErrors } from '@/utils/field-errors';
import { resendVerification } from '../api/resend-verification';
import { SwitchLink, type AuthView } from './switch-link';

interface LoginFormProps {
  onSuccess?: () => void;
  onSwitch?: (view: AuthView) => void;
}

export function LoginForm({ onSuccess, onSwitch }: LoginFormProps) {
  const { signIn } = useAuth();
  const { values, setErrors, field } = useFormFields<keyof LoginInput>({ email: '', password: '', code: '' });
  // A right password of an account with two-factor sign-in: the second step asks the code, and the
  // password is sent again with it (docs/security.md "Two-factor sign-in").
  const [needsCode, setNeedsCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A sign-in refused because the address is not verified yet offers a fresh link right there.
  const [unverified, setUnverified] = useState(false);
  const [resend, setResend] = useState<{ state: 'idle' | 'sending' } | { state: 'sent' | 'failed'; text: string }>({ state: 'idle' });

  const resendLink = async () => {
    setResend({ state: 'sending' });
    try {
      const { message } = await resendVerification({ email: values.email.trim() });
      setResend({ state: 'sent', text: message });
    } catch (error) {
      setResend({ state: 'failed', text: errorMessage(error, TEXT.resendVerificationFailed) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setUnverified(false);
    setResend({ state: 'idle' });
    const parsed = LoginInput.safeParse(needsCode ? values : { email: values.email, password: values.password });
    if (!parsed.success) {
      setErrors(fieldErrors<keyof LoginInput>(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await signIn(parsed.data);
      onSuccess?.();
    } catch (error) {
      const codeAsked = error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED';
      if (codeAsked) setNeedsCode(true);
      setFailure(codeAsked ? null : errorMessage(error, TEXT.loginFailed));
      setUnverified(error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED');
      setSubmitting(false);
    }
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate aria-label="Sign in">
      {failure && <Alert>{failure}</Alert>}
      {unverified && (
        <div className="space-y-3" data-testid="resend-verification">
          <Button variant="secondary" className="w-full" loading={resend.state === 'sending'} onClick={() => void resendLink()}>
            Resend verification e-mail
          </Button>
          <div aria-live="polite">
            {(resend.state === 'sent' || resend.state === 'failed') && (
              <Alert tone={resend.state === 'sent' ? 'success' : 'error'}>{resend.text}</Alert>
            )}
          </div>
        </div>
      )}
      {needsCode ? (
        <div data-testid="two-factor-step">
          <TextField label="Authentication code" autoComplete="one-time-code" hint={TWO_FACTOR_TEXT.codeRequired} {...field('code')} />
        </div>
      ) : (
        <>
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        </>
      )}
      <div className="flex justify-end text-sm">
        <SwitchLink view="forgot-password" onSwitch={onSwitch}>
          Forgot your password?
        </SwitchLink>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={submitting}>
        {needsCode ? 'Verify' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <SwitchLink view="register" onSwitch={onSwitch}>
          Sign Up
        </SwitchLink>
      </p>
    </form>
  );
}
