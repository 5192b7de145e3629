import type { CertificateInfo, SslAlert } from './certificate.js';
import type { IncidentDetails } from './incident-details.js';
import { countOf } from '../texts.js';

/**
 * The words of a certificate alert (docs/checks.md "SSL certificates"), in the voice of the
 * incident texts: what visitors will see, why, and what to do. Certificate alerts open no incident:
 * the site still works until the certificate expires; an invalid one is also seen by the check
 * itself, which then opens its own tls_error incident.
 */
export const SSL_EVENTS = ['ssl_expiring', 'ssl_invalid'] as const;
export type SslEvent = (typeof SSL_EVENTS)[number];

/** One outbox entry per certificate and mark (or per certificate for invalidity): exactly one mail each. */
export const sslTransitionId = (monitorId: string, certificate: CertificateInfo, alert: SslAlert): string =>
  `${monitorId}#ssl#${certificate.fingerprint ?? certificate.error ?? 'unknown'}#${alert.kind === 'ssl_expiring' ? `${alert.mark}d` : 'invalid'}`;

const ERROR_WORDS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is made out for another name than this address',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed, so browsers do not trust it',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a certificate browsers do not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its chain is incomplete (an intermediate certificate is missing)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its chain is incomplete (an intermediate certificate is missing)',
  // What browsers refuse although the chain is trusted (docs/checks.md "Certificates browsers refuse").
  CERT_WEAK_KEY: 'its key is too short (an RSA key under 2048 bits), so current browsers refuse it',
  CERT_WEAK_SIGNATURE: 'it is signed with SHA-1 or MD5, which current browsers no longer accept',
};

/** What to do, where a certificate's problem calls for more than installing a valid one. */
const ERROR_ACTIONS: Record<string, string> = {
  CERT_WEAK_KEY:
    'Get a new certificate with a 2048-bit (or longer) RSA key or an ECDSA key and install it. Every certificate authority issues these today, free ones too; a new key means a new certificate signing request.',
  CERT_WEAK_SIGNATURE:
    'Get a new certificate signed with SHA-256 and install it with its current intermediate certificates. Every certificate authority issues these today; if an old intermediate certificate is the one signed with SHA-1, replace it with the one your authority provides now.',
};

/** Why a certificate is not valid, in words; Node's code when we have no words for it. */
export const certificateProblem = (error: string | null): string => (error && ERROR_WORDS[error]) ?? `the secure connection fails (${error ?? 'unknown'})`;

export const sslAlertText = (
  certificate: CertificateInfo,
  alert: SslAlert,
): { title: string; message: string; details: IncidentDetails } => {
  if (alert.kind === 'ssl_expiring') {
    const left = Math.max(0, alert.daysLeft);
    return {
      title: 'SSL Certificate Expiring',
      message: `Your SSL certificate expires in ${left < 1 ? 'less than a day' : `less than ${countOf(alert.mark, 'day')}`} (on ${certificate.validTo?.slice(0, 10) ?? 'an unknown date'}).`,
      details: {
        user_impact: alert.mark <= 7 ? 'HIGH' : 'MEDIUM',
        impact_description: 'Visitors can still use your site, but when the certificate expires browsers will block it with a security warning.',
        explanation: `The SSL certificate your site presents${certificate.issuer ? `, issued by ${certificate.issuer},` : ''} is valid until ${certificate.validTo ?? 'an unknown date'}. After that, browsers refuse the secure connection.`,
        error_category: null,
        recommended_action:
          "Renew the certificate and install the new one before it expires. If your host, CDN or a tool such as Let's Encrypt renews it automatically, check that the renewal is working: it should have happened by now.",
        status_code: null,
        response_time: null,
        user_accessible: true,
      },
    };
  }
  const problem = certificateProblem(certificate.error);
  return {
    title: 'SSL Certificate Invalid',
    message: `Your SSL certificate is not valid: ${problem}.`,
    details: {
      user_impact: 'HIGH',
      impact_description: "Visitors' browsers show a security warning or refuse to open your site.",
      explanation: `The certificate your site presents cannot be trusted: ${problem}. Browsers check the same things and block the page.`,
      error_category: 'tls_error',
      recommended_action:
        (certificate.error && ERROR_ACTIONS[certificate.error]) ??
        'Install a valid certificate for this exact address (with and without www if you use both), including its intermediate certificates. If your host or CDN manages certificates, ask them to renew or reinstall it.',
      status_code: null,
      response_time: null,
      user_accessible: false,
    },
  };
};
