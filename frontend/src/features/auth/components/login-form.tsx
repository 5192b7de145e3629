import { useState, type FormEvent } from 'react';
import { LoginInput } from '../../../../../shared/auth/schemas.js';
import { TEXT } from '../../../../../shared/texts.js';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useFormFields } from '../../../components/ui/use-form-fields';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/session';
import { fieldErrors } from '../../../utils/field-errors';
import { SwitchLink, type AuthView } from './switch-link';

interface LoginFormProps {
  onSuccess?: () => void;
  onSwitch?: (view: AuthView) => void;
}

export function LoginForm({ onSuccess, onSwitch }: LoginFormProps) {
  const { signIn } = useAuth();
  const { values, setErrors, field } = useFormFields<keyof LoginInput>({ email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = LoginInput.safeParse(values);
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
      setFailure(errorMessage(error, TEXT.loginFailed));
      setSubmitting(false);
    }
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate aria-label="Sign in">
      {failure && <Alert>{failure}</Alert>}
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <div className="flex justify-end text-sm">
        <SwitchLink view="forgot-password" onSwitch={onSwitch}>
          Forgot your password?
        </SwitchLink>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={submitting}>
        Sign In
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
