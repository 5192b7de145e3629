import { TransferOwnershipInput } from '../../../shared/workspaces/members.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { transferOwnership } from '../../services/workspaces/members.js';

export const handler = apiHandler(TransferOwnershipInput, async ({ ctx, body }) => ok(await transferOwnership({ ctx, input: body })));
