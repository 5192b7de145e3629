import type { DowngradeResponse } from '@shared/billing/schemas.js';
import type { TierId } from '@shared/tiers.js';
import { callApi } from '@/lib/api-client';

/** The reason is a fixed text, and a downgrade is always requested as not immediate (docs/product-rules.md "Downgrades and cancellation"). */
export const DOWNGRADE_REASON = 'User requested downgrade';

export const downgradeSubscription = (target: Exclude<TierId, 'enterprise'>): Promise<DowngradeResponse> =>
  callApi('downgradeSubscription', { body: { target_tier: target, reason: DOWNGRADE_REASON, immediate: false } });
