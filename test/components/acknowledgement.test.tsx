import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AcknowledgementView } from '../../shared/alerts/acknowledge.js';
import type { Incident } from '../../shared/incidents/schemas.js';
import { ApiError } from '../../frontend/src/lib/api-client';
import { formatTimestamp } from '../../frontend/src/utils/time';
import { AcknowledgeView } from '../../frontend/src/features/acknowledgement/components/acknowledge-view';
import { IncidentCard } from '../../frontend/src/features/incidents/components/incident-card';
import { RecentIncidents } from '../../frontend/src/features/dashboard/components/recent-incidents';
import { renderWithRouter } from './render';

const state = vi.hoisted(() => ({ load: vi.fn(), acknowledgeByLink: vi.fn(), acknowledgeIncident: vi.fn() }));

vi.mock('@/features/acknowledgement/api/get-acknowledgement', () => ({ getAcknowledgement: state.load }));
vi.mock('@/features/acknowledgement/api/acknowledge-by-link', () => ({ acknowledgeByLink: state.acknowledgeByLink }));
vi.mock('@/features/incidents/api/acknowledge-incident', () => ({ useAcknowledgeIncident: () => state.acknowledgeIncident }));

const TOKEN = 'ack_0123456789abcdefghijklmnop';
const ACKED_AT = '2026-11-27T14:05:09.000Z';

const view = (overrides: Partial<AcknowledgementView> = {}): AcknowledgementView => ({
  monitor_name: 'Shop',
  title: 'Website Down',
  started_at: '2026-11-27T13:50:00.000Z',
  status: 'open',
  acknowledged_at: null,
  acknowledged_by: null,
  ...overrides,
});

describe('the acknowledgement page (/ack?token=...)', () => {
  it('shows the incident while it loads nothing but the view, and acknowledges on the click only', async () => {
    let answer: (value: AcknowledgementView) => void = () => undefined;
    state.load.mockReturnValue(new Promise<AcknowledgementView>((resolve) => (answer = resolve)));
    state.acknowledgeByLink.mockResolvedValue(view({ acknowledged_at: ACKED_AT, acknowledged_by: 'Grace Hopper' }));
    renderWithRouter(<AcknowledgeView token={TOKEN} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the incident…');
    answer(view());
    const button = await screen.findByRole('button', { name: 'Acknowledge' });
    expect(state.load).toHaveBeenCalledWith(TOKEN, expect.anything());
    expect(screen.getByRole('heading', { name: 'Website Down' })).toBeTruthy();
    expect(screen.getByTestId('ack-monitor').textContent).toBe('Shop');
    expect(screen.getByText(formatTimestamp('2026-11-27T13:50:00.000Z'), { exact: false })).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    // Opening the page acknowledges nothing: mail scanners and chat unfurlers open links too.
    expect(state.acknowledgeByLink).not.toHaveBeenCalled();

    fireEvent.click(button);
    await screen.findByText(`Acknowledged by Grace Hopper at ${formatTimestamp(ACKED_AT)}.`);
    expect(state.acknowledgeByLink).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByText(/Reminders and escalation have stopped/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('says who acknowledged it already, with no button', async () => {
    state.load.mockResolvedValue(view({ acknowledged_at: ACKED_AT, acknowledged_by: 'Ada Lovelace' }));
    renderWithRouter(<AcknowledgeView token={TOKEN} />);
    await screen.findByText(`Already acknowledged by Ada Lovelace at ${formatTimestamp(ACKED_AT)}.`);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('says a resolved incident is resolved, with no button', async () => {
    state.load.mockResolvedValue(view({ status: 'resolved' }));
    renderWithRouter(<AcknowledgeView token={TOKEN} />);
    await screen.findByText('This incident is resolved: the monitor is back up, so there is nothing to acknowledge.');
    expect(screen.getByText('Resolved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('shows the server’s words for a link that does not work, and the way into the app', async () => {
    state.load.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'This acknowledgement link has expired. Open the incident in Upwatch to acknowledge it.'));
    renderWithRouter(<AcknowledgeView token={TOKEN} />);
    expect((await screen.findByTestId('ack-invalid')).textContent).toBe(
      'This acknowledgement link has expired. Open the incident in Upwatch to acknowledge it.',
    );
    expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your incidents' }).getAttribute('href')).toBe('/app/incidents');
  });

  it('a link without its token asks nothing of the server', () => {
    renderWithRouter(<AcknowledgeView token={null} />);
    expect(screen.getByTestId('ack-invalid').textContent).toContain('This acknowledgement link is not complete.');
    expect(state.load).not.toHaveBeenCalled();
  });

  it('keeps the button and says why when the click fails', async () => {
    state.load.mockResolvedValue(view());
    state.acknowledgeByLink.mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'Too many requests. Please try again in a minute.'));
    renderWithRouter(<AcknowledgeView token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again in a minute.');
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
  });
});

const incident = (overrides: Partial<Incident> = {}): Incident => ({
  id: 'inc-1',
  monitor_id: 'mon-1',
  monitor_name: 'Shop',
  monitor_url: 'https://shop.example.com',
  alert_type: 'down',
  status: 'open',
  message: 'Website is down',
  started_at: '2026-11-27T13:50:00.000Z',
  resolved_at: null,
  details: {
    user_impact: 'HIGH',
    impact_description: 'Visitors cannot open the site.',
    explanation: 'The server refused the connection.',
    error_category: 'connection_refused',
    recommended_action: 'Check that the web server is running.',
    status_code: null,
    response_time: null,
    user_accessible: false,
  },
  ...overrides,
});

describe('the incident card’s acknowledgement', () => {
  beforeEach(() => {
    state.acknowledgeIncident.mockResolvedValue(incident({ acknowledged_at: ACKED_AT, acknowledged_by: 'Grace Hopper' }));
  });

  it('offers Acknowledge on an open down incident nobody took on, and posts it', async () => {
    renderWithRouter(<IncidentCard incident={incident()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(state.acknowledgeIncident).toHaveBeenCalledWith('inc-1'));
  });

  it('offers it on an open slow incident, not on a recovery or a resolved incident', () => {
    const { unmount } = renderWithRouter(<IncidentCard incident={incident({ alert_type: 'slow' })} />);
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    unmount();
    const recovery = renderWithRouter(<IncidentCard incident={incident({ alert_type: 'up', status: 'resolved', resolved_at: ACKED_AT })} />);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    recovery.unmount();
    renderWithRouter(<IncidentCard incident={incident({ status: 'resolved', resolved_at: ACKED_AT })} />);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('says who acknowledged it and when, instead of the button', () => {
    renderWithRouter(<IncidentCard incident={incident({ acknowledged_at: ACKED_AT, acknowledged_by: 'Grace Hopper' })} />);
    expect(screen.getByTestId('incident-acknowledged').textContent).toBe(`Acknowledged by Grace Hopper at ${formatTimestamp(ACKED_AT)}`);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('shows the server’s detail when acknowledging fails', async () => {
    state.acknowledgeIncident.mockRejectedValue(new ApiError(409, 'CONFLICT', 'This incident is already resolved.'));
    renderWithRouter(<IncidentCard incident={incident()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This incident is already resolved.');
  });
});

describe('incident cards lead to their incident', () => {
  it('the card in the list and on the monitor page links its title to the incident page', () => {
    renderWithRouter(<IncidentCard incident={incident({ id: 'inc-42' })} />);
    const link = screen.getByRole('link', { name: 'Website Down' });
    expect(link.getAttribute('href')).toBe('/app/incidents/inc-42');
  });

  it('the incident page itself does not link to itself', () => {
    renderWithRouter(<IncidentCard incident={incident({ id: 'inc-42' })} linkToIncident={false} />);
    expect(screen.queryByRole('link', { name: 'Website Down' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Website Down' })).toBeTruthy();
  });

  it("the dashboard's recent incidents link to theirs", () => {
    renderWithRouter(<RecentIncidents incidents={[incident({ id: 'inc-7' }), incident({ id: 'inc-8', alert_type: 'up', status: 'resolved' })]} />);
    expect(screen.getAllByTestId('incident-link').map((link) => link.getAttribute('href'))).toEqual(['/app/incidents/inc-7', '/app/incidents/inc-8']);
  });
});
