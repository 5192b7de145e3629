import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../frontend/src/features/auth/components/login-form';
import { RegisterForm } from '../../frontend/src/features/auth/components/register-form';
import { ResetPasswordForm } from '../../frontend/src/features/auth/components/reset-password-form';
import { errorOf, renderWithRouter } from './render';

const calls = vi.hoisted(() => ({ signIn: vi.fn(), registerUser: vi.fn(), checkResetLink: vi.fn(), resetPassword: vi.fn() }));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ signIn: calls.signIn }) }));
vi.mock('@/features/auth/api/register', () => ({ registerUser: calls.registerUser }));
vi.mock('@/features/auth/api/reset-password', () => ({ checkResetLink: calls.checkResetLink, resetPassword: calls.resetPassword }));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the registration form', () => {
  beforeEach(() => {
    calls.registerUser.mockResolvedValue({ message: 'Registered', email: 'ada@example.com' });
  });

  it('says what each empty field needs, and sends nothing', () => {
    renderWithRouter(<RegisterForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf('Full name')).toBe('Name is required');
    expect(errorOf('Email')).toBe('Email is required');
    expect(errorOf('Password')).toBe('Password must be at least 8 characters long');
    expect(calls.registerUser).not.toHaveBeenCalled();
  });

  it('starts with an invitation\'s address, which the person may change', () => {
    renderWithRouter(<RegisterForm initialEmail="newbie@example.com" />);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('newbie@example.com');
  });

  it('refuses a malformed address and a confirmation that differs', () => {
    renderWithRouter(<RegisterForm />);
    type('Full name', 'Ada');
    type('Email', 'ada@');
    type('Password', 'long enough');
    type('Confirm password', 'something else');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf('Full name')).toBeNull();
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Confirm password')).toBe('Passwords do not match');
    expect(calls.registerUser).not.toHaveBeenCalled();
  });

  it('clears a message as its field is corrected, and registers a valid form', async () => {
    renderWithRouter(<RegisterForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    type('Full name', 'Ada');
    expect(errorOf('Full name')).toBeNull();
    type('Email', 'ada@example.com');
    type('Password', 'long enough');
    type('Confirm password', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls.registerUser).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ada', email: 'ada@example.com', password: 'long enough' })));
  });

  it("sends the browser's time zone, so the new account's mails and screens agree from the start", async () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...resolved, timeZone: 'Asia/Kolkata' });
    try {
      renderWithRouter(<RegisterForm />);
      type('Full name', 'Ada');
      type('Email', 'ada@example.com');
      type('Password', 'long enough');
      type('Confirm password', 'long enough');
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() =>
        expect(calls.registerUser).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com', password: 'long enough', timezone: 'Asia/Kolkata' }),
      );
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the sign-in form', () => {
  it('asks for the address and the password', () => {
    renderWithRouter(<LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(errorOf('Email')).toBe('Email is required');
    expect(errorOf('Password')).toBe('Password is required');
    expect(calls.signIn).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the sign-in is refused", async () => {
    const { ApiError } = await import('../../frontend/src/lib/api-client');
    calls.signIn.mockRejectedValue(new ApiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'));
    renderWithRouter(<LoginForm />);
    type('Email', 'ada@example.com');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Incorrect email or password');
    expect(calls.signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'wrong' });
  });
});

describe('the reset password page', () => {
  const USED = 'This password reset link has already been used. Request a new one if you need to reset your password again.';

  it('says a used link does not work as soon as it opens, before any password is typed', async () => {
    const { ApiError } = await import('../../frontend/src/lib/api-client');
    calls.checkResetLink.mockRejectedValue(new ApiError(400, 'INVALID_TOKEN', USED));
    renderWithRouter(<ResetPasswordForm token="used-token" />);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByText(USED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(calls.checkResetLink).toHaveBeenCalledWith('used-token');
    expect(calls.resetPassword).not.toHaveBeenCalled();
  });

  it('shows the form for a link that works', async () => {
    calls.checkResetLink.mockResolvedValue({ message: 'This reset link works: choose your new password.' });
    renderWithRouter(<ResetPasswordForm token="fresh-token" />);
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.queryByText('This link does not work')).toBeNull();
  });

  it('still shows the form when the check cannot reach the server (the reset itself will say more)', async () => {
    calls.checkResetLink.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithRouter(<ResetPasswordForm token="some-token" />);
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });
});
