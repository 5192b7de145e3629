import { useState, type FormEvent } from 'react';
import {
  CHECK_INTERVAL_OPTIONS,
  CreateMonitorInput,
  DEFAULT_CHECK_INTERVAL,
  DEFAULT_TIMEOUT,
  TIMEOUT_OPTIONS,
} from '../../../../../shared/monitors/schemas.js';
import { TEXT } from '../../../../../shared/texts.js';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrors } from '../../../utils/field-errors';
import { useCreateMonitor } from '../api/create-monitor';
import { intervalOptionLabel, timeoutOptionLabel } from '../utils/format';

type Field = keyof CreateMonitorInput;

const INITIAL = { name: '', url: '', check_interval: DEFAULT_CHECK_INTERVAL, timeout: DEFAULT_TIMEOUT };
const intervalOptions = CHECK_INTERVAL_OPTIONS.map((value) => ({ value, label: intervalOptionLabel(value) }));
const timeoutOptions = TIMEOUT_OPTIONS.map((value) => ({ value, label: timeoutOptionLabel(value) }));

/** Add Monitor (spec §2): validated with the same zod schema the API uses. */
export function CreateMonitorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateMonitor();
  const [values, setValues] = useState(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setValues(INITIAL);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = CreateMonitorInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await create(parsed.data);
      setSaving(false);
      close();
    } catch (error) {
      setFailure(errorMessage(error, TEXT.failedToCreateMonitor));
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title="Add Monitor" onClose={close}>
      <form className="space-y-5" onSubmit={submit} noValidate aria-label="Add Monitor">
        {failure && <Alert>{failure}</Alert>}
        <TextField
          label="Monitor Name"
          name="name"
          placeholder="My website"
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          error={errors.name}
        />
        <TextField
          label="Website URL"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          value={values.url}
          onChange={(event) => setValues({ ...values, url: event.target.value })}
          error={errors.url}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Check Interval"
            name="check_interval"
            options={intervalOptions}
            value={values.check_interval}
            onChange={(event) => setValues({ ...values, check_interval: Number(event.target.value) })}
            error={errors.check_interval}
          />
          <SelectField
            label="Timeout"
            name="timeout"
            options={timeoutOptions}
            value={values.timeout}
            onChange={(event) => setValues({ ...values, timeout: Number(event.target.value) })}
            error={errors.timeout}
          />
        </div>
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Add Monitor
          </Button>
        </div>
      </form>
    </Modal>
  );
}
