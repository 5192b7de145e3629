import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adjustCounters } from '../../../functions/repositories/admin-counters-repository.js';
import {
  countHoldingsOfUser,
  eraseAddressCounters,
  eraseMonitorPartition,
  eraseUserPartitionExceptProfile,
  listMonitorIdsOfUser,
} from '../../../functions/repositories/account-erasure-repository.js';
import { deleteIdentity } from '../../../functions/repositories/identity-repository.js';
import { deleteUserAndEmailClaim, getUserProfile } from '../../../functions/repositories/user-repository.js';
import { ADDRESS_SCOPES } from '../../../functions/services/auth/attempt-limits.js';
import { deleteAccount } from '../../../functions/services/auth/delete-account.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/account-erasure-repository.js', () => ({
  countHoldingsOfUser: vi.fn(),
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
vi.mock('../../../functions/repositories/user-repository.js', () => ({ deleteUserAndEmailClaim: vi.fn(), getUserProfile: vi.fn() }));

const ctx = { userId: 'user-1', isAdmin: false };
const order = (fn: unknown) => vi.mocked(fn as () => unknown).mock.invocationCallOrder;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getUserProfile).mockResolvedValue(profile());
  vi.mocked(listMonitorIdsOfUser).mockResolvedValue(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  vi.mocked(countHoldingsOfUser).mockResolvedValue({ monitorsByStatus: { active: 5, paused: 1 }, incidents: 3, openIncidents: 1 });
});

describe('deleteAccount', () => {
  it('erases monitors, the user partition, the counters and the identity before the profile and claim', async () => {
    await expect(deleteAccount({ ctx })).resolves.toEqual({ message: 'Your account and all of its data have been deleted.' });

    expect(vi.mocked(eraseMonitorPartition).mock.calls.map(([id]) => id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(eraseUserPartitionExceptProfile).toHaveBeenCalledWith('user-1');
    expect(eraseAddressCounters).toHaveBeenCalledWith('asha@example.com', ADDRESS_SCOPES);
    expect(deleteIdentity).toHaveBeenCalledWith('user-1');
    expect(deleteUserAndEmailClaim).toHaveBeenCalledWith('user-1', 'asha@example.com');

    const lastMonitor = Math.max(...order(eraseMonitorPartition));
    expect(order(eraseUserPartitionExceptProfile)[0]).toBeGreaterThan(lastMonitor);
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
    await expect(deleteAccount({ ctx })).rejects.toThrow('throttled');
    expect(deleteIdentity).not.toHaveBeenCalled();
    expect(deleteUserAndEmailClaim).not.toHaveBeenCalled();
  });

  it('answers 401 when the account is already gone', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(null);
    await expect(deleteAccount({ ctx })).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(listMonitorIdsOfUser).not.toHaveBeenCalled();
  });
});
