import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CheckJob } from '../../shared/checks/check-job.js';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { incidentExpiresAt } from '../../shared/checks/retention.js';
import { transitionId } from '../../shared/checks/transition-ids.js';
import { decodeDayHours, encodeDayHours, hourCloseDelayMs } from '../../shared/checks/rollups.js';
import { dayRollupKey, ENTITY, legacyMonitorDayKey, monitorDayKey } from '../../shared/table/keys.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import {
  createMonitorWithoutFirstCheck,
  checkerRegions,
  getMonitorItem,
  listIncidentItems,
  listRollupItems,
  listRoundHistoryItems,
  deleteTableItem,
  getTableItem,
  putTableItems,
  sendJobsToEveryRegion,
  sendToResultsQueue,
  startTargetSite,
  waitFor,
  waitForOutboxStatus,
} from './helpers/pipeline.js';

/**
 * The check pipeline on the emulators: jobs on every region's queue -> the checker pollers run real
 * HTTP checks against a loopback site -> results queue -> the result processor's quorum, state,
 * incidents, outbox -> alerts queue -> the mailer -> the local SES. The dispatcher is bypassed here
 * (its own test below) so rounds come when the test says. "One alert per transition" is read where
 * it ends: the outbox entry of each transition is `sent`, and the SES store holds one mail for it.
 */
const INTERVAL = 300;
let slot = Math.floor(Date.now() / 1000 / INTERVAL) * INTERVAL;
/** A fresh round id, newer than any used before in this file. */
const nextRound = () => roundStartedAt(new Date((slot += INTERVAL) * 1000));

const setUpMonitor = async (label: string, url: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  // Stored without the check POST /api/monitors starts at once: the rounds here come when the test
  // says, and a round of "now" racing them would make their order the test's luck.
  const created = await createMonitorWithoutFirstCheck(me.body.id, { name: `Pipeline ${label}`, url, check_interval: INTERVAL, timeout: 5 });
  const job = (round: string): CheckJob => ({
    userId: me.body.id,
    monitorId: created.id,
    url,
    timeoutSeconds: 5,
    slowThresholdMs: 5000,
    round,
  });
  return { userId: me.body.id, monitorId: created.id, token: user.token, email: user.email, job };
};

const runRound = async (monitor: Awaited<ReturnType<typeof setUpMonitor>>) => {
  const round = nextRound();
  await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [monitor.job(round)] });
  await waitFor(`round ${round} applied`, async () => (await getMonitorItem(monitor.userId, monitor.monitorId))?.last_round === round);
  return round;
};

describe('check pipeline', () => {
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  beforeAll(async () => {
    site = await startTargetSite();
  });
  afterAll(async () => {
    await site.down();
  });

  it('a site that goes down and comes back opens and resolves exactly one incident, with one alert each way', async () => {
    const monitor = await setUpMonitor('flip', site.url());

    await runRound(monitor);
    let item = await getMonitorItem(monitor.userId, monitor.monitorId);
    expect(item).toMatchObject({ is_up: true, latest_incident: null });
    expect(item?.response_time).toBeGreaterThan(0);
    expect(await listIncidentItems(monitor.userId)).toHaveLength(0);

    await site.down();
    const downRound = await runRound(monitor);
    item = await getMonitorItem(monitor.userId, monitor.monitorId);
    expect(item).toMatchObject({ is_up: false, open_incident: { type: 'down' } });
    expect(item?.latest_incident).toMatchObject({
      alert_type: 'down',
      status: 'open',
      details: { error_category: 'connection_refused', user_impact: 'HIGH', user_accessible: false },
    });
    // Still down next round: no second incident, no second alert.
    await runRound(monitor);

    await site.up();
    const upRound = await runRound(monitor);
    item = await getMonitorItem(monitor.userId, monitor.monitorId);
    expect(item).toMatchObject({ is_up: true, open_incident: null, latest_incident: { alert_type: 'up' } });

    const incidents = await listIncidentItems(monitor.userId);
    expect(incidents.map((incident) => [incident.alert_type, incident.status]).sort()).toEqual([
      ['down', 'resolved'],
      ['up', 'resolved'],
    ]);
    const down = incidents.find((incident) => incident.alert_type === 'down')!;
    expect(down.resolved_at).toEqual(expect.any(String));
    expect(down.details.explanation).toEqual(expect.any(String));
    expect(down).toMatchObject({ monitor_name: 'Pipeline flip', monitor_url: site.url() });
    // Both ended: each carries its TTL, the Free plan's 30 days from when it ended (docs/product-rules.md "Retention").
    for (const incident of incidents) expect(incident.expires_at).toBe(incidentExpiresAt(String(incident.resolved_at), 'free'));

    const downAlert = await waitForOutboxStatus(transitionId(monitor.monitorId, downRound, 'down'), 'sent');
    const upAlert = await waitForOutboxStatus(transitionId(monitor.monitorId, upRound, 'up'), 'sent');
    // Sent entries leave the sweeper's index.
    expect(downAlert).not.toHaveProperty('GSI1PK');
    const alertMails = (await mailsTo(monitor.email)).filter((mail) => / Pipeline flip$/.test(mail.subject));
    expect(alertMails.map((mail) => mail.subject)).toEqual(['Website Down: Pipeline flip', 'Website Recovered: Pipeline flip']);
    expect(alertMails.map((mail) => mail.messageId)).toEqual([downAlert.ses_message_id, upAlert.ses_message_id]);
    expect(alertMails[1]!.body.text).toMatch(/Downtime: (less than a minute|\d+ minutes?)/);
    expect(alertMails[1]!.body.text).toContain(`${inject('baseUrl')}/app/incidents`);

    const listed = await api<{ monitors: { is_up: boolean; response_time: number | null }[] }>('/api/monitors', { token: monitor.token });
    expect(listed.body.monitors[0]).toMatchObject({ is_up: true });
  });

  it("one region's failure alone does not change the state, and replayed results change nothing", async () => {
    const monitor = await setUpMonitor('lone', site.url());
    await runRound(monitor);

    const round = nextRound();
    const result = (region: string, down: boolean): { userId: string; result: CheckResult } => ({
      userId: monitor.userId,
      result: {
        monitorId: monitor.monitorId,
        region,
        round,
        outcome: down ? 'down' : 'up',
        errorCategory: down ? 'connection_timeout' : null,
        statusCode: down ? null : 200,
        timings: { dns: null, connect: 1, tls: null, ttfb: 3, total: down ? 5000 : 4 },
        checkedAt: new Date().toISOString(),
        attempts: down ? 2 : 1,
        message: down ? 'connect ETIMEDOUT' : null,
      },
    });
    const [lonely, ...others] = checkerRegions();
    const results = [result(lonely!, true), ...others.map((region) => result(region, false))];
    await sendToResultsQueue({ kind: 'check_results', results });
    await waitFor('the round applied', async () => (await getMonitorItem(monitor.userId, monitor.monitorId))?.last_round === round);
    expect(await getMonitorItem(monitor.userId, monitor.monitorId)).toMatchObject({ is_up: true, open_incident: null });

    // The same results again, and a deadline for the same round: nothing new happens.
    await sendToResultsQueue({ kind: 'check_results', results });
    await sendToResultsQueue({ kind: 'round_deadline', rounds: [{ userId: monitor.userId, monitorId: monitor.monitorId, round }] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await listIncidentItems(monitor.userId)).toHaveLength(0);
    // No transition, so no alert: nothing but the sign-up mail reached the owner.
    expect((await mailsTo(monitor.email)).map((mail) => mail.subject)).toEqual(['Verify your Upwatch email address']);
  });

  it("keeps every answer exactly once when a pack's rounds move their answers out to history items together", async () => {
    // Three monitors answered in one message per round: one pack, decided in memory, whose history
    // items the processor writes in one batch before the rounds' state writes (process-results.ts).
    const monitors = await Promise.all(['history-a', 'history-b', 'history-c'].map((label) => setUpMonitor(label, site.url())));
    const regions = checkerRegions();
    const ROUNDS = 8;
    for (let i = 0; i < ROUNDS; i++) {
      const round = nextRound();
      const checkedAt = new Date(Date.parse(round) + 100).toISOString();
      const results = monitors.flatMap((monitor) =>
        regions.map((region) => ({
          userId: monitor.userId,
          result: {
            monitorId: monitor.monitorId,
            region,
            round,
            outcome: 'up' as const,
            errorCategory: null,
            statusCode: 200,
            timings: { dns: null, connect: 1, tls: null, ttfb: 3, total: 4 },
            checkedAt,
            attempts: 1,
            message: null,
          },
        })),
      );
      await sendToResultsQueue({ kind: 'check_results', results });
      for (const monitor of monitors) {
        await waitFor(`round ${i + 1} applied`, async () => (await getMonitorItem(monitor.userId, monitor.monitorId))?.last_round === round);
      }
    }

    for (const monitor of monitors) {
      // Eight rounds do not fit in the state item: at least one history item was written.
      expect((await listRoundHistoryItems(monitor.monitorId)).length).toBeGreaterThan(0);
      const details = await api<{ recent_checks: { checked_at: string; region: string }[] }>(`/api/monitors/${monitor.monitorId}`, { token: monitor.token });
      const answers = details.body.recent_checks.map((check) => `${check.checked_at} ${check.region}`);
      expect(answers).toHaveLength(ROUNDS * regions.length);
      expect(new Set(answers).size).toBe(answers.length);
    }
  });

  it('a round whose regions fall silent is decided at its deadline by those that answered', async () => {
    const monitor = await setUpMonitor('silent', site.url());
    await runRound(monitor);
    const round = nextRound();
    const [only] = checkerRegions();
    await sendToResultsQueue({
      kind: 'check_results',
      results: [
        {
          userId: monitor.userId,
          result: {
            monitorId: monitor.monitorId,
            region: only!,
            round,
            outcome: 'down',
            errorCategory: 'http_5xx',
            statusCode: 503,
            timings: { dns: null, connect: 1, tls: null, ttfb: 2, total: 3 },
            checkedAt: new Date().toISOString(),
            attempts: 2,
            message: 'HTTP 503',
          },
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // One down vote out of three expected regions cannot decide yet...
    expect((await getMonitorItem(monitor.userId, monitor.monitorId))?.is_up).toBe(true);
    // ...but at the deadline the only region that answered decides.
    await sendToResultsQueue({ kind: 'round_deadline', rounds: [{ userId: monitor.userId, monitorId: monitor.monitorId, round }] });
    await waitFor('the round decided at its deadline', async () => (await getMonitorItem(monitor.userId, monitor.monitorId))?.last_round === round);
    expect(await getMonitorItem(monitor.userId, monitor.monitorId)).toMatchObject({
      is_up: false,
      latest_incident: { alert_type: 'down', details: { error_category: 'http_5xx', status_code: 503 } },
    });
  });

  it("counts each decided round once into its hour, and closes the hour at the monitor's moment in the next one", async () => {
    const monitor = await setUpMonitor('rollups', site.url());
    const apply = async (round: string) => {
      await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [monitor.job(round)] });
      await waitFor(`round ${round} applied`, async () => (await getMonitorItem(monitor.userId, monitor.monitorId))?.last_round === round);
    };
    // Round ids are slot times: the hour a round counts in is the hour of its id.
    await apply('2030-01-01T10:50:00.000Z');
    // The first round made an empty day item (keys.ts 8d). Play a monitor from before day items
    // left the MONITOR# range: none under the current key, a stale one under the old key.
    const dayKey = monitorDayKey(monitor.userId, monitor.monitorId);
    const legacyKey = legacyMonitorDayKey(monitor.userId, monitor.monitorId);
    expect(await getTableItem(dayKey)).toMatchObject({ monitor_id: monitor.monitorId, hours: encodeDayHours([]) });
    await deleteTableItem(dayKey);
    await putTableItems([{ ...legacyKey, entity: ENTITY.monitorDay, user_id: monitor.userId, monitor_id: monitor.monitorId, hours: encodeDayHours([]) }]);
    await apply('2030-01-01T10:55:00.000Z');
    let state = await getMonitorItem(monitor.userId, monitor.monitorId);
    expect(state?.open_hour).toMatchObject({ hour: '2030-01-01T10', checks: 2, ups: 2 });
    expect(await listRollupItems(monitor.monitorId)).toEqual([]);

    await apply('2030-01-01T11:00:00.000Z');
    // The ended hour waits in the state item, whole, until the monitor's moment (at most
    // HOUR_CLOSE_SPREAD_MS into the hour): readers merge it like the open one (rollups.ts `advanceHours`).
    state = await getMonitorItem(monitor.userId, monitor.monitorId);
    const moment = Date.parse('2030-01-01T11:00:00.000Z') + hourCloseDelayMs(monitor.monitorId);
    if (moment > Date.parse('2030-01-01T11:00:00.000Z')) {
      expect(state?.closing_hour).toMatchObject({ hour: '2030-01-01T10', checks: 2, ups: 2 });
      expect(await listRollupItems(monitor.monitorId)).toEqual([]);
    }
    // A replay of an older round afterwards is late: it counts nowhere.
    await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [monitor.job('2030-01-01T10:55:00.000Z')] });
    // The first round past the moment closes it.
    await apply(new Date(Math.ceil((moment + 1) / 300_000) * 300_000).toISOString());

    state = await getMonitorItem(monitor.userId, monitor.monitorId);
    expect(state?.open_hour).toMatchObject({ hour: '2030-01-01T11', checks: 2, ups: 2 });
    expect(state?.closing_hour ?? null).toBeNull();
    const closed = await listRollupItems(monitor.monitorId);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ SK: 'ROLLUP#2030-01-01T10', checks: 2, ups: 2, response_time_count: 2 });
    expect(Number(closed[0]!.expires_at)).toBeGreaterThan(Date.parse('2030-01-01T10:00:00Z') / 1000);
    // The closed hour rebuilt the day item under its current key from the rollups; the old one is gone.
    const day = await getTableItem(dayKey);
    expect(decodeDayHours(String(day?.hours))).toEqual([{ hour: '2030-01-01T10', checks: 2, ups: 2, responseTimeSumMs: expect.any(Number), responseTimeCount: 2 }]);
    expect(await getTableItem(legacyKey)).toBeUndefined();
    // And its UTC day's rollup (keys.ts 52) counts it, once: every counter of the hour, and the hour in its set.
    expect(await getTableItem(dayRollupKey(monitor.monitorId, '2030-01-01'))).toMatchObject({
      entity: 'day_rollup',
      checks: 2,
      ups: 2,
      response_time_count: 2,
      response_time_sum_ms: closed[0]!.response_time_sum_ms,
      hours: new Set(['10']),
      // Kept for the owner's retention from the day's start, as the hour is from its own.
      expires_at: Number(closed[0]!.expires_at) - 10 * 3600,
    });
  });
});
