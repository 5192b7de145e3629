import { z } from 'zod';
import { plainName } from '../validation.js';
import { PageAccessInput, type PageAccessView } from './private-access.js';

/**
 * A status page as its owner manages it (docs/status-pages.md "Pages and components"): a name, a
 * slug that makes its public address `/status/<slug>`, optional branding, and components (chosen
 * monitors with a public display name) in optional groups.
 *
 * The API takes components in one of two forms: `monitor_ids` (the shorthand: one ungrouped
 * component per monitor, shown under the monitor's name) or `components` (each with its own
 * display name and group; groups show in the order they first appear). Sending both is refused.
 */

/** Slugs: lower-case letters, digits and single hyphens, 3 to 48 characters, starting and ending with a letter or digit. */
export const STATUS_PAGE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,46}[a-z0-9]$/;

/**
 * Slugs no page may take: words that read as ours (a visitor must not mistake a customer's page for
 * Upwatch's own) and the app's own first path segments.
 */
export const RESERVED_STATUS_PAGE_SLUGS = [
  'admin', 'api', 'app', 'status', 'www', 'upwatch', 'login', 'register', 'dashboard', 'settings',
  'pricing', 'about', 'contact', 'help', 'support', 'docs', 'billing', 'assets', 'static', 'public',
  'feed', 'feeds', 'badge', 'badges', 'new', 'edit', 'security', 'legal', 'terms', 'privacy',
] as const;

/** The five banner states, worst last but one (maintenance shows when nothing is down). */
export const OVERALL_STATES = ['operational', 'degraded', 'partial_outage', 'major_outage', 'maintenance'] as const;
export type OverallState = (typeof OVERALL_STATES)[number];

/** The banner's words, exactly as the page shows them. */
export const OVERALL_STATE_TEXT: Readonly<Record<OverallState, string>> = {
  operational: 'All systems operational',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  maintenance: 'Under maintenance',
};

/** Caps and lengths the form and the server share. */
export const STATUS_PAGE_LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  componentsMax: 100,
  displayNameMax: 100,
  groupNameMax: 60,
  logoUrlMax: 2048,
} as const;

export const StatusPageSlug = z
  .string({ error: 'Slug is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  // An empty slug is told "is required" alone.
  .refine((slug) => slug === '' || STATUS_PAGE_SLUG_PATTERN.test(slug), {
    error: 'Slug must be 3 to 48 lower-case letters, digits or single hyphens, starting and ending with a letter or digit',
  })
  .refine((slug) => !(RESERVED_STATUS_PAGE_SLUGS as readonly string[]).includes(slug), {
    error: 'This address is reserved; please choose another slug',
  });

const StatusPageName = plainName(
  z
    .string({ error: 'Page name is required' })
    .trim()
    .min(1, 'Page name is required')
    .max(STATUS_PAGE_LIMITS.nameMax, `Page name is too long (${STATUS_PAGE_LIMITS.nameMax} characters at most)`),
);

const HttpsUrl = z
  .string()
  .trim()
  .max(STATUS_PAGE_LIMITS.logoUrlMax, `Logo URL is too long (${STATUS_PAGE_LIMITS.logoUrlMax} characters at most)`)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Logo URL must be an https:// address');

const AccentColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Accent colour must be a colour like #2563eb')
  .transform((value) => value.toLowerCase());

const ComponentInput = z.object({
  monitor_id: z.string({ error: 'Each component needs a monitor_id' }).min(1, 'Each component needs a monitor_id'),
  display_name: z
    .string()
    .trim()
    .max(STATUS_PAGE_LIMITS.displayNameMax, `Display name is too long (${STATUS_PAGE_LIMITS.displayNameMax} characters at most)`)
    .optional(),
  group: z
    .string()
    .trim()
    .max(STATUS_PAGE_LIMITS.groupNameMax, `Group name is too long (${STATUS_PAGE_LIMITS.groupNameMax} characters at most)`)
    .optional(),
});
export type StatusPageComponentInput = z.infer<typeof ComponentInput>;

const tooManyComponents = `A page shows ${STATUS_PAGE_LIMITS.componentsMax} components at most`;

const pageFields = {
  name: StatusPageName,
  slug: StatusPageSlug,
  description: z
    .string()
    .trim()
    .max(STATUS_PAGE_LIMITS.descriptionMax, `Description is too long (${STATUS_PAGE_LIMITS.descriptionMax} characters at most)`)
    .optional(),
  logo_url: HttpsUrl.nullable().optional(),
  accent_color: AccentColour.nullable().optional(),
  monitor_ids: z
    .array(z.string({ error: 'Each monitor id must be a monitor id' }).min(1, 'Each monitor id must be a monitor id'))
    .max(STATUS_PAGE_LIMITS.componentsMax, tooManyComponents)
    .optional(),
  components: z.array(ComponentInput).max(STATUS_PAGE_LIMITS.componentsMax, tooManyComponents).optional(),
  /** Incidents the checks open show on the page under their component; off: only what the owner posts. */
  show_automatic_incidents: z.boolean({ error: 'show_automatic_incidents must be true or false' }).optional(),
  /** Who may view the page (docs/status-pages.md "Private pages"); left out: as it is (public for a new page). */
  access: PageAccessInput.optional(),
};

const notBoth = (input: { monitor_ids?: unknown; components?: unknown }) =>
  input.monitor_ids === undefined || input.components === undefined;
const notBothMessage = { error: 'Send monitor_ids or components, not both', path: ['components'] };

/** POST /api/status-pages: `{ name, slug, monitor_ids }` is enough; the rest is optional. */
export const CreateStatusPageInput = z.strictObject(pageFields).refine(notBoth, notBothMessage);
export type CreateStatusPageInput = z.infer<typeof CreateStatusPageInput>;

/** PUT /api/status-pages/{id}: the fields sent replace the page's; the ones left out stay as they are. */
export const UpdateStatusPageInput = z.strictObject(pageFields).partial().refine(notBoth, notBothMessage);
export type UpdateStatusPageInput = z.infer<typeof UpdateStatusPageInput>;

/** One component as the owner sees it. `id` is the component's own (public) id, not the monitor's. */
export interface StatusPageComponent {
  id: string;
  monitor_id: string;
  display_name: string;
  group: string | null;
}

/** A status page as the management API answers it. */
export interface StatusPageView {
  id: string;
  name: string;
  slug: string;
  /** The public address, e.g. `https://upwatch.example/status/acme`. */
  url: string;
  description: string | null;
  logo_url: string | null;
  accent_color: string | null;
  components: StatusPageComponent[];
  show_automatic_incidents: boolean;
  /** Who may view it; the password is never returned, only whether one is set. */
  access: PageAccessView;
  created_at: string;
  updated_at: string;
}

/** GET /api/status-pages: the account's pages and its plan's allowance (docs/status-pages.md "Plans"). */
export interface StatusPageList {
  status_pages: StatusPageView[];
  used: number;
  limit: number;
}
