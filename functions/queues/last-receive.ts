import type { SQSRecord } from 'aws-lambda';


/**
 * True when a failing record is on its last receive: reported as failed now, the queue moves it to
 * its dead-letter queue (shared/queues.ts). That is when a pipeline failure goes to the operators'
 * error log: earlier failures are retried and may still succeed.
 */
export const isLastReceive = (record: SQSRecord, maxReceiveCount: number): boolean =>
  (Number(record.attributes?.ApproximateReceiveCount) || 1) >= maxReceiveCount;


/** The (first) monitor a results message is about, and how many entries it holds, for the error log. */
export const monitorOf = (body: string): { monitor_id?: string; entries?: number } => {
  try {
    const parsed = JSON.parse(body) as { results?: { result?: { monitorId?: unknown } }[]; rounds?: { monitorId?: unknown }[] };
    const entries = parsed.results ?? parsed.rounds ?? [];
    const first = parsed.results?.[0]?.result?.monitorId ?? parsed.rounds?.[0]?.monitorId;
    return { ...(typeof first === 'string' ? { monitor_id: first } : {}), entries: entries.length };
  } catch {
    return {};
  }
};
