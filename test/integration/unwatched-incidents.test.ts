import { beforeAll, describe, expect, it, inject } from 'vitest';
import { monitorStateKey } from '../../shared/table/keys.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import { checkerRegions, downAnswersOfEveryRegion, getTableItem, listIncidentItems, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * docs/checks.md "Pausing, deleting, disabling": a monitor that stops being checked (paused or
 * deleted) has its open incident resolved at that moment, with no "recovered" mail, and a resumed
 * monitor starting afresh. The operator's open-incident counter is shared by every test of the
 * cloud, so its step is asserted in test/unit/functions/unwatched-monitor-incidents.test.ts.
 */
beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const userIdOf = async (user: User) => (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;

const incidentsOf = async (userId: string, monitorId: string) => (await listIncidentItems(userId)).filter((item) => item.monitor_id === monitorId);

const subjectsTo = async (user: User) => (await mailsTo(user.email)).map((mail) => mail.subject);

/** A monitor whose first check (at once, check-now) finds the site down: its down incident open and its mail out. */
const downMonitor = async (user: User, siteUrl: string, name: string) => {
  const userId = await userIdOf(user);
  const created = await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name, url: siteUrl, check_interval: 300, timeout: 30 } });
  expect(created.status).toBe(201);
  const monitorId = created.body.id;
  await waitFor('the down incident', async () => ((await incidentsOf(userId, monitorId)).some((item) => item.status === 'open') ? true : undefined));
  await waitFor('the down mail', async () => ((await subjectsTo(user)).includes(`Website Down: ${name}`) ? true : undefined));
  return { userId, monitorId };
};

const setStatus = (user: User, monitorId: string, status: 'active' | 'paused') =>
  api<{ status: string; is_up: boolean | null }>(`/api/monitors/${monitorId}`, { method: 'PUT', token: user.token, body: { status } });

/** A round to apply as the result processor would, its deadline passed. */
const decidedDownRound = (userId: string, monitorId: string, round: string) => ({
  userId,
  monitorId,
  round,
  expectedRegions: checkerRegions(),
  deadlinePassed: true,
  tier: 'free' as const,
  alertsQueueUrl: process.env.ALERTS_QUEUE_URL!,
});

describe('pausing or deleting a monitor with an open incident', () => {
  it('pausing resolves the incident at once, without a mail; resumed on a site that is up again, nothing "recovers"', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 500 });
    try {
      const user = await signedInUser('pause-open');
      const { userId, monitorId } = await downMonitor(user, site.url('paused'), 'Paused shop');

      const before = Date.now();
      const paused = await setStatus(user, monitorId, 'paused');
      expect(paused.status).toBe(200);
      const incidents = await incidentsOf(userId, monitorId);
      expect(incidents).toHaveLength(1);
      expect(incidents[0]).toMatchObject({ alert_type: 'down', status: 'resolved' });
      expect(Date.parse(String(incidents[0]!.resolved_at))).toBeGreaterThanOrEqual(before - 1000);
      const state = await getTableItem(monitorStateKey(userId, monitorId));
      expect(state).toMatchObject({ open_incident: null, is_up: null });
      const open = await api<{ total: number }>('/api/incidents?status_filter=open', { token: user.token });
      expect(open.body.total).toBe(0);

      // Up again while nobody watched it: the resume's first check finds it up and says nothing.
      site.answerWith({ status: 200 });
      expect((await setStatus(user, monitorId, 'active')).status).toBe(200);
      await waitFor('the resumed check', async () => ((await getTableItem(monitorStateKey(userId, monitorId)))?.is_up === true ? true : undefined));
      expect(await incidentsOf(userId, monitorId)).toHaveLength(1);
      expect((await subjectsTo(user)).filter((subject) => subject.startsWith('Website'))).toEqual(['Website Down: Paused shop']);
    } finally {
      await site.down();
    }
  });

  it('resumed on a site still down, a new incident opens and alerts', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 500 });
    try {
      const user = await signedInUser('pause-still-down');
      const { userId, monitorId } = await downMonitor(user, site.url('down'), 'Still down');
      expect((await setStatus(user, monitorId, 'paused')).status).toBe(200);
      expect((await setStatus(user, monitorId, 'active')).status).toBe(200);
      await waitFor('a new open incident', async () => {
        const incidents = await incidentsOf(userId, monitorId);
        return incidents.length === 2 && incidents.filter((item) => item.status === 'open').length === 1 ? true : undefined;
      });
      await waitFor('a second down mail', async () =>
        (await subjectsTo(user)).filter((subject) => subject === 'Website Down: Still down').length === 2 ? true : undefined,
      );
      expect((await subjectsTo(user)).some((subject) => subject.startsWith('Website Recovered'))).toBe(false);
    } finally {
      await site.down();
    }
  });

  it('a round in flight, read before the pause, neither puts the incident back nor opens one', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 500 });
    try {
      const user = await signedInUser('pause-in-flight');
      const { userId, monitorId } = await downMonitor(user, site.url('in-flight'), 'In flight');
      // What the result processor's batch read saw just before the pause (it is eventually consistent).
      const { getMonitorForChecks } = await import('../../functions/repositories/monitor-check-state-repository.js');
      const { applyDecidedRound } = await import('../../functions/services/checks/apply-round.js');
      const before = await getMonitorForChecks(userId, monitorId);
      expect(before?.state.openIncident).not.toBeNull();
      expect((await setStatus(user, monitorId, 'paused')).status).toBe(200);

      const round = new Date(Date.now() + 60_000).toISOString();
      const { outcome } = await applyDecidedRound(decidedDownRound(userId, monitorId, round), downAnswersOfEveryRegion(monitorId, round), before);
      expect(outcome).toBe('not_checked');
      expect(await getTableItem(monitorStateKey(userId, monitorId))).toMatchObject({ open_incident: null, is_up: null });
      expect((await incidentsOf(userId, monitorId)).map((item) => item.status)).toEqual(['resolved']);

      // Resumed, its rounds apply again: the site is still down, so a new incident opens.
      expect((await setStatus(user, monitorId, 'active')).status).toBe(200);
      await waitFor('a new open incident after the resume', async () =>
        (await incidentsOf(userId, monitorId)).filter((item) => item.status === 'open').length === 1 ? true : undefined,
      );
      expect((await getTableItem(monitorStateKey(userId, monitorId)))?.unwatched_since).toBeUndefined();
    } finally {
      await site.down();
    }
  });

  it('a round read before a pause and a resume loses its compare-and-swap: the pause reset the state it read', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 500 });
    try {
      const user = await signedInUser('pause-resume-between');
      const { userId, monitorId } = await downMonitor(user, site.url('between'), 'Between');
      // What a processor read (or kept from its own commit, docs/PERFORMANCE.md "The state a processor
      // wrote, kept") before the monitor was paused and resumed: `last_round` does not move in between.
      const { getMonitorForChecks } = await import('../../functions/repositories/monitor-check-state-repository.js');
      const { closeIncidentOfUnwatchedMonitor, watchMonitorAgain } = await import('../../functions/repositories/unwatched-monitor-incidents.js');
      const { applyDecidedRound } = await import('../../functions/services/checks/apply-round.js');
      const before = await getMonitorForChecks(userId, monitorId);
      const firstIncident = before?.state.openIncident?.id;
      expect(firstIncident).toBeTruthy();
      expect(await closeIncidentOfUnwatchedMonitor(userId, monitorId, new Date())).toBe(true);
      await watchMonitorAgain(userId, monitorId);

      const round = new Date(Date.now() + 60_000).toISOString();
      const { outcome } = await applyDecidedRound(decidedDownRound(userId, monitorId, round), downAnswersOfEveryRegion(monitorId, round), before);
      // Applied on the state as the resume left it: a new incident, not the resolved one put back.
      expect(outcome).toBe('applied');
      const state = await getTableItem(monitorStateKey(userId, monitorId));
      expect(state?.last_round).toBe(round);
      expect((state?.open_incident as { id?: string } | null)?.id).toBeTruthy();
      expect((state?.open_incident as { id: string }).id).not.toBe(firstIncident);
      const incidents = await incidentsOf(userId, monitorId);
      expect(incidents.find((item) => item.id === firstIncident)?.status).toBe('resolved');
      expect(incidents.filter((item) => item.status === 'open')).toHaveLength(1);
    } finally {
      await site.down();
    }
  });

  it('deleting resolves the incident, which stays in the history, without a mail', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 500 });
    try {
      const user = await signedInUser('delete-open');
      const { userId, monitorId } = await downMonitor(user, site.url('deleted'), 'Deleted shop');
      // Another user's id: 404, and the owner's incident stays open.
      const other = await signedInUser('delete-other');
      expect((await api(`/api/monitors/${monitorId}`, { method: 'DELETE', token: other.token })).status).toBe(404);
      expect((await incidentsOf(userId, monitorId)).map((item) => item.status)).toEqual(['open']);

      expect((await api(`/api/monitors/${monitorId}`, { method: 'DELETE', token: user.token })).status).toBeLessThan(300);
      const incidents = await incidentsOf(userId, monitorId);
      expect(incidents).toHaveLength(1);
      expect(incidents[0]).toMatchObject({ alert_type: 'down', status: 'resolved', monitor_name: 'Deleted shop' });
      expect(typeof incidents[0]!.resolved_at).toBe('string');
      const listed = await api<{ total: number; incidents: { status: string }[] }>('/api/incidents', { token: user.token });
      expect(listed.body.incidents.map((incident) => incident.status)).toEqual(['resolved']);
      expect((await subjectsTo(user)).filter((subject) => subject.startsWith('Website'))).toEqual(['Website Down: Deleted shop']);

    } finally {
      await site.down();
    }
  });
});
