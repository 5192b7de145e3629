import { describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/lib/api-client';
import { liveSocketAddress, reconnectDelay, staleKeysOf, startLiveSocket, type SocketLike } from '@/lib/live-socket';

/** The SPA's side of the pushes (docs/live-status.md "Pushes"). */
describe('live socket', () => {
  const keys = {
    dashboard: apiPath('getDashboardStats'),
    monitors: [apiPath('listMonitors'), { search: 'shop' }],
    monitorM1: apiPath('getMonitorDetails', { id: 'M1' }),
    monitorM2: apiPath('getMonitorDetails', { id: 'M2' }),
    incidents: [apiPath('listIncidents'), 1, 'open', null],
    incidentI1: apiPath('getIncident', { id: 'I1' }),
    incidentI2: apiPath('getIncident', { id: 'I2' }),
    limits: apiPath('getSubscriptionLimits'),
    me: apiPath('getMe'),
    workspaces: apiPath('listWorkspaces'),
    channels: apiPath('listChannels'),
  };
  const stale = (message: Parameters<typeof staleKeysOf>[0]) =>
    Object.entries(keys)
      .filter(([, key]) => staleKeysOf(message)(key))
      .map(([name]) => name);

  it('revalidates exactly the answers a message names', () => {
    expect(stale({ type: 'monitor.changed', monitor_id: 'M1' })).toEqual(['dashboard', 'monitors', 'monitorM1', 'limits']);
    expect(stale({ type: 'incident.changed', incident_id: 'I1', monitor_id: 'M2' })).toEqual([
      'dashboard',
      'monitors',
      'monitorM2',
      'incidents',
      'incidentI1',
    ]);
    expect(stale({ type: 'plan.changed' })).toEqual(['dashboard', 'monitors', 'monitorM1', 'monitorM2', 'limits', 'me', 'workspaces']);
  });

  it('connects to the configured address, or to a path on the page origin, with the token', () => {
    expect(liveSocketAddress('/live', 'http://localhost:3000', 'a.b.c')).toBe('ws://localhost:3000/live?token=a.b.c');
    expect(liveSocketAddress('/live', 'https://upwatch.example', 't')).toBe('wss://upwatch.example/live?token=t');
    expect(liveSocketAddress('wss://abc.execute-api.us-east-1.amazonaws.com/live', 'https://upwatch.example', 't')).toBe(
      'wss://abc.execute-api.us-east-1.amazonaws.com/live?token=t',
    );
  });

  it("names the workspace the screens show, when it is not the person's own", () => {
    expect(liveSocketAddress('/live', 'http://localhost:3000', 't', 'team-1')).toBe('ws://localhost:3000/live?token=t&workspace=team-1');
    expect(liveSocketAddress('/live', 'http://localhost:3000', 't', null)).toBe('ws://localhost:3000/live?token=t');
  });

  it('backs off 1 s, 2 s, 4 s ... to 30 s at most, with a little jitter', () => {
    expect([0, 1, 2, 3, 10].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });

  it('revalidates on each message, reconnects with back-off after a close, and catches up once back', async () => {
    const sockets: (SocketLike & { address: string; closed?: number })[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const revalidate = vi.fn();
    const tokens = ['first', 'second'];
    const stop = startLiveSocket({
      url: '/live',
      origin: 'http://localhost:3000',
      getToken: async () => tokens.shift() ?? 'later',
      revalidate,
      open: (address) => {
        const socket = { address, onopen: null, onmessage: null, onclose: null, onerror: null, close: (code?: number) => void (socket.closed = code) } as SocketLike & {
          address: string;
          closed?: number;
        };
        sockets.push(socket);
        return socket;
      },
      schedule: (run, ms) => timers.push({ run, ms }),
      cancel: () => undefined,
    });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.address).toBe('ws://localhost:3000/live?token=first');
    sockets[0]!.onopen?.({});
    expect(revalidate).not.toHaveBeenCalled();

    sockets[0]!.onmessage?.({ data: '{"type":"monitor.changed","monitor_id":"M1"}' });
    sockets[0]!.onmessage?.({ data: 'garbage' });
    expect(revalidate).toHaveBeenCalledTimes(1);
    const test = revalidate.mock.calls[0]![0] as (key: unknown) => boolean;
    expect(test(keys.monitorM1)).toBe(true);
    expect(test(keys.monitorM2)).toBe(false);

    // Several messages in one frame: one revalidation of everything any of them names.
    sockets[0]!.onmessage?.({ data: '[{"type":"monitor.changed","monitor_id":"M2"},{"type":"incident.changed","incident_id":"I1","monitor_id":"M2"}]' });
    expect(revalidate).toHaveBeenCalledTimes(2);
    const both = revalidate.mock.calls[1]![0] as (key: unknown) => boolean;
    expect([both(keys.monitorM2), both(keys.incidents), both(keys.monitorM1)]).toEqual([true, true, false]);

    sockets[0]!.onclose?.({});
    expect(timers.map((timer) => timer.ms)).toHaveLength(1);
    expect(timers[0]!.ms).toBeGreaterThanOrEqual(1000);
    timers[0]!.run();
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets[1]!.address).toBe('ws://localhost:3000/live?token=second');
    sockets[1]!.onopen?.({});
    // Back after a gap: every live screen is revalidated.
    expect(revalidate).toHaveBeenCalledTimes(3);
    expect((revalidate.mock.calls[2]![0] as (key: unknown) => boolean)(keys.incidents)).toBe(true);

    stop();
    expect(sockets[1]!.closed).toBe(1000);
  });
});
