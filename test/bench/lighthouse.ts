/**
 * Lighthouse benchmark of the public pages (docs/performance-web.md "Lighthouse").
 *
 *   npm run build:web && npm run bench:lighthouse
 *   BENCH_WEB_ROOTS="before=/tmp/web-before,after=frontend/dist" BENCH_RUNS=3 npm run bench:lighthouse
 *
 * For each build of the SPA (label=directory, default `after=frontend/dist`): a static server on
 * loopback answers as the local gateway does (infra/local/static-files.ts: the build's files, the
 * prerendered pages, compression, the app's Content-Security-Policy), with a stand-in
 * /config.json, the public plans call answered as the API does (the built-in prices) and 404 for
 * the rest of /api/* (public pages call nothing else). Lighthouse
 * 12 audits every page of the build's sitemap.xml plus /login and /register, in headless Chromium
 * (/usr/bin/chromium or CHROME_PATH; BENCH_LH_PAGES=/,/pricing audits only those), with its defaults: mobile, simulated slow 4G and a 4x slower
 * CPU. BENCH_RUNS runs per page; the median run (by performance score) is reported, and beside it every run's performance
 * score with the host's 1-minute load average when it ended (the host is shared: a loaded one scores lower).
 * The report also names the host's calibration, timed before Chromium starts, and the steal over
 * the audits (docs/PERFORMANCE.md "Host calibration").
 * Prints markdown; asserts nothing (a benchmark, not a test: not *.test.ts). Stops by itself.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serveStatic } from '../../infra/local/static-files.js';
import { ROUTES } from '../../shared/api/routes.js';
import { packagesOf } from '../../shared/account/subscription.js';
import { contentSecurityPolicy } from '../../shared/web/content-security-policy.js';
import { fmt, intFromEnv, progress, report } from './bench-kit.js';
import { calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';

const RUNS = intFromEnv('BENCH_RUNS', 1, 1);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROOTS = (process.env.BENCH_WEB_ROOTS ?? 'after=frontend/dist').split(',').map((pair) => {
  const [label, dir] = pair.split('=');
  if (!label || !dir) throw new Error(`BENCH_WEB_ROOTS entries are label=directory, got "${pair}"`);
  return { label, dir: path.resolve(dir) };
});
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** What the SPA reads before its first screen; the values only have to be well formed here. */
const STAND_IN_CONFIG = {
  apiUrl: '',
  region: 'us-east-1',
  userPoolId: 'us-east-1_bench',
  userPoolClientId: 'bench',
  userPoolEndpoint: null,
  supportEmail: 'support@example.com',
  razorpayCheckoutUrl: null,
};

const PACKAGES_PATH = ROUTES.find((route) => route.name === 'listPackages')!.path;

/** The pages to audit: the sitemap's (the public pages, from the route table) and the sign-in forms. */
const pagesToAudit = (): string[] => {
  if (process.env.BENCH_LH_PAGES) return process.env.BENCH_LH_PAGES.split(',').filter(Boolean);
  const sitemap = ROOTS.map((root) => path.join(root.dir, 'sitemap.xml')).find((file) => fs.existsSync(file));
  const listed = sitemap ? [...fs.readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname) : ['/', '/pricing'];
  const extra = (process.env.BENCH_LH_EXTRA ?? '/login,/register').split(',').filter(Boolean);
  return [...new Set([...listed, ...extra])];
};

const serve = (webRoot: string): Promise<http.Server> => {
  const csp = contentSecurityPolicy({});
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(JSON.stringify(STAND_IN_CONFIG));
    } else if (url.pathname === PACKAGES_PATH) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(JSON.stringify(packagesOf()));
    } else if (url.pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Not found' }));
    } else {
      serveStatic(webRoot, url.pathname, response, { acceptEncoding: request.headers['accept-encoding'], contentSecurityPolicy: csp });
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
};

interface Audit {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  fcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  failing: string[];
  /** The host's 1-minute load average when the run ended. */
  load: number;
}

const audit = async (url: string, port: number): Promise<Audit> => {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Audit['scores'];
  // The audits that cost points (weighted in a category, below full score), for the reading.
  const weighted = new Set(CATEGORIES.flatMap((id) => (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id)));
  const failing = Object.values(lhr.audits)
    .filter((entry) => weighted.has(entry.id) && entry.score !== null && entry.score < 0.9)
    .map((entry) => entry.id);
  return {
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    speedIndexMs: numeric('speed-index'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
    load: os.loadavg()[0] ?? Number.NaN,
  };
};

const median = (runs: Audit[]): Audit => [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)]!;

const main = async (): Promise<void> => {
  // Before Chromium starts: the host's speed while the machine is quiet
  // (docs/PERFORMANCE.md "Host calibration"); the steal is measured over every audit.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const steal = startStealMeter();
  const pages = pagesToAudit();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const rows: string[] = [];
  const benchmarkIndexes: number[] = [];
  try {
    for (const root of ROOTS) {
      const server = await serve(root.dir);
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        for (const page of pages) {
          const runs: Audit[] = [];
          for (let run = 0; run < RUNS; run++) {
            progress(`${root.label} ${page} run ${run + 1}/${RUNS}`);
            runs.push(await audit(`${origin}${page}`, chrome.port));
          }
          const best = median(runs);
          benchmarkIndexes.push(...runs.map((entry) => entry.benchmarkIndex));
          rows.push(
            `| ${root.label} | ${page} | ${CATEGORIES.map((id) => best.scores[id]).join(' | ')} | ${fmt(best.fcpMs / 1000, 1)} | ${fmt(best.lcpMs / 1000, 1)} | ${fmt(best.speedIndexMs / 1000, 1)} | ${fmt(best.tbtMs, 0)} | ${fmt(best.cls, 3)} | ${best.failing.join(', ') || '—'} | ${runs.map((entry) => `${entry.scores.performance} (${fmt(entry.load, 1)})`).join(', ')} |`,
          );
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  } finally {
    await chrome.kill();
  }
  const stealShare = steal.read();
  const sortedIndexes = [...benchmarkIndexes].sort((a, b) => a - b);
  report(
    [
      `Lighthouse 12 (mobile, simulated throttling), ${RUNS} run(s) per page, median by performance; ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
      describeHost(host, stealShare),
      `Host speed (Lighthouse benchmarkIndex): median ${fmt(sortedIndexes[Math.floor(sortedIndexes.length / 2)] ?? Number.NaN, 0)}, range ${fmt(sortedIndexes[0] ?? Number.NaN, 0)}-${fmt(sortedIndexes.at(-1) ?? Number.NaN, 0)}`,
      '',
      '| build | page | performance | accessibility | best practices | SEO | FCP s | LCP s | speed index s | TBT ms | CLS | audits below 0.9 | each run: performance (load average) |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
};

await main();
