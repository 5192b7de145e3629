import { channelTypeDefinition, type ChannelType } from '@shared/alerts/channels/index.js';
import { CHANNEL_NAME_MAX } from '@shared/alerts/schemas.js';
import { TextField } from '@/components/ui/form-field';
import { CHANNEL_TEXT } from '../../texts';
import type { ChannelFieldErrors } from '../../utils/channels';
import { channelFields } from './channel-fields';

interface ChannelConfigFieldsProps {
  type: ChannelType;
  name: string;
  config: Record<string, string>;
  errors: ChannelFieldErrors;
  onName: (name: string) => void;
  onConfig: (config: Record<string, string>) => void;
  /** Editing: the secret fields hold their masked values, which keep the saved secret when sent back. */
  masked?: boolean;
}

/**
 * A channel's name and its type's fields (channel-fields.ts), each with its help or its message:
 * the client's (the shared schema's) or the server's, both keyed `name` and `config.<key>`.
 */
export function ChannelConfigFields({ type, name, config, errors, onName, onConfig, masked = false }: ChannelConfigFieldsProps) {
  const secretFields = masked ? channelTypeDefinition(type).secretFields : [];
  return (
    <>
      <TextField
        label={CHANNEL_TEXT.name}
        name="name"
        autoComplete="off"
        placeholder={CHANNEL_TEXT.namePlaceholder}
        maxLength={CHANNEL_NAME_MAX}
        value={name}
        onChange={(event) => onName(event.target.value)}
        error={errors.name}
      />
      {channelFields(type).map((field) => (
        <TextField
          key={`${type}-${field.key}`}
          label={field.label}
          name={field.key}
          type={field.input}
          inputMode={field.input === 'text' ? undefined : field.input}
          autoComplete="off"
          spellCheck={false}
          placeholder={field.placeholder}
          value={config[field.key] ?? ''}
          onChange={(event) => onConfig({ ...config, [field.key]: event.target.value })}
          error={errors[`config.${field.key}`]}
          hint={secretFields.includes(field.key) ? `${CHANNEL_TEXT.maskedSecretHint} ${field.hint}` : field.hint}
        />
      ))}
    </>
  );
}
