import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { shardOf } from '../../shared/checks/dispatch.js';
import { api, signedInUser } from './helpers/api.js';
import { getMonitorItem, startTargetSite, waitFor } from './helpers/pipeline.js';

describe('dispatcher', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  beforeAll(async () => {
    // The dispatcher runs here, in the test's process, against the cloud's table and queues.
    Object.assign(process.env, inject('cloudEnv'));
    site = await startTargetSite();
  });
  afterAll(async () => {
    await site.down();
  });

  it('sends a new monitor its first round at once, checks it in every region, and not again until its interval passes', async () => {
    const { handler } = await import('../../functions/scheduled/dispatch-checks.js');
    const { dispatchChecks } = await import('../../functions/services/checks/dispatch-checks.js');
    const user = await signedInUser('dispatch');
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    const created = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Dispatched', url: site.url(), check_interval: 300, timeout: 5 },
    });
    const monitorId = created.body.id;
    const shard = shardOf(monitorId);
    const before = await getMonitorItem(me.body.id, monitorId);
    expect(before).toMatchObject({ GSI2PK: `DUE#${shard}`, shard });

    await handler({ shard });
    const checked = await waitFor('the first round applied', async () => {
      const item = await getMonitorItem(me.body.id, monitorId);
      return item?.last_round ? item : undefined;
    });
    expect(checked).toMatchObject({ is_up: true });
    expect(Date.parse(String(checked.next_check_at)) - Date.parse(String(before!.next_check_at))).toBe(300_000);

    const again = await dispatchChecks({ shard, now: new Date() });
    const stillSame = await getMonitorItem(me.body.id, monitorId);
    expect(stillSame?.next_check_at).toBe(checked.next_check_at);
    expect(again.shard).toBe(shard);
  });

  it('refuses an event without a valid shard', async () => {
    const { handler } = await import('../../functions/scheduled/dispatch-checks.js');
    await expect(handler({ shard: 99 })).rejects.toThrow();
    await expect(handler({})).rejects.toThrow();
  });
});
