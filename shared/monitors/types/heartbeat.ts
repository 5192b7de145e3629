import { z } from 'zod';
import type { MonitorTypeDefinition } from './contract.js';
import type { IncidentWording } from './wording.js';

/**
 * `heartbeat`: a cron job calls the monitor's secret push URL; no ping within the interval plus
 * the grace time is down (docs/checks.md "Heartbeat monitors"). No checker is involved: the
 * result processor judges each round from the last ping (shared/checks/heartbeat.ts).
 */
export interface HeartbeatTarget {
  type: 'heartbeat';
  grace_seconds: number;
  /** The secret of the push URL (32 random bytes, base64url); never the monitor id. */
  token: string;
}

/** Seconds a heartbeat may be late before the monitor is down (on top of its interval). */
export const HEARTBEAT_GRACE_RANGE = { min: 0, max: 86_400 } as const;
export const DEFAULT_HEARTBEAT_GRACE_SECONDS = 60;

export const heartbeatPath = (token: string): string => `/api/heartbeat/${token}`;

const input = z.object({
  heartbeat_grace_seconds: z
    .number({ error: 'Heartbeat grace must be a number of seconds' })
    .int('Heartbeat grace must be a whole number of seconds')
    .min(HEARTBEAT_GRACE_RANGE.min, `Heartbeat grace must be at least ${HEARTBEAT_GRACE_RANGE.min} seconds`)
    .max(HEARTBEAT_GRACE_RANGE.max, `Heartbeat grace must be at most ${HEARTBEAT_GRACE_RANGE.max} seconds`)
    .nullish(),
});

/**
 * A heartbeat watches a job, not a website: its incidents and alert mails speak of heartbeats in
 * the style of the product's titles (two words, title case), in the words of its failure texts ("No
 * heartbeat received", "Your job reported a failure"). A job that reported a failure did send its
 * heartbeat, so that one is "Job Failed", not "Heartbeat Missed"; either ends when a heartbeat comes
 * in again. A recovery has no status code and no response time (and a heartbeat has no slow incidents).
 */
export const HEARTBEAT_INCIDENT_TITLES = {
  missed: 'Heartbeat Missed',
  failed: 'Job Failed',
  up: 'Heartbeat Received Again',
} as const;

const wording: IncidentWording = {
  downTitle: (errorCategory) => (errorCategory === 'heartbeat_failed' ? HEARTBEAT_INCIDENT_TITLES.failed : HEARTBEAT_INCIDENT_TITLES.missed),
  downHeading: (monitor, errorCategory) => (errorCategory === 'heartbeat_failed' ? `${monitor} reported a failure` : `${monitor} missed its heartbeat`),
  downMessage: (reason) => `Your job is not checking in: ${reason}.`,
  upTitle: HEARTBEAT_INCIDENT_TITLES.up,
  upHeading: (monitor) => `${monitor} is checking in again`,
  upAtLabel: 'Heartbeat received at',
  recovered: ({ downFor }) => ({
    message: downFor ? `Your job is checking in again after ${downFor} without a good heartbeat.` : 'Your job is checking in again.',
    details: {
      user_impact: 'LOW',
      impact_description: 'Your scheduled job is running and checking in again.',
      explanation: downFor
        ? `A heartbeat came in on time again, after ${downFor} in which none came or the job reported a failure.`
        : 'A heartbeat came in on time again.',
      error_category: null,
      recommended_action:
        "Nothing to do right now. It is worth finding out why the job stopped checking in so it doesn't happen again.",
      status_code: null,
      response_time: null,
      user_accessible: true,
    },
  }),
  // Its rounds only give its own categories (heartbeat_missing, heartbeat_failed); a round without
  // one is judged `unknown`, in the job's words.
  categoryTexts: {
    unknown: {
      userImpact: 'HIGH',
      impactDescription: 'Your scheduled job may not be running.',
      explanation: "We could not tell whether your job checked in on time, for a reason that doesn't match any of the usual causes.",
      recommendedAction:
        "Check that the job is still scheduled and running and that it calls the push URL. We'll tell you as soon as a heartbeat comes in on time again.",
      reason: 'we could not tell whether it checked in',
    },
  },
  // A heartbeat has no response time, so it is never slow.
  slow: null,
  access: { yes: 'Job checking in', no: 'Job not checking in' },
  // Its `heartbeat://<monitor id>` url is internal, and its push URL a secret: no address to show.
  address: () => null,
};

/** `POST /api/monitors/{id}/heartbeat-url`: the monitor's new push URL (the old one no longer answers). */
export interface HeartbeatUrlView {
  heartbeat_url: string;
}

interface HeartbeatView {
  heartbeat_grace_seconds: number | null;
  /** The push URL a heartbeat monitor's job calls (GET or POST; `/fail` reports a failure). */
  heartbeat_url: string | null;
  /** When the last ping came, and whether it reported a failure. */
  last_ping_at: string | null;
  last_ping_failed: boolean | null;
}

export const heartbeatType = {
  type: 'heartbeat',
  label: 'Heartbeat (cron job)',
  input,
  resolve: (fields, was, { newToken }) => ({
    target: {
      type: 'heartbeat',
      grace_seconds: fields.heartbeat_grace_seconds ?? was?.grace_seconds ?? DEFAULT_HEARTBEAT_GRACE_SECONDS,
      token: was?.token ?? newToken(),
    },
  }),
  // Its id, never its secret token: the url is shown in lists, incidents and mails.
  address: { kind: 'target', scheme: 'heartbeat', rest: (_target, monitorId) => monitorId },
  saveGuard: { kind: 'none', reason: 'nothing is dialled: the job calls us' },
  job: { kind: 'none', reason: 'the result processor judges its rounds from the last ping (heartbeat-rounds)' },
  checkOptions: [],
  view: {
    empty: { heartbeat_grace_seconds: null, heartbeat_url: null, last_ping_at: null, last_ping_failed: null },
    of: (target, extra) => ({
      heartbeat_grace_seconds: target.grace_seconds,
      heartbeat_url: `${extra.appUrl}${heartbeatPath(target.token)}`,
      last_ping_at: extra.lastPingAt ?? null,
      last_ping_failed: extra.lastPingFailed ?? null,
    }),
  },
  // A heartbeat is about a job, not a website, so its incidents say so in their own message.
  failureTexts: {
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
  },
  wording,
  csvColumns: { heartbeat_grace_seconds: 'number' },
  csvHelp: 'a heartbeat row may give heartbeat_grace_seconds, and its push URL is shown on the monitor once it is created',
} satisfies MonitorTypeDefinition<'heartbeat', HeartbeatTarget, typeof input.shape, HeartbeatView>;
