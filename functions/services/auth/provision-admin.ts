import { ADMIN_GROUP } from '../../../shared/auth/roles.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import {
  addToGroup,
  createIdentity,
  enableVerifiedIdentity,
  setPermanentPassword,
} from '../../repositories/identity-repository.js';
import { createUser, findUserIdByEmail, markEmailVerified } from '../../repositories/user-repository.js';
import { keepOperatorOutOfCustomerFigures } from '../admin/operator-accounts.js';
import { newUserProfile } from './new-user-profile.js';

/**
 * Makes sure an operator account exists and can sign in: verified e-mail, the given password, and
 * membership of the `admin` group. Idempotent, so the local cloud runs it at every start (the
 * configured password wins over one changed since). On AWS the first admin is promoted by hand
 * (docs/deploy.md).
 */
export const provisionAdmin = async (opts: { email: string; password: string; name?: string }): Promise<string> => {
  const email = normalizeEmail(opts.email);
  let userId = await findUserIdByEmail(email);
  if (!userId) {
    const identity = await createIdentity({ email, name: opts.name ?? 'Upwatch Admin', password: opts.password });
    if (identity.status !== 'created') {
      throw new Error(`A Cognito user ${email} exists without an Upwatch profile; remove it or pick another admin e-mail.`);
    }
    userId = identity.userId;
    const profile = newUserProfile({ userId, name: opts.name ?? 'Upwatch Admin', email, now: new Date(), emailVerified: true });
    if ((await createUser(profile, null)) === 'email_taken') throw new Error(`${email} was registered meanwhile`);
  }
  await setPermanentPassword(userId, opts.password);
  await enableVerifiedIdentity(userId, email);
  await markEmailVerified(userId);
  await addToGroup(userId, ADMIN_GROUP);
  await keepOperatorOutOfCustomerFigures(userId);
  return userId;
};
