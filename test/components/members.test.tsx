import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvitationList, MemberList } from '../../shared/workspaces/members.js';
import { MembersSection } from '../../frontend/src/features/settings/components/members-section';
import { renderWithRouter } from './render';

const state = vi.hoisted(() => ({
  me: 'u-owner',
  members: undefined as MemberList | undefined,
  invitations: undefined as InvitationList | undefined,
  call: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: { id: state.me, email: `${state.me}@example.com` } }) }));
vi.mock('@/features/settings/api/members', () => ({
  useMembers: () => ({ data: state.members, error: undefined }),
  useInvitations: (canManage: boolean) => ({ data: canManage ? state.invitations : undefined }),
  useMemberChange: () => <T,>(change: () => Promise<T>) => change(),
}));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/api-client')>()),
  callApi: (...args: unknown[]) => state.call(...args),
}));

const member = (user_id: string, role: MemberList['members'][number]['role'], is_founder = false) => ({
  user_id,
  name: user_id.replace('u-', '').replace(/^./, (c) => c.toUpperCase()),
  email: `${user_id}@example.com`,
  role,
  joined_at: '2026-11-01T10:00:00.000Z',
  is_founder,
});

beforeEach(() => {
  state.call.mockReset();
  state.members = {
    workspace: { id: 'u-owner', name: "Owner's workspace" },
    members: [member('u-owner', 'owner', true), member('u-mate', 'member')],
    seats: { total: 10, used: 3 },
  };
  state.invitations = {
    invitations: [{ id: '01INVITE', email: 'new@example.com', role: 'viewer', invited_by: 'Owner', created_at: '2026-11-01T10:00:00.000Z', expires_at: '2026-11-08T10:00:00.000Z' }],
  };
});

describe('Settings -> Members', () => {
  it('lets an owner invite, revoke, change a role and hand over ownership', async () => {
    state.me = 'u-owner';
    state.call.mockResolvedValue({ message: 'Done.' });
    renderWithRouter(<MembersSection />);
    expect(screen.getByText("Owner's workspace: 3 of 10 team seats in use.")).toBeTruthy();
    expect(screen.getByText(/new@example.com · Viewer · invited by Owner/)).toBeTruthy();
    // The founding account leaves no workspace it founded, so there is no Leave button.
    expect(screen.queryByRole('button', { name: 'Leave workspace' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'friend@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(state.call).toHaveBeenCalledWith('createInvitation', { body: { email: 'friend@example.com', role: 'admin' } }));

    fireEvent.change(screen.getByLabelText('Role of Mate'), { target: { value: 'viewer' } });
    await waitFor(() => expect(state.call).toHaveBeenCalledWith('updateMemberRole', { params: { id: 'u-mate' }, body: { role: 'viewer' } }));

    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(state.call).toHaveBeenCalledWith('revokeInvitation', { params: { id: '01INVITE' } }));

    // Handing over the workspace is asked first; nothing is sent until it is confirmed.
    fireEvent.click(screen.getByRole('button', { name: 'Make owner and step down' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Mate the owner?' });
    expect(state.call).not.toHaveBeenCalledWith('transferOwnership', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make owner and step down' }));
    await waitFor(() => expect(state.call).toHaveBeenCalledWith('transferOwnership', { body: { user_id: 'u-mate' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // So is removing someone; Cancel sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const removal = await screen.findByRole('dialog', { name: 'Remove Mate?' });
    fireEvent.click(within(removal).getByRole('button', { name: 'Cancel' }));
    expect(state.call).not.toHaveBeenCalledWith('removeMember', expect.anything());
  });

  it('shows the server refusal as it is', async () => {
    state.me = 'u-owner';
    const { ApiError } = await import('../../frontend/src/lib/api-client');
    state.call.mockRejectedValue(new ApiError(403, 'SEAT_LIMIT_REACHED', 'Your Pro plan has no team seats. Upgrade to Business or Enterprise to invite people.'));
    renderWithRouter(<MembersSection />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'friend@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Your Pro plan has no team seats. Upgrade to Business or Enterprise to invite people.')).toBeTruthy();
  });

  it('shows a member the list read-only, with Leave workspace', () => {
    state.me = 'u-mate';
    renderWithRouter(<MembersSection />);
    expect(screen.getByText('Mate (you)')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByLabelText(/Role of/)).toBeNull();
    expect(screen.queryByText(/new@example.com/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave workspace' })).toBeTruthy();
  });
});
