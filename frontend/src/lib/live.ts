/**
 * Live status (docs/live-status.md): the screens that show how sites are doing (dashboard, monitors
 * list, monitor detail, incidents) revalidate by themselves while open, so a site that went down
 * shows as down without a reload.
 * - On focus (SWR's default) and every `LIVE_REFRESH_MS`, only while the tab is visible (SWR skips
 *   interval refreshes in hidden tabs; `refreshWhenHidden` stays false). Each is one cheap GET.
 * - Every `FIRST_CHECK_POLL_MS` while a monitor on screen waits for its first check: the server
 *   checks a new monitor at once, so its card turns Online/Offline within seconds.
 * - After every action (create, edit, pause, delete, upload, force check): `useRevalidateLiveData`.
 * - The moment the server pushes a change (live-socket.ts, mounted by `useLiveUpdates`); the
 *   poll above is then only the fallback, and `LIVE_POLL_SWITCH` turns it off (tests prove the push).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSWRConfig, type Middleware, type SWRConfiguration } from 'swr';
import type { RouteName } from '@shared/api/routes.js';
import { routeOfKey } from './api-client';
import { getAccessToken } from './auth';
import { getConfig } from './config';

export const LIVE_REFRESH_MS = 30_000;
export const FIRST_CHECK_POLL_MS = 3_000;

/**
 * The switch that turns the poll off (docs/live-status.md "Pushes"): `localStorage` key
 * `upwatch.live.poll` set to `off` stops the 30 s and 3 s refreshes and the refresh on focus, so
 * a screen changes only when the server pushes (or the user acts). For tests and for diagnosis.
 */
export const LIVE_POLL_SWITCH = 'upwatch.live.poll';

/** True when the poll is switched off in this browser. */
export const livePollOff = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(LIVE_POLL_SWITCH) === 'off';
  } catch {
    return false;
  }
};

/** The API routes whose answers change when a check runs or a monitor changes. */
const LIVE_ROUTES: ReadonlySet<string> = new Set<RouteName>([
  'getDashboardStats',
  'listMonitors',
  'getMonitorDetails',
  'listIncidents',
  'getIncident',
  'getSubscriptionLimits',
  // A channel's monitor count follows the monitors that send to it, and its last delivery the alerts.
  'listChannels',
]);

/** A cache key (a path, or an array starting with one) of live data. */
export const isLiveKey = (key: unknown): boolean => LIVE_ROUTES.has(routeOfKey(key)?.name ?? '');

/** How often a live screen refreshes: every 3 s while `waiting(data)` says a monitor awaits its first check, else 30 s. */
export const liveInterval = <Data>(data: Data | undefined, waiting: (data: Data) => boolean): number =>
  data !== undefined && waiting(data) ? FIRST_CHECK_POLL_MS : LIVE_REFRESH_MS;

/**
 * The refresh rhythm of one live screen, as an SWR middleware. SWR restarts its refresh timer
 * whenever `refreshInterval` changes (by identity, for a function), so the interval it is given is
 * a number kept in state: every re-render (a ticking relative time, a modal opening, a keystroke)
 * hands SWR the same number and the 30 s rhythm holds. The number changes only when the data on
 * screen moves between "a monitor awaits its first check" and not: then the timer restarts at once
 * on the new rhythm, whether the data came from the timer, a focus or an action's revalidation
 * (a 30 s timer already running would otherwise wait its 30 s before polling every 3 s).
 */
const liveRhythm =
  <Data>(waiting: (data: Data) => boolean): Middleware =>
  (useSWRNext) =>
  (key, fetcher, config) => {
    const [rhythm, setRhythm] = useState(LIVE_REFRESH_MS);
    const swr = useSWRNext(key, fetcher, { ...config, refreshInterval: livePollOff() ? 0 : rhythm });
    const wanted = liveInterval(swr.data as Data | undefined, waiting);
    // Adjusting state while rendering (React's "storing information from previous renders"): React
    // renders again before committing, so the timer is set once, on the right rhythm.
    if (wanted !== rhythm) setRhythm(wanted);
    return swr;
  };

/**
 * SWR options of a live screen (docs/live-status.md): refresh every 30 s, or every 3 s while
 * `waiting(data)` says a monitor on screen has not had its first check yet; on focus; never in a
 * hidden tab.
 */
export const liveOptions = <Data>(waiting: (data: Data) => boolean = () => false): SWRConfiguration<Data> => ({
  use: [liveRhythm(waiting)],
  refreshWhenHidden: false,
  revalidateOnFocus: !livePollOff(),
});

/** Revalidates every cached screen of live data: called after every action that changes monitors. */
export const useRevalidateLiveData = () => {
  const { mutate } = useSWRConfig();
  return useCallback(async (): Promise<void> => {
    await mutate(isLiveKey);
  }, [mutate]);
};

/** `liveSocketUrl` of the runtime configuration; null when none, or before it loaded (a component test). */
const configuredSocketUrl = (): string | null => {
  try {
    return getConfig().liveSocketUrl ?? null;
  } catch {
    return null;
  }
};

/**
 * Mounted by the app shell: while signed in, keeps one socket open for the server's pushes
 * (live-socket.ts, loaded after the first render) and revalidates what each push names. The socket
 * watches the workspace on screen: switching closes it and opens one for the new workspace.
 */
export const useLiveUpdates = (signedIn: boolean, workspaceId: string | null = null): void => {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const url = signedIn ? configuredSocketUrl() : null;
    if (!url) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./live-socket').then(({ startLiveSocket }) => {
      if (unmounted) return;
      stop = startLiveSocket({
        url,
        origin: window.location.origin,
        getToken: getAccessToken,
        workspaceId: workspaceId || null,
        revalidate: (test) => void mutate(test),
      });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [signedIn, workspaceId, mutate]);
};
