/** The words of the page an alert recipient confirms on (docs/alerts.md "Confirming e-mail recipients"). */
export const CONFIRM_CHANNEL_TEXT = {
  title: 'Confirm Upwatch alerts',
  intro: 'Someone added this e-mail address to receive the alerts of their Upwatch monitors. Nothing is sent to it until you confirm.',
  confirm: 'Confirm',
  ignore: 'If you did not expect this, close this page: no alerts will be sent to you.',
  missingToken: 'This confirmation link is incomplete. Open the link from the e-mail again, or copy the whole address into your browser.',
  failed: 'The address could not be confirmed. Please try again.',
  confirmedTitle: 'Alerts confirmed',
  unchangedTitle: 'Nothing to confirm',
  failedTitle: 'Confirmation failed',
} as const;
