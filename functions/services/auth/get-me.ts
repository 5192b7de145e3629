import type { User } from '../../../shared/auth/schemas.js';
import type { CallerContext } from '../context.js';
import { toUser } from './user-view.js';

export const getMe = async ({ ctx }: { ctx: CallerContext }): Promise<User> =>
  toUser(ctx.profile, ctx.isAdmin);
