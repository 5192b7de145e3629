import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceList } from '../../shared/workspaces/schemas.js';
import { useWorkspace, useWorkspaceRole, WorkspaceProvider } from '../../frontend/src/lib/workspace';
import { reportWorkspaceLost, resetWorkspaceSelection, selectedWorkspace } from '../../frontend/src/lib/workspace-selection';

/** The workspace store of the SPA (docs/teams.md "Choosing a workspace"): the remembered choice and the way back after a removal. */
const list: WorkspaceList = {
  own_workspace_id: 'person-1',
  workspaces: [
    { id: 'person-1', name: 'Asha’s workspace', role: 'owner', tier: 'free', is_own: true },
    { id: 'team-1', name: 'Acme Ops', role: 'viewer', tier: 'business', is_own: false },
  ],
};

vi.mock('../../frontend/src/lib/session', () => ({
  ME_KEY: '/api/auth/me',
  useAuth: () => ({ status: 'signed-in', user: { id: 'person-1', subscription_tier: 'free' } }),
}));
vi.mock('../../frontend/src/lib/api-client', async (original) => ({
  ...(await original<typeof import('../../frontend/src/lib/api-client')>()),
  callApi: vi.fn(async () => list),
}));

function Probe() {
  const { currentId, notice, dismissNotice, current } = useWorkspace();
  const role = useWorkspaceRole();
  return (
    <div>
      <p data-testid="current">{currentId}</p>
      <p data-testid="name">{current?.name ?? ''}</p>
      <p data-testid="role">{role ?? 'unknown'}</p>
      {notice && (
        <button type="button" onClick={dismissNotice}>
          {notice}
        </button>
      )}
    </div>
  );
}

const renderProvider = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <WorkspaceProvider>
        <Probe />
      </WorkspaceProvider>
    </SWRConfig>,
  );

describe('WorkspaceProvider', () => {
  afterEach(() => {
    localStorage.clear();
    resetWorkspaceSelection();
  });

  it('starts in the own workspace, as its owner, when nothing was chosen', async () => {
    renderProvider();
    expect(screen.getByTestId('current').textContent).toBe('person-1');
    expect(screen.getByTestId('role').textContent).toBe('owner');
    expect(selectedWorkspace()).toBeNull();
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Asha’s workspace'));
  });

  it('names the remembered workspace from the first request on, with the role the list gives', async () => {
    localStorage.setItem('upwatch.workspace.person-1', 'team-1');
    renderProvider();
    expect(selectedWorkspace()).toBe('team-1');
    expect(screen.getByTestId('role').textContent).toBe('unknown');
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('viewer'));
  });

  it('goes back to the own workspace once, with a notice naming the one left, when the server refuses it', async () => {
    localStorage.setItem('upwatch.workspace.person-1', 'team-1');
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Acme Ops'));
    act(() => {
      reportWorkspaceLost('team-1');
      reportWorkspaceLost('team-1');
    });
    expect(screen.getAllByRole('button', { name: 'You are no longer a member of Acme Ops.' })).toHaveLength(1);
    expect(screen.getByTestId('current').textContent).toBe('person-1');
    expect(selectedWorkspace()).toBeNull();
    expect(localStorage.getItem('upwatch.workspace.person-1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'You are no longer a member of Acme Ops.' }));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('forgets a remembered workspace the list no longer has', async () => {
    localStorage.setItem('upwatch.workspace.person-1', 'team-gone');
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('person-1'));
    expect(selectedWorkspace()).toBeNull();
  });
});
