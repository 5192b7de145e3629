import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getAlertRulesOfCaller } from '../../services/channels/account-alert-rules.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getAlertRulesOfCaller({ ctx })));
