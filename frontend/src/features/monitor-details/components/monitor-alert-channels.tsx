import type { Monitor } from '@shared/monitors/schemas.js';
import { ChannelTypeLabel } from '@/components/channels/channel-type-label';
import { channelsOfMonitor, useChannels } from '@/lib/channels';
import { MONITOR_ALERTS_TEXT } from '../texts';

/**
 * Where this monitor's alerts go besides the owner's e-mail (docs/alerts.md "Which channels a
 * monitor uses"): its chosen channels or, on the account defaults, the channels marked Default.
 */
export function MonitorAlertChannels({ monitor }: { monitor: Pick<Monitor, 'channel_ids'> }) {
  const { data, error } = useChannels();
  const onDefaults = (monitor.channel_ids ?? null) === null;
  const channels = data ? channelsOfMonitor(monitor.channel_ids ?? null, data.channels) : [];
  return (
    <div className="mt-4 border-t border-slate-100 pt-4 text-sm" data-testid="monitor-alert-channels">
      <p className="text-xs text-slate-500">
        {MONITOR_ALERTS_TEXT.label}
        {onDefaults && ` (${MONITOR_ALERTS_TEXT.accountDefaults})`}
      </p>
      {error && !data ? (
        <p className="mt-0.5 text-slate-500">{MONITOR_ALERTS_TEXT.failedToLoad}</p>
      ) : !data ? null : channels.length === 0 ? (
        <p className="mt-0.5 font-medium text-slate-900">{MONITOR_ALERTS_TEXT.none}</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 font-medium text-slate-900">
          {channels.map((channel) => (
            <li key={channel.id} className="inline-flex items-center gap-1.5">
              <ChannelTypeLabel type={channel.type} withName={false} />
              {channel.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
