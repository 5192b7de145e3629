import { SUBSCRIBER_TEXTS } from '../../../shared/status-pages/subscribers.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { readFormBody } from '../../http/request-body.js';
import { SUBSCRIBER_PAGE_TEXT } from '../../services/status-pages/html/subscriber-page-texts.js';
import { confirmationPath } from '../../services/status-pages/subscribers/confirmation-email.js';
import { confirmSubscription, readConfirmationLink } from '../../services/status-pages/subscribers/confirm-subscription.js';
import { orNotFoundPage, subscriberPage, tokenOf } from './subscriber-pages.js';

const invalid = { heading: SUBSCRIBER_PAGE_TEXT.linkInvalidHeading, message: SUBSCRIBER_TEXTS.confirmLinkInvalid };

/** GET /status/{slug}/subscription/confirm?token=: the "Confirm subscription" button, or why the link does not work. Changes nothing. */
export const handler = publicApiHandler(null, async ({ event, pathParameters }) =>
  orNotFoundPage(async () => {
    const token = tokenOf(event.queryStringParameters);
    const { page, valid } = await readConfirmationLink(pathParameters.slug ?? '', token, new Date());
    if (!valid) return subscriberPage(400, page, invalid);
    return subscriberPage(200, page, {
      heading: SUBSCRIBER_PAGE_TEXT.confirmHeading,
      message: SUBSCRIBER_PAGE_TEXT.confirmBody(page.name),
      form: { action: confirmationPath(page.slug), fields: { token }, button: SUBSCRIBER_PAGE_TEXT.confirmButton },
    });
  }),
);

/** POST /status/{slug}/subscription/confirm (form: `token`): the button; the address is subscribed from now on. */
export const confirmHandler = publicApiHandler(null, async ({ event, pathParameters }) =>
  orNotFoundPage(async () => {
    const token = tokenOf(null, readFormBody(event));
    const { page, confirmed } = await confirmSubscription(pathParameters.slug ?? '', token, new Date());
    return confirmed
      ? subscriberPage(200, page, { heading: SUBSCRIBER_PAGE_TEXT.confirmedHeading, message: SUBSCRIBER_TEXTS.confirmed })
      : subscriberPage(400, page, invalid);
  }),
);
