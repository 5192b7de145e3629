import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ResetPasswordInput } from '@shared/auth/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { CheckCircleIcon, XCircleIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useFormFields } from '@/components/ui/use-form-fields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { checkResetLink, resetPassword } from '../api/reset-password';
import { paths } from '@/config/paths';

/** docs/product-rules.md "Auth flows and token lifetimes": after a successful reset the visitor goes to login 3 seconds later. */
export const RESET_REDIRECT_MS = 3_000;

type Field = 'newPassword' | 'confirmPassword';

/** Reset password (docs/product-rules.md "Auth flows and token lifetimes", "Validation rules"): the token comes from the e-mailed link's query. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const { values, setErrors, field } = useFormFields<Field>({ newPassword: '', confirmPassword: '' });
  const [failure, setFailure] = useState<{ message: string; deadLink: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  // The link is checked as the page opens (docs/product-rules.md "Auth flows and token lifetimes"):
  // a used or expired one says so now, not after the new password was typed twice.
  const [linkCheck, setLinkCheck] = useState<'checking' | 'ok' | { dead: string }>(() => (token?.trim() ? 'checking' : 'ok'));
  useEffect(() => {
    const trimmed = token?.trim();
    if (!trimmed) return;
    let current = true;
    checkResetLink(trimmed).then(
      () => current && setLinkCheck('ok'),
      (cause: unknown) => {
        if (!current) return;
        // Only the server's "this link is dead" ends the page; a network failure leaves the form (the reset says more).
        const dead = cause instanceof ApiError && (cause.code === 'INVALID_TOKEN' || cause.status === 403);
        setLinkCheck(dead ? { dead: errorMessage(cause, TEXT.resetPasswordFailed) } : 'ok');
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // docs/product-rules.md "Validation rules" words the missing token as a validation message. A visitor without a token cannot
  // succeed, so we say so at once rather than after they have typed a new password twice.
  if (!token?.trim()) return <DeadLink message={TEXT.missingResetToken} />;
  if (typeof linkCheck === 'object') return <DeadLink message={linkCheck.dead} />;
  if (linkCheck === 'checking') {
    return (
      <div className="flex justify-center py-10 text-indigo-600" role="status">
        <Spinner className="size-8" />
        <span className="sr-only">Checking your reset link…</span>
      </div>
    );
  }

  if (done !== null) {
    return (
      <div className="text-center" role="status">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircleIcon className="size-7" />
        </div>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">Password reset successful</h1>
        <p className="mt-2 text-sm text-slate-600">{done}</p>
        <p className="mt-4 text-sm text-slate-500">Taking you to the login page in {RESET_REDIRECT_MS / 1000} seconds…</p>
        <ButtonLink to={paths.login} replace size="lg" className="mt-6 w-full">
          Go to Login now
        </ButtonLink>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ResetPasswordInput.safeParse({ token, new_password: values.newPassword });
    const problems: Partial<Record<Field, string>> = {};
    const passwordIssue = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'new_password');
    if (passwordIssue) problems.newPassword = passwordIssue.message;
    else if (values.newPassword !== values.confirmPassword) problems.confirmPassword = TEXT.passwordsDoNotMatch;
    setErrors(problems);
    if (!parsed.success || problems.newPassword || problems.confirmPassword) {
      if (!parsed.success && !passwordIssue) setFailure({ message: TEXT.missingResetToken, deadLink: true });
      return;
    }
    setSubmitting(true);
    try {
      const answer = await resetPassword(parsed.data);
      setDone(answer.message);
    } catch (cause) {
      setFailure({
        message: errorMessage(cause, TEXT.resetPasswordFailed),
        deadLink: cause instanceof ApiError && cause.code === 'INVALID_TOKEN',
      });
      setSubmitting(false);
    }
  };

  return (
    <div>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Choose a new password</h1>
        <p className="mt-2 text-sm text-slate-600">Enter the password you will sign in with from now on.</p>
      </div>
      <form className="space-y-5" onSubmit={submit} noValidate aria-label="Reset password">
        {failure && (
          <Alert>
            {failure.message}
            {failure.deadLink && (
              <>
                {' '}
                <Link to={paths.forgotPassword} className="font-medium underline hover:no-underline">
                  Request a new reset link
                </Link>
              </>
            )}
          </Alert>
        )}
        <PasswordField label="New password" autoComplete="new-password" required hint="At least 8 characters." {...field('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...field('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Reset password
        </Button>
      </form>
    </div>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <div className="text-center" role="alert">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <XCircleIcon className="size-7" />
      </div>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">This link does not work</h1>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <ButtonLink to={paths.forgotPassword} size="lg" className="mt-6 w-full">
        Request a new reset link
      </ButtonLink>
      <ButtonLink to={paths.login} variant="ghost" className="mt-3 w-full">
        Back to Login
      </ButtonLink>
    </div>
  );
}
