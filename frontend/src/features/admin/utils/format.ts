/**
 * Pure display rules of the operator panel (docs/product-rules.md "Operator panel"). Unit-tested in
 * test/unit/frontend/admin-format.test.ts.
 */
import type { SubscriptionSummary } from '@shared/account/subscription.js';
import { TIER_IDS, TIERS, type TierId } from '@shared/tiers.js';
import { displayTimeZone } from '@/utils/display-timezone';
import { ADMIN_TEXT } from '../texts';

const MINUTE_MS = 60_000;

/**
 * docs/product-rules.md "Operator lists": an incident's duration in whole minutes between start and resolution, or "Ongoing" while
 * it is open. "Whole minutes" is read as rounded to the nearest minute (a 50-second blip reads
 * "1 min", not "0 min"); an unreadable time gives a dash rather than "NaN min".
 */
export const incidentDuration = (incident: { status: string; started_at: string; resolved_at?: string | null }): string => {
  if (incident.status !== 'resolved' || !incident.resolved_at) return ADMIN_TEXT.ongoing;
  const ms = new Date(incident.resolved_at).getTime() - new Date(incident.started_at).getTime();
  if (!Number.isFinite(ms)) return '—';
  return `${Math.max(0, Math.round(ms / MINUTE_MS))} min`;
};

export type MonitorDisplayStatus = 'Up' | 'Down' | 'Pending' | string;

/**
 * docs/product-rules.md "Operator lists": an active monitor shows Up or Down by is_up; otherwise its raw status (paused, disabled).
 * An active monitor never checked yet (is_up null) is Pending, as the user's own app shows it: the
 * first description's two words would call it Down, which it is not known to be (docs/admin-panel.md).
 */
export const monitorDisplayStatus = (monitor: { status: string; is_up?: boolean | null }): MonitorDisplayStatus =>
  monitor.status !== 'active' ? monitor.status : monitor.is_up == null ? 'Pending' : monitor.is_up ? 'Up' : 'Down';

/** docs/product-rules.md "Operator lists": the payment table shows the last 8 characters of the id. */
export const shortId = (id: string, length = 8): string => (id.length <= length ? id : id.slice(-length));

/** docs/product-rules.md "Pagination": "Page X of Y" under the payments and error lists. */
export const pageLabel = (page: number, pages: number): string => `Page ${page} of ${Math.max(1, pages)}`;

/** The pager shows only when there is more than one page (docs/product-rules.md "Pagination"). */
export const hasPager = (pages: number): boolean => pages > 1;

/** Keeps a page request inside 1..pages (a list that shrank under the operator, e.g. after a resolve). */
export const clampPage = (page: number, pages: number): number => Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));

/** docs/product-rules.md "Operator lists": the currency is shown uppercase, USD when the record has none. */
export const currencyCode = (currency: string | null | undefined): string => (currency?.trim() ? currency.trim().toUpperCase() : 'USD');

/** An amount in the currency's major unit with two decimals and its code: "19.00 USD", "1,599.00 INR". */
export const formatAmount = (amount: number, currency: string | null | undefined): string =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currencyCode(currency)}`;

/** Whole dollars for the dashboard's revenue figures: "$1,234". */
export const formatUsd = (amount: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(Math.round(amount));

/** docs/product-rules.md "Operator dashboard": average revenue per user, rounded; 0 when there are no users. */
export const averageRevenuePerUser = (estimatedMonthly: number, totalUsers: number): number =>
  totalUsers > 0 ? Math.round(estimatedMonthly / totalUsers) : 0;

/** docs/product-rules.md "Operator dashboard": the subscription distribution, a whole percentage per tier (0 for every tier without users). */
export const tierDistribution = (counts: Partial<Record<TierId, number>>): { tier: TierId; count: number; percent: number }[] => {
  const total = TIER_IDS.reduce((sum, tier) => sum + (counts[tier] ?? 0), 0);
  return TIER_IDS.map((tier) => {
    const count = counts[tier] ?? 0;
    return { tier, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
};

/** docs/product-rules.md "Application error log": an error's context shown as formatted JSON; nothing when there is no context. */
export const formatContext = (context: unknown): string | null => {
  if (context === null || context === undefined) return null;
  if (typeof context === 'object' && Object.keys(context).length === 0) return null;
  try {
    return JSON.stringify(context, null, 2);
  } catch {
    return String(context);
  }
};

/**
 * A table cell's time: date and minutes with the zone they are in, e.g. "Mar 4, 2025, 2:05 PM UTC"
 * (docs/admin-panel.md "Times"; the modals show the full one, which names its zone too).
 */
export const formatShortTimestamp = (iso: string, timeZone?: string | null): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: displayTimeZone(timeZone),
  }).format(date);
};

/** The zone every time of the panel is shown in, for the panel's "Times in ..." note: "UTC", "Asia/Kolkata". */
export const operatorTimeZone = (timeZone?: string | null): string => displayTimeZone(timeZone);

const BILLING_STATUS: Record<SubscriptionSummary['status'], string> = { active: 'active', past_due: 'payment past due', incomplete: 'not paid yet' };

/** The user detail's billing line: "Monthly, by card, active" (docs/admin-panel.md "Readings we chose"). */
export const billingLine = (subscription: SubscriptionSummary): string =>
  `${subscription.billing_period === 'yearly' ? 'Yearly' : 'Monthly'}, by ${subscription.gateway === 'stripe' ? 'card' : 'UPI'}, ${BILLING_STATUS[subscription.status]}`;

/**
 * The user detail's scheduled change (docs/admin-panel.md "Readings we chose"), what and when, from
 * the subscription billing stores: "Cancelled: moves to Free on Dec 27, 2026, 2:05 PM UTC", or
 * "Downgrade to Pro on ..."; null when nothing is scheduled.
 */
export const scheduledPlanChange = (subscription: SubscriptionSummary | null | undefined, timeZone?: string | null): string | null => {
  if (!subscription) return null;
  const when = subscription.current_period_end ? `on ${formatShortTimestamp(subscription.current_period_end, timeZone)}` : 'at the end of the billing period';
  if (subscription.cancel_at_period_end) return `Cancelled: moves to Free ${when}`;
  if (subscription.scheduled_tier) return `Downgrade to ${TIERS[subscription.scheduled_tier].name} ${when}`;
  return null;
};
