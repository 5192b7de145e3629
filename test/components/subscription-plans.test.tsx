import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionLimits, SubscriptionSummary } from '../../shared/account/subscription';
import type { TierId } from '../../shared/tiers';
import { SubscriptionManagement } from '../../frontend/src/features/settings/components/subscription-management';
import { PaymentMethodCard } from '../../frontend/src/features/settings/components/payment-method-card';
import { UpgradeOffers } from '../../frontend/src/features/settings/components/upgrade-offers';
import { switchNotice } from '../../frontend/src/features/settings/utils/switch-notice';
import { renderWithRouter } from './render';

/**
 * Settings > Subscription's plan texts agree with each other and with the user (docs/product-rules.md
 * "Downgrades and cancellation", "Upgrades"): the real number of monitors a downgrade disables, the
 * price in the currency the user pays, and every higher tier among the upgrades.
 */
const state = vi.hoisted(() => ({ limits: undefined as SubscriptionLimits | undefined }));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: { timezone: 'UTC', subscription_ends_at: '2026-12-27T10:00:00.000Z' } }) }));
vi.mock('@/lib/subscription', () => ({ useSubscriptionLimits: () => ({ data: state.limits }) }));
vi.mock('@/features/settings/hooks/use-refresh-account', () => ({ useRefreshAccount: () => () => Promise.resolve() }));

const subscription = (gateway: SubscriptionSummary['gateway']): SubscriptionSummary => ({
  gateway,
  billing_period: 'monthly',
  status: 'active',
  current_period_end: '2026-12-27T10:00:00.000Z',
  cancel_at_period_end: false,
  scheduled_tier: null,
  resumable: false,
});

const limitsOf = (tier: TierId, monitors: number, cap: number, summary: SubscriptionSummary | null): SubscriptionLimits => ({
  tier,
  limits: { monitors: cap },
  usage: { monitors },
  at_limit: monitors >= cap,
  subscription: summary,
});

const downgradeCard = (name: string) => screen.getByRole('listitem', { name: `Downgrade to ${name}` });

describe('the downgrade cards', () => {
  beforeEach(() => {
    state.limits = undefined;
  });

  it('say the real number of monitors a downgrade disables, and no "up to" worst case above it', () => {
    state.limits = limitsOf('pro', 1, 10, subscription('stripe'));
    renderWithRouter(<SubscriptionManagement tier="pro" packages={undefined} onDone={() => undefined} />);
    const free = downgradeCard('Free');
    expect(within(free).getByTestId('monitors-over-cap').textContent).toBe('Your 1 monitor fits the Free plan: it will not be disabled.');
    expect(free.textContent).not.toMatch(/Up to/);
  });

  it('say how many of the user\'s monitors go when they are over the new cap', () => {
    state.limits = limitsOf('business', 23, 50, subscription('stripe'));
    renderWithRouter(<SubscriptionManagement tier="business" packages={undefined} onDone={() => undefined} />);
    expect(within(downgradeCard('Pro')).getByTestId('monitors-over-cap').textContent).toBe(
      'Your 13 newest monitors will be disabled (you have 23; the Pro plan allows 10).',
    );
    expect(within(downgradeCard('Free')).getByTestId('monitors-over-cap').textContent).toBe(
      'Your 22 newest monitors will be disabled (you have 23; the Free plan allows 1).',
    );
    expect(screen.queryByText(/Up to \d+ monitors/)).toBeNull();
  });

  it('price the smaller plan in rupees for a UPI subscriber', () => {
    state.limits = limitsOf('business', 0, 50, subscription('razorpay'));
    renderWithRouter(<SubscriptionManagement tier="business" packages={undefined} onDone={() => undefined} />);
    expect(downgradeCard('Pro').textContent).toContain('10 monitors · ₹1,599/month');
    expect(downgradeCard('Pro').textContent).not.toContain('$');
  });

  it('price the smaller plan in dollars for a card subscriber', () => {
    state.limits = limitsOf('business', 0, 50, subscription('stripe'));
    renderWithRouter(<SubscriptionManagement tier="business" packages={undefined} onDone={() => undefined} />);
    expect(downgradeCard('Pro').textContent).toContain('10 monitors · $19/month');
  });
});

describe('the upgrade offers of a Pro user', () => {
  it('include Enterprise as well as Business', () => {
    renderWithRouter(<UpgradeOffers tier="pro" packages={undefined} busy={null} verifying={false} currentGateway="stripe" onUpgrade={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Plans you can upgrade to' });
    expect(within(list).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Business', 'Enterprise']);
    expect(within(list).getByRole('button', { name: 'Upgrade to $399/month' })).toBeTruthy();
  });
});

describe('the upgrade form of a user whose subscription a checkout would replace', () => {
  const offers = (notice: string) =>
    renderWithRouter(<UpgradeOffers tier="pro" packages={undefined} busy={null} verifying={false} currentGateway="stripe" onUpgrade={() => undefined} switchNotice={notice} />);

  it('says, before paying, that Pro by card ends and about how much of it goes back to the card', () => {
    offers(switchNotice('Pro', { gateway: 'stripe', unused_refund: { amount: 1267, currency: 'usd', days: 20 } }));
    expect(screen.getByTestId('switch-notice').textContent).toBe(
      'Your Pro plan paid by card ends when this payment goes through; the unused part (about $12.67 for 20 days) is refunded to your card.',
    );
  });

  it('says it in rupees to the UPI account for Pro by UPI, one day in the singular', () => {
    offers(switchNotice('Pro', { gateway: 'razorpay', unused_refund: { amount: 5300, currency: 'inr', days: 1 } }));
    expect(screen.getByTestId('switch-notice').textContent).toBe(
      'Your Pro plan paid by UPI ends when this payment goes through; the unused part (about ₹53.00 for 1 day) is refunded to your UPI account.',
    );
  });

  it('promises no money when nothing would be refunded', () => {
    offers(switchNotice('Pro', { gateway: 'stripe', unused_refund: null }));
    expect(screen.getByTestId('switch-notice').textContent).toBe('Your Pro plan paid by card ends when this payment goes through.');
  });
});

describe('the cancellation confirmation', () => {
  it("says how many of the user's monitors the move to Free disables", () => {
    state.limits = limitsOf('pro', 4, 10, subscription('stripe'));
    renderWithRouter(<SubscriptionManagement tier="pro" packages={undefined} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your Pro subscription?' });
    expect(within(dialog).getByTestId('cancel-monitors-impact').textContent).toBe('Your 3 newest monitors will be disabled (you have 4; the Free plan allows 1).');
  });
});

describe('the Payment Method card', () => {
  it('offers a card subscriber Stripe\'s portal', () => {
    renderWithRouter(<PaymentMethodCard subscription={{ gateway: 'stripe' }} />);
    expect(screen.getByRole('button', { name: 'Update payment method' })).toBeTruthy();
  });

  it('tells a UPI subscriber where the mandate lives, with no card button', () => {
    renderWithRouter(<PaymentMethodCard subscription={{ gateway: 'razorpay' }} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('upi-payment-method').textContent).toMatch(/^Renewals are collected through the UPI AutoPay mandate you approved/);
  });
});
