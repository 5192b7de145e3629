import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceAuditEntry, WorkspaceAuditList } from '../../shared/workspaces/audit.js';
import { AuditLogSection } from '../../frontend/src/features/settings/components/audit-log-section';
import { auditLogQuery, dayStartIn } from '../../frontend/src/features/settings/utils/audit-log';
import { setDisplayTimeZone } from '../../frontend/src/utils/time';

/** The server as the Audit log section sees it: entries newest first, 2 to a page, and what was called. */
const state = vi.hoisted(() => ({
  entries: [] as WorkspaceAuditEntry[],
  calls: [] as { name: string; query: Record<string, unknown> }[],
  failList: null as null | { status: number; detail: string },
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../frontend/src/lib/api-client')>();
  return {
    ...actual,
    callApi: vi.fn(async (name: string, input: { query?: Record<string, string> }) => {
      const query = input.query ?? {};
      state.calls.push({ name, query });
      if (name !== 'listWorkspaceAuditLog') throw new Error(`unexpected call ${name}`);
      if (state.failList) throw new actual.ApiError(state.failList.status, 'ROLE_NOT_ALLOWED', state.failList.detail);
      const matching = state.entries.filter((entry) => (!query.action || entry.action === query.action) && (!query.actor || entry.actor_id === query.actor));
      const start = query.cursor ? Number(query.cursor) : 0;
      return {
        entries: matching.slice(start, start + 2),
        next_cursor: start + 2 < matching.length ? String(start + 2) : null,
        people: query.cursor ? [] : [
          { id: 'u-asha', label: 'Asha Rao', email: 'asha@example.com' },
          { id: 'u-ben', label: 'Ben Ode', email: 'ben@example.com' },
        ],
      } satisfies WorkspaceAuditList;
    }),
    download: vi.fn(async (path: string, options: { query?: Record<string, unknown> }) => {
      state.calls.push({ name: `download ${path}`, query: options.query ?? {} });
      return { blob: new Blob(['at,actor\r\n']), filename: 'audit-log-2026-11-28.csv' };
    }),
  };
});
vi.mock('@/utils/save-file', () => ({ saveFile: vi.fn() }));

const entry = (id: string, fields: Partial<WorkspaceAuditEntry> = {}): WorkspaceAuditEntry => ({
  id,
  at: '2026-11-27T14:05:00.000Z',
  action: 'monitor.created',
  actor_id: 'u-asha',
  actor_email: 'asha@example.com',
  actor_label: 'Asha Rao',
  ip: '203.0.113.7',
  target_type: 'monitor',
  target_id: 'm1',
  target_label: 'Shop',
  details: null,
  ...fields,
});

const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AuditLogSection />
    </SWRConfig>,
  );
const table = () => screen.getByRole('table', { name: 'Audit log' });

beforeEach(() => {
  state.calls = [];
  state.failList = null;
  state.entries = [
    entry('e3', { action: 'monitor.paused', actor_id: 'u-ben', actor_label: 'Ben Ode', actor_email: 'ben@example.com', ip: '198.51.100.4' }),
    entry('e2', { action: 'channel.created', target_type: 'channel', target_label: 'Ops Slack' }),
    entry('e1'),
  ];
  setDisplayTimeZone('Asia/Kolkata');
});
afterEach(() => setDisplayTimeZone(null));

describe('Settings -> Audit log', () => {
  it('shows who, what in plain words, the target, the IP and when in the viewer’s time zone, and loads more', async () => {
    show();
    await waitFor(() => expect(within(table()).getAllByTestId('audit-row')).toHaveLength(2));
    const first = within(table()).getAllByTestId('audit-row')[0]!;
    expect(within(first).getByText('Ben Ode')).toBeTruthy();
    expect(within(first).getByText('ben@example.com')).toBeTruthy();
    expect(first.textContent).toContain('Paused a monitor');
    expect(first.textContent).toContain('Shop');
    expect(first.textContent).toContain('198.51.100.4');
    // 14:05 UTC is 19:35 in Kolkata.
    expect(within(first).getByText(/7:35:00 PM/).getAttribute('datetime')).toBe('2026-11-27T14:05:00.000Z');
    expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'Who', 'What', 'Target', 'IP address']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table()).getAllByTestId('audit-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(state.calls.at(-1)).toEqual({ name: 'listWorkspaceAuditLog', query: { cursor: '2' } });
  });

  it('filters by action, person and days (whole days in the viewer’s zone), and exports what the filters match', async () => {
    show();
    await waitFor(() => expect(within(table()).getAllByTestId('audit-row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'monitor.created' } });
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: 'u-asha' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-27' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-27' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const filters = { action: 'monitor.created', actor: 'u-asha', from: '2026-11-26T18:30:00.000Z', to: '2026-11-27T18:30:00.000Z' };
    await waitFor(() => expect(state.calls.at(-1)).toEqual({ name: 'listWorkspaceAuditLog', query: filters }));
    await waitFor(() => expect(within(table()).getAllByTestId('audit-row')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded audit-log-2026-11-28.csv.')).toBeTruthy();
    expect(state.calls.at(-1)).toEqual({ name: 'download /api/workspaces/current/audit-log/export', query: filters });

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(state.calls.at(-1)).toEqual({ name: 'listWorkspaceAuditLog', query: {} }));
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('');
  });

  it('says when nothing matches, and shows the server’s reason when the role may not read the log', async () => {
    state.entries = [];
    const { unmount } = show();
    expect(await screen.findByText('Nothing has been changed in this workspace yet.')).toBeTruthy();
    unmount();
    state.failList = { status: 403, detail: 'Your role in this workspace is Member; this needs Admin or higher.' };
    show();
    expect(await screen.findByText('Your role in this workspace is Member; this needs Admin or higher.')).toBeTruthy();
  });

  it('labels every filter and gives the table column headers (axe: label, th scope)', async () => {
    show();
    await waitFor(() => expect(within(table()).getAllByTestId('audit-row')).toHaveLength(2));
    for (const label of ['Action', 'Person', 'From', 'To']) expect(screen.getByLabelText(label)).toBeTruthy();
    for (const header of within(table()).getAllByRole('columnheader')) expect(header.getAttribute('scope')).toBe('col');
    expect(screen.getByRole('form', { name: 'Filter the audit log' })).toBeTruthy();
  });
});

describe('the date filter', () => {
  it('turns days into the instants they start at in the zone, the last one inclusive', () => {
    expect(dayStartIn('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(auditLogQuery({ action: '', actor: '', fromDay: '', toDay: '2026-11-30' }, 'UTC')).toEqual({ to: '2026-12-01T00:00:00.000Z' });
  });
});
