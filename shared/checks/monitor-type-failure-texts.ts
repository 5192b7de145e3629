import type { FailureText } from './failure-texts.js';

/**
 * What the failures of the other monitor types mean (docs/checks.md "Monitor types"), in the words
 * of failure-texts.ts. A heartbeat is about a job, not a website, so its incidents say so in their
 * own message. TCP monitors share the network categories (refused, timeout, ...) with HTTP.
 */
export const MONITOR_TYPE_FAILURE_TEXTS = {
  heartbeat_missing: {
    userImpact: 'HIGH',
    impactDescription: 'Your scheduled job (cron job, backup, queue worker...) has stopped checking in, so the work it does may not be happening.',
    explanation:
      "No heartbeat received: your job is supposed to call this monitor's push URL every interval, and no call came within the interval plus the grace time. The job may have crashed, hung, been switched off, or its server may be down; or it runs but can no longer reach the push URL.",
    recommendedAction:
      "Check that the job is still scheduled and running (its logs, the cron table, the server it runs on) and that it calls the push URL when it finishes. If it now runs less often or takes longer, raise the monitor's interval or grace time.",
    reason: 'no heartbeat received from your job',
    message: 'No heartbeat received: your job did not check in on time.',
  },
  heartbeat_failed: {
    userImpact: 'HIGH',
    impactDescription: 'Your scheduled job reported that it failed, so the work it does did not complete.',
    explanation:
      "Your job called this monitor's failure URL (the push URL ending in /fail), which is how it tells us that its run went wrong.",
    recommendedAction:
      "Look at the job's logs for the run that failed and fix the cause. The monitor is back up as soon as the job calls the normal push URL again.",
    reason: 'your job reported a failure',
    message: 'Your job reported a failure.',
  },
  dns_mismatch: {
    userImpact: 'HIGH',
    impactDescription: 'Your domain name points somewhere other than you expect, so visitors or mail may go to the wrong place.',
    explanation:
      "The DNS lookup worked, but none of the records it returned contains the value this monitor expects. Someone may have changed the DNS records, a change may still be spreading, or the domain's settings were altered at your registrar or DNS provider.",
    recommendedAction:
      "Compare the records at your DNS provider with what they should be. If you changed them on purpose, update the monitor's expected value; if you did not, check who has access to your DNS and registrar accounts.",
    reason: 'its DNS records do not contain the expected value',
  },
} satisfies Record<string, FailureText>;
