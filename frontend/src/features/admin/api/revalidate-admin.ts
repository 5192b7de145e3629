import { useSWRConfig } from 'swr';
import { routeOfKey } from '@/lib/api-client';

/** An SWR key of the admin panel: one that reads an admin route. */
export const isAdminKey = (key: unknown): boolean => routeOfKey(key)?.area === 'admin';

/**
 * After a change to users or their monitors: every admin list and the dashboard may show it, so
 * every admin key is revalidated.
 */
export const useReloadAdmin = () => {
  const { mutate } = useSWRConfig();
  return (): Promise<unknown> => mutate(isAdminKey);
};
