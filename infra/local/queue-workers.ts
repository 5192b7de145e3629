import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { QUEUE_CONSUMERS } from '../event-sources.js';
import { faultsDir, wasKilledByFault } from './faults/fault-control.js';
import type { CrashHandler, RunningPart } from './supervisor.js';

/**
 * The local cloud's worker processes (queue-worker.ts): the checker regions in one, the result
 * processor in another, the alert senders (mails, channel deliveries, status page subscribers'
 * notices) in a third, each a child of the cloud, as Lambda runs them apart from the API. The
 * gateway keeps its own process for requests, so a storm's alerts do not queue the API's pages
 * behind them (docs/PERFORMANCE.md "All at once"); the two cores are both used. Their output
 * goes to the cloud's console, each line prefixed with the worker's name, so a handler error or a
 * backlog warning shows up where the in-process pollers' did. A worker that dies takes the cloud
 * down, like any other part (supervisor.ts).
 */
export const WORKER_GROUPS: readonly (readonly string[])[] = [['checker'], ['processor'], ['mailer', 'channel-deliverer', 'subscriber-mailer']];

/**
 * What a worker's consumers read from the environment here and not on AWS. The processor keeps at
 * most 16 requests open to DynamoDB Local (config.ts `dynamodbMaxSockets`): the emulator answers
 * one request at a time, so the SDK's 50 let a burst of round writes queue the API's page reads
 * behind them (docs/PERFORMANCE.md "Scale"). On AWS the table has no such single queue.
 */
const LOCAL_ENVIRONMENT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  processor: { DYNAMODB_MAX_SOCKETS: '16' },
};

/** The process environment the group's consumers ask for (event-sources.ts), as Lambda sets it. */
const processEnvironmentOf = (names: readonly string[]): Record<string, string> =>
  Object.assign(
    {},
    ...QUEUE_CONSUMERS.filter((consumer) => names.includes(consumer.name)).map((consumer) => consumer.processEnvironment ?? {}),
    ...names.map((name) => LOCAL_ENVIRONMENT[name] ?? {}),
  );

const liveWorkers = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveWorkers) child.kill('SIGKILL');
});

const prefixLines = (name: string, write: (text: string) => void) => {
  let rest = '';
  return (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) write(`[${name}] ${line}\n`);
  };
};

/** Forks one worker process and resolves with it once it says it is ready. */
const forkWorker = (names: readonly string[], env: NodeJS.ProcessEnv): Promise<ChildProcess> => {
  const name = `worker:${names.join('+')}`;
  const child = fork(path.resolve('infra/local/queue-worker.ts'), [...names], {
    env: { ...process.env, ...env, ...processEnvironmentOf(names) },
    // A larger young generation than Node's default (16 MB semi-spaces): the workers allocate a
    // request's worth of short-lived objects per call, and fewer scavenges cost less CPU
    // (docs/PERFORMANCE.md "Scale": the checker's CPU per check fell by a fifth).
    // UPWATCH_WORKER_NODE_ARGS adds Node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile.
    execArgv: ['--import', 'tsx', '--max-semi-space-size=32', ...(process.env.UPWATCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  liveWorkers.add(child);
  child.stdout?.on('data', prefixLines(names.join('+'), (text) => process.stdout.write(text)));
  child.stderr?.on('data', prefixLines(names.join('+'), (text) => process.stderr.write(text)));
  child.once('exit', () => liveWorkers.delete(child));
  return new Promise<ChildProcess>((resolve, reject) => {
    const early = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`${name} exited before it was ready (${signal ?? `code ${code}`})`));
    child.once('exit', early);
    child.once('message', () => {
      child.off('exit', early);
      resolve(child);
    });
  });
};

/**
 * A worker group as one running part. A worker killed by an injected fault (faults/, only with
 * UPWATCH_FAULTS_DIR set) is started again, as Lambda starts a new instance after one died
 * mid-batch; any other death takes the cloud down.
 */
const startWorker = async (names: readonly string[], env: NodeJS.ProcessEnv, onCrash: CrashHandler): Promise<RunningPart> => {
  const name = `worker:${names.join('+')}`;
  let stopping = false;
  let child = await forkWorker(names, env);
  const watch = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      if (stopping) return;
      if (wasKilledByFault(faultsDir(), current.pid)) {
        console.log(`[${names.join('+')}] killed by an injected fault (pid ${current.pid}); starting it again`);
        forkWorker(names, env).then(
          (next) => {
            child = next;
            if (stopping) next.kill('SIGTERM');
            else watch(next);
          },
          (error: unknown) => onCrash(name, `could not start again after an injected kill: ${String(error)}`),
        );
        return;
      }
      onCrash(name, `exited (${signal ?? `code ${code}`})`);
    });
  };
  watch(child);
  return {
    name,
    describe: `worker ${names.join(', ').padEnd(10)} pid ${child.pid} (its own process, like a Lambda)`,
    stop: () =>
      new Promise<void>((done) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(killTimer);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
};

/** Starts every worker group; `env` adds what the workers need beyond the parent's environment. */
export const startQueueWorkers = async (opts: {
  queueUrls: Record<string, string>;
  checkerRegions: readonly string[];
  onCrash: CrashHandler;
}): Promise<RunningPart[]> => {
  const env = {
    UPWATCH_QUEUE_URLS: JSON.stringify(opts.queueUrls),
    UPWATCH_CHECKER_REGIONS_LIST: opts.checkerRegions.join(','),
  };
  const started = await Promise.allSettled(WORKER_GROUPS.map((names) => startWorker(names, env, opts.onCrash)));
  const parts = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(parts.map((part) => part.stop()));
    throw failed.reason;
  }
  return parts;
};
