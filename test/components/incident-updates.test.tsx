import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../shared/incidents/schemas.js';
import type { IncidentUpdate } from '../../shared/incidents/updates.js';
import { ApiError } from '../../frontend/src/lib/api-client';
import { formatTimestamp } from '../../frontend/src/utils/time';
import { IncidentUpdates } from '../../frontend/src/features/incidents/components/incident-updates';
import { errorOf, messageOf, renderWithRouter } from './render';

/** The incident page's "Updates" (docs/status-pages.md "Incident updates"). */

const state = vi.hoisted(() => ({ post: vi.fn(), monitors: [] as { id: string; name: string }[] }));

vi.mock('@/features/incidents/api/post-incident-update', () => ({ usePostIncidentUpdate: () => state.post }));
vi.mock('@/features/incidents/api/get-monitor-choices', () => ({ useMonitorChoices: () => ({ data: state.monitors }) }));

const incident = (overrides: Partial<Incident> = {}): Incident => ({
  id: '01JDQ0000000000000000000AB',
  monitor_id: 'mon-shop',
  monitor_name: 'Shop',
  monitor_url: 'https://shop.example.com',
  alert_type: 'down',
  status: 'open',
  message: 'Your website is down: it refuses connections.',
  started_at: '2026-11-27T13:50:00.000Z',
  resolved_at: null,
  details: {
    user_impact: 'HIGH',
    impact_description: "Visitors can't reach your site because your server is refusing connections.",
    explanation: 'Your server refused the connection.',
    error_category: 'connection_refused',
    recommended_action: 'Check that your web server is running.',
    status_code: null,
    response_time: null,
    user_accessible: false,
  },
  ...overrides,
});

const update = (overrides: Partial<IncidentUpdate> = {}): IncidentUpdate => ({
  id: '01JDQ0000000000000000000U1',
  status: 'investigating',
  message: 'Looking into it',
  message_html: '<p>Looking into it</p>',
  impact: { 'mon-shop': 'major' },
  created_at: '2026-11-27T14:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  state.post.mockReset();
  state.monitors = [
    { id: 'mon-api', name: 'API' },
    { id: 'mon-shop', name: 'Shop' },
  ];
});

describe('incident updates on the incident page', () => {
  it('offers the first update drafted from what the checks found, with the incident monitor at major', () => {
    renderWithRouter(<IncidentUpdates incident={incident()} />);
    expect(screen.getByRole('heading', { name: 'Updates' })).toBeTruthy();
    expect(screen.getByText(/No updates yet/)).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('investigating');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      "Shop can't be reached right now, so you may not be able to use it. We're investigating and will post an update here as soon as we know more.",
    );
    expect(screen.getByText(/We drafted this from what the checks found/)).toBeTruthy();
    expect(messageOf('Message')).toMatch(/^Markdown works: \*\*bold\*\*, _italic_, `code`, lists and links\./);
    expect((screen.getByLabelText('Shop') as HTMLSelectElement).value).toBe('major');
    // The incident's own monitor cannot be removed; API can be added.
    expect(screen.queryByRole('button', { name: 'Remove Shop' })).toBeNull();
    const add = screen.getByLabelText('Also affects') as HTMLSelectElement;
    expect([...add.options].map((option) => option.text)).toEqual(['Add a monitor…', 'API']);
  });

  it('posts the status, message and impact, then shows the update and an empty form', async () => {
    const posted = update({ id: 'u2', status: 'identified', message: 'Found **it**', message_html: '<p>Found <strong>it</strong></p>', impact: { 'mon-api': 'degraded', 'mon-shop': 'partial' } });
    state.post.mockResolvedValue(incident({ updates: [posted] }));
    const { rerender } = renderWithRouter(<IncidentUpdates incident={incident()} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'identified' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Found **it**' } });
    fireEvent.change(screen.getByLabelText('Shop'), { target: { value: 'partial' } });
    fireEvent.change(screen.getByLabelText('Also affects'), { target: { value: 'mon-api' } });
    expect((screen.getByLabelText('API') as HTMLSelectElement).value).toBe('degraded');
    fireEvent.click(screen.getByRole('button', { name: 'Post update' }));
    await screen.findByText('Update posted.');
    expect(state.post).toHaveBeenCalledWith('01JDQ0000000000000000000AB', {
      status: 'identified',
      message: 'Found **it**',
      impact: { 'mon-shop': 'partial', 'mon-api': 'degraded' },
    });
    // The next update starts empty, at the last status and impact.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('identified');
    expect((screen.getByLabelText('API') as HTMLSelectElement).value).toBe('degraded');

    // The live data brings the update into the list: rendered HTML, status chip, time in the user's zone.
    rerender(<IncidentUpdates incident={incident({ updates: [posted] })} />);
    const list = screen.getByTestId('incident-updates');
    expect(within(list).getByText('Identified')).toBeTruthy();
    expect(within(list).getByText('it').tagName).toBe('STRONG');
    expect(within(list).getByText(formatTimestamp(posted.created_at))).toBeTruthy();
    // The incident's own monitor first, whatever order the stored map keeps.
    expect(within(list).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'UL').map((item) => item.textContent)).toEqual([
      'Shop: Partial outage',
      'API: Degraded performance',
    ]);
    const form = screen.getByRole('form', { name: 'Post update' });
    expect(within(form).getAllByRole('combobox').map((select) => select.id && document.querySelector(`label[for="${select.id}"]`)?.textContent)).toEqual([
      'Status',
      'Shop',
      'API',
    ]);
  });

  it('lists updates newest first, and sends "not affected" as no impact', async () => {
    state.post.mockResolvedValue(incident());
    renderWithRouter(
      <IncidentUpdates
        incident={incident({ updates: [update(), update({ id: 'u2', status: 'monitoring', message_html: '<p>Watching</p>', impact: {}, created_at: '2026-11-27T15:00:00.000Z' })] })}
      />,
    );
    const items = within(screen.getByTestId('incident-updates')).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(items.map((item) => within(item).getAllByText(/Monitoring|Investigating/)[0]!.textContent)).toEqual(['Monitoring', 'Investigating']);
    expect(screen.queryByText(/We drafted this/)).toBeNull();
    expect((screen.getByLabelText('Shop') as HTMLSelectElement).value).toBe('none');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Still watching' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post update' }));
    await waitFor(() => expect(state.post).toHaveBeenCalledWith(expect.any(String), { status: 'monitoring', message: 'Still watching', impact: {} }));
  });

  it('says a Resolved update does not close an incident the checks still see as open', () => {
    renderWithRouter(<IncidentUpdates incident={incident()} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'resolved' } });
    expect(messageOf('Status')).toBe(
      'Resolved tells your users it is fixed. The incident itself stays open until the checks see the monitor working again.',
    );
  });

  it("shows the server's field errors under their fields, and any other refusal as an alert", async () => {
    state.post.mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_FAILED', 'Message is required', [{ field: 'message', message: 'Message is required' }]),
    );
    renderWithRouter(<IncidentUpdates incident={incident()} />);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post update' }));
    await waitFor(() => expect(errorOf('Message')).toBe('Message is required'));

    state.post.mockRejectedValueOnce(
      new ApiError(409, 'CONFLICT', 'This incident already has 50 updates, the most one incident keeps. Post what is new on the next incident.'),
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'One more' } });
    expect(errorOf('Message')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Post update' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This incident already has 50 updates, the most one incident keeps. Post what is new on the next incident.',
    );
  });

  it('shows a stored message as the HTML the server sanitized, never the raw text as markup', () => {
    renderWithRouter(
      <IncidentUpdates incident={incident({ updates: [update({ message: '<script>x</script>', message_html: '<p>&lt;script&gt;x&lt;/script&gt;</p>' })] })} />,
    );
    expect(screen.getByText('<script>x</script>').tagName).toBe('P');
    expect(document.querySelector('[data-testid="incident-updates"] script')).toBeNull();
  });
});
