import { INITIAL_MONITOR_STATE } from '../../../shared/checks/monitor-state.js';
import type { MonitorForChecks } from '../../../functions/repositories/monitor-check-state-repository.js';

/**
 * A monitor as the result processor reads it (monitor-check-state-repository.ts `MonitorForChecks`),
 * for unit tests: an active HTTP monitor `m1` of `u1`, checked every 30 s, never checked yet, nothing
 * open, no hours, answers or certificate kept. A test overrides what its case is about.
 */
export const monitorForChecks = (overrides: Partial<MonitorForChecks> = {}): MonitorForChecks => ({
  userId: 'u1',
  monitorId: 'm1',
  name: 'Site',
  url: 'https://example.com',
  status: 'active',
  slowThresholdMs: 5000,
  responseTimeSeconds: null,
  state: INITIAL_MONITOR_STATE,
  hours: { open: null, closing: null },
  recent: null,
  sslMarker: null,
  intervalSeconds: 30,
  target: undefined,
  lastPing: null,
  confirmRounds: { down: 1, up: 1 },
  ...overrides,
});
