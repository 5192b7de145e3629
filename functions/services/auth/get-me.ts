import type { User } from '../../../shared/auth/schemas.js';
import type { AuthContext } from '../context.js';
import { requireActiveProfile } from './current-user.js';
import { toUser } from './user-view.js';

export const getMe = async ({ ctx }: { ctx: AuthContext }): Promise<User> =>
  toUser(await requireActiveProfile(ctx), ctx.isAdmin);
