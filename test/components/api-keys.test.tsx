import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyList, ApiKeyView, CreatedApiKey } from '../../shared/workspaces/api-keys.js';
import { ApiKeysSection } from '../../frontend/src/features/settings/components/api-keys-section';
import { renderWithRouter } from './render';

/**
 * Settings -> API (docs/api.md "Authentication"): the keys listed with their facts, a new key's
 * secret shown once with a copy button, revoke behind a confirmation, and on Free or Pro an honest
 * upgrade note instead of a form.
 */
const state = vi.hoisted(() => ({
  list: undefined as ApiKeyList | undefined,
  create: vi.fn(),
  revoke: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: { timezone: 'UTC' } }) }));
vi.mock('@/features/settings/api/list-api-keys', () => ({ useApiKeys: () => ({ data: state.list, error: undefined, isLoading: false }) }));
vi.mock('@/features/settings/api/create-api-key', () => ({ useCreateApiKey: () => state.create }));
vi.mock('@/features/settings/api/revoke-api-key', () => ({ useRevokeApiKey: () => state.revoke }));

const key = (over: Partial<ApiKeyView> = {}): ApiKeyView => ({
  id: 'k1',
  name: 'CI deploys',
  prefix: 'uw_abcd1234…',
  scope: 'write',
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 'Ada Admin',
  expires_at: null,
  last_used_at: '2026-11-20T08:00:00.000Z',
  last_used_ip: '203.0.113.9',
  revoked_at: null,
  ...over,
});

beforeEach(() => {
  state.create.mockReset();
  state.revoke.mockReset();
});

describe('Settings -> API', () => {
  it('lists each key with its prefix, access, creator, expiry and last use', () => {
    state.list = { keys: [key(), key({ id: 'k2', name: 'old', scope: 'read', revoked_at: '2026-11-02T00:00:00.000Z', last_used_at: null })], plan_allows_keys: true };
    renderWithRouter(<ApiKeysSection />);
    const rows = screen.getAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('uw_abcd1234…');
    expect(rows[0]?.textContent).toContain('Read and write');
    expect(rows[0]?.textContent).toContain('Ada Admin');
    expect(rows[0]?.textContent).toContain('Nov 20, 2026 · 203.0.113.9');
    expect(within(rows[0]!).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(rows[1]?.textContent).toContain('Revoked');
    expect(rows[1]?.textContent).toContain('Read only');
    expect(within(rows[1]!).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Read the API reference' }).getAttribute('href')).toBe('/docs/api');
  });

  it('creates a key and shows its secret once, with a copy button and the warning', async () => {
    state.list = { keys: [], plan_allows_keys: true };
    const created: CreatedApiKey = { ...key({ id: 'k9', name: 'Nightly', scope: 'read', last_used_at: null, last_used_ip: null }), key: `uw_${'x'.repeat(43)}` };
    state.create.mockResolvedValue(created);
    renderWithRouter(<ApiKeysSection />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nightly' } });
    fireEvent.change(screen.getByLabelText('Expires on (optional)'), { target: { value: '2027-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const secret = await screen.findByTestId('new-api-key');
    expect(state.create).toHaveBeenCalledWith({ name: 'Nightly', scope: 'read', expires_at: '2027-01-31T23:59:59Z' });
    expect(secret?.textContent).toContain(created.key);
    expect(secret?.textContent).toContain('You won’t see it again.');
    expect(within(secret).getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();
    expect(screen.queryByText(created.key)).toBeNull();
  });

  it('revokes a key only after the confirmation', async () => {
    state.list = { keys: [key()], plan_allows_keys: true };
    state.revoke.mockResolvedValue(undefined);
    renderWithRouter(<ApiKeysSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(state.revoke).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog');
    expect(dialog?.textContent).toContain('Anything using “CI deploys” will be refused from its next request.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(state.revoke).toHaveBeenCalledWith('k1'));
  });

  it('offers an upgrade, not a form, on a plan without API access', () => {
    state.list = { keys: [], plan_allows_keys: false };
    renderWithRouter(<ApiKeysSection />);
    expect(screen.getByText('API access is part of Business')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/?section=subscription');
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });
});
