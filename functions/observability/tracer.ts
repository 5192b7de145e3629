// First: it decides the X-Ray SDK's mode, which the SDK reads as it loads (xray-mode.ts).
import './xray-mode.js';
import { Tracer } from '@aws-lambda-powertools/tracer';
import xray from 'aws-xray-sdk-core';
import { METRICS_SERVICE } from '../../shared/metrics.js';

/**
 * X-Ray traces of every function, through Powertools Tracer (docs/observability.md "Traces"). On AWS
 * each function runs with active tracing (infra/constructs/node-lambda.ts): `lambdaEntry` records the
 * handler as a subsegment, every AWS SDK client is captured (each call a subsegment, and the trace
 * header on its request), and the pipeline's queue messages carry the header of the work that sent
 * them, so a consumer continues the sender's trace: one check round is one trace, from the
 * dispatcher through the checkers of every region to the result processor.
 *
 * Outside Lambda (the local cloud, tests) Powertools turns tracing off by itself, and the local
 * cloud also sets POWERTOOLS_TRACE_ENABLED=false: every helper here then does nothing and writes
 * nothing. Outgoing HTTP(S) is not captured globally: the checker's own requests to monitored sites
 * are timed by hand and must stay as they are. The instance is made at first use, after the local
 * cloud set its environment.
 */
let instance: Tracer | undefined;

export const tracer = (): Tracer => (instance ??= new Tracer({ serviceName: METRICS_SERVICE, captureHTTPsRequests: false }));

/** An AWS SDK v3 client with its calls traced; the client as it is when tracing is off. */
export const traced = <C>(client: C): C => tracer().captureAWSv3Client(client);

/** The segment (or subsegment) the work in hand is recorded in; undefined when tracing is off. */
const currentSegment = (): xray.Segment | xray.Subsegment | undefined =>
  tracer().isTracingEnabled() ? tracer().provider.getSegment() : undefined;

/**
 * The X-Ray trace header of the work in hand (`Root=...;Parent=...;Sampled=...`), for a queue message
 * that carries the trace on (SQS's AWSTraceHeader system attribute); undefined when tracing is off.
 */
export const currentTraceHeader = (): string | undefined => {
  const segment = currentSegment();
  if (!segment) return undefined;
  const root = 'trace_id' in segment ? segment.trace_id : segment.segment?.trace_id;
  if (!root || !segment.id) return undefined;
  return `Root=${root};Parent=${segment.id};Sampled=${segment.notTraced ? 0 : 1}`;
};

/** A segment of `name` that continues the trace of `header`; undefined when tracing is off or there is no header. */
const continuedSegment = (name: string, header: string | undefined): xray.Segment | undefined => {
  if (!header || !tracer().isTracingEnabled()) return undefined;
  const { root, parent, sampled } = xray.utils.processTraceData(header);
  if (!root || !parent) return undefined;
  const segment = new xray.Segment(name, root, parent);
  if (sampled === '0') segment.notTraced = true;
  return segment;
};

/** Closes a continued segment (sends it to X-Ray), with `error` when its work failed. */
const closeSegment = (segment: xray.Segment | undefined, error?: unknown): void => {
  if (!segment) return;
  segment.close(error instanceof Error ? error : error === undefined ? undefined : String(error));
};

/** A piece of the trace of a message, open from when it is read until its work is done. */
export interface ContinuedTrace {
  /** Ends it (sends it to X-Ray), marked failed with `error` when its work failed. Once only. */
  close(error?: unknown): void;
}

/**
 * Opens a segment `name` continuing the trace of `header`, for work that is not one function call:
 * the result processor's records, read one by one and applied together. A no-op when tracing is
 * off or there is no header.
 */
export const continueTrace = (name: string, header: string | undefined): ContinuedTrace => {
  let segment = continuedSegment(name, header);
  return {
    close: (error?: unknown) => {
      closeSegment(segment, error);
      segment = undefined;
    },
  };
};

/**
 * Runs `fn` in a segment `name` that continues the trace of `header` (a message's AWSTraceHeader):
 * the AWS calls it makes are recorded there, and the messages it sends carry that trace on. Runs
 * `fn` as it is when tracing is off or the message carries no header.
 */
export const withTraceParent = <T>(name: string, header: string | undefined, fn: () => Promise<T>): Promise<T> => {
  const segment = continuedSegment(name, header);
  if (!segment) return fn();
  return tracer()
    .provider.getNamespace()
    .runAndReturn(async () => {
      tracer().provider.setSegment(segment);
      try {
        const result = await fn();
        closeSegment(segment);
        return result;
      } catch (error) {
        closeSegment(segment, error);
        throw error;
      }
    });
};

/**
 * Runs `fn` in a subsegment `name` of the work in hand, with `annotations` (X-Ray indexes them: a
 * trace can be searched by them); `fn` as it is when tracing is off.
 */
export const inSubsegment = <T>(name: string, annotations: Record<string, string>, fn: () => Promise<T>): Promise<T> => {
  const parent = currentSegment();
  if (!parent) return fn();
  const subsegment = parent.addNewSubsegment(name);
  for (const [key, value] of Object.entries(annotations)) subsegment.addAnnotation(key, value);
  return tracer()
    .provider.getNamespace()
    .runAndReturn(async () => {
      tracer().provider.setSegment(subsegment);
      try {
        const result = await fn();
        subsegment.close();
        return result;
      } catch (error) {
        subsegment.close(error instanceof Error ? error : String(error));
        throw error;
      }
    });
};
