import type { z } from 'zod';
import {
  CreateStatusPageInput,
  UpdateStatusPageInput,
  type StatusPageComponentInput,
  type StatusPageView,
} from '@shared/status-pages/schemas.js';
import type { PageAccessInput, PageVisibility } from '@shared/status-pages/private-access.js';
import { accessProblems } from '@shared/status-pages/private-access-rules.js';

/** One chosen monitor as the form holds it: its public name and group as typed ('' for none). */
export interface ComponentDraft {
  monitor_id: string;
  display_name: string;
  group: string;
}

/**
 * Who may view the page, as the form holds it (docs/status-pages.md "Private pages"): a new
 * password ('' keeps the one set), the allowed domains one per line.
 */
export interface AccessDraft {
  visibility: PageVisibility;
  password: string;
  /** Whether the page has a password already: the password field then says "unchanged". */
  password_set: boolean;
  domains: string;
}

/** Everything the status-page form holds, as typed. */
export interface PageFormValues {
  name: string;
  slug: string;
  description: string;
  logo_url: string;
  accent_color: string;
  /** In the order the page shows them. */
  components: ComponentDraft[];
  show_automatic_incidents: boolean;
  /** Null on a plan without private pages: the form then sends no access and the page keeps its own. */
  access: AccessDraft | null;
}

/** The message under each field, keyed by the API's dotted field name (`slug`, `components.2.group`). */
export type PageFormErrors = Partial<Record<string, string>>;

/** The page's access as the form starts from it: public for a new page. */
const accessDraftOf = (page: StatusPageView | null): AccessDraft => ({
  visibility: page?.access.visibility ?? 'public',
  password: '',
  password_set: page?.access.password_set ?? false,
  domains: (page?.access.allowed_email_domains ?? []).join('\n'),
});

/**
 * A new page's form, or an existing page's as it is saved now; `privatePages`: the plan lets pages
 * be private, so the form shows and sends the access choices.
 */
export const pageFormValuesOf = (page: StatusPageView | null, privatePages = false): PageFormValues => ({
  ...basicValuesOf(page),
  access: privatePages ? accessDraftOf(page) : null,
});

const basicValuesOf = (page: StatusPageView | null): Omit<PageFormValues, 'access'> =>
  page
    ? {
        name: page.name,
        slug: page.slug,
        description: page.description ?? '',
        logo_url: page.logo_url ?? '',
        accent_color: page.accent_color ?? '',
        components: page.components.map((component) => ({
          monitor_id: component.monitor_id,
          display_name: component.display_name,
          group: component.group ?? '',
        })),
        show_automatic_incidents: page.show_automatic_incidents,
      }
    : { name: '', slug: '', description: '', logo_url: '', accent_color: '', components: [], show_automatic_incidents: true };

/** The domains typed, one per line (commas and spaces also part them), empty lines dropped. */
export const domainsOf = (typed: string): string[] => typed.split(/[\s,]+/).map((domain) => domain.trim()).filter(Boolean);

/** Access as the API takes it: the password only when one was typed, the domains only for an e-mail page. */
export const accessInputOf = (draft: AccessDraft): PageAccessInput => ({
  visibility: draft.visibility,
  ...(draft.visibility === 'password' && draft.password !== '' ? { password: draft.password } : {}),
  ...(draft.visibility === 'email_domain' ? { allowed_email_domains: domainsOf(draft.domains) } : {}),
});

/** A component as the API takes it: an empty display name or group is left out (the monitor's name, no group). */
const componentInput = ({ monitor_id, display_name, group }: ComponentDraft): StatusPageComponentInput => ({
  monitor_id,
  ...(display_name.trim() ? { display_name } : {}),
  ...(group.trim() ? { group } : {}),
});

/**
 * What Save sends: every field, so an edit replaces the page as the form shows it
 * (docs/status-pages.md "Managing pages"). An empty logo or colour is `null` (none); the
 * components go in the long form, in the form's order.
 */
export const pageInputOf = (values: PageFormValues): PageInput => ({
  name: values.name,
  slug: values.slug,
  description: values.description,
  logo_url: values.logo_url.trim() ? values.logo_url : null,
  accent_color: values.accent_color.trim() ? values.accent_color : null,
  components: values.components.map(componentInput),
  show_automatic_incidents: values.show_automatic_incidents,
  ...(values.access ? { access: accessInputOf(values.access) } : {}),
});

/** The first message per field of a failed parse, keyed by its whole path as the server names it (`components.0.display_name`). */
export const problemsByField = (error: z.ZodError): PageFormErrors => {
  const errors: PageFormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return errors;
};

/** What the form sends: the create schema's input, which an edit's (every field optional) also takes. */
export type PageInput = z.input<typeof CreateStatusPageInput>;

export type PageFormCheck =
  | { ok: true; input: PageInput }
  | { ok: false; errors: PageFormErrors };

/**
 * The form checked with the API's own schema (the create one for a new page, the update one for an
 * edit), so the form refuses what the server would and nothing more: the input to send, or the
 * message under each field. Pure: the form runs it again on every change once a save was tried.
 */
export const checkPageForm = (values: PageFormValues, editing: boolean): PageFormCheck => {
  const input = pageInputOf(values);
  const parsed = (editing ? UpdateStatusPageInput : CreateStatusPageInput).safeParse(input);
  const errors: PageFormErrors = parsed.success ? {} : problemsByField(parsed.error);
  const access = values.access;
  if (access) {
    const hasPassword = access.password_set || access.password !== '';
    for (const problem of accessProblems({ visibility: access.visibility, hasPassword, domainCount: domainsOf(access.domains).length })) {
      errors[problem.field] ??= problem.message;
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
};

/** The groups already used, each once, in the order they first appear: what the group fields offer. */
export const groupsUsed = (components: readonly ComponentDraft[]): string[] => [
  ...new Set(components.map((component) => component.group.trim()).filter(Boolean)),
];

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export const moved = <T>(items: readonly T[], index: number, step: -1 | 1): T[] => {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
};
