import { execFileSync } from 'node:child_process';
import xray from 'aws-xray-sdk-core';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ROUND_TRACE = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';

type SentBatch = { Entries: { MessageSystemAttributes?: { AWSTraceHeader?: { StringValue?: string } } }[] };

/** sqs-batch.ts and tracer.ts fresh (the tracer reads its environment when made), with a recording SQS client. */
const freshModules = async () => {
  vi.resetModules();
  const sent: SentBatch[] = [];
  vi.doMock('../../../functions/clients/sqs.js', () => ({
    sqsIn: () => ({
      send: async (command: { input: SentBatch }) => {
        sent.push(command.input);
        return {};
      },
    }),
  }));
  const tracing = await import('../../../functions/observability/tracer.js');
  const { sendAll } = await import('../../../functions/repositories/sqs-batch.js');
  return { sent, tracing, sendAll };
};

/**
 * Tracing on, as on Lambda: there the X-Ray SDK loads in its automatic mode (xray-mode.ts). Here it
 * loaded in manual mode, as it does wherever tracing is off.
 */
const tracingOnAsOnLambda = () => {
  vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs24.x');
  vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
  xray.enableAutomaticMode();
};

/** The X-Ray namespaces a fresh process has once tracer.ts is loaded with `env`. */
const namespacesAfterLoading = (env: Record<string, string>): string[] => {
  const script = "await import('./functions/observability/tracer.ts'); console.log(JSON.stringify(Object.keys(process.namespaces ?? {})));";
  const { AWS_XRAY_MANUAL_MODE: _inherited, POWERTOOLS_TRACE_ENABLED: _off, AWS_EXECUTION_ENV: _lambda, ...rest } = process.env;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...rest, ...env }, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as string[];
};

afterEach(() => {
  vi.doUnmock('../../../functions/clients/sqs.js');
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('traces across the queues (Powertools Tracer, X-Ray)', () => {
  it('continues the trace of a message and puts it on each message sent from there', async () => {
    tracingOnAsOnLambda();
    const flushed: xray.Segment[] = [];
    vi.spyOn(xray.Segment.prototype, 'flush').mockImplementation(function (this: xray.Segment) {
      flushed.push(this);
    });
    const { sent, tracing, sendAll } = await freshModules();

    await tracing.withTraceParent('checker@eu-west-1', ROUND_TRACE, () =>
      sendAll({ region: 'us-east-1', queueUrl: 'results', bodies: Array.from({ length: 12 }, (_, i) => ({ i })) }),
    );

    expect(flushed).toHaveLength(1);
    const [segment] = flushed;
    expect(segment).toMatchObject({ name: 'checker@eu-west-1', trace_id: '1-5759e988-bd862e3fe1be46a994272793', parent_id: '53995c3f42cd8ad8' });
    const headers = sent.flatMap((batch) => batch.Entries.map((entry) => entry.MessageSystemAttributes?.AWSTraceHeader?.StringValue));
    expect(headers).toHaveLength(12);
    expect(new Set(headers)).toEqual(new Set([`Root=1-5759e988-bd862e3fe1be46a994272793;Parent=${segment!.id};Sampled=1`]));
  });

  it('marks a continued trace failed when its work throws, and ends a processor record once', async () => {
    tracingOnAsOnLambda();
    const flushed: xray.Segment[] = [];
    vi.spyOn(xray.Segment.prototype, 'flush').mockImplementation(function (this: xray.Segment) {
      flushed.push(this);
    });
    const { tracing } = await freshModules();

    await expect(tracing.withTraceParent('mailer', ROUND_TRACE, async () => Promise.reject(new Error('SES refused')))).rejects.toThrow('SES refused');
    const trace = tracing.continueTrace('processor', ROUND_TRACE);
    trace.close(new Error('pack failed'));
    trace.close();

    expect(flushed.map((segment) => [segment.name, JSON.parse(segment.format()).fault ?? JSON.parse(segment.format()).error])).toEqual([
      ['mailer', true],
      ['processor', true],
    ]);
  });

  it('does nothing where tracing is off (the local cloud, tests): no segment, no header on the messages', async () => {
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'false');
    const flush = vi.spyOn(xray.Segment.prototype, 'flush');
    const { sent, tracing, sendAll } = await freshModules();

    const answer = await tracing.withTraceParent('checker@eu-west-1', ROUND_TRACE, async () => {
      await sendAll({ region: 'us-east-1', queueUrl: 'results', bodies: [{ i: 1 }] });
      return 'checked';
    });
    tracing.continueTrace('processor', ROUND_TRACE).close();

    expect(answer).toBe('checked');
    expect(tracing.currentTraceHeader()).toBeUndefined();
    expect(sent[0]!.Entries[0]).not.toHaveProperty('MessageSystemAttributes');
    expect(flush).not.toHaveBeenCalled();
  });

  it('loads the X-Ray SDK without its per-promise hook where tracing is off, and with it on Lambda', () => {
    // Automatic mode keeps a namespace whose async hook runs on every promise (xray-mode.ts).
    expect(namespacesAfterLoading({})).toEqual([]);
    expect(namespacesAfterLoading({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'false' })).toEqual([]);
    expect(namespacesAfterLoading({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' })).toEqual(['AWSXRay']);
  });
});
