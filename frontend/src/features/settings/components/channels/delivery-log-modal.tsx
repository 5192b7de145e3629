import type { ChannelView, DeliveryView } from '@shared/alerts/schemas.js';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatTimestamp } from '@/utils/time';
import { useChannelDeliveries } from '../../api/list-channel-deliveries';
import { CHANNEL_TEXT, DELIVERY_TEXT } from '../../texts';
import { eventLabel, untilText } from '../../utils/channels';
import { LoadingLines } from '../settings-card';
import { ModalActions } from '@/components/ui/modal-actions';

const OUTCOME_TONES: Record<DeliveryView['status'], BadgeTone> = {
  pending: 'slate',
  sending: 'indigo',
  delivered: 'emerald',
  failed: 'red',
  skipped: 'amber',
};

const dash = <span className="text-slate-500">—</span>;

/** One delivery as a table row: what was sent, how the provider answered, and when it is tried again. */
function DeliveryRow({ delivery }: { delivery: DeliveryView }) {
  return (
    <tr className="align-top">
      <td className="py-2 pr-3">
        <RelativeTime iso={delivery.created_at} />
      </td>
      <td className="py-2 pr-3">{eventLabel(delivery.event)}</td>
      <td className="py-2 pr-3 break-words">{delivery.monitor_name}</td>
      <td className="py-2 pr-3">
        <Badge tone={OUTCOME_TONES[delivery.status]}>{DELIVERY_TEXT.outcomes[delivery.status]}</Badge>
      </td>
      <td className="py-2 pr-3 tabular-nums">{delivery.http_status ?? dash}</td>
      <td className="py-2 pr-3 tabular-nums">{delivery.latency_ms === null ? dash : `${delivery.latency_ms} ms`}</td>
      <td className="py-2 pr-3 tabular-nums">{delivery.attempts}</td>
      <td className="min-w-32 py-2 pr-3 break-words text-red-700">{delivery.error ?? dash}</td>
      <td className="py-2">{delivery.next_attempt_at ? (
          <time dateTime={delivery.next_attempt_at} title={formatTimestamp(delivery.next_attempt_at)}>
            {untilText(delivery.next_attempt_at)}
          </time>
        ) : (
          dash
        )}</td>
    </tr>
  );
}

/** A channel's delivery log (docs/alerts.md "API"): each alert sent to it, newest first, with the provider's answer. */
export function DeliveryLogModal({ channel, onClose }: { channel: ChannelView; onClose: () => void }) {
  const { data, error, isLoading, mutate } = useChannelDeliveries(channel.id);
  return (
    <Modal open title={`${CHANNEL_TEXT.deliveryLog}: ${channel.name}`} onClose={onClose} size="lg">
      <div className="space-y-5">
        {error && !data ? (
          <LoadError error={error} fallback={CHANNEL_TEXT.deliveryLogFailed} onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <LoadingLines label={CHANNEL_TEXT.loading} lines={4} />
        ) : data.deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">{CHANNEL_TEXT.deliveryLogEmpty}</p>
        ) : (
          // A phone scrolls the table sideways: the region takes keyboard focus so the arrow keys can too (docs/accessibility.md "Dialogs").
          <div
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
            tabIndex={0}
            role="region"
            aria-label="Deliveries"
          >
            <table className="w-full text-left text-xs text-slate-700">
              <thead className="border-b border-slate-200 text-xs text-slate-500">
                <tr>
                  {DELIVERY_TEXT.columns.map((column) => (
                    <th key={column} scope="col" className="py-2 pr-3 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.deliveries.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {CHANNEL_TEXT.done}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
