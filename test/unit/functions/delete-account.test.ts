import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adjustCounters } from '../../../functions/repositories/admin-counters-repository.js';
import {
  countHoldingsOfUser,
  deleteItems,
  eraseUserCounters,
  listIncidentTraces,
  listMonitorLookupsOfUser,
  eraseAddressCounters,
  eraseMonitorPartition,
  eraseUserPartitionExceptProfile,
  listMonitorIdsOfUser,
} from '../../../functions/repositories/account-erasure-repository.js';
import { deleteIdentity } from '../../../functions/repositories/identity-repository.js';
import { listStatusPages, listStatusSlugKeysOfUser } from '../../../functions/repositories/status-page-repository.js';
import { eraseSubscribersOfPage } from '../../../functions/repositories/status-subscriber-repository.js';
import { deleteUserAndEmailClaim, markDeletionStarted } from '../../../functions/repositories/user-repository.js';
import { ADDRESS_SCOPES } from '../../../functions/services/auth/attempt-limits.js';
import { confirmPassword } from '../../../functions/services/auth/confirm-password.js';
import { wrongCurrentPassword } from '../../../functions/services/auth/auth-errors.js';
import { deleteAccount } from '../../../functions/services/auth/delete-account.js';
import { endSubscriptionOfErasedAccount } from '../../../functions/services/billing/end-subscription-of-erased.js';
import { caller } from './profile-fixture.js';
import { pseudonymizePaymentsOfUser } from '../../../functions/repositories/payment-erasure-repository.js';
import { listContactMessageKeysOf } from '../../../functions/repositories/contact-repository.js';

vi.mock('../../../functions/services/auth/confirm-password.js', () => ({ confirmPassword: vi.fn() }));
vi.mock('../../../functions/services/billing/end-subscription-of-erased.js', () => ({ endSubscriptionOfErasedAccount: vi.fn() }));
vi.mock('../../../functions/repositories/account-erasure-repository.js', () => ({
  countHoldingsOfUser: vi.fn(),
  deleteItems: vi.fn(),
  eraseUserCounters: vi.fn(),
  listIncidentTraces: vi.fn(),
  listMonitorLookupsOfUser: vi.fn(),
  eraseAddressCounters: vi.fn(),
  eraseMonitorPartition: vi.fn(),
  eraseUserPartitionExceptProfile: vi.fn(),
  listMonitorIdsOfUser: vi.fn(),
}));
vi.mock('../../../functions/repositories/admin-counters-repository.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  adjustCounters: vi.fn(),
}));
vi.mock('../../../functions/repositories/identity-repository.js', () => ({ deleteIdentity: vi.fn() }));
// Leaving other workspaces and the key lookups have their own tests (integration: auth-flows, api-keys).
vi.mock('../../../functions/repositories/api-key-repository.js', () => ({ listApiKeyLookupsOfWorkspace: vi.fn(async () => []) }));
vi.mock('../../../functions/repositories/workspace-erasure-repository.js', () => ({ leaveOtherWorkspaces: vi.fn(), dropMembershipsOfFoundedWorkspace: vi.fn() }));
vi.mock('../../../functions/repositories/status-page-repository.js', () => ({ listStatusSlugKeysOfUser: vi.fn(), listStatusPages: vi.fn() }));
vi.mock('../../../functions/repositories/status-subscriber-repository.js', () => ({ eraseSubscribersOfPage: vi.fn() }));
vi.mock('../../../functions/repositories/contact-repository.js', () => ({ listContactMessageKeysOf: vi.fn() }));
vi.mock('../../../functions/repositories/payment-erasure-repository.js', () => ({ pseudonymizePaymentsOfUser: vi.fn() }));
vi.mock('../../../functions/repositories/user-repository.js', () => ({
  deleteUserAndEmailClaim: vi.fn(),
  getUserProfile: vi.fn(),
  markDeletionStarted: vi.fn(),
}));

const ctx = caller();
const input = { password: 'correct horse' };
const order = (fn: unknown) => vi.mocked(fn as () => unknown).mock.invocationCallOrder;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(listMonitorIdsOfUser).mockResolvedValue(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  vi.mocked(countHoldingsOfUser).mockResolvedValue({ monitorsByStatus: { active: 5, paused: 1 }, incidents: 3, openIncidents: 1 });
  vi.mocked(listIncidentTraces).mockResolvedValue({ monitorIds: [], outboxKeys: [] });
  vi.mocked(listMonitorLookupsOfUser).mockResolvedValue([]);
  vi.mocked(listStatusSlugKeysOfUser).mockResolvedValue([]);
  vi.mocked(listStatusPages).mockResolvedValue([]);
  vi.mocked(listContactMessageKeysOf).mockResolvedValue([]);
});

describe('deleteAccount', () => {
  it('erases monitors, the user partition, the counters and the identity before the profile and claim', async () => {
    await expect(deleteAccount({ ctx, input, clientIp: '203.0.113.7' })).resolves.toEqual({ message: 'Your account and all of its data have been deleted.' });

    // Each monitor's partition is erased before the user partition, and swept once more after it
    // (what a round in flight meanwhile stored there: test/integration/erasure-race.test.ts).
    const monitors = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    expect(vi.mocked(eraseMonitorPartition).mock.calls.map(([id]) => id)).toEqual([...monitors, ...monitors]);
    expect(eraseUserPartitionExceptProfile).toHaveBeenCalledWith('user-1');
    // The kept payment records get the pseudonym before the profile goes (a failed erasure retries it).
    expect(pseudonymizePaymentsOfUser).toHaveBeenCalledWith('user-1');
    expect(order(pseudonymizePaymentsOfUser)[0]).toBeLessThan(order(deleteUserAndEmailClaim)[0] ?? -Infinity);
    expect(eraseAddressCounters).toHaveBeenCalledWith('asha@example.com', ADDRESS_SCOPES);
    expect(deleteIdentity).toHaveBeenCalledWith('user-1');
    expect(deleteUserAndEmailClaim).toHaveBeenCalledWith('user-1', 'asha@example.com');

    const sweeps = order(eraseMonitorPartition);
    expect(order(eraseUserPartitionExceptProfile)[0]).toBeGreaterThan(Math.max(...sweeps.slice(0, monitors.length)));
    expect(order(eraseUserPartitionExceptProfile)[0]).toBeLessThan(Math.min(...sweeps.slice(monitors.length)));
    expect(order(deleteIdentity)[0]).toBeGreaterThan(order(eraseAddressCounters)[0] ?? Infinity);
    expect(order(deleteUserAndEmailClaim)[0]).toBeGreaterThan(order(deleteIdentity)[0] ?? Infinity);
    // The operator counters lose what the account held, once it is gone.
    expect(adjustCounters).toHaveBeenCalledWith({
      users_total: -1,
      users_active: -1,
      users_tier_free: -1,
      incidents_total: -3,
      incidents_open: -1,
      monitors_total: -6,
      monitors_active: -5,
      monitors_paused: -1,
    });
    expect(order(adjustCounters)[0]).toBeGreaterThan(order(deleteUserAndEmailClaim)[0] ?? Infinity);
  });

  it('keeps the profile when a step fails, so the same request can finish the job', async () => {
    vi.mocked(eraseUserPartitionExceptProfile).mockRejectedValue(new Error('throttled'));
    await expect(deleteAccount({ ctx, input, clientIp: '203.0.113.7' })).rejects.toThrow('throttled');
    expect(deleteIdentity).not.toHaveBeenCalled();
    expect(deleteUserAndEmailClaim).not.toHaveBeenCalled();
  });

  it('asks for the current password first, and erases nothing when it is wrong', async () => {
    vi.mocked(confirmPassword).mockRejectedValue(wrongCurrentPassword('password'));
    await expect(deleteAccount({ ctx, input, clientIp: '203.0.113.7' })).rejects.toMatchObject({
      status: 400,
      fieldProblems: [{ field: 'password', message: 'Current password is incorrect' }],
    });
    expect(confirmPassword).toHaveBeenCalledWith({ email: 'asha@example.com', clientIp: '203.0.113.7' }, 'correct horse', 'password');
    expect(listMonitorIdsOfUser).not.toHaveBeenCalled();
    expect(deleteIdentity).not.toHaveBeenCalled();
  });

  it('marks the account first, then erases monitors deleted earlier and their alert entries too', async () => {
    const outboxKeys = [{ PK: 'OUTBOX#old#2025-01-01T00:00:00.000Z#down', SK: 'OUTBOX' }];
    vi.mocked(listIncidentTraces).mockResolvedValue({ monitorIds: ['m1', 'deleted-earlier'], outboxKeys });
    await deleteAccount({ ctx, input, clientIp: '203.0.113.7' });

    expect(markDeletionStarted).toHaveBeenCalledWith('user-1', expect.any(Date));
    // A live subscription is cancelled at its provider before anything is erased (docs/billing.md).
    expect(endSubscriptionOfErasedAccount).toHaveBeenCalledWith('user-1');
    expect(order(endSubscriptionOfErasedAccount)[0]).toBeGreaterThan(order(markDeletionStarted)[0] ?? Infinity);
    expect(order(endSubscriptionOfErasedAccount)[0]).toBeLessThan(Math.min(...order(eraseMonitorPartition)));
    expect(order(markDeletionStarted)[0]).toBeLessThan(Math.min(...order(eraseMonitorPartition)));
    const monitors = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'deleted-earlier'];
    expect(vi.mocked(eraseMonitorPartition).mock.calls.map(([id]) => id)).toEqual([...monitors, ...monitors]);
    expect(deleteItems).toHaveBeenCalledWith(outboxKeys);
  });

  it("deletes the push-secret lookups of the user's heartbeat monitors with the outbox entries", async () => {
    const lookup = { PK: 'HEARTBEAT#abc', SK: 'HEARTBEAT' };
    vi.mocked(listMonitorLookupsOfUser).mockResolvedValue([lookup]);
    await deleteAccount({ ctx, input, clientIp: '203.0.113.7' });
    expect(listMonitorLookupsOfUser).toHaveBeenCalledWith('user-1');
    expect(deleteItems).toHaveBeenCalledWith([lookup]);
    expect(order(deleteItems)[0]).toBeLessThan(order(deleteUserAndEmailClaim)[0] ?? -Infinity);
    expect(eraseUserCounters).toHaveBeenCalledWith('user-1', ['notification_test', 'channel_confirmation', 'period_end_failure_log', 'support_message']);
  });

  it("frees the slugs of the user's status pages with the other lookups", async () => {
    const lookup = { PK: 'HEARTBEAT#abc', SK: 'HEARTBEAT' };
    const slug = { PK: 'STATUS_SLUG#acme', SK: 'STATUS_SLUG' };
    vi.mocked(listMonitorLookupsOfUser).mockResolvedValue([lookup]);
    vi.mocked(listStatusSlugKeysOfUser).mockResolvedValue([slug]);
    await deleteAccount({ ctx, input, clientIp: '203.0.113.7' });
    expect(listStatusSlugKeysOfUser).toHaveBeenCalledWith('user-1');
    expect(deleteItems).toHaveBeenCalledWith([lookup, slug]);
  });

  it('deletes the contact messages the person sent, found by the account and by its address', async () => {
    const message = { PK: 'CONTACT#01J', SK: 'CONTACT' };
    vi.mocked(listContactMessageKeysOf).mockResolvedValue([message]);
    await deleteAccount({ ctx, input, clientIp: '203.0.113.7' });
    expect(listContactMessageKeysOf).toHaveBeenCalledWith({ userId: 'user-1', email: ctx.profile.email });
    expect(deleteItems).toHaveBeenCalledWith([message]);
    expect(order(deleteItems)[0]).toBeLessThan(order(deleteUserAndEmailClaim)[0] ?? -Infinity);
  });

  it("erases each status page's subscribers before the user's partition, where the pages are found", async () => {
    vi.mocked(listStatusPages).mockResolvedValue([{ id: 'page-1' }, { id: 'page-2' }] as Awaited<ReturnType<typeof listStatusPages>>);
    await deleteAccount({ ctx, input, clientIp: '203.0.113.7' });
    expect(vi.mocked(eraseSubscribersOfPage).mock.calls.map(([id]) => id)).toEqual(['page-1', 'page-2']);
    expect(order(eraseSubscribersOfPage)[1]!).toBeLessThan(order(eraseUserPartitionExceptProfile)[0]!);
  });

  it('finishes an erasure that began without asking for the password again', async () => {
    await deleteAccount({ ctx: caller({ deletion_started_at: '2025-01-01T00:00:00.000Z' }), input, clientIp: '203.0.113.7' });
    expect(confirmPassword).not.toHaveBeenCalled();
    expect(deleteUserAndEmailClaim).toHaveBeenCalled();
  });
});
