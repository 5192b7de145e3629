/**
 * The dashboard's words for an account with no monitors yet (docs/product-rules.md "Dashboard"):
 * there is nothing to measure, so it shows no uptime figure and no all-clear.
 */
export const EMPTY_DASHBOARD_TEXT = {
  uptimeValue: '—',
  uptimeSubtitle: 'Nothing to measure yet',
  incidents: 'Nothing to measure yet. Add a monitor and Upwatch starts checking it; its incidents will show here.',
} as const;
