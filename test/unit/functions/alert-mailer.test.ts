import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonSampleEvent } from '../../../events/sample-event.js';
import { alertRetryDelaySeconds, handler } from '../../../functions/queues/send-alert-mails.js';
import { redeliverAlertAfter } from '../../../functions/repositories/alert-queue-repository.js';
import { deliverAlert } from '../../../functions/services/alerts/deliver-alert.js';
import { ALERTS_MAX_RECEIVE_COUNT } from '../../../shared/queues.js';

vi.mock('../../../functions/services/alerts/deliver-alert.js', () => ({ deliverAlert: vi.fn() }));
vi.mock('../../../functions/repositories/alert-queue-repository.js', () => ({ redeliverAlertAfter: vi.fn() }));

const QUEUE_URL = 'http://127.0.0.1:4566/000000000000/upwatch-alerts';

beforeAll(() => {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    CHECK_QUEUE_URLS: JSON.stringify({ 'us-east-1': 'http://127.0.0.1:4566/000000000000/upwatch-checks-us-east-1' }),
    RESULTS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/upwatch-check-results',
    ALERTS_QUEUE_URL: QUEUE_URL,
    CHANNEL_DELIVERIES_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/upwatch-channel-deliveries',
  });
});

const record = (id: string, receiveCount: number, body: unknown = { kind: 'alert', userId: 'u1', alert: { transitionId: `t-${id}` } }): SQSRecord =>
  ({
    messageId: id,
    receiptHandle: `receipt-${id}`,
    body: JSON.stringify(body),
    attributes: { ApproximateReceiveCount: String(receiveCount) },
  }) as unknown as SQSRecord;

const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(redeliverAlertAfter).mockResolvedValue();
  // The handler logs every failure; the assertions are about what it reports.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

describe('alertRetryDelaySeconds', () => {
  it('backs off 30 s, 2, 8 and 15 minutes, and has no retry after the last receive', () => {
    expect([1, 2, 3, 4].map(alertRetryDelaySeconds)).toEqual([30, 120, 480, 900]);
    expect(alertRetryDelaySeconds(ALERTS_MAX_RECEIVE_COUNT)).toBeNull();
  });
});

describe('the mailer handler', () => {
  it('takes the alert of the sample alerts-queue event (events/sqs/alert.json) to the outbox', async () => {
    vi.mocked(deliverAlert).mockResolvedValueOnce({ outcome: 'sent', messageId: 'ses-1' });
    const response = await handler(jsonSampleEvent<SQSEvent>('sqs', 'alert'));
    expect(response.batchItemFailures).toEqual([]);
    expect(vi.mocked(deliverAlert).mock.calls[0]![0]).toMatchObject({
      transitionId: '01JNB6Z6Q0SAMPLEMONITOR00#2030-01-07T10:50:00.000Z#down',
      retryAt: expect.any(Date),
    });
  });

  it('acknowledges mailed, skipped and already handled alerts', async () => {
    vi.mocked(deliverAlert)
      .mockResolvedValueOnce({ outcome: 'sent', messageId: 'ses-1' })
      .mockResolvedValueOnce({ outcome: 'skipped', reason: 'preferences_off' })
      .mockResolvedValueOnce({ outcome: 'not_claimed', status: 'sent' });
    const response = await handler(event(record('a', 1), record('b', 1), record('c', 2)));
    expect(response.batchItemFailures).toEqual([]);
    expect(vi.mocked(deliverAlert).mock.calls.map(([call]) => call.transitionId)).toEqual(['t-a', 't-b', 't-c']);
    expect(redeliverAlertAfter).not.toHaveBeenCalled();
  });

  it('reports a failed send alone and hides it for its back-off, telling the outbox when the next try comes', async () => {
    const throttled = Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'Throttling' });
    vi.mocked(deliverAlert)
      .mockResolvedValueOnce({ outcome: 'sent', messageId: 'ses-1' })
      .mockImplementationOnce(async ({ retryAt }) => ({ outcome: 'retry', error: throttled, retryAt: retryAt! }));
    const before = Date.now();
    const response = await handler(event(record('ok', 1), record('throttled', 2)));
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'throttled' }]);
    expect(redeliverAlertAfter).toHaveBeenCalledWith(QUEUE_URL, 'receipt-throttled', 120);
    const retryAt = vi.mocked(deliverAlert).mock.calls[1]![0].retryAt!;
    expect(retryAt.getTime() - before).toBeGreaterThanOrEqual(120_000);
    expect(retryAt.getTime() - before).toBeLessThan(125_000);
  });

  it('on the last receive, lets the outbox mark the alert failed and the message go to the dead-letter queue at once', async () => {
    vi.mocked(deliverAlert).mockImplementation(async ({ retryAt }) =>
      retryAt === null ? { outcome: 'failed', error: new Error('SES is down') } : { outcome: 'retry', error: new Error('x'), retryAt },
    );
    const response = await handler(event(record('last', ALERTS_MAX_RECEIVE_COUNT)));
    expect(vi.mocked(deliverAlert).mock.calls[0]![0].retryAt).toBeNull();
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'last' }]);
    expect(redeliverAlertAfter).toHaveBeenCalledWith(QUEUE_URL, 'receipt-last', 0);
  });

  it('retries a malformed message and a failed claim like a failed send, without mailing', async () => {
    vi.mocked(deliverAlert).mockRejectedValueOnce(new Error('ProvisionedThroughputExceededException'));
    const response = await handler(event(record('garbled', 1, { kind: 'check_results' }), record('dynamo', 1)));
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'garbled' }, { itemIdentifier: 'dynamo' }]);
    expect(deliverAlert).toHaveBeenCalledTimes(1);
    expect(redeliverAlertAfter).toHaveBeenCalledTimes(2);
  });

  it('still reports the failure when the back-off cannot be set (the message then returns after its visibility timeout)', async () => {
    vi.mocked(deliverAlert).mockResolvedValueOnce({ outcome: 'retry', error: new Error('x'), retryAt: new Date() });
    vi.mocked(redeliverAlertAfter).mockRejectedValueOnce(new Error('ReceiptHandleIsInvalid'));
    const response = await handler(event(record('r', 1)));
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'r' }]);
  });
});
