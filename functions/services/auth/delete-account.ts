import type { DeleteAccountInput } from '../../../shared/auth/schemas.js';
import type { CallerContext } from '../context.js';
import { confirmPassword } from './confirm-password.js';
import { eraseAccount } from './erase-account.js';

/**
 * Deletes the caller's account and every item of it (erase-account.ts). The current password is
 * asked first, unless an earlier attempt already began: a session left open on a shared computer
 * must not be enough to erase everything, and a retry of an erasure that began (and may have
 * removed the identity already) was confirmed then. Until the last step the profile exists, so a
 * DELETE that failed part-way can simply be sent again (the chain lets this one route in:
 * `finishesErasure`). Afterwards the same token gets 401 from every signed-in route
 * (functions/http/caller.ts).
 */
export const deleteAccount = async ({
  ctx,
  input,
  clientIp,
}: {
  ctx: CallerContext;
  input: DeleteAccountInput;
  clientIp: string;
}): Promise<{ message: string }> => {
  const { profile } = ctx;
  if (!profile.deletion_started_at) await confirmPassword({ email: profile.email, clientIp }, input.password, 'password');
  await eraseAccount(profile);
  return { message: 'Your account and all of its data have been deleted.' };
};
