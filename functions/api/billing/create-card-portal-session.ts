import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { createCardPortal } from '../../services/billing/card-portal.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await createCardPortal({ ctx })));
