import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminContactMessage, AdminUserDetail } from '../../shared/admin/schemas.js';
import type { AccountManagerView } from '../../shared/support/account-manager.js';
import { AdminMessagesView } from '../../frontend/src/features/admin/components/messages/messages-view';
import { AccountManagerForm } from '../../frontend/src/features/admin/components/users/account-manager-form';
import { ContactForm } from '../../frontend/src/features/contact/components/contact-form';
import { AccountManagerCard } from '../../frontend/src/features/settings/components/account-manager-card';
import { ApiError } from '../../frontend/src/lib/api-client';
import { renderWithRouter } from './render';

/**
 * The support screens (docs/product-rules.md "Priority support", "Account manager"): the contact
 * form signed in and out, the customer's account manager card, the operators' queue and the
 * account manager form in the user detail.
 */
const state = vi.hoisted(() => ({
  auth: { status: 'signed-out', user: null } as { status: string; user: { name: string; email: string } | null },
  manager: undefined as AccountManagerView | undefined,
  messages: [] as AdminContactMessage[],
  submitContact: vi.fn(),
  submitSupportMessage: vi.fn(),
  markAnswered: vi.fn(),
  setManager: vi.fn(),
  removeManager: vi.fn(),
  mutate: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ useAuth: () => state.auth }));
vi.mock('@/features/contact/api/submit-contact', () => ({ submitContact: state.submitContact, submitSupportMessage: state.submitSupportMessage }));
vi.mock('@/features/settings/api/get-account-manager', () => ({ useAccountManager: () => ({ data: state.manager }) }));
vi.mock('@/features/admin/api/get-contact-messages', () => ({
  useContactMessages: () => ({ data: { messages: state.messages, total: state.messages.length, pages: 1, page: 1 }, error: undefined, isLoading: false, mutate: state.mutate }),
}));
vi.mock('@/features/admin/api/mark-contact-message-answered', () => ({ markContactMessageAnswered: state.markAnswered }));
vi.mock('@/features/admin/api/account-manager', () => ({ setAccountManager: state.setManager, removeAccountManager: state.removeManager }));

const HOUR = 3_600_000;

const message = (over: Partial<AdminContactMessage>): AdminContactMessage => ({
  id: '01JNB6Z6Q00000000000000000',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'support',
  message: 'Our checks stopped.',
  created_at: new Date(Date.now() - HOUR).toISOString(),
  priority: false,
  respond_by: new Date(Date.now() + 23 * HOUR).toISOString(),
  queue_group: 'waiting',
  sender: null,
  answered_at: null,
  answered_by: null,
  ...over,
});

const detail = (tier: 'business' | 'enterprise', manager: AdminUserDetail['account_manager'] = null): AdminUserDetail => ({
  user: { id: 'u1', name: 'Owner', email: 'owner@example.com', subscription_tier: tier } as AdminUserDetail['user'],
  subscription: null,
  monitors: [],
  recent_incidents: [],
  audit_log: [],
  account_manager: manager,
  account_manager_in_plan: tier === 'enterprise',
});

beforeEach(() => {
  for (const fn of [state.submitContact, state.submitSupportMessage, state.markAnswered, state.setManager, state.removeManager, state.mutate]) fn.mockReset();
  state.auth = { status: 'signed-out', user: null };
});

const fillAndSend = () => {
  const form = screen.getByRole('form', { name: 'Contact form' });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Grace' } });
  fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'grace@example.com' } });
  fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'support' } });
  fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Our checks stopped.' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
};

describe('the contact form', () => {
  it('signed out, sends to the public route and shows the general promise', async () => {
    state.submitContact.mockResolvedValue({ success: true, message: '', priority: false, reply_within_hours: 24 });
    renderWithRouter(<ContactForm />);
    expect(screen.queryByTestId('contact-signed-in')).toBeNull();
    fillAndSend();
    await screen.findByText('Message sent!');
    expect(state.submitContact).toHaveBeenCalled();
    expect(state.submitSupportMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId('contact-reply-promise').textContent).toBe("We'll get back to you within 24 hours.");
  });

  it('signed in, starts with the account\'s name and address, sends with the account and shows a priority promise', async () => {
    state.auth = { status: 'signed-in', user: { name: 'Grace Hopper', email: 'grace@navy.example' } };
    state.submitSupportMessage.mockResolvedValue({ success: true, message: '', priority: true, reply_within_hours: 4 });
    renderWithRouter(<ContactForm />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Grace Hopper');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@navy.example');
    expect(screen.getByTestId('contact-signed-in').textContent).toContain('on Business and Enterprise it is answered as priority support');
    fillAndSend();
    await screen.findByText('Message sent!');
    expect(state.submitSupportMessage).toHaveBeenCalledWith({ name: 'Grace', email: 'grace@example.com', subject: 'support', message: 'Our checks stopped.' });
    expect(screen.getByTestId('contact-reply-promise').textContent).toBe("Priority support: we'll get back to you within 4 hours.");
  });

  it('signed in but refused the workspace (removed from it), still sends the message through the public form', async () => {
    state.auth = { status: 'signed-in', user: { name: 'Grace Hopper', email: 'grace@navy.example' } };
    state.submitSupportMessage.mockRejectedValue(new ApiError(404, 'WORKSPACE_NOT_FOUND', 'This workspace was not found, or you are no longer a member of it.'));
    state.submitContact.mockResolvedValue({ success: true, message: '', priority: false, reply_within_hours: 24 });
    renderWithRouter(<ContactForm />);
    fillAndSend();
    await screen.findByText('Message sent!');
    expect(state.submitContact).toHaveBeenCalledTimes(1);
  });
});

describe('Settings: your account manager', () => {
  it('shows the named manager with a mailto link', () => {
    state.manager = { included_in_plan: true, account_manager: { name: 'Priya Natarajan', email: 'priya@upwatch.example', assigned_at: '2026-11-01T00:00:00.000Z' } };
    renderWithRouter(<AccountManagerCard />);
    expect(screen.getByRole('heading', { name: 'Your account manager' })).toBeTruthy();
    expect(screen.getByText('Priya Natarajan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'priya@upwatch.example' }).getAttribute('href')).toBe('mailto:priya@upwatch.example');
  });

  it('says honestly that none is named yet, and shows nothing on a plan without one', () => {
    state.manager = { included_in_plan: true, account_manager: null };
    const { unmount } = renderWithRouter(<AccountManagerCard />);
    expect(screen.getByTestId('account-manager-card').textContent).toContain('Once we have named yours');
    unmount();
    state.manager = { included_in_plan: false, account_manager: null };
    const { container } = renderWithRouter(<AccountManagerCard />);
    expect(container.textContent).toBe('');
  });
});

describe('the operators\' support queue', () => {
  it('shows each message\'s state, the priority target and the time left, and marks one answered', async () => {
    const priority = message({ id: '01JNB6Z6Q00000000000000001', name: 'Ada Priority', priority: true, queue_group: 'priority', respond_by: new Date(Date.now() + 3 * HOUR + 20 * 60_000 + 30_000).toISOString(), sender: { user_id: 'u1', workspace_id: 'u1', plan: 'business' } });
    const overdue = message({ id: '01JNB6Z6Q00000000000000002', name: 'Late Larry', queue_group: 'overdue', respond_by: new Date(Date.now() - 45 * 60_000).toISOString() });
    state.messages = [overdue, priority];
    state.markAnswered.mockResolvedValue({ ...priority, queue_group: 'answered', answered_at: new Date().toISOString(), answered_by: 'ops@upwatch.example' });
    renderWithRouter(<AdminMessagesView />);
    const rows = screen.getAllByTestId('message-row');
    expect(rows.map((row) => row.getAttribute('data-group'))).toEqual(['overdue', 'priority']);
    expect(rows[0]!.textContent).toContain('Overdue by 45 min');
    expect(rows[1]!.textContent).toContain('Support within 4 hours');
    expect(rows[1]!.textContent).toContain('3 h 20 min left');
    expect(rows[1]!.textContent).toContain('Signed in, Business plan');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Read' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as answered' }));
    await waitFor(() => expect(state.markAnswered).toHaveBeenCalledWith('01JNB6Z6Q00000000000000001'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as answered' })).toBeNull());
    expect(state.mutate).toHaveBeenCalled();
    expect(screen.getByRole('dialog').textContent).toContain('by ops@upwatch.example');
  });
});

describe('the account manager in the user detail', () => {
  it('on Enterprise, checks the fields before sending and names the manager', async () => {
    state.setManager.mockResolvedValue({});
    renderWithRouter(<AccountManagerForm detail={detail('enterprise')} />);
    expect(screen.getByText('No account manager named yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Manager's name"), { target: { value: 'Priya Natarajan' } });
    fireEvent.change(screen.getByLabelText("Manager's email"), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Name account manager' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(state.setManager).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Manager's email"), { target: { value: 'priya@upwatch.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Name account manager' }));
    await waitFor(() => expect(state.setManager).toHaveBeenCalledWith('u1', { name: 'Priya Natarajan', email: 'priya@upwatch.example' }));
  });

  it('on Business, offers no form and says which plan has one', () => {
    renderWithRouter(<AccountManagerForm detail={detail('business')} />);
    expect(screen.getByText("Account managers come with the Enterprise plan; this workspace's plan has none.")).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Account manager' })).toBeNull();
  });
});
