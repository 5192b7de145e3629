import { channelTypeDefinition } from '../../../shared/alerts/channels/index.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import type { StoredChannel } from '../../repositories/channel-repository.js';
import { newAcknowledgeUrl } from './acknowledge-link.js';

/** Where a channel's link was sent, as the incident will say it: 'Slack "Ops room"'. */
export const viaChannel = (channel: Pick<StoredChannel, 'type' | 'name'>): string => `${channelTypeDefinition(channel.type).label} "${channel.name}"`;

/**
 * Each channel message of an open down or slow incident gets its own acknowledgement link
 * (docs/alerts.md "Acknowledgement"); other events (recoveries, certificates) none.
 */
export const acknowledgeLinksFor = (opts: { userId: string; alert: AlertEvent; appUrl: string; now: Date }) =>
  async (channel: StoredChannel): Promise<string | null> => {
    if (opts.alert.event !== 'down' && opts.alert.event !== 'slow') return null;
    return newAcknowledgeUrl(opts.appUrl, { userId: opts.userId, incidentId: opts.alert.incidentId, monitorId: opts.alert.monitorId, via: viaChannel(channel) }, opts.now);
  };
