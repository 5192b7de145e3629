import { daysLeft } from '../checks/certificate.js';
import { countOf } from '../texts.js';

/**
 * `ssl` of an https monitor as the API answers it (docs/checks.md "SSL certificates"): the
 * certificate its checks last saw. `days_left` is counted at the time of the answer; null for http
 * monitors and until the first check of an https one.
 */
export interface MonitorSsl {
  days_left: number | null;
  valid_to: string | null;
  valid_from: string | null;
  issuer: string | null;
  subject: string | null;
  valid: boolean;
  /** Why not valid (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID, ...); null when valid. */
  error: string | null;
  checked_at: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The stored certificate item (keys.ts 8e) as the API shows it. */
export const monitorSslView = (item: Record<string, unknown> | undefined, now: Date = new Date()): MonitorSsl | null => {
  if (!item) return null;
  const validTo = text(item.validTo);
  return {
    days_left: validTo ? daysLeft(validTo, now) : null,
    valid_to: validTo,
    valid_from: text(item.validFrom),
    issuer: text(item.issuer),
    subject: text(item.subject),
    valid: item.valid === true,
    error: text(item.error),
    checked_at: text(item.checked_at),
  };
};

export type SslTone = 'ok' | 'warning' | 'bad';

/** How a certificate reads at a glance (card, detail page): 14 days or fewer is a warning. */
export const sslSummary = (ssl: MonitorSsl): { tone: SslTone; text: string } => {
  if (!ssl.valid) return { tone: 'bad', text: 'Certificate invalid' };
  if (ssl.days_left === null) return { tone: 'ok', text: 'Certificate valid' };
  if (ssl.days_left < 1) return { tone: 'bad', text: 'Certificate expires today' };
  return { tone: ssl.days_left <= 14 ? 'warning' : 'ok', text: `Certificate: ${countOf(ssl.days_left, 'day')} left` };
};
