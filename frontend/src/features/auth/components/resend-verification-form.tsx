import { useEffect, useState, type FormEvent } from 'react';
import { ResendVerificationInput } from '@shared/auth/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { resendVerification } from '../api/resend-verification';
import { useEmailForm } from '../hooks/use-email-form';

/** docs/product-rules.md "Auth flows and token lifetimes": the resend-verification success notice disappears after 5 seconds. */
export const RESEND_NOTICE_MS = 5_000;

/** The resend form under a failed verification (docs/product-rules.md "Auth flows and token lifetimes"): one e-mail field. */
export function ResendVerificationForm() {
  const [notice, setNotice] = useState<string | null>(null);
  const { field, failure, submitting, submit } = useEmailForm({
    schema: ResendVerificationInput,
    send: async (input) => setNotice((await resendVerification(input)).message),
    fallback: TEXT.resendVerificationFailed,
  });

  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), RESEND_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // A new request first removes the last notice, so the live region announces the next one afresh.
  const resend = (event: FormEvent) => {
    setNotice(null);
    void submit(event);
  };

  return (
    <form className="space-y-4 text-left" onSubmit={resend} noValidate aria-label="Resend verification email">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">Need a new link?</h2>
        <p className="mt-1 text-sm text-slate-600">Enter the email you registered with and we will send a fresh verification link.</p>
      </div>
      {failure && <Alert>{failure}</Alert>}
      {/* A live region that stays mounted, so screen readers announce the notice when it appears. */}
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <Button type="submit" className="w-full" loading={submitting}>
        Resend verification email
      </Button>
    </form>
  );
}
