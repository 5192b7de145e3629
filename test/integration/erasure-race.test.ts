import { beforeAll, describe, expect, it, inject } from 'vitest';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { monitorDayKey, monitorPartition, monitorSslKey, monitorStateKey, userKey } from '../../shared/table/keys.js';
import { api, PASSWORD, signedInUser } from './helpers/api.js';
import { checkerRegions, createMonitorWithoutFirstCheck, deleteTableItem, getTableItem, itemsInPartition as itemsIn } from './helpers/pipeline.js';

/**
 * A round in flight while its owner's account is erased must leave nothing behind
 * (docs/security.md "Erasure"): the result processor read the monitor before the erasure and
 * commits after it, or while it runs. Each test plays that round by hand, with the processor's own
 * code, at the moment that used to leave a `DAY#`, state or rollup item in an erased partition.
 */
beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
});

const repositories = async () => ({
  ...(await import('../../functions/repositories/monitor-check-state-repository.js')),
  ...(await import('../../functions/services/checks/apply-round.js')),
  ...(await import('../../functions/repositories/user-repository.js')),
  ...(await import('../../functions/services/checks/apply-ssl.js')),
});

const upResults = (monitorId: string, round: string): CheckResult[] =>
  checkerRegions().map((region) => ({
    monitorId,
    region,
    round,
    outcome: 'up',
    errorCategory: null,
    statusCode: 200,
    timings: { dns: 1, connect: 1, tls: null, ttfb: 2, total: 3 },
    checkedAt: round,
    attempts: 1,
    message: null,
  }));

const roundAt = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

/** A signed-in user with one monitor whose first round has not been checked yet. */
const userWithMonitor = async (label: string) => {
  const user = await signedInUser(label);
  const userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
  const { id: monitorId } = await createMonitorWithoutFirstCheck(userId, { name: 'Racing', url: 'https://example.com', check_interval: 300, timeout: 30 });
  return { ...user, userId, monitorId };
};

const applyRound = async (userId: string, monitorId: string, round: string, firstRead: Awaited<ReturnType<Awaited<ReturnType<typeof repositories>>['getMonitorForChecks']>>) => {
  const { applyDecidedRound } = await repositories();
  const opts = { userId, monitorId, round, expectedRegions: checkerRegions(), deadlinePassed: true, tier: 'free' as const, alertsQueueUrl: process.env.ALERTS_QUEUE_URL! };
  return (await applyDecidedRound(opts, upResults(monitorId, round), firstRead)).outcome;
};

const deleteAccount = (token: string) => api('/api/auth/delete-account', { method: 'DELETE', token, body: { password: PASSWORD } });

describe('a round racing the erasure of its account', () => {
  it('a first round read before the erasure and committed after it writes nothing', async () => {
    const user = await userWithMonitor('race-first');
    const { getMonitorForChecks } = await repositories();
    const before = await getMonitorForChecks(user.userId, user.monitorId);
    expect(before?.state.lastRound).toBeNull();

    expect((await deleteAccount(user.token)).status).toBe(200);
    expect(await applyRound(user.userId, user.monitorId, roundAt(60_000), before)).toBe('monitor_gone');

    expect(await itemsIn(userKey(user.userId).PK)).toEqual([]);
    expect(await itemsIn(monitorPartition(user.monitorId))).toEqual([]);
  });

  it('a first round committed while the erasure runs is refused, and the erasure then finishes clean', async () => {
    const user = await userWithMonitor('race-during');
    const { getMonitorForChecks, markDeletionStarted } = await repositories();
    // Step 0 of the erasure has happened; the monitor is still there for the processor to read.
    expect(await markDeletionStarted(user.userId, new Date())).toBe(true);
    const read = await getMonitorForChecks(user.userId, user.monitorId);
    expect(read).not.toBeNull();

    expect(await applyRound(user.userId, user.monitorId, roundAt(60_000), read)).toBe('monitor_gone');
    const left = (await itemsIn(userKey(user.userId).PK)).map((item) => String(item.SK));
    expect(left.filter((sk) => sk.startsWith('DAY#') || sk.endsWith('#STATE'))).toEqual([]);

    // The erasure that was under way is run again to its end (the handler chain lets only it through).
    expect((await deleteAccount(user.token)).status).toBe(200);
    expect(await itemsIn(userKey(user.userId).PK)).toEqual([]);
    expect(await itemsIn(monitorPartition(user.monitorId))).toEqual([]);
  });

  it('a round that closes an hour, read before the erasure, writes no rollup and no day item after it', async () => {
    const user = await userWithMonitor('race-hour');
    const { getMonitorForChecks } = await repositories();
    expect(await applyRound(user.userId, user.monitorId, roundAt(60_000), null)).toBe('applied');
    const before = await getMonitorForChecks(user.userId, user.monitorId);
    expect(before?.hours.open).not.toBeNull();

    expect((await deleteAccount(user.token)).status).toBe(200);
    // The next round is two hours later: it closes the hour it read as open at once, past its
    // moment in the next hour (rollups.ts `advanceHours`).
    expect(await applyRound(user.userId, user.monitorId, roundAt(7_260_000), before)).toBe('monitor_gone');

    expect(await itemsIn(userKey(user.userId).PK)).toEqual([]);
    expect(await itemsIn(monitorPartition(user.monitorId))).toEqual([]);
  });

  it('a steady round that closes an hour while the erasure deletes the partition puts no day item back', async () => {
    const user = await userWithMonitor('race-steady-hour');
    const { getMonitorForChecks, markDeletionStarted } = await repositories();
    expect(await applyRound(user.userId, user.monitorId, roundAt(60_000), null)).toBe('applied');
    const before = await getMonitorForChecks(user.userId, user.monitorId);
    expect(before?.hours.open).not.toBeNull();
    // The erasure is under way: the mark is set and its first batch took the day item; the state
    // item, in a later batch, is still there, so the round's compare-and-swap would succeed.
    expect(await markDeletionStarted(user.userId, new Date())).toBe(true);
    await deleteTableItem(monitorDayKey(user.userId, user.monitorId));

    expect(await applyRound(user.userId, user.monitorId, roundAt(7_260_000), before)).toBe('monitor_gone');
    expect(await getTableItem(monitorDayKey(user.userId, user.monitorId))).toBeUndefined();

    expect((await deleteAccount(user.token)).status).toBe(200);
    expect(await itemsIn(userKey(user.userId).PK)).toEqual([]);
    expect(await itemsIn(monitorPartition(user.monitorId))).toEqual([]);
  });

  it("a round's certificate stored while the erasure runs creates no certificate item", async () => {
    const user = await userWithMonitor('race-certificate');
    const { applySslOfRound, getMonitorForChecks, markDeletionStarted } = await repositories();
    const round = roundAt(60_000);
    expect(await applyRound(user.userId, user.monitorId, round, null)).toBe('applied');
    const applied = await getMonitorForChecks(user.userId, user.monitorId);
    expect(applied?.sslMarker).toBeNull();
    // The round was committed before the erasure began; its certificate step comes after the mark.
    expect(await markDeletionStarted(user.userId, new Date())).toBe(true);
    const validTo = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const certificate = { fingerprint: 'AB:CD', validFrom: new Date().toISOString(), validTo, issuer: 'Test CA', subject: 'example.com', valid: true, error: null };
    const results = upResults(user.monitorId, round).map((result) => ({ ...result, certificate }));
    await applySslOfRound({ monitor: applied!, round, results, alertsQueueUrl: process.env.ALERTS_QUEUE_URL! });
    expect(await getTableItem(monitorSslKey(user.userId, user.monitorId))).toBeUndefined();

    expect((await deleteAccount(user.token)).status).toBe(200);
    expect(await itemsIn(userKey(user.userId).PK)).toEqual([]);
  });

  it("a heartbeat's ping in flight while the erasure runs puts no state item back", async () => {
    const user = await signedInUser('race-ping');
    const userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
    const created = await api<{ id: string; heartbeat_url: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Nightly backup', monitor_type: 'heartbeat', check_interval: 300, heartbeat_grace_seconds: 60 },
    });
    expect(created.status).toBe(201);
    const { markDeletionStarted } = await repositories();
    // The ping found its monitor before the erasure began; the erasure has marked the profile and
    // deleted the partition's state item by the time the ping is stored.
    expect(await markDeletionStarted(userId, new Date())).toBe(true);
    await deleteTableItem(monitorStateKey(userId, created.body.id));

    const ping = await fetch(created.body.heartbeat_url, { method: 'POST' });
    expect(ping.status).toBe(404);
    expect(await getTableItem(monitorStateKey(userId, created.body.id))).toBeUndefined();

    expect((await deleteAccount(user.token)).status).toBe(200);
    expect(await itemsIn(userKey(userId).PK)).toEqual([]);
  });
});
