import { RECENT_INCIDENTS_HOURS, RECENT_SIGNUPS_DAYS, type AdminDashboard } from '../../../shared/admin/schemas.js';
import { monthlyRevenueUsd, PAID_TIER_IDS, tierRevenueKey, type TierRevenueKey } from '../../../shared/billing/plans.js';
import { TIER_IDS, type TierId } from '../../../shared/tiers.js';
import { readCounters, tierCounter, type Counters } from '../../repositories/admin-counters-repository.js';
import { countIncidentsSince } from '../../repositories/admin-incident-repository.js';
import { countSignupsSince } from '../../repositories/admin-user-repository.js';
import { readTableCensus } from '../../repositories/table-census-repository.js';

/**
 * The dashboard's figures from the counters item plus two COUNT Queries of index key ranges
 * (signups in 7 days, incidents in 24 hours), whatever the number of users, and the latest table
 * census: two GetItems and two small Queries. Revenue is an estimate in USD: users per tier x the tier's monthly price.
 */
export const dashboardFrom = (
  counters: Counters,
  recent: { signups: number; incidents: number },
  tableCensus: AdminDashboard['table_census'] = null,
): AdminDashboard => {
  const subscriptionStats = Object.fromEntries(TIER_IDS.map((tier) => [tier, counters[tierCounter(tier)]])) as Record<TierId, number>;
  const revenue = (tier: TierId) => monthlyRevenueUsd(tier, subscriptionStats[tier]);
  const estimatedMonthly = TIER_IDS.reduce((sum, tier) => sum + revenue(tier), 0);
  const byTier = Object.fromEntries(PAID_TIER_IDS.map((tier) => [tierRevenueKey(tier), revenue(tier)])) as Record<TierRevenueKey, number>;
  return {
    total_users: counters.users_total,
    active_users: Math.min(counters.users_active, counters.users_total),
    total_monitors: counters.monitors_total,
    active_monitors: Math.min(counters.monitors_active, counters.monitors_total),
    total_incidents: counters.incidents_total,
    open_incidents: Math.min(counters.incidents_open, counters.incidents_total),
    recent_signups: recent.signups,
    recent_incidents: recent.incidents,
    subscription_stats: subscriptionStats,
    revenue_stats: { estimated_monthly: estimatedMonthly, ...byTier },
    average_revenue_per_user: counters.users_total > 0 ? Math.round(estimatedMonthly / counters.users_total) : 0,
    table_census: tableCensus,
  };
};

export const getAdminDashboard = async (now: Date = new Date()): Promise<AdminDashboard> => {
  const [counters, signups, incidents, tableCensus] = await Promise.all([
    readCounters(),
    countSignupsSince(new Date(now.getTime() - RECENT_SIGNUPS_DAYS * 24 * 3600 * 1000)),
    countIncidentsSince(new Date(now.getTime() - RECENT_INCIDENTS_HOURS * 3600 * 1000)),
    // The daily census (table-census.ts): one GetItem, never a count of the table here.
    readTableCensus(),
  ]);
  return dashboardFrom(counters, { signups, incidents }, tableCensus);
};
