import { SUBSCRIBER_TEXTS } from '../../../../shared/status-pages/subscribers.js';

/**
 * The small pages of subscribing, confirming and unsubscribing (docs/status-pages.md
 * "Subscribers"): headings, buttons and the link back; the messages themselves are the shared
 * SUBSCRIBER_TEXTS, so the JSON route and the pages say the same.
 */
export const SUBSCRIBER_PAGE_TEXT = {
  checkInbox: 'Check your inbox',
  checkForm: 'Please check the form',
  confirmHeading: SUBSCRIBER_TEXTS.confirmPrompt,
  confirmBody: (name: string) => `Press the button to get e-mails from ${name} when something changes.`,
  confirmButton: 'Confirm subscription',
  confirmedHeading: 'You are subscribed',
  linkInvalidHeading: 'This link does not work',
  unsubscribeHeading: SUBSCRIBER_TEXTS.unsubscribePrompt,
  unsubscribeBody: (name: string) => `Press the button and you will get no more e-mails from the ${name} status page.`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribedHeading: 'You are unsubscribed',
  /** The heading of an unsubscribe answer whose page has changed its address since the mail was sent. */
  formerPageName: 'Status updates',
  backToPage: (name: string) => `Back to ${name}`,
  poweredBy: 'Powered by',
} as const;
