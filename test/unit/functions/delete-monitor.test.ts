import { beforeEach, describe, expect, it, vi } from 'vitest';
import { caller } from './profile-fixture.js';

/**
 * Deleting a monitor resolves its open incident first (docs/checks.md "Pausing, deleting,
 * disabling"), which also holds its rounds back; a delete that then fails must let them go again.
 * A deleted monitor leaves the status pages that showed it (docs/status-pages.md "Pages and components").
 */
const calls: string[] = [];
const deleteMonitorWithinCap = vi.fn(async () => {
  calls.push('delete');
  return true;
});
vi.mock('../../../functions/repositories/monitor-repository.js', () => ({ deleteMonitorWithinCap }));
vi.mock('../../../functions/repositories/account-erasure-repository.js', () => ({ eraseMonitorPartition: vi.fn(async () => calls.push('erase')) }));
vi.mock('../../../functions/repositories/unwatched-monitor-incidents.js', () => ({
  closeIncidentOfUnwatchedMonitor: vi.fn(async () => calls.push('close')),
  watchMonitorAgain: vi.fn(async () => calls.push('watch again')),
}));
vi.mock('../../../functions/services/status-pages/remove-monitor-from-pages.js', () => ({
  removeMonitorFromStatusPages: vi.fn(async () => calls.push('off status pages')),
}));
vi.mock('../../../functions/services/maintenance/delete-window.js', () => ({ dropMonitorFromWindows: vi.fn(async () => calls.push('leave windows')) }));
vi.mock('../../../functions/repositories/monitor-read-repository.js', () => ({ getUserMonitor: vi.fn(async () => ({ id: 'm1', name: 'Checkout API' })) }));
const recordWorkspaceAudit = vi.fn(async () => undefined);
vi.mock('../../../functions/services/workspaces/audit.js', () => ({ recordWorkspaceAudit }));

const { deleteMonitor } = await import('../../../functions/services/monitors/delete-monitor.js');
const ctx = caller({ id: 'u1' });

describe('deleteMonitor', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.clearAllMocks();
  });

  it('resolves the open incident, then deletes, takes it off the status pages, erases and leaves its maintenance windows', async () => {
    await deleteMonitor({ ctx, monitorId: 'm1' });
    expect(calls).toEqual(['close', 'delete', 'off status pages', 'erase', 'leave windows']);
  });

  it('is 404 for a monitor the caller does not have', async () => {
    deleteMonitorWithinCap.mockResolvedValueOnce(false);
    await expect(deleteMonitor({ ctx, monitorId: 'm1' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls).toEqual(['close']);
    expect(recordWorkspaceAudit).not.toHaveBeenCalled();
  });

  it('records the deletion in the workspace audit log under the name the monitor had (docs/teams.md "Audit log")', async () => {
    await deleteMonitor({ ctx, monitorId: 'm1' });
    expect(recordWorkspaceAudit).toHaveBeenCalledWith(ctx, { action: 'monitor.deleted', targetType: 'monitor', targetId: 'm1', targetLabel: 'Checkout API' });
  });

  it('lets the rounds of a monitor it could not delete apply again', async () => {
    deleteMonitorWithinCap.mockRejectedValueOnce(new Error('TransactionConflict'));
    await expect(deleteMonitor({ ctx, monitorId: 'm1' })).rejects.toThrow('TransactionConflict');
    expect(calls).toEqual(['close', 'watch again']);
  });
});
