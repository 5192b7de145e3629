import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getSubscriptionLimits } from '../../services/account/get-subscription-limits.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getSubscriptionLimits({ ctx })));
