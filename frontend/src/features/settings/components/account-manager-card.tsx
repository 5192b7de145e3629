import { MailIcon } from '@/components/ui/icons';
import { useAccountManager } from '../api/get-account-manager';
import { SettingsCard } from './settings-card';

/**
 * The workspace's named account manager (docs/product-rules.md "Account manager"): on a plan that
 * includes one, who it is with a mailto link, or an honest line until an operator has named them.
 * Nothing on other plans (the plan cards already say which plan has one).
 */
export function AccountManagerCard() {
  const { data } = useAccountManager();
  if (!data?.included_in_plan) return null;
  const manager = data.account_manager;
  return (
    <SettingsCard
      title="Your account manager"
      description={manager ? 'Your plan includes a named account manager: write to them about anything to do with your account.' : undefined}
    >
      {manager ? (
        <div className="flex items-center gap-3" data-testid="account-manager-card">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <MailIcon className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{manager.name}</p>
            <a href={`mailto:${manager.email}`} className="text-sm break-all text-indigo-600 hover:text-indigo-500">
              {manager.email}
            </a>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="account-manager-card">
          Your plan includes a named account manager. Once we have named yours, their name and e-mail address show here;
          until then, messages you send from the contact page while signed in are answered as priority support.
        </p>
      )}
    </SettingsCard>
  );
}
