import { publicApiHandler } from '../../http/api-handler.js';
import { openStatusPageAccessLink } from '../../services/status-pages/private/open-access-link.js';
import { accessResult } from './access-result.js';

/** GET /status/{slug}/access?token=: the sign-in link from the mail (docs/status-pages.md "Private pages"). */
export const handler = publicApiHandler(null, async ({ pathParameters, event }) =>
  accessResult(await openStatusPageAccessLink(pathParameters.slug ?? '', event.queryStringParameters?.token, new Date())),
);
