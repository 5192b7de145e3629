import { AppError } from '../../../shared/errors.js';
import type { CheckOptions } from '../../../shared/monitors/check-options.js';
import { resolveMonitorTarget, typeOptionsProblem, type ResolvedTarget } from '../../../shared/monitors/monitor-type-rules.js';
import type { MonitorTarget, MonitorTypeInput } from '../../../shared/monitors/monitor-types.js';
import { newHeartbeatToken } from './heartbeat-token.js';
import { assertMonitorAllowed } from './target-rules.js';

const refuse = ({ field, message }: { field: string; message: string }): never => {
  throw new AppError('VALIDATION_FAILED', message, [{ field, message }]);
};

/**
 * A monitor's type and target after a create (`stored` absent) or an update (docs/checks.md
 * "Monitor types"): the rules of monitor-type-rules.ts, then the SSRF guard its type declares on
 * what changed (an HTTP URL, a TCP host, a DNS name). A problem is 400 `VALIDATION_FAILED` naming its field.
 */
export const resolvedTarget = (opts: {
  monitorId: string;
  input: MonitorTypeInput & { url?: string | undefined };
  stored?: { target: MonitorTarget | undefined; url: string };
}): ResolvedTarget => {
  const resolved = resolveMonitorTarget({ ...opts, newToken: newHeartbeatToken });
  if ('problem' in resolved) return refuse(resolved.problem);
  if (resolved.url === opts.stored?.url) return resolved;
  assertMonitorAllowed(resolved);
  return resolved;
};

/** The HTTP options a monitor of another type may not carry (monitor-type-rules.ts `typeOptionsProblem`). */
export const assertOptionsFitType = (resolved: ResolvedTarget, options: CheckOptions | undefined): void => {
  const problem = typeOptionsProblem(resolved.type, options ?? {});
  if (problem) refuse(problem);
};
