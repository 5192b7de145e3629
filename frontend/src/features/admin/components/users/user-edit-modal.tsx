import { useId, useState, type FormEvent } from 'react';
import { TIER_IDS, TIERS, type TierId } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useFormFields } from '@/components/ui/use-form-fields';
import { updateUser } from '../../api/update-user';
import { ADMIN_TEXT } from '../../texts';
import type { AdminUser } from '../../types';
import { adminErrorMessage } from '../../utils/errors';
import { ModalActions } from '@/components/ui/modal-actions';

function Checkbox({ label, description, checked, onChange }: { label: string; description: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        aria-describedby={`${id}-description`}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-slate-500">
          {description}
        </p>
      </div>
    </div>
  );
}

const TIER_OPTIONS = TIER_IDS.map((tier) => ({ value: tier, label: TIERS[tier].name }));

/** The edit modal (docs/product-rules.md "Operator user actions"): name, e-mail, tier, active flag, e-mail-verified flag (PUT /api/admin/users/{id}). */
export function UserEditModal({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: (user: AdminUser) => void }) {
  const { values, errors, setErrors, field } = useFormFields({ name: user.name, email: user.email, tier: user.subscription_tier as string });
  const [active, setActive] = useState(user.is_active);
  const [verified, setVerified] = useState(user.email_verified);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(values.name.trim() ? {} : { name: 'Name is required' }),
      ...(values.email.trim() ? {} : { email: 'Email is required' }),
    };
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setSaving(true);
    try {
      const input = {
        name: values.name.trim(),
        email: values.email.trim(),
        subscription_tier: values.tier as TierId,
        is_active: active,
        email_verified: verified,
      };
      const saved = await updateUser(user.id, input);
      onSaved(saved?.user ?? { ...user, ...input });
    } catch (error) {
      setFailure(adminErrorMessage(error, ADMIN_TEXT.failedToUpdateUser));
      setSaving(false);
    }
  };

  return (
    <Modal open title="Edit User" onClose={onClose}>
      <form className="space-y-4" onSubmit={(event) => void save(event)} noValidate aria-label="Edit user">
        {failure && <Alert>{failure}</Alert>}
        <TextField label="Name" autoComplete="off" {...field('name')} error={errors.name} />
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} error={errors.email} />
        <SelectField label="Subscription tier" options={TIER_OPTIONS} {...field('tier')} hint="The new plan's limits apply at once." />
        <Checkbox
          label="Active"
          description="An inactive user cannot sign in and their monitors are not checked."
          checked={active}
          onChange={setActive}
        />
        <Checkbox label="Email verified" description="An unverified user must verify their address before signing in." checked={verified} onChange={setVerified} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save Changes
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
