/**
 * Checker benchmark (docs/PERFORMANCE.md, (a) and (b)).
 *
 *   npx tsx test/bench/checker.ts              # markdown report on stdout, progress on stderr
 *
 * Runs the real checker, `runHttpCheck(job, { allowLoopback: true })`, in this process against
 * loopback `node:http` sites served by a CHILD process (test/bench/checker-target.ts, forked), and
 * measures:
 *
 * (a) throughput and CPU: closed loops of 1, 10, 100 and 500 checks in flight, BENCH_SECONDS each
 *     (after a warm-up), against a site that answers at once. Checks/s = checks completed / wall
 *     time; CPU ms per check = `process.cpuUsage()` delta (user + system, all threads of this
 *     process) / checks. The sites run in the child so that their CPU is not charged to the checker
 *     and their event loop does not share the checker's; on 2 cores each gets roughly one.
 *     Loopback TCP is kernel work that Linux charges to whichever side's system call runs it, so
 *     some of the server side's kernel time still lands in the checker's `system` figure (and the
 *     reverse); the child's own CPU per check is printed next to it.
 * (b) timing accuracy: the site holds its response headers for D ms (0, 50, 200, 1000) and the
 *     checker's `timings.ttfb` is compared with D. ttfb (connection established -> response
 *     headers) is the phase that contains the injected wait and nothing else of size; `total` adds
 *     connect and body read and is shown as a second figure. The fixed cost of a loopback request
 *     without any wait is not an error, so it is subtracted: baseline B = p50 of ttfb at D = 0 with
 *     one check in flight, measured in the same run. Error = |ttfb - D - B|. Because the site's
 *     timer itself fires late (or slightly early), the child also records how long it really held
 *     each request; |ttfb - held - B_held| is the checker's own error, with the site's slack removed.
 *     One check in flight: 500/200/100/40 samples for D = 0/50/200/1000 (so p99 of the slow cases
 *     is close to the maximum). 200 in flight, two ways: "burst", 200 workers start together and
 *     each starts its next check when its last one ends, so the answers come back in waves (what
 *     one checker invocation does with a pack of jobs against equally fast sites); "paced", checks
 *     start at the steady rate 200/D (open loop, still at most 200 in flight), so answers arrive
 *     evenly. At D = 0 only the burst case exists (it is the throughput test).
 *
 * The report names the host's calibration, timed before anything starts, and the steal over the
 * run (docs/PERFORMANCE.md "Host calibration"); (a) gives CPU per check also at the reference
 * host's speed.
 *
 * It asserts nothing about time. It does count outcomes: a check that is not `up` is reported.
 * Other processes' CPU use is sampled every second (test/bench/load-sampler.ts); a case during
 * which others used more than BENCH_MAX_OTHER_LOAD cores on average is run again, up to
 * BENCH_RETRIES times, and the least disturbed attempt is kept (the table says how many it took).
 *
 * Knobs (optional): BENCH_SECONDS (5, per throughput case), BENCH_WARMUP_SECONDS (1),
 * BENCH_ACCURACY_SCALE (1: multiplies the accuracy sample counts), BENCH_RETRIES (2),
 * BENCH_MAX_OTHER_LOAD (0.25 cores), BENCH_TARGET_SERVERS (1), BENCH_MAX_MINUTES (20, a watchdog),
 * BENCH_ONLY (a regular expression on the case labels printed on stderr, e.g. `c=200 burst`, to run
 * some cases only while iterating; the D = 0 one-in-flight case always runs: it is the baseline B),
 * BENCH_ACCURACY_CONCURRENCY (`200`: the many-in-flight accuracy cases; a comma list such as
 * `50,200` runs each, with the sample counts of 200).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runHttpCheck } from '../../functions/checks/http-check.js';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { observeSocketTimes } from './checker-socket-times.js';
import { formatLoad, startLoadSampler, type LoadSummary } from './load-sampler.js';
import { fmt, intFromEnv, numberFromEnv, percentile, progress, report } from './bench-kit.js';
import { atReferenceSpeed, calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter, type HostCalibration } from './host-calibration.js';


const SECONDS = intFromEnv('BENCH_SECONDS', 5);
const WARMUP_SECONDS = intFromEnv('BENCH_WARMUP_SECONDS', 1);
const ACCURACY_SCALE = numberFromEnv('BENCH_ACCURACY_SCALE', 1);
const RETRIES = intFromEnv('BENCH_RETRIES', 2);
const MAX_OTHER_LOAD = numberFromEnv('BENCH_MAX_OTHER_LOAD', 0.25);
const MAX_MINUTES = numberFromEnv('BENCH_MAX_MINUTES', 20);
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');

const THROUGHPUT_CONCURRENCY = [1, 10, 100, 500];
const DELAYS_MS = [0, 50, 200, 1000];
const ACCURACY_CONCURRENCY = [1, ...(process.env.BENCH_ACCURACY_CONCURRENCY ?? '200').split(',').map((part) => {
  const value = Number(part);
  if (!Number.isInteger(value) || value < 2) throw new Error(`BENCH_ACCURACY_CONCURRENCY must list whole numbers >= 2, got ${part}`);
  return value;
})];
/** Samples per accuracy case: enough for a p99 where time allows; one check in flight at D = 1 s is slow. */
const ACCURACY_SAMPLES: Record<number, Record<number, number>> = {
  1: { 0: 500, 50: 200, 200: 100, 1000: 40 },
  200: { 0: 4000, 50: 4000, 200: 3000, 1000: 2000 },
};
const ACCURACY_WARMUP: Record<number, number> = { 1: 20, 200: 400 };
/** The id of a recorded check in its path, `/d/<ms>/<id>`. */
const PATH_ID = /^\/d\/\d+\/(c\d+)$/;

// The checker logs nothing per check, but keep stdout for the report whatever a module prints.
console.log = (...args: unknown[]) => console.error(...args);


/** Nearest-rank percentile (p99 of 40 samples is the largest). */

// ---------------------------------------------------------------- the target child

interface Target {
  child: ChildProcess;
  ports: number[];
  ask<T>(type: 'collect' | 'stats', reply: string): Promise<T>;
  stop(): void;
}

const startTarget = async (): Promise<Target> => {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'checker-target.ts');
  // fork() passes this process's execArgv on, i.e. tsx's loader, so the child runs TypeScript too.
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ports = await new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the target child did not start within 20 s')), 20_000);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the target child exited early (code ${code})`)));
    child.on('message', (message: { type?: string; ports?: number[] }) => {
      if (message.type === 'ready' && message.ports) {
        clearTimeout(timer);
        resolve(message.ports);
      }
    });
  });
  child.removeAllListeners('exit');
  child.once('exit', (code, signal) => {
    if (!stopping) crash = `the target child exited (code ${code}, signal ${signal})`;
  });
  let stopping = false;
  let seq = 0;
  // Each question carries a number that the child echoes, so an answer never meets the wrong question.
  const ask = <T>(type: 'collect' | 'stats', reply: string) =>
    new Promise<T>((resolve) => {
      const mine = ++seq;
      const onMessage = (message: { type?: string; seq?: number }) => {
        if (message.type !== reply || message.seq !== mine) return;
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      child.send({ type, seq: mine });
    });
  return {
    child,
    ports,
    ask,
    stop: () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
};

let crash: string | undefined;
const checkCrash = () => {
  if (crash) throw new Error(crash);
};

// ---------------------------------------------------------------- running checks

interface Sample {
  id: string;
  delayMs: number;
  result: CheckResult;
  /** Wall time of the whole runHttpCheck call, ms. */
  latency: number;
}

interface RunStats {
  samples: Sample[];
  wallMs: number;
  cpu: NodeJS.CpuUsage;
  elu: number;
  peakFds: number;
  peakTimeWait: number;
  targetCpu: NodeJS.CpuUsage;
  targetPeakFds: number;
  /** Checks in flight, mean of 4-per-second samples. */
  meanInFlight: number;
  load: LoadSummary;
}

const fdCount = (): number => {
  try {
    return fs.readdirSync('/proc/self/fd').length;
  } catch {
    return -1;
  }
};

const timeWaitCount = (): number => {
  try {
    const line = /TCP:.*\btw (\d+)/.exec(fs.readFileSync('/proc/net/sockstat', 'utf8'));
    return Number(line?.[1] ?? -1);
  } catch {
    return -1;
  }
};

let target: Target;
let sampler: ReturnType<typeof startLoadSampler>;
let serial = 0;

/**
 * Runs checks until `count` have started or `durationMs` has passed (whichever is given), with at
 * most `concurrency` in flight. Closed loop by default: `concurrency` workers, each starting its
 * next check when the last one ends, all starting together. With `perSecond`, open loop instead:
 * checks start at that steady rate (a 1-ms pacing timer), still never more than `concurrency` at
 * once. `record: true` asks the target to record the held time of each request.
 */
const runChecks = async (opts: {
  concurrency: number;
  delayMs: number;
  count?: number;
  durationMs?: number;
  record: boolean;
  perSecond?: number;
}): Promise<RunStats> => {
  checkCrash();
  const samples: Sample[] = [];
  const targetBefore = await target.ask<{ cpu: NodeJS.CpuUsage }>('stats', 'stats');
  let peakFds = fdCount();
  let peakTimeWait = timeWaitCount();
  let targetPeakFds = 0;
  let inFlight = 0;
  const inFlightSamples: number[] = [];
  const watch = setInterval(() => {
    peakFds = Math.max(peakFds, fdCount());
    peakTimeWait = Math.max(peakTimeWait, timeWaitCount());
    inFlightSamples.push(inFlight);
    void target.ask<{ fds: number }>('stats', 'stats').then((stats) => (targetPeakFds = Math.max(targetPeakFds, stats.fds)));
  }, 250);

  let started = 0;
  const startedAt = performance.now();
  const stopAt = opts.durationMs === undefined ? Infinity : startedAt + opts.durationMs;
  const limit = opts.count ?? Infinity;
  const cpuBefore = process.cpuUsage();
  const eluBefore = performance.eventLoopUtilization();
  const oneCheck = async () => {
    started++;
    inFlight++;
    const id = opts.record ? `c${++serial}` : '-';
    const port = target.ports[started % target.ports.length]!;
    const callStart = performance.now();
    const result = await runHttpCheck(
      {
        monitorId: 'bench',
        url: `http://127.0.0.1:${port}/d/${opts.delayMs}/${id}`,
        timeoutSeconds: 10,
        slowThresholdMs: 5000,
        region: 'bench',
        round: '2026-11-22T00:00:00.000Z',
      },
      { allowLoopback: true },
    );
    inFlight--;
    samples.push({ id, delayMs: opts.delayMs, result, latency: performance.now() - callStart });
  };
  if (opts.perSecond === undefined) {
    const worker = async () => {
      while (started < limit && performance.now() < stopAt) await oneCheck();
    };
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  } else {
    const running = new Set<Promise<void>>();
    while (started < limit && performance.now() < stopAt) {
      const due = Math.floor(((performance.now() - startedAt) * opts.perSecond) / 1000) + 1;
      while (started < Math.min(due, limit) && inFlight < opts.concurrency) {
        const check = oneCheck();
        running.add(check);
        void check.then(() => running.delete(check));
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(running);
  }
  const wallMs = performance.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  const elu = performance.eventLoopUtilization(eluBefore).utilization;
  clearInterval(watch);
  const targetAfter = await target.ask<{ cpu: NodeJS.CpuUsage }>('stats', 'stats');
  checkCrash();
  return {
    samples,
    wallMs,
    cpu,
    elu,
    peakFds,
    peakTimeWait,
    targetCpu: { user: targetAfter.cpu.user - targetBefore.cpu.user, system: targetAfter.cpu.system - targetBefore.cpu.system },
    targetPeakFds,
    meanInFlight: inFlightSamples.length ? inFlightSamples.reduce((a, b) => a + b, 0) / inFlightSamples.length : NaN,
    load: sampler.summarize(startedAt, performance.now() + 1),
  };
};

/** Runs a case; when other processes used too much CPU meanwhile, runs it again and keeps the quietest. */
const undisturbed = async <T extends { load: LoadSummary }>(label: string, run: () => Promise<T>): Promise<T & { attempts: number }> => {
  let best: (T & { attempts: number }) | undefined;
  for (let attempt = 1; attempt <= RETRIES + 1; attempt++) {
    // Let the sampler close the interval before the case, so the window holds only the case.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const outcome = await run();
    const others = outcome.load.othersMean;
    if (!best || !(others >= best.load.othersMean)) best = { ...outcome, attempts: attempt };
    // With no sample (a case shorter than one interval), nothing says it was disturbed.
    if (!(others > MAX_OTHER_LOAD)) break;
    progress(`${label}: other processes used ${fmt(others)} cores (${formatLoad(outcome.load)}); ${attempt <= RETRIES ? 'running it again' : 'keeping the quietest attempt'}`);
  }
  return best!;
};

// ---------------------------------------------------------------- (a) throughput

interface ThroughputRow {
  concurrency: number;
  stats: RunStats;
  attempts: number;
}

const outcomeSummary = (samples: Sample[]): string => {
  const counts = new Map<string, number>();
  for (const { result } of samples) {
    if (result.outcome === 'up' && result.attempts === 1) continue;
    const key = `${result.outcome}${result.errorCategory ? `/${result.errorCategory}` : ''}${result.attempts > 1 ? ' (retried)' : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size ? [...counts].map(([key, count]) => `${count} ${key}`).join(', ') : 'all up, no retry';
};

const throughputTable = (rows: ThroughputRow[], host: HostCalibration): string =>
  [
    '### (a) Throughput and CPU per check (site answers at once)',
    '',
    '| Conc. | Checks | Wall s | Checks/s | CPU ms/check (user + sys) | CPU ms/check at reference speed | Event loop busy | Latency p50 / p99 ms | Outcomes | Peak fds checker / target | Peak TIME_WAIT | Target CPU ms/check | Others (cores) | Tries |',
    '|---:|---:|---:|---:|---|---:|---:|---|---|---|---:|---:|---|---:|',
    ...rows.map(({ concurrency, stats, attempts }) => {
      const n = stats.samples.length;
      const latencies = stats.samples.map((sample) => sample.latency);
      const cpuMs = (stats.cpu.user + stats.cpu.system) / 1000 / n;
      const targetMs = (stats.targetCpu.user + stats.targetCpu.system) / 1000 / n;
      return `| ${concurrency} | ${n} | ${fmt(stats.wallMs / 1000, 1)} | ${fmt(n / (stats.wallMs / 1000), 0)} | ${fmt(cpuMs, 3)} (${fmt(stats.cpu.user / 1000 / n, 3)} + ${fmt(stats.cpu.system / 1000 / n, 3)}) | ${fmt(atReferenceSpeed(cpuMs, host), 3)} | ${fmt(stats.elu * 100, 0)} % | ${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} | ${outcomeSummary(stats.samples)} | ${stats.peakFds} / ${stats.targetPeakFds} | ${stats.peakTimeWait} | ${fmt(targetMs, 3)} | ${formatLoad(stats.load)} | ${attempts} |`;
    }),
  ].join('\n');

// ---------------------------------------------------------------- (b) accuracy

type Arrivals = 'burst' | 'paced';

interface AccuracyRow {
  delayMs: number;
  concurrency: number;
  arrivals: Arrivals;
  stats: RunStats;
  attempts: number;
  /** ms, per sample: ttfb, total, and how long the target really held the request. */
  ttfb: number[];
  total: number[];
  held: number[];
  /**
   * ms, per sample, on the clock both processes share: connect -> the target's request event, and
   * the target's answer -> the first byte in the checker (test/bench/checker-socket-times.ts).
   */
  toRequest: number[];
  toStamp: number[];
}

const accuracyLabel = (delayMs: number, concurrency: number, arrivals: Arrivals): string =>
  `accuracy D=${delayMs} c=${concurrency}${concurrency > 1 ? ` ${arrivals}` : ''}`;

const accuracyCase = async (delayMs: number, concurrency: number, arrivals: Arrivals): Promise<AccuracyRow> => {
  const count = Math.max(1, Math.round((ACCURACY_SAMPLES[concurrency] ?? ACCURACY_SAMPLES[200]!)[delayMs]! * ACCURACY_SCALE));
  const label = accuracyLabel(delayMs, concurrency, arrivals);
  // Paced: checks start at the steady rate that keeps `concurrency` in flight (Little's law,
  // rate = concurrency / D), instead of all together D ms after a common start.
  const perSecond = arrivals === 'paced' ? (concurrency * 1000) / delayMs : undefined;
  const outcome = await undisturbed(label, async () => {
    await runChecks({ concurrency, delayMs, count: ACCURACY_WARMUP[concurrency] ?? ACCURACY_WARMUP[200]!, record: false, perSecond });
    const sockets = observeSocketTimes((path) => PATH_ID.exec(path)?.[1] ?? null);
    const stats = await runChecks({ concurrency, delayMs, count, record: true, perSecond });
    sockets.stop();
    const { held } = await target.ask<{ held: [string, [number, string, string]][] }>('collect', 'held');
    return { stats, load: stats.load, heldById: new Map(held), sockets };
  });
  const ttfb: number[] = [];
  const total: number[] = [];
  const heldMs: number[] = [];
  const toRequest: number[] = [];
  const toStamp: number[] = [];
  const msBetween = (from: bigint | string | undefined, to: bigint | string | undefined): number =>
    from === undefined || to === undefined ? NaN : Number(BigInt(to) - BigInt(from)) / 1e6;
  for (const sample of outcome.stats.samples) {
    const held = outcome.heldById.get(sample.id);
    if (sample.result.outcome === 'down' || sample.result.timings.ttfb === null || held === undefined) continue;
    const [heldMicros, requestAt, answeredAt] = held;
    const times = outcome.sockets.timesOf(sample.id);
    ttfb.push(sample.result.timings.ttfb);
    total.push(sample.result.timings.total);
    heldMs.push(heldMicros / 1000);
    toRequest.push(msBetween(times?.connectedAt, requestAt));
    toStamp.push(msBetween(answeredAt, times?.firstByteAt));
  }
  progress(`${label.padEnd(24)} n=${ttfb.length}  p50 ttfb ${fmt(percentile(ttfb, 50))} ms  p99 ${fmt(percentile(ttfb, 99))} ms`);
  return { delayMs, concurrency, arrivals, stats: outcome.stats, attempts: outcome.attempts, ttfb, total, held: heldMs, toRequest, toStamp };
};

const accuracyTables = (rows: AccuracyRow[]): string => {
  const base = rows.find((row) => row.delayMs === 0 && row.concurrency === 1)!;
  const B = percentile(base.ttfb, 50);
  const bTotal = percentile(base.total, 50);
  const bHeld = percentile(base.ttfb.map((ttfb, i) => ttfb - base.held[i]!), 50);
  const lines = [
    '### (b) Timing accuracy',
    '',
    `Baselines from the D = 0, one-in-flight case of this run: B = p50 ttfb = ${fmt(B, 3)} ms; p50 total = ${fmt(bTotal, 3)} ms; ` +
      `p50 (ttfb - held) = ${fmt(bHeld, 3)} ms. Error vs D = |ttfb - D - B|; checker's own error = |ttfb - held - B_held|; ` +
      'total-based error = |total - D - B_total|. "Held - D" is how late (positive) the target\'s timer answered. ' +
      'On the clock both processes share: "connect -> request" runs from the checker\'s socket connecting to the target\'s ' +
      'request event (the request\'s way in and the target\'s lateness), "answer -> stamp" from the target writing the answer ' +
      'to the first byte reaching the checker\'s JavaScript (loopback transit and the checker\'s lateness); ttfb - D is about ' +
      'their sum plus the target\'s held - D.',
    '',
    '| D ms | Conc. | Arrivals | n | ttfb p50 ms | Error vs D p50 / p99 / max ms | Signed p50 ms | Checker\'s own error p50 / p99 ms | Total-based error p99 ms | Held - D p50 / p99 ms | Connect -> request p50 / p99 ms | Answer -> stamp p50 / p99 ms | Checks/s | In flight (mean) | Event loop busy | Others (cores) | Tries |',
    '|---:|---:|---|---:|---:|---|---:|---|---:|---|---|---|---:|---:|---:|---|---:|',
  ];
  for (const row of rows) {
    const signed = row.ttfb.map((ttfb) => ttfb - row.delayMs - B);
    const errD = signed.map(Math.abs);
    const own = row.ttfb.map((ttfb, i) => Math.abs(ttfb - row.held[i]! - bHeld));
    const totalErr = row.total.map((total) => Math.abs(total - row.delayMs - bTotal));
    const late = row.held.map((held) => held - row.delayMs);
    const toRequest = row.toRequest.filter(Number.isFinite);
    const toStamp = row.toStamp.filter(Number.isFinite);
    lines.push(
      `| ${row.delayMs} | ${row.concurrency} | ${row.concurrency === 1 ? '-' : row.arrivals} | ${row.ttfb.length} | ${fmt(percentile(row.ttfb, 50))} | ${fmt(percentile(errD, 50))} / ${fmt(percentile(errD, 99))} / ${fmt(Math.max(...errD))} | ${fmt(percentile(signed, 50))} | ${fmt(percentile(own, 50))} / ${fmt(percentile(own, 99))} | ${fmt(percentile(totalErr, 99))} | ${fmt(percentile(late, 50))} / ${fmt(percentile(late, 99))} | ${fmt(percentile(toRequest, 50))} / ${fmt(percentile(toRequest, 99))} | ${fmt(percentile(toStamp, 50))} / ${fmt(percentile(toStamp, 99))} | ${fmt(row.stats.samples.length / (row.stats.wallMs / 1000), 0)} | ${fmt(row.stats.meanInFlight, 0)} | ${fmt(row.stats.elu * 100, 0)} % | ${formatLoad(row.stats.load)} | ${row.attempts} |`,
    );
    const dropped = row.stats.samples.length - row.ttfb.length;
    if (dropped) lines.push(`|  | | | ${dropped} checks without a ttfb or held time left out (${outcomeSummary(row.stats.samples)}) | | | | | | | | | | | | | |`);
    const unseen = row.ttfb.length - Math.min(toRequest.length, toStamp.length);
    if (unseen) lines.push(`|  | | | ${unseen} checks whose socket times were not seen are left out of the two clock columns | | | | | | | | | | | | | |`);
  }
  return lines.join('\n');
};

// ---------------------------------------------------------------- machine

const readLimit = (): string => {
  try {
    const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line ? `${line[1]} soft / ${line[2]} hard` : 'n/a';
  } catch {
    return 'n/a';
  }
};
const sysctl = (name: string): string => {
  try {
    return fs.readFileSync(`/proc/sys/${name.replaceAll('.', '/')}`, 'utf8').trim().replace(/\s+/g, '-');
  } catch {
    return 'n/a';
  }
};

// ---------------------------------------------------------------- main

const main = async (): Promise<void> => {
  // Before the target child starts: the host's speed while the machine is still quiet
  // (docs/PERFORMANCE.md "Host calibration"), then the steal over every case that follows.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const steal = startStealMeter();
  sampler = startLoadSampler(1000);
  target = await startTarget();
  progress(`target child pid ${target.child.pid} serving 127.0.0.1 port(s) ${target.ports.join(', ')}`);

  // Global warm-up: JIT for the checker's code paths in this process and the child's.
  await runChecks({ concurrency: 10, delayMs: 0, durationMs: 2000, record: false });

  const throughput: ThroughputRow[] = [];
  for (const concurrency of THROUGHPUT_CONCURRENCY) {
    if (!ONLY.test(`throughput c=${concurrency}`)) continue;
    const outcome = await undisturbed(`throughput c=${concurrency}`, async () => {
      await runChecks({ concurrency, delayMs: 0, durationMs: WARMUP_SECONDS * 1000, record: false });
      const stats = await runChecks({ concurrency, delayMs: 0, durationMs: SECONDS * 1000, record: false });
      return { stats, load: stats.load };
    });
    const n = outcome.stats.samples.length;
    progress(
      `throughput c=${String(concurrency).padEnd(4)} ${fmt(n / (outcome.stats.wallMs / 1000), 0)} checks/s  ` +
        `${fmt((outcome.stats.cpu.user + outcome.stats.cpu.system) / 1000 / n, 3)} CPU ms/check  peak fds ${outcome.stats.peakFds}`,
    );
    throughput.push({ concurrency, stats: outcome.stats, attempts: outcome.attempts });
  }

  const accuracy: AccuracyRow[] = [];
  for (const concurrency of ACCURACY_CONCURRENCY) {
    for (const arrivals of concurrency === 1 ? (['burst'] as const) : (['burst', 'paced'] as const)) {
      for (const delayMs of DELAYS_MS) {
        // At D = 0 there is no rate that keeps 200 in flight below saturation: burst only.
        if (arrivals === 'paced' && delayMs === 0) continue;
        const isBaseline = delayMs === 0 && concurrency === 1;
        if (!isBaseline && !ONLY.test(accuracyLabel(delayMs, concurrency, arrivals))) continue;
        accuracy.push(await accuracyCase(delayMs, concurrency, arrivals));
      }
    }
  }

  const stealShare = steal.read();
  const cpus = os.cpus();
  report(
    [
      '## Upwatch checker benchmark (in-process runHttpCheck, loopback targets in a child process)',
      '',
      `- ${new Date().toISOString()}, Node ${process.version}, ${os.platform()} ${os.release()}, ${cpus.length} x ${cpus[0]?.model.trim() ?? '?'}, ${fmt(os.totalmem() / 1024 ** 3, 1)} GB RAM`,
      `- ${describeHost(host, stealShare)}`,
      `- open files limit ${readLimit()}; ip_local_port_range ${sysctl('net.ipv4.ip_local_port_range')}, tcp_tw_reuse ${sysctl('net.ipv4.tcp_tw_reuse')}, somaxconn ${sysctl('net.core.somaxconn')}`,
      `- 1-minute load average at start / end: ${fmt(loadAtStart)} / ${fmt(os.loadavg()[0] ?? NaN)}; "Others" = CPU of processes outside this benchmark, mean (max) of 1-s samples, in cores`,
      `- throughput: ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per concurrency; a retried check (a failed first attempt) is one check`,
      '',
      throughputTable(throughput, host),
      '',
      accuracyTables(accuracy),
      '',
    ].join('\n'),
  );
};

const loadAtStart = os.loadavg()[0] ?? NaN;
const benchStarted = performance.now();
const cleanUp = () => {
  sampler?.stop();
  target?.stop();
};
const onSignal = (signal: NodeJS.Signals) => {
  progress(`${signal}: stopping`);
  cleanUp();
  process.exit(130);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);
const watchdog = setTimeout(() => {
  progress(`still running after ${MAX_MINUTES} minutes (BENCH_MAX_MINUTES): giving up`);
  cleanUp();
  process.exit(1);
}, MAX_MINUTES * 60_000);
watchdog.unref();

main().then(
  () => {
    cleanUp();
    progress(`done in ${fmt((performance.now() - benchStarted) / 1000, 1)} s`);
    process.exit(0);
  },
  (error: unknown) => {
    cleanUp();
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
