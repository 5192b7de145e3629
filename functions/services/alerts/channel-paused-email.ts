import { channelTypeDefinition, type ChannelType } from '../../../shared/alerts/channels/index.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail } from '../email-layout.js';
import { PAUSE_AFTER_FAILURES } from './delivery-schedule.js';

/** The owner's mail when a channel is paused after failing PAUSE_AFTER_FAILURES deliveries in a row. */
export const channelPausedEmail = (opts: {
  to: string;
  appUrl: string;
  channel: { name: string; type: ChannelType };
  lastError: string | null;
}): OutgoingEmail => {
  const label = channelTypeDefinition(opts.channel.type).label;
  return brandedEmail({
    to: opts.to,
    subject: `Alert channel paused: ${opts.channel.name}`,
    heading: `We paused your ${label} channel "${opts.channel.name}"`,
    tone: 'warning',
    paragraphs: [
      `The last ${PAUSE_AFTER_FAILURES} alerts to this channel could not be delivered, so we stopped sending to it. Your other channels and your alert e-mails are not affected.`,
      'Check the channel in Settings -> Notifications (its delivery log shows each try), fix or replace its address, then resume it.',
    ],
    details: opts.lastError ? [['Last error', opts.lastError]] : [],
    action: { label: 'Open notification settings', url: `${opts.appUrl}/app/settings?section=notifications` },
  });
};
