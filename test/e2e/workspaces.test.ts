import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { workspaceMemberKey } from '../../shared/table/keys/workspaces.js';
import type { WorkspaceList } from '../../shared/workspaces/schemas.js';
import { memberItem, membershipItem } from '../../functions/repositories/workspace-items.js';
import { api, signedInUser } from '../integration/helpers/api.js';
import { deleteTableItem, putTableItems, startTargetSite } from '../integration/helpers/pipeline.js';
import { axeFindings, formatFindings } from './helpers/axe';
import { hasChromium, launchBrowser, signIn, type BrowserSession } from './helpers/browser';

/**
 * Two people share a workspace (docs/teams.md "Choosing a workspace"): the second, a viewer, switches
 * to it in the header, sees the first's monitors and the workspace's plan, is offered no write, is
 * pushed the first's changes with the poll off (docs/live-status.md "Pushes"), and is brought back
 * to their own workspace, with a notice, once removed.
 */
describe.skipIf(!hasChromium())('a shared workspace (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let owner: { email: string; token: string };
  let viewer: { email: string; token: string };
  let ownerId: string;
  let monitorId: string;
  let teamName: string;
  const shots = process.env.UPWATCH_SCREENSHOTS_DIR ?? '/tmp';

  const createMonitor = (name: string) =>
    api<{ id: string }>('/api/monitors', { method: 'POST', token: owner.token, body: { name, url: site.url(), check_interval: 300, timeout: 5 } });

  const monitorCard = (page: Page, name: string) => page.getByTestId('monitor-card').filter({ hasText: name });

  beforeAll(async () => {
    site = await startTargetSite();
    owner = await signedInUser('e2e-ws-owner');
    viewer = await signedInUser('e2e-ws-viewer');
    ownerId = (await api<{ id: string }>('/api/auth/me', { token: owner.token })).body.id;
    const viewerMe = (await api<{ id: string; email: string; name: string }>('/api/auth/me', { token: viewer.token })).body;
    teamName = (await api<WorkspaceList>('/api/workspaces', { token: owner.token })).body.workspaces[0]!.name;
    const created = await createMonitor('Shared shop');
    expect(created.status).toBe(201);
    monitorId = created.body.id;
    // The membership as an accepted invitation writes it: the member item and the person's side.
    const joinedAt = new Date().toISOString();
    await putTableItems([memberItem(ownerId, viewerMe, 'viewer', joinedAt), membershipItem(viewerMe.id, ownerId, teamName, 'viewer', joinedAt)]);
    session = await launchBrowser({ bypassCSP: true });
    // Only a push may change the screen (docs/live-status.md "Pushes").
    await session.context.addInitScript(() => window.localStorage.setItem('upwatch.live.poll', 'off'));
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await signIn(session.page, baseUrl, viewer.email);
  });

  afterAll(async () => {
    await session?.close();
    await site?.down();
  });

  it('switches to the shared workspace from an accessible menu in the header', async () => {
    const { page } = session;
    const switcher = page.getByRole('button', { name: /Switch workspace/ });
    if ((await switcher.getAttribute('aria-expanded')) !== 'true') await switcher.click();
    const menu = page.getByRole('menu', { name: 'Workspaces' });
    await menu.waitFor();
    const findings = await axeFindings(page);
    expect(findings, formatFindings('workspace switcher open', findings)).toEqual([]);
    await page.screenshot({ path: `${shots}/workspace-switcher-1280.png` });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('workspace-name').textContent()).toBe(teamName);
  });

  it("shows the first person's monitors to the viewer without a single write action", async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Monitors' }).first().click();
    await monitorCard(page, 'Shared shop').waitFor();
    await page.getByTestId('view-access').waitFor();
    expect(await page.getByRole('button', { name: /Add Monitor|Bulk Upload|Edit Shared shop|Delete Shared shop|Pause Shared shop/ }).count()).toBe(0);
    await page.screenshot({ path: `${shots}/workspace-viewer-monitors-1280.png` });
  });

  it("is pushed the owner's change while watching the shared workspace", async () => {
    const { page } = session;
    // A free plan has room for one monitor: the owner renames it, which pushes monitor.changed.
    const renamed = await api(`/api/monitors/${monitorId}`, { method: 'PUT', token: owner.token, body: { name: 'Pushed to the team' } });
    expect(renamed.status).toBe(200);
    await monitorCard(page, 'Pushed to the team').waitFor({ timeout: 10_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/workspace-viewer-monitors-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('goes back to the own workspace with a notice once removed', async () => {
    const { page } = session;
    await deleteTableItem(workspaceMemberKey(ownerId, (await api<{ id: string }>('/api/auth/me', { token: viewer.token })).body.id));
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText(`You are no longer a member of ${teamName}.`).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('workspace-name').textContent()).not.toBe(teamName);
    expect(await page.getByTestId('view-access').count()).toBe(0);
  });
});
