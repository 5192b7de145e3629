import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { TEXT } from '@shared/texts.js';
import { ButtonLink } from '@/components/ui/button';
import { CheckCircleIcon, XCircleIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { verifyEmail } from '../api/verify-email';
import { ResendVerificationForm } from './resend-verification-form';
import { paths } from '@/config/paths';

type State = { kind: 'verifying' } | { kind: 'verified'; already: boolean } | { kind: 'failed'; message: string };

/** E-mail verification (docs/product-rules.md "Auth flows and token lifetimes"): verifying, then success, or failure with a resend form. */
export function VerifyEmailStatus({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'verifying' } : { kind: 'failed', message: TEXT.missingVerificationToken },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyEmail(token).then(
      (answer) => live && setState({ kind: 'verified', already: answer?.already_verified === true }),
      (error: unknown) => live && setState({ kind: 'failed', message: errorMessage(error, TEXT.failedToVerifyEmail) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'verifying') {
    return (
      <div className="flex flex-col items-center py-6 text-center" role="status">
        <Spinner className="size-8 text-indigo-600" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Verifying your email</h1>
        <p className="mt-2 text-sm text-slate-600">This takes a moment.</p>
      </div>
    );
  }
  if (state.kind === 'verified') {
    return (
      <div className="text-center" role="status">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircleIcon className="size-7" />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{state.already ? 'Already verified' : 'Email verified'}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {state.already
            ? 'This link was used before: your email address is already verified. You can sign in.'
            : 'Your email address is confirmed. You can sign in now.'}
        </p>
        <ButtonLink to={paths.login} size="lg" className="mt-6 w-full">
          Continue to Login
        </ButtonLink>
      </div>
    );
  }
  return (
    <div>
      <div className="text-center" role="alert">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <XCircleIcon className="size-7" />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Verification failed</h1>
        <p className="mt-2 text-sm text-slate-600">{state.message}</p>
      </div>
      <div className="mt-6 border-t border-slate-200 pt-6">
        <ResendVerificationForm />
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-medium text-indigo-600 hover:text-indigo-500">
          Back to Login
        </Link>
      </p>
    </div>
  );
}
