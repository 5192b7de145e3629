import { z } from 'zod';
import { emailAddress } from '../validation.js';

/**
 * E-mail subscribers of a status page (docs/status-pages.md "Subscribers"): a visitor leaves an
 * address for the whole page or chosen components, confirms it from a mail (double opt-in), and is
 * then mailed when an incident that touches what they follow is opened, updated or resolved, and
 * when maintenance is scheduled, starts or ends. Every mail carries a one-click unsubscribe.
 */

/** Caps the form and the server share. */
export const SUBSCRIBER_LIMITS = {
  /** Confirmed and pending subscribers per page: beyond it the page takes no new address. */
  perPageMax: 10_000,
  /** Pending (unconfirmed) subscriptions a page holds at once: a flood of fake addresses stops here. */
  pendingPerPageMax: 500,
  /** How long a confirmation link works. */
  confirmationHours: 48,
} as const;

/** POST /api/public/status/{slug}/subscribe (and the HTML page's form). Without component ids: the whole page. */
export const SubscribeInput = z.strictObject({
  /** Compared and stored lower-cased, so one inbox is one subscriber. */
  email: emailAddress().transform((email) => email.toLowerCase()),
  component_ids: z
    .array(z.string({ error: 'Each component id must be a component id' }).min(1, 'Each component id must be a component id'))
    .max(100, 'Choose 100 components at most')
    .optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeInput>;

/**
 * The texts a visitor reads. The subscribe answer is the same whether the address is new, pending
 * or already confirmed, so the form tells no one who follows a page.
 */
export const SUBSCRIBER_TEXTS = {
  subscribeAccepted: 'Thanks! If that address is not subscribed yet, we have sent it a link to confirm.',
  confirmPrompt: 'Confirm your subscription',
  confirmed: 'You are subscribed. We will e-mail you when something changes.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Please subscribe again.',
  unsubscribePrompt: 'Unsubscribe from these updates?',
  unsubscribed: 'You are unsubscribed and will get no more e-mails from this page.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid. You may already be unsubscribed.',
  pageFull: 'This page is not taking new subscribers right now.',
} as const;

export type SubscriberStatus = 'pending' | 'confirmed';

/** One subscriber as the page's owner sees it. */
export interface SubscriberView {
  id: string;
  email: string;
  status: SubscriberStatus;
  /** Component ids followed; empty: the whole page. */
  component_ids: string[];
  created_at: string;
  confirmed_at: string | null;
}

/** GET /api/status-pages/{id}/subscribers: newest first, a page at a time. */
export interface SubscriberList {
  subscribers: SubscriberView[];
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
  confirmed: number;
  pending: number;
}

export const SubscriberListQuery = z.strictObject({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** What a subscriber is mailed about. */
export const SUBSCRIBER_NOTICE_KINDS = [
  'incident_opened',
  'incident_updated',
  'incident_resolved',
  'maintenance_scheduled',
  'maintenance_started',
  'maintenance_ended',
] as const;
export type SubscriberNoticeKind = (typeof SUBSCRIBER_NOTICE_KINDS)[number];
