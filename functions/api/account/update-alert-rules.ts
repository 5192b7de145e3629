import { AlertRulesBody } from '../../../shared/alerts/rules.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { updateAlertRulesOfCaller } from '../../services/channels/account-alert-rules.js';

export const handler = apiHandler(AlertRulesBody, async ({ ctx, body }) => ok(await updateAlertRulesOfCaller({ ctx, input: body })));
