import type { ComponentType, SVGProps } from 'react';
import { channelTypeDefinition, type ChannelType } from '@shared/alerts/channels/index.js';
import { BellIcon, BoltIcon, ChatIcon, HashIcon, LinkIcon, MailIcon, PhoneIcon, SendIcon } from '../ui/icons';

/** One icon per channel type, so a list of channels reads at a glance (docs/alerts.md "API"). */
const TYPE_ICONS: Record<ChannelType, ComponentType<SVGProps<SVGSVGElement>>> = {
  email: MailIcon,
  slack: HashIcon,
  teams: ChatIcon,
  discord: ChatIcon,
  telegram: SendIcon,
  pagerduty: BellIcon,
  sms: PhoneIcon,
  webhook: LinkIcon,
};

/** How a channel type is named to people ("Slack", "Microsoft Teams"): the shared registry's label. */
export const channelTypeLabel = (type: ChannelType): string => channelTypeDefinition(type).label;

/** A channel type's icon and name, as the channel list, the monitor form and the monitor page show it. */
export function ChannelTypeLabel({ type, withName = true }: { type: ChannelType; withName?: boolean }) {
  const Icon = TYPE_ICONS[type] ?? BoltIcon;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-600">
      <Icon className="size-4 text-slate-400" />
      {withName ? channelTypeLabel(type) : <span className="sr-only">{channelTypeLabel(type)}</span>}
    </span>
  );
}
