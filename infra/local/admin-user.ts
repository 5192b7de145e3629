import { provisionAdmin } from '../../functions/services/auth/provision-admin.js';

/** The local admin from UPWATCH_ADMIN_EMAIL / UPWATCH_ADMIN_PASSWORD, made ready at every start. */
export const ensureAdminUser = async (admin: { email: string; password: string }): Promise<void> => {
  await provisionAdmin({ email: admin.email, password: admin.password });
};
