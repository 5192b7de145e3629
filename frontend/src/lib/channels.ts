/**
 * The account's alert channels (docs/alerts.md "API"), read by Settings -> Notifications, the
 * monitor form and the monitor detail page: one fetcher and one SWR key, so every screen shares
 * the same cached answer and a change made in one shows in the others.
 */
import useSWR from 'swr';
import type { ChannelList, ChannelView } from '@shared/alerts/schemas.js';
import { apiPath, callApi } from './api-client';

/** The SWR key of the channel list; every channel action revalidates it. */
export const CHANNELS_PATH = apiPath('listChannels');

/** GET /api/channels: the channels (secrets masked) and the plan's channel allowance. */
export const getChannels = (): Promise<ChannelList> => callApi('listChannels');

export const useChannels = () => useSWR<ChannelList, Error>(CHANNELS_PATH, getChannels);

/**
 * The channels a monitor alerts (docs/alerts.md "Which channels a monitor uses"): its own choice,
 * or with `channel_ids` null the account's default channels. An id no longer in the list (a
 * channel deleted meanwhile) is left out.
 */
export const channelsOfMonitor = (channelIds: readonly string[] | null, channels: readonly ChannelView[]): ChannelView[] =>
  channelIds === null ? channels.filter((channel) => channel.is_default) : channels.filter((channel) => channelIds.includes(channel.id));
