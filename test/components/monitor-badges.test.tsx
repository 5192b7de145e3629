import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BadgeLinks, BadgeLinksView } from '../../shared/badges/badges.js';
import { MonitorBadges } from '../../frontend/src/features/monitor-details/components/monitor-badges';

const state = vi.hoisted(() => ({ view: { links: null } as BadgeLinksView, calls: [] as string[], failNext: false }));

const linksOf = (token: string): BadgeLinks => ({
  status_url: `https://upwatch.example/api/public/badges/${token}/status.svg`,
  uptime_url: `https://upwatch.example/api/public/badges/${token}/uptime.svg`,
});

// The API: GET answers the stored view; POST makes new links (a new token each time).
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/api-client')>()),
  callApi: vi.fn(async (name: string) => {
    state.calls.push(name);
    if (name === 'createBadgeLinks') {
      if (state.failNext) {
        state.failNext = false;
        const { ApiError } = await import('../../frontend/src/lib/api-client');
        throw new ApiError(404, 'NOT_FOUND', 'Monitor not found');
      }
      state.view = { links: linksOf(`token${state.calls.length}`.padEnd(43, 'x')) };
    }
    return state.view;
  }),
}));

const cache = () => new Map();
const section = (shownAs = 'online 100') => (
  <SWRConfig value={{ provider: cache, dedupingInterval: 0 }}>
    <MonitorBadges monitorId="01JABCDEFGHJKMNPQRSTVWXYZ0" monitorName='Shop "main" [eu]' shownAs={shownAs} />
  </SWRConfig>
);
const show = (shownAs?: string) => render(section(shownAs));

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the Badges section', () => {
  beforeEach(() => {
    state.view = { links: null };
    state.calls = [];
    state.failNext = false;
  });

  it('offers "Create badge links" when there are none, then shows both badges with escaped snippets', async () => {
    show();
    const create = await screen.findByRole('button', { name: 'Create badge links' });
    expect(screen.queryByRole('button', { name: 'Rotate links' })).toBeNull();
    fireEvent.click(create);
    await screen.findByRole('button', { name: 'Rotate links' });
    const links = state.view.links!;
    const status = screen.getByRole('img', { name: 'Shop "main" [eu] status' });
    expect(status.getAttribute('src')).toBe(links.status_url);
    expect(screen.getByRole('img', { name: 'Shop "main" [eu] 30-day uptime' }).getAttribute('src')).toBe(links.uptime_url);
    expect(fieldValue('Status badge, Markdown')).toBe(`![Shop "main" \\[eu\\] status](${links.status_url})`);
    expect(fieldValue('Status badge, HTML')).toBe(`<img src="${links.status_url}" alt="Shop &quot;main&quot; [eu] status">`);
    expect(fieldValue('30-day uptime badge, Markdown')).toBe(`![Shop "main" \\[eu\\] 30-day uptime](${links.uptime_url})`);
    expect(screen.getByRole('heading', { name: 'Badges' })).toBeTruthy();
  });

  it('shows existing links at once, and copies a snippet', async () => {
    state.view = { links: linksOf('a'.repeat(43)) };
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show();
    await screen.findByRole('button', { name: 'Rotate links' });
    expect(screen.queryByRole('button', { name: 'Create badge links' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Status badge, Markdown' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`![Shop "main" \\[eu\\] status](${linksOf('a'.repeat(43)).status_url})`));
    expect(await screen.findByRole('button', { name: 'Copy Status badge, Markdown' })).toHaveProperty('textContent', 'Copied');
  });

  it('fetches the previews again when what the page shows of the monitor changes', async () => {
    state.view = { links: linksOf('c'.repeat(43)) };
    const { rerender } = show('online 100');
    const status = () => screen.getByRole('img', { name: 'Shop "main" [eu] status' }).getAttribute('src');
    await screen.findByRole('button', { name: 'Rotate links' });
    expect(status()).toBe(state.view.links!.status_url);
    rerender(section('offline 99.5'));
    expect(status()).toBe(`${state.view.links!.status_url}?seen=1`);
    rerender(section('offline 99.5'));
    expect(status()).toBe(`${state.view.links!.status_url}?seen=1`);
  });

  it('rotates only after the confirmation, and a cancel changes nothing', async () => {
    const first = linksOf('b'.repeat(43));
    state.view = { links: first };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate links' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate badge links?' });
    expect(dialog.textContent).toContain('The current links stop working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.calls).not.toContain('createBadgeLinks');

    fireEvent.click(screen.getByRole('button', { name: 'Rotate links' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rotate links' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.calls.filter((name) => name === 'createBadgeLinks')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('New badge links are ready. Update the pages that show the old ones.');
    expect(fieldValue('Status badge, Markdown')).not.toContain(first.status_url);
    expect(fieldValue('Status badge, Markdown')).toContain(state.view.links!.status_url);
  });

  it("shows the server's reason when creating fails, and keeps the button", async () => {
    state.failNext = true;
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Create badge links' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Monitor not found');
    expect(screen.getByRole('button', { name: 'Create badge links' })).toBeTruthy();
  });
});
