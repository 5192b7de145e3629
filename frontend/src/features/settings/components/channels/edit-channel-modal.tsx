import { useState, type FormEvent } from 'react';
import type { ChannelView } from '@shared/alerts/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage, serverFieldErrors } from '@/lib/api-client';
import { useUpdateChannel } from '../../api/update-channel';
import { CHANNEL_TEXT } from '../../texts';
import { channelEditValuesOf, channelStatusOf, checkChannelEdit, type ChannelEditValues, type ChannelFieldErrors } from '../../utils/channels';
import { ChannelConfigFields } from './channel-config-fields';
import { Checkbox } from './checkbox';
import { ModalActions } from '@/components/ui/modal-actions';

/**
 * Edit a channel (docs/alerts.md "API"): its name, config and default mark, and pause or resume it
 * (a channel paused after failed deliveries resumes here). Only what changed is sent; a secret
 * left as its masked value keeps the stored one.
 */
export function EditChannelModal({ channel, onClose, onSaved }: { channel: ChannelView; onClose: () => void; onSaved: (message: string) => void }) {
  const update = useUpdateChannel();
  const [values, setValues] = useState<ChannelEditValues>(() => channelEditValuesOf(channel));
  const [errors, setErrors] = useState<ChannelFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const status = channelStatusOf(channel);

  const change = (next: ChannelEditValues, ...fields: string[]) => {
    setValues(next);
    setFailure(null);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const check = checkChannelEdit(channel, values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    if (Object.keys(check.body).length === 0) {
      setFailure(CHANNEL_TEXT.nothingChanged);
      return;
    }
    setSaving(true);
    try {
      const saved = await update(channel.id, check.body);
      // A new e-mail address is mailed its own confirmation link (docs/alerts.md "Confirming e-mail recipients").
      const readdressed = saved.type === 'email' && saved.status === 'unconfirmed' && saved.config.address !== channel.config.address;
      onSaved(readdressed ? CHANNEL_TEXT.confirmationSent : CHANNEL_TEXT.channelUpdated);
      onClose();
    } catch (cause) {
      const fieldProblems = serverFieldErrors(cause);
      setErrors(fieldProblems);
      const shown = Object.keys(fieldProblems).some((field) => field === 'name' || field.startsWith('config.'));
      if (!shown) setFailure(errorMessage(cause, CHANNEL_TEXT.failedToUpdateChannel));
      setSaving(false);
    }
  };

  return (
    <Modal open title={CHANNEL_TEXT.editChannelTitle} onClose={onClose}>
      <form className="space-y-5" onSubmit={submit} noValidate aria-label={CHANNEL_TEXT.editChannelTitle}>
        {failure && <Alert>{failure}</Alert>}
        <ChannelConfigFields
          type={channel.type}
          masked
          name={values.name}
          config={values.config}
          errors={errors}
          onName={(name) => change({ ...values, name }, 'name')}
          onConfig={(config) =>
            change({ ...values, config }, ...Object.keys(config).filter((key) => config[key] !== values.config[key]).map((key) => `config.${key}`))
          }
        />
        <Checkbox label={CHANNEL_TEXT.isDefault} hint={CHANNEL_TEXT.isDefaultHint} checked={values.isDefault} onChange={(isDefault) => change({ ...values, isDefault })} />
        {channel.status === 'paused' && <Alert tone="info">{status.text}</Alert>}
        {/* An address awaiting confirmation receives nothing yet: there is nothing to pause. */}
        {channel.status !== 'unconfirmed' && (
          <Checkbox label={CHANNEL_TEXT.paused} hint={CHANNEL_TEXT.pausedHint} checked={values.paused} onChange={(paused) => change({ ...values, paused })} />
        )}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {CHANNEL_TEXT.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {CHANNEL_TEXT.save}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
