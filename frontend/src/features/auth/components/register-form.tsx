import { useEffect, useState, type FormEvent } from 'react';
import { RegisterInput } from '@shared/auth/schemas.js';
import { TEXT } from '@shared/texts.js';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useFormFields } from '@/components/ui/use-form-fields';
import { errorMessage } from '@/lib/api-client';
import { registerUser } from '../api/register';
import { fieldErrors } from '@/utils/field-errors';
import { RegistrationSuccess } from './registration-success';
import { SwitchLink, type AuthView } from './switch-link';

type Field = Exclude<keyof RegisterInput, 'timezone'> | 'confirmPassword';

/**
 * The browser's time zone, sent with the registration so mails and screens agree from the start
 * (docs/product-rules.md "Auth flows and token lifetimes"); undefined when the browser cannot say.
 */
const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

interface RegisterFormProps {
  onSwitch?: (view: AuthView) => void;
  subtitle?: string;
  /** An address to start with (an invitation's, from `?email=`); the person may still change it. */
  initialEmail?: string;
}

/** Registration (docs/product-rules.md "Auth flows and token lifetimes"), on its own card: after success the card holds only the success panel. */
export function RegisterForm({ onSwitch, subtitle, initialEmail }: RegisterFormProps) {
  const { values, setErrors, field, setValues } = useFormFields<Field>({ name: '', email: '', password: '', confirmPassword: '' });
  // Set after hydration: the page is prerendered without the visitor's query.
  useEffect(() => {
    if (initialEmail) setValues((current) => (current.email ? current : { ...current, email: initialEmail }));
  }, [initialEmail, setValues]);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = RegisterInput.safeParse({ name: values.name, email: values.email, password: values.password });
    const problems: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error);
    if (!problems.password && values.password !== values.confirmPassword) {
      problems.confirmPassword = TEXT.passwordsDoNotMatch;
    }
    setErrors(problems);
    if (!parsed.success || problems.confirmPassword) return;
    setSubmitting(true);
    try {
      // The zone goes as the browser names it: the server checks it (an unknown one is left out).
      await registerUser({ ...parsed.data, timezone: browserTimeZone() ?? null });
      setSentTo(parsed.data.email);
    } catch (error) {
      setFailure(errorMessage(error, TEXT.registrationFailed));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard>
        <RegistrationSuccess email={sentTo} onSwitch={onSwitch} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle={subtitle}>
      <form className="space-y-5" onSubmit={submit} noValidate aria-label="Create account">
        {failure && <Alert>{failure}</Alert>}
        <TextField label="Full name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." {...field('password')} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Create account
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <SwitchLink view="login" onSwitch={onSwitch}>
            Sign In
          </SwitchLink>
        </p>
      </form>
    </AuthCard>
  );
}
