import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceAuditEntry } from '../../../shared/workspaces/audit.js';
import { caller } from './profile-fixture.js';

/** The audit log export reads to the end, batch after batch, and refuses a file too large to answer (docs/teams.md "Audit log"). */

const readWorkspaceAudit = vi.fn();
vi.mock('../../../functions/repositories/workspace-audit-repository.js', () => ({ readWorkspaceAudit }));
vi.mock('../../../functions/repositories/workspace-repository.js', () => ({ listWorkspaceMembers: vi.fn(async () => []) }));
const { AUDIT_EXPORT_MAX, AUDIT_EXPORT_TOO_LARGE_DETAIL, exportWorkspaceAudit } = await import('../../../functions/services/workspaces/audit-log.js');

const entry = (n: number): WorkspaceAuditEntry => ({
  id: `01JDQ${String(n).padStart(21, '0')}`,
  at: '2026-11-27T14:00:00.000Z',
  action: 'monitor.updated',
  actor_id: 'user-1',
  actor_email: 'asha@example.com',
  actor_label: 'Asha Rao',
  ip: '203.0.113.7',
  target_type: 'monitor',
  target_id: 'm1',
  target_label: 'Shop',
  details: null,
});
const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from + i));

describe('exportWorkspaceAudit', () => {
  it('reads batch after batch until the log ends, with the filters as the key range and filter', async () => {
    readWorkspaceAudit.mockReset();
    readWorkspaceAudit.mockResolvedValueOnce({ entries: batch(0, 1000), lastId: entry(999).id }).mockResolvedValueOnce({ entries: batch(1000, 5), lastId: null });
    const { filename, csv } = await exportWorkspaceAudit({ ctx: caller(), query: { action: 'monitor.updated' }, now: new Date('2026-11-28T01:00:00Z') });
    expect(filename).toBe('audit-log-2026-11-28.csv');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + 1005);
    expect(readWorkspaceAudit).toHaveBeenNthCalledWith(2, 'user-1', expect.objectContaining({ afterId: entry(999).id, action: 'monitor.updated', lowestSk: 'WS_AUDIT#' }));
  });

  it(`is a 400 asking for a shorter range when more than ${AUDIT_EXPORT_MAX} entries match`, async () => {
    readWorkspaceAudit.mockReset();
    let n = 0;
    readWorkspaceAudit.mockImplementation(async () => {
      n += 1000;
      return { entries: batch(n, 1000), lastId: entry(n + 999).id };
    });
    await expect(exportWorkspaceAudit({ ctx: caller(), query: {} })).rejects.toMatchObject({ status: 400, detail: AUDIT_EXPORT_TOO_LARGE_DETAIL });
    expect(readWorkspaceAudit).toHaveBeenCalledTimes(AUDIT_EXPORT_MAX / 1000 + 1);
  });
});
