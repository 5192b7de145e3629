import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionLimits } from '../../shared/account/subscription.js';
import { subscriptionLimits } from '../../shared/account/subscription.js';
import { DEFAULT_ALERT_RULES, type AccountAlertRules, type AlertRules } from '../../shared/alerts/rules.js';
import type { ChannelList, ChannelView } from '../../shared/alerts/schemas.js';
import { TIERS } from '../../shared/tiers.js';
import { ApiError } from '../../frontend/src/lib/api-client';
import { rulesInWords } from '../../frontend/src/lib/alert-rules';
import { AlertRulesCard } from '../../frontend/src/features/settings/components/alert-rules-card';
import { MonitorModal } from '../../frontend/src/features/monitors/components/monitor-modal';
import { MonitorAlertRules } from '../../frontend/src/features/monitor-details/components/monitor-alert-rules';
import { errorOf, renderWithRouter } from './render';

const state = vi.hoisted(() => ({
  account: undefined as AccountAlertRules | undefined,
  channels: undefined as ChannelList | undefined,
  limits: undefined as SubscriptionLimits | undefined,
  save: vi.fn(),
  create: vi.fn(),
  update: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('@/lib/subscription', () => ({ useSubscriptionLimits: () => ({ data: state.limits }) }));
vi.mock('@/lib/alert-rules', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/alert-rules')>()),
  useAlertRules: () => ({ data: state.account, error: undefined, isLoading: false, mutate: vi.fn() }),
}));
vi.mock('@/lib/channels', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/channels')>()),
  useChannels: () => ({ data: state.channels, error: undefined, isLoading: false }),
}));
vi.mock('@/features/settings/api/update-alert-rules', () => ({ useUpdateAlertRules: () => state.save }));
vi.mock('@/features/monitors/api/create-monitor', () => ({ useCreateMonitor: () => state.create }));
vi.mock('@/features/monitors/api/update-monitor', () => ({ useUpdateMonitor: () => state.update }));

const channel = (id: string, name: string): ChannelView => ({
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
});

const CHANNELS = [channel('ch-1', 'Ops Slack'), channel('ch-2', 'Ops pager')];

const account = (allowed: boolean, rules: AlertRules = DEFAULT_ALERT_RULES) => {
  state.account = { rules, custom_rules_allowed: allowed };
  state.channels = {
    channels: CHANNELS,
    limits: { channels_used: 2, channel_cap: 10, sms_used_this_month: 0, sms_per_month: 50, types_allowed: ['slack'] },
  };
  state.limits = subscriptionLimits(allowed ? TIERS.pro : TIERS.free, 0);
};

const DOWN = 'Alert after this many failing checks in a row';
const UP = 'Recover after this many good checks in a row';
const type = (label: string, value: string, scope: Pick<typeof screen, 'getByLabelText'> = screen) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });

describe('the Alert rules card (Settings -> Notifications)', () => {
  beforeEach(() => {
    state.save.mockImplementation((rules: AlertRules) => Promise.resolve({ rules, custom_rules_allowed: true }));
  });

  it('checks the rules with the shared schema and sends nothing while one is wrong', () => {
    account(true);
    renderWithRouter(<AlertRulesCard />);
    type(DOWN, '0');
    type(UP, '');
    fireEvent.click(screen.getByRole('button', { name: 'Add escalation step' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save alert rules' }));
    expect(errorOf(DOWN)).toBe('down_after_rounds must be at least 1');
    expect(errorOf(UP)).toBe('up_after_rounds must be a whole number from 1 to 10');
    expect(within(screen.getByTestId('escalation-step')).getByText('An escalation step needs at least one channel')).toBeTruthy();
    expect(state.save).not.toHaveBeenCalled();
    // The messages follow the fields once a save was tried.
    type(DOWN, '3');
    expect(errorOf(DOWN)).toBeNull();
  });

  it('saves rounds, a reminder and escalation steps (earliest first) and says so', async () => {
    account(true);
    renderWithRouter(<AlertRulesCard />);
    type(DOWN, '3');
    type(UP, '2');
    fireEvent.change(screen.getByLabelText('Remind while down'), { target: { value: '30' } });
    const options = Array.from((screen.getByLabelText('Remind while down') as HTMLSelectElement).options, (option) => option.textContent);
    expect(options).toEqual([
      'Off',
      'Every 5 minutes',
      'Every 10 minutes',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every hour',
      'Every 2 hours',
      'Every 4 hours',
      'Every 12 hours',
      'Every 24 hours',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add escalation step' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add escalation step' }));
    const [first, second] = screen.getAllByTestId('escalation-step');
    type('After (minutes)', '60', within(first!));
    fireEvent.click(within(first!).getByLabelText('Ops Slack'));
    type('After (minutes)', '15', within(second!));
    fireEvent.click(within(second!).getByLabelText('Ops pager'));
    fireEvent.click(screen.getByRole('button', { name: 'Save alert rules' }));
    await screen.findByText('Alert rules saved.');
    expect(state.save).toHaveBeenCalledWith({
      down_after_rounds: 3,
      up_after_rounds: 2,
      renotify_minutes: 30,
      escalation: [
        { after_minutes: 15, channel_ids: ['ch-2'] },
        { after_minutes: 60, channel_ids: ['ch-1'] },
      ],
    });
  });

  it('removes a step, and shows the server’s detail when it refuses', async () => {
    account(true, { ...DEFAULT_ALERT_RULES, escalation: [{ after_minutes: 10, channel_ids: ['ch-1'] }] });
    state.save.mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', 'Custom alert rules are available on the Pro plan and above'));
    renderWithRouter(<AlertRulesCard />);
    expect(screen.getAllByTestId('escalation-step')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(screen.queryAllByTestId('escalation-step')).toHaveLength(0);
    expect(screen.getByText('No escalation steps.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save alert rules' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Custom alert rules are available on the Pro plan and above');
    expect(state.save).toHaveBeenCalledWith(DEFAULT_ALERT_RULES);
  });

  it('forgets a channel deleted meanwhile: a step left with none asks for one', () => {
    account(true, { ...DEFAULT_ALERT_RULES, escalation: [{ after_minutes: 10, channel_ids: ['deleted'] }] });
    renderWithRouter(<AlertRulesCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Save alert rules' }));
    expect(within(screen.getByTestId('escalation-step')).getByText('An escalation step needs at least one channel')).toBeTruthy();
    expect(state.save).not.toHaveBeenCalled();
  });

  it('on Free: the rules that apply in words and the way to upgrade, with no form', () => {
    account(false);
    renderWithRouter(<AlertRulesCard />);
    const card = screen.getByRole('region', { name: 'Alert rules' });
    expect(within(card).getByTestId('custom-rules-upsell').textContent).toContain('Alerts at the first failing check.');
    expect(within(card).getByText('Custom alert rules are available on the Pro plan and above.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/app/settings?section=subscription');
    expect(within(card).queryAllByRole('spinbutton')).toHaveLength(0);
    expect(within(card).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('a monitor’s alert rules', () => {
  beforeEach(() => {
    state.create.mockResolvedValue({});
    state.update.mockResolvedValue({});
  });
  const rulesField = () => within(screen.getByRole('group', { name: 'Alert rules' }));
  const fillIn = () => {
    type('Monitor Name', 'Site');
    type('Website URL', 'https://example.com');
  };

  it('follows the account by default (alert_rules null), naming its rules', async () => {
    account(true, { ...DEFAULT_ALERT_RULES, down_after_rounds: 2 });
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    const defaults = rulesField().getByRole('radio', { name: /Account defaults/ }) as HTMLInputElement;
    expect(defaults.checked).toBe(true);
    expect(defaults.closest('label')?.textContent).toContain('Alerts after 2 failing checks in a row');
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.create).toHaveBeenCalledWith(expect.objectContaining({ alert_rules: null }));
  });

  it('sends its own rules, started from the account’s, and checks them before saving', async () => {
    account(true, { ...DEFAULT_ALERT_RULES, down_after_rounds: 2 });
    const onClose = vi.fn();
    renderWithRouter(<MonitorModal monitor={null} onClose={onClose} />);
    fillIn();
    fireEvent.click(rulesField().getByRole('radio', { name: /Custom for this monitor/ }));
    expect((screen.getByLabelText(DOWN) as HTMLInputElement).value).toBe('2');
    type(DOWN, '11');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(errorOf(DOWN)).toBe('down_after_rounds must be at most 10');
    expect(state.create).not.toHaveBeenCalled();
    type(DOWN, '4');
    fireEvent.change(screen.getByLabelText('Remind while down'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.create).toHaveBeenCalledWith(
      expect.objectContaining({ alert_rules: { down_after_rounds: 4, up_after_rounds: 1, renotify_minutes: 120, escalation: [] } }),
    );
  });

  it('on Free: the account’s rules and the way to upgrade instead of a choice', () => {
    account(false);
    renderWithRouter(<MonitorModal monitor={null} onClose={() => undefined} />);
    expect(rulesField().queryAllByRole('radio')).toHaveLength(0);
    expect(rulesField().getByText('Custom alert rules are available on the Pro plan and above.')).toBeTruthy();
    expect(rulesField().getByRole('link', { name: 'Upgrade your plan' })).toBeTruthy();
  });

  it('the monitor page says them in words', () => {
    account(true);
    const rules: AlertRules = { down_after_rounds: 3, up_after_rounds: 1, renotify_minutes: 30, escalation: [{ after_minutes: 15, channel_ids: ['ch-2'] }] };
    const { unmount } = renderWithRouter(<MonitorAlertRules monitor={{ alert_rules: rules }} />);
    expect(screen.getByTestId('monitor-alert-rules').textContent).toBe(
      'Alert rulesAlerts after 3 failing checks in a row; reminds every 30 minutes; escalates to Ops pager after 15 minutes',
    );
    unmount();
    renderWithRouter(<MonitorAlertRules monitor={{ alert_rules: null }} />);
    expect(screen.getByTestId('monitor-alert-rules').textContent).toBe('Alert rules (Account defaults)Alerts at the first failing check');
  });

  it('words for recovery, hours and several channels; a deleted channel is left out', () => {
    const rules: AlertRules = {
      down_after_rounds: 1,
      up_after_rounds: 2,
      renotify_minutes: 240,
      escalation: [
        { after_minutes: 60, channel_ids: ['ch-1', 'ch-2'] },
        { after_minutes: 120, channel_ids: ['gone'] },
      ],
    };
    expect(rulesInWords(rules, CHANNELS)).toBe(
      'Alerts at the first failing check; recovers after 2 good checks in a row; reminds every 4 hours; escalates to Ops Slack and Ops pager after 1 hour',
    );
  });
});
