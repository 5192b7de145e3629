import type { AuthContext } from '../context.js';
import { requireActiveProfile } from './current-user.js';
import { eraseAccount } from './erase-account.js';

/**
 * Deletes the caller's account and every item of it (erase-account.ts). Until the last step the
 * profile exists, and the caller's access token is still accepted by the JWT authorizer until it
 * expires, so a DELETE that failed part-way can simply be sent again. Afterwards the same token
 * gets 401 everywhere that looks up the caller (`requireActiveProfile`).
 */
export const deleteAccount = async ({ ctx }: { ctx: AuthContext }): Promise<{ message: string }> => {
  const profile = await requireActiveProfile(ctx);
  await eraseAccount(profile);
  return { message: 'Your account and all of its data have been deleted.' };
};
