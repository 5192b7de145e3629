import type { AdminUpgradeUserInput } from '@shared/admin/schemas.js';
import { callApi } from '@/lib/api-client';
import type { AdminUser } from '../types';

/** The quick upgrade of a free user; the body names the (paid) tier. */
export const upgradeUser = (id: string, tier: AdminUpgradeUserInput['tier'] = 'pro'): Promise<{ user: AdminUser; message?: string }> =>
  callApi('adminUpgradeUser', { params: { id }, body: { tier } });
