import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../../frontend/src/features/settings/components/change-password-form';
import { DangerZone } from '../../frontend/src/features/settings/components/danger-zone';
import { UpgradeOffers } from '../../frontend/src/features/settings/components/upgrade-offers';
import { errorOf, renderWithRouter } from './render';

const calls = vi.hoisted(() => ({ changePassword: vi.fn(), deleteAccount: vi.fn(), signOut: vi.fn() }));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ signOut: calls.signOut }) }));
vi.mock('@/features/settings/api/change-password', () => ({ changePassword: calls.changePassword }));
vi.mock('@/features/settings/api/delete-account', () => ({ deleteAccount: calls.deleteAccount }));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the Change Password form', () => {
  beforeEach(() => {
    calls.changePassword.mockResolvedValue({ message: 'Password changed successfully' });
  });

  it('asks for all three fields', () => {
    renderWithRouter(<ChangePasswordForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(errorOf('Current Password')).toBe('Current password is required');
    expect(errorOf('New Password')).toBe('New password is required');
    expect(errorOf('Confirm New Password')).toBe('Please confirm your new password');
    expect(calls.changePassword).not.toHaveBeenCalled();
  });

  it('refuses a short new password and a confirmation that differs', () => {
    renderWithRouter(<ChangePasswordForm />);
    type('Current Password', 'old password');
    type('New Password', 'short');
    type('Confirm New Password', 'shorter');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(errorOf('Current Password')).toBeNull();
    expect(errorOf('New Password')).toBe('New password must be at least 8 characters long');
    expect(errorOf('Confirm New Password')).toBe('New passwords do not match');
    expect(calls.changePassword).not.toHaveBeenCalled();
  });

  it("sends a valid change and shows the server's answer, the fields emptied", async () => {
    renderWithRouter(<ChangePasswordForm />);
    type('Current Password', 'old password');
    type('New Password', 'new password');
    type('Confirm New Password', 'new password');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password changed successfully');
    expect(calls.changePassword).toHaveBeenCalledWith({ current_password: 'old password', new_password: 'new password' });
    expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe('');
  });
});

describe('the Danger Zone', () => {
  const openConfirmation = () => {
    renderWithRouter(<DangerZone />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  };

  it('points out a word other than DELETE and keeps what was typed', async () => {
    openConfirmation();
    type('Type DELETE to confirm', 'delete');
    type('Current Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(errorOf('Type DELETE to confirm')).toBe('Type DELETE in capital letters to delete your account, or choose Cancel to keep it.');
    expect((screen.getByLabelText('Type DELETE to confirm') as HTMLInputElement).value).toBe('delete');
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('secret');
    expect(calls.deleteAccount).not.toHaveBeenCalled();
    type('Type DELETE to confirm', 'DELETE');
    expect(errorOf('Type DELETE to confirm')).toBeNull();
  });

  it('keeps the dialog and the fields after a wrong password, with the reason', async () => {
    const { ApiError } = await import('../../frontend/src/lib/api-client');
    calls.deleteAccount.mockRejectedValueOnce(new ApiError(400, 'VALIDATION_FAILED', 'Current password is incorrect'));
    openConfirmation();
    type('Type DELETE to confirm', 'DELETE');
    type('Current Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(screen.getByRole('dialog', { name: 'Confirm account deletion' })).toBeTruthy();
    expect((screen.getByLabelText('Type DELETE to confirm') as HTMLInputElement).value).toBe('DELETE');
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('wrong');
    expect(calls.signOut).not.toHaveBeenCalled();
  });

  it('deletes with the password and signs out when DELETE is typed', async () => {
    calls.deleteAccount.mockResolvedValue({ message: 'Account deleted' });
    openConfirmation();
    type('Type DELETE to confirm', 'DELETE');
    type('Current Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await waitFor(() => expect(calls.signOut).toHaveBeenCalled());
    expect(calls.deleteAccount).toHaveBeenCalledWith({ password: 'secret' });
  });
});

describe('the upgrade offers per plan', () => {
  const offers = (tier: 'free' | 'pro' | 'business' | 'enterprise') => {
    renderWithRouter(<UpgradeOffers tier={tier} packages={undefined} busy={null} verifying={false} currentGateway={null} onUpgrade={() => undefined} />);
    const list = screen.queryByRole('list', { name: 'Plans you can upgrade to' });
    return list ? within(list).getAllByRole('heading').map((heading) => heading.textContent) : [];
  };

  it('Free is offered every paid plan', () => {
    expect(offers('free')).toEqual(['Pro', 'Business', 'Enterprise']);
  });

  it('Business is offered Enterprise only', () => {
    expect(offers('business')).toEqual(['Enterprise']);
  });

  it('Enterprise is told it has the highest plan', () => {
    expect(offers('enterprise')).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Congratulations! You are on Enterprise, our highest plan, with every Upwatch feature included.');
  });
});
