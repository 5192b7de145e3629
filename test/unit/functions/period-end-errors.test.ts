import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listPendingPaymentsBefore } from '../../../functions/repositories/payment-list-repository.js';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { getSubscription, listSubscriptionsEndedBy, type SubscriptionRecord } from '../../../functions/repositories/subscription-repository.js';
import { runPeriodEnd } from '../../../functions/services/billing/period-end.js';
import { providerFor } from '../../../functions/services/billing/providers/index.js';
import { endSubscriptionFromRecord, syncSubscription } from '../../../functions/services/billing/sync-subscription.js';
import { recordApplicationError } from '../../../functions/services/operations/record-application-error.js';
import { archiveDueIncidents } from '../../../functions/services/retention/plan-retention.js';

vi.mock('../../../functions/repositories/subscription-repository.js', () => ({ getSubscription: vi.fn(), listSubscriptionsEndedBy: vi.fn() }));
vi.mock('../../../functions/repositories/monitor-plan-repository.js', () => ({ deleteDisabledMonitor: vi.fn(), listDisabledMonitorsBefore: vi.fn(async () => []) }));
vi.mock('../../../functions/repositories/payment-list-repository.js', () => ({ listPendingPaymentsBefore: vi.fn(async () => []) }));
vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));
vi.mock('../../../functions/services/billing/providers/index.js', () => ({ providerFor: vi.fn() }));
vi.mock('../../../functions/services/billing/sync-subscription.js', () => ({ endSubscriptionFromRecord: vi.fn(), syncSubscription: vi.fn() }));
vi.mock('../../../functions/services/operations/record-application-error.js', () => ({ recordApplicationError: vi.fn() }));
vi.mock('../../../functions/services/retention/plan-retention.js', () => ({ archiveDueIncidents: vi.fn() }));

/** The period-end job puts what it could not do at the provider in the operators' error log (docs/admin.md). */
const NOW = new Date('2031-05-01T10:00:00.000Z');

const ending: SubscriptionRecord = {
  user_id: 'user-1',
  gateway: 'stripe',
  provider_subscription_id: 'sub_1',
  tier: 'pro',
  billing_period: 'monthly',
  status: 'active',
  provider_status: 'active',
  current_period_end: '2031-04-30T10:00:00.000Z',
  cancel_at_period_end: true,
  scheduled_tier: 'free',
  cancel_reason: null,
  cancel_sent_to_provider: true,
  updated_at: '2031-04-01T10:00:00.000Z',
  version: 3,
};

const refused = new Error('No such subscription: sub_1');

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(listSubscriptionsEndedBy).mockResolvedValue(['user-1']);
  vi.mocked(listPendingPaymentsBefore).mockResolvedValue([]);
  vi.mocked(archiveDueIncidents).mockResolvedValue({ workspaces: 0, archived: 0, restamped: 0 });
  vi.mocked(getSubscription).mockResolvedValue(ending);
  vi.mocked(syncSubscription).mockResolvedValue(undefined as never);
  vi.mocked(endSubscriptionFromRecord).mockResolvedValue(undefined as never);
  vi.mocked(providerFor).mockReturnValue({ cancelNow: vi.fn(async () => Promise.reject(refused)) } as never);
});

describe('billing period-end errors', () => {
  it('records a provider that refused to cancel as a payment_error, once per user and day, and still ends the subscription', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    expect(await runPeriodEnd(NOW)).toMatchObject({ ended: 1, failures: 0 });
    expect(await runPeriodEnd(NOW)).toMatchObject({ ended: 1, failures: 0 });
    expect(endSubscriptionFromRecord).toHaveBeenCalledTimes(2);
    expect(takeRateLimitSlot).toHaveBeenCalledWith(
      expect.objectContaining({ scope: 'period_end_failure_log', subject: 'user-1', limit: 1, windowStart: new Date('2031-05-01T00:00:00.000Z') }),
    );
    expect(recordApplicationError).toHaveBeenCalledTimes(1);
    expect(recordApplicationError).toHaveBeenCalledWith({
      type: 'payment_error',
      message: 'The stripe subscription could not be cancelled at the provider; it ended on our side only',
      error: refused,
      context: { job: 'billing_period_end' },
      userId: 'user-1',
    });
  });

  it('records a subscription the run could not end, and counts the failure', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(true);
    const broken = new Error('ConditionalCheckFailed');
    vi.mocked(endSubscriptionFromRecord).mockRejectedValue(broken);
    vi.mocked(providerFor).mockReturnValue({ cancelNow: vi.fn(async () => undefined) } as never);
    expect(await runPeriodEnd(NOW)).toMatchObject({ ended: 0, failures: 1 });
    expect(recordApplicationError).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'payment_error', message: 'The billing period-end run could not end a subscription', error: broken, userId: 'user-1' }),
    );
  });
});
