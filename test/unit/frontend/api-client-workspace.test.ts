import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../../frontend/src/lib/api-client';
import { onWorkspaceLost, readStoredWorkspace, resetWorkspaceSelection, selectWorkspace } from '../../../frontend/src/lib/workspace-selection';
import { json, loadTestConfig, memoryStorage } from './client-fixtures';

/** The workspace the SPA shows, sent with every signed-in call (docs/teams.md "Choosing a workspace"). */
describe('api client and the chosen workspace', () => {
  beforeAll(() => loadTestConfig('http://api.test/'));

  afterEach(() => {
    resetWorkspaceSelection();
    onWorkspaceLost(null);
    vi.unstubAllGlobals();
  });

  const headersOf = (fetchMock: ReturnType<typeof vi.fn>, call = 0) => new Headers((fetchMock.mock.calls[call] as [string, RequestInit])[1].headers);

  it('sends X-Workspace-Id on a signed-in call once another workspace is chosen, and remembers it per person', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const fetchMock = vi.fn().mockImplementation(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/monitors');
    expect(headersOf(fetchMock, 0).get('x-workspace-id')).toBeNull();

    selectWorkspace('person-1', 'team-1');
    await api.get('/api/monitors');
    expect(headersOf(fetchMock, 1).get('x-workspace-id')).toBe('team-1');
    expect(readStoredWorkspace('person-1')).toBe('team-1');
    expect(readStoredWorkspace('person-2')).toBeNull();

    // A public call names no workspace; the own workspace needs no header.
    await api.post('/api/auth/login', {}, { auth: false });
    expect(headersOf(fetchMock, 2).get('x-workspace-id')).toBeNull();
    selectWorkspace('person-1', 'person-1');
    await api.get('/api/monitors');
    expect(headersOf(fetchMock, 3).get('x-workspace-id')).toBeNull();
    expect(readStoredWorkspace('person-1')).toBeNull();
  });

  it('reports a workspace the server no longer lets the person into, once', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const lost = vi.fn((_workspaceId: string) => selectWorkspace('person-1', null));
    onWorkspaceLost(lost);
    selectWorkspace('person-1', 'team-1');
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => json(404, { detail: 'This workspace was not found, or you are no longer a member of it.', code: 'WORKSPACE_NOT_FOUND' })),
    );
    const [first, second] = await Promise.all([api.get('/api/monitors').catch((e: unknown) => e), api.get('/api/incidents').catch((e: unknown) => e)]);
    expect(first).toBeInstanceOf(ApiError);
    expect(second).toMatchObject({ status: 404, code: 'WORKSPACE_NOT_FOUND' });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledWith('team-1');
  });

  it('does not treat an item that is not found as a lost workspace', async () => {
    const lost = vi.fn();
    onWorkspaceLost(lost);
    selectWorkspace('person-1', 'team-1');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(404, { detail: 'Monitor not found', code: 'NOT_FOUND' })));
    await api.get('/api/monitors/m1').catch(() => undefined);
    expect(lost).not.toHaveBeenCalled();
  });
});
