import { channelTypeDefinition, type ChannelType } from '../../../shared/alerts/channels/index.js';
import { checkTargetUrl } from '../../../shared/checks/target-address.js';
import { AppError } from '../../../shared/errors.js';
import { checkerConfig } from '../../checks/checker-config.js';

/**
 * The SSRF guard at save time for a channel's destination (docs/alerts.md "Destinations and
 * SSRF"): every URL field must be https to a public host. Loopback (and then plain http) is allowed
 * only where the checkers allow it too (UPWATCH_ALLOW_PRIVATE_TARGETS=1, local use); the dial-time
 * half is the guarded lookup every delivery dials through.
 */
const URL_FIELDS = new Set(['url', 'webhook_url']);

const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.startsWith('127.');

export const assertDestinationAllowed = (type: ChannelType, config: Record<string, string>): void => {
  const { allowLoopback } = checkerConfig();
  for (const [field, value] of Object.entries(config)) {
    if (!URL_FIELDS.has(field)) continue;
    const problem = (reason: string) => new AppError('VALIDATION_FAILED', reason, [{ field: `config.${field}`, message: reason }]);
    const url = new URL(value);
    if (url.protocol !== 'https:' && !(allowLoopback && isLoopbackHost(url.hostname))) {
      throw problem(`${field} must start with https:// (${channelTypeDefinition(type).label} deliveries are always encrypted)`);
    }
    const verdict = checkTargetUrl(value, { allowLoopback });
    if (!verdict.ok) throw problem(verdict.reason.replace('can be monitored', 'can receive alerts'));
  }
};
