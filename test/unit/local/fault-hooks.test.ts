import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { installDynamoDbFaults, installSesFaults, resultIdsOf } from '../../../infra/local/faults/client-hooks.js';
import { activeFaults, shareCounter, watchFaults, writeFaultPlan, type FaultPlan, type FaultWatch } from '../../../infra/local/faults/fault-control.js';
import { withFaultHooks } from '../../../infra/local/faults/handler-hooks.js';

/** The local cloud's fault hooks (docs/RELIABILITY.md "Fault hooks"), without the cloud. */
const later = new Date(Date.now() + 60_000).toISOString();
const fixed = (plan: FaultPlan): FaultWatch => ({ current: () => plan, stop: () => undefined });
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-faults-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A client whose calls answer at once without the wire, so the hooks are all that can fail them:
 * after the SDK's retries (`finalizeRequest`) or inside them (`deserialize`, skipping the parse).
 */
const answering = <C extends SESClient | DynamoDBClient>(client: C, output: object, step: 'finalizeRequest' | 'deserialize' = 'finalizeRequest'): C => {
  const answer = () => async () => ({ output: { ...output, $metadata: {} }, response: {} });
  if (step === 'deserialize') client.middlewareStack.add(answer, { step, priority: 'low', name: 'answer' });
  else client.middlewareStack.add(answer, { step, priority: 'low', name: 'answer' });
  return client;
};
const local = { region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

const resultsRecord = (id: string, region: string): SQSEvent['Records'][number] =>
  ({
    messageId: id,
    body: JSON.stringify({ kind: 'check_results', results: [{ userId: 'u', result: { monitorId: `m-${id}`, round: '2030-01-01T00:00:00.000Z', region } }] }),
  }) as SQSEvent['Records'][number];

describe('fault hooks of the local cloud', () => {
  it('hits an exact, evenly spread share of calls', () => {
    const hit = shareCounter();
    const hits = Array.from({ length: 1000 }, () => hit(0.3));
    expect(hits.filter(Boolean)).toHaveLength(300);
    expect(hits.slice(0, 10).map(Number)).toEqual([0, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
  });

  it('fails the given share of SES sends while the fault lasts, and none after', async () => {
    let plan: FaultPlan = { ses: { failShare: 0.3, until: later } };
    const client = answering(new SESClient(local), { MessageId: 'sent' });
    installSesFaults({ current: () => plan, stop: () => undefined }, client);
    const send = () =>
      client.send(new SendEmailCommand({ Source: 'a@example.com', Destination: { ToAddresses: ['b@example.com'] }, Message: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } })).then(
        () => 'sent',
        (error: Error) => error.name,
      );
    const outcomes = [];
    for (let i = 0; i < 100; i++) outcomes.push(await send());
    expect(outcomes.filter((outcome) => outcome === 'ServiceUnavailable')).toHaveLength(30);
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(70);
    plan = {};
    expect(await send()).toBe('sent');
  });

  it('throttles DynamoDB inside the SDK\'s retries: a throttled attempt is retried, every attempt throttled fails', async () => {
    const client = answering(new DynamoDBClient({ ...local, maxAttempts: 3 }), { Item: {} }, 'deserialize');
    installDynamoDbFaults(fixed({ dynamodb: { throttleShare: 1, latencyShare: 0, latencyMs: 0, until: later } }), { dir: tempDir(), killable: false }, client);
    await expect(client.send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'a' } } }))).rejects.toMatchObject({
      name: 'ProvisionedThroughputExceededException',
      $metadata: { attempts: 3 },
    });
  }, 20_000);

  it('a silent region runs no check and sends nothing; the other regions check as usual', async () => {
    const checked: string[] = [];
    const checker = (region: string) =>
      withFaultHooks('checker', region, async (event) => {
        checked.push(`${region}:${event.Records.length}`);
        return { batchItemFailures: [] };
      }, { watch: fixed({ silentRegions: { 'eu-west-1': later } }), dir: tempDir(), canKill: false });
    const event = { Records: [resultsRecord('1', 'x')] };
    expect(await checker('eu-west-1')(event)).toEqual({ batchItemFailures: [] });
    await checker('us-east-1')(event);
    expect(checked).toEqual(['us-east-1:1']);
  });

  it('journals the results the processor finished with, not those it reported failed', async () => {
    const dir = tempDir();
    const processor = withFaultHooks('processor', 'us-east-1', async () => ({ batchItemFailures: [{ itemIdentifier: '2' }] }), {
      watch: fixed({}),
      dir,
      canKill: false,
    });
    await processor({ Records: [resultsRecord('1', 'eu-west-1'), resultsRecord('2', 'ap-south-1')] });
    const journal = fs.readdirSync(dir).find((file) => file.startsWith('results-processed-'))!;
    expect(fs.readFileSync(path.join(dir, journal), 'utf8')).toMatch(/^\d+ m-1 2030-01-01T00:00:00.000Z eu-west-1\n$/);
    expect(resultIdsOf(JSON.stringify({ kind: 'round_deadline', rounds: [] }))).toEqual([]);
  });

  it('reads the control file as it changes and drops faults whose time is over', async () => {
    const dir = tempDir();
    const watch = watchFaults(dir);
    try {
      expect(watch.current()).toEqual({});
      writeFaultPlan(dir, { silentRegions: { 'ap-south-1': later, 'eu-west-1': new Date(Date.now() - 1000).toISOString() } });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(watch.current()).toEqual({ silentRegions: { 'ap-south-1': later } });
    } finally {
      watch.stop();
    }
    expect(activeFaults({ ses: { failShare: 1, until: new Date(0).toISOString() } }, Date.now())).toEqual({});
  });
});
