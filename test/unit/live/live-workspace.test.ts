import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Which workspace a live socket may watch (docs/live-status.md "Pushes"): the caller check's own read. */
const readCallerAccess = vi.fn();
vi.mock('../../../functions/repositories/workspace-repository.js', () => ({ readCallerAccess }));
const { liveWorkspaceOf } = await import('../../../functions/live/live-workspace.js');

const profile = { id: 'person-1', is_active: true, deletion_started_at: null };
const account = { id: 'team-1', is_active: true, deletion_started_at: null };
const member = { user_id: 'person-1', role: 'viewer' };

describe('liveWorkspaceOf', () => {
  beforeEach(() => readCallerAccess.mockReset());

  it('lets a person watch their own workspace without a read', async () => {
    expect(await liveWorkspaceOf('person-1', undefined)).toBe('person-1');
    expect(await liveWorkspaceOf('person-1', 'person-1')).toBe('person-1');
    expect(readCallerAccess).not.toHaveBeenCalled();
  });

  it('lets a member of any role watch the workspace', async () => {
    readCallerAccess.mockResolvedValue({ profile, member, account });
    expect(await liveWorkspaceOf('person-1', 'team-1')).toBe('team-1');
    expect(readCallerAccess).toHaveBeenCalledWith('person-1', 'team-1');
  });

  it('refuses a workspace the person is not a member of, one that is closing, a deactivated person and a malformed id', async () => {
    readCallerAccess.mockResolvedValueOnce({ profile, member: null, account });
    expect(await liveWorkspaceOf('person-1', 'team-1')).toBeNull();
    readCallerAccess.mockResolvedValueOnce({ profile, member, account: { ...account, deletion_started_at: '2026-01-01T00:00:00Z' } });
    expect(await liveWorkspaceOf('person-1', 'team-1')).toBeNull();
    readCallerAccess.mockResolvedValueOnce({ profile: { ...profile, is_active: false }, member, account });
    expect(await liveWorkspaceOf('person-1', 'team-1')).toBeNull();
    expect(await liveWorkspaceOf('person-1', 'USER#team-1')).toBeNull();
  });
});
