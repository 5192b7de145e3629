import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { IncidentList } from '../../shared/incidents/schemas.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { userKey } from '../../shared/table/keys.js';
import { TEST_ENV } from '../setup/local-cloud.js';
import { startTargetSite } from '../setup/target-site.js';
import { PASSWORD, verificationTokenFrom, type StoredEmail } from './helpers/api.js';
import { waitFor } from './helpers/pipeline.js';

/**
 * `npm start` killed with SIGKILL and started again on the same data directory (docs/operations.md
 * "After a crash"): the emulators the first life left running are stopped, the data is all there,
 * scheduled checks resume, and nothing decided before the crash is decided or mailed again.
 * Its own local cloud (the real start script, schedules on), on ports of its own next to the suite's.
 */
const SHIFT = 450;
const shifted = (value: string) => String(Number(value) + SHIFT);
const ports = {
  PORT: shifted(TEST_ENV.PORT),
  UPWATCH_DYNAMODB_PORT: shifted(TEST_ENV.UPWATCH_DYNAMODB_PORT),
  UPWATCH_COGNITO_PORT: shifted(TEST_ENV.UPWATCH_COGNITO_PORT),
  UPWATCH_SES_PORT: shifted(TEST_ENV.UPWATCH_SES_PORT),
  UPWATCH_SQS_PORT: shifted(TEST_ENV.UPWATCH_SQS_PORT),
  UPWATCH_STRIPE_PORT: shifted(TEST_ENV.UPWATCH_STRIPE_PORT),
  UPWATCH_RAZORPAY_PORT: shifted(TEST_ENV.UPWATCH_RAZORPAY_PORT),
  UPWATCH_CHANNELS_PORT: shifted(TEST_ENV.UPWATCH_CHANNELS_PORT),
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-crash-'));
const gateway = `http://127.0.0.1:${ports.PORT}`;
const sesStore = `http://127.0.0.1:${ports.UPWATCH_SES_PORT}/store`;

const lives: ChildProcess[] = [];

/** Starts `npm start`'s script and resolves with its process once it says it is ready. */
const startCloud = async (): Promise<{ child: ChildProcess; output: () => string }> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, ...TEST_ENV, ...ports, UPWATCH_DATA_DIR: dataDir, UPWATCH_RUN_SCHEDULES: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  lives.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the local cloud to be ready', async () => {
    if (child.exitCode !== null) throw new Error(`the local cloud exited (${child.exitCode}):\n${output.slice(-2000)}`);
    return output.includes('Ready.');
  }, 120_000);
  return { child, output: () => output };
};

const call = async <T>(route: string, opts: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${gateway}${route}`, {
    method: opts.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '10.250.0.1',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: response.status, body: (await response.json()) as T };
};

const mails = async (to: string): Promise<StoredEmail[]> =>
  ((await (await fetch(sesStore)).json()) as { emails: StoredEmail[] }).emails.filter((mail) => mail.destination.to.some((address) => address.includes(to)));

const logIn = async (email: string) =>
  (await call<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } })).body.access_token;

interface ListedMonitor {
  is_up: boolean | null;
  last_checked: string | null;
  latest_incident: { alert_type: string; status: string } | null;
}
const theMonitor = async (token: string) => (await call<{ monitors: ListedMonitor[] }>('/api/monitors', { token })).body.monitors[0]!;

afterAll(async () => {
  for (const child of lives) if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  await Promise.all(lives.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((resolve) => child.once('exit', resolve)))));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start after kill -9', () => {
  it('starts again on the same data, resumes the schedule, and decides and mails nothing twice', async () => {
    const site = await startTargetSite();
    await site.down();
    try {
      // Life 1: a user with a 30 s monitor on a site that is down: one incident, one mail.
      const first = await startCloud();
      const email = `crash-${randomUUID().slice(0, 8)}@example.com`;
      expect((await call('/api/auth/register', { method: 'POST', body: { name: 'Crash test', email, password: PASSWORD } })).status).toBe(201);
      const verifyMail = await waitFor('the verification mail', async () => (await mails(email))[0]);
      expect((await call(`/api/auth/verify-email?token=${encodeURIComponent(verificationTokenFrom(verifyMail))}`, { method: 'POST' })).status).toBe(200);
      let token = await logIn(email);
      const me = await call<{ id: string }>('/api/auth/me', { token });
      const table = DynamoDBDocumentClient.from(
        new DynamoDBClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.UPWATCH_DYNAMODB_PORT}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      );
      await table.send(
        new UpdateCommand({
          TableName: TABLE.name,
          Key: userKey(me.body.id),
          UpdateExpression: 'SET subscription_tier = :tier',
          ExpressionAttributeValues: { ':tier': 'enterprise' },
        }),
      );
      const created = await call('/api/monitors', { method: 'POST', token, body: { name: 'Crashy', url: site.url(), check_interval: 30, timeout: 5 } });
      expect(created.status).toBe(201);
      await waitFor('the down incident', async () => (await theMonitor(token)).latest_incident?.alert_type === 'down');
      await waitFor('the down mail', async () => (await mails(email)).some((mail) => mail.subject === 'Website Down: Crashy'), 60_000);

      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      const crashedAt = new Date().toISOString();

      // Life 2, same data directory: what the first life left running is stopped first.
      const second = await startCloud();
      expect(second.output()).toMatch(/Stopped dynamodb \(pid \d+\), left running by an earlier start/);
      token = await logIn(email);
      const resumed = await waitFor(
        'a scheduled check after the restart',
        async () => {
          const monitor = await theMonitor(token);
          return monitor.last_checked && monitor.last_checked > crashedAt ? monitor : undefined;
        },
        150_000,
      );
      expect(resumed).toMatchObject({ is_up: false, latest_incident: { alert_type: 'down', status: 'open' } });

      await site.up();
      await waitFor('the recovery', async () => (await theMonitor(token)).latest_incident?.alert_type === 'up', 150_000);
      await waitFor('the recovery mail', async () => (await mails(email)).some((mail) => mail.subject === 'Website Recovered: Crashy'), 60_000);

      const incidents = await call<IncidentList>('/api/incidents', { token });
      expect(incidents.body.incidents.map((incident) => incident.alert_type).sort()).toEqual(['down', 'up']);
      // The second life's mail store: the recovery only; the down mail went out once, in the first life.
      expect((await mails(email)).map((mail) => mail.subject).filter((subject) => subject.endsWith(': Crashy'))).toEqual(['Website Recovered: Crashy']);
    } finally {
      await site.down();
    }
  }, 480_000);
});
