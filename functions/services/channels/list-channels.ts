import type { ChannelList } from '../../../shared/alerts/schemas.js';
import { tierOf } from '../../../shared/tiers.js';
import { listChannels } from '../../repositories/channel-repository.js';
import { listMonitorChannelRefs } from '../../repositories/monitor-channel-repository.js';
import { smsSentThisMonth } from '../../repositories/sms-usage-repository.js';
import type { CallerContext } from '../context.js';
import { channelTypesAllowed } from './channel-plan-rules.js';
import { channelView, monitorsUsing } from './channel-view.js';

/** GET /api/channels: the caller's channels, oldest first, with the plan's allowance (docs/alerts.md "Plans"). */
export const listChannelsOfCaller = async ({ ctx }: { ctx: CallerContext }): Promise<ChannelList> => {
  const now = new Date();
  const [channels, refs, smsUsed] = await Promise.all([listChannels(ctx.workspaceId), listMonitorChannelRefs(ctx.workspaceId), smsSentThisMonth(ctx.workspaceId, now)]);
  const tier = tierOf(ctx.account.subscription_tier);
  return {
    channels: channels.map((channel) => channelView(channel, monitorsUsing(channel, refs))),
    limits: {
      channels_used: channels.length,
      channel_cap: tier.channelCap,
      sms_used_this_month: smsUsed,
      sms_per_month: tier.smsPerMonth,
      types_allowed: channelTypesAllowed(tier),
    },
  };
};
