import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The one way the benchmarks start a local cloud (docs/benchmarks.md "Running it"): as `npm start`
 * runs it (infra/local/start.ts in a child process, its log in the data dir), on a benchmark's own
 * ports, so its load generator never shares the cloud's event loop. scale.ts, live-push.ts,
 * alert-storm.ts and status-page.ts use it. `stop` sends SIGTERM, waits up to 15 s, then SIGKILL;
 * an exit before `stop` calls `onUnexpectedExit`.
 */
export interface BenchCloudPorts {
  gateway: number;
  dynamodb: number;
  cognito: number;
  ses: number;
  sqs: number;
  channels: number;
  stripe: number;
  razorpay: number;
}

/** Every port of a bench cloud, shifted by `offset` (UPWATCH_TEST_PORT_OFFSET; each benchmark has its own default). */
/**
 * The parts sit next to each other (18800-18813, plus the gateway and SQS), so two benchmarks whose
 * offsets are 1,000 apart never share a port (cognito once sat at 19800: DynamoDB's of the next
 * offset up).
 */
export const benchCloudPorts = (offset: number): BenchCloudPorts => ({
  gateway: 3800 + offset,
  dynamodb: 18800 + offset,
  cognito: 18813 + offset,
  ses: 18805 + offset,
  sqs: 14800 + offset,
  channels: 18810 + offset,
  stripe: 18811 + offset,
  razorpay: 18812 + offset,
});

export interface BenchCloud {
  process: ChildProcess;
  /** The main process's id (the gateway), for process-tree.ts. */
  pid: number;
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
  /** Node flags for the cloud's main process (e.g. `--cpu-prof`). */
  nodeArgs?: readonly string[];
  /** `built`: the SPA from frontend/dist when it is built (the default); `placeholder`: one empty page, for benchmarks that never load it. */
  web?: 'built' | 'placeholder';
  onUnexpectedExit: (error: Error) => void;
}): Promise<BenchCloud> => {
  const { ports, dataDir } = opts;
  const useBuilt = (opts.web ?? 'built') === 'built' && fs.existsSync('frontend/dist/index.html');
  const webRoot = useBuilt ? 'frontend/dist' : fs.mkdtempSync(path.join(dataDir, 'web-'));
  if (!useBuilt) fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');
  const logPath = path.join(dataDir, 'cloud.log');
  const log = fs.openSync(logPath, 'a');
  let stopping = false;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'infra/local/start.ts'], {
    env: {
      ...process.env,
      PORT: String(ports.gateway),
      UPWATCH_DYNAMODB_PORT: String(ports.dynamodb),
      UPWATCH_COGNITO_PORT: String(ports.cognito),
      UPWATCH_SES_PORT: String(ports.ses),
      UPWATCH_SQS_PORT: String(ports.sqs),
      UPWATCH_CHANNELS_PORT: String(ports.channels),
      UPWATCH_STRIPE_PORT: String(ports.stripe),
      UPWATCH_RAZORPAY_PORT: String(ports.razorpay),
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
  return { process: child, pid: child.pid!, logPath, stop };
};

/** How far the cloud's log has got (bytes): mark it before a burst, read what came after with `cloudLogSince`. */
export const cloudLogSize = (cloud: BenchCloud): number => fs.statSync(cloud.logPath).size;

/** The cloud's log from `offset` on: the processor's tallies and transitions, which the benchmarks read. */
export const cloudLogSince = (cloud: BenchCloud, offset: number): string => fs.readFileSync(cloud.logPath).subarray(offset).toString('utf8');
