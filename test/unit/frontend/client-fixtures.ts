import { vi } from 'vitest';
import { loadConfig } from '../../../frontend/src/lib/config';

/** What the SPA's unit tests of its API client and session share: a JSON answer, a storage, the app's config. */

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A localStorage stand-in (stub it with `vi.stubGlobal('localStorage', memoryStorage())`). */
export const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

/** Loads the SPA's runtime config as `/config.json` would serve it, with the API at `apiUrl`. */
export const loadTestConfig = async (apiUrl: string): Promise<void> => {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockResolvedValue(json(200, { apiUrl, region: 'us-east-1', userPoolId: 'pool', userPoolClientId: 'client', userPoolEndpoint: null })),
  );
  await loadConfig();
  vi.unstubAllGlobals();
};
