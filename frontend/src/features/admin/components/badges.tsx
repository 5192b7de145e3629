import { PAYMENT_STATUS_LABELS } from '@shared/billing/payments.js';
import { TIERS, type TierId } from '@shared/tiers.js';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { monitorDisplayStatus } from '../utils/format';

const TIER_TONE: Record<TierId, BadgeTone> = { free: 'slate', pro: 'indigo', business: 'emerald', enterprise: 'amber' };

export function TierBadge({ tier }: { tier: TierId | undefined }) {
  if (!tier || !(tier in TIERS)) return null;
  return <Badge tone={TIER_TONE[tier]}>{TIERS[tier].name}</Badge>;
}

const MONITOR_TONE: Record<string, BadgeTone> = { Up: 'emerald', Down: 'red', Pending: 'indigo', paused: 'amber', disabled: 'slate' };

/** docs/product-rules.md "Operator lists": Up or Down for an active monitor, else the raw status. */
export function MonitorStatus({ monitor }: { monitor: { status: string; is_up?: boolean | null } }) {
  const label = monitorDisplayStatus(monitor);
  return (
    <Badge tone={MONITOR_TONE[label] ?? 'slate'} dot>
      {label}
    </Badge>
  );
}

const PAYMENT_TONE: Record<string, BadgeTone> = {
  completed: 'emerald',
  pending: 'amber',
  processing: 'indigo',
  failed: 'red',
  cancelled: 'slate',
  refunded: 'indigo',
};

export function PaymentStatusBadge({ status }: { status: string }) {
  // The operator's badges say the status word itself, but a checkout given up on (`cancelled`) reads
  // "abandoned", as it does in the user's own history (docs/billing.md "Abandoned checkouts").
  const label = status === 'cancelled' ? PAYMENT_STATUS_LABELS.cancelled.toLowerCase() : status;
  return <Badge tone={PAYMENT_TONE[status] ?? 'slate'}>{label}</Badge>;
}

/** Open (red) or Resolved (green), for incidents and application errors. */
export function OpenResolvedBadge({ open, openLabel = 'Open', resolvedLabel = 'Resolved' }: { open: boolean; openLabel?: string; resolvedLabel?: string }) {
  return (
    <Badge tone={open ? 'red' : 'emerald'} dot>
      {open ? openLabel : resolvedLabel}
    </Badge>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'emerald' : 'red'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
