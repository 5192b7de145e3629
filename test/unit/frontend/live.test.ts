import { describe, expect, it } from 'vitest';
import { FIRST_CHECK_POLL_MS, LIVE_REFRESH_MS, liveInterval, liveOptions } from '../../../frontend/src/lib/live';

describe('live screens (docs/live-status.md)', () => {
  const pending = (list: { pending: boolean }) => list.pending;

  it('refreshes every 30 s, and every 3 s while a monitor on screen awaits its first check', () => {
    expect(liveInterval(undefined, pending)).toBe(LIVE_REFRESH_MS);
    expect(liveInterval({ pending: false }, pending)).toBe(LIVE_REFRESH_MS);
    expect(liveInterval({ pending: true }, pending)).toBe(FIRST_CHECK_POLL_MS);
    expect([LIVE_REFRESH_MS, FIRST_CHECK_POLL_MS]).toEqual([30_000, 3_000]);
  });

  it('hands SWR its interval through a middleware, never as a function rebuilt on each render', () => {
    // SWR restarts its timer when `refreshInterval` changes identity: a function made per render
    // restarted the 30 s on every re-render (the browser test proves the rhythm now holds).
    const options = liveOptions(pending);
    expect(options.refreshInterval).toBeUndefined();
    expect(options.use).toHaveLength(1);
    expect(options).toMatchObject({ refreshWhenHidden: false, revalidateOnFocus: true });
  });
});
