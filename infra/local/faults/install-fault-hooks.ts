import type { SqsHandler } from '../sqs-poller.js';
import { installDynamoDbFaults, installSesFaults, journalSentResults } from './client-hooks.js';
import { faultsDir, watchFaults, type FaultWatch } from './fault-control.js';
import { withFaultHooks } from './handler-hooks.js';

/**
 * Installs the fault hooks of this process of the local cloud (docs/RELIABILITY.md "Fault hooks")
 * when UPWATCH_FAULTS_DIR is set; without it nothing is installed and nothing is watched. `role`
 * is `main` for the cloud's own process (API, timers) or the worker's consumers
 * (`checker`, `processor`, queue-workers.ts); only a worker may be killed by a request (its parent
 * starts it again), never the main process.
 */
let installed: { watch: FaultWatch; dir: string; canKill: boolean } | null = null;

export const installFaultHooks = (role: string): void => {
  const dir = faultsDir();
  if (!dir || installed) return;
  const watch = watchFaults(dir);
  const consumers = role.split('+');
  installed = { watch, dir, canKill: role !== 'main' };
  installDynamoDbFaults(watch, { dir, killable: consumers.includes('processor') });
  installSesFaults(watch);
  if (consumers.includes('checker') || role === 'main') journalSentResults(dir, process.env.HOME_REGION ?? process.env.AWS_REGION ?? 'us-east-1');
};

/** The handler as the local event source calls it: with the hooks when they are installed. */
export const withInstalledFaultHooks = (consumer: string, region: string, handler: SqsHandler): SqsHandler =>
  installed ? withFaultHooks(consumer, region, handler, installed) : handler;
