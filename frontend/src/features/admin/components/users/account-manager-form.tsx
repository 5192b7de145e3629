import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { AccountManagerInput, plansWithAccountManager } from '@shared/support/account-manager.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useFormFields } from '@/components/ui/use-form-fields';
import { apiPath } from '@/lib/api-client';
import { fieldErrors } from '@/utils/field-errors';
import { formatTimestamp } from '@/utils/time';
import { removeAccountManager, setAccountManager } from '../../api/account-manager';
import { ADMIN_TEXT } from '../../texts';
import type { AdminUserDetail } from '../../types';
import { adminErrorMessage } from '../../utils/errors';

type Field = keyof AccountManagerInput;

/**
 * The account manager of the workspace the user founded (docs/product-rules.md "Account manager"):
 * who it is, and a form to name or replace them, or remove them, on a plan that includes one. The
 * server checks the plan and audits the change; the detail (with its audit log) reloads after it.
 */
export function AccountManagerForm({ detail }: { detail: AdminUserDetail }) {
  const { mutate } = useSWRConfig();
  const manager = detail.account_manager;
  const { values, setErrors, field } = useFormFields<Field>({ name: manager?.name ?? '', email: manager?.email ?? '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const reload = () => mutate(apiPath('adminGetUser', { id: detail.user.id }));

  const run = async (kind: 'save' | 'remove', work: () => Promise<unknown>) => {
    setFailure(null);
    setBusy(kind);
    try {
      await work();
      await reload();
    } catch (reason) {
      setFailure(adminErrorMessage(reason, ADMIN_TEXT.failedToSaveAccountManager));
    } finally {
      setBusy(null);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AccountManagerInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    void run('save', () => setAccountManager(detail.user.id, parsed.data));
  };

  return (
    <div className="space-y-3" data-testid="account-manager">
      {failure && <Alert>{failure}</Alert>}
      {manager ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{manager.name}</span> ({manager.email}), named {formatTimestamp(manager.assigned_at)}
          {!detail.account_manager_in_plan && ': not shown to the customer, whose plan no longer includes one.'}
        </p>
      ) : (
        <p className="text-sm text-slate-500">
          {detail.account_manager_in_plan
            ? 'No account manager named yet.'
            : `Account managers come with the ${plansWithAccountManager().join(' and ')} plan; this workspace's plan has none.`}
        </p>
      )}
      {detail.account_manager_in_plan && (
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={save} noValidate aria-label="Account manager">
          <TextField label="Manager's name" autoComplete="off" required {...field('name')} />
          <TextField label="Manager's email" type="email" autoComplete="off" required {...field('email')} />
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" size="sm" loading={busy === 'save'}>
              {manager ? 'Change account manager' : 'Name account manager'}
            </Button>
            {manager && (
              <Button type="button" variant="secondary" size="sm" loading={busy === 'remove'} onClick={() => void run('remove', () => removeAccountManager(detail.user.id))}>
                Remove
              </Button>
            )}
          </div>
        </form>
      )}
      {!detail.account_manager_in_plan && manager && (
        <Button type="button" variant="secondary" size="sm" loading={busy === 'remove'} onClick={() => void run('remove', () => removeAccountManager(detail.user.id))}>
          Remove
        </Button>
      )}
    </div>
  );
}
