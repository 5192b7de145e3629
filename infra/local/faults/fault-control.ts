import fs from 'node:fs';
import path from 'node:path';

/**
 * Fault injection for the LOCAL cloud only (docs/RELIABILITY.md "Fault hooks"). Nothing here is
 * imported by functions/ (the lint boundaries forbid it), so none of it is in a Lambda bundle; the
 * hooks are installed by the local cloud's processes (cloud.ts, queue-worker.ts) on the product's
 * own process-wide clients, as the capacity counter is, and only when UPWATCH_FAULTS_DIR is set.
 *
 * The control is a folder every process of the local cloud watches (the main process and the
 * worker processes alike, and a restarted cloud on the same folder):
 * - `faults.json`: the faults that last (`FaultPlan`), each with the time it ends, so that a
 *   benchmark that dies leaves nothing switched on for long. Rewritten whole (write + rename).
 * - `kill-checker.json` / `kill-processor.json`: a one-shot request to kill that worker process
 *   (`KillRequest`). The process that acts on it deletes the file first, leaves a marker
 *   `killed-<pid>` for its parent (which then starts the worker again instead of taking the cloud
 *   down, as Lambda starts a new instance), and kills itself with SIGKILL.
 * - journals the hooks append to, for the soak's accounting: `mails.log` (every mail the SES
 *   emulator accepted), `results-sent-<pid>.log` and `results-processed-<pid>.log`.
 */
export const FAULTS_DIR_ENV = 'UPWATCH_FAULTS_DIR';

export interface FaultPlan {
  /** SES refuses this share of the app's sends (0..1) until `until`. */
  ses?: { failShare: number; until: string };
  /**
   * DynamoDB: this share of calls (each HTTP attempt, inside the SDK's own retries, as on AWS)
   * fails with ProvisionedThroughputExceededException, and this share waits `latencyMs` first.
   */
  dynamodb?: { throttleShare: number; latencyShare: number; latencyMs: number; until: string };
  /** Checker regions that answer nothing (their check jobs are taken and dropped) until the time given. */
  silentRegions?: Record<string, string>;
}

export type KillableWorker = 'checker' | 'processor';

export interface KillRequest {
  /** checker: kill while a batch of this region's queue is being checked (any region if absent). */
  region?: string;
  /** When the request was made (ISO); the processor falls back to any write after a while. */
  requestedAt: string;
}

/** The control folder of this process (made if missing), or null: no hooks. */
export const faultsDir = (): string | null => {
  const dir = process.env[FAULTS_DIR_ENV];
  if (!dir) return null;
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

const planFile = (dir: string) => path.join(dir, 'faults.json');
const killFile = (dir: string, worker: KillableWorker) => path.join(dir, `kill-${worker}.json`);
export const killedMarker = (dir: string, pid: number) => path.join(dir, `killed-${pid}`);

const writeAtomically = (file: string, text: string) => {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
};

/** For the benchmark (or a person): replaces the lasting faults. `{}` switches them all off. */
export const writeFaultPlan = (dir: string, plan: FaultPlan): void => {
  fs.mkdirSync(dir, { recursive: true });
  writeAtomically(planFile(dir), JSON.stringify(plan, null, 2));
};

/** For the benchmark: asks the worker process to kill itself at its next chance (see the header). */
export const requestKill = (dir: string, worker: KillableWorker, opts: { region?: string } = {}): void => {
  fs.mkdirSync(dir, { recursive: true });
  const request: KillRequest = { ...opts, requestedAt: new Date().toISOString() };
  writeAtomically(killFile(dir, worker), JSON.stringify(request));
};

export const pendingKill = (dir: string, worker: KillableWorker): KillRequest | null => {
  try {
    return JSON.parse(fs.readFileSync(killFile(dir, worker), 'utf8')) as KillRequest;
  } catch {
    return null;
  }
};

/**
 * Acts on a kill request: takes it (only one process can delete the file), leaves the marker that
 * tells the parent the death was injected, and dies at once. Returns only if someone else took it.
 */
export const killSelfFor = (dir: string, worker: KillableWorker): void => {
  try {
    fs.unlinkSync(killFile(dir, worker));
  } catch {
    return;
  }
  fs.writeFileSync(killedMarker(dir, process.pid), new Date().toISOString());
  process.kill(process.pid, 'SIGKILL');
};

/** Whether the worker that exited was killed by a request (and forgets the marker). */
export const wasKilledByFault = (dir: string | null, pid: number | undefined): boolean => {
  if (!dir || pid === undefined) return false;
  try {
    fs.unlinkSync(killedMarker(dir, pid));
    return true;
  } catch {
    return false;
  }
};

/** The active part of a plan at `now` (ended faults dropped). */
export const activeFaults = (plan: FaultPlan, now: number): FaultPlan => {
  const live = (until: string) => Date.parse(until) > now;
  const silent = Object.entries(plan.silentRegions ?? {}).filter(([, until]) => live(until));
  return {
    ...(plan.ses && live(plan.ses.until) ? { ses: plan.ses } : {}),
    ...(plan.dynamodb && live(plan.dynamodb.until) ? { dynamodb: plan.dynamodb } : {}),
    ...(silent.length ? { silentRegions: Object.fromEntries(silent) } : {}),
  };
};

/**
 * The plan as this process sees it: `faults.json` re-read when it changed, checked every
 * `REFRESH_MS` by a timer (never on the hot path of a call).
 */
const REFRESH_MS = 250;

export interface FaultWatch {
  /** The faults active now. */
  current(): FaultPlan;
  stop(): void;
}

export const watchFaults = (dir: string): FaultWatch => {
  let plan: FaultPlan = {};
  let seen = -1;
  const refresh = () => {
    try {
      const { mtimeMs } = fs.statSync(planFile(dir));
      if (mtimeMs === seen) return;
      plan = JSON.parse(fs.readFileSync(planFile(dir), 'utf8')) as FaultPlan;
      seen = mtimeMs;
    } catch {
      plan = {};
      seen = -1;
    }
  };
  refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  timer.unref();
  return { current: () => activeFaults(plan, Date.now()), stop: () => clearInterval(timer) };
};

/**
 * An exact share, spread evenly and the same every run: the n-th call is hit when n x share
 * crosses a whole number (0.3: calls 4, 7, 10, 14, ...), so "30 % of sends" is 30 % of sends.
 */
export const shareCounter = () => {
  let calls = 0;
  return (share: number): boolean => {
    calls += 1;
    return Math.floor(calls * share) > Math.floor((calls - 1) * share);
  };
};

/** Appends lines to a journal synchronously: what returned from here survives a SIGKILL of the process. */
export const appendJournal = (dir: string, name: string, lines: readonly string[]): void => {
  if (lines.length) fs.appendFileSync(path.join(dir, name), lines.join('\n') + '\n');
};
