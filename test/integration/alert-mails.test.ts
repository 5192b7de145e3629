import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { recoveredIncident } from '../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { ALERTS_MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import {
  getOutboxItem,
  madeUpDownAlert,
  patchOutboxItem,
  putOutboxEntry,
  sendToAlertsQueue,
  waitForOutboxStatus,
} from './helpers/pipeline.js';

/**
 * The mailer against the emulators: outbox entries written as the result processor writes them,
 * their messages consumed by the cloud's mailer (through the real alerts queue) or, where SES
 * failures are injected, by the mailer's handler called here with SQS events.
 */
const owner = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  return { ...user, id: me.body.id };
};


const MONITOR = { monitorName: 'Mailer shop', monitorUrl: 'https://shop.example.com/' };

const message = (userId: string, alert: AlertEvent) => ({ kind: 'alert' as const, userId, ...MONITOR, alert });

const alertMailsTo = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.endsWith(': Mailer shop'));

/** Lets the cloud's mailer work through the copies of a message the test sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

describe('alert mails through the alerts queue', () => {
  it('mails an alert once when its outbox event arrives three times at once', async () => {
    const user = await owner('thrice');
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert });
    await Promise.all([1, 2, 3].map(() => sendToAlertsQueue(message(user.id, alert))));

    const sent = await waitForOutboxStatus(alert.transitionId, 'sent');
    await settle();
    const mails = await alertMailsTo(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Website Down: Mailer shop']);
    expect(sent).toMatchObject({ ses_message_id: mails[0]!.messageId, attempts: 1 });
    expect(sent.expires_at).toEqual(expect.any(Number));
    expect(mails[0]!.body.text).toContain('Your website is down: it says it is temporarily unavailable.');
    expect(mails[0]!.body.html).toContain(`href="${inject('baseUrl')}/app/incidents/${alert.incidentId}"`);
  });

  it.each([
    ['incident_alerts', { incident_alerts: false }],
    ['email_notifications', { email_notifications: false }],
  ])('sends nothing when %s is off, and finishes the entry as skipped', async (_name, preference) => {
    const user = await owner('quiet');
    const saved = await api('/api/notifications/preferences', { method: 'PUT', token: user.token, body: preference });
    expect(saved.status).toBe(200);
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert });
    await sendToAlertsQueue(message(user.id, alert));

    const skipped = await waitForOutboxStatus(alert.transitionId, 'skipped');
    expect(skipped).toMatchObject({ skipped_reason: 'preferences_off' });
    expect(skipped).not.toHaveProperty('GSI1PK');
    await settle();
    expect(await alertMailsTo(user.email)).toEqual([]);
  });

  it('writes the times in the owner\'s timezone and says how long the site was down', async () => {
    const user = await owner('zone');
    expect((await api('/api/user/preferences', { method: 'PUT', token: user.token, body: { timezone: 'Asia/Kolkata' } })).status).toBe(200);
    const down = madeUpDownAlert(42);
    const text = recoveredIncident({ responseTimeMs: 180, statusCode: 200, downtimeSeconds: 42 * 60 });
    const at = new Date().toISOString();
    const up: AlertEvent = { ...down, transitionId: `${down.monitorId}#${at}#up`, event: 'up', ...text, occurredAt: at, round: at, since: down.occurredAt };
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert: up });
    await sendToAlertsQueue(message(user.id, up));

    await waitForOutboxStatus(up.transitionId, 'sent');
    const [mail] = await alertMailsTo(user.email);
    expect(mail?.subject).toBe('Website Recovered: Mailer shop');
    expect(mail?.body.text).toContain('Downtime: 42 minutes');
    expect(mail?.body.text).toMatch(/Down since: .* GMT\+5:30/);
  });
});

describe('the mailer with SES failing', () => {
  let handler: (event: SQSEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;
  /** SES calls that fail before one goes through, counted down by the middleware below. */
  let failuresLeft = 0;

  beforeAll(async () => {
    // The mailer runs here, in the test's process, against the cloud's table, queues and SES.
    Object.assign(process.env, inject('cloudEnv'));
    ({ handler } = await import('../../functions/queues/send-alert-mails.js'));
    const { ses } = await import('../../functions/clients/ses.js');
    // Outside the SDK's own retries (step 'initialize'): each failure is one failed send call.
    ses().middlewareStack.add(
      (next) => async (args) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'Throttling', $fault: 'client' });
        }
        return next(args);
      },
      { step: 'initialize', name: 'injectSesFailures' },
    );
  });

  /** The alerts-queue event Lambda would deliver on the `receiveCount`-th receive of the message. */
  const delivery = (body: unknown, receiveCount: number): SQSEvent => ({
    Records: [
      {
        messageId: randomUUID(),
        // Not a real receipt: the back-off's ChangeMessageVisibility fails and is only logged.
        receiptHandle: 'not-a-real-receipt',
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:upwatch-alerts',
        awsRegion: 'us-east-1',
      },
    ],
  });

  it('retries throttled sends with a growing back-off and delivers the alert once', async () => {
    const user = await owner('throttled');
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert });
    failuresLeft = 2;

    for (const [receive, backOffSeconds] of [
      [1, 30],
      [2, 120],
    ] as const) {
      const before = Date.now();
      expect((await handler(delivery(message(user.id, alert), receive))).batchItemFailures).toHaveLength(1);
      const pending = await getOutboxItem(alert.transitionId);
      expect(pending).toMatchObject({ status: 'pending', attempts: receive, GSI1PK: 'OUTBOX_PENDING' });
      expect(pending?.last_error).toContain('Throttling');
      // Due again when the message comes back: the sweeper leaves it to that message.
      expect(Date.parse(String(pending?.GSI1SK)) - before).toBeGreaterThanOrEqual(backOffSeconds * 1000 - 1000);
      expect(await alertMailsTo(user.email)).toEqual([]);
    }

    expect((await handler(delivery(message(user.id, alert), 3))).batchItemFailures).toEqual([]);
    const sent = await getOutboxItem(alert.transitionId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sent).not.toHaveProperty('GSI1PK');
    // A late copy of the message changes nothing.
    expect((await handler(delivery(message(user.id, alert), 1))).batchItemFailures).toEqual([]);
    const mails = await alertMailsTo(user.email);
    expect(mails.map((mail) => mail.messageId)).toEqual([sent?.ses_message_id]);
  });

  it('marks the alert failed after the last try, and mails it once when the dead letter is redriven', async () => {
    const user = await owner('dead-letter');
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert });
    failuresLeft = 1;
    expect((await handler(delivery(message(user.id, alert), ALERTS_MAX_RECEIVE_COUNT))).batchItemFailures).toHaveLength(1);
    const failed = await getOutboxItem(alert.transitionId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed).not.toHaveProperty('GSI1PK');

    // Redriven from the dead-letter queue, the message starts counting its receives again.
    expect((await handler(delivery(message(user.id, alert), 1))).batchItemFailures).toEqual([]);
    expect(await getOutboxItem(alert.transitionId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await alertMailsTo(user.email)).toHaveLength(1);
  });

  it('leaves an alert claimed by a live mailer alone, and retries a message that is not an alert', async () => {
    const user = await owner('claimed');
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert });
    const leaseUntil = new Date(Date.now() + 60_000).toISOString();
    await patchOutboxItem(alert.transitionId, { status: 'sending', lease_until: leaseUntil, GSI1SK: leaseUntil, claim_id: 'someone-else' });
    expect((await handler(delivery(message(user.id, alert), 1))).batchItemFailures).toEqual([]);
    expect(await getOutboxItem(alert.transitionId)).toMatchObject({ status: 'sending', claim_id: 'someone-else' });
    expect(await alertMailsTo(user.email)).toEqual([]);

    expect((await handler(delivery({ kind: 'alert', userId: user.id }, 1))).batchItemFailures).toHaveLength(1);
  });
});

describe('the outbox sweeper', () => {
  let sweep: (event: unknown) => Promise<void>;
  beforeAll(async () => {
    Object.assign(process.env, inject('cloudEnv'));
    ({ handler: sweep } = await import('../../functions/scheduled/sweep-alert-outbox.js'));
  });

  it('re-queues an entry whose message never came, and one whose claimant died, so each is mailed once', async () => {
    const user = await owner('swept');
    // Committed two minutes ago, and its message lost (the processor's send failed).
    const lost = madeUpDownAlert(2);
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert: lost });
    // Claimed by a mailer that died: its lease ran out a minute and a half ago.
    const orphan = madeUpDownAlert(3);
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert: orphan });
    const expired = new Date(Date.now() - 90_000).toISOString();
    await patchOutboxItem(orphan.transitionId, { status: 'sending', lease_until: expired, GSI1SK: expired, claim_id: 'dead', attempts: 1 });
    // Committed just now: its own message is still on its way, so the sweeper leaves it.
    const fresh = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, ...MONITOR, alert: fresh });

    await sweep({ scheduledTime: new Date().toISOString() });
    await waitForOutboxStatus(lost.transitionId, 'sent');
    await waitForOutboxStatus(orphan.transitionId, 'sent');
    expect(await getOutboxItem(fresh.transitionId)).toMatchObject({ status: 'pending', GSI1SK: fresh.occurredAt });
    await settle();
    expect(await alertMailsTo(user.email)).toHaveLength(2);

    // A second sweep finds nothing of these left to do.
    await sweep({});
    await settle();
    expect(await alertMailsTo(user.email)).toHaveLength(2);
    expect(await getOutboxItem(fresh.transitionId)).toMatchObject({ status: 'pending' });
  });
});
