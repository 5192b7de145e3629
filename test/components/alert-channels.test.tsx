import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelType } from '../../shared/alerts/channels/index.js';
import type { ChannelList, ChannelView } from '../../shared/alerts/schemas.js';
import { TIERS, type TierId } from '../../shared/tiers.js';
import { ApiError } from '../../frontend/src/lib/api-client';
import { AlertChannelsCard } from '../../frontend/src/features/settings/components/channels/alert-channels-card';
import { errorOf, messageOf, renderWithRouter } from './render';

const state = vi.hoisted(() => ({
  list: undefined as ChannelList | undefined,
  tier: 'free' as TierId,
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  test: vi.fn(),
  rotate: vi.fn(),
  resend: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('@/lib/subscription', () => ({ useSubscriptionLimits: () => ({ data: { tier: state.tier } }) }));
vi.mock('@/lib/channels', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/channels')>()),
  useChannels: () => ({ data: state.list, error: undefined, isLoading: false, mutate: vi.fn() }),
}));
vi.mock('@/features/settings/api/create-channel', () => ({ useCreateChannel: () => state.create }));
vi.mock('@/features/settings/api/update-channel', () => ({ useUpdateChannel: () => state.update }));
vi.mock('@/features/settings/api/delete-channel', () => ({ useDeleteChannel: () => state.remove }));
vi.mock('@/features/settings/api/test-channel', () => ({ testChannel: state.test }));
vi.mock('@/features/settings/api/rotate-channel-secret', () => ({ rotateChannelSecret: state.rotate }));
vi.mock('@/features/settings/api/resend-channel-confirmation', () => ({ resendChannelConfirmation: state.resend }));

/** The types each plan may add (the server's `types_allowed`). */
const TYPES_ON: Record<TierId, ChannelType[]> = {
  free: ['email', 'slack', 'teams', 'discord', 'telegram'],
  pro: ['email', 'slack', 'teams', 'discord', 'telegram', 'sms'],
  business: ['email', 'slack', 'teams', 'discord', 'telegram', 'sms', 'pagerduty', 'webhook'],
  enterprise: ['email', 'slack', 'teams', 'discord', 'telegram', 'sms', 'pagerduty', 'webhook'],
};

const channel = (overrides: Partial<ChannelView> = {}): ChannelView => ({
  id: 'ch-1',
  type: 'slack',
  name: 'Ops Slack',
  config: { webhook_url: 'https://hooks.slack.com/ser…xyz' },
  is_default: true,
  status: 'active',
  paused_reason: null,
  consecutive_failures: 0,
  monitor_count: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  last_delivery_at: null,
  ...overrides,
});

const onPlan = (tier: TierId, channels: ChannelView[], smsUsed = 0) => {
  state.tier = tier;
  state.list = {
    channels,
    limits: {
      channels_used: channels.length,
      channel_cap: TIERS[tier].channelCap,
      sms_used_this_month: smsUsed,
      sms_per_month: TIERS[tier].smsPerMonth,
      types_allowed: TYPES_ON[tier],
    },
  };
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens Add channel and picks `label`'s type; answers the dialog. */
const openAdd = (label?: string) => {
  renderWithRouter(<AlertChannelsCard />);
  fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));
  const dialog = screen.getByRole('dialog');
  if (label) fireEvent.click(within(dialog).getByRole('radio', { name: label }));
  return dialog;
};

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Add channel' }));

describe('Add channel', () => {
  beforeEach(() => onPlan('free', []));

  it("shows each type's own fields with where to find the value", () => {
    const dialog = openAdd('Slack');
    expect(messageOf('Webhook URL')).toBe('Slack -> Apps -> Incoming Webhooks -> Add to channel, then copy the Webhook URL.');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Telegram' }));
    expect(screen.queryByLabelText('Webhook URL')).toBeNull();
    expect(messageOf('Bot token')).toContain('@BotFather');
    expect(screen.getByLabelText('Chat ID')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'E-mail' }));
    expect(messageOf('E-mail address')).toBe('We send a confirmation link first.');
  });

  it('refuses a Slack URL off Slack’s host with the shared schema’s message, and sends nothing', () => {
    const dialog = openAdd('Slack');
    type('Name', 'Ops');
    type('Webhook URL', 'https://example.com/services/T000/B000/XXXX');
    submit(dialog);
    expect(errorOf('Webhook URL')).toBe('Webhook URL must be a Slack incoming webhook URL (hooks.slack.com)');
    expect(state.create).not.toHaveBeenCalled();
  });

  it('asks for a name, and for a phone number in E.164 form', () => {
    onPlan('pro', [], 12);
    const dialog = openAdd('SMS');
    type('Phone number', '0415 555 0123');
    submit(dialog);
    expect(errorOf('Name')).toBe('name is required');
    expect(errorOf('Phone number')).toBe(
      'phone must be in international E.164 form: + then the country code and number, e.g. +14155550123',
    );
    expect(state.create).not.toHaveBeenCalled();
  });

  it('explains the types the plan does not include and links to the plans', () => {
    const dialog = openAdd();
    expect(within(dialog).queryByRole('radio', { name: 'SMS' })).toBeNull();
    const sms = within(dialog).getByTestId('locked-sms');
    expect(within(sms).getByRole('link', { name: 'Available on Pro' }).getAttribute('href')).toBe('/pricing');
    expect(within(within(dialog).getByTestId('locked-pagerduty')).getByRole('link').textContent).toBe('Available on Business');
    expect(within(within(dialog).getByTestId('locked-webhook')).getByRole('link').textContent).toBe('Available on Business');
    expect(within(dialog).getByRole('radio', { name: 'Slack' })).toBeTruthy();
  });

  it("shows the plan's usage before submit, and the texts left on a plan with SMS", () => {
    onPlan('pro', [channel()], 12);
    const dialog = openAdd('SMS');
    const usage = within(dialog).getByTestId('channel-plan-usage');
    expect(usage.textContent).toContain('1 of 10 channels used on the Pro plan');
    expect(usage.textContent).toContain('12 of 50 texts used this month');
  });

  it('sends a valid channel and says it was added', async () => {
    state.create.mockResolvedValue(channel({ id: 'ch-2', type: 'discord', name: 'Discord' }));
    const dialog = openAdd('Discord');
    type('Name', 'Discord');
    type('Webhook URL', 'https://discord.com/api/webhooks/123/abc');
    fireEvent.click(within(dialog).getByLabelText('Use for monitors on the account defaults'));
    submit(dialog);
    expect((await screen.findByRole('status')).textContent).toBe('Channel added.');
    expect(state.create).toHaveBeenCalledWith({
      type: 'discord',
      name: 'Discord',
      config: { webhook_url: 'https://discord.com/api/webhooks/123/abc' },
      is_default: false,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's field problems under their fields", async () => {
    state.create.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'webhook_url points to a private address', [
        { field: 'config.webhook_url', message: 'webhook_url points to a private address' },
      ]),
    );
    const dialog = openAdd('Discord');
    type('Name', 'Discord');
    type('Webhook URL', 'https://discord.com/api/webhooks/123/abc');
    submit(dialog);
    await waitFor(() => expect(errorOf('Webhook URL')).toBe('webhook_url points to a private address'));
  });

  it('shows a new webhook’s signing secret once, with Copy', async () => {
    onPlan('business', []);
    state.create.mockResolvedValue({ ...channel({ id: 'wh-1', type: 'webhook', name: 'Hook', config: { url: 'https://example.com/hook' } }), secret: 'whsec_c2VjcmV0' });
    const dialog = openAdd('Webhook');
    type('Name', 'Hook');
    type('Endpoint URL', 'https://example.com/hook');
    submit(dialog);
    const box = await screen.findByTestId('secret-box');
    expect(box.textContent).toContain('whsec_c2VjcmV0');
    expect(box.textContent).toContain('Copy it now: it is not shown again.');
    expect(within(box).getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('whsec_c2VjcmV0')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Channel added.');
  });
});

describe('the channel list', () => {
  it('shows each channel’s status, default mark, monitors and last delivery', () => {
    onPlan('business', [
      channel(),
      channel({ id: 'ch-2', name: 'Pager', type: 'pagerduty', is_default: false, status: 'paused', paused_reason: 'failures', monitor_count: 1, config: { routing_key: 'abcd…wxyz' } }),
      channel({ id: 'ch-3', name: 'Boss', type: 'email', is_default: false, status: 'unconfirmed', monitor_count: 0, config: { address: 'boss@example.com' } }),
    ]);
    renderWithRouter(<AlertChannelsCard />);
    const slack = screen.getByRole('listitem', { name: 'Ops Slack' });
    expect(slack.textContent).toContain('Active');
    expect(slack.textContent).toContain('Default');
    expect(slack.textContent).toContain('3 monitors');
    expect(slack.textContent).toContain('No deliveries yet');
    expect(slack.textContent).toContain('https://hooks.slack.com/ser…xyz');
    const pager = screen.getByRole('listitem', { name: 'Pager' });
    expect(pager.textContent).toContain('Paused after 10 failed deliveries');
    expect(pager.textContent).not.toContain('Default');
    expect(screen.getByRole('listitem', { name: 'Boss' }).textContent).toContain('Awaiting confirmation');
    expect(within(slack).queryByRole('button', { name: 'Rotate secret' })).toBeNull();
  });

  it('at the cap, explains and leads to upgrading instead of offering Add', () => {
    onPlan('free', [channel(), channel({ id: 'ch-2', name: 'Two' }), channel({ id: 'ch-3', name: 'Three' })]);
    renderWithRouter(<AlertChannelsCard />);
    expect(screen.queryByRole('button', { name: 'Add channel' })).toBeNull();
    expect(screen.getByTestId('channel-plan-usage').textContent).toBe('3 of 3 channels used on the Free plan');
    expect(screen.getByText(/You have added all 3 alert channels the Free plan allows/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/app/settings?section=subscription');
  });

  it('sends a test and shows what the provider answered', async () => {
    onPlan('free', [channel()]);
    state.test.mockResolvedValue({ success: false, message: 'Slack answered 404: no_service. Check the webhook URL.', http_status: 404, latency_ms: 120 });
    renderWithRouter(<AlertChannelsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Slack answered 404: no_service. Check the webhook URL.');
    expect(state.test).toHaveBeenCalledWith('ch-1');
  });

  it('offers Resend confirmation only for an address awaiting it, and shows the answer', async () => {
    onPlan('free', [channel(), channel({ id: 'ch-3', name: 'Boss', type: 'email', status: 'unconfirmed', config: { address: 'boss@example.com' } })]);
    state.resend.mockResolvedValue({ message: 'We sent a new confirmation link to boss@example.com. Alerts go there once it is confirmed.' });
    renderWithRouter(<AlertChannelsCard />);
    expect(within(screen.getByRole('listitem', { name: 'Ops Slack' })).queryByRole('button', { name: 'Resend confirmation' })).toBeNull();
    const boss = screen.getByRole('listitem', { name: 'Boss' });
    fireEvent.click(within(boss).getByRole('button', { name: 'Resend confirmation' }));
    await waitFor(() => expect(boss.textContent).toContain('We sent a new confirmation link to boss@example.com.'));
    expect(state.resend).toHaveBeenCalledWith('ch-3');
  });

  it("deletes after confirming and shows the server's message", async () => {
    onPlan('free', [channel()]);
    state.remove.mockResolvedValue({ message: 'Channel deleted. It was taken off 3 monitors.', monitors_updated: 3 });
    renderWithRouter(<AlertChannelsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Ops Slack');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toBe('Channel deleted. It was taken off 3 monitors.');
    expect(state.remove).toHaveBeenCalledWith('ch-1');
  });

  it('resumes a channel paused after failures, sending only that change', async () => {
    onPlan('free', [channel({ status: 'paused', paused_reason: 'failures' })]);
    state.update.mockResolvedValue(channel());
    renderWithRouter(<AlertChannelsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog');
    const paused = within(dialog).getByLabelText('Pause deliveries to this channel') as HTMLInputElement;
    expect(paused.checked).toBe(true);
    fireEvent.click(paused);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(state.update).toHaveBeenCalledWith('ch-1', { paused: false }));
  });

  it('rotates a webhook secret after confirming and shows the new one with the 24-hour overlap', async () => {
    onPlan('business', [channel({ id: 'wh-1', type: 'webhook', name: 'Hook', config: { url: 'https://example.com/hook' } })]);
    state.rotate.mockResolvedValue({ secret: 'whsec_bmV3', previous_valid_until: '2026-11-28T13:00:00.000Z' });
    renderWithRouter(<AlertChannelsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = screen.getByRole('dialog');
    expect(state.rotate).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const box = await screen.findByTestId('secret-box');
    expect(box.textContent).toContain('whsec_bmV3');
    expect(box.textContent).toContain('The previous secret keeps working for 24 hours');
    expect(state.rotate).toHaveBeenCalledWith('wh-1');
  });
});
