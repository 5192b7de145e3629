import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { processSqsBatch, WholeBatchProcessor } from '../../../functions/queues/batch-processing.js';
import { handler as processResults } from '../../../functions/queues/process-check-results.js';
import { handler as runChecks } from '../../../functions/queues/run-checks.js';
import { addCountsBy } from '../../../functions/observability/metrics.js';
import { sendCheckResults } from '../../../functions/repositories/check-queue-repository.js';
import { processResultsBatch } from '../../../functions/services/checks/process-results.js';
import { runCheckJobs } from '../../../functions/services/checks/run-check-jobs.js';
import { recordApplicationError } from '../../../functions/services/operations/record-application-error.js';
import { MAX_RECEIVE_COUNT } from '../../../shared/queues.js';

vi.mock('../../../functions/services/checks/process-results.js', () => ({ processResultsBatch: vi.fn() }));
vi.mock('../../../functions/services/checks/run-check-jobs.js', () => ({ runCheckJobs: vi.fn() }));
vi.mock('../../../functions/repositories/check-queue-repository.js', () => ({ sendCheckResults: vi.fn() }));
vi.mock('../../../functions/observability/metrics.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/observability/metrics.js')>()),
  addCountsBy: vi.fn(),
}));
vi.mock('../../../functions/services/operations/record-application-error.js', () => ({
  recordApplicationError: vi.fn(),
  canRecordApplicationErrors: () => true,
}));

const record = (id: string, body: unknown, receiveCount = 1, region = 'eu-west-1'): SQSRecord =>
  ({
    messageId: id,
    receiptHandle: `receipt-${id}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: String(Date.now() - 1000) },
    awsRegion: region,
  }) as unknown as SQSRecord;

const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

const result = (monitorId: string, region: string, outcome: 'up' | 'down') => ({
  monitorId,
  region,
  round: '2030-01-07T10:50:00.000Z',
  outcome,
  errorCategory: outcome === 'down' ? 'connection_refused' : null,
  statusCode: outcome === 'up' ? 200 : null,
  timings: { dns: 1, connect: 1, tls: null, ttfb: 1, total: 3 },
  checkedAt: '2030-01-07T10:50:00.100Z',
  attempts: 1,
  message: null,
});

const resultsMessage = (monitorId: string) => ({ kind: 'check_results', pack: `p-${monitorId}`, results: [{ userId: 'u1', result: result(monitorId, 'eu-west-1', 'up') }] });

beforeAll(() => {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    HOME_REGION: 'us-east-1',
    RESULTS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/upwatch-check-results',
    CHECK_QUEUE_URLS: JSON.stringify({ 'eu-west-1': 'http://127.0.0.1:4566/000000000000/upwatch-checks-eu-west-1' }),
    ALERTS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/upwatch-alerts',
    CHANNEL_DELIVERIES_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/upwatch-channel-deliveries',
  });
});

beforeEach(() => {
  vi.resetAllMocks();
});

describe('processSqsBatch (Powertools batch processor)', () => {
  it('reports the failed records only, after their onFailure, and answers a batch that failed whole instead of throwing', async () => {
    const failedSeen: string[] = [];
    const options = { onFailure: async (failed: SQSRecord) => void failedSeen.push(failed.messageId) };
    const some = await processSqsBatch(event(record('a', '1'), record('b', 'x'), record('c', '3')), async (r) => JSON.parse(r.body), options);
    expect(some.batchItemFailures).toEqual([{ itemIdentifier: 'b' }]);
    const all = await processSqsBatch(event(record('d', 'x'), record('e', 'y')), async (r) => JSON.parse(r.body), options);
    expect(all.batchItemFailures).toEqual([{ itemIdentifier: 'd' }, { itemIdentifier: 'e' }]);
    expect(failedSeen).toEqual(['b', 'd', 'e']);
  });

  it('handles records one after another when asked (sequential)', async () => {
    let running = 0;
    let most = 0;
    const handleRecord = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
    };
    await processSqsBatch(event(record('a', 1), record('b', 2), record('c', 3)), handleRecord, { sequential: true });
    expect(most).toBe(1);
    await processSqsBatch(event(record('a', 1), record('b', 2), record('c', 3)), handleRecord);
    expect(most).toBe(3);
  });

  it('WholeBatchProcessor gives every record read to one call, and reports what that call names as failed', async () => {
    const together = vi.fn(async (read: readonly { record: SQSRecord; value: number }[]) => new Map([[read[1]!.record.messageId, new Error('pack failed')]]));
    const response = await processSqsBatch(
      event(record('a', '1'), record('bad', '{'), record('b', '2'), record('c', '3')),
      async (r) => Number(JSON.parse(r.body)),
      {},
      new WholeBatchProcessor<number>(together),
    );
    expect(together).toHaveBeenCalledTimes(1);
    expect(together.mock.calls[0]![0].map(({ record: r, value }) => `${r.messageId}=${value}`)).toEqual(['a=1', 'b=2', 'c=3']);
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['b', 'bad']);
  });
});

describe('the result processor handler', () => {
  it('processes the whole batch at once and reports unreadable messages and failed packs', async () => {
    vi.mocked(processResultsBatch).mockResolvedValue(new Set(['pack-failed']));
    const response = await processResults(
      event(record('ok', resultsMessage('m1')), record('garbled', 'not json'), record('pack-failed', resultsMessage('m2'))),
    );
    expect(processResultsBatch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(processResultsBatch).mock.calls[0]![0].map((entry) => entry.messageId)).toEqual(['ok', 'pack-failed']);
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['garbled', 'pack-failed']);
    expect(recordApplicationError).not.toHaveBeenCalled();
  });

  it('puts a message that fails its last try in the operators error log, naming its monitor', async () => {
    vi.mocked(processResultsBatch).mockResolvedValue(new Set(['last']));
    await processResults(event(record('last', resultsMessage('m9'), MAX_RECEIVE_COUNT), record('garbled', '{', MAX_RECEIVE_COUNT)));
    expect(recordApplicationError).toHaveBeenCalledTimes(2);
    expect(recordApplicationError).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'monitor_check_error', monitorId: 'm9', context: expect.objectContaining({ queue: 'results', message_id: 'last' }) }),
    );
  });
});

describe('the checker handler', () => {
  const pack = {
    kind: 'check_jobs',
    jobs: [{ userId: 'u1', monitorId: 'm1', url: 'https://example.com', timeoutSeconds: 30, slowThresholdMs: 5000, round: '2030-01-07T10:50:00.000Z' }],
    pack: 'p1',
  };

  it('runs a pack, sends its results home and counts the checks by region and outcome', async () => {
    const results = [result('m1', 'eu-west-1', 'up'), result('m2', 'eu-west-1', 'down')];
    vi.mocked(runCheckJobs).mockResolvedValue([{ kind: 'check_results', pack: 'p1', results: results.map((r) => ({ userId: 'u1', result: r })) }] as never);
    const response = await runChecks(event(record('a', pack)));
    expect(response.batchItemFailures).toEqual([]);
    expect(sendCheckResults).toHaveBeenCalledTimes(1);
    const [name, counted, dimensionsOf] = vi.mocked(addCountsBy).mock.calls[0]!;
    expect(name).toBe('ChecksRun');
    expect((counted as typeof results).map((r) => dimensionsOf(r as never))).toEqual([
      { region: 'eu-west-1', outcome: 'up' },
      { region: 'eu-west-1', outcome: 'down' },
    ]);
  });

  it('reports a pack whose results could not be sent, and records it for the operators on its last try', async () => {
    vi.mocked(runCheckJobs).mockResolvedValue([]);
    vi.mocked(sendCheckResults).mockRejectedValue(new Error('SQS is down'));
    const response = await runChecks(event(record('early', pack, 1), record('last', pack, MAX_RECEIVE_COUNT)));
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'early' }, { itemIdentifier: 'last' }]);
    expect(runCheckJobs).toHaveBeenCalledTimes(2);
    expect(recordApplicationError).toHaveBeenCalledTimes(1);
    expect(recordApplicationError).toHaveBeenCalledWith(expect.objectContaining({ context: expect.objectContaining({ queue: 'check', message_id: 'last' }) }));
  });
});
