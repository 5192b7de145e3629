import { AppError, notFound } from '../../../shared/errors.js';
import type { StatusPageView, UpdateStatusPageInput } from '../../../shared/status-pages/schemas.js';
import { getStatusPage, replaceStatusPage, type StoredStatusPage } from '../../repositories/status-page-repository.js';
import { tierOf } from '../../../shared/tiers.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { sentFields } from '../workspaces/sent-fields.js';
import { slugTaken, textOrNull } from './create-status-page.js';
import { resolveComponents } from './page-components.js';
import { statusPageView } from './page-view.js';
import { nextPageAccess } from './private/page-access-settings.js';

/** Edits that meet another edit of the same page are tried again this many times. */
const ATTEMPTS = 3;

/**
 * PUT /api/status-pages/{id}: the fields sent replace the page's, the others stay (docs/status-pages.md
 * "Pages and components"). A new slug moves the page's address in the same transaction, or is a
 * 409 when another page holds it; components of monitors the page already shows keep their ids.
 */
export const updateStatusPageOfCaller = async ({
  ctx,
  pageId,
  input,
}: {
  ctx: CallerContext;
  pageId: string;
  input: UpdateStatusPageInput;
}): Promise<StatusPageView> => {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const previous = await getStatusPage(ctx.workspaceId, pageId);
    if (!previous) throw notFound('Status page');
    const components = await resolveComponents(ctx.workspaceId, input, previous.components);
    const access = await nextPageAccess(previous.access, input.access, tierOf(ctx.account.subscription_tier));
    const next: StoredStatusPage = {
      ...previous,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.slug !== undefined ? { slug: input.slug } : {}),
      ...(input.description !== undefined ? { description: textOrNull(input.description) } : {}),
      ...(input.logo_url !== undefined ? { logoUrl: textOrNull(input.logo_url) } : {}),
      ...(input.accent_color !== undefined ? { accentColor: textOrNull(input.accent_color) } : {}),
      ...(input.show_automatic_incidents !== undefined ? { showAutomaticIncidents: input.show_automatic_incidents } : {}),
      ...(components ? { components } : {}),
      access,
      updatedAt: laterThan(previous.updatedAt),
    };
    const outcome = await replaceStatusPage(previous, next);
    if (outcome === 'saved') {
      await recordWorkspaceAudit(ctx, { action: 'status_page.updated', targetType: 'status_page', targetId: next.id, targetLabel: next.name, details: { fields: sentFields(input) } });
      return statusPageView(next);
    }
    if (outcome === 'slug_taken') throw slugTaken();
  }
  throw new AppError('CONFLICT', 'The page was changed at the same time; please try again');
};

/** Now, or a millisecond after `previous` when the clock has not moved past it: every edit changes `updated_at`. */
export const laterThan = (previous: string): string => new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();
