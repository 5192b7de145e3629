import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaintenanceWindow } from '../../../shared/maintenance/windows.js';

/** A deleted or purged monitor leaves every window that named it (docs/maintenance.md "The model"). */
const repo = vi.hoisted(() => ({ listWindows: vi.fn(), replaceWindowMonitors: vi.fn(), deleteWindow: vi.fn() }));
vi.mock('../../../functions/repositories/maintenance-window-repository.js', () => repo);

const { dropMonitorFromWindows } = await import('../../../functions/services/maintenance/delete-window.js');

const windowWith = (id: string, monitorIds: string[]) => ({ id, monitor_ids: monitorIds }) as MaintenanceWindow;
const NOW = new Date('2026-06-01T00:00:00Z');

describe('dropMonitorFromWindows', () => {
  beforeEach(() => vi.resetAllMocks());

  it('rewrites only the windows that name the monitor', async () => {
    repo.listWindows.mockResolvedValue([windowWith('w1', ['m1', 'm2']), windowWith('w2', ['m3'])]);
    repo.replaceWindowMonitors.mockResolvedValue(true);
    await dropMonitorFromWindows('u1', 'm1', NOW);
    expect(repo.replaceWindowMonitors).toHaveBeenCalledTimes(1);
    expect(repo.replaceWindowMonitors).toHaveBeenCalledWith('u1', 'w1', ['m1', 'm2'], ['m2'], NOW);
  });

  it('tries again on the fresh list when another edit got there first', async () => {
    repo.listWindows.mockResolvedValueOnce([windowWith('w1', ['m1', 'm2'])]).mockResolvedValueOnce([windowWith('w1', ['m1', 'm2', 'm4'])]);
    repo.replaceWindowMonitors.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await dropMonitorFromWindows('u1', 'm1', NOW);
    expect(repo.replaceWindowMonitors).toHaveBeenLastCalledWith('u1', 'w1', ['m1', 'm2', 'm4'], ['m2', 'm4'], NOW);
  });
});
