/**
 * API latency benchmark against the local cloud (see docs/benchmarks.md).
 *
 *   npx tsx test/bench/api-latency.ts
 *
 * Starts the local cloud on ports of its own with a fresh temp data dir, registers and verifies a
 * user through the e-mailed link, gives it its one (free plan) monitor, then times sequential and
 * concurrent HTTP requests through the gateway, plus the handlers' own dependency calls made
 * directly (no HTTP) so the HTTP numbers can be taken apart. Prints markdown. It checks every
 * response's status (a benchmark of error pages is worthless) but asserts nothing about time.
 *
 * Warm-up comes in two steps. DynamoDB Local is a JVM that needs a couple of thousand requests
 * before its JIT settles (measured cold, `GET /api/health` came out several times slower), so
 * first a global warm-up of BENCH_WARMUP_ROUNDS rounds of the non-login requests (its progress is
 * printed as "cold start"), then BENCH_WARMUP requests of the case itself before each measured run.
 *
 * The report names the host's calibration, timed before the cloud starts, and the steal over the
 * measured cases (docs/PERFORMANCE.md "Host calibration").
 *
 * Knobs (optional): BENCH_N (requests per case, default 200), BENCH_WARMUP (default 20),
 * BENCH_WARMUP_ROUNDS (default 500, 4 requests each), BENCH_CONCURRENCY (default 8).
 *
 * Not a test: nothing here is named *.test.ts, so vitest never picks it up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud.js';
import { createJwtAuthorizer } from '../../infra/local/jwt-authorizer.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { signInWithPassword } from '../../functions/repositories/identity-session-repository.js';
import { listUserMonitors } from '../../functions/repositories/monitor-read-repository.js';
import { describeTable } from '../../functions/repositories/table-repository.js';
import { getUserProfile } from '../../functions/repositories/user-repository.js';
import { readAccessToken } from '../../functions/services/auth/access-token.js';
import { fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';

const BENCH_ENV = {
  PORT: '3500',
  UPWATCH_DYNAMODB_PORT: '18500',
  UPWATCH_COGNITO_PORT: '19500',
  UPWATCH_SES_PORT: '18505',
  UPWATCH_CHANNELS_PORT: '18510',
  UPWATCH_SQS_PORT: '14500',
  UPWATCH_ADMIN_EMAIL: 'admin@upwatch.bench',
  UPWATCH_ADMIN_PASSWORD: 'bench-admin-password',
};


const N = intFromEnv('BENCH_N', 200, 1);
const WARMUP = intFromEnv('BENCH_WARMUP', 20, 1);
const WARMUP_ROUNDS = intFromEnv('BENCH_WARMUP_ROUNDS', 500, 1);
const CONCURRENCY = intFromEnv('BENCH_CONCURRENCY', 8, 1);
const PASSWORD = 'correct-horse-battery';
const MONITOR = { name: 'Bench', url: 'https://example.com', check_interval: 300, timeout: 30 };
const INVALID_MONITOR = { ...MONITOR, url: 'not a url' };


// stdout carries the markdown report only. The cloud's own log lines (the local cloud prints the
// functions' lines with console.log; e.g. the check scheduler's "Dispatched check rounds" for the user's monitor) go to
// stderr with the progress lines, so `... > result.md` gets a clean file.
console.log = (...args: unknown[]) => console.error(...args);

// ---------------------------------------------------------------- HTTP

let baseUrl = '';

interface HttpResult {
  status: number;
  text: string;
}

const request = async (
  route: string,
  opts: { method?: string; token?: string; body?: unknown } = {},
): Promise<HttpResult> => {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${route}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  // Read the whole body: the timing covers the full response, and the connection goes back to the pool.
  return { status: response.status, text: await response.text() };
};

const expectStatus = (what: string, result: HttpResult, expected: number): HttpResult => {
  if (result.status !== expected) throw new Error(`${what}: expected ${expected}, got ${result.status}: ${result.text.slice(0, 300)}`);
  return result;
};

// ---------------------------------------------------------------- the user

interface StoredEmail {
  destination: { to: string[] };
  body: { text?: string; html?: string };
}

const verificationToken = async (sesUrl: string, address: string): Promise<string> => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: StoredEmail[] };
    const mail = store.emails.filter((candidate) => candidate.destination.to.some((to) => to.includes(address))).at(-1);
    if (mail) {
      const found = /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? mail.body.html ?? '');
      if (!found?.[1]) throw new Error(`no verification link in the mail to ${address}`);
      return decodeURIComponent(found[1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${address} arrived at the local SES`);
};

/** Registers, verifies through the e-mailed link, logs in and creates the user's one monitor. */
const prepareUser = async (sesUrl: string) => {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  expectStatus('register', await request('/api/auth/register', { method: 'POST', body: { name: 'Bench', email, password: PASSWORD } }), 201);
  const token = await verificationToken(sesUrl, email);
  expectStatus('verify-email', await request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST' }), 200);
  const login = expectStatus('login', await request('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } }), 200);
  const accessToken = (JSON.parse(login.text) as { access_token: string }).access_token;
  expectStatus('create monitor', await request('/api/monitors', { method: 'POST', token: accessToken, body: MONITOR }), 201);
  const list = JSON.parse(expectStatus('list monitors', await request('/api/monitors', { token: accessToken }), 200).text) as { total: number };
  if (list.total !== 1) throw new Error(`expected the user to have 1 monitor, the list says ${list.total}`);
  return { email, accessToken, userId: readAccessToken(accessToken).sub };
};

// ---------------------------------------------------------------- measuring

interface Measurement {
  label: string;
  concurrency: number;
  /** Per-call latency in ms, in the order the calls were started. */
  latencies: number[];
  wallMs: number;
}

/** Runs `count` calls of `call` with `concurrency` workers; each call times itself. */
const runCalls = async (count: number, concurrency: number, call: () => Promise<void>) => {
  const latencies = new Array<number>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const started = performance.now();
      await call();
      latencies[index] = performance.now() - started;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { latencies, wallMs: performance.now() - started };
};

let checkCrash: () => void = () => undefined;

const measure = async (label: string, concurrency: number, call: () => Promise<void>): Promise<Measurement> => {
  checkCrash();
  await runCalls(WARMUP, concurrency, call);
  const { latencies, wallMs } = await runCalls(N, concurrency, call);
  checkCrash();
  const result = { label, concurrency, latencies, wallMs };
  progress(`${label.padEnd(44)} c=${concurrency}  p50 ${fmt(percentile(latencies, 50))} ms  ${fmt(N / (wallMs / 1000), 0)} req/s`);
  return result;
};

/** Nearest-rank percentile. */


const latencyTable = (title: string, rows: Measurement[]): string => {
  const lines = [
    `### ${title}`,
    '',
    '| Case | Conc. | N | p50 ms | p95 ms | p99 ms | max ms | req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) =>
      [
        row.label,
        row.concurrency,
        row.latencies.length,
        fmt(percentile(row.latencies, 50)),
        fmt(percentile(row.latencies, 95)),
        fmt(percentile(row.latencies, 99)),
        fmt(Math.max(...row.latencies)),
        fmt(row.latencies.length / (row.wallMs / 1000), 0),
      ].join(' | '),
    ).map((line) => `| ${line} |`),
  ];
  return lines.join('\n');
};

/** p50 of the first and last fifth of the sequential runs: shows warm-up left over, or state that grows. */
const trendTable = (rows: Measurement[]): string => {
  const fifth = Math.max(1, Math.floor(N / 5));
  return [
    '### Drift within a run (sequential cases)',
    '',
    `| Case | p50 of first ${fifth} ms | p50 of last ${fifth} ms |`,
    '|---|---:|---:|',
    ...rows
      .filter((row) => row.concurrency === 1)
      .map((row) => `| ${row.label} | ${fmt(percentile(row.latencies.slice(0, fifth), 50))} | ${fmt(percentile(row.latencies.slice(-fifth), 50))} |`),
  ].join('\n');
};

// ---------------------------------------------------------------- memory

interface MemoryPoint {
  label: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  children: string;
}

const mb = (bytes: number): number => bytes / 1024 / 1024;

/** RSS of the emulators this process started (DynamoDB Local, cognito-local), read from /proc on Linux. */
const childRss = (): string => {
  if (process.platform !== 'linux') return 'n/a';
  const found: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // Only the emulators: tsx's esbuild service is a child too, but no part of the cloud.
      const name = cmdline.includes('DynamoDBLocal') ? 'DynamoDB Local' : cmdline.includes('cognito-local') ? 'cognito-local' : null;
      if (!name) continue;
      found.push(`${name} ${fmt(rssKb / 1024, 0)} MB`);
    } catch {
      // the process ended between readdir and read
    }
  }
  return found.sort().join(', ') || '-';
};

const memoryPoint = (label: string): MemoryPoint => {
  const usage = process.memoryUsage();
  return { label, rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), children: childRss() };
};

const memoryTable = (points: MemoryPoint[]): string =>
  [
    '### Memory of the benchmark process (gateway, handlers, SES and SQS emulators and the HTTP client all live in it)',
    '',
    '| When | RSS MB | heap used MB | heap total MB | child processes (RSS) |',
    '|---|---:|---:|---:|---|',
    ...points.map((point) => `| ${point.label} | ${fmt(point.rss, 1)} | ${fmt(point.heapUsed, 1)} | ${fmt(point.heapTotal, 1)} | ${point.children} |`),
  ].join('\n');

// ---------------------------------------------------------------- main

const main = async (): Promise<void> => {
  // Before the local cloud starts: the host's speed while the machine is quiet
  // (docs/PERFORMANCE.md "Host calibration").
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const memory: MemoryPoint[] = [memoryPoint('start (modules imported, cloud not started)')];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-bench-'));
  let starting: Promise<LocalCloud> | undefined;
  let cleaning: Promise<void> | undefined;
  // One clean-up shared by the normal end, an error and a signal; if the cloud is still starting,
  // it waits for it, so no emulator outlives the benchmark.
  const cleanUp = (): Promise<void> =>
    (cleaning ??= (async () => {
      try {
        await (await starting?.catch(() => undefined))?.stop();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = signal;
    progress(`${signal}: stopping the local cloud`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let crash: string | undefined;
  checkCrash = () => {
    if (crash) throw new Error(`local cloud part crashed: ${crash}`);
  };

  try {
    const settings = readLocalSettings({ ...BENCH_ENV, UPWATCH_DATA_DIR: dataDir });
    const startedAt = performance.now();
    starting = startLocalCloud(settings, { onCrash: (part, reason) => (crash = `${part}: ${reason}`) });
    const cloud = await starting;
    checkCrash();
    const startupMs = performance.now() - startedAt;
    // The gateway listens on 127.0.0.1 (and ::1); go there directly rather than through name lookup.
    baseUrl = cloud.urls.gateway.replace('//localhost:', '//127.0.0.1:');
    progress(`local cloud up in ${fmt(startupMs / 1000, 1)} s at ${baseUrl} (data in ${dataDir})`);

    const user = await prepareUser(cloud.urls.ses);
    progress(`user ${user.email} ready with 1 monitor`);
    memory.push(memoryPoint('cloud up, user ready (before warm-up)'));

    const token = user.accessToken;
    const get = (route: string, auth: boolean) => async () => {
      expectStatus(`GET ${route}`, await request(route, auth ? { token } : {}), 200);
    };
    const invalidCreate = async () => {
      expectStatus('POST /api/monitors (invalid)', await request('/api/monitors', { method: 'POST', token, body: INVALID_MONITOR }), 400);
    };

    // Global warm-up (see the top of the file); the mean per block shows the JVM settling.
    const warmupRound = [get('/api/health', false), get('/api/auth/me', true), get('/api/monitors', true), invalidCreate];
    const blockRounds = 50;
    const coldStart: string[] = [];
    for (let done = 0; done < WARMUP_ROUNDS; done += blockRounds) {
      const rounds = Math.min(blockRounds, WARMUP_ROUNDS - done);
      const started = performance.now();
      for (let round = 0; round < rounds; round++) for (const call of warmupRound) await call();
      coldStart.push(fmt((performance.now() - started) / (rounds * warmupRound.length), 1));
      checkCrash();
    }
    progress(`cold start, mean ms per request in blocks of ${blockRounds * warmupRound.length}: ${coldStart.join(' ')}`);
    memory.push(memoryPoint('after the global warm-up'));

    // The measuring window: every case from here on.
    const steal = startStealMeter();
    const http: Measurement[] = [];
    http.push(await measure('GET /api/health', 1, get('/api/health', false)));
    http.push(await measure('GET /api/auth/me', 1, get('/api/auth/me', true)));
    http.push(await measure('GET /api/auth/me', CONCURRENCY, get('/api/auth/me', true)));
    http.push(await measure('GET /api/monitors (1 monitor)', 1, get('/api/monitors', true)));
    http.push(await measure('GET /api/monitors (1 monitor)', CONCURRENCY, get('/api/monitors', true)));
    http.push(await measure('POST /api/monitors -> 400 (invalid URL)', 1, invalidCreate));
    // Last among the HTTP cases: every login makes cognito-local store one more refresh token.
    http.push(
      await measure('POST /api/auth/login', 1, async () => {
        expectStatus('POST /api/auth/login', await request('/api/auth/login', { method: 'POST', body: { email: user.email, password: PASSWORD } }), 200);
      }),
    );

    // The same work without HTTP or the gateway: what each route spends in its dependencies.
    const authorize = createJwtAuthorizer({
      issuer: `${cloud.urls.cognito}/${cloud.resources.userPoolId}`,
      clientId: cloud.resources.userPoolClientId,
    });
    const parts: Measurement[] = [];
    parts.push(
      await measure('JWT verification (aws-jwt-verify, JWKS cached)', 1, async () => {
        if (!(await authorize(`Bearer ${token}`))) throw new Error('the access token did not verify');
      }),
    );
    parts.push(
      await measure('DynamoDB Local DescribeTable (health)', 1, async () => {
        await describeTable();
      }),
    );
    parts.push(
      await measure('DynamoDB Local GetItem profile (me)', 1, async () => {
        if (!(await getUserProfile(user.userId))) throw new Error('profile not found');
      }),
    );
    parts.push(
      await measure('DynamoDB Local Query monitors (list)', 1, async () => {
        if ((await listUserMonitors(user.userId)).length !== 1) throw new Error('expected 1 monitor');
      }),
    );
    parts.push(
      await measure('cognito-local InitiateAuth (login)', 1, async () => {
        if ((await signInWithPassword(user.email, PASSWORD)).status !== 'signed_in') throw new Error('sign-in refused');
      }),
    );
    memory.push(memoryPoint(`after ${http.length + parts.length} cases`));
    const stealShare = steal.read();

    const cpus = os.cpus();
    report(
      [
        '## Upwatch API latency (local cloud)',
        '',
        `- ${new Date().toISOString()}, Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} x ${cpus[0]?.model.trim() ?? '?'}, ${fmt(os.totalmem() / 1024 ** 3, 1)} GB RAM`,
        `- ${describeHost(host, stealShare)}`,
        `- 1-minute load average at start / end: ${fmt(loadAtStart)} / ${fmt(os.loadavg()[0] ?? NaN)} (2 cores; other work on the machine shows up here)`,
        `- local cloud start-up: ${fmt(startupMs / 1000, 1)} s`,
        `- global warm-up: ${WARMUP_ROUNDS} rounds of health, me, monitors, invalid create; mean ms per request in blocks of ${blockRounds * warmupRound.length}: ${coldStart.join(' ')}`,
        `- then per case: ${WARMUP} warm-up requests, ${N} measured; concurrent cases use ${CONCURRENCY} workers`,
        '',
        latencyTable('Through the gateway (HTTP, keep-alive)', http),
        '',
        latencyTable('Dependencies called directly (no HTTP, no gateway)', parts),
        '',
        trendTable([...http, ...parts]),
        '',
        memoryTable(memory),
        '',
      ].join('\n'),
    );
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
};

let interrupted: NodeJS.Signals | undefined;
const benchStarted = performance.now();
const loadAtStart = os.loadavg()[0] ?? NaN;
main().then(
  () => {
    progress(`done in ${fmt((performance.now() - benchStarted) / 1000, 1)} s; local cloud stopped, data dir removed`);
    // Keep-alive sockets of fetch's pool would otherwise hold the process open for a few seconds.
    process.exit(0);
  },
  (error: unknown) => {
    // After a signal, requests fail because the cloud is going away; that is not worth a stack.
    if (interrupted) process.exit(130);
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
