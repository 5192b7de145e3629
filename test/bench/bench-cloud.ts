import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The local cloud as `npm start` runs it (infra/local/start.ts in a child process, its log in the
 * data dir), on a benchmark's own ports, for the benchmarks that need the whole cloud in another
 * process so their own load generator does not share its event loop (status-page.ts). `stop`
 * sends SIGTERM, waits up to 15 s, then SIGKILL; an exit before `stop` calls `onUnexpectedExit`.
 */
export interface BenchCloudPorts {
  gateway: number;
  dynamodb: number;
  cognito: number;
  ses: number;
  sqs: number;
  channels: number;
}

export interface BenchCloud {
  process: ChildProcess;
  logPath: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the cloud and resolves once its log says `Ready.` (3 minutes at most). */
export const startBenchCloud = async (opts: {
  ports: BenchCloudPorts;
  dataDir: string;
  /** Extra environment, e.g. UPWATCH_RUN_SCHEDULES or UPWATCH_EDGE_CACHE. */
  env?: Record<string, string>;
  onUnexpectedExit: (error: Error) => void;
}): Promise<BenchCloud> => {
  const { ports, dataDir } = opts;
  const webRoot = fs.existsSync('frontend/dist/index.html') ? 'frontend/dist' : fs.mkdtempSync(path.join(dataDir, 'web-'));
  if (!webRoot.startsWith('frontend')) fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');
  const logPath = path.join(dataDir, 'cloud.log');
  const log = fs.openSync(logPath, 'a');
  let stopping = false;
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: {
      ...process.env,
      PORT: String(ports.gateway),
      UPWATCH_DYNAMODB_PORT: String(ports.dynamodb),
      UPWATCH_COGNITO_PORT: String(ports.cognito),
      UPWATCH_SES_PORT: String(ports.ses),
      UPWATCH_SQS_PORT: String(ports.sqs),
      UPWATCH_CHANNELS_PORT: String(ports.channels),
      UPWATCH_DATA_DIR: dataDir,
      UPWATCH_ALLOW_PRIVATE_TARGETS: '1',
      UPWATCH_WEB_ROOT: webRoot,
      // Each bench user signs up from an address of its own (X-Forwarded-For), or the per-IP
      // sign-up limit (docs/security.md) would stop the 11th.
      UPWATCH_TRUST_FORWARDED_FOR: '1',
      ...opts.env,
    },
    stdio: ['ignore', log, log],
  });
  child.once('exit', (code, signal) => {
    if (!stopping) opts.onUnexpectedExit(new Error(`the local cloud exited (${signal ?? code}); see ${logPath}`));
  });
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 180_000;
  while (!fs.readFileSync(logPath, 'utf8').includes('Ready.')) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the local cloud did not get ready in 3 minutes');
    }
    await sleep(500);
  }
  return { process: child, logPath, stop };
};
