import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusPageList, StatusPageView } from '../../shared/status-pages/schemas.js';
import { STATUS_SLUG_TAKEN_TEXT, statusPageLimitReachedText } from '../../shared/status-pages/texts.js';
import { PRIVATE_PAGE_TEXTS } from '../../shared/status-pages/private-access.js';
import { TIERS, type TierId } from '../../shared/tiers.js';
import { ApiError } from '../../frontend/src/lib/api-client';
import { StatusPagesView } from '../../frontend/src/features/status-pages/components/status-pages-view';
import { StatusPageForm } from '../../frontend/src/features/status-pages/components/status-page-form';
import { EditStatusPageView } from '../../frontend/src/features/status-pages/components/status-page-editor';
import type { MonitorChoice } from '../../frontend/src/features/status-pages/api/get-monitor-choices';
import { errorOf, messageOf, renderWithRouter } from './render';

const state = vi.hoisted(() => ({
  tier: 'free' as TierId,
  list: undefined as StatusPageList | undefined,
  monitors: undefined as MonitorChoice[] | undefined,
  save: vi.fn(),
  remove: vi.fn(),
  page: { data: undefined as StatusPageView | undefined, error: undefined as unknown },
}));

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: { subscription_tier: state.tier } }) }));
vi.mock('@/features/status-pages/api/get-status-pages', () => ({
  useStatusPages: () => ({ data: state.list, error: undefined, mutate: vi.fn() }),
}));
vi.mock('@/features/status-pages/api/get-status-page', () => ({
  useStatusPage: () => ({ ...state.page, mutate: vi.fn() }),
}));
vi.mock('@/features/status-pages/api/delete-status-page', () => ({ useDeleteStatusPage: () => state.remove }));
vi.mock('@/features/status-pages/api/save-status-page', () => ({ useSaveStatusPage: () => state.save }));
// The edit screen's Subscribers section has its own test (status-page-subscribers.test.tsx).
vi.mock('@/features/status-pages/api/get-subscribers', () => ({
  useSubscribers: () => ({ data: undefined, error: undefined, size: 1, setSize: vi.fn(), mutate: vi.fn(), isValidating: false }),
}));
vi.mock('@/features/status-pages/api/get-monitor-choices', () => ({
  useMonitorChoices: () => ({ data: state.monitors, error: undefined, mutate: vi.fn() }),
}));

const page = (overrides: Partial<StatusPageView> = {}): StatusPageView => ({
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
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

const listOf = (tier: TierId, pages: StatusPageView[]) => {
  state.tier = tier;
  state.list = { status_pages: pages, used: pages.length, limit: TIERS[tier].statusPageCap };
};

describe('the status pages list', () => {
  it('for a new user explains what a status page is and offers to create one', () => {
    listOf('free', []);
    renderWithRouter(<StatusPagesView />);
    const empty = screen.getByTestId('status-pages-empty');
    expect(within(empty).getByRole('heading', { name: 'No status pages yet' })).toBeTruthy();
    expect(empty.textContent).toContain('A status page is a public page at your own address');
    expect(within(empty).getByRole('link', { name: 'Create status page' }).getAttribute('href')).toBe('/app/status-pages/new');
    expect(screen.getByTestId('status-pages-used').textContent).toBe('0 of 1 status page used');
    expect(screen.queryByTestId('status-page-limit')).toBeNull();
  });

  it('lists each page with its public link, a copy button, its components and Edit and Delete', async () => {
    listOf('pro', [page()]);
    state.remove.mockResolvedValue(undefined);
    renderWithRouter(<StatusPagesView />);
    expect(screen.getByTestId('status-pages-used').textContent).toBe('1 of 3 status pages used');
    const card = screen.getByTestId('status-page-card');
    const link = within(card).getByRole('link', { name: /https:\/\/upwatch\.example\/status\/acme/ });
    expect(link.getAttribute('href')).toBe('https://upwatch.example/status/acme');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByRole('button', { name: 'Copy the address of Acme status' })).toBeTruthy();
    expect(card.textContent).toContain('2 components');
    expect(within(card).getByRole('link', { name: 'Edit Acme status' }).getAttribute('href')).toBe('/app/status-pages/01JDPAGE0000000000000000AA');
    expect(screen.getByRole('link', { name: 'Create status page' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Acme status' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete status page' });
    expect(dialog.textContent).toContain('/status/acme stops working at once');
    expect(dialog.textContent).toContain('Maintenance windows set on this whole page are deleted with it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete status page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.remove).toHaveBeenCalledWith('01JDPAGE0000000000000000AA');
  });

  it('keeps a failed delete open with the reason', async () => {
    listOf('pro', [page()]);
    state.remove.mockRejectedValue(new ApiError(500, 'INTERNAL', null));
    renderWithRouter(<StatusPagesView />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme status' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete status page' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete the status page');
  });

  it('at the cap shows the upgrade prompt instead of the create button', () => {
    listOf('free', [page()]);
    renderWithRouter(<StatusPagesView />);
    expect(screen.queryByRole('link', { name: 'Create status page' })).toBeNull();
    const prompt = screen.getByTestId('status-page-limit');
    expect(within(prompt).getByRole('heading', { name: 'Status Page Limit Reached' })).toBeTruthy();
    expect(prompt.textContent).toContain('Your Free plan allows 1 status page. The Pro plan allows 3: upgrade to add more.');
    expect(within(prompt).getByRole('link', { name: 'Upgrade Your Plan' }).getAttribute('href')).toBe('/app/settings?section=subscription');
  });

  it('at the cap of the biggest plan offers to ask for more, not an upgrade', () => {
    listOf('enterprise', Array.from({ length: 50 }, (_, index) => page({ id: `p${index}`, slug: `page-${index}` })));
    renderWithRouter(<StatusPagesView />);
    const prompt = screen.getByTestId('status-page-limit');
    expect(prompt.textContent).toContain('Your Enterprise plan allows 50 status pages, the most we offer.');
    expect(within(prompt).queryByRole('link', { name: 'Upgrade Your Plan' })).toBeNull();
    expect(within(prompt).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
  });
});

const MONITORS: MonitorChoice[] = [
  { id: 'm-api', name: 'API', url: 'https://api.acme.test' },
  { id: 'm-db', name: 'Database', url: 'tcp://db.acme.test:5432' },
  { id: 'm-web', name: 'Website', url: 'https://acme.test' },
];

/** The form inside a router whose list route says it was reached. */
const renderForm = (existing: StatusPageView | null = null) =>
  render(
    <MemoryRouter initialEntries={['/app/status-pages/new']}>
      <Routes>
        <Route path="/app/status-pages/new" element={<StatusPageForm page={existing} />} />
        <Route path="/app/status-pages" element={<p>The list</p>} />
      </Routes>
    </MemoryRouter>,
  );

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const tick = (name: string) => fireEvent.click(within(screen.getByRole('list', { name: 'Your monitors' })).getByLabelText(new RegExp(`^${name}`)));
/** The chosen components' rows, in order. */
const rows = () => screen.getAllByRole('group').filter((group) => group.closest('li[data-monitor]'));
const rowNamed = (name: string) => rows().find((row) => row.getAttribute('aria-labelledby') && row.textContent?.includes(name))!;

describe('the status page form', () => {
  beforeEach(() => {
    // A plan without private pages: the form sends no access (the Access section's own cases are below).
    state.tier = 'pro';
    state.monitors = MONITORS;
    state.save.mockResolvedValue(page());
  });

  it('suggests the slug from the name, shows the public address live, and stops once the slug is edited', () => {
    renderForm();
    type('Page name', 'Acme Cloud — Café API');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('acme-cloud-cafe-api');
    expect(messageOf('Slug')).toBe(`Public address: ${window.location.origin}/status/acme-cloud-cafe-api`);
    type('Slug', 'acme');
    expect(messageOf('Slug')).toBe(`Public address: ${window.location.origin}/status/acme`);
    type('Page name', 'Acme Cloud');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('acme');
    // Emptied, the slug follows the name again.
    type('Slug', '');
    type('Page name', 'Acme Two');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('acme-two');
  });

  it('an existing page keeps its slug while its name changes', () => {
    renderForm(page());
    expect((screen.getByLabelText('Page name') as HTMLInputElement).value).toBe('Acme status');
    type('Page name', 'Acme Cloud status');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('acme');
  });

  it('checks with the API’s rules before sending: a missing name, a reserved slug, a colour that is not one', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Page name')).toBe('Page name is required');
    expect(errorOf('Slug')).toBe('Slug is required');
    type('Slug', 'admin');
    expect(errorOf('Slug')).toBe('This address is reserved; please choose another slug');
    type('Accent colour', 'blue');
    expect(errorOf('Accent colour')).toBe('Accent colour must be a colour like #2563eb');
    type('Logo URL', 'http://acme.test/logo.png');
    expect(errorOf('Logo URL')).toBe('Logo URL must be an https:// address');
    expect(state.save).not.toHaveBeenCalled();
  });

  it('keeps the colour input and the hex text in step', () => {
    renderForm();
    fireEvent.input(screen.getByLabelText('Pick the accent colour'), { target: { value: '#10b981' } });
    expect((screen.getByLabelText('Accent colour') as HTMLInputElement).value).toBe('#10b981');
    type('Accent colour', '#2563EB');
    expect((screen.getByLabelText('Pick the accent colour') as HTMLInputElement).value).toBe('#2563eb');
  });

  it('shows a taken slug (409) under the slug field, until the slug changes', async () => {
    state.save.mockRejectedValue(new ApiError(409, 'CONFLICT', STATUS_SLUG_TAKEN_TEXT, [{ field: 'slug', message: STATUS_SLUG_TAKEN_TEXT }]));
    renderForm();
    type('Page name', 'Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Slug')).toBe(STATUS_SLUG_TAKEN_TEXT));
    expect(screen.getByTestId('public-address').textContent).toBe(`Public address: ${window.location.origin}/status/acme`);
    expect(screen.queryByText(STATUS_SLUG_TAKEN_TEXT, { selector: '[role="alert"] *, [role="alert"]' })).toBeNull();
    type('Slug', 'acme-two');
    expect(errorOf('Slug')).toBeNull();
  });

  it('shows a 400 about one component under that component’s field', async () => {
    state.save.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Display name is too long', [{ field: 'components.1.display_name', message: 'Display name is too long (100 characters at most)' }]),
    );
    renderForm();
    type('Page name', 'Acme');
    tick('API');
    tick('Website');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(rowNamed('Website')).getByLabelText('Public name').getAttribute('aria-invalid')).toBe('true'));
    expect(within(rowNamed('API')).getByLabelText('Public name').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal no field holds (another account’s monitor, the page cap) above the form', async () => {
    state.save.mockRejectedValue(new ApiError(403, 'STATUS_PAGE_LIMIT_REACHED', statusPageLimitReachedText(TIERS.free)));
    renderForm();
    type('Page name', 'Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(statusPageLimitReachedText(TIERS.free));
    expect(within(alert).getByRole('link', { name: 'Upgrade Your Plan' })).toBeTruthy();
  });

  it('picks monitors in order, offers the groups already used, moves rows, and sends the long form', async () => {
    renderForm();
    type('Page name', 'Acme');
    expect(screen.getByText('No components yet: tick the monitors the page should show.')).toBeTruthy();
    tick('Website');
    tick('API');
    tick('Database');
    expect(rows().map((row) => row.textContent?.match(/^\d\. (\w+)/)?.[1])).toEqual(['Website', 'API', 'Database']);

    fireEvent.change(within(rowNamed('Website')).getByLabelText('Group'), { target: { value: 'Frontend' } });
    fireEvent.change(within(rowNamed('API')).getByLabelText('Group'), { target: { value: 'Core' } });
    fireEvent.change(within(rowNamed('API')).getByLabelText('Public name'), { target: { value: 'Public API' } });
    const groupField = within(rowNamed('Database')).getByLabelText('Group');
    const offered = [...document.getElementById(groupField.getAttribute('list')!)!.querySelectorAll('option')].map((option) => option.value);
    expect(offered).toEqual(['Frontend', 'Core']);

    fireEvent.click(screen.getByRole('button', { name: 'Move API up' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move API down' }));
    expect(screen.getByRole('button', { name: 'Move API up' })).toHaveProperty('disabled', true);
    // Unticked in the list, a monitor leaves the page.
    tick('Database');
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The list');
    expect(state.save).toHaveBeenCalledWith(null, {
      name: 'Acme',
      slug: 'acme',
      description: '',
      logo_url: null,
      accent_color: null,
      components: [
        { monitor_id: 'm-api', display_name: 'Public API', group: 'Core' },
        { monitor_id: 'm-web', group: 'Frontend' },
      ],
      show_automatic_incidents: true,
    });
  });

  it('an edit sends the page as the form shows it, switch included', async () => {
    renderForm(page({ accent_color: '#2563eb', description: 'Our services' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Show incidents the checks open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Website' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The list');
    expect(state.save).toHaveBeenCalledWith('01JDPAGE0000000000000000AA', {
      name: 'Acme status',
      slug: 'acme',
      description: 'Our services',
      logo_url: null,
      accent_color: '#2563eb',
      components: [{ monitor_id: 'm-api', display_name: 'API', group: 'Core' }],
      show_automatic_incidents: false,
    });
  });
});

describe('the Access section', () => {
  beforeEach(() => {
    state.monitors = MONITORS;
    state.save.mockReset();
    state.save.mockResolvedValue(page());
  });
  const access = () => screen.getByRole('region', { name: 'Access' });

  it('on Free and Pro says which plans have private pages and links to the plans, with no choices', () => {
    for (const tier of ['free', 'pro'] as const) {
      state.tier = tier;
      const { unmount } = renderForm(page());
      expect(access().textContent).toContain(PRIVATE_PAGE_TEXTS.planRequired);
      expect(within(access()).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/app/settings?section=subscription');
      expect(within(access()).queryByRole('radio')).toBeNull();
      unmount();
    }
  });

  it('after a downgrade says the private page stays private, and an edit sends no access', async () => {
    state.tier = 'pro';
    renderForm(page({ access: { visibility: 'password', password_set: true, allowed_email_domains: [] } }));
    expect(access().textContent).toContain('This page stays private, as it was set.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The list');
    expect(state.save.mock.calls[0]?.[1]).not.toHaveProperty('access');
  });

  it('after a downgrade lets the owner make the private page public, and sends only that', async () => {
    state.tier = 'free';
    renderForm(page({ access: { visibility: 'email_domain', password_set: false, allowed_email_domains: ['acme.test'] } }));
    const makePublic = within(access()).getByRole('checkbox', { name: /Make this page public/ });
    expect(within(access()).queryByRole('radio')).toBeNull();
    fireEvent.click(makePublic);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The list');
    expect(state.save.mock.calls[0]?.[1]).toMatchObject({ access: { visibility: 'public' } });
  });

  it('on Business makes a page private with a password, and needs one before it sends', async () => {
    state.tier = 'business';
    renderForm(page());
    expect((within(access()).getByRole('radio', { name: /^Public/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(access()).getByRole('radio', { name: /^Password/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Page password')).toBe('Choose a password for this page');
    expect(state.save).not.toHaveBeenCalled();
    type('Page password', 'open sesame');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The list');
    expect(state.save.mock.calls[0]?.[1]).toMatchObject({ access: { visibility: 'password', password: 'open sesame' } });
  });

  it('says "unchanged" when a password is set, and then sends none unless one is typed', async () => {
    state.tier = 'business';
    renderForm(page({ access: { visibility: 'password', password_set: true, allowed_email_domains: [] } }));
    expect((screen.getByLabelText('Page password') as HTMLInputElement).placeholder).toBe('unchanged');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The list');
    expect(state.save.mock.calls[0]?.[1].access).toEqual({ visibility: 'password' });
  });

  it('takes the allowed domains one per line and shows the server’s word on a bad one under the list', async () => {
    state.tier = 'enterprise';
    state.save.mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_FAILED', 'Each allowed domain must be a domain like example.com', [
        { field: 'access.allowed_email_domains.1', message: 'Each allowed domain must be a domain like example.com' },
      ]),
    );
    renderForm(page());
    fireEvent.click(within(access()).getByRole('radio', { name: /^Allowed e-mail domains/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Allowed domains')).toBe('Add at least one e-mail domain, like example.com');
    type('Allowed domains', 'acme.com\nacme.org\n');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Allowed domains')).toBe('Each allowed domain must be a domain like example.com'));
    expect(state.save.mock.calls[0]?.[1].access).toEqual({ visibility: 'email_domain', allowed_email_domains: ['acme.com', 'acme.org'] });
  });
});

describe('the edit screen', () => {
  it('says so when the page is not the account’s (or does not exist)', () => {
    state.page = { data: undefined, error: new ApiError(404, 'NOT_FOUND', 'Status page not found') };
    renderWithRouter(<EditStatusPageView id="01JDNOSUCHPAGE000000000000" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Status page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All status pages' }).getAttribute('href')).toBe('/app/status-pages');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('opens the form on the page as saved', () => {
    state.monitors = MONITORS;
    state.page = { data: page({ description: 'Our services' }), error: undefined };
    renderWithRouter(<EditStatusPageView id="01JDPAGE0000000000000000AA" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Acme status' })).toBeTruthy();
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Our services');
    expect(rows().map((row) => row.textContent?.match(/^\d\. (\w+)/)?.[1])).toEqual(['API', 'Website']);
  });
});

describe('the monitor picker of a big account', () => {
  it('offers a filter by name or address', () => {
    state.monitors = Array.from({ length: 12 }, (_, index) => ({ id: `m${index}`, name: `Service ${index}`, url: `https://s${index}.acme.test` }));
    renderForm();
    const list = screen.getByRole('list', { name: 'Your monitors' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(12);
    type('Find a monitor', 's11.acme');
    expect(within(list).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Service 11https://s11.acme.test']);
    type('Find a monitor', 'nothing like it');
    expect(list.textContent).toBe('No monitor’s name or URL contains “nothing like it”.');
  });
});
