/**
 * How fast the host was while a benchmark ran (docs/PERFORMANCE.md "Host calibration").
 *
 * Machines of the same kind differ up to 4x in what a CPU millisecond buys, so every benchmark
 * records, beside its figures:
 * - a fixed piece of CPU work timed on this host: SHA-256 over 1 KiB, 200,000 times (the loop the
 *   slow host of 2026-11-27 was measured with: 1,079 ms), and JSON stringify + parse of a
 *   monitor-sized object, 50,000 times. Best of three, so another process's burst does not
 *   make a fast host look slow;
 * - the steal time from /proc/stat over the benchmark's window: CPU the hypervisor gave to other
 *   guests while this one wanted it. A window with steal is a window on a slower host.
 * CPU figures are then also given "at the reference host's speed": multiplied by
 * REFERENCE_SHA256_MS / this host's time, so runs on different hosts read against each other.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/** The slow host of 2026-11-27 (issue "headroom"): the reference every CPU figure is scaled to. */
export const REFERENCE_SHA256_MS = 1079;

export interface HostCalibration {
  cpu: string;
  cores: number;
  node: string;
  /** SHA-256 over 1 KiB, 200,000 times: best of three, in ms. */
  sha256Ms: number;
  /** JSON.stringify + JSON.parse of a monitor-sized object, 50,000 times: best of three, in ms. */
  jsonMs: number;
  /** Load average when it was taken. */
  loadAverage: string;
}

const timeIt = (work: () => void): number => {
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
};

const hashLoop = (): void => {
  const block = Buffer.alloc(1024, 7);
  for (let i = 0; i < 200_000; i++) createHash('sha256').update(block).digest();
};

const jsonLoop = (): void => {
  const monitor = {
    monitor_id: '01JB6Y9S5ZQ8N2W4X7V3K1M0PA',
    name: 'Example storefront',
    url: 'https://shop.example.com/health?region=eu',
    interval_seconds: 30,
    status: 'online',
    last_checked: '2026-11-28T12:00:00.000Z',
    regions: { 'us-east-1': { ms: 120, ok: true }, 'eu-west-1': { ms: 95, ok: true }, 'ap-south-1': { ms: 210, ok: true } },
    recent: Array.from({ length: 12 }, (_, i) => ({ at: 1_764_331_200 + i * 30, ms: 100 + i, code: 200 })),
  };
  let length = 0;
  for (let i = 0; i < 50_000; i++) length += (JSON.parse(JSON.stringify(monitor)) as { name: string }).name.length;
  if (!length) throw new Error('unreachable');
};

export const calibrateHost = (): HostCalibration => ({
  cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
  cores: os.cpus().length,
  node: process.version,
  sha256Ms: timeIt(hashLoop),
  jsonMs: timeIt(jsonLoop),
  loadAverage: os.loadavg().map((value) => value.toFixed(2)).join(' / '),
});

/** How many times slower than the reference host this one is (< 1: faster). */
export const speedRatio = (calibration: HostCalibration): number => calibration.sha256Ms / REFERENCE_SHA256_MS;

/** A CPU figure measured here, as it would read on the reference host. */
export const atReferenceSpeed = (cpuMs: number, calibration: HostCalibration): number => cpuMs / speedRatio(calibration);

/** The machine's CPU time since boot, in ticks: all of it, and the part stolen by the hypervisor. */
export interface CpuTimes {
  total: number;
  steal: number;
}

/**
 * The first line of /proc/stat (`cpu  user nice system idle iowait irq softirq steal guest
 * guest_nice`): guest time is already inside user, so the total is the first eight fields.
 * Null when the line is not there (not Linux).
 */
export const parseCpuTimes = (procStat: string): CpuTimes | null => {
  const line = procStat.split('\n')[0] ?? '';
  if (!/^cpu\s/.test(line)) return null;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.slice(0, 8).reduce((sum, value) => sum + (value || 0), 0), steal: fields[7] ?? 0 };
};

const readCpuTimes = (): CpuTimes | null => {
  try {
    return parseCpuTimes(fs.readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
};

export interface StealMeter {
  /** Steal as a share of all CPU time since the meter started (0..1), NaN off Linux. */
  read(): number;
}

/** `readTimes` is /proc/stat's reading; a test passes its own. */
export const startStealMeter = (readTimes: () => CpuTimes | null = readCpuTimes): StealMeter => {
  const start = readTimes();
  return {
    read: () => {
      const now = readTimes();
      if (!start || !now || now.total <= start.total) return NaN;
      return (now.steal - start.steal) / (now.total - start.total);
    },
  };
};

/** The report's host paragraph: what it is, how fast it was, and the steal over the window. */
export const describeHost = (calibration: HostCalibration, stealShare: number): string =>
  [
    `Host: ${calibration.cores} x ${calibration.cpu}, Node ${calibration.node}, load average ${calibration.loadAverage} at start.`,
    `Calibration: SHA-256 of 1 KiB x 200,000 in **${calibration.sha256Ms.toFixed(0)} ms** (reference host ${REFERENCE_SHA256_MS} ms: this host is ${speedRatio(calibration).toFixed(2)}x its time),`,
    `JSON round trip x 50,000 in ${calibration.jsonMs.toFixed(0)} ms; steal over the window ${Number.isFinite(stealShare) ? `${(stealShare * 100).toFixed(1)} %` : 'n/a'}.`,
  ].join(' ');
