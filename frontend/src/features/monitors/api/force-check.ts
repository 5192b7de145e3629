import { FORCE_CHECK_MAX, type ForceCheckResult } from '@shared/monitors/schemas.js';
import { FORCE_CHECK_CLIENT_TIMEOUT_MS } from '@shared/texts.js';
import { callApi } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';

/** POST /api/monitors/force-check?limit=50 (docs/product-rules.md "Force check"), given up on after 180 s. */
export const forceCheck = (): Promise<ForceCheckResult> =>
  callApi('forceCheck', {
    query: { limit: FORCE_CHECK_MAX },
    signal: AbortSignal.timeout(FORCE_CHECK_CLIENT_TIMEOUT_MS),
  });

/** Runs a force check, then reloads every live screen (docs/product-rules.md "Force check": the list), whatever the outcome. */
export const useForceCheck = () => {
  const revalidate = useRevalidateLiveData();
  return async (): Promise<ForceCheckResult> => {
    try {
      return await forceCheck();
    } finally {
      await revalidate();
    }
  };
};
