import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionLimits } from '../../shared/account/subscription.js';
import type { ChannelList, ChannelView } from '../../shared/alerts/schemas.js';
import { packagesOf, subscriptionLimits } from '../../shared/account/subscription.js';
import { TIERS, type TierId } from '../../shared/tiers.js';
import { MonitorModal } from '../../frontend/src/features/monitors/components/monitor-modal';
import { MonitorsView } from '../../frontend/src/features/monitors/components/monitors-view';
import { BulkUploadResultView } from '../../frontend/src/features/monitors/components/bulk-upload-result';
import { MonitorActions } from '../../frontend/src/features/monitors/components/monitor-actions';
import { MonitorHeader } from '../../frontend/src/features/monitor-details/components/monitor-header';
import { MonitorAlertChannels } from '../../frontend/src/features/monitor-details/components/monitor-alert-channels';
import { errorOf, messageOf, renderWithRouter } from './render';

const state = vi.hoisted(() => ({
  limits: undefined as SubscriptionLimits | undefined,
  channels: undefined as ChannelList | undefined,
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('@/lib/subscription', () => ({
  useSubscriptionLimits: () => ({ data: state.limits }),
  usePackages: () => ({ data: packagesOf() }),
}));
vi.mock('@/lib/channels', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/channels')>()),
  useChannels: () => ({ data: state.channels, error: undefined, isLoading: false }),
}));
// The account's alert rules: the defaults, on a plan with custom rules (test/components/alert-rules.test.tsx looks at them).
vi.mock('@/lib/alert-rules', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../frontend/src/lib/alert-rules')>();
  const { DEFAULT_ALERT_RULES } = await import('../../shared/alerts/rules.js');
  return { ...original, useAlertRules: () => ({ data: { rules: DEFAULT_ALERT_RULES, custom_rules_allowed: true }, error: undefined }) };
});
vi.mock('@/features/monitors/api/create-monitor', () => ({ useCreateMonitor: () => state.create }));
vi.mock('@/features/monitors/api/update-monitor', () => ({ useUpdateMonitor: () => state.update }));
vi.mock('@/features/monitors/api/delete-monitor', () => ({ useDeleteMonitor: () => state.remove }));
// The list itself is not what these tests look at: it stays loading.
vi.mock('@/features/monitors/api/get-monitors', () => ({
  useMonitors: () => ({ data: undefined, error: undefined, isLoading: true, mutate: vi.fn() }),
}));

const channel = (id: string, name: string, overrides: Partial<ChannelView> = {}): ChannelView => ({
  id,
  type: 'slack',
  name,
  config: { webhook_url: 'https://hooks.slack.com/ser…xyz' },
  is_default: false,
  status: 'active',
  paused_reason: null,
  consecutive_failures: 0,
  monitor_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  last_delivery_at: null,
  ...overrides,
});

const withChannels = (channels: ChannelView[]) => {
  state.channels = {
    channels,
    limits: { channels_used: channels.length, channel_cap: 10, sms_used_this_month: 0, sms_per_month: 50, types_allowed: ['slack'] },
  };
};

const onPlan = (tier: TierId, monitors: number) => {
  state.limits = subscriptionLimits(TIERS[tier], monitors);
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The interval choices as shown: label, and whether the plan locks it. */
const intervalOptions = () =>
  within(screen.getByLabelText('Check Interval'))
    .getAllByRole('option')
    .map((option) => `${option.textContent}${(option as HTMLOptionElement).disabled ? ' [locked]' : ''}`);

describe('the Add Monitor form', () => {
  beforeEach(() => {
    onPlan('free', 0);
    state.create.mockResolvedValue({});
  });

  it('says what the name and the URL need, and saves nothing', () => {
    renderWithRouter(<MonitorModal monitor={null} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(errorOf('Monitor Name')).toBe('Monitor name is required');
    expect(errorOf('Website URL')).toBe('Please enter a valid URL (including http:// or https://)');
    expect(state.create).not.toHaveBeenCalled();
  });

  it('checks again as the user types once a save was tried', () => {
    renderWithRouter(<MonitorModal monitor={null} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    type('Website URL', 'ftp://example.com');
    expect(errorOf('Website URL')).toBe('Please enter a valid URL (including http:// or https://)');
    type('Website URL', 'https://example.com');
    expect(errorOf('Website URL')).toBeNull();
  });

  it('refuses a slow threshold longer than the timeout', () => {
    renderWithRouter(<MonitorModal monitor={null} onClose={() => undefined} />);
    type('Monitor Name', 'Site');
    type('Website URL', 'https://example.com');
    type('Slow threshold (seconds)', '45');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(errorOf('Slow threshold (seconds)')).toBe('Slow threshold cannot be longer than the timeout');
    expect(state.create).not.toHaveBeenCalled();
  });

  it('saves a valid monitor with the defaults', async () => {
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    type('Monitor Name', 'Site');
    type('Website URL', 'https://example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Site', url: 'https://example.com', check_interval: 300, timeout: 30 }));
  });
});

describe('an address without a scheme', () => {
  beforeEach(() => {
    onPlan('free', 0);
    state.create.mockResolvedValue({});
  });

  it('the form says it will check https:// and sends the address as typed for the API to complete', async () => {
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    type('Monitor Name', 'Site');
    type('Website URL', 'example.com');
    expect(messageOf('Website URL')).toBe("We'll check https://example.com");
    type('Website URL', 'http://example.com');
    expect(messageOf('Website URL')).toBeNull();
    type('Website URL', 'example.com/health');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.create).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://example.com/health' }));
  });

  it('the upload result lists the rows where https:// was added', () => {
    renderWithRouter(
      <BulkUploadResultView
        result={{
          total_processed: 3,
          successful: 3,
          failed: 0,
          created_monitors: [
            { name: 'Shop', url: 'https://shop.example.com', check_interval: 300 },
            { name: 'Blog', url: 'https://blog.example.com', check_interval: 300 },
            { name: 'Api', url: 'http://api.example.com', check_interval: 300 },
          ],
          errors: [],
          https_added_rows: [2, 3],
        }}
        onUploadAnother={() => undefined}
        onDone={() => undefined}
      />,
    );
    expect(screen.getByTestId('https-added').textContent).toBe('https:// was added to the address in rows 2 and 3.');
  });
});

describe('a new heartbeat monitor', () => {
  beforeEach(() => {
    onPlan('free', 0);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn().mockResolvedValue(undefined) } });
  });

  it('shows its push URL with Copy right after saving, instead of closing', async () => {
    const pushUrl = 'https://app.example.com/api/heartbeat/abcDEF123';
    state.create.mockResolvedValue({ id: 'mon-hb', name: 'Nightly backup', monitor_type: 'heartbeat', heartbeat_url: pushUrl });
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Monitor type'), { target: { value: 'heartbeat' } });
    type('Monitor Name', 'Nightly backup');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    const saved = await screen.findByTestId('monitor-saved');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Monitor added' })).toBeTruthy();
    expect((within(saved).getByLabelText('Push URL (keep it secret)') as HTMLInputElement).value).toBe(pushUrl);
    fireEvent.click(within(saved).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith(pushUrl));
    fireEvent.click(within(saved).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('an HTTP monitor still closes the dialog once saved', async () => {
    state.create.mockResolvedValue({ id: 'mon-1', name: 'Site', monitor_type: 'http', heartbeat_url: null });
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    type('Monitor Name', 'Site');
    type('Website URL', 'https://example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByTestId('monitor-saved')).toBeNull();
  });
});

describe('the Alert channels field', () => {
  beforeEach(() => {
    onPlan('pro', 0);
    state.create.mockResolvedValue({});
    state.update.mockResolvedValue({});
    withChannels([channel('ch-1', 'Ops Slack', { is_default: true }), channel('ch-2', 'Pager', { type: 'pagerduty' })]);
  });

  /** The channel field's own part of the form (the alert rules have an "Account defaults" too). */
  const channelField = () => within(screen.getByRole('group', { name: 'Alert channels' }));

  const fillIn = () => {
    type('Monitor Name', 'Site');
    type('Website URL', 'https://example.com');
  };

  it('sends channel_ids null on the account defaults, and names the default channels', async () => {
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    expect((channelField().getByRole('radio', { name: /Account defaults/ }) as HTMLInputElement).checked).toBe(true);
    expect(channelField().getByRole('radio', { name: /Account defaults/ }).closest('label')?.textContent).toContain('Ops Slack');
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Site', channel_ids: null }));
  });

  it('sends the ticked channels when a set is chosen', async () => {
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    fillIn();
    fireEvent.click(channelField().getByRole('radio', { name: /Chosen channels/ }));
    const chosen = screen.getByTestId('chosen-channels');
    // Choosing starts from the defaults: Ops Slack is ticked, Pager is not.
    expect((within(chosen).getByLabelText('Ops Slack') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(chosen).getByLabelText('Ops Slack'));
    fireEvent.click(within(chosen).getByLabelText('Pager'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.create).toHaveBeenCalledWith(expect.objectContaining({ channel_ids: ['ch-2'] }));
  });

  it("keeps an edited monitor's chosen channels and sends them on update", async () => {
    const onClose = vi.fn();
    const monitor = {
      id: '01HZY0000000000000000000AB',
      name: 'Site',
      url: 'https://example.com',
      monitor_type: 'http',
      check_interval: 60,
      timeout: 30,
      slow_threshold: 5,
      channel_ids: ['ch-2'],
    } as Parameters<typeof MonitorModal>[0]['monitor'];
    renderWithRouter(<MonitorModal monitor={monitor} onClose={onClose} />);
    expect((within(screen.getByTestId('chosen-channels')).getByLabelText('Pager') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(channelField().getByRole('radio', { name: /Account defaults/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.update).toHaveBeenCalledWith('01HZY0000000000000000000AB', expect.objectContaining({ channel_ids: null }));
  });

  it('the monitor page names the channels it alerts', () => {
    const { unmount } = renderWithRouter(<MonitorAlertChannels monitor={{ channel_ids: null }} />);
    const defaults = screen.getByTestId('monitor-alert-channels');
    expect(defaults.textContent).toContain('Account defaults');
    expect(defaults.textContent).toContain('Ops Slack');
    expect(defaults.textContent).not.toContain('Pager');
    unmount();
    renderWithRouter(<MonitorAlertChannels monitor={{ channel_ids: ['ch-2'] }} />);
    const chosen = screen.getByTestId('monitor-alert-channels');
    expect(chosen.textContent).toContain('Pager');
    expect(chosen.textContent).not.toContain('Ops Slack');
  });
});

describe('the check intervals offered per plan (shared/tiers.ts floors)', () => {
  beforeEach(() => {
    state.create.mockResolvedValue({});
  });

  it('Free: 5 minutes at most often, shorter ones locked with the plan that allows them', () => {
    onPlan('free', 0);
    renderWithRouter(<MonitorModal monitor={null} onClose={() => undefined} />);
    expect(intervalOptions()).toEqual(['30 s (Business plan) [locked]', '1 min (Pro plan) [locked]', '5 min', '10 min', '15 min', '30 min', '1 hour']);
    expect(messageOf('Check Interval')).toBe('Your Free plan checks every 5 min at most often; 1 min checks need the Pro plan, 30 s checks the Business plan.');
  });

  it('Pro: every interval from 1 minute, 30 seconds locked and explained', () => {
    onPlan('pro', 0);
    renderWithRouter(<MonitorModal monitor={null} onClose={() => undefined} />);
    expect(intervalOptions()).toEqual(['30 s (Business plan) [locked]', '1 min', '5 min', '10 min', '15 min', '30 min', '1 hour']);
    expect(messageOf('Check Interval')).toBe('Your Pro plan checks every 1 min at most often; 30 s checks need the Business plan.');
  });

  it.each(['business', 'enterprise'] as const)('%s: 30-second checks are a choice, and saved as such', async (tier) => {
    onPlan(tier, 0);
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    expect(intervalOptions()).toEqual(['30 s', '1 min', '5 min', '10 min', '15 min', '30 min', '1 hour']);
    expect(messageOf('Check Interval')).toBeNull();
    type('Monitor Name', 'Checkout');
    type('Website URL', 'https://example.com/checkout');
    type('Check Interval', '30');
    type('Timeout', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.create).toHaveBeenCalledWith(expect.objectContaining({ check_interval: 30, timeout: 10 }));
  });
});

describe('the Edit Monitor form', () => {
  it("keeps the monitor's type and checks the edited fields", () => {
    onPlan('pro', 1);
    const monitor = {
      id: '01HZY0000000000000000000AB',
      name: 'Site',
      url: 'https://example.com',
      monitor_type: 'http',
      check_interval: 60,
      timeout: 30,
      slow_threshold: 5,
    } as Parameters<typeof MonitorModal>[0]['monitor'];
    renderWithRouter(<MonitorModal monitor={monitor} onClose={() => undefined} />);
    expect(screen.getByTestId('monitor-type').textContent).toBe('Type: Website (HTTP)');
    type('Monitor Name', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(errorOf('Monitor Name')).toBe('Monitor name is required');
    expect(state.update).not.toHaveBeenCalled();
  });
});

describe('the Monitors screen at the plan limit', () => {
  it('Free plan with its 1 monitor: the limit banner, and Add Monitor leads to upgrading', () => {
    onPlan('free', 1);
    renderWithRouter(<MonitorsView filter="all" />);
    const banner = screen.getByTestId('limit-banner');
    expect(within(banner).getByRole('heading').textContent).toBe('Monitor Limit Reached');
    expect(banner.textContent).toContain('You are using 1 of 1 monitor on the Free plan.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Upgrade Your Plan')).toBeTruthy();
    expect(within(dialog).getByText('Monitor limit reached: your Free plan allows 1 monitor. Upgrade your plan to add more.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Monitor Name')).toBeNull();
  });

  it('below the limit: no banner, and Add Monitor opens the form', () => {
    onPlan('pro', 2);
    renderWithRouter(<MonitorsView filter="all" />);
    expect(screen.queryByTestId('limit-banner')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(screen.getByLabelText('Monitor Name')).toBeTruthy();
  });
});

describe('the monitor page actions', () => {
  const shop = {
    id: 'mon-1',
    name: 'Shop',
    url: 'https://shop.example.com',
    monitor_type: 'http',
    status: 'active',
    check_interval: 300,
    timeout: 30,
    slow_threshold: 5,
    channel_ids: null,
    alert_rules: null,
  } as unknown as Parameters<typeof MonitorActions>[0]['monitor'];

  const onMonitorPage = (monitor = shop) =>
    render(
      <MemoryRouter initialEntries={['/app/monitors/mon-1']}>
        <Routes>
          <Route path="/app/monitors/:id" element={<MonitorActions monitor={monitor} />} />
          <Route path="/app/monitors" element={<h1>Monitors list</h1>} />
        </Routes>
      </MemoryRouter>,
    );

  beforeEach(() => {
    onPlan('pro', 1);
    state.update.mockReset().mockResolvedValue({});
    state.remove.mockReset().mockResolvedValue(undefined);
  });

  it('sit in the header of the monitor page', () => {
    renderWithRouter(<MonitorHeader monitor={shop} actions={<MonitorActions monitor={shop} />} />);
    expect(within(screen.getByTestId('monitor-actions')).getAllByRole('button').map((button) => button.textContent)).toEqual(['Pause', 'Edit', 'Delete']);
  });

  it('offer no Resume on a monitor an operator holds: only the operator lifts the hold', () => {
    const held = { ...shop, status: 'disabled', operator_hold: { action: 'disable', reason: 'Hammering a site', at: '2026-11-29T08:00:00.000Z' } } as typeof shop;
    renderWithRouter(<MonitorHeader monitor={held} actions={<MonitorActions monitor={held} />} />);
    expect(within(screen.getByTestId('monitor-actions')).getAllByRole('button').map((button) => button.textContent)).toEqual(['Edit', 'Delete']);
  });

  it('pause an active monitor and resume a paused one', async () => {
    const { unmount } = onMonitorPage();
    fireEvent.click(screen.getByRole('button', { name: 'Pause Shop' }));
    await waitFor(() => expect(state.update).toHaveBeenCalledWith('mon-1', { status: 'paused' }));
    unmount();
    onMonitorPage({ ...shop, status: 'paused' });
    fireEvent.click(screen.getByRole('button', { name: 'Resume Shop' }));
    await waitFor(() => expect(state.update).toHaveBeenCalledWith('mon-1', { status: 'active' }));
  });

  it('say why a pause failed', async () => {
    const { ApiError } = await import('../../frontend/src/lib/api-client');
    state.update.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Failed to update monitor status'));
    onMonitorPage();
    fireEvent.click(screen.getByRole('button', { name: 'Pause Shop' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update monitor status');
  });

  it('edit in the Edit Monitor dialog the list uses', () => {
    onMonitorPage();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    expect(screen.getByRole('dialog', { name: 'Edit Monitor' })).toBeTruthy();
    expect((screen.getByLabelText('Monitor Name') as HTMLInputElement).value).toBe('Shop');
  });

  it('delete after the confirmation and return to the monitor list', async () => {
    onMonitorPage();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Monitor' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Monitor' }));
    expect(await screen.findByRole('heading', { name: 'Monitors list' })).toBeTruthy();
    expect(state.remove).toHaveBeenCalledWith('mon-1');
  });
});
