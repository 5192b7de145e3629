/** The monitor page's texts about where its alerts go (docs/alerts.md "Which channels a monitor uses"). */
export const MONITOR_ALERTS_TEXT = {
  label: 'Alert channels',
  none: 'No alert channels (e-mail alerts only)',
  accountDefaults: 'Account defaults',
  failedToLoad: 'The alert channels could not be loaded.',
} as const;
