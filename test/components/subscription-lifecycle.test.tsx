import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionLimits } from '../../shared/account/subscription.js';
import type { PaymentHistoryEntry } from '../../shared/billing/payments.js';
import { ApiError } from '../../frontend/src/lib/api-client';
import { PaymentStatusBadge } from '../../frontend/src/features/admin/components/badges';
import { PaymentHistory } from '../../frontend/src/features/settings/components/payment-history';
import { SubscriptionManagement } from '../../frontend/src/features/settings/components/subscription-management';
import { renderWithRouter } from './render';

/** Settings > Subscription: taking a scheduled change back, and a checkout given up on (docs/billing.md "Resume and undo", "Abandoned checkouts"). */
const state = vi.hoisted(() => ({
  limits: undefined as unknown,
  payments: [] as unknown[],
  resume: vi.fn(),
  getMe: vi.fn(),
}));

vi.mock('@/lib/session', () => ({
  useAuth: () => ({ user: { timezone: 'UTC', subscription_ends_at: '2026-06-01T12:00:00.000Z' } }),
  getMe: state.getMe,
  ME_KEY: '/api/auth/me',
}));
vi.mock('@/lib/subscription', () => ({ useSubscriptionLimits: () => ({ data: state.limits }), SUBSCRIPTION_LIMITS_PATH: '/api/subscription/limits' }));
vi.mock('@/features/settings/api/resume-subscription', () => ({ resumeSubscription: state.resume }));
vi.mock('@/features/settings/api/get-payment-history', () => ({
  usePaymentHistory: () => ({ data: { payments: state.payments }, error: undefined, mutate: vi.fn() }),
  PAYMENT_HISTORY_PATH: '/api/payments/history',
}));

const limits = (over: { scheduled_tier: SubscriptionLimits['tier'] | null; cancel_at_period_end: boolean; resumable?: boolean }): SubscriptionLimits => ({
  at_limit: false,
  limits: { monitors: 50 },
  usage: { monitors: 3 },
  tier: 'business',
  subscription: {
    gateway: 'stripe',
    billing_period: 'monthly',
    status: 'active',
    current_period_end: '2026-06-01T12:00:00.000Z',
    resumable: true,
    ...over,
  },
} as SubscriptionLimits);

beforeEach(() => {
  state.resume.mockReset();
  state.getMe.mockResolvedValue({ subscription_tier: 'business' });
});

describe('Subscription Management: resume and undo', () => {
  it('offers "Keep Business" under a scheduled downgrade and shows the answer', async () => {
    state.limits = limits({ scheduled_tier: 'pro', cancel_at_period_end: false });
    state.resume.mockResolvedValue({ tier: 'business', current_period_end: '2026-06-01T12:00:00.000Z', undone: 'downgrade', message: 'You stay on the Business plan. It renews on June 1, 2026 as before.' });
    const onDone = vi.fn();
    renderWithRouter(<SubscriptionManagement tier="business" packages={undefined} onDone={onDone} />);
    expect(screen.getByTestId('scheduled-downgrade').textContent).toMatch(/^Your plan changes to Pro on .+\. Your Business plan stays active until then\.$/);
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep Business' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('You stay on the Business plan. It renews on June 1, 2026 as before.'));
    expect(state.resume).toHaveBeenCalledTimes(1);
  });

  it('offers "Resume subscription" once cancelled, and shows a refusal\'s detail', async () => {
    state.limits = limits({ scheduled_tier: 'free', cancel_at_period_end: true });
    state.resume.mockRejectedValue(new ApiError(409, 'CONFLICT', 'You have no subscription to resume.'));
    const onDone = vi.fn();
    renderWithRouter(<SubscriptionManagement tier="business" packages={undefined} onDone={onDone} />);
    expect(screen.queryByRole('button', { name: 'Keep Business' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You have no subscription to resume.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says so, without a button, when the cancellation can no longer be taken back', () => {
    state.limits = limits({ scheduled_tier: 'free', cancel_at_period_end: true, resumable: false });
    renderWithRouter(<SubscriptionManagement tier="business" packages={undefined} onDone={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull();
    expect(screen.getByText(/can no longer be taken back/)).toBeTruthy();
  });

  it('offers nothing to take back when nothing is scheduled', () => {
    state.limits = limits({ scheduled_tier: null, cancel_at_period_end: false });
    renderWithRouter(<SubscriptionManagement tier="business" packages={undefined} onDone={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /^(Resume subscription|Keep Business)$/ })).toBeNull();
  });
});

describe('Payment History', () => {
  it('reads a checkout given up on as "Abandoned", not Pending or Cancelled', () => {
    const entry = (id: string, payment_status: PaymentHistoryEntry['payment_status']): PaymentHistoryEntry => ({
      id,
      created_at: '2026-05-01T12:00:00.000Z',
      package_id: 'pro',
      plan_name: 'Pro',
      billing_period: 'monthly',
      amount: 1900,
      currency: 'usd',
      payment_gateway: 'stripe',
      payment_status,
      gateway_status: payment_status === 'cancelled' ? 'expired' : 'paid',
      receipt: { reference: 'in_1', emailed: true },
    });
    state.payments = [entry('a', 'cancelled'), entry('b', 'completed')];
    renderWithRouter(<PaymentHistory />);
    const table = screen.getByRole('table', { name: 'Payment history' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Abandoned');
    expect(rows[2]?.textContent).toContain('Completed');
    expect(table.textContent).not.toMatch(/Cancelled|Pending/);
  });
});

describe("the operator's payment status", () => {
  it('reads a checkout given up on as "abandoned", the other statuses as they are', () => {
    const { container, rerender } = renderWithRouter(<PaymentStatusBadge status="cancelled" />);
    expect(container.textContent).toBe('abandoned');
    rerender(<PaymentStatusBadge status="failed" />);
    expect(container.textContent).toBe('failed');
  });
});
