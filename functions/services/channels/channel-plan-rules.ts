import { CHANNEL_TYPES, channelTypeDefinition, type ChannelType } from '../../../shared/alerts/channels/index.js';
import { tierRank } from '../../../shared/billing/plans.js';
import { AppError } from '../../../shared/errors.js';
import { countOf } from '../../../shared/texts.js';
import { tierOf, type Tier } from '../../../shared/tiers.js';

/** What a plan allows of alert channels (docs/alerts.md "Plans"): how many, and which types. */
export const channelTypesAllowed = (tier: Tier): ChannelType[] =>
  CHANNEL_TYPES.filter((type) => tierRank(tier.id) >= tierRank(channelTypeDefinition(type).minimumTier));

export const assertChannelTypeAllowed = (tier: Tier, type: ChannelType): void => {
  if (channelTypesAllowed(tier).includes(type)) return;
  const needed = tierOf(channelTypeDefinition(type).minimumTier);
  const detail = `${channelTypeDefinition(type).label} alerts are available on the ${needed.name} plan and above; your plan is ${tier.name}. Upgrade to add this channel.`;
  throw new AppError('VALIDATION_FAILED', detail, [{ field: 'type', message: detail }]);
};

export const channelLimitReached = (tier: Tier): AppError =>
  new AppError(
    'VALIDATION_FAILED',
    `Channel limit reached: your ${tier.name} plan allows ${countOf(tier.channelCap, 'alert channel')}. Delete a channel or upgrade your plan to add more.`,
  );
