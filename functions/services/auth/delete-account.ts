import type { CallerContext } from '../context.js';
import { eraseAccount } from './erase-account.js';

/**
 * Deletes the caller's account and every item of it (erase-account.ts). Until the last step the
 * profile exists, and the caller's access token is still accepted by the JWT authorizer until it
 * expires, so a DELETE that failed part-way can simply be sent again. Afterwards the same token
 * gets 401 from every signed-in route (functions/http/caller.ts).
 */
export const deleteAccount = async ({ ctx }: { ctx: CallerContext }): Promise<{ message: string }> => {
  await eraseAccount(ctx.profile);
  return { message: 'Your account and all of its data have been deleted.' };
};
