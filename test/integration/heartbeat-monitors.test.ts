import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { shardOf, slotsInWindow, tickWindowStart } from '../../shared/checks/dispatch.js';
import { displayState, type Monitor } from '../../shared/monitors/schemas.js';
import { createHash } from 'node:crypto';
import { heartbeatLookupKey } from '../../shared/table/keys.js';
import { api, baseUrl, mailsTo, PASSWORD, signedInUser } from './helpers/api.js';
import { getMonitorItem, getOutboxItem, getTableItem, listIncidentItems, sendToResultsQueue, waitFor, waitForOutboxStatus } from './helpers/pipeline.js';

/**
 * Heartbeat monitors on the emulators (docs/checks.md "Heartbeat monitors"): the public push URL ->
 * the state item -> a heartbeat round on the results queue -> the result processor's state machine,
 * incidents and outbox -> the mailer -> the local SES. Time is the round's id: a round dated past
 * the interval plus grace after the last ping stands for "the job stopped", so nobody waits for it.
 */
const owner = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  return { ...user, id: me.body.id };
};

const createHeartbeat = async (token: string, body: Record<string, unknown> = {}) =>
  api<Monitor>('/api/monitors', {
    method: 'POST',
    token,
    body: { name: 'Nightly backup', monitor_type: 'heartbeat', check_interval: 300, heartbeat_grace_seconds: 60, ...body },
  });

/** Calls the push URL as a job would (no token, no JSON). */
const ping = (url: string, method: 'GET' | 'POST' = 'GET') => fetch(url, { method, headers: { 'x-forwarded-for': '198.51.100.77' } });

const stateOf = (userId: string, monitorId: string) => getMonitorItem(userId, monitorId);

describe('heartbeat monitors', () => {
  beforeAll(() => {
    // The dispatcher runs here, in the test's process, against the cloud's table and queues.
    Object.assign(process.env, inject('cloudEnv'));
  });

  it("has its slots judged by the processor from the last ping: the dispatcher sends no check job for it", async () => {
    const user = await owner('hb-dispatch');
    const createdAt = new Date();
    const { body: monitor } = await createHeartbeat(user.token);
    expect((await ping(monitor.heartbeat_url!)).status).toBe(200);
    const item = await waitFor('up on the first ping', async () => {
      const found = await stateOf(user.id, monitor.id);
      return found?.is_up === true ? found : undefined;
    });
    const schedule = { intervalSeconds: 300, phaseSeconds: Number(item.phase) };
    const nextMinute = new Date(tickWindowStart(createdAt).getTime() + 60_000);
    const slot = [nextMinute, new Date(nextMinute.getTime() + 60_000)].flatMap((window) => slotsInWindow(schedule, window))[0]!;
    const { dispatchChecks } = await import('../../functions/services/checks/dispatch-checks.js');
    await dispatchChecks({ shard: shardOf(monitor.id), scheduledAt: tickWindowStart(slot), now: slot });
    const judged = await waitFor('the slot judged', async () => {
      const found = await stateOf(user.id, monitor.id);
      return found?.last_round === slot.toISOString() ? found : undefined;
    });
    // The ping a minute or two before the slot is in time: still up, and no region answered.
    expect(judged.is_up).toBe(true);
    expect((JSON.parse(String(judged.recent)) as [string[]])[0]).toEqual(['heartbeat']);
  });

  it('turns Online on its first ping within seconds, not at its next slot: no incident, no alert', async () => {
    const user = await owner('hb-first');
    const { body: monitor } = await createHeartbeat(user.token);
    expect(monitor.is_up).toBeNull();
    const pinged = Date.now();
    expect((await ping(monitor.heartbeat_url!)).status).toBe(200);
    // What the app shows (GET, as the detail page and the live push's revalidation read it); the
    // next slot of a 5-minute heartbeat is minutes away, so this is the ping's own round.
    const shown = await waitFor(
      'Online through the API',
      async () => {
        const { body } = await api<{ monitor: Monitor }>(`/api/monitors/${monitor.id}`, { token: user.token });
        return body.monitor.is_up === true ? body.monitor : undefined;
      },
      10_000,
    );
    expect(Date.now() - pinged).toBeLessThan(10_000);
    expect(displayState(shown)).toBe('online');
    const listed = await api<{ monitors: Monitor[] }>('/api/monitors', { token: user.token });
    expect(displayState(listed.body.monitors.find(({ id }) => id === monitor.id)!)).toBe('online');
    // The first up is not a recovery: nothing was down, so no incident and no mail.
    expect(await listIncidentItems(user.id)).toEqual([]);
    expect((await mailsTo(user.email)).filter((mail) => mail.subject.endsWith(': Nightly backup'))).toEqual([]);
  });

  it('answers a push URL that is not the monitor id, stays pending until the first ping, and counts in the cap', async () => {
    const user = await owner('hb-create');
    const created = await createHeartbeat(user.token);
    expect(created.status).toBe(201);
    const monitor = created.body;
    expect(monitor).toMatchObject({
      monitor_type: 'heartbeat',
      url: `heartbeat://${monitor.id}`,
      heartbeat_grace_seconds: 60,
      is_up: null,
      last_ping_at: null,
      host: null,
      record_type: null,
    });
    const pushUrl = new URL(monitor.heartbeat_url!);
    expect(pushUrl.pathname).toMatch(/^\/api\/heartbeat\/[A-Za-z0-9_-]{43}$/);
    expect(pushUrl.pathname).not.toContain(monitor.id);

    // The free plan's one monitor: a heartbeat takes the place like any monitor.
    const second = await createHeartbeat(user.token, { name: 'Second job' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'MONITOR_LIMIT_REACHED' });

    const listed = await api<{ monitors: Monitor[] }>('/api/monitors', { token: user.token });
    expect(listed.body.monitors[0]).toMatchObject({ id: monitor.id, heartbeat_url: monitor.heartbeat_url, is_up: null });
  });

  it('goes down once when the pings stop (one incident, one mail) and is up again on the next ping', async () => {
    const user = await owner('hb-stops');
    const { body: monitor } = await createHeartbeat(user.token);

    const first = await ping(monitor.heartbeat_url!);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: 'Ping received' });
    const up = await waitFor('the first ping applied', async () => {
      const item = await stateOf(user.id, monitor.id);
      return item?.is_up === true ? item : undefined;
    });
    const lastPing = String(up.last_ping_at);

    // The job stopped: a round of its schedule more than interval + grace after the last ping, twice
    // (a second missed slot changes nothing).
    const late = Date.parse(lastPing) + (300 + 60 + 1) * 1000;
    for (const at of [late, late + 300_000]) {
      const round = roundStartedAt(new Date(at));
      await sendToResultsQueue({ kind: 'heartbeat_rounds', rounds: [{ userId: user.id, monitorId: monitor.id, round }] });
      await waitFor(`round ${round} applied`, async () => (await stateOf(user.id, monitor.id))?.last_round === round);
    }
    const down = await stateOf(user.id, monitor.id);
    expect(down).toMatchObject({ is_up: false });

    const incidents = await listIncidentItems(user.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({
      alert_type: 'down',
      status: 'open',
      message: 'No heartbeat received: your job did not check in on time.',
      details: { error_category: 'heartbeat_missing' },
    });
    const downTransition = `${monitor.id}#${roundStartedAt(new Date(late))}#down`;
    await waitForOutboxStatus(downTransition, 'sent');

    // The next ping brings it back at once, not at the next slot.
    expect((await ping(monitor.heartbeat_url!, 'POST')).status).toBe(200);
    await waitFor('the recovering ping applied', async () => (await stateOf(user.id, monitor.id))?.is_up === true);
    const after = await listIncidentItems(user.id);
    expect(after.find((incident) => incident.alert_type === 'down')).toMatchObject({ status: 'resolved' });
    expect(after.filter((incident) => incident.alert_type === 'up')).toHaveLength(1);

    // The mails speak of the job's heartbeats, not of a website (docs/checks.md "Heartbeat monitors").
    await waitFor('the recovery mail', async () => (await mailsTo(user.email)).some((mail) => mail.subject === 'Heartbeat Received Again: Nightly backup'));
    const alertMails = (await mailsTo(user.email)).filter((mail) => mail.subject.endsWith(': Nightly backup'));
    expect(alertMails.map((mail) => mail.subject)).toEqual(['Heartbeat Missed: Nightly backup', 'Heartbeat Received Again: Nightly backup']);
    expect(alertMails[0]?.body.text).toContain('No heartbeat received');
    expect(alertMails[1]?.body.text).toContain('Your job is checking in again after');
    expect(alertMails.some((mail) => /website/i.test(mail.body.text ?? ''))).toBe(false);
    // Its heartbeat:// id is internal: no mail shows it (docs/checks.md "What each type's texts speak of").
    expect(alertMails.some((mail) => `${mail.body.text ?? ''}${mail.body.html ?? ''}`.includes('heartbeat://'))).toBe(false);
    expect(await getOutboxItem(downTransition)).toMatchObject({ monitor_type: 'heartbeat', alert: { title: 'Heartbeat Missed' } });
    expect(after.find((incident) => incident.alert_type === 'up')?.message).toMatch(/^Your job is checking in again after /);

    const shown = await api<{ monitor: Monitor }>(`/api/monitors/${monitor.id}`, { token: user.token });
    expect(shown.body.monitor).toMatchObject({ is_up: true, response_time: null, last_ping_failed: false });
    expect(shown.body.monitor.last_ping_at).not.toBeNull();
    // The list reads only the attributes its views need (monitor-items.ts); GET reads whole items.
    const listed = await api<{ monitors: Monitor[] }>('/api/monitors', { token: user.token });
    expect(listed.body.monitors.find(({ id }) => id === monitor.id)).toEqual(shown.body.monitor);
  });

  it('goes down on a /fail ping and up on the next normal one', async () => {
    const user = await owner('hb-fail');
    const { body: monitor } = await createHeartbeat(user.token);
    expect((await ping(monitor.heartbeat_url!)).status).toBe(200);
    await waitFor('up', async () => (await stateOf(user.id, monitor.id))?.is_up === true);

    const failed = await ping(`${monitor.heartbeat_url!}/fail`, 'POST');
    expect(await failed.json()).toEqual({ message: 'Failure reported' });
    await waitFor('down after /fail', async () => (await stateOf(user.id, monitor.id))?.is_up === false);
    const [incident] = await listIncidentItems(user.id);
    expect(incident).toMatchObject({ message: 'Your job reported a failure.', details: { error_category: 'heartbeat_failed' } });

    await ping(monitor.heartbeat_url!);
    await waitFor('up again', async () => (await stateOf(user.id, monitor.id))?.is_up === true);
  });

  it('answers 404 {detail} for an unknown or malformed secret, and for a deleted monitor', async () => {
    for (const path of ['/api/heartbeat/not-a-token', `/api/heartbeat/${'A'.repeat(43)}`, `/api/heartbeat/${'A'.repeat(43)}/fail`]) {
      const answer = await fetch(`${baseUrl()}${path}`, { method: 'POST' });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ detail: expect.any(String), code: 'NOT_FOUND' });
    }
    const user = await owner('hb-gone');
    const { body: monitor } = await createHeartbeat(user.token);
    expect((await api(`/api/monitors/${monitor.id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    expect((await ping(monitor.heartbeat_url!)).status).toBe(404);
  });

  it('regenerates the push URL: the old one is 404 at once, the new one pings, and the change is audited', async () => {
    const user = await owner('hb-rotate');
    const { body: monitor } = await createHeartbeat(user.token);
    expect((await ping(monitor.heartbeat_url!)).status).toBe(200);

    const rotated = await api<{ heartbeat_url: string }>(`/api/monitors/${monitor.id}/heartbeat-url`, { method: 'POST', token: user.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.heartbeat_url).toMatch(/\/api\/heartbeat\/[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.heartbeat_url).not.toBe(monitor.heartbeat_url);
    expect((await ping(monitor.heartbeat_url!)).status).toBe(404);
    expect((await ping(rotated.body.heartbeat_url)).status).toBe(200);
    expect((await api<{ monitor: Monitor }>(`/api/monitors/${monitor.id}`, { token: user.token })).body.monitor.heartbeat_url).toBe(rotated.body.heartbeat_url);
    const oldSecret = monitor.heartbeat_url!.split('/').pop()!;
    expect(await getTableItem(heartbeatLookupKey(createHash('sha256').update(oldSecret, 'utf8').digest('hex')))).toBeUndefined();
    const audit = await api<{ entries: { action: string; target_id: string | null }[] }>('/api/workspaces/current/audit-log', { token: user.token });
    expect(audit.body.entries).toContainEqual(expect.objectContaining({ action: 'monitor.heartbeat_url_regenerated', target_id: monitor.id }));

    // Another account's monitor is not found; a monitor of another type has no push URL.
    const stranger = await owner('hb-rotate-stranger');
    expect((await api(`/api/monitors/${monitor.id}/heartbeat-url`, { method: 'POST', token: stranger.token })).status).toBe(404);
    const site = await api<Monitor>('/api/monitors', { method: 'POST', token: stranger.token, body: { name: 'Site', url: 'https://example.com', check_interval: 300 } });
    expect(site.status).toBe(201);
    const refused = await api<{ detail: string }>(`/api/monitors/${site.body.id}/heartbeat-url`, { method: 'POST', token: stranger.token });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Only a heartbeat monitor has a push URL to regenerate');
  });

  it("leaves no push-secret lookup behind when the owner's account is erased", async () => {
    const user = await owner('hb-erased');
    const { body: monitor } = await createHeartbeat(user.token);
    const secret = monitor.heartbeat_url!.split('/').pop()!;
    const lookup = heartbeatLookupKey(createHash('sha256').update(secret, 'utf8').digest('hex'));
    expect(await getTableItem(lookup)).toMatchObject({ monitor_id: monitor.id });
    expect((await api('/api/auth/delete-account', { method: 'DELETE', token: user.token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await getTableItem(lookup)).toBeUndefined();
    expect((await ping(monitor.heartbeat_url!)).status).toBe(404);
  });
});
