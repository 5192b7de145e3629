import type { TierId } from '../../../../../shared/tiers.js';
import { api } from '../../../lib/api-client';

/** POST /api/subscription/downgrade's answer (spec §3 "Downgrade response"). */
export interface DowngradeResult {
  immediate: boolean;
  effective_date: string | null;
  impact: { monitors_disabled: number };
}

/** Spec §7: the reason is a fixed text, and a downgrade is always requested as not immediate (spec §4). */
export const DOWNGRADE_REASON = 'User requested downgrade';

export const downgradeSubscription = (target: Exclude<TierId, 'enterprise'>): Promise<DowngradeResult> =>
  api.post<DowngradeResult>('/api/subscription/downgrade', { target_tier: target, reason: DOWNGRADE_REASON, immediate: false });
