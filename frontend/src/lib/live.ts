/**
 * Live status (docs/live-status.md): the screens that show how sites are doing (dashboard, monitors
 * list, monitor detail, incidents) revalidate by themselves while open, so a site that went down
 * shows as down without a reload.
 * - On focus (SWR's default) and every `LIVE_REFRESH_MS`, only while the tab is visible (SWR skips
 *   interval refreshes in hidden tabs; `refreshWhenHidden` stays false). Each is one cheap GET.
 * - Every `FIRST_CHECK_POLL_MS` while a monitor on screen waits for its first check: the server
 *   checks a new monitor at once, so its card turns Online/Offline within seconds.
 * - After every action (create, edit, pause, delete, upload, force check): `useRevalidateLiveData`.
 */
import { useCallback } from 'react';
import { useSWRConfig, type SWRConfiguration } from 'swr';
import { SUBSCRIPTION_LIMITS_PATH } from './subscription-paths';

export const LIVE_REFRESH_MS = 30_000;
export const FIRST_CHECK_POLL_MS = 3_000;

/** The API paths whose answers change when a check runs or a monitor changes. */
const LIVE_PATHS = ['/api/dashboard/', '/api/monitors', '/api/incidents', SUBSCRIPTION_LIMITS_PATH] as const;

const isLivePath = (path: unknown): boolean => typeof path === 'string' && LIVE_PATHS.some((prefix) => path.startsWith(prefix));

/** A cache key (a path, or an array starting with one) of live data. */
export const isLiveKey = (key: unknown): boolean => isLivePath(Array.isArray(key) ? key[0] : key);

/**
 * SWR options of a live screen: refresh every 30 s, or every 3 s while `waiting(data)` says a
 * monitor on screen has not had its first check yet. The interval is a new function on each
 * render on purpose: SWR restarts its timer when it changes, and so picks the 3 s poll as soon as
 * a render shows a pending monitor (a timer set while none was would wait its 30 s).
 */
export const liveOptions = <Data>(waiting: (data: Data) => boolean = () => false): SWRConfiguration<Data> => ({
  refreshInterval: (data?: Data) => (data !== undefined && waiting(data) ? FIRST_CHECK_POLL_MS : LIVE_REFRESH_MS),
  refreshWhenHidden: false,
  revalidateOnFocus: true,
});

/** Revalidates every cached screen of live data: called after every action that changes monitors. */
export const useRevalidateLiveData = () => {
  const { mutate } = useSWRConfig();
  return useCallback(async (): Promise<void> => {
    await mutate(isLiveKey);
  }, [mutate]);
};
