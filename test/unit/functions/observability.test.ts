import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textLogLine } from '../../../functions/observability/log-line.js';
import { lambdaEntry } from '../../../functions/observability/lambda-entry.js';
import { appendLogKeys, logger, withLogKeys } from '../../../functions/observability/logger.js';
import { captureLogs } from './captured-logs.js';

const context = (functionName: string, awsRequestId: string): Context =>
  ({ functionName, awsRequestId, invokedFunctionArn: `arn:aws:lambda:us-east-1:1:function:${functionName}`, memoryLimitInMB: '512' }) as Context;

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

afterEach(() => {
  delete process.env.UPWATCH_LOG_FORMAT;
});

describe('the functions logger (Powertools Logger)', () => {
  it('writes one JSON line per entry with the function, its request id and the keys in scope', async () => {
    const logs = captureLogs();
    const handler = lambdaEntry(async (event: { id: string }) => {
      appendLogKeys({ userId: 'u-1' });
      await withLogKeys({ monitorId: event.id }, async () => logger.info('Round applied', { round: 'r1' }));
      logger.warn('After the round');
    });
    await handler({ id: 'm-1' }, context('processor', 'req-1'));
    logs.restore();

    const [first, second] = logs.entries();
    expect(first).toMatchObject({
      level: 'INFO',
      message: 'Round applied',
      service: 'upwatch',
      function_name: 'processor',
      function_request_id: 'req-1',
      userId: 'u-1',
      monitorId: 'm-1',
      round: 'r1',
    });
    expect(second).toMatchObject({ level: 'WARN', function_request_id: 'req-1', userId: 'u-1' });
    expect(second).not.toHaveProperty('monitorId');
  });

  it('keeps the keys of invocations and work that run side by side apart', async () => {
    const logs = captureLogs();
    const handler = lambdaEntry(async (event: { user: string }) => {
      appendLogKeys({ userId: event.user });
      await Promise.all(
        ['a', 'b'].map((monitor) =>
          withLogKeys({ monitorId: `${event.user}-${monitor}` }, async () => {
            await tick();
            logger.info('Checked');
          }),
        ),
      );
    });
    await Promise.all([handler({ user: 'u1' }, context('api-monitors', 'r-1')), handler({ user: 'u2' }, context('api-monitors', 'r-2'))]);
    logs.restore();

    const seen = logs.entries().map((entry) => `${entry.function_request_id} ${entry.userId} ${entry.monitorId}`);
    expect(seen.sort()).toEqual(['r-1 u1 u1-a', 'r-1 u1 u1-b', 'r-2 u2 u2-a', 'r-2 u2 u2-b']);
  });

  it('never writes a secret: values under secret keys and tokens inside strings are redacted', () => {
    const logs = captureLogs();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl';
    logger.error('Sign-in failed', {
      password: 'correct-horse',
      headers: { authorization: `Bearer ${jwt}` },
      error: new Error(`GET /verify?token=abc123 answered 500 for Bearer ${jwt}`),
    });
    logs.restore();

    const [line] = logs.lines;
    expect(line).not.toContain('correct-horse');
    expect(line).not.toContain(jwt);
    expect(line).not.toContain('abc123');
    expect(logs.entries()[0]).toMatchObject({ password: '[redacted]', headers: { authorization: '[redacted]' } });
  });

  it('formats an error with its name, message, stack and AWS metadata', () => {
    const logs = captureLogs();
    const error = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } });
    logger.error('Could not mail an alert; it will be tried again', { transitionId: 't-1', error });
    logs.restore();
    expect(logs.entries()[0]).toMatchObject({
      transitionId: 't-1',
      error: { name: 'ThrottlingException', message: 'Rate exceeded', stack: expect.stringContaining('observability.test.ts'), $metadata: { httpStatusCode: 400 } },
    });
  });

  it('prints a readable line instead of JSON when UPWATCH_LOG_FORMAT is text (the local cloud)', async () => {
    process.env.UPWATCH_LOG_FORMAT = 'text';
    const logs = captureLogs();
    await lambdaEntry(async () => logger.info('Alert mailed', { transitionId: 'm#r#down', token: 'secret-value', note: 'two words' }))(
      {},
      context('mailer', '5f1c2a9e-0000-4000-8000-000000000000'),
    );
    logs.restore();
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} INFO {2}mailer 5f1c2a9e Alert mailed transitionId=m#r#down token=\[redacted\] note="two words"$/,
    );
  });
});

describe('textLogLine', () => {
  it('puts the stack of an error and of its cause under the line', () => {
    const cause = new Error('socket hang up');
    const error = new Error('Could not send', { cause });
    const text = textLogLine({ level: 'ERROR', message: 'Could not run a pack of checks', timestamp: '2030-01-07T10:50:00.000Z', error });
    const lines = text.split('\n');
    expect(lines[0]).toBe('10:50:00.000 ERROR Could not run a pack of checks error="Error: Could not send"');
    expect(lines.slice(1).every((line) => line.startsWith('    '))).toBe(true);
    expect(text).toContain('caused by Error: socket hang up');
  });
});

describe('lambdaEntry', () => {
  it('never logs the event, even when POWERTOOLS_LOGGER_LOG_EVENT asks for it', async () => {
    vi.stubEnv('POWERTOOLS_LOGGER_LOG_EVENT', 'true');
    const logs = captureLogs();
    await lambdaEntry(async () => undefined)({ body: '{"password":"correct-horse"}' }, context('api-auth', 'r'));
    logs.restore();
    vi.unstubAllEnvs();
    expect(logs.lines.join('\n')).not.toContain('correct-horse');
  });
});

describe('metrics (Powertools Metrics, EMF)', () => {
  it('publishes counts in the one namespace with the service dimension, a dimensional count as one line per set', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.resetModules();
    const metrics = await import('../../../functions/observability/metrics.js');
    const written: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
    const checks = [
      { region: 'eu-west-1', outcome: 'up' },
      { region: 'eu-west-1', outcome: 'up' },
      { region: 'us-east-1', outcome: 'down' },
    ];
    metrics.addCountsBy('ChecksRun', checks, (check) => check);
    metrics.addCount('RoundsDecided', 5);
    metrics.addCount('AlertMailsSent', 0);
    metrics.flushMetrics();
    metrics.flushMetrics();
    stdout.mockRestore();
    vi.unstubAllEnvs();

    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown> & { _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] } });
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Upwatch' });
    expect(lines[0]).toMatchObject({ service: 'upwatch', region: 'eu-west-1', outcome: 'up', ChecksRun: 2 });
    expect(lines[0]!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'region', 'outcome']]);
    expect(lines[1]).toMatchObject({ region: 'us-east-1', outcome: 'down', ChecksRun: 1 });
    expect(lines[2]).toMatchObject({ service: 'upwatch', RoundsDecided: 5 });
    expect(lines[2]).not.toHaveProperty('AlertMailsSent');
  });
});

describe('lambdaEntry publishes metrics (Powertools logMetrics)', () => {
  it('publishes what an invocation buffered when it ends, even when it fails, and writes nothing for one that counted nothing', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.resetModules();
    const { lambdaEntry: entry } = await import('../../../functions/observability/lambda-entry.js');
    const metrics = await import('../../../functions/observability/metrics.js');
    const { logger: freshLogger } = await import('../../../functions/observability/logger.js');
    freshLogger.setLogLevel('DEBUG');
    const written: string[] = [];
    const keep = (chunk: unknown) => {
      written.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    };
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
    vi.spyOn(freshLogger, 'refreshSampleRateCalculation').mockImplementation(() => undefined);
    try {
      await entry(async () => metrics.addCount('RoundsDecided', 2))({}, context('processor', 'r-1'));
      await expect(
        entry(async () => {
          metrics.addCount('AlertMailsFailed', 1);
          throw new Error('SES refused');
        })({}, context('mailer', 'r-2')),
      ).rejects.toThrow('SES refused');
      await entry(async () => undefined)({}, context('api-monitors', 'r-3'));
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      freshLogger.setLogLevel('SILENT');
      vi.unstubAllEnvs();
    }

    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ service: 'upwatch', RoundsDecided: 2 });
    expect(lines[1]).toMatchObject({ service: 'upwatch', AlertMailsFailed: 1 });
  });
});
