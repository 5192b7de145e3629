import type { StatusPageView } from '../../../shared/status-pages/schemas.js';
import { config } from '../../config.js';
import type { StoredStatusPage } from '../../repositories/status-page-repository.js';
import { pageAccessView } from './private/page-access-settings.js';

/** The public address of a page: `/status/<slug>` on the app's origin (docs/status-pages.md "The public page"). */
export const statusPageUrl = (slug: string): string => `${config().appUrl}/status/${slug}`;

/** A stored page as the management API answers it (docs/status-pages.md "Pages and components"). */
export const statusPageView = (page: StoredStatusPage): StatusPageView => ({
  id: page.id,
  name: page.name,
  slug: page.slug,
  url: statusPageUrl(page.slug),
  description: page.description,
  logo_url: page.logoUrl,
  accent_color: page.accentColor,
  components: page.components.map((component) => ({ ...component })),
  show_automatic_incidents: page.showAutomaticIncidents,
  access: pageAccessView(page.access),
  created_at: page.createdAt,
  updated_at: page.updatedAt,
});
