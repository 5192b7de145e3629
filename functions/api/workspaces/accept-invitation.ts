import { InvitationTokenInput } from '../../../shared/workspaces/members.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { acceptInvitation } from '../../services/workspaces/accept-invitation.js';

export const handler = apiHandler(InvitationTokenInput, async ({ ctx, body }) => ok(await acceptInvitation({ ctx, input: body })));
