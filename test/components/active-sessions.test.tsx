import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionListResponse, SessionView } from '../../shared/auth/sessions.js';
import { ActiveSessionsCard } from '../../frontend/src/features/settings/components/active-sessions-card';
import { renderWithRouter } from './render';

/**
 * Settings -> Security, "Active sessions" (docs/security.md "Tokens and sessions"): each session with
 * its device, address and times, this device marked and without a sign-out button; signing one out
 * and signing out everywhere both ask first, and everywhere ends this device's session too.
 */
const state = vi.hoisted(() => ({
  list: undefined as SessionListResponse | undefined,
  signOutOne: vi.fn(),
  signOutEverywhere: vi.fn(),
  clearSession: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: { timezone: 'UTC' } }) }));
vi.mock('@/lib/auth', () => ({ clearSession: state.clearSession }));
vi.mock('@/features/settings/api/sessions', () => ({
  useSessions: () => ({ data: state.list, error: undefined, isLoading: false }),
  useSignOutSession: () => state.signOutOne,
  signOutEverywhere: state.signOutEverywhere,
}));

const session = (over: Partial<SessionView> = {}): SessionView => ({
  id: '01JD0000000000000000000001',
  device: 'Chrome on macOS',
  ip: '203.0.113.7',
  signed_in_at: '2026-11-20T08:00:00.000Z',
  last_seen_at: new Date().toISOString(),
  current: true,
  ...over,
});

beforeEach(() => {
  state.signOutOne.mockReset();
  state.signOutEverywhere.mockReset();
  state.clearSession.mockReset();
  state.list = {
    sessions: [session(), session({ id: '01JD0000000000000000000002', device: 'Firefox on Windows', ip: '198.51.100.4', current: false })],
  };
});

describe('Settings -> Security, Active sessions', () => {
  it('lists each session with device, address and times, this device marked and not offered a sign-out', () => {
    renderWithRouter(<ActiveSessionsCard />);
    const rows = screen.getAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Chrome on macOS');
    expect(rows[0]?.textContent).toContain('This device');
    expect(rows[0]?.textContent).toContain('203.0.113.7');
    expect(rows[0]?.textContent).toContain('Nov 20, 2026');
    expect(rows[0]?.textContent).toContain('Just now');
    expect(within(rows[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(rows[1]?.textContent).toContain('Firefox on Windows');
    expect(rows[1]?.textContent).not.toContain('This device');
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('signs another session out only after the confirmation', async () => {
    state.signOutOne.mockResolvedValue(undefined);
    renderWithRouter(<ActiveSessionsCard />);
    fireEvent.click(within(screen.getAllByTestId('session-row')[1]!).getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Firefox on Windows (198.51.100.4) will be signed out');
    expect(state.signOutOne).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(state.signOutOne).toHaveBeenCalledWith('01JD0000000000000000000002'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the reason when signing out fails', async () => {
    state.signOutOne.mockRejectedValue(new Error('Network down'));
    renderWithRouter(<ActiveSessionsCard />);
    fireEvent.click(within(screen.getAllByTestId('session-row')[1]!).getByRole('button', { name: 'Sign out' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await within(screen.getByRole('dialog')).findByText(/Network down|Failed to sign out the session/)).toBeTruthy();
  });

  it('signs out everywhere after asking, and forgets this device’s session too', async () => {
    state.signOutEverywhere.mockResolvedValue({ signed_out: 2 });
    renderWithRouter(<ActiveSessionsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('this one included');
    expect(state.signOutEverywhere).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(state.signOutEverywhere).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(state.clearSession).toHaveBeenCalled());
  });
});
