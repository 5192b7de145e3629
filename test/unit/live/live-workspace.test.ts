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

  it('lets a person watch their own workspace while their session is open', async () => {
    readCallerAccess.mockResolvedValue({ profile, member: null, account: profile, sessionId: 'session-1' });
    expect(await liveWorkspaceOf('person-1', undefined, 'token-1')).toEqual({ workspaceId: 'person-1', sessionId: 'session-1' });
    expect(await liveWorkspaceOf('person-1', 'person-1', 'token-1')).toEqual({ workspaceId: 'person-1', sessionId: 'session-1' });
    expect(readCallerAccess).toHaveBeenCalledWith('person-1', 'person-1', 'token-1');
  });

  it('refuses a token whose session was signed out, or a token without an id', async () => {
    readCallerAccess.mockResolvedValue({ profile, member, account, sessionId: null });
    expect(await liveWorkspaceOf('person-1', undefined, 'token-1')).toBeNull();
    expect(await liveWorkspaceOf('person-1', 'team-1', 'token-1')).toBeNull();
    expect(await liveWorkspaceOf('person-1', undefined, undefined)).toBeNull();
  });

  it('lets a member of any role watch the workspace', async () => {
    readCallerAccess.mockResolvedValue({ profile, member, account, sessionId: 'session-1' });
    expect(await liveWorkspaceOf('person-1', 'team-1', 'token-1')).toEqual({ workspaceId: 'team-1', sessionId: 'session-1' });
    expect(readCallerAccess).toHaveBeenCalledWith('person-1', 'team-1', 'token-1');
  });

  it('refuses a workspace the person is not a member of, one that is closing, a deactivated person and a malformed id', async () => {
    const open = { sessionId: 'session-1' };
    readCallerAccess.mockResolvedValueOnce({ profile, member: null, account, ...open });
    expect(await liveWorkspaceOf('person-1', 'team-1', 'token-1')).toBeNull();
    readCallerAccess.mockResolvedValueOnce({ profile, member, account: { ...account, deletion_started_at: '2026-01-01T00:00:00Z' }, ...open });
    expect(await liveWorkspaceOf('person-1', 'team-1', 'token-1')).toBeNull();
    readCallerAccess.mockResolvedValueOnce({ profile: { ...profile, is_active: false }, member, account, ...open });
    expect(await liveWorkspaceOf('person-1', 'team-1', 'token-1')).toBeNull();
    expect(await liveWorkspaceOf('person-1', 'USER#team-1', 'token-1')).toBeNull();
  });
});
