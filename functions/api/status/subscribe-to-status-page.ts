import { SubscribeInput } from '../../../shared/status-pages/subscribers.js';
import { isAppError } from '../../../shared/errors.js';
import { parseOrThrow } from '../../../shared/validation.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { readFormBody } from '../../http/request-body.js';
import { requestCookieHeader } from '../../http/request-cookies.js';
import { json } from '../../http/responses.js';
import { loadSubscribablePage } from '../../services/status-pages/subscribers/load-subscribable-page.js';
import { subscribeToStatusPage } from '../../services/status-pages/subscribers/subscribe.js';
import { SUBSCRIBER_PAGE_TEXT } from '../../services/status-pages/html/subscriber-page-texts.js';
import { subscribeFormInput } from '../../services/status-pages/html/render-subscribe-form.js';
import { orNotFoundPage, subscriberPage } from './subscriber-pages.js';

/** POST /api/public/status/{slug}/subscribe: 202 with the same message whatever the address's state (docs/status-pages.md "Subscribers"). */
export const handler = publicApiHandler(SubscribeInput, async ({ body, pathParameters, event }) => {
  const { message } = await subscribeToStatusPage(pathParameters.slug ?? '', body, new Date(), requestCookieHeader(event));
  return json(202, { message });
});

/**
 * POST /status/{slug}/subscribe: the page's own form (`email`, `scope`, repeated `component_ids`:
 * `subscribeFormInput`), with JavaScript off. Answers a small page: "check your inbox", or what to
 * fix in the form.
 */
export const formHandler = publicApiHandler(null, async ({ event, pathParameters }) =>
  orNotFoundPage(async () => {
    const slug = pathParameters.slug ?? '';
    const form = readFormBody(event);
    try {
      const input = parseOrThrow(SubscribeInput, subscribeFormInput(form));
      const { page, message } = await subscribeToStatusPage(slug, input, new Date(), requestCookieHeader(event));
      return subscriberPage(200, page, { heading: SUBSCRIBER_PAGE_TEXT.checkInbox, message });
    } catch (error) {
      if (!isAppError(error) || (error.code !== 'VALIDATION_FAILED' && error.code !== 'CONFLICT')) throw error;
      return subscriberPage(error.status, await loadSubscribablePage(slug, { cookieHeader: requestCookieHeader(event), now: new Date() }), { heading: SUBSCRIBER_PAGE_TEXT.checkForm, message: error.detail });
    }
  }),
);
