import { sslStep, type CertificateInfo } from '../../../shared/checks/certificate.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import { sslAlertText, sslTransitionId } from '../../../shared/checks/ssl-alerts.js';
import { logger } from '../../observability/logger.js';
import { sendAlerts } from '../../repositories/alert-queue-repository.js';
import type { MonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import { commitSslStep } from '../../repositories/monitor-ssl-repository.js';

/**
 * The certificate of a decided round (docs/checks.md "SSL certificates"): the one most regions saw.
 * Invalid only when at least half of the regions that saw one found it invalid, like the quorum of
 * the round itself: one region behind a broken proxy does not alert the owner.
 */
export const roundCertificate = (results: readonly CheckResult[]): CertificateInfo | null => {
  const seen = results.flatMap((result) => (result.certificate ? [result.certificate] : []));
  if (!seen.length) return null;
  const invalid = seen.filter((certificate) => !certificate.valid);
  return invalid.length * 2 >= seen.length ? invalid[0]! : seen.find((certificate) => certificate.valid)!;
};

/**
 * After a round is applied: stores the certificate when it changed and mails the alert it calls for
 * (30, 14, 7, 1 days before expiry, once each; once when invalid). Nothing is written on a steady
 * round. A lost compare-and-swap means another processor handled a newer round's certificate.
 * Answers whether it wrote, or tried to write, the marker.
 */
export const applySslOfRound = async (opts: {
  monitor: MonitorForChecks;
  round: string;
  results: readonly CheckResult[];
  alertsQueueUrl: string;
  now?: Date;
}): Promise<boolean> => {
  const certificate = roundCertificate(opts.results);
  if (!certificate) return false;
  const now = opts.now ?? new Date();
  const step = sslStep(opts.monitor.sslMarker, certificate, now);
  if (!step.changed) return false;
  const { monitor } = opts;
  let alert: AlertEvent | null = null;
  if (step.alert) {
    const text = sslAlertText(certificate, step.alert);
    alert = {
      transitionId: sslTransitionId(monitor.monitorId, certificate, step.alert),
      event: step.alert.kind,
      monitorId: monitor.monitorId,
      round: opts.round,
      incidentId: '',
      title: text.title,
      message: text.message,
      details: text.details,
      occurredAt: now.toISOString(),
      since: step.alert.kind === 'ssl_expiring' ? certificate.validTo : null,
    };
  }
  const outcome = await commitSslStep({ monitor, certificate, marker: step.marker, checkedAt: now.toISOString(), alert });
  if (outcome !== 'committed' || !alert) return true;
  await sendAlerts(opts.alertsQueueUrl, [{ kind: 'alert', userId: monitor.userId, monitorName: monitor.name, monitorUrl: monitor.url, alert }]).catch(
    (error: unknown) => logger.error('Could not queue a certificate alert; it waits in the outbox', { monitorId: monitor.monitorId, error }),
  );
  return true;
};
