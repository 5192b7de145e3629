import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { resumeSubscription } from '../../services/billing/resume-subscription.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await resumeSubscription({ ctx })));
