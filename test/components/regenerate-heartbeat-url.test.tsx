import { fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RegenerateHeartbeatUrl } from '../../frontend/src/features/monitor-details/components/regenerate-heartbeat-url';

const state = vi.hoisted(() => ({ calls: [] as string[], failNext: false }));

// The API: the regeneration answers a new push URL, or refuses once when told to.
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/api-client')>()),
  callApi: vi.fn(async (name: string) => {
    state.calls.push(name);
    if (name === 'regenerateHeartbeatUrl' && state.failNext) {
      state.failNext = false;
      const { ApiError } = await import('../../frontend/src/lib/api-client');
      throw new ApiError(400, 'VALIDATION_FAILED', 'Only a heartbeat monitor has a push URL to regenerate');
    }
    return { heartbeat_url: `https://upwatch.example/api/heartbeat/${'n'.repeat(43)}` };
  }),
}));

const show = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RegenerateHeartbeatUrl monitorId="01JABCDEFGHJKMNPQRSTVWXYZ0" />
    </SWRConfig>,
  );

describe('Regenerate URL on a heartbeat monitor', () => {
  beforeEach(() => {
    state.calls = [];
    state.failNext = false;
  });

  it('asks first, saying the old URL stops at once; Cancel changes nothing', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the push URL?' });
    expect(dialog.textContent).toContain('The current push URL stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.calls).not.toContain('regenerateHeartbeatUrl');
  });

  it('regenerates on confirmation and says the new URL is ready', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the push URL?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate URL' }));
    expect(await screen.findByText('A new push URL is shown above. Put it in your job; the old one no longer works.')).toBeTruthy();
    expect(state.calls).toContain('regenerateHeartbeatUrl');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the dialog open with the server's reason when it is refused", async () => {
    state.failNext = true;
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the push URL?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate URL' }));
    expect(await within(dialog).findByText('Only a heartbeat monitor has a push URL to regenerate')).toBeTruthy();
  });
});
