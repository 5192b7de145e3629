import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs the local cloud's parts and keeps watch over them. A part that dies while the cloud is up is
 * reported loudly (its name, exit code and the tail of its log) and brings the cloud down, because a
 * half-running cloud hides bugs; a clean stop (Ctrl-C) is quiet.
 */
export interface RunningPart {
  name: string;
  /** One line for the start-up banner: what runs where. */
  describe: string;
  stop(): Promise<void>;
}

export type CrashHandler = (part: string, reason: string) => void;

const LOG_TAIL_LINES = 20;

export const tailOfFile = (file: string, lines = LOG_TAIL_LINES): string => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  onCrash: CrashHandler;
  /** Where its pid is kept while it runs (`pidFileOf`), so a later start can stop it if we crash. */
  pidFile?: string;
}

// Children die with us even when we exit abruptly, so a crashed start never leaves an emulator behind.
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

/** Starts a child process whose output goes to its own log file, watched for unexpected exits. */
export const startChild = (spec: ChildSpec): { child: ChildProcess; stop(): Promise<void> } => {
  fs.mkdirSync(path.dirname(spec.logFile), { recursive: true });
  const log = fs.openSync(spec.logFile, 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', log, log],
  });
  liveChildren.add(child);
  if (spec.pidFile && child.pid) writePidFile(spec.pidFile, { pid: child.pid, command: [spec.command, ...spec.args] });
  let stopping = false;
  child.on('error', (error) => spec.onCrash(spec.name, `could not start: ${error.message}`));
  child.on('exit', (code, signal) => {
    liveChildren.delete(child);
    if (spec.pidFile) fs.rmSync(spec.pidFile, { force: true });
    fs.closeSync(log);
    if (stopping) return;
    spec.onCrash(
      spec.name,
      `exited (${signal ?? `code ${code}`}). Last lines of ${spec.logFile}:\n${tailOfFile(spec.logFile)}`,
    );
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(killTimer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { child, stop };
};

/** Waits until something answers HTTP at `url` (any status), or fails after `timeoutMs`. */
export const waitForHttp = async (name: string, url: string, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000}s (${lastError})`);
};

/** Fails fast, naming the port and the variable to change, when something else already listens there. */
export const assertPortFree = async (name: string, port: number, envVar: string): Promise<void> => {
  const net = await import('node:net');
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} for ${name} is already in use. Stop what runs there or set ${envVar}.`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
};

/**
 * Children left behind by a start that was killed outright (`kill -9`, a power cut): the 'exit'
 * hook above never ran, so the emulators (DynamoDB Local, cognito-local) still hold their ports and
 * their data. Each child's pid is kept in `<data dir>/run/<name>.pid` while it runs; the next start
 * stops every one still running the same command line (a pid reused by another program is left
 * alone), then starts afresh on the same data (docs/operations.md "After a crash").
 */
export const pidFileOf = (dataDir: string, name: string): string => path.join(dataDir, 'run', `${name}.pid`);

interface PidRecord {
  pid: number;
  command: string[];
}

const writePidFile = (file: string, record: PidRecord): void => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(record));
};

/** The command line of a running process, or null when none runs with that pid. */
const commandLineOf = (pid: number): string | null => {
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    } catch {
      return null;
    }
  }
};

const isGone = (pid: number): boolean => commandLineOf(pid) === null;

/** Stops what an earlier, crashed start left running; answers one line per process stopped. */
export const stopLeftoverChildren = async (dataDir: string): Promise<string[]> => {
  const dir = path.dirname(pidFileOf(dataDir, 'x'));
  if (!fs.existsSync(dir)) return [];
  const stopped: string[] = [];
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.pid'))) {
    const file = path.join(dir, name);
    let record: PidRecord | undefined;
    try {
      record = JSON.parse(fs.readFileSync(file, 'utf8')) as PidRecord;
    } catch {
      record = undefined;
    }
    const running = record ? commandLineOf(record.pid) : null;
    if (record && running !== null && record.command.every((part) => running.includes(part))) {
      process.kill(record.pid, 'SIGTERM');
      const deadline = Date.now() + 5000;
      while (!isGone(record.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      if (!isGone(record.pid)) process.kill(record.pid, 'SIGKILL');
      while (!isGone(record.pid)) await new Promise((resolve) => setTimeout(resolve, 50));
      stopped.push(`${name.replace(/\.pid$/, '')} (pid ${record.pid})`);
    }
    fs.rmSync(file, { force: true });
  }
  return stopped;
};
