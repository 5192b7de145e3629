import { ulid } from 'ulid';
import { AppError, validationError } from '../../../../shared/errors.js';
import { SUBSCRIBER_LIMITS, SUBSCRIBER_TEXTS, type SubscribeInput } from '../../../../shared/status-pages/subscribers.js';
import { STATUS_PAGE_NOT_FOUND_TEXT, UNKNOWN_SUBSCRIBER_COMPONENT_TEXT } from '../../../../shared/status-pages/texts.js';
import { config } from '../../../config.js';
import { sendEmail } from '../../../repositories/mail-repository.js';
import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import {
  addPendingSubscriber,
  findSubscriberIdByAddress,
  getSubscriber,
  getSubscriberCounts,
  replaceConfirmationToken,
  type StoredSubscriber,
} from '../../../repositories/status-subscriber-repository.js';
import { epochSeconds, hashToken, newOneTimeToken } from '../../auth/one-time-token.js';
import { subscriberConfirmationEmail } from './confirmation-email.js';
import { loadSubscribablePage } from './load-subscribable-page.js';
import { chosenComponents, CONFIRMATION_LIFETIME_SECONDS, CONFIRMATION_RESEND_AFTER_MS, subscribeStep } from './subscribe-rules.js';
import { sweepExpiredPending } from './sweep-expired-pending.js';

const pageFull = (): AppError => new AppError('CONFLICT', SUBSCRIBER_TEXTS.pageFull);

const mailConfirmation = async (page: StoredStatusPage, subscriber: Pick<StoredSubscriber, 'email' | 'componentIds'>, token: string): Promise<void> => {
  const names = new Map(page.components.map((component) => [component.id, component.display_name]));
  await sendEmail(
    subscriberConfirmationEmail({
      appUrl: config().appUrl,
      to: subscriber.email,
      pageName: page.name,
      slug: page.slug,
      componentNames: subscriber.componentIds.map((id) => names.get(id) ?? id),
      token,
    }),
  );
};

/**
 * A visitor subscribes an address to the page at `slug` (docs/status-pages.md "Subscribers"):
 * POST /api/public/status/{slug}/subscribe and the page's own form. Answers the same text whether
 * the address is new, pending or confirmed; a new address is mailed one confirmation link, a
 * pending one again at most once an hour. Unknown component ids are a 400; a page at a cap a 409
 * for every address alike. Answers the page too, for the form's answer page. A private page takes
 * subscribers only from visitors it lets in (`cookieHeader`: docs/status-pages.md "Private pages").
 */
export const subscribeToStatusPage = async (
  slug: string,
  input: SubscribeInput,
  now: Date,
  cookieHeader: string | undefined,
): Promise<{ page: StoredStatusPage; message: string }> => {
  const page = await loadSubscribablePage(slug, { cookieHeader, now });
  const componentIds = chosenComponents(
    page.components.map((component) => component.id),
    input.component_ids,
  );
  if (componentIds === null) throw validationError([{ field: 'component_ids', message: UNKNOWN_SUBSCRIBER_COMPONENT_TEXT }]);

  const [existingId, countsRead] = await Promise.all([findSubscriberIdByAddress(page.id, input.email), getSubscriberCounts(page.id)]);
  // Addresses nobody confirmed in time give their places back when the page is at its pending cap.
  const counts = (await sweepExpiredPending(page.id, countsRead, now)) > 0 ? await getSubscriberCounts(page.id) : countsRead;
  const existing = existingId ? await getSubscriber(page.id, existingId) : null;
  const step = subscribeStep({ existing, counts, now });
  if (step === 'full') throw pageFull();

  const token = newOneTimeToken();
  const tokenExpiresAt = epochSeconds(now) + CONFIRMATION_LIFETIME_SECONDS;
  if (step === 'add') {
    const subscriber: StoredSubscriber = {
      id: ulid(now.getTime()),
      pageId: page.id,
      email: input.email,
      status: 'pending',
      componentIds,
      createdAt: now.toISOString(),
      confirmedAt: null,
      confirmationSentAt: now.toISOString(),
      tokenHash: null,
    };
    const added = await addPendingSubscriber({
      userId: page.userId,
      subscriber,
      tokenHash: hashToken(token),
      tokenExpiresAt,
      caps: { pendingMax: SUBSCRIBER_LIMITS.pendingPerPageMax, totalMax: SUBSCRIBER_LIMITS.perPageMax },
    });
    if (added === 'full') throw pageFull();
    // Deleted while this request ran.
    if (added === 'page_gone') throw new AppError('NOT_FOUND', STATUS_PAGE_NOT_FOUND_TEXT);
    // 'exists': the same address arrived twice at once; the other request mails it.
    if (added === 'added') await mailConfirmation(page, subscriber, token);
  } else if (step === 'resend' && existing) {
    const replaced = await replaceConfirmationToken({
      subscriber: existing,
      tokenHash: hashToken(token),
      tokenExpiresAt,
      now,
      sentNoLaterThan: new Date(now.getTime() - CONFIRMATION_RESEND_AFTER_MS),
    });
    // Kept the subscriber's own choice of components: a second request does not change what it follows.
    if (replaced) await mailConfirmation(page, existing, token);
  }
  return { page, message: SUBSCRIBER_TEXTS.subscribeAccepted };
};
