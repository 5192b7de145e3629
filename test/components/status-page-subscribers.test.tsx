import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusPageView } from '../../shared/status-pages/schemas.js';
import type { SubscriberList, SubscriberView } from '../../shared/status-pages/subscribers.js';
import { SubscribersSection } from '../../frontend/src/features/status-pages/components/subscribers-section';

/** The server as the section sees it: the subscribers newest first, 2 to a page, and what was called. */
const state = vi.hoisted(() => ({
  subscribers: [] as SubscriberView[],
  counts: { confirmed: 0, pending: 0 },
  calls: [] as { name: string; input: unknown }[],
  failRemove: false,
  failList: false,
  filename: 'upwatch-subscribers-acme-2026-11-27.csv' as string | null,
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../frontend/src/lib/api-client')>();
  return {
    ...actual,
    callApi: vi.fn(async (name: string, input: { params: { id: string; subscriberId?: string }; query?: { cursor?: string } }) => {
      state.calls.push({ name, input });
      if (name === 'listStatusPageSubscribers') {
        if (state.failList) throw new actual.ApiError(500, 'INTERNAL', null);
        const start = input.query?.cursor ? Number(input.query.cursor) : 0;
        const next = start + 2 < state.subscribers.length ? String(start + 2) : null;
        return { subscribers: state.subscribers.slice(start, start + 2), next_cursor: next, ...state.counts } satisfies SubscriberList;
      }
      if (name === 'deleteStatusPageSubscriber') {
        if (state.failRemove) throw new actual.ApiError(404, 'NOT_FOUND', 'Subscriber not found');
        state.subscribers = state.subscribers.filter((subscriber) => subscriber.id !== input.params.subscriberId);
        return { message: 'Subscriber removed' };
      }
      throw new Error(`unexpected call ${name}`);
    }),
    downloadFrom: vi.fn(async (name: string, params: unknown) => {
      state.calls.push({ name, input: params });
      return { blob: new Blob(['email,status\n']), filename: state.filename };
    }),
  };
});
vi.mock('@/utils/save-file', () => ({ saveFile: vi.fn() }));

const PAGE: StatusPageView = {
  id: '01JDPAGE0000000000000000AA',
  name: 'Acme status',
  slug: 'acme',
  url: 'https://upwatch.example/status/acme',
  description: null,
  logo_url: null,
  accent_color: null,
  components: [
    { id: 'c1', monitor_id: 'm-api', display_name: 'API', group: 'Core' },
    { id: 'c2', monitor_id: 'm-web', display_name: 'Website', group: null },
  ],
  show_automatic_incidents: true,
  access: { visibility: 'public', password_set: false, allowed_email_domains: [] },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const subscriber = (id: string, overrides: Partial<SubscriberView> = {}): SubscriberView => ({
  id,
  email: `${id}@example.com`,
  status: 'confirmed',
  component_ids: [],
  created_at: '2026-11-20T09:00:00.000Z',
  confirmed_at: '2026-11-20T09:05:00.000Z',
  ...overrides,
});

const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SubscribersSection page={PAGE} />
    </SWRConfig>,
  );
const rows = () => screen.getAllByTestId('subscriber-row');

describe('the Subscribers section of a page', () => {
  beforeEach(() => {
    state.subscribers = [];
    state.counts = { confirmed: 0, pending: 0 };
    state.calls = [];
    state.failRemove = false;
    state.failList = false;
    state.filename = 'upwatch-subscribers-acme-2026-11-27.csv';
  });

  it('says how visitors subscribe when there are none yet', async () => {
    show();
    const empty = await screen.findByTestId('subscribers-empty');
    expect(within(empty).getByRole('heading', { name: 'No subscribers yet' })).toBeTruthy();
    expect(empty.textContent).toContain('Visitors subscribe with the “Get updates” form on your public page');
    const link = within(empty).getByRole('link', { name: 'Open the public page' });
    expect(link.getAttribute('href')).toBe('https://upwatch.example/status/acme');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('lists each subscriber with the counts: address, status, what they follow and since when', async () => {
    state.subscribers = [
      subscriber('new', { status: 'pending', confirmed_at: null, created_at: '2026-11-26T12:00:00.000Z', component_ids: ['c2', 'c1'] }),
      subscriber('old', { component_ids: [] }),
    ];
    state.counts = { confirmed: 1, pending: 1 };
    show();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('subscriber-counts').textContent).toBe('1 confirmed · 1 pending');
    const [pending, confirmed] = rows();
    expect(pending!.textContent).toContain('new@example.com');
    expect(pending!.textContent).toContain('Pending');
    expect(pending!.textContent).toContain('Follows: Website, API');
    expect(pending!.textContent).toContain('Since Nov 26, 2026');
    expect(confirmed!.textContent).toContain('Confirmed');
    expect(confirmed!.textContent).toContain('Follows: Whole page');
    expect(confirmed!.textContent).toContain('Since Nov 20, 2026');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names a followed component the page no longer shows as removed', async () => {
    state.subscribers = [subscriber('a', { component_ids: ['c1', 'gone-1', 'gone-2'] })];
    state.counts = { confirmed: 1, pending: 0 };
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Follows: API, 2 removed components');
  });

  it('loads the next page by its cursor on "Load more", until there is none', async () => {
    state.subscribers = ['s1', 's2', 's3', 's4', 's5'].map((id) => subscriber(id));
    state.counts = { confirmed: 5, pending: 0 };
    show();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(state.calls.filter((call) => call.name === 'listStatusPageSubscribers').map((call) => (call.input as { query: object }).query)).toContainEqual({
      cursor: '2',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().map((row) => row.textContent?.match(/^(s\d)@/)?.[1])).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('exports the CSV with the user’s token, under the name the server gives it', async () => {
    const { saveFile } = await import('../../frontend/src/utils/save-file');
    state.subscribers = [subscriber('a')];
    state.counts = { confirmed: 1, pending: 0 };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('status')).textContent).toBe('Downloaded upwatch-subscribers-acme-2026-11-27.csv.');
    expect(state.calls).toContainEqual({ name: 'exportStatusPageSubscribers', input: { id: PAGE.id } });
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'upwatch-subscribers-acme-2026-11-27.csv');
  });

  it('names the file itself when the answer names none', async () => {
    const { saveFile } = await import('../../frontend/src/utils/save-file');
    state.filename = null;
    state.subscribers = [subscriber('a')];
    state.counts = { confirmed: 1, pending: 0 };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await screen.findByRole('status');
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), expect.stringMatching(/^upwatch-subscribers-acme-\d{4}-\d{2}-\d{2}\.csv$/));
  });

  it('removes a subscriber after asking, and the row goes', async () => {
    state.subscribers = [subscriber('a'), subscriber('b')];
    state.counts = { confirmed: 2, pending: 0 };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove a@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove subscriber' });
    expect(dialog.textContent).toContain('Are you sure you want to remove a@example.com?');
    expect(dialog.textContent).toContain('They get no more e-mails from this page at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove subscriber' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.calls).toContainEqual({ name: 'deleteStatusPageSubscriber', input: { params: { id: PAGE.id, subscriberId: 'a' } } });
    expect(rows().map((row) => row.textContent?.match(/^(\w)@/)?.[1])).toEqual(['b']);
    expect(screen.getByRole('status').textContent).toBe('Removed a@example.com.');
    // The row's button is gone: focus is on the section's body, which says what happened (moved after the render that removes the row).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status').parentElement));
  });

  it('keeps a failed removal open with the reason', async () => {
    state.subscribers = [subscriber('a')];
    state.counts = { confirmed: 1, pending: 0 };
    state.failRemove = true;
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove a@example.com' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove subscriber' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Subscriber not found');
    expect(rows()).toHaveLength(1);
  });

  it('says the list failed to load and offers to try again', async () => {
    state.failList = true;
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the subscribers');
    state.failList = false;
    state.subscribers = [subscriber('a')];
    state.counts = { confirmed: 1, pending: 0 };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
