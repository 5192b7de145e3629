import type { CancelResponse } from '@shared/billing/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/subscription/cancel {reason|null, immediate: false}: the plan runs to the end of its period (docs/product-rules.md "Downgrades and cancellation"). */
export const cancelSubscription = (reason: string | null): Promise<CancelResponse> =>
  callApi('cancelSubscription', { body: { reason, immediate: false } });
