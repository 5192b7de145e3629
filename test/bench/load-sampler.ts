/**
 * Who else is using the CPU while a benchmark runs (Linux only; elsewhere it records nothing).
 *
 * Every `everyMs` it reads /proc/stat (the whole machine) and /proc/<pid>/stat of every process,
 * and splits the CPU time of the last interval into
 * - own: this process and all of its descendants (the benchmark, the emulators it started, its
 *   target-server child, tsx's esbuild service),
 * - others: every other process (another session's `tsc` or `vitest`, an editor...),
 * - machine busy: all non-idle time, which also holds kernel work charged to no process (softirq,
 *   e.g. loopback TCP), so machine busy can be more than own + others.
 * Values are in cores (1.0 = one core busy for the whole interval). A benchmark case whose
 * `others` average is high was disturbed and should be repeated (docs/PERFORMANCE.md).
 *
 * Reading /proc costs the sampling process roughly a millisecond per sample.
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface LoadSample {
  /** performance.now() at the end of the interval. */
  at: number;
  intervalMs: number;
  machineBusy: number;
  own: number;
  others: number;
  /** The other process that used the most CPU in the interval, e.g. `node 0.93` or `java 0.41`. */
  topOther: string | null;
}

export interface LoadSummary {
  samples: number;
  othersMean: number;
  othersMax: number;
  ownMean: number;
  machineBusyMean: number;
  /** Other processes that used at least 0.2 cores in some sample, with their largest use. */
  offenders: string[];
}

interface ProcTimes {
  ticks: number;
  ppid: number;
  name: string;
  /** Start time in ticks since boot: tells a reused pid from the process seen before. */
  startedAt: string;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const readMachine = (): { busy: number; total: number } | null => {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user)
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
};

const readProcesses = (): Map<number, ProcTimes> => {
  const found = new Map<number, ProcTimes>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may itself contain spaces or parentheses.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const rest = stat.slice(close + 2).split(' ');
      // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15, starttime 22.
      found.set(Number(entry), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]), name, startedAt: rest[19] ?? '' });
    } catch {
      // the process ended between readdir and read
    }
  }
  return found;
};

const KNOWN = /(tsc|vitest|eslint|tsx|vite|esbuild|cdk|DynamoDBLocal|cognito-local|playwright|chrom)/;

/** `node` says little: name the tool from the command line when it is one we know (tsc, vitest...). */
const describeProcess = (pid: number, name: string): string => {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    for (const arg of args) {
      const known = KNOWN.exec(arg);
      if (known) return `${name}:${known[1]}`;
    }
  } catch {
    // gone
  }
  return name;
};

const descendantsOf = (root: number, processes: Map<number, ProcTimes>): Set<number> => {
  const own = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, proc] of processes) {
      if (!own.has(pid) && own.has(proc.ppid)) {
        own.add(pid);
        grew = true;
      }
    }
  }
  return own;
};

export interface LoadSampler {
  samples: LoadSample[];
  /** Summary of the samples whose interval ended in [from, to] (performance.now() times). */
  summarize(from: number, to: number): LoadSummary;
  stop(): void;
}

export const startLoadSampler = (everyMs = 1000): LoadSampler => {
  const samples: LoadSample[] = [];
  if (process.platform !== 'linux') {
    return { samples, summarize: () => emptySummary(), stop: () => undefined };
  }
  let lastAt = performance.now();
  let lastMachine = readMachine();
  let lastProcs = readProcesses();
  const timer = setInterval(() => {
    const at = performance.now();
    const machine = readMachine();
    const procs = readProcesses();
    const own = descendantsOf(process.pid, procs);
    const seconds = (at - lastAt) / 1000;
    let ownTicks = 0;
    let otherTicks = 0;
    let top: { pid: number; name: string; ticks: number } | null = null;
    for (const [pid, proc] of procs) {
      const before = lastProcs.get(pid);
      // A process born during the interval counts from zero. (Not the name: a kworker's changes.)
      const delta = proc.ticks - (before && before.startedAt === proc.startedAt ? before.ticks : 0);
      if (delta <= 0) continue;
      if (own.has(pid)) ownTicks += delta;
      else {
        otherTicks += delta;
        if (!top || delta > top.ticks) top = { pid, name: proc.name, ticks: delta };
      }
    }
    const toCores = (ticks: number) => ticks / ticksPerSecond / seconds;
    const machineBusy =
      machine && lastMachine && machine.total > lastMachine.total
        ? ((machine.busy - lastMachine.busy) / ticksPerSecond / seconds)
        : NaN;
    samples.push({
      at,
      intervalMs: at - lastAt,
      machineBusy,
      own: toCores(ownTicks),
      others: toCores(otherTicks),
      topOther: top ? `${describeProcess(top.pid, top.name)} ${toCores(top.ticks).toFixed(2)}` : null,
    });
    lastAt = at;
    lastMachine = machine;
    lastProcs = procs;
  }, everyMs);
  timer.unref();
  return {
    samples,
    summarize: (from, to) => summarize(samples.filter((sample) => sample.at >= from && sample.at <= to)),
    stop: () => clearInterval(timer),
  };
};

const emptySummary = (): LoadSummary => ({
  samples: 0,
  othersMean: NaN,
  othersMax: NaN,
  ownMean: NaN,
  machineBusyMean: NaN,
  offenders: [],
});

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const summarize = (window: LoadSample[]): LoadSummary => {
  if (!window.length) return emptySummary();
  const offenders = new Map<string, number>();
  for (const sample of window) {
    if (!sample.topOther) continue;
    const cut = sample.topOther.lastIndexOf(' ');
    const name = sample.topOther.slice(0, cut);
    const cores = Number(sample.topOther.slice(cut + 1));
    if (cores >= 0.2) offenders.set(name, Math.max(offenders.get(name) ?? 0, cores));
  }
  return {
    samples: window.length,
    othersMean: mean(window.map((sample) => sample.others)),
    othersMax: Math.max(...window.map((sample) => sample.others)),
    ownMean: mean(window.map((sample) => sample.own)),
    machineBusyMean: mean(window.map((sample) => sample.machineBusy)),
    offenders: [...offenders].map(([name, cores]) => `${name} ${cores.toFixed(2)}`),
  };
};

/** One cell: `0.03 (max 0.10)`, plus the offenders when there were any. */
export const formatLoad = (summary: LoadSummary): string => {
  if (!summary.samples) return 'n/a';
  const base = `${summary.othersMean.toFixed(2)} (max ${summary.othersMax.toFixed(2)})`;
  return summary.offenders.length ? `${base}: ${summary.offenders.join(', ')}` : base;
};
