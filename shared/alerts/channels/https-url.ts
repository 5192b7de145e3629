import { z } from 'zod';
import { nonPublicNameReason } from '../../checks/internal-names.js';

/**
 * The URL of a destination a channel posts to: well formed, https (http only where the caller
 * allows loopback targets, checked by the service), no credentials before the host, and for a
 * provider's webhook on that provider's own hosts. The private-address half of the SSRF guard is
 * the functions side's (docs/alerts.md "Destinations and SSRF"), at save and at dial time.
 * `label` is the field as the form names it ("Webhook URL"): the messages are shown as they are.
 */
export const destinationUrl = (label: string, opts: { hosts?: readonly string[]; hostLabel?: string; pathPrefix?: string } = {}) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2048, `${label} is too long (2048 characters at most)`)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} must be a full URL starting with https://` });
        return;
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        ctx.addIssue({ code: 'custom', message: `${label} must start with https://` });
        return;
      }
      if (url.username || url.password) {
        ctx.addIssue({ code: 'custom', message: `${label} must not carry a user name or password before the host` });
        return;
      }
      const host = url.hostname.toLowerCase();
      const internal = nonPublicNameReason(host, { allowTestNames: true });
      if (internal) {
        ctx.addIssue({ code: 'custom', message: internal.replace('can be monitored', 'can receive alerts') });
        return;
      }
      if (opts.hosts && !opts.hosts.some((allowed) => host === allowed || (allowed.startsWith('.') && host.endsWith(allowed)))) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a ${opts.hostLabel ?? 'provider'} URL (${opts.hosts.map((h) => h.replace(/^\./, '*.')).join(', ')})` });
        return;
      }
      if (opts.hosts && url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: `${label} must start with https://` });
        return;
      }
      if (opts.pathPrefix && !url.pathname.startsWith(opts.pathPrefix)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a ${opts.hostLabel ?? 'provider'} URL starting with https://${opts.hosts?.[0] ?? ''}${opts.pathPrefix}` });
      }
    });
