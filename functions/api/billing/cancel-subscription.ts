import { CancelInput } from '../../../shared/billing/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { cancelSubscription } from '../../services/billing/change-plan.js';

export const handler = apiHandler(CancelInput, async ({ ctx, body }) => ok(await cancelSubscription({ ctx, input: body })));
