import { publicApiHandler } from '../../http/api-handler.js';
import { firstFormValues, readFormBody } from '../../http/request-body.js';
import { requestStatusPageAccess } from '../../services/status-pages/private/request-access.js';
import { accessResult } from './access-result.js';

/** POST /status/{slug}/access: the private page's form, a password or an address (docs/status-pages.md "Private pages"). */
export const handler = publicApiHandler(null, async ({ pathParameters, event }) =>
  accessResult(await requestStatusPageAccess(pathParameters.slug ?? '', firstFormValues(readFormBody(event)), new Date())),
);
