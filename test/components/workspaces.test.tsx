import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceSummary } from '../../shared/workspaces/schemas.js';
import type { WorkspaceRole } from '../../shared/workspaces/roles.js';
import type { StatusPageView } from '../../shared/status-pages/schemas.js';
import { WorkspaceSwitcher } from '../../frontend/src/components/layout/workspace-switcher';
import { StatusPageCard } from '../../frontend/src/features/status-pages/components/status-page-card';
import { NewStatusPageView } from '../../frontend/src/features/status-pages/components/status-page-editor';
import { MaintenanceView } from '../../frontend/src/features/maintenance/components/maintenance-view';
import { WorkspaceContext, type WorkspaceContextValue } from '../../frontend/src/lib/workspace';

/** The SPA side of workspaces (docs/teams.md "Choosing a workspace"): the header's switcher and what a viewer is offered. */
vi.mock('@/features/maintenance/api/maintenance-windows', () => ({
  useMaintenanceWindows: () => ({
    data: {
      cap: 100,
      windows: [
        {
          id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
          title: 'Database upgrade',
          description: null,
          timezone: 'UTC',
          starts_at: '2099-03-01T01:30',
          ends_at: '2099-03-01T03:30',
          rrule: null,
          monitor_ids: [],
          status_page_id: null,
          mode: 'mute_alerts',
          created_at: '2026-02-01T00:00:00.000Z',
          updated_at: '2026-02-01T00:00:00.000Z',
          next_occurrences: [{ starts_at: '2099-03-01T01:30:00.000Z', ends_at: '2099-03-01T03:30:00.000Z' }],
        },
      ],
    },
    error: undefined,
    isLoading: false,
    mutate: vi.fn(),
  }),
  useSaveMaintenanceWindow: () => vi.fn(),
  useDeleteMaintenanceWindow: () => vi.fn(),
}));
vi.mock('@/features/maintenance/api/monitor-choices', () => ({ useMonitorChoices: () => ({ data: [] }) }));
vi.mock('@/features/maintenance/api/status-page-choices', () => ({ useStatusPageChoices: () => ({ data: [] }) }));
vi.mock('@/features/maintenance/api/timezones', () => ({ useTimezoneChoices: () => ({ data: undefined }) }));

const own: WorkspaceSummary = { id: 'person-1', name: 'Asha’s workspace', role: 'owner', tier: 'free', is_own: true };
const team: WorkspaceSummary = { id: 'team-1', name: 'Acme Ops', role: 'viewer', tier: 'business', is_own: false };

const contextOf = (current: WorkspaceSummary, workspaces: WorkspaceSummary[], role: WorkspaceRole | null = current.role): WorkspaceContextValue => ({
  workspaces,
  currentId: current.id,
  current,
  role,
  switchTo: vi.fn(),
  notice: null,
  dismissNotice: vi.fn(),
});

const renderIn = (value: WorkspaceContextValue, ui: ReactElement) =>
  render(
    <MemoryRouter>
      <WorkspaceContext.Provider value={value}>{ui}</WorkspaceContext.Provider>
    </MemoryRouter>,
  );

describe('WorkspaceSwitcher', () => {
  it('shows the only workspace by name, with no menu to open', () => {
    renderIn(contextOf(own, [own]), <WorkspaceSwitcher />);
    expect(screen.getByTestId('workspace-name').textContent).toBe(own.name);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens a menu of every workspace with the role there, and switches to the one chosen', () => {
    const value = contextOf(own, [own, team]);
    renderIn(value, <WorkspaceSwitcher />);
    const button = screen.getByRole('button', { name: `Workspace: ${own.name}. Switch workspace` });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Workspaces' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([`${own.name}Owner`, 'Acme OpsViewer']);
    expect(items[0]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(items[1]!);
    expect(value.switchTo).toHaveBeenCalledWith('team-1');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves with the arrow keys, Home and End, and closes on Escape with focus back on the button', () => {
    const third: WorkspaceSummary = { id: 'team-2', name: 'Beta', role: 'admin', tier: 'pro', is_own: false };
    renderIn(contextOf(own, [own, team, third]), <WorkspaceSwitcher />);
    const button = screen.getByRole('button', { name: /Switch workspace/ });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitemradio');
    expect(document.activeElement).toBe(items[0]);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('what a role is offered', () => {
  const page = {
    id: '01KBPAGEAAAAAAAAAAAAAAAAAA',
    name: 'Acme status',
    slug: 'acme',
    url: 'https://upwatch.example/status/acme',
    components: [],
  } as unknown as StatusPageView;

  it('hides the maintenance writes from a viewer and shows them to a member', () => {
    const viewer = renderIn(contextOf(team, [own, team], 'viewer'), <MaintenanceView />);
    expect(screen.getByRole('heading', { name: 'Database upgrade' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add|Edit|Delete/ })).toBeNull();
    viewer.unmount();
    renderIn(contextOf(team, [own, team], 'member'), <MaintenanceView />);
    expect(screen.getAllByRole('button', { name: /Edit Database upgrade|Delete Database upgrade/ })).toHaveLength(2);
  });

  it('offers no writes while the role is not known yet', () => {
    renderIn(contextOf(team, [own, team], null), <MaintenanceView />);
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });

  it('shows a status page to a viewer with its address but without Edit and Delete', () => {
    renderIn(contextOf(team, [own, team], 'viewer'), <StatusPageCard page={page} onDelete={null} />);
    expect(screen.getByText('https://upwatch.example/status/acme', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Acme status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Acme status' })).toBeNull();
  });

  it('sends a viewer who follows a link to the new-page form back to the list', () => {
    render(
      <MemoryRouter initialEntries={['/app/status-pages/new']}>
        <WorkspaceContext.Provider value={contextOf(team, [own, team], 'viewer')}>
          <Routes>
            <Route path="/app/status-pages/new" element={<NewStatusPageView />} />
            <Route path="/app/status-pages" element={<p>The list</p>} />
          </Routes>
        </WorkspaceContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByText('The list')).toBeTruthy();
  });
});
