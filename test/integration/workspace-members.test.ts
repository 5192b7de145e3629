import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitationTokenKey } from '../../shared/table/keys.js';
import type { InvitationPreview, InvitationView, MemberList } from '../../shared/workspaces/members.js';
import type { WorkspaceList } from '../../shared/workspaces/schemas.js';
import { as, createMonitor, signInAdmin, userWithId } from './helpers/admin.js';
import { api, latestMailTo, type StoredEmail } from './helpers/api.js';
import { patchTableItem } from './helpers/pipeline.js';

/**
 * Members and invitations against the local cloud (docs/teams.md "Members and invitations"): two
 * people sharing one workspace's monitors with their roles, the mailed link and its dead ends, the
 * owner invariant and a removal refused on the very next request.
 */
beforeAll(signInAdmin);

type ErrorBody = { detail: string; code: string };
type User = Awaited<ReturnType<typeof userWithId>>;

const inWorkspace = (user: { token: string }, workspaceId: string) => ({ token: user.token, headers: { 'x-workspace-id': workspaceId } });

const invitationTokenFrom = (mail: StoredEmail): string => {
  const found = /\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? '');
  if (!found?.[1]) throw new Error(`no invitation link in: ${mail.body.text}`);
  return decodeURIComponent(found[1]);
};

const businessOwner = async (label: string): Promise<User> => {
  const owner = await userWithId(label);
  expect((await as(`/api/admin/users/${owner.id}/upgrade`, { method: 'POST', body: { tier: 'business' } })).status).toBe(200);
  return owner;
};

/** Invites `email` with `role` and returns the token of the mailed link. */
const invite = async (owner: User, email: string, role: string): Promise<string> => {
  const sent = await api<InvitationView & ErrorBody>('/api/workspaces/current/invitations', { method: 'POST', token: owner.token, body: { email, role } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return invitationTokenFrom(await latestMailTo(email));
};

const accept = (user: { token: string }, token: string) =>
  api<ErrorBody & { workspace_id: string }>('/api/invitations/accept', { method: 'POST', token: user.token, body: { token } });

describe('inviting and sharing a workspace', () => {
  it('refuses invitations on Free, then shares the monitors of a Business workspace by role', async () => {
    const owner = await userWithId('ws-owner');
    const onFree = await api<ErrorBody>('/api/workspaces/current/invitations', { method: 'POST', token: owner.token, body: { email: 'x@example.com', role: 'member' } });
    expect(onFree.status).toBe(403);
    expect(onFree.body).toMatchObject({ code: 'SEAT_LIMIT_REACHED', detail: expect.stringContaining('Free plan') });

    expect((await as(`/api/admin/users/${owner.id}/upgrade`, { method: 'POST', body: { tier: 'business' } })).status).toBe(200);
    const teammate = await userWithId('ws-mate');
    const token = await invite(owner, teammate.email, 'member');

    const preview = await api<InvitationPreview>('/api/invitations/check', { method: 'POST', body: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ workspace_name: "Test ws-owner's workspace", inviter_name: 'Test ws-owner', email: teammate.email, role: 'member' });

    const stranger = await userWithId('ws-stranger');
    const wrongAddress = await accept(stranger, token);
    expect(wrongAddress.status).toBe(403);
    expect(wrongAddress.body).toMatchObject({ code: 'INVITATION_OTHER_ADDRESS', detail: expect.stringContaining(teammate.email) });

    const joined = await accept(teammate, token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.workspace_id).toBe(owner.id);
    const again = await accept(teammate, token);
    expect(again.status).toBe(410);
    expect(again.body.detail).toBe('This invitation has already been accepted.');

    const switcher = await api<WorkspaceList>('/api/workspaces', { token: teammate.token });
    expect(switcher.body.workspaces.map((w) => [w.id, w.role])).toContainEqual([owner.id, 'member']);

    // Both see and edit the same monitors.
    expect((await createMonitor(owner.token, 'Shared one')).status).toBe(201);
    const made = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      ...inWorkspace(teammate, owner.id),
      body: { name: 'Made by mate', url: 'https://mate.example.com', check_interval: 300, timeout: 30 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const ownersList = await api<{ monitors: { name: string }[] }>('/api/monitors', { token: owner.token });
    expect(ownersList.body.monitors.map((m) => m.name).sort()).toEqual(['Made by mate', 'Shared one']);

    const twice = await api<ErrorBody>('/api/workspaces/current/invitations', { method: 'POST', token: owner.token, body: { email: teammate.email, role: 'admin' } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ALREADY_MEMBER');

    // A viewer reads but cannot write; the refusal names the role.
    const members = await api<MemberList>('/api/workspaces/current/members', { token: owner.token });
    expect(members.body.members.map((m) => m.role)).toEqual(['owner', 'member']);
    expect(members.body.seats).toEqual({ total: 10, used: 2 });
    expect((await api(`/api/workspaces/current/members/${teammate.id}`, { method: 'PUT', token: owner.token, body: { role: 'viewer' } })).status).toBe(200);
    expect((await api('/api/monitors', inWorkspace(teammate, owner.id))).status).toBe(200);
    const viewerWrite = await api<ErrorBody>(`/api/monitors/${made.body.id}`, { method: 'DELETE', ...inWorkspace(teammate, owner.id) });
    expect(viewerWrite.status).toBe(403);
    expect(viewerWrite.body).toMatchObject({ code: 'ROLE_NOT_ALLOWED', detail: 'Your role in this workspace is Viewer; this needs Member or higher.' });

    // Removed: refused on the very next request.
    expect((await api(`/api/workspaces/current/members/${teammate.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const afterRemoval = await api<ErrorBody>('/api/monitors', inWorkspace(teammate, owner.id));
    expect(afterRemoval.status).toBe(404);
    expect(afterRemoval.body.code).toBe('WORKSPACE_NOT_FOUND');
    expect((await api<MemberList>('/api/workspaces/current/members', { token: owner.token })).body.seats.used).toBe(1);
  });
});

describe('owners', () => {
  it('keeps one owner, transfers ownership and lets members leave', async () => {
    const founder = await businessOwner('ws-founder');
    const heir = await userWithId('ws-heir');
    expect((await accept(heir, await invite(founder, heir.email, 'admin'))).status).toBe(200);

    const demoteSelf = await api<ErrorBody>(`/api/workspaces/current/members/${founder.id}`, { method: 'PUT', token: founder.token, body: { role: 'admin' } });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.code).toBe('LAST_OWNER');
    const founderLeaves = await api<ErrorBody>('/api/workspaces/current/leave', { method: 'POST', token: founder.token });
    expect(founderLeaves.status).toBe(409);
    expect(founderLeaves.body.detail).toContain('belongs to your account');
    const adminMakesOwner = await api<ErrorBody>(`/api/workspaces/current/members/${heir.id}`, { method: 'PUT', ...inWorkspace(heir, founder.id), body: { role: 'owner' } });
    expect(adminMakesOwner.status).toBe(403);

    const transfer = await api('/api/workspaces/current/transfer-ownership', { method: 'POST', token: founder.token, body: { user_id: heir.id } });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    const roles = (await api<MemberList>('/api/workspaces/current/members', { token: founder.token })).body.members.map((m) => [m.user_id, m.role]);
    expect(roles).toEqual([[founder.id, 'admin'], [heir.id, 'owner']]);
    // The founder, now an admin, cannot take billing back, and the only owner cannot leave.
    expect((await api('/api/workspaces/current/transfer-ownership', { method: 'POST', token: founder.token, body: { user_id: founder.id } })).status).toBe(403);
    const lastOwnerLeaves = await api<ErrorBody>('/api/workspaces/current/leave', { method: 'POST', ...inWorkspace(heir, founder.id) });
    expect(lastOwnerLeaves.status).toBe(409);
    expect(lastOwnerLeaves.body.code).toBe('LAST_OWNER');

    // Renaming shows in every member's switcher.
    expect((await api('/api/workspaces/current', { method: 'PUT', ...inWorkspace(heir, founder.id), body: { name: 'Ops team' } })).status).toBe(200);
    const heirsSwitcher = await api<WorkspaceList>('/api/workspaces', { token: heir.token });
    expect(heirsSwitcher.body.workspaces.find((w) => w.id === founder.id)?.name).toBe('Ops team');

    // Ownership back to the founder; the heir, now an admin, leaves.
    expect((await api('/api/workspaces/current/transfer-ownership', { method: 'POST', ...inWorkspace(heir, founder.id), body: { user_id: founder.id } })).status).toBe(200);
    expect((await api('/api/workspaces/current/leave', { method: 'POST', ...inWorkspace(heir, founder.id) })).status).toBe(200);
    expect((await api('/api/monitors', inWorkspace(heir, founder.id))).status).toBe(404);
  });
});

describe('dead invitation links', () => {
  it('says when a link was revoked, has expired or is unknown', async () => {
    const owner = await businessOwner('ws-links');
    const revokedToken = await invite(owner, 'revoked@example.com', 'viewer');
    const pending = await api<{ invitations: InvitationView[] }>('/api/workspaces/current/invitations', { token: owner.token });
    expect(pending.body.invitations.map((i) => [i.email, i.role])).toEqual([['revoked@example.com', 'viewer']]);
    expect((await api(`/api/workspaces/current/invitations/${pending.body.invitations[0]!.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const revoked = await api<ErrorBody>('/api/invitations/check', { method: 'POST', body: { token: revokedToken } });
    expect(revoked.status).toBe(410);
    expect(revoked.body.detail).toContain('was revoked');

    const late = await userWithId('ws-late');
    const lateToken = await invite(owner, late.email, 'member');
    const hash = createHash('sha256').update(lateToken, 'utf8').digest('hex');
    await patchTableItem(invitationTokenKey(hash), { invitation_expires_at: Math.floor(Date.now() / 1000) - 60 });
    const expired = await accept(late, lateToken);
    expect(expired.status).toBe(410);
    expect(expired.body.detail).toContain('has expired');

    const unknown = await api<ErrorBody>('/api/invitations/check', { method: 'POST', body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(410);
    expect(unknown.body.code).toBe('INVITATION_UNUSABLE');
  });
});
