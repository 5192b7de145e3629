import { useState, type FormEvent } from 'react';
import type { ChannelType } from '@shared/alerts/channels/index.js';
import type { ChannelList, CreatedChannel } from '@shared/alerts/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage, serverFieldErrors } from '@/lib/api-client';
import { useCreateChannel } from '../../api/create-channel';
import { CHANNEL_TEXT } from '../../texts';
import { checkNewChannel, type ChannelFieldErrors } from '../../utils/channels';
import { ChannelConfigFields } from './channel-config-fields';
import { emptyConfig } from './channel-fields';
import { ChannelTypeChooser } from './channel-type-chooser';
import { Checkbox } from './checkbox';
import { ModalActions } from '@/components/ui/modal-actions';
import { PlanUsage } from './plan-usage';
import { SecretBox } from './secret-box';

interface AddChannelModalProps {
  limits: ChannelList['limits'];
  planName: string;
  onClose: () => void;
  /** The line the card shows once the channel is added. */
  onAdded: (message: string) => void;
}

/**
 * Add channel (docs/alerts.md "API"): a type the plan includes, then its fields, checked with the
 * API's own schema before sending; the server's field problems land under their fields. The plan's
 * usage shows above the button. A webhook's answer carries its signing secret, shown here once.
 */
export function AddChannelModal({ limits, planName, onClose, onAdded }: AddChannelModalProps) {
  const create = useCreateChannel();
  const [type, setType] = useState<ChannelType | null>(null);
  const [name, setName] = useState('');
  const [config, setConfig] = useState<Record<string, string>>({});
  const [isDefault, setIsDefault] = useState(true);
  const [errors, setErrors] = useState<ChannelFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedChannel | null>(null);

  const forget = (...fields: string[]) => {
    setFailure(null);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
  };

  const choose = (next: ChannelType) => {
    setType(next);
    setConfig(emptyConfig(next));
    setErrors({});
    setFailure(null);
  };

  const changeConfig = (next: Record<string, string>) => {
    forget(...Object.keys(next).filter((key) => next[key] !== config[key]).map((key) => `config.${key}`));
    setConfig(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!type) return;
    setFailure(null);
    const check = checkNewChannel({ type, name, config, isDefault });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setSaving(true);
    try {
      const channel = await create(check.body);
      if (channel.secret) {
        setCreated(channel);
        setSaving(false);
        return;
      }
      onAdded(channel.status === 'unconfirmed' ? CHANNEL_TEXT.confirmationSent : CHANNEL_TEXT.channelAdded);
      onClose();
    } catch (cause) {
      const fieldProblems = serverFieldErrors(cause);
      setErrors(fieldProblems);
      const shown = Object.keys(fieldProblems).some((field) => field === 'name' || field.startsWith('config.'));
      if (!shown) setFailure(errorMessage(cause, CHANNEL_TEXT.failedToAddChannel));
      setSaving(false);
    }
  };

  if (created?.secret) {
    const finish = () => {
      onAdded(CHANNEL_TEXT.channelAdded);
      onClose();
    };
    return (
      <Modal open title={CHANNEL_TEXT.addChannelTitle} onClose={finish}>
        <div className="space-y-5">
          <Alert tone="success">{CHANNEL_TEXT.channelAdded}</Alert>
          <SecretBox secret={created.secret}>
            <p>{CHANNEL_TEXT.secretShownOnce}</p>
          </SecretBox>
          <ModalActions>
            <Button onClick={finish}>{CHANNEL_TEXT.done}</Button>
          </ModalActions>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open title={CHANNEL_TEXT.addChannelTitle} onClose={onClose}>
      <form className="space-y-5" onSubmit={submit} noValidate aria-label={CHANNEL_TEXT.addChannelTitle}>
        {failure && <Alert>{failure}</Alert>}
        <ChannelTypeChooser value={type} limits={limits} onChange={choose} />
        {type && (
          <>
            <ChannelConfigFields
              type={type}
              name={name}
              config={config}
              errors={errors}
              onName={(next) => {
                forget('name');
                setName(next);
              }}
              onConfig={changeConfig}
            />
            <Checkbox label={CHANNEL_TEXT.isDefault} hint={CHANNEL_TEXT.isDefaultHint} checked={isDefault} onChange={setIsDefault} />
          </>
        )}
        <PlanUsage limits={limits} planName={planName} showTexts={type === 'sms'} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {CHANNEL_TEXT.cancel}
          </Button>
          <Button type="submit" loading={saving} disabled={!type}>
            {CHANNEL_TEXT.addChannel}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
