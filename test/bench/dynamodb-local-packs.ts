/**
 * What DynamoDB Local (and the caller) spend to write, and to read, the steady part of a round:
 * one item per monitor, as the result processor writes it today, against one item per group of
 * monitors holding each member's steady fields in a map (docs/PERFORMANCE.md "One item per group
 * of monitors, measured"). It answers one question before anyone changes the data model: how much
 * of the emulator's cost per round is per item, and so what fewer items would save.
 *
 *   npx tsx test/bench/dynamodb-local-packs.ts > packs.md
 *
 * Forms, each round writing the same fields for every monitor (last_round, last_checked,
 * response_time, open_hour and the round's answers, `recent`) under a compare-and-swap on its last round:
 * - `statements`: today's steady write (docs/PERFORMANCE.md "Steady rounds in batches"): per
 *   monitor a PartiQL UPDATE of its state item with the conditions the processor sends, 25 to a
 *   BatchExecuteStatement.
 * - `group of 25` / `group of 100`: one UpdateItem of a group item per 25 (or 100) monitors,
 *   `SET m.<id> = <entry>` for each member with the condition `m.<id>.lr = <its last round>`.
 * - `one member of a group item of 25 a call`: the same group items of 25, one member per UpdateItem,
 *   as when a group's members do not answer together (it shares the group-of-25 items' rounds).
 * And reads of 100 monitors' steady fields: a BatchGetItem of their 100 state items, against one of
 * the 4 group items of 25 that hold them.
 *
 * Each form runs PACK_ROUNDS rounds of PACK_MONITORS monitors per pass, 8 calls in flight, after a
 * warm-up pass; the table shows each pass and the median. CPU per monitor-round: the emulator's
 * (its process's user + system time from /proc) and this process's (the AWS SDK's side of the calls).
 * The emulator's data is on tmpfs where there is one, as the benchmarks at scale keep it.
 *
 * Knobs: PACK_MONITORS (2500), PACK_ROUNDS (4), PACK_PASSES (4), UPWATCH_TEST_PORT_OFFSET (the
 * emulator listens on 18950, shifted). Loopback only; the emulator and its data go at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BatchExecuteStatementCommand,
  BatchGetItemCommand,
  DynamoDBClient,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { startDynamoDb } from '../../infra/local/parts/dynamodb.js';
import { assertPortFree } from '../../infra/local/supervisor.js';
import { createKeyTable, fmt, intFromEnv, progress, report } from './bench-kit.js';
import { calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';
import { cloudProcesses } from './process-tree.js';

const MONITORS = intFromEnv('PACK_MONITORS', 2500, 100);
const ROUNDS = intFromEnv('PACK_ROUNDS', 4, 1);
const PASSES = intFromEnv('PACK_PASSES', 4, 1);
const PORT = 18950 + intFromEnv('UPWATCH_TEST_PORT_OFFSET', 0);
const IN_FLIGHT = 8;
const STATEMENTS_PER_CALL = 25;
const TABLE = 'bench-packs';

const client = new DynamoDBClient({
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${PORT}`,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  // A refused call must end the run, not be retried into the figures.
  maxAttempts: 1,
});

const S = (value: string): AttributeValue => ({ S: value });
const N = (value: number): AttributeValue => ({ N: String(value) });

/** The round's moment; each round's compare-and-swap expects the one before. */
const roundAt = (round: number): string => new Date(Date.UTC(2026, 10, 29, 4) + round * 30_000).toISOString();
/** A monitor id of the real length (a ULID). */
const monitorId = (i: number): string => `01JD${String(i).padStart(22, '0')}`;
/** The open hour's counters as a state item holds them (about 90 bytes). */
const openHour = (i: number, round: number): AttributeValue => ({
  M: { hour: S('2026-11-29T04'), checks: N(round), up: N(round), sum_ms: N(round * 12 + (i % 7)), slow: N(0), regions: S('us-east-1,eu-west-1,ap-south-1') },
});

/** The round's answers as `recent` holds them (round-history.ts), about 170 characters, new each round. */
const recentAnswers = (round: number): AttributeValue => S(`${roundAt(round)}|`.padEnd(165, 'r'));

const stateKey = (i: number) => ({ PK: S(`USER#${String(i % 20).padStart(36, '0')}`), SK: S(`MONITOR#${monitorId(i)}#STATE`) });
const groupKey = (size: number, group: number) => ({ PK: S(`GROUP#${size}#${group}`), SK: S('STEADY') });

/** A state item of the real shape and size (about 700 bytes), as after a monitor's first round. */
const seedStateItem = (i: number) =>
  client.send(
    new UpdateItemCommand({
      TableName: TABLE,
      Key: stateKey(i),
      UpdateExpression:
        'SET entity = :entity, user_id = :user, monitor_id = :id, is_up = :up, last_round = :round, last_checked = :round, response_time = :ms, ' +
        'open_hour = :hour, recent = :recent, pending_streak = :zero, slow_streak = :zero, open_incident = :none, pending_since = :none, slow_since = :none, closing_hour = :none',
      ExpressionAttributeValues: {
        ':entity': S('MONITOR_STATE'),
        ':user': S(String(i % 20).padStart(36, '0')),
        ':id': S(monitorId(i)),
        ':up': { BOOL: true },
        ':round': S(roundAt(0)),
        ':ms': N(12),
        ':hour': openHour(i, 0),
        ':recent': recentAnswers(0),
        ':zero': N(0),
        ':none': { NULL: true },
      },
    }),
  );

const steadyEntry = (i: number, round: number): AttributeValue => ({
  M: { lr: S(roundAt(round)), lc: S(roundAt(round)), rt: N(10 + (round % 7)), oh: openHour(i, round), r: recentAnswers(round) },
});

const seedGroupItem = (size: number, group: number) =>
  client.send(
    new UpdateItemCommand({
      TableName: TABLE,
      Key: groupKey(size, group),
      UpdateExpression: 'SET m = :members',
      ExpressionAttributeValues: {
        ':members': { M: Object.fromEntries(Array.from({ length: size }, (_, j) => [monitorId(group * size + j), steadyEntry(group * size + j, 0)])) },
      },
    }),
  );

/** Runs `count` jobs, `IN_FLIGHT` at a time. */
const inPool = async (count: number, job: (index: number) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < count) await job(next++);
  }));
};

/** Today's form: one conditional PartiQL UPDATE per monitor, 25 to a call (update-batches.ts). */
const statementsRound = (round: number) =>
  inPool(Math.ceil(MONITORS / STATEMENTS_PER_CALL), async (call) => {
    const members = Array.from({ length: STATEMENTS_PER_CALL }, (_, j) => call * STATEMENTS_PER_CALL + j).filter((i) => i < MONITORS);
    const { Responses } = await client.send(
      new BatchExecuteStatementCommand({
        Statements: members.map((i) => ({
          Statement:
            `UPDATE "${TABLE}" SET "last_round"=? SET "last_checked"=? SET "response_time"=? SET "open_hour"=? SET "recent"=? ` +
            'WHERE "PK"=? AND "SK"=? AND "last_round"=? AND "unwatched_since" IS MISSING AND "maintenance" IS MISSING',
          Parameters: [S(roundAt(round)), S(roundAt(round)), N(10 + (round % 7)), openHour(i, round), recentAnswers(round), stateKey(i).PK, stateKey(i).SK, S(roundAt(round - 1))],
        })),
      }),
    );
    const refused = Responses?.find((response) => response.Error);
    if (refused) throw new Error(`a statement was refused: ${JSON.stringify(refused.Error)}`);
  });

/** One UpdateItem of a group item per `size` monitors, a compare-and-swap per member. */
const groupRound = (size: number) => (round: number) =>
  inPool(Math.ceil(MONITORS / size), async (group) => {
    const names: Record<string, string> = { '#m': 'm' };
    const values: Record<string, AttributeValue> = {};
    const sets: string[] = [];
    const conditions: string[] = [];
    for (let j = 0; j < size && group * size + j < MONITORS; j++) {
      const i = group * size + j;
      names[`#k${j}`] = monitorId(i);
      values[`:v${j}`] = steadyEntry(i, round);
      values[`:p${j}`] = S(roundAt(round - 1));
      sets.push(`#m.#k${j} = :v${j}`);
      conditions.push(`#m.#k${j}.lr = :p${j}`);
    }
    await client.send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: groupKey(size, group),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  });

/** One member of a group item of 25 per UpdateItem: what a group costs when its members' rounds do not come together. */
const memberRound = (round: number) =>
  inPool(MONITORS, async (i) => {
    await client.send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: groupKey(25, Math.floor(i / 25)),
        UpdateExpression: 'SET #m.#k = :v',
        ConditionExpression: '#m.#k.lr = :p',
        ExpressionAttributeNames: { '#m': 'm', '#k': monitorId(i) },
        ExpressionAttributeValues: { ':v': steadyEntry(i, round), ':p': S(roundAt(round - 1)) },
      }),
    );
  });

const READS = 100;
/** The steady fields of 100 monitors: their state items, or the 4 group items of 25 holding them. */
const readStates = () =>
  inPool(Math.ceil(MONITORS / READS), async (page) => {
    const keys = Array.from({ length: READS }, (_, j) => page * READS + j).filter((i) => i < MONITORS).map(stateKey);
    await client.send(new BatchGetItemCommand({ RequestItems: { [TABLE]: { Keys: keys } } }));
  });
const readGroups = () =>
  inPool(Math.ceil(MONITORS / READS), async (page) => {
    const keys = Array.from({ length: READS / 25 }, (_, j) => groupKey(25, page * (READS / 25) + j));
    await client.send(new BatchGetItemCommand({ RequestItems: { [TABLE]: { Keys: keys } } }));
  });

interface Form {
  name: string;
  /** Monitor-rounds (or monitor reads) one run of `run` covers. */
  per: number;
  run(pass: number): Promise<void>;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const main = async () => {
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const startedAt = new Date().toISOString();
  // Another emulator on the port would take this run's calls (and hold a table of the same name).
  await assertPortFree('DynamoDB Local', PORT, 'UPWATCH_TEST_PORT_OFFSET');
  const dataDir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'upwatch-packs-'));
  const running = await startDynamoDb({ port: PORT, dataDir, logDir: dataDir, onCrash: (name, why) => progress(`${name} ${why}`) });
  const emulator = () => {
    const java = cloudProcesses(process.pid).find((sample) => sample.label === 'DynamoDB Local (java)');
    if (!java) throw new Error('DynamoDB Local is not running');
    return java.cpuMs;
  };
  try {
    await createKeyTable(client, TABLE);
    progress(`seeding ${MONITORS} state items and their group items`);
    await inPool(MONITORS, async (i) => void (await seedStateItem(i)));
    for (const size of [25, 100]) await inPool(Math.ceil(MONITORS / size), async (group) => void (await seedGroupItem(size, group)));

    const rounds: Record<string, number> = {};
    const nextRounds = (name: string, run: (round: number) => Promise<void>) => async () => {
      for (let k = 0; k < ROUNDS; k++) await run((rounds[name] = (rounds[name] ?? 0) + 1));
    };
    const forms: Form[] = [
      { name: 'write: statements, 25 a call (today)', per: MONITORS * ROUNDS, run: nextRounds('statements', statementsRound) },
      { name: 'write: one group item per 25', per: MONITORS * ROUNDS, run: nextRounds('group25', groupRound(25)) },
      { name: 'write: one group item per 100', per: MONITORS * ROUNDS, run: nextRounds('group100', groupRound(100)) },
      { name: 'write: one member of a group item of 25 a call', per: MONITORS * ROUNDS, run: nextRounds('group25', memberRound) },
      { name: 'read: 100 state items a BatchGetItem', per: MONITORS * ROUNDS, run: async () => { for (let k = 0; k < ROUNDS; k++) await readStates(); } },
      { name: 'read: 4 group items of 25 a BatchGetItem', per: MONITORS * ROUNDS, run: async () => { for (let k = 0; k < ROUNDS; k++) await readGroups(); } },
    ];
    const figures = new Map<string, { emulator: number[]; caller: number[] }>(forms.map((form) => [form.name, { emulator: [], caller: [] }]));
    const steal = startStealMeter();
    // Pass 0 warms the emulator's JIT up and is not counted; the forms alternate within each pass.
    for (let pass = 0; pass <= PASSES; pass++) {
      for (const form of forms) {
        const emulatorBefore = emulator();
        const callerBefore = process.cpuUsage();
        await form.run(pass);
        const callerUsed = process.cpuUsage(callerBefore);
        if (pass === 0) continue;
        figures.get(form.name)!.emulator.push((emulator() - emulatorBefore) / form.per);
        figures.get(form.name)!.caller.push((callerUsed.user + callerUsed.system) / 1000 / form.per);
      }
      progress(`pass ${pass} of ${PASSES} done`);
    }

    report('# DynamoDB Local: one item per monitor against one item per group\n');
    report(`${startedAt}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}); ${MONITORS} monitors, ${ROUNDS} rounds a pass, ${PASSES} passes after a warm-up, ${IN_FLIGHT} calls in flight; data in ${dataDir.startsWith('/dev/shm') ? 'tmpfs' : 'the temp dir'}\n`);
    report(`${describeHost(host, steal.read())}\n`);
    report('CPU ms per monitor-round (a write) or per monitor read; each pass, then the median.\n');
    report('| form | emulator, each pass | emulator median | caller, each pass | caller median |');
    report('|---|---|---:|---|---:|');
    for (const form of forms) {
      const { emulator: spent, caller } = figures.get(form.name)!;
      report(`| ${form.name} | ${spent.map((value) => fmt(value, 3)).join(' / ')} | **${fmt(median(spent), 3)}** | ${caller.map((value) => fmt(value, 3)).join(' / ')} | ${fmt(median(caller), 3)} |`);
    }
  } finally {
    client.destroy();
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exit(1);
});
