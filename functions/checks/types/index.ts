import type { MonitorType } from '../../../shared/monitors/types/index.js';
import type { CheckRunner, CheckRunnerEntry } from './contract.js';
import { checkDns } from './dns.js';
import { checkHttp } from './http.js';
import { checkTcp } from './tcp.js';

/**
 * The checkers' registry: one entry per registered monitor type (shared/monitors/types/index.ts),
 * so a type added there without its runner here does not compile (docs/checks.md "Adding a
 * monitor type"). run-check.ts dispatches through it.
 */
export const CHECK_RUNNERS = {
  http: checkHttp,
  tcp: checkTcp,
  dns: checkDns,
  // No checker is involved: the result processor judges its rounds from the last ping (heartbeat-rounds.ts).
  heartbeat: null,
} satisfies { [Type in MonitorType]: CheckRunnerEntry<Type> };

/** The runner of a type, or null for an unknown type or one no checker runs. */
export const checkRunnerOf = (type: string): CheckRunner<MonitorType> | null =>
  Object.hasOwn(CHECK_RUNNERS, type) ? ((CHECK_RUNNERS as Record<string, CheckRunner<MonitorType> | null>)[type] ?? null) : null;
