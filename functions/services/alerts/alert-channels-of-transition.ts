import type { NotificationPreferences } from '../../../shared/account/notifications.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { config } from '../../config.js';
import type { OutboxEntry } from '../../repositories/alert-outbox-repository.js';
import { acknowledgeLinksFor } from './acknowledge-links-for.js';
import { newAcknowledgeUrl } from './acknowledge-link.js';
import { startTimerOfTransition } from './alert-timers.js';
import { channelAlert } from './channel-alert.js';
import { fanOutToChannels } from './fan-out-channels.js';

/**
 * Everything a transition sets going beside the owner's own mail (docs/alerts.md "Delivery"):
 * one delivery per alert channel of the monitor, each message with its own acknowledgement link,
 * and the incident's reminder/escalation timer when its rules ask for one. Run by the alerts
 * consumer under its claim on the outbox entry; every part is idempotent, so a retry repeats none.
 */
export const alertChannelsOfTransition = async (entry: OutboxEntry, preferences: NotificationPreferences, now: Date): Promise<void> => {
  const appUrl = config().appUrl;
  await fanOutToChannels({
    entry,
    alert: channelAlert({
      monitorName: entry.monitorName,
      monitorUrl: entry.monitorUrl,
      monitorType: entry.monitorType,
      alert: entry.alert,
      regions: entry.regions,
      appUrl,
      acknowledgeUrl: null,
      test: false,
    }),
    preferences,
    queueUrl: pipelineConfig().channelDeliveriesQueueUrl,
    now,
    acknowledgeLinkFor: acknowledgeLinksFor({ userId: entry.userId, alert: entry.alert, appUrl, now }),
  });
  await startTimerOfTransition(entry);
};

/** The owner's alert mail's own acknowledgement link (down and slow only). */
export const ownerAcknowledgeUrl = async (entry: OutboxEntry, ownerEmail: string, now: Date): Promise<string | null> => {
  if (entry.alert.event !== 'down' && entry.alert.event !== 'slow') return null;
  return newAcknowledgeUrl(
    config().appUrl,
    { userId: entry.userId, incidentId: entry.alert.incidentId, monitorId: entry.alert.monitorId, via: `the alert e-mail to ${ownerEmail}` },
    now,
  );
};
