import { SwitchLink, type AuthView } from './switch-link';

/** The password-reset request is a later issue: say so plainly instead of showing a form that does nothing. */
export function ForgotPasswordNotice({ onSwitch }: { onSwitch?: (view: AuthView) => void }) {
  return (
    <div className="space-y-6 text-center">
      <p className="text-sm text-slate-600">
        This page will let you request a password-reset link by e-mail; that is not available yet.
      </p>
      <p className="text-sm">
        <SwitchLink view="login" onSwitch={onSwitch}>
          Back to Sign In
        </SwitchLink>
      </p>
    </div>
  );
}
