import type { CertificateInfo, SslMarker } from '../../shared/checks/certificate.js';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { ENTITY, monitorSslKey, monitorStateKey } from '../../shared/table/keys.js';
import { cancellationReasons, conditionFailedAt } from './dynamo-errors.js';
import type { MonitorForChecks } from './monitor-check-state-repository.js';
import { outboxItem, ownerGuards } from './round-items.js';
import * as table from './table-commands.js';
import { type TableTransactItem } from './table.js';

/**
 * An https monitor's certificate (keys.ts 8e; docs/checks.md "SSL certificates"). Written only
 * when something changed (another certificate, its validity, an alert due): one transaction of the
 * state item's marker (compare-and-swap on the marker the processor read), the certificate item,
 * and the alert's outbox entry, whose key names the certificate and the mark, so it is mailed
 * once however often this runs. 'stale' when another processor moved the marker first.
 */
export const commitSslStep = async (opts: {
  monitor: MonitorForChecks;
  certificate: CertificateInfo;
  marker: SslMarker;
  checkedAt: string;
  alert: AlertEvent | null;
}): Promise<'committed' | 'stale' | 'owner_gone'> => {
  const { monitor } = opts;
  const previous = monitor.sslMarker;
  const items: TableTransactItem[] = [
    {
      Update: {
        Key: monitorStateKey(monitor.userId, monitor.monitorId),
        UpdateExpression: 'SET ssl_marker = :marker',
        ConditionExpression: previous ? 'ssl_marker = :previous' : 'attribute_exists(PK) AND attribute_not_exists(ssl_marker)',
        ExpressionAttributeValues: { ':marker': opts.marker, ...(previous ? { ':previous': previous } : {}) },
      },
    },
    {
      Put: {
        Item: {
          ...monitorSslKey(monitor.userId, monitor.monitorId),
          entity: ENTITY.monitorSsl,
          user_id: monitor.userId,
          monitor_id: monitor.monitorId,
          ...opts.certificate,
          checked_at: opts.checkedAt,
        },
      },
    },
  ];
  if (opts.alert) items.push(outboxItem(monitor, opts.alert));
  const guardsAt = items.length;
  items.push(...ownerGuards(monitor, false));
  try {
    await table.transact(items);
    return 'committed';
  } catch (error) {
    if (conditionFailedAt(error, guardsAt) || conditionFailedAt(error, guardsAt + 1)) return 'owner_gone';
    if (conditionFailedAt(error, 0)) return 'stale';
    // This certificate's alert for this mark went out before (it came back after another one): once is enough.
    if (opts.alert && conditionFailedAt(error, 2)) return commitSslStep({ ...opts, alert: null });
    if (cancellationReasons(error)?.some((reason) => reason === 'TransactionConflict')) return 'stale';
    throw error;
  }
};
