import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { shardOf, slotsInWindow, tickWindowStart } from '../../shared/checks/dispatch.js';
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

  it("sends a new monitor's first round in the next minute, checks it in every region, and writes nothing for it", async () => {
    const user = await signedInUser('dispatch');
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    const createdAt = new Date();
    const created = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Dispatched', url: site.url(), check_interval: 300, timeout: 5 },
    });
    const monitorId = created.body.id;
    const shard = shardOf(monitorId);
    const before = await getMonitorItem(me.body.id, monitorId);
    expect(before).toMatchObject({ GSI2PK: `DUE#${shard}#300`, shard });
    const schedule = { intervalSeconds: 300, phaseSeconds: Number(before!.phase) };

    // The first slot is in the minute after creation (or, at a minute's edge, the one after that).
    const nextMinute = new Date(tickWindowStart(createdAt).getTime() + 60_000);
    const firstSlot = [nextMinute, new Date(nextMinute.getTime() + 60_000)].flatMap((window) => slotsInWindow(schedule, window))[0];
    expect(firstSlot).toBeDefined();

    const { dispatchChecks } = await import('../../functions/services/checks/dispatch-checks.js');
    // The tick of the slot's minute, run at the slot itself so that SQS adds no delay.
    const sent = await dispatchChecks({ shard, scheduledAt: tickWindowStart(firstSlot!), now: firstSlot! });
    expect(sent.jobs).toBeGreaterThanOrEqual(1);
    // The dispatched round, not the check POST /api/monitors starts at once (an earlier round).
    const checked = await waitFor('the first dispatched round applied', async () => {
      const item = await getMonitorItem(me.body.id, monitorId);
      return item?.last_round === firstSlot!.toISOString() ? item : undefined;
    });
    // The round id is the slot time, so a repeated tick would send the same round again.
    expect(checked).toMatchObject({ is_up: true, last_round: firstSlot!.toISOString() });
    // Dispatching wrote nothing: the due index keys are those of the monitor's creation.
    expect(checked).toMatchObject({ GSI2PK: before!.GSI2PK, GSI2SK: before!.GSI2SK, phase: before!.phase });
  });

  it('refuses an event without a valid shard or with a bad scheduled time', async () => {
    const { handler } = await import('../../functions/scheduled/dispatch-checks.js');
    await expect(handler({ shard: 99 })).rejects.toThrow();
    await expect(handler({})).rejects.toThrow();
    await expect(handler({ shard: 0, scheduledTime: 'yesterday' })).rejects.toThrow();
  });
});
