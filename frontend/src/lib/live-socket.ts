/**
 * Pushes to open screens (docs/live-status.md "Pushes"): one WebSocket per signed-in tab, to the
 * WebSocket API named in /config.json (`liveSocketUrl`). Each message names what changed; the
 * screens then revalidate exactly the answers concerned, through the API they already read. The
 * socket reconnects with back-off (and revalidates every live screen then, for what it missed);
 * the 30 s poll of live.ts stays as the fallback.
 */
import { matchRoute, type RouteName } from '@shared/api/routes.js';
import { LIVE_TOKEN_PARAMETER, LIVE_WORKSPACE_PARAMETER, parseLiveMessages, type LiveMessage } from '@shared/live/messages.js';
import { isLiveKey } from './live';

/** The first wait before reconnecting, doubled per failed try up to `RECONNECT_MAX_MS`. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect try `attempt` (0-based): 1 s, 2 s, 4 s ... at most 30 s, with up to 20 % jitter so tabs spread out. */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number =>
  Math.round(Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt) * (1 + random() * 0.2));

/**
 * The socket's address: `liveSocketUrl` as configured (`wss://...` on AWS), or resolved against the
 * page's own origin when it is a path (`/live` locally), with the access token as a query
 * parameter (browsers cannot set headers on a WebSocket; the authorizer reads it there), and the
 * workspace the screens show when it is not the person's own (the authorizer checks the membership).
 */
export const liveSocketAddress = (configured: string, origin: string, token: string, workspaceId: string | null = null): string => {
  const url = new URL(configured, origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set(LIVE_TOKEN_PARAMETER, token);
  if (workspaceId) url.searchParams.set(LIVE_WORKSPACE_PARAMETER, workspaceId);
  return url.toString();
};

type KeyTest = (key: unknown) => boolean;

/** The route an SWR key reads and its path parameters; null for a key that is not an API GET. */
const readOfKey = (key: unknown): { name: RouteName; id: string | undefined } | null => {
  const path = Array.isArray(key) ? key[0] : key;
  if (typeof path !== 'string') return null;
  const found = matchRoute('GET', path.split('?')[0]!);
  return 'route' in found ? { name: found.route.name as RouteName, id: found.pathParameters.id } : null;
};

/**
 * Which cached answers a message makes stale:
 * - `monitor.changed`: the dashboard, the monitors list, that monitor's page, the plan usage
 *   (monitors count against the plan);
 * - `incident.changed`: the incident list, that incident, the dashboard (recent incidents), the
 *   monitors list and that monitor's page (current issue);
 * - `plan.changed`: the user and the workspaces list (tier badge), the plan usage, and every monitor
 *   screen (a smaller plan disables monitors).
 */
export const staleKeysOf = (message: LiveMessage): KeyTest => {
  const wanted = (names: readonly RouteName[], ids: Partial<Record<RouteName, string>> = {}): KeyTest => (key) => {
    const read = readOfKey(key);
    if (!read || !names.includes(read.name)) return false;
    const id = ids[read.name];
    return id === undefined || read.id === id;
  };
  switch (message.type) {
    case 'monitor.changed':
      return wanted(['getDashboardStats', 'listMonitors', 'getMonitorDetails', 'getSubscriptionLimits'], { getMonitorDetails: message.monitor_id });
    case 'incident.changed':
      return wanted(['listIncidents', 'getIncident', 'getDashboardStats', 'listMonitors', 'getMonitorDetails'], {
        getIncident: message.incident_id,
        getMonitorDetails: message.monitor_id,
      });
    case 'plan.changed':
      return wanted(['getMe', 'listWorkspaces', 'getSubscriptionLimits', 'getDashboardStats', 'listMonitors', 'getMonitorDetails']);
  }
};

/** Anything with the browser WebSocket's shape (tests hand in their own). */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number): void;
}

export interface LiveSocketOptions {
  /** `liveSocketUrl` of /config.json. */
  url: string;
  origin: string;
  getToken: () => Promise<string | null>;
  /** The workspace the screens show, when not the person's own (docs/teams.md "Choosing a workspace"). */
  workspaceId?: string | null;
  /** Revalidates the cached answers the test picks (SWR's `mutate` with a filter). */
  revalidate: (test: KeyTest) => void;
  open?: (address: string) => SocketLike;
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (timer: unknown) => void;
}

/** Opens the socket and keeps it open until the returned stop() is called. */
export const startLiveSocket = (opts: LiveSocketOptions): (() => void) => {
  const open = opts.open ?? ((address) => new WebSocket(address) as unknown as SocketLike);
  const schedule = opts.schedule ?? ((run, ms) => setTimeout(run, ms));
  const cancel = opts.cancel ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let stopped = false;
  let attempt = 0;
  let everOpened = false;
  let socket: SocketLike | null = null;
  let timer: unknown = null;

  const retry = () => {
    if (stopped) return;
    timer = schedule(() => void connect(), reconnectDelay(attempt));
    attempt += 1;
  };

  const connect = async (): Promise<void> => {
    timer = null;
    const token = await opts.getToken().catch(() => null);
    if (stopped) return;
    if (!token) return retry();
    const current = open(liveSocketAddress(opts.url, opts.origin, token, opts.workspaceId ?? null));
    socket = current;
    current.onopen = () => {
      attempt = 0;
      // Back after a gap: whatever changed meanwhile was pushed to nobody.
      if (everOpened) opts.revalidate(isLiveKey);
      everOpened = true;
    };
    current.onmessage = (event) => {
      const messages = typeof event.data === 'string' ? parseLiveMessages(event.data) : [];
      if (!messages.length) return;
      const tests = messages.map(staleKeysOf);
      opts.revalidate((key) => tests.some((isStale) => isStale(key)));
    };
    current.onerror = () => undefined;
    current.onclose = () => {
      if (socket === current) socket = null;
      retry();
    };
  };

  void connect();
  return () => {
    stopped = true;
    if (timer !== null) cancel(timer);
    socket?.close(1000);
    socket = null;
  };
};
