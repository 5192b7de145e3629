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

/** The monitor page's Badges section (docs/status-pages.md "Badges"). */
export const BADGES_TEXT = {
  title: 'Badges',
  intro: 'Show this monitor’s status and 30-day uptime in a README or on your site. Anyone with a link can see the badge, nothing else.',
  create: 'Create badge links',
  failedToCreate: 'The badge links could not be created. Please try again.',
  failedToLoad: 'The badge links could not be loaded.',
  statusBadge: 'Status badge',
  uptimeBadge: '30-day uptime badge',
  markdown: 'Markdown',
  html: 'HTML',
  copy: 'Copy',
  copied: 'Copied',
  rotate: 'Rotate links',
  rotateTitle: 'Rotate badge links?',
  rotateConfirm: 'The current links stop working at once: pages that use them show “not found” until you paste the new snippets.',
  failedToRotate: 'The badge links could not be rotated. Please try again.',
  cancel: 'Cancel',
  rotated: 'New badge links are ready. Update the pages that show the old ones.',
} as const;

/** A badge image's alternative text: the monitor's name and what the badge shows. */
export const badgeAltText = (monitorName: string, kind: 'status' | 'uptime'): string =>
  kind === 'status' ? `${monitorName} status` : `${monitorName} 30-day uptime`;

/** A heartbeat monitor's "Regenerate URL" (docs/checks.md "Heartbeat monitors"). */
export const HEARTBEAT_URL_TEXT = {
  regenerate: 'Regenerate URL',
  title: 'Regenerate the push URL?',
  confirm:
    'The current push URL stops working at once: pings to it are refused and the monitor goes down at its next deadline unless your job calls the new URL. Do this if the URL may have leaked.',
  cancel: 'Cancel',
  done: 'A new push URL is shown above. Put it in your job; the old one no longer works.',
  failed: 'The push URL could not be regenerated. Please try again.',
} as const;

/** The monitor page's analytics panel (docs/analytics.md). */
export const ANALYTICS_TEXT = {
  title: 'Analytics',
  periodLabel: 'Analytics period',
  periodShortLabel: 'Period',
  failedToLoad: 'The analytics could not be loaded.',
  tryAgain: 'Try again',
  percentilesTitle: 'Response time percentiles',
  percentilesNote: 'Answered checks only, per checker region. Estimated to within 4.4%.',
  allRegions: 'All regions',
  answers: 'Checks',
  noAnswers: 'No answered checks in this period yet.',
  phasesTitle: 'Where the time goes',
  phasesNote: 'Average time of each step of a check',
  noPhases: 'No timed checks in this period yet.',
  uptimeTitle: 'Uptime',
  incidentsInPeriod: 'Incidents that started in this period',
  noIncidents: 'No incidents in this period.',
  heartbeatNote: 'Heartbeat monitors are judged by their pings, not timed: only uptime is shown.',
  upgradeTitle: 'See further back',
  upgradeLink: 'Compare plans',
} as const;

/** The invitation to upgrade: what the longer periods add, in plain words. */
export const analyticsUpgradeText = (labels: readonly string[]): string =>
  `Your plan shows the last 24 hours. With Pro or a higher plan you see ${labels.join(', ').replace(/, ([^,]*)$/, ' and $1')} too, each compared with the period before.`;

/** The phases' names as the chart and its table show them. */
export const PHASE_LABELS = { dns_ms: 'DNS lookup', connect_ms: 'Connect', tls_ms: 'TLS handshake', ttfb_ms: 'First byte' } as const;
