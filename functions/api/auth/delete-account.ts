import { DeleteAccountInput } from '../../../shared/auth/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { clientIpOf } from '../../http/client-address.js';
import { ok } from '../../http/responses.js';
import { deleteAccount } from '../../services/auth/delete-account.js';

export const handler = apiHandler(
  DeleteAccountInput,
  async ({ ctx, body, event }) => ok(await deleteAccount({ ctx, input: body, clientIp: clientIpOf(event) })),
  // A deletion that failed part-way can be sent again with the same token.
  { finishesErasure: true },
);
