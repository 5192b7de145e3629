import { InvitationTokenInput } from '../../../shared/workspaces/members.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { previewInvitation } from '../../services/workspaces/accept-invitation.js';

export const handler = publicApiHandler(InvitationTokenInput, async ({ body }) => ok(await previewInvitation({ input: body })));
