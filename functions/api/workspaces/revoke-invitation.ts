import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { revokeInvitation } from '../../services/workspaces/invitations.js';
import { invitationIdFrom } from './path-ids.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await revokeInvitation({ ctx, invitationId: invitationIdFrom(pathParameters) })));
