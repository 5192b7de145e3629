import { ulid } from 'ulid';
import { AppError, notFound } from '../../../shared/errors.js';
import type { CreateStatusPageInput, StatusPageView } from '../../../shared/status-pages/schemas.js';
import { STATUS_SLUG_TAKEN_TEXT, statusPageLimitReachedText } from '../../../shared/status-pages/texts.js';
import { tierOf } from '../../../shared/tiers.js';
import { createStatusPage, type StoredStatusPage } from '../../repositories/status-page-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { resolveComponents } from './page-components.js';
import { statusPageView } from './page-view.js';
import { newPageAccess } from './private/page-access-settings.js';

/** A slug another page holds: 409, on the slug field, so the form can show it there. */
export const slugTaken = (): AppError => new AppError('CONFLICT', STATUS_SLUG_TAKEN_TEXT, [{ field: 'slug', message: STATUS_SLUG_TAKEN_TEXT }]);

/** An empty text is no text: the page shows nothing rather than an empty line. */
export const textOrNull = (value: string | null | undefined): string | null => (value && value.length ? value : null);

/**
 * POST /api/status-pages (docs/status-pages.md "Pages and components", "Plans"): a page from
 * `{name, slug, monitor_ids}` or the long form, within the plan's page cap (kept by the create's
 * transaction, which also claims the slug across all accounts).
 */
export const createStatusPageOfCaller = async ({ ctx, input }: { ctx: CallerContext; input: CreateStatusPageInput }): Promise<StatusPageView> => {
  const tier = tierOf(ctx.account.subscription_tier);
  const components = (await resolveComponents(ctx.workspaceId, input)) ?? [];
  const access = await newPageAccess(input.access, tier);
  const now = new Date().toISOString();
  const page: StoredStatusPage = {
    id: ulid(),
    userId: ctx.workspaceId,
    name: input.name,
    slug: input.slug,
    description: textOrNull(input.description),
    logoUrl: textOrNull(input.logo_url),
    accentColor: textOrNull(input.accent_color),
    components,
    showAutomaticIncidents: input.show_automatic_incidents ?? true,
    access,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await createStatusPage(page, tier.statusPageCap);
  if (outcome === 'slug_taken') throw slugTaken();
  if (outcome === 'limit_reached') throw new AppError('STATUS_PAGE_LIMIT_REACHED', statusPageLimitReachedText(tier));
  if (outcome === 'account_gone') throw notFound('Account');
  await recordWorkspaceAudit(ctx, { action: 'status_page.created', targetType: 'status_page', targetId: page.id, targetLabel: page.name, details: { slug: page.slug } });
  return statusPageView(page);
};
