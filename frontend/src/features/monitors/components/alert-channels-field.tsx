import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ChannelView } from '@shared/alerts/schemas.js';
import { ChannelTypeLabel } from '@/components/channels/channel-type-label';
import { paths } from '@/config/paths';
import { channelsOfMonitor, useChannels } from '@/lib/channels';
import { MONITOR_CHANNEL_TEXT } from '../texts';

interface AlertChannelsFieldProps {
  /** null: the account's default channels; else the chosen channels' ids. */
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  error?: string | undefined;
}

const radioClass = 'size-4 border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** One checkbox per channel of the account: its type, name, and a word when it is not active. */
function ChannelChoice({ channel, checked, onToggle }: { channel: ChannelView; checked: boolean; onToggle: () => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" checked={checked} onChange={onToggle} className="size-4 rounded border-slate-300 text-indigo-600" aria-label={channel.name} />
      <ChannelTypeLabel type={channel.type} withName={false} />
      <span className="break-words">{channel.name}</span>
      {channel.status !== 'active' && (
        <span className="text-xs text-slate-500">{channel.status === 'paused' ? MONITOR_CHANNEL_TEXT.paused : MONITOR_CHANNEL_TEXT.unconfirmed}</span>
      )}
    </label>
  );
}

/**
 * The monitor form's "Alert channels" (docs/alerts.md "Which channels a monitor uses"): the
 * account defaults (`channel_ids` null, following the channels marked Default as they change), or
 * a chosen set of the account's channels.
 */
export function AlertChannelsField({ value, onChange, error }: AlertChannelsFieldProps) {
  const { data, error: loadError, isLoading } = useChannels();
  const name = useId();
  const channels = data?.channels ?? [];
  const defaults = channelsOfMonitor(null, channels);
  const chosen = value ?? [];
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{MONITOR_CHANNEL_TEXT.legend}</legend>
      {loadError && !data ? (
        <p className="text-sm text-slate-500">{MONITOR_CHANNEL_TEXT.failedToLoad}</p>
      ) : isLoading || !data ? (
        <p className="text-sm text-slate-500" role="status">
          {MONITOR_CHANNEL_TEXT.loading}
        </p>
      ) : channels.length === 0 && value === null ? (
        <p className="text-sm text-slate-500">
          {MONITOR_CHANNEL_TEXT.noChannels}{' '}
          <Link to={paths.app.settingsAt('notifications')} className="font-medium text-indigo-600 hover:text-indigo-500">
            {MONITOR_CHANNEL_TEXT.addChannels}
          </Link>
        </p>
      ) : (
        <div className="space-y-2">
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" name={name} className={`mt-0.5 ${radioClass}`} checked={value === null} onChange={() => onChange(null)} />
            <span>
              {MONITOR_CHANNEL_TEXT.accountDefaults}
              <span className="block text-xs text-slate-500">
                {defaults.length > 0 ? defaults.map((channel) => channel.name).join(', ') : MONITOR_CHANNEL_TEXT.noDefaultChannels}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={name}
              className={`mt-0.5 ${radioClass}`}
              checked={value !== null}
              onChange={() => onChange(defaults.map((channel) => channel.id))}
            />
            <span>
              {MONITOR_CHANNEL_TEXT.chosenChannels}
              <span className="block text-xs text-slate-500">{MONITOR_CHANNEL_TEXT.chosenHint}</span>
            </span>
          </label>
          {value !== null && (
            <div className="ml-6 space-y-1.5" data-testid="chosen-channels">
              {channels.map((channel) => (
                <ChannelChoice key={channel.id} channel={channel} checked={chosen.includes(channel.id)} onToggle={() => toggle(channel.id)} />
              ))}
            </div>
          )}
        </div>
      )}
      {error && (
        <p id={`${name}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
