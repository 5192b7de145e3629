import { useNavigate } from 'react-router-dom';
import { TEXT } from '@shared/texts.js';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import type { AuthView } from './switch-link';
import { paths } from '@/config/paths';

export function RegistrationSuccess({ email, onSwitch }: { email: string; onSwitch?: ((view: AuthView) => void) | undefined }) {
  const navigate = useNavigate();
  return (
    <div className="text-center" role="status">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <MailIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{TEXT.registrationSuccessTitle}</h1>
      <p className="mt-2 text-sm text-slate-600">{TEXT.registrationSuccessBody}</p>
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        We sent the verification link to <span className="font-medium text-slate-900">{email}</span>
      </p>
      <p className="mt-3 text-xs text-slate-500">Can&apos;t find it? Check your spam or junk folder.</p>
      <Button size="lg" className="mt-6 w-full" onClick={() => (onSwitch ? onSwitch('login') : navigate(paths.login))}>
        Continue to Login
      </Button>
    </div>
  );
}
