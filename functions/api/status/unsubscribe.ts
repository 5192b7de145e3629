import { SUBSCRIBER_TEXTS } from '../../../shared/status-pages/subscribers.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { readFormBody } from '../../http/request-body.js';
import { SUBSCRIBER_PAGE_TEXT } from '../../services/status-pages/html/subscriber-page-texts.js';
import { readUnsubscribeLink, unsubscribe } from '../../services/status-pages/subscribers/unsubscribe.js';
import { unsubscribePath } from '../../services/status-pages/subscribers/unsubscribe-token.js';
import { orNotFoundPage, subscriberPage, tokenOf } from './subscriber-pages.js';

const invalid = { heading: SUBSCRIBER_PAGE_TEXT.linkInvalidHeading, message: SUBSCRIBER_TEXTS.unsubscribeLinkInvalid };

/** GET /status/{slug}/unsubscribe?token=: the "Unsubscribe" button, or why the link does not work. Changes nothing. */
export const handler = publicApiHandler(null, async ({ event, pathParameters }) =>
  orNotFoundPage(async () => {
    const token = tokenOf(event.queryStringParameters);
    const { page, valid } = await readUnsubscribeLink(pathParameters.slug ?? '', token);
    if (!valid) return subscriberPage(400, page, invalid);
    return subscriberPage(200, page, {
      heading: SUBSCRIBER_PAGE_TEXT.unsubscribeHeading,
      message: SUBSCRIBER_PAGE_TEXT.unsubscribeBody(page.name),
      // The same request a mail client's one-click makes (RFC 8058): the token in the query, this field in the body.
      form: {
        action: `${unsubscribePath(page.slug)}?token=${encodeURIComponent(token)}`,
        fields: { 'List-Unsubscribe': 'One-Click' },
        button: SUBSCRIBER_PAGE_TEXT.unsubscribeButton,
      },
    });
  }),
);

/**
 * POST /status/{slug}/unsubscribe?token=: the button, or a mail client's one-click (RFC 8058, body
 * `List-Unsubscribe=One-Click`); removes the subscriber at once and answers 200.
 */
export const unsubscribeHandler = publicApiHandler(null, async ({ event, pathParameters }) =>
  orNotFoundPage(async () => {
    const token = tokenOf(event.queryStringParameters, readFormBody(event));
    const { page, unsubscribed } = await unsubscribe(pathParameters.slug ?? '', token);
    return unsubscribed
      ? subscriberPage(200, page, { heading: SUBSCRIBER_PAGE_TEXT.unsubscribedHeading, message: SUBSCRIBER_TEXTS.unsubscribed })
      : subscriberPage(400, page, invalid);
  }),
);
