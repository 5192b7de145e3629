/**
 * What an HTTPS check costs the checker in CPU, and what that means for the checker Lambda's
 * billed time (docs/COST.md "The checker").
 *
 *   npx tsx test/bench/checker-tls.ts > tls.md
 *
 * Runs the real checker, `runHttpCheck(job, { allowLoopback, resolve, ca })`, in this process
 * against a loopback HTTPS site in a child process (test/bench/checker-tls-target.ts). The site's
 * certificate is signed by an authority made here with openssl (test/setup/test-certificates.ts, an
 * ECDSA P-256 leaf) that the checks trust through their `ca` dependency, so each check does what it
 * does against a real site: TCP connect, a full TLS handshake with certificate verification (no
 * session reuse: the checker opens every connection itself), the request, the certificate read
 * (docs/checks.md "SSL certificates"). The site answers at once.
 *
 * A "pack" is what one checker invocation runs: PACK checks started together (the dispatcher's
 * JOBS_PER_MESSAGE is 50). Packs of 50 and of 200 run back to back for TLS_BENCH_SECONDS each; the
 * report gives checks/s, CPU ms per check (`process.cpuUsage()` of this process over the case, all
 * threads; the site's own CPU is printed beside it) and the pack's wall time. Plain-HTTP packs are
 * run the same way for comparison. The report names the host's calibration, timed before the
 * cases, and the steal over them, and gives CPU per check also at the reference host's speed
 * (docs/PERFORMANCE.md "Host calibration").
 *
 * What it means for Lambda: a function gets CPU in proportion to its memory (1,769 MB = 1 vCPU), so
 * a pack whose sites answer at once takes at least PACK × CPU per check ÷ (memory / 1,769 MB), and a
 * pack's billed GB-s per check is then CPU per check × 1.769 GB-s per CPU-second whatever the
 * memory. A pack whose slowest site takes longer than that is billed for the wait instead, which
 * favours smaller memory and larger packs. The table prints both floors.
 *
 * Knobs: TLS_BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2). Loopback only; numbers, no assertions.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { runHttpCheck } from '../../functions/checks/http-check.js';
import { makeCertificates } from '../setup/test-certificates.js';
import { fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { atReferenceSpeed, calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';

const SECONDS = intFromEnv('TLS_BENCH_SECONDS', 8, 1);
const WARMUP_SECONDS = intFromEnv('BENCH_WARMUP_SECONDS', 2);
const HOST = 'site.bench.test';
/** Lambda's CPU share: a function with 1,769 MB of memory has one vCPU's worth. */
const MB_PER_VCPU = 1769;

interface Case {
  scheme: 'https' | 'http';
  pack: number;
}

const startSite = async (scheme: Case['scheme'], certs: { key: string; cert: string }) => {
  const script = scheme === 'https' ? 'checker-tls-target.ts' : 'checker-target.ts';
  const child = fork(path.resolve('test/bench', script), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TLS_BENCH_KEY: certs.key, TLS_BENCH_CERT: certs.cert },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    child.on('message', (message: { type?: string; port?: number; ports?: number[] }) => {
      if (message.type === 'ready') resolve(message.port ?? message.ports![0]!);
    }),
  );
  const cpuMs = () =>
    new Promise<number>((resolve) => {
      const onMessage = (message: { type?: string; cpuMs?: number; cpu?: { user: number; system: number } }) => {
        if (message.type !== 'stats') return;
        child.off('message', onMessage);
        resolve(message.cpuMs ?? ((message.cpu?.user ?? 0) + (message.cpu?.system ?? 0)) / 1000);
      };
      child.on('message', onMessage);
      child.send({ type: 'stats', seq: 0 });
    });
  return { port, cpuMs, stop: () => child.kill() };
};

const main = async () => {
  // Before anything else runs: the host's speed while the machine is quiet
  // (docs/PERFORMANCE.md "Host calibration"); the steal is measured over all the cases.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  const steal = startStealMeter();
  const certs = makeCertificates({ names: [HOST], days: 30 });
  const resolve = async () => [{ address: '127.0.0.1', family: 4 as const }];
  const rows: string[] = [];
  const cases: Case[] = [
    { scheme: 'https', pack: 50 },
    { scheme: 'https', pack: 200 },
    { scheme: 'http', pack: 50 },
    { scheme: 'http', pack: 200 },
  ];
  for (const { scheme, pack } of cases) {
    const site = await startSite(scheme, certs);
    const url = scheme === 'https' ? `https://${HOST}:${site.port}/` : `http://127.0.0.1:${site.port}/d/0/-`;
    const job = { monitorId: 'bench', url, timeoutSeconds: 5, slowThresholdMs: 5000, region: 'eu-west-1', round: new Date().toISOString() };
    const runPack = async () => {
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: pack }, () => runHttpCheck(job, { allowLoopback: true, resolve, ca: certs.ca })));
      return { ms: performance.now() - started, notUp: results.filter((result) => result.outcome !== 'up').length };
    };
    progress(`${scheme}, packs of ${pack}: warm-up`);
    for (const end = Date.now() + WARMUP_SECONDS * 1000; Date.now() < end; ) await runPack();
    progress(`${scheme}, packs of ${pack}: measuring ${SECONDS} s`);
    const cpuBefore = process.cpuUsage();
    const siteBefore = await site.cpuMs();
    const wall: number[] = [];
    let notUp = 0;
    const t0 = performance.now();
    for (const end = Date.now() + SECONDS * 1000; Date.now() < end; ) {
      const packRun = await runPack();
      wall.push(packRun.ms);
      notUp += packRun.notUp;
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const siteCpu = (await site.cpuMs()) - siteBefore;
    site.stop();
    const checks = wall.length * pack;
    const cpuPerCheck = (cpu.user + cpu.system) / 1000 / checks;
    const packFloor = (memoryMb: number) => (pack * cpuPerCheck) / (memoryMb / MB_PER_VCPU);
    rows.push(
      `| ${scheme} | ${pack} | ${fmt(checks / seconds, 0)} | ${fmt(cpuPerCheck, 3)} | ${fmt(atReferenceSpeed(cpuPerCheck, host), 3)} | ${fmt(siteCpu / checks, 3)} | ${fmt(percentile(wall, 50), 0)} / ${fmt(percentile(wall, 95), 0)} | ${notUp} | ${fmt(packFloor(512), 0)} / ${fmt(packFloor(1024), 0)} ms | ${(cpuPerCheck / 1000 * (MB_PER_VCPU / 1024)).toExponential(2)} |`,
    );
  }
  // The rows wait for the end: the host line above them carries the steal over every case.
  report('# Checker: CPU per HTTPS check, and the Lambda time it implies\n');
  report(`${startedAt}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${loadAtStart}; Node ${process.version}; ${SECONDS} s per case after ${WARMUP_SECONDS} s warm-up; ECDSA P-256 leaf, fresh connection and handshake per check\n`);
  report(`${describeHost(host, steal.read())}\n`);
  report('| scheme | pack | checks/s | CPU ms per check (checker) | at reference speed | site CPU ms per check | pack wall time p50 / p95 ms | not up | CPU-bound pack time at 512 MB / 1,024 MB | GB-s per check (CPU-bound) |');
  report('|---|---:|---:|---:|---:|---:|---|---:|---|---:|');
  for (const row of rows) report(row);
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
