import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listPendingInvitations } from '../../services/workspaces/invitations.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listPendingInvitations({ ctx })));
