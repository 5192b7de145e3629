import { z } from 'zod';

/**
 * Confirming an e-mail recipient (docs/alerts.md "Confirming e-mail recipients"): an address added
 * as an alert channel gets nothing until its mailbox says yes. The mail links to
 * `/confirm-channel?token=...`, a page that confirms on a button press, never on load (mail
 * scanners open links), with `POST /api/public/confirm-channel {token}`.
 */
export const ConfirmChannelInput = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(20, 'This confirmation link is not valid')
    .max(200, 'This confirmation link is not valid'),
});
export type ConfirmChannelInput = z.infer<typeof ConfirmChannelInput>;

/** What a confirmation link did: `confirmed` now, or why nothing changed. */
export const CHANNEL_CONFIRMATION_OUTCOMES = ['confirmed', 'already_confirmed', 'channel_gone', 'address_changed'] as const;
export type ChannelConfirmationOutcome = (typeof CHANNEL_CONFIRMATION_OUTCOMES)[number];

export interface ChannelConfirmationResult {
  outcome: ChannelConfirmationOutcome;
  /** The sentence the page shows, e.g. "Confirmed: alerts of ann@example.com's monitors will now reach ops@example.com." */
  message: string;
}

/** The path of the SPA's confirmation page; the mail links to `${appUrl}${CONFIRM_CHANNEL_PAGE_PATH}?token=...`. */
export const CONFIRM_CHANNEL_PAGE_PATH = '/confirm-channel';

/** How long a confirmation link works: a week, so a colleague back from a few days off can still say yes. */
export const CHANNEL_CONFIRMATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
