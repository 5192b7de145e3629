import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaintenanceWindowList, MaintenanceWindowView } from '../../shared/maintenance/schemas.js';
import { ApiError } from '../../frontend/src/lib/api-client';
import { MaintenanceView } from '../../frontend/src/features/maintenance/components/maintenance-view';
import { renderWithRouter } from './render';

/** The Maintenance screen (docs/maintenance.md "Screens"): the list in plain words, the form, delete with confirm. */
const state = vi.hoisted(() => ({
  list: undefined as MaintenanceWindowList | undefined,
  save: vi.fn(),
  remove: vi.fn(),
}));

vi.mock('@/features/maintenance/api/maintenance-windows', () => ({
  useMaintenanceWindows: () => ({ data: state.list, error: undefined, isLoading: false, mutate: vi.fn() }),
  useSaveMaintenanceWindow: () => state.save,
  useDeleteMaintenanceWindow: () => state.remove,
}));
vi.mock('@/features/maintenance/api/monitor-choices', () => ({
  useMonitorChoices: () => ({ data: [{ id: 'm1', name: 'API' }, { id: 'm2', name: 'Website' }] }),
}));
vi.mock('@/features/maintenance/api/status-page-choices', () => ({
  useStatusPageChoices: () => ({ data: [{ id: '01KBPAGEAAAAAAAAAAAAAAAAAA', name: 'Acme status' }, { id: '01KBPAGEBBBBBBBBBBBBBBBBBB', name: 'Docs status' }] }),
}));
vi.mock('@/features/maintenance/api/timezones', () => ({
  useTimezoneChoices: () => ({
    data: {
      current_timezone: 'Asia/Kolkata',
      common_timezones: [
        { value: 'America/New_York', label: 'America/New York (GMT-5)', offset: 'GMT-5' },
        { value: 'Asia/Kolkata', label: 'Asia/Kolkata (GMT+5:30)', offset: 'GMT+5:30' },
      ],
    },
  }),
}));

const weekly: MaintenanceWindowView = {
  id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  title: 'Database upgrade',
  description: null,
  timezone: 'America/New_York',
  starts_at: '2026-03-01T01:30',
  ends_at: '2026-03-01T03:30',
  rrule: 'FREQ=WEEKLY;BYDAY=SU',
  monitor_ids: ['m1'],
  status_page_id: null,
  mode: 'mute_alerts',
  created_at: '2026-02-01T00:00:00.000Z',
  updated_at: '2026-02-01T00:00:00.000Z',
  next_occurrences: [{ starts_at: '2099-03-08T06:30:00.000Z', ends_at: '2099-03-08T07:30:00.000Z' }],
};

describe('MaintenanceView', () => {
  beforeEach(() => {
    state.list = { windows: [weekly], cap: 100 };
    state.save.mockReset();
    state.remove.mockReset();
  });

  it('lists a window in plain words with its monitors and next start in the viewer’s zone', () => {
    renderWithRouter(<MaintenanceView />);
    const card = screen.getByRole('heading', { name: 'Database upgrade' }).closest('li')!;
    expect(within(card).getByText('Every Sunday 01:30-03:30 (America/New_York)')).toBeTruthy();
    expect(within(card).getByText(/1 monitor: API/)).toBeTruthy();
    expect(card.textContent).toContain('Keep checking, mute alerts (recommended)');
    expect(card.textContent).toMatch(/Next:.*8 Mar 2099.*12:00/);
  });

  it('says so when there are none', () => {
    state.list = { windows: [], cap: 100 };
    renderWithRouter(<MaintenanceView />);
    expect(screen.getByText(/No maintenance windows yet/)).toBeTruthy();
  });

  it('creates a weekly window in the viewer’s zone by default and shows the server’s refusal', async () => {
    state.save.mockRejectedValueOnce(new ApiError(400, 'VALIDATION_FAILED', 'Maintenance cannot repeat more often than hourly'));
    state.save.mockResolvedValueOnce(weekly);
    renderWithRouter(<MaintenanceView />);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule maintenance' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Asia/Kolkata');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Kernel patch' } });
    fireEvent.click(within(dialog).getByLabelText('Website'));
    fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '2026-12-06T02:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2026-12-06T03:00' } });
    fireEvent.change(within(dialog).getByLabelText('Repeat'), { target: { value: 'weekly' } });
    fireEvent.click(within(dialog).getByLabelText('Pause checks'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create window' }));
    await waitFor(() => expect(within(dialog).getByText('Maintenance cannot repeat more often than hourly')).toBeTruthy());
    expect(state.save).toHaveBeenCalledWith(null, {
      title: 'Kernel patch',
      description: null,
      timezone: 'Asia/Kolkata',
      starts_at: '2026-12-06T02:00',
      ends_at: '2026-12-06T03:00',
      // The start's own weekday, Sunday, is chosen until the owner picks others.
      rrule: expect.stringMatching(/^FREQ=WEEKLY;BYDAY=/),
      monitor_ids: ['m2'],
      status_page_id: null,
      mode: 'pause_checks',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create window' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists a window set on a whole status page by the page’s name', () => {
    state.list = { windows: [{ ...weekly, monitor_ids: [], status_page_id: '01KBPAGEBBBBBBBBBBBBBBBBBB' }], cap: 100 };
    renderWithRouter(<MaintenanceView />);
    const card = screen.getByRole('heading', { name: 'Database upgrade' }).closest('li')!;
    expect(card.textContent).toContain('Status page: Docs status');
    expect(card.textContent).not.toMatch(/\d monitors?/);
  });

  it('sets a window on a whole status page: the page picker replaces the monitors', async () => {
    state.save.mockResolvedValueOnce(weekly);
    renderWithRouter(<MaintenanceView />);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule maintenance' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Status page')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Page work' } });
    fireEvent.click(within(dialog).getByLabelText('A whole status page'));
    expect(within(dialog).queryByLabelText('Website')).toBeNull();
    expect(within(dialog).getByText(/one added to the page meanwhile is covered from the next minute/)).toBeTruthy();
    // The first page is chosen until another is picked.
    expect((within(dialog).getByLabelText('Status page') as HTMLSelectElement).value).toBe('01KBPAGEAAAAAAAAAAAAAAAAAA');
    fireEvent.change(within(dialog).getByLabelText('Status page'), { target: { value: '01KBPAGEBBBBBBBBBBBBBBBBBB' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create window' }));
    await waitFor(() => expect(state.save).toHaveBeenCalled());
    const body = state.save.mock.calls[0]![1] as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Page work', status_page_id: '01KBPAGEBBBBBBBBBBBBBBBBBB' });
    expect(body).not.toHaveProperty('monitor_ids');
  });

  it('edits a page window with its page chosen, and can turn it back into chosen monitors', async () => {
    state.list = { windows: [{ ...weekly, monitor_ids: [], status_page_id: '01KBPAGEBBBBBBBBBBBBBBBBBB' }], cap: 100 };
    state.save.mockResolvedValueOnce(weekly);
    renderWithRouter(<MaintenanceView />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Database upgrade' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('A whole status page') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Status page') as HTMLSelectElement).value).toBe('01KBPAGEBBBBBBBBBBBBBBBBBB');
    fireEvent.click(within(dialog).getByLabelText('Chosen monitors'));
    fireEvent.click(within(dialog).getByLabelText('API'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save window' }));
    await waitFor(() => expect(state.save).toHaveBeenCalled());
    expect(state.save.mock.calls[0]![1]).toMatchObject({ monitor_ids: ['m1'], status_page_id: null });
  });

  it('edits a window with its own fields filled in', async () => {
    state.save.mockResolvedValueOnce(weekly);
    renderWithRouter(<MaintenanceView />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Database upgrade' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Repeat') as HTMLSelectElement).value).toBe('weekly');
    expect((within(dialog).getByLabelText('Sunday') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Wednesday'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save window' }));
    await waitFor(() => expect(state.save).toHaveBeenCalled());
    expect(state.save.mock.calls[0]![0]).toBe(weekly.id);
    expect(state.save.mock.calls[0]![1]).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=WE,SU', timezone: 'America/New_York', monitor_ids: ['m1'] });
  });

  it('deletes only after confirming', async () => {
    state.remove.mockResolvedValueOnce({ message: 'Maintenance window deleted.' });
    renderWithRouter(<MaintenanceView />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Database upgrade' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Delete “Database upgrade”?')).toBeTruthy();
    expect(state.remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.remove).toHaveBeenCalledWith(weekly.id));
  });
});
