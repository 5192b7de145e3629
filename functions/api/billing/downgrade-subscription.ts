import { DowngradeInput } from '../../../shared/billing/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { downgradeSubscription } from '../../services/billing/change-plan.js';

export const handler = apiHandler(DowngradeInput, async ({ ctx, body }) => ok(await downgradeSubscription({ ctx, input: body })));
