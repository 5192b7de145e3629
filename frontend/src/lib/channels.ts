/**
 * The account's alert channels (docs/alerts.md "API"), read by Settings -> Notifications, the
 * monitor form and the monitor detail page: one fetcher and one SWR key, so every screen shares
 * the same cached answer and a change made in one shows in the others.
 */
import useSWR from 'swr';
import type { ChannelList } from '@shared/alerts/schemas.js';
import { apiPath, callApi } from './api-client';

/** The SWR key of the channel list; every channel action revalidates it. */
export const CHANNELS_PATH = apiPath('listChannels');

/** GET /api/channels: the channels (secrets masked) and the plan's channel allowance. */
export const getChannels = (): Promise<ChannelList> => callApi('listChannels');

export const useChannels = () => useSWR<ChannelList, Error>(CHANNELS_PATH, getChannels);
