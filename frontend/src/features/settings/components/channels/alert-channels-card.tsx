import { useState } from 'react';
import type { ChannelView } from '@shared/alerts/schemas.js';
import { tierOf } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useChannels } from '@/lib/channels';
import { useSubscriptionLimits } from '@/lib/subscription';
import { useTimedMessage } from '../../hooks/use-timed-message';
import { CHANNEL_TEXT, channelCapReachedText, NOTIFICATION_SUCCESS_MS } from '../../texts';
import { atChannelCap } from '../../utils/channels';
import { LoadingLines, SettingsCard } from '../settings-card';
import { AddChannelModal } from './add-channel-modal';
import { ChannelRow, type ChannelAction } from './channel-row';
import { DeleteChannelDialog } from './delete-channel-dialog';
import { DeliveryLogModal } from './delivery-log-modal';
import { EditChannelModal } from './edit-channel-modal';
import { PlanUsage } from './plan-usage';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { useMayCall, useWorkspaceTier } from '@/lib/workspace';

type Open = { action: 'add' } | { action: ChannelAction; channel: ChannelView } | null;

/** How long the server's answer to a delete (how many monitors it left) stays: long enough to read. */
const DELETED_MESSAGE_MS = 10_000;

/**
 * The "Alert channels" card of Settings -> Notifications (docs/alerts.md "API", "Plans"): the
 * account's channels with their actions, Add channel, and the plan's allowance shown before any
 * submit. At the cap, Add is replaced by what the plan allows and a way to upgrade.
 */
export function AlertChannelsCard() {
  const { data, error, isLoading, mutate } = useChannels();
  const { data: subscription } = useSubscriptionLimits();
  const workspaceTier = useWorkspaceTier();
  const planName = tierOf(subscription?.tier ?? workspaceTier).name;
  const mayAdd = useMayCall('createChannel');
  const [open, setOpen] = useState<Open>(null);
  const [message, showMessage] = useTimedMessage(NOTIFICATION_SUCCESS_MS);
  const [deleted, showDeleted] = useTimedMessage(DELETED_MESSAGE_MS);
  const close = () => setOpen(null);
  const said = (text: string) => showMessage({ tone: 'success', text });

  const limits = data?.limits;
  const full = limits ? atChannelCap(limits) : false;
  return (
    <SettingsCard
      title={CHANNEL_TEXT.cardTitle}
      description={CHANNEL_TEXT.cardDescription}
      actions={
        mayAdd && limits && !full ? (
          <Button size="sm" onClick={() => setOpen({ action: 'add' })}>
            <PlusIcon className="size-4" />
            {CHANNEL_TEXT.addChannel}
          </Button>
        ) : undefined
      }
    >
      {error && !data ? (
        <LoadError error={error} fallback={CHANNEL_TEXT.failedToLoad} onRetry={() => void mutate()} />
      ) : isLoading || !data || !limits ? (
        <LoadingLines label={CHANNEL_TEXT.loading} lines={3} />
      ) : (
        <div className="space-y-4">
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          {deleted && <Alert tone={deleted.tone}>{deleted.text}</Alert>}
          <PlanUsage limits={limits} planName={planName} />
          {full && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
              <p>{channelCapReachedText(limits.channel_cap, planName)}</p>
              {mayAdd && (
                <ButtonLink to={paths.app.subscription} size="sm">
                  {CHANNEL_TEXT.atCapUpgrade}
                </ButtonLink>
              )}
            </div>
          )}
          {data.channels.length === 0 ? (
            <p className="text-sm text-slate-600">{CHANNEL_TEXT.noChannels}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={CHANNEL_TEXT.cardTitle}>
              {data.channels.map((channel) => (
                <ChannelRow key={channel.id} channel={channel} onAction={(action) => setOpen({ action, channel })} />
              ))}
            </ul>
          )}
        </div>
      )}
      {open?.action === 'add' && limits && <AddChannelModal limits={limits} planName={planName} onClose={close} onAdded={said} />}
      {open?.action === 'edit' && <EditChannelModal channel={open.channel} onClose={close} onSaved={said} />}
      {open?.action === 'deliveries' && <DeliveryLogModal channel={open.channel} onClose={close} />}
      {open?.action === 'rotate' && <RotateSecretDialog channel={open.channel} onClose={close} />}
      {open?.action === 'delete' && (
        <DeleteChannelDialog channel={open.channel} onClose={close} onDeleted={(text) => showDeleted({ tone: 'success', text })} />
      )}
    </SettingsCard>
  );
}
