import { AppError } from '../../../shared/errors.js';
import { checkTargetUrl } from '../../../shared/checks/target-address.js';
import { checkerConfig } from '../../checks/checker-config.js';

/**
 * The SSRF guard at save time (ARCHITECTURE.md §4): a URL whose host is an internal name or a
 * non-public address is refused before it is stored; names that only resolve to one are caught
 * again at dial time by the checker. Loopback is allowed only where the checkers allow it too
 * (UPWATCH_ALLOW_PRIVATE_TARGETS=1, local use).
 */
export const assertTargetAllowed = (url: string): void => {
  const verdict = checkTargetUrl(url, { allowLoopback: checkerConfig().allowLoopback });
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, [{ field: 'url', message: verdict.reason }]);
};
