/**
 * How many single-item writes DynamoDB Local takes a second, with its data on the disk (as
 * `npm start` keeps it) and on tmpfs (/dev/shm): the ceiling under the result processor of the
 * local cloud (docs/PERFORMANCE.md "Scale", "DynamoDB Local's write ceiling"). Each write is an
 * UpdateItem of a state-item-sized item (about 500 bytes), as a steady round makes, from
 * DDB_WRITERS concurrent writers for DDB_SECONDS, twice per place. The report names the host's
 * calibration, timed before the emulators start, and the steal over the tries
 * (docs/PERFORMANCE.md "Host calibration").
 *
 *   npx tsx test/bench/dynamodb-local-writes.ts > writes.md
 *
 * Knobs: DDB_SECONDS (10), DDB_WRITERS (50), UPWATCH_TEST_PORT_OFFSET (the two emulators listen on
 * 18900 and 18901, shifted). Loopback only; both emulators and their data are removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoDb } from '../../infra/local/parts/dynamodb.js';
import { createKeyTable, fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';

const SECONDS = intFromEnv('DDB_SECONDS', 10, 1);
const WRITERS = intFromEnv('DDB_WRITERS', 50, 1);
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 0);
const TABLE = 'bench-writes';
const ANSWERS = 'x'.repeat(450);

const measure = async (port: number): Promise<{ perSecond: number; p50: number; p95: number }> => {
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await createKeyTable(client, TABLE).catch(() => undefined);
  const latencies: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  const writer = async (writerIndex: number) => {
    for (let i = 0; Date.now() < end; i++) {
      const started = performance.now();
      await client.send(
        new UpdateItemCommand({
          TableName: TABLE,
          Key: { PK: { S: `USER#${writerIndex % 20}` }, SK: { S: `MONITOR#${writerIndex}-${i % 500}#STATE` } },
          UpdateExpression: 'SET recent = :recent, last_round = :round, is_up = :up',
          ExpressionAttributeValues: { ':recent': { S: ANSWERS }, ':round': { S: new Date().toISOString() }, ':up': { BOOL: true } },
        }),
      );
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
  client.destroy();
  return { perSecond: latencies.length / SECONDS, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
};

const main = async () => {
  // Before either emulator starts: the host's speed while the machine is quiet
  // (docs/PERFORMANCE.md "Host calibration"); the steal is measured over every try.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg()[0]!.toFixed(2);
  const steal = startStealMeter();
  const rows: string[] = [];
  const places = [
    { name: 'disk', root: os.tmpdir(), port: 18900 + OFFSET },
    ...(fs.existsSync('/dev/shm') ? [{ name: 'tmpfs', root: '/dev/shm', port: 18901 + OFFSET }] : []),
  ];
  for (const place of places) {
    const dataDir = fs.mkdtempSync(path.join(place.root, 'upwatch-writes-'));
    progress(`DynamoDB Local on ${place.name} (${dataDir})`);
    const running = await startDynamoDb({
      port: place.port,
      dataDir,
      logDir: dataDir,
      onCrash: (name, why) => progress(`${name} ${why}`),
    });
    try {
      for (let attempt = 1; attempt <= 2; attempt++) {
        const { perSecond, p50, p95 } = await measure(place.port);
        rows.push(`| ${place.name} (${place.root}) | ${attempt} | ${fmt(perSecond, 0)} | ${fmt(p50, 1)} / ${fmt(p95, 1)} |`);
      }
    } finally {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  // The rows wait for the end: the host line above them carries the steal over every try.
  report(`# DynamoDB Local: single-item writes a second\n`);
  report(`${startedAt}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${loadAtStart}; ${WRITERS} writers, ${SECONDS} s per try\n`);
  report(`${describeHost(host, steal.read())}\n`);
  report('| data in | try | writes/s | latency p50 / p95 ms |');
  report('|---|---:|---:|---|');
  for (const row of rows) report(row);
};

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exit(1);
});
