/** The monitor page's texts about where its alerts go (docs/alerts.md "Which channels a monitor uses"). */
export const MONITOR_ALERTS_TEXT = {
  label: 'Alert channels',
  none: 'No alert channels (e-mail alerts only)',
  accountDefaults: 'Account defaults',
  failedToLoad: 'The alert channels could not be loaded.',
} as const;

/** The monitor page's line about its alert rules (docs/alerts.md "Alert rules"). */
export const MONITOR_RULES_TEXT = {
  label: 'Alert rules',
  accountDefaults: 'Account defaults',
  failedToLoad: 'The alert rules could not be loaded.',
} as const;
