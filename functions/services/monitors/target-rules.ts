import { AppError } from '../../../shared/errors.js';
import { checkTargetHost, checkTargetUrl } from '../../../shared/checks/target-address.js';
import type { MonitorTarget } from '../../../shared/monitors/monitor-types.js';
import { monitorTypeDefinition, typeOfTarget } from '../../../shared/monitors/types/index.js';
import { checkerConfig } from '../../checks/checker-config.js';

/**
 * The SSRF guard at save time (docs/security.md "SSRF"): a URL whose host is an internal name or a
 * non-public address is refused before it is stored; names that only resolve to one are caught
 * again at dial time by the checker. Loopback is allowed only where the checkers allow it too
 * (UPWATCH_ALLOW_PRIVATE_TARGETS=1, local use).
 */
export const assertTargetAllowed = (url: string): void => {
  const verdict = checkTargetUrl(url, { allowLoopback: checkerConfig().allowLoopback });
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, [{ field: 'url', message: verdict.reason }]);
};

/**
 * The same guard for the host a monitor of another type dials or looks up (a TCP monitor's host, a
 * DNS monitor's name), as its type's `saveGuard` names it (checkTargetHost): an IP literal must be
 * public, a name must not be an internal one. Names are judged again by the checker on the address
 * it dials (TCP) or the addresses the lookup answers (DNS).
 */
export const assertMonitorTargetAllowed = (target: MonitorTarget | undefined): void => {
  const { saveGuard } = monitorTypeDefinition(typeOfTarget(target));
  if (saveGuard.kind !== 'host' || !target) return;
  const { field, host } = saveGuard.hostOf(target);
  const verdict = checkTargetHost(host, { allowLoopback: checkerConfig().allowLoopback });
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, [{ field, message: verdict.reason }]);
};

/**
 * The guard a monitor's type declares (shared/monitors/types/, `saveGuard`), applied at save time
 * to its url or to its target's host; a type with none says why in its module.
 */
export const assertMonitorAllowed = (monitor: { target: MonitorTarget | undefined; url: string }): void => {
  const { saveGuard } = monitorTypeDefinition(typeOfTarget(monitor.target));
  if (saveGuard.kind === 'url') assertTargetAllowed(monitor.url);
  else if (saveGuard.kind === 'host') assertMonitorTargetAllowed(monitor.target);
};
