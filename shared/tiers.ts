import { countOf } from './texts.js';

/**
 * The four subscription tiers: the one place their caps, check floors, retention and prices live.
 * The product's values (docs/product-rules.md "Tiers and caps"); INR prices are ours (the product named
 * none), set near the USD price at ~84 INR/USD and rounded to a price ending in 99.
 */
export const TIER_IDS = ['free', 'pro', 'business', 'enterprise'] as const;
export type TierId = (typeof TIER_IDS)[number];

export interface Tier {
  readonly id: TierId;
  readonly name: string;
  /** Most monitors a user on this tier may have. */
  readonly monitorCap: number;
  /** Shortest check interval, in seconds, the tier may use. */
  readonly minCheckIntervalSeconds: number;
  /** How long raw check results are kept (DynamoDB TTL). */
  readonly retentionDays: number;
  /** Most alert channels (Slack, webhooks, extra e-mail recipients, ...) an account may add (docs/alerts.md "Plans"). */
  readonly channelCap: number;
  /** Text messages sent per calendar month (UTC); 0: no SMS channel on this tier. */
  readonly smsPerMonth: number;
  /** Most public status pages an account may publish (docs/status-pages.md "Plans"). */
  readonly statusPageCap: number;
  /** Whether its status pages may be private (a password or an allowed e-mail domain). */
  readonly privateStatusPages: boolean;
  /**
   * People a workspace on this tier may hold, pending invitations included (docs/product-rules.md
   * "Tiers and caps"; docs/teams.md "Members and invitations"). 1: the owner alone, no invitations.
   */
  readonly seats: number;
  /**
   * Contact messages from a signed-in member of a workspace on this tier are marked priority, with the
   * priority response target (docs/product-rules.md "Priority support").
   */
  readonly prioritySupport: boolean;
  /** Operators may name an account manager for the workspace, shown in Settings (docs/product-rules.md "Account manager"). */
  readonly accountManager: boolean;
  /**
   * "Advanced analytics" (docs/analytics.md "Plans"): response-time percentiles per region, phases
   * and uptime by day over 7, 30 and 90 days, each within the tier's retention. Without it, the
   * monitor page's analytics show the last 24 hours ("Basic dashboard").
   */
  readonly advancedAnalytics: boolean;
  /**
   * Monthly SLA reports (a target, uptime against it, the error budget; PDF and CSV, mailed on the
   * 1st): the plan cards' "SLA guarantee" (docs/sla-reports.md "Plans").
   */
  readonly slaReports: boolean;
  readonly priceUsd: number;
  readonly priceInr: number;
  readonly features: readonly string[];
}

const DAY = 1;

export const TIERS: Readonly<Record<TierId, Tier>> = {
  free: {
    id: 'free',
    name: 'Free',
    monitorCap: 1,
    minCheckIntervalSeconds: 300,
    retentionDays: 30 * DAY,
    channelCap: 3,
    smsPerMonth: 0,
    statusPageCap: 1,
    privateStatusPages: false,
    seats: 1,
    prioritySupport: false,
    accountManager: false,
    advancedAnalytics: false,
    slaReports: false,
    priceUsd: 0,
    priceInr: 0,
    features: ['1 monitor', '5-minute checks', 'E-mail alerts', 'Basic dashboard', '30-day data retention'],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monitorCap: 10,
    minCheckIntervalSeconds: 60,
    retentionDays: 90 * DAY,
    channelCap: 10,
    smsPerMonth: 50,
    statusPageCap: 3,
    privateStatusPages: false,
    seats: 1,
    prioritySupport: false,
    accountManager: false,
    advancedAnalytics: true,
    slaReports: false,
    priceUsd: 19,
    priceInr: 1599,
    features: [
      '10 monitors',
      '1-minute checks',
      'SMS and e-mail alerts',
      'Advanced analytics',
      'Incident history',
      'Custom alert rules',
      '90-day data retention',
    ],
  },
  business: {
    id: 'business',
    name: 'Business',
    monitorCap: 50,
    minCheckIntervalSeconds: 30,
    retentionDays: 365 * DAY,
    channelCap: 50,
    smsPerMonth: 200,
    statusPageCap: 10,
    privateStatusPages: true,
    seats: 10,
    prioritySupport: true,
    accountManager: false,
    advancedAnalytics: true,
    slaReports: true,
    priceUsd: 49,
    priceInr: 3999,
    features: [
      '50 monitors',
      '30-second checks',
      'Everything in Pro',
      'API access',
      'Team features',
      '10 team seats',
      'Priority support',
      'Custom integrations',
      '1-year data retention',
    ],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monitorCap: 500,
    minCheckIntervalSeconds: 30,
    retentionDays: 3 * 365 * DAY,
    channelCap: 200,
    smsPerMonth: 1000,
    statusPageCap: 50,
    privateStatusPages: true,
    seats: 50,
    prioritySupport: true,
    accountManager: true,
    advancedAnalytics: true,
    slaReports: true,
    priceUsd: 399,
    priceInr: 32999,
    features: [
      '500 monitors',
      '30-second checks',
      'Everything in Business',
      '50 team seats',
      'Dedicated account manager',
      'SLA guarantee',
      '3-year data retention',
    ],
  },
};

export const DEFAULT_TIER: TierId = 'free';

export const tierOf = (id: TierId): Tier => TIERS[id];

/** Yearly display price: 12 months less 20 percent, rounded (docs/product-rules.md "Checkout"; the pricing page shows it). */
export const yearlyPrice = (monthly: number): number => Math.round(monthly * 12 * 0.8);

/** The cheapest tier whose check floor allows `intervalSeconds` (tiers are listed cheapest first). */
export const lowestTierAllowingInterval = (intervalSeconds: number): Tier =>
  TIERS[TIER_IDS.find((id) => TIERS[id].minCheckIntervalSeconds <= intervalSeconds) ?? 'enterprise'];

/** Why a monitor cannot be added at the cap: the server's 403 detail and the UI's upgrade view say the same. */
export const monitorLimitReachedText = (tier: Tier): string =>
  `Monitor limit reached: your ${tier.name} plan allows ${countOf(tier.monitorCap, 'monitor')}. Upgrade your plan to add more.`;

/** Usage at or above this share of the cap shows "Approaching Monitor Limit". */
export const APPROACHING_LIMIT_RATIO = 0.8;

/** Whether the tier lets a workspace invite people (more than the owner's own seat). */
export const tierHasTeams = (tier: Tier): boolean => tier.seats > 1;
