import { CreateInvitationInput } from '../../../shared/workspaces/members.js';
import { apiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { createInvitation } from '../../services/workspaces/invitations.js';

export const handler = apiHandler(CreateInvitationInput, async ({ ctx, body }) => created(await createInvitation({ ctx, input: body })));
