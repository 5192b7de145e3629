import { ForceCheckQuery } from '../../../shared/monitors/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { forceCheck } from '../../services/monitors/force-check.js';

export const handler = apiHandler({ query: ForceCheckQuery }, async ({ ctx, query }) => ok(await forceCheck({ ctx, query })));
