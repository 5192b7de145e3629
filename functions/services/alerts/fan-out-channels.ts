import type { NotificationPreferences } from '../../../shared/account/notifications.js';
import type { ChannelType } from '../../../shared/alerts/channels/index.js';
import type { ChannelAlert } from '../../../shared/alerts/events.js';
import type { ChannelDeliveryMessage } from '../../../shared/alerts/delivery-message.js';
import { createDelivery } from '../../repositories/channel-delivery-repository.js';
import { queueDeliveries } from '../../repositories/channel-delivery-queue-repository.js';
import { joinDigest } from '../../repositories/channel-digest-repository.js';
import { listChannels, type StoredChannel } from '../../repositories/channel-repository.js';
import { getMonitorChannelIds } from '../../repositories/monitor-channel-repository.js';
import { takeStormSeat, type StormSeat } from '../../repositories/storm-window-repository.js';
import { deliveryIdOf } from './delivery-id.js';
import { settleAll } from './settle-all.js';
import { digestDueAt, joinsDigest } from './storm-rules.js';

/**
 * One transition to each of the monitor's channels (docs/alerts.md "Delivery"): a delivery item
 * per channel, created once whatever happens to this call (its key is the channel and the
 * transition), and a message for each new one. Run by the alerts consumer before the owner's own
 * mail, under the outbox entry's claim, so a failure here is retried with the entry and a retry
 * creates nothing twice. Returns how many deliveries were created now.
 *
 * In a storm (docs/alerts.md "Storms and pacing") the transition first takes its seat in the
 * account's storm window; from the sixth seat on, it joins each channel's digest of the window
 * instead (a delivery whose message is queued once, when the digest is made, due when it goes).
 * The seat is kept per transition, so a retry decides the same way and joins nothing twice.
 */

/** Types the Settings switches govern as a whole (off: none of those channels is sent to). */
const SWITCH_OF_TYPE: Partial<Record<ChannelType, keyof NotificationPreferences>> = {
  slack: 'slack_notifications',
  sms: 'sms_notifications',
};

/** The channels a monitor alerts: those it names, or the account's defaults; active and switched on. */
export const channelsToAlert = (
  channels: readonly StoredChannel[],
  monitorChannelIds: string[] | null,
  preferences: NotificationPreferences,
): StoredChannel[] =>
  channels.filter((channel) => {
    const chosen = monitorChannelIds === null ? channel.isDefault : monitorChannelIds.includes(channel.id);
    const switchKey = SWITCH_OF_TYPE[channel.type];
    return chosen && channel.status === 'active' && (!switchKey || preferences[switchKey]);
  });

/**
 * What is fanned out: an outbox entry's transition, or a later event of its incident (an
 * acknowledgement, a reminder, an escalation step) under a transition id of its own.
 */
export interface FanOutSource {
  userId: string;
  transitionId: string;
  alert: { monitorId: string };
  /** Tries of this source so far, this one included (the outbox entry's claims): 1 means no fan-out of it ran before. */
  attempts?: number;
}

export const fanOutToChannels = async (opts: {
  entry: FanOutSource;
  alert: ChannelAlert;
  preferences: NotificationPreferences;
  queueUrl: string;
  now: Date;
  /** An escalation step's channels instead of the monitor's (docs/alerts.md "Alert rules"). */
  onlyChannelIds?: readonly string[];
  /** Each message's own one-click acknowledgement link (the alert's is used when absent or null). */
  acknowledgeLinkFor?: (channel: StoredChannel) => Promise<string | null>;
}): Promise<number> => {
  const { entry } = opts;
  const [channels, named] = await Promise.all([listChannels(entry.userId), getMonitorChannelIds(entry.userId, entry.alert.monitorId)]);
  if (!channels.length) return 0;
  // A monitor deleted since its transition still alerts the account's defaults about it.
  const chosen = channelsToAlert(
    opts.onlyChannelIds ? channels.map((channel) => ({ ...channel, isDefault: opts.onlyChannelIds!.includes(channel.id) })) : channels,
    opts.onlyChannelIds ? null : (named ?? null),
    opts.preferences,
  );
  if (!chosen.length) return 0;
  const seat: StormSeat = await takeStormSeat(entry.userId, entry.transitionId, opts.now, { firstTry: entry.attempts === 1 });
  const messages: ChannelDeliveryMessage[] = [];
  const digests: ChannelDeliveryMessage[] = [];
  // The channels at once: each writes items of its own (its delivery, or its digest's join). All
  // of them finish, whatever fails, before a failure is passed on: the entry's retry comes after.
  await settleAll(
    chosen.map(async (channel) => {
      const acknowledge = (await opts.acknowledgeLinkFor?.(channel)) ?? null;
      const alert = acknowledge ? { ...opts.alert, links: { ...opts.alert.links, acknowledge } } : opts.alert;
      if (joinsDigest({ seat: seat.seat, channelType: channel.type, test: opts.alert.test })) {
        const { created, key } = await joinDigest({
          firstJoin: seat.takenNow,
          userId: entry.userId,
          channelId: channel.id,
          channelType: channel.type,
          windowStart: seat.windowStart,
          transitionId: entry.transitionId,
          alert,
          dueAt: digestDueAt(seat.windowStart, opts.now),
          now: opts.now,
          deliveryId: (digestId) => deliveryIdOf(channel.id, digestId),
        });
        if (created) digests.push({ kind: 'channel_delivery', userId: entry.userId, key });
        return;
      }
      const { created, key } = await createDelivery({
        id: deliveryIdOf(channel.id, entry.transitionId),
        userId: entry.userId,
        channelId: channel.id,
        channelType: channel.type,
        transitionId: entry.transitionId,
        alert,
        now: opts.now,
      });
      if (created) messages.push({ kind: 'channel_delivery', userId: entry.userId, key });
    }),
  );
  // If this send fails the entry is retried; the deliveries made now are found by the sweeper meanwhile.
  if (messages.length) await queueDeliveries(opts.queueUrl, messages);
  // A digest made now goes when its window has gathered (the deliverer re-queues an early message).
  if (digests.length) await queueDeliveries(opts.queueUrl, digests, (digestDueAt(seat.windowStart, opts.now).getTime() - opts.now.getTime()) / 1000);
  return messages.length + digests.length;
};
