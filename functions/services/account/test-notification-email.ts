import type { TestNotificationType } from '../../../shared/account/notifications.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail } from '../email-layout.js';

/**
 * The test e-mail of each button on the Settings page. Plain samples: the real alert and report
 * templates belong to the alerts mailer. Each says it is a test and who asked for it, since it may
 * go to any address the user typed.
 */

const SAMPLE_MONITOR = { name: 'Example Website', url: 'https://www.example.com' };

interface Content {
  subject: string;
  heading: string;
  paragraphs: string[];
  details?: [string, string][];
}

const CONTENT: Record<TestNotificationType, Content> = {
  email: {
    subject: 'Upwatch test email',
    heading: 'Your email notifications work',
    paragraphs: [
      'This is a test email from Upwatch. If you can read it, Upwatch emails reach this address.',
      'Nothing needs to be done.',
    ],
  },
  incident: {
    subject: `[Test] Website Down: ${SAMPLE_MONITOR.name}`,
    heading: 'Test incident alert: Website Down',
    paragraphs: [
      'This is a test. None of your monitors is down.',
      'When a monitor goes down, an alert like this one tells you which site, what happened and what to do; another follows when it recovers.',
    ],
    details: [
      ['Monitor', `${SAMPLE_MONITOR.name} (${SAMPLE_MONITOR.url})`],
      ['What happened', 'The website did not answer within the timeout (sample).'],
      ['User impact', 'HIGH: visitors cannot reach the site (sample).'],
      ['Recommended action', 'Check that the server is running and reachable (sample).'],
    ],
  },
  weekly_report: {
    subject: '[Test] Your weekly Upwatch report',
    heading: 'Test weekly report',
    paragraphs: [
      'This is a test of the weekly report. The real report sums up the past 7 days of each of your monitors: uptime, response time and incidents.',
    ],
    details: [
      ['Uptime', '99.95% (sample)'],
      ['Average response time', '240 ms (sample)'],
      ['Incidents', '1 (sample)'],
    ],
  },
  daily_report: {
    subject: '[Test] Your daily Upwatch report',
    heading: 'Test daily report',
    paragraphs: [
      'This is a test of the daily report. The real report, sent at 9 AM UTC, sums up the past 24 hours of each of your monitors: uptime, response time and incidents.',
    ],
    details: [
      ['Uptime', '100% (sample)'],
      ['Average response time', '230 ms (sample)'],
      ['Incidents', '0 (sample)'],
    ],
  },
};

export const TEST_NOTIFICATION_LABELS: Record<TestNotificationType, string> = {
  email: 'test email',
  incident: 'test incident alert',
  weekly_report: 'test weekly report',
  daily_report: 'test daily report',
};

export const testNotificationEmail = (opts: {
  type: TestNotificationType;
  to: string;
  /** The signed-in account that asked for it. */
  requestedBy: string;
  appUrl: string;
}): OutgoingEmail => {
  const content = CONTENT[opts.type];
  return brandedEmail({
    to: opts.to,
    subject: content.subject,
    heading: content.heading,
    paragraphs: content.paragraphs,
    ...(content.details ? { details: content.details } : {}),
    action: { label: 'Notification settings', url: `${opts.appUrl}/app/settings?section=notifications` },
    footer: `Sent because the Upwatch account ${opts.requestedBy} asked for a ${TEST_NOTIFICATION_LABELS[opts.type]} to this address. If you did not expect it, you can ignore it.`,
  });
};
