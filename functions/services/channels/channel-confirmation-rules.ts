import type { ChannelType } from '../../../shared/alerts/channels/index.js';
import type { ChannelConfirmationOutcome } from '../../../shared/alerts/confirm-channel.js';
import type { ChannelStatus } from '../../../shared/alerts/schemas.js';
import { AppError } from '../../../shared/errors.js';

/**
 * The rules of confirming e-mail recipients (docs/alerts.md "Confirming e-mail recipients"), kept
 * apart from the table and the mail so they can be read, and tested, on their own.
 */

/** Only an e-mail channel mails a stranger's inbox; every other type is active from its create. */
export const needsConfirmation = (type: ChannelType): boolean => type === 'email';

/** Addresses compare without case: `Ops@Example.com` confirmed is `ops@example.com` confirmed. */
export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The status a new channel starts in: an e-mail address waits for its confirmation. */
export const statusOnCreate = (type: ChannelType): ChannelStatus => (needsConfirmation(type) ? 'unconfirmed' : 'active');

export interface StatusChange {
  status: ChannelStatus;
  pausedReason: 'owner' | null;
  /** A fresh start: the run of failed deliveries no longer counts. */
  resetFailures: boolean;
}

/**
 * The status after an edit, or undefined when the edit leaves it alone. A new address starts over
 * as unconfirmed (whatever else the edit asks: nothing is sent to it until it says yes). An
 * unconfirmed channel cannot be paused or resumed: it receives nothing yet, and a resume must not
 * make it active behind its confirmation.
 */
export const statusAfterEdit = (
  channel: { type: ChannelType; status: ChannelStatus },
  edit: { addressChanged: boolean; paused?: boolean },
): StatusChange | undefined => {
  if (needsConfirmation(channel.type) && edit.addressChanged) return { status: 'unconfirmed', pausedReason: null, resetFailures: true };
  if (channel.status === 'unconfirmed') {
    if (edit.paused === true) throw nothingToPause();
    return undefined;
  }
  if (edit.paused === true && channel.status !== 'paused') return { status: 'paused', pausedReason: 'owner', resetFailures: false };
  if (edit.paused === false && channel.status === 'paused') return { status: 'active', pausedReason: null, resetFailures: true };
  return undefined;
};

const nothingToPause = (): AppError =>
  new AppError('VALIDATION_FAILED', 'This address has not confirmed it wants alerts yet, so nothing is sent to it and there is nothing to pause.', [
    { field: 'paused', message: 'An address awaiting confirmation cannot be paused' },
  ]);

/**
 * What a valid confirmation link does to the channel it names, as it stands now: it confirms an
 * unconfirmed channel still at the address the link was mailed to, and nothing else.
 */
export const confirmationOutcome = (
  channel: { status: ChannelStatus; address: string } | null,
  linkAddress: string,
): ChannelConfirmationOutcome => {
  if (!channel) return 'channel_gone';
  if (!sameAddress(channel.address, linkAddress)) return 'address_changed';
  return channel.status === 'unconfirmed' ? 'confirmed' : 'already_confirmed';
};

/** The sentence the confirmation page shows for each outcome. */
export const confirmationMessage = (outcome: ChannelConfirmationOutcome, owner: string, address: string): string => {
  switch (outcome) {
    case 'confirmed':
      return `Confirmed: alerts of ${owner}'s monitors will now reach ${address}.`;
    case 'already_confirmed':
      return `Already confirmed: alerts of ${owner}'s monitors reach ${address}.`;
    case 'channel_gone':
      return `Nothing to confirm: ${address} is no longer on the account that added it, so no alerts will be sent to it.`;
    case 'address_changed':
      return `Nothing to confirm: the account that added ${address} has since changed this recipient to another address, so no alerts will be sent to ${address}.`;
  }
};

/** An unknown, used or expired confirmation link (400 INVALID_TOKEN, like the other e-mail links). */
export const invalidConfirmationLink = (): AppError =>
  new AppError(
    'INVALID_TOKEN',
    'This confirmation link is invalid, was used already or has expired (links work for 7 days). Ask the person who added your address to send a new one from their Upwatch settings.',
  );

/** Resend asked for a channel that is not waiting for a confirmation. */
export const notAwaitingConfirmation = (type: ChannelType, status: ChannelStatus): AppError =>
  new AppError(
    'VALIDATION_FAILED',
    type !== 'email'
      ? 'Only e-mail channels are confirmed by their recipient; this channel needs no confirmation.'
      : `This address is not awaiting confirmation (it is ${status}), so there is nothing to resend.`,
  );
