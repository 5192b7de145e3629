import { useState } from 'react';
import type { ChannelView, TestDeliveryResult } from '@shared/alerts/schemas.js';
import { countOf } from '@shared/texts.js';
import { ChannelTypeLabel } from '@/components/channels/channel-type-label';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/api-client';
import { resendChannelConfirmation } from '../../api/resend-channel-confirmation';
import { testChannel } from '../../api/test-channel';
import { CHANNEL_TEXT } from '../../texts';
import { channelStatusOf, configSummary } from '../../utils/channels';
import { useMayCall } from '@/lib/workspace';

/** What a row asks the card to open for its channel. */
export type ChannelAction = 'edit' | 'deliveries' | 'rotate' | 'delete';

/**
 * One channel of the list (docs/alerts.md "API"): its type, name, masked config, status, default
 * mark, how many monitors send to it and when it last got something; and its actions. Send test
 * runs here and shows the provider's answer under the row; so does Resend confirmation, for an
 * e-mail address that has not confirmed yet (docs/alerts.md "Confirming e-mail recipients").
 */
export function ChannelRow({ channel, onAction }: { channel: ChannelView; onAction: (action: ChannelAction) => void }) {
  const [testing, setTesting] = useState(false);
  const [resending, setResending] = useState(false);
  const [result, setResult] = useState<Pick<TestDeliveryResult, 'success' | 'message'> | null>(null);
  const status = channelStatusOf(channel);
  // Below admin, a channel shows with its delivery log only (docs/teams.md "Choosing a workspace").
  const mayEdit = useMayCall('updateChannel');

  const sendTest = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await testChannel(channel.id));
    } catch (cause) {
      setResult({ success: false, message: errorMessage(cause, CHANNEL_TEXT.failedToSendTest) });
    } finally {
      setTesting(false);
    }
  };

  const resendConfirmation = async () => {
    setResending(true);
    setResult(null);
    try {
      setResult({ success: true, message: (await resendChannelConfirmation(channel.id)).message });
    } catch (cause) {
      setResult({ success: false, message: errorMessage(cause, CHANNEL_TEXT.failedToResendConfirmation) });
    } finally {
      setResending(false);
    }
  };

  return (
    <li className="space-y-3 py-4" aria-label={channel.name}>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <ChannelTypeLabel type={channel.type} />
          <p className="font-medium break-words text-slate-900">{channel.name}</p>
          <Badge tone={status.tone} dot>
            {status.text}
          </Badge>
          {channel.is_default && <Badge tone="indigo">{CHANNEL_TEXT.defaultMarker}</Badge>}
        </div>
        <p className="font-mono text-xs break-all text-slate-500">{configSummary(channel)}</p>
        <p className="text-xs text-slate-500">
          {countOf(channel.monitor_count, 'monitor')} ·{' '}
          {channel.last_delivery_at ? (
            <>
              {CHANNEL_TEXT.lastDelivery}: <RelativeTime iso={channel.last_delivery_at} />
            </>
          ) : (
            CHANNEL_TEXT.noDeliveriesYet
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {mayEdit && channel.type === 'email' && channel.status === 'unconfirmed' && (
          <Button variant="secondary" size="sm" loading={resending} onClick={() => void resendConfirmation()}>
            {CHANNEL_TEXT.resendConfirmation}
          </Button>
        )}
        {mayEdit && (
          <>
            <Button variant="secondary" size="sm" loading={testing} onClick={() => void sendTest()}>
              {CHANNEL_TEXT.sendTest}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onAction('edit')}>
              {CHANNEL_TEXT.edit}
            </Button>
          </>
        )}
        <Button variant="secondary" size="sm" onClick={() => onAction('deliveries')}>
          {CHANNEL_TEXT.deliveryLog}
        </Button>
        {mayEdit && channel.type === 'webhook' && (
          <Button variant="secondary" size="sm" onClick={() => onAction('rotate')}>
            {CHANNEL_TEXT.rotateSecret}
          </Button>
        )}
        {mayEdit && (
          <Button variant="secondary" size="sm" onClick={() => onAction('delete')}>
            <TrashIcon className="size-4 text-red-500" />
            {CHANNEL_TEXT.delete}
          </Button>
        )}
      </div>
      {result && <Alert tone={result.success ? 'success' : 'error'}>{result.message}</Alert>}
    </li>
  );
}
