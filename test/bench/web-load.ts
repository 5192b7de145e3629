/**
 * Web app load benchmark (see docs/performance-web.md).
 *
 *   npx tsx test/bench/web-load.ts
 *   BENCH_WEB_ROOTS="before=/tmp/web-before,after=frontend/dist" npx tsx test/bench/web-load.ts
 *
 * For each build of the SPA (label=directory, default `after=frontend/dist`):
 * 1. The JavaScript the first page needs before it can render (index.html's module script and its
 *    modulepreloads): raw, gzip (level 9) and Brotli sizes.
 * 2. The local cloud serving that build (its own ports, fresh data dir), a verified user with one
 *    monitor, then BENCH_RUNS cold loads each (a new browser context, empty cache) in Chromium of
 *    the landing page (until its heading shows) and of /app/dashboard signed in (until the stat
 *    cards show), with the bytes the browser received for scripts and when the session check and
 *    the dashboard figures were requested, from the Resource Timing entries.
 * The report names the host's calibration, timed before any cloud or browser starts, and the steal
 * over the loads (docs/PERFORMANCE.md "Host calibration").
 * Prints markdown; asserts nothing about time (a benchmark, not a test: not *.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';

const RUNS = intFromEnv('BENCH_RUNS', 7, 1);
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 0) + 2000;
const ROOTS = (process.env.BENCH_WEB_ROOTS ?? 'after=frontend/dist').split(',').map((pair) => {
  const [label, dir] = pair.split('=');
  if (!label || !dir) throw new Error(`BENCH_WEB_ROOTS entries are label=directory, got "${pair}"`);
  return { label, dir: path.resolve(dir) };
});
const PASSWORD = 'bench-password-1';

interface InitialJs {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

const initialJs = (root: string): InitialJs => {
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => path.join(root, match[1]!));
  const sizes = files.map((file) => {
    const raw = fs.readFileSync(file);
    return { raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length, brotli: zlib.brotliCompressSync(raw).length };
  });
  const sum = (key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((total, size) => total + size[key], 0);
  return { files: files.length, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
};

const json = async <T>(url: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} -> ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Registers, verifies through the mailed link, signs in, adds one monitor: the tokens. */
const prepareUser = async (baseUrl: string, sesUrl: string) => {
  const email = `bench-web-${Date.now()}@example.com`;
  const post = (route: string, body: unknown, token?: string) =>
    json<Record<string, unknown>>(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', { name: 'Bench', email, password: PASSWORD });
  let verifyToken: string | undefined;
  for (let tries = 0; !verifyToken && tries < 50; tries++) {
    const store = await json<{ emails: { destination: { to: string[] }; body: { text?: string } }[] }>(`${sesUrl}/store`);
    const mail = store.emails.filter((entry) => entry.destination.to.includes(email)).at(-1);
    verifyToken = /token=([\w-]+)/.exec(mail?.body.text ?? '')?.[1];
    if (!verifyToken) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!verifyToken) throw new Error('no verification mail');
  await post(`/api/auth/verify-email?token=${verifyToken}`, undefined);
  const login = (await post('/api/auth/login', { email, password: PASSWORD })) as { access_token: string; refresh_token: string };
  await post('/api/monitors', { name: 'Example', url: 'https://example.com', check_interval: 300, timeout: 30 }, login.access_token);
  return login;
};

interface LoadSample {
  readyMs: number;
  scriptBytes: number;
  meStartMs: number | null;
  statsStartMs: number | null;
  meEndMs: number | null;
}

const coldLoad = async (browser: Browser, url: string, ready: string, session?: { access_token: string; refresh_token: string }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  if (session) {
    await context.addInitScript((value) => localStorage.setItem('upwatch.user.session', value), JSON.stringify(session));
  }
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  // A string, not a function: tsx's name-keeping helpers do not exist in the page.
  const sample = await page.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource');
    const find = (suffix) => entries.find((entry) => new URL(entry.name).pathname === suffix);
    const me = find('/api/auth/me');
    const stats = find('/api/dashboard/stats');
    return {
      readyMs: performance.now(),
      scriptBytes: entries.filter((entry) => entry.name.endsWith('.js')).reduce((sum, entry) => sum + entry.transferSize, 0),
      meStartMs: me ? me.startTime : null,
      meEndMs: me ? me.responseEnd : null,
      statsStartMs: stats ? stats.startTime : null,
    };
  })()`);
  await context.close();
  return sample as LoadSample;
};

const median = (values: number[]) => percentile(values, 50);

/** One build's cold loads, in a process of its own (the functions' settings are read once per process). */
const measureLoads = async (root: { label: string; dir: string }) => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-bench-web-'));
  const settings = readLocalSettings({
    ...process.env,
    PORT: String(3000 + OFFSET),
    UPWATCH_DYNAMODB_PORT: String(8000 + OFFSET),
    UPWATCH_COGNITO_PORT: String(9229 + OFFSET),
    UPWATCH_SES_PORT: String(8005 + OFFSET),
    UPWATCH_SQS_PORT: String(4566 + OFFSET),
    UPWATCH_CHANNELS_PORT: String(8010 + OFFSET),
    UPWATCH_DATA_DIR: dataDir,
    UPWATCH_WEB_ROOT: root.dir,
  });
  progress(`${root.label}: starting the local cloud on :${settings.ports.gateway}`);
  const cloud = await startLocalCloud(settings, { onCrash: (part, reason) => progress(`crash ${part}: ${reason}`) });
  try {
    const baseUrl = cloud.urls.gateway.replace('//localhost:', '//127.0.0.1:');
    const session = await prepareUser(baseUrl, cloud.urls.ses);
    for (const [page, url, ready, withSession] of [
      ['landing', `${baseUrl}/`, 'h1', false],
      ['dashboard (signed in)', `${baseUrl}/app/dashboard`, '[data-testid="stat-card"]', true],
    ] as const) {
      await coldLoad(browser, url, ready, withSession ? session : undefined); // warms the server side
      const samples: LoadSample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await coldLoad(browser, url, ready, withSession ? session : undefined));
      const of = (pick: (sample: LoadSample) => number | null) => {
        const values = samples.map(pick).filter((value): value is number => value !== null);
        return values.length ? fmt(median(values), 0) : '—';
      };
      report(
        `| ${root.label} | ${page} | ${of((s) => s.readyMs)} | ${fmt(percentile(samples.map((s) => s.readyMs), 90), 0)} | ` +
          `${fmt(median(samples.map((s) => s.scriptBytes)) / 1024, 1)} | ${of((s) => s.meStartMs)} | ${of((s) => s.statsStartMs)} | ${of((s) => s.meEndMs)} |`,
      );
    }
  } finally {
    await cloud.stop();
    await browser.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  if (process.argv[2] === '--load') {
    const [label, dir] = (process.argv[3] ?? '').split('=');
    await measureLoads({ label: label!, dir: dir! });
    return;
  }
  // Before any cloud or browser starts: the host's speed while the machine is quiet
  // (docs/PERFORMANCE.md "Host calibration"); the steal is measured over every build's loads.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const sizes = ROOTS.map((root) => ({ label: root.label, size: initialJs(root.dir) }));
  const steal = startStealMeter();
  const loadRows: string[] = [];
  for (const root of ROOTS) {
    const child = spawnSync('npx', ['tsx', 'test/bench/web-load.ts', '--load', `${root.label}=${root.dir}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (child.status !== 0) throw new Error(`${root.label}: the load run failed (exit ${child.status})`);
    // The local cloud logs on stdout too: keep only the report's rows.
    for (const line of child.stdout.split('\n')) if (line.startsWith('| ')) loadRows.push(line);
  }
  report('# Web app load\n');
  report(`${RUNS} cold loads per page and build (after one warm-up load), Chromium headless, the local cloud on loopback.\n`);
  report(`${describeHost(host, steal.read())}\n`);
  report('| build | initial JS files | raw kB | gzip kB | brotli kB |');
  report('|---|---|---|---|---|');
  for (const { label, size } of sizes) {
    report(`| ${label} | ${size.files} | ${fmt(size.raw / 1024, 1)} | ${fmt(size.gzip / 1024, 1)} | ${fmt(size.brotli / 1024, 1)} |`);
  }
  report('');
  report('| build | page | ready, median ms | ready, p90 ms | script kB received | me requested at ms | stats requested at ms | me answered at ms |');
  report('|---|---|---|---|---|---|---|---|');
  for (const row of loadRows) report(row);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
