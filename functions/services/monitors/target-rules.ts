import { AppError } from '../../../shared/errors.js';
import { checkTargetHost, checkTargetUrl } from '../../../shared/checks/target-address.js';
import type { MonitorTarget } from '../../../shared/monitors/monitor-types.js';
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
 * The same guard for a TCP monitor's host and a DNS monitor's name (checkTargetHost): an IP literal
 * must be public, a name must not be an internal one. Names are judged again by the checker on the
 * address it dials (TCP) or the addresses the lookup answers (DNS).
 */
export const assertMonitorTargetAllowed = (target: MonitorTarget | undefined): void => {
  if (target?.type !== 'tcp' && target?.type !== 'dns') return;
  const [field, host] = target.type === 'tcp' ? ['host', target.host] : ['hostname', target.hostname];
  const verdict = checkTargetHost(host, { allowLoopback: checkerConfig().allowLoopback });
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, [{ field, message: verdict.reason }]);
};
