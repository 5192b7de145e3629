import { z } from 'zod';
import { HEADER_MATCHES, HTTP_METHODS, JSON_MATCHES, KEYWORD_MODES, type CheckOptions } from '../monitors/check-options.js';
import { JOB_TARGET_SCHEMAS, monitorTypeDefinition, typeOfTarget, type JobTarget, type MonitorTarget } from '../monitors/types/index.js';
import { ASSERTION_KINDS, CHECK_OUTCOMES, ERROR_CATEGORIES } from './check-result.js';
import { isRoundId } from './check-round.js';

/** A round id is an ISO time (check-round.ts); anything else would sort wrongly against `last_round`. */
const Round = z.string().refine(isRoundId, 'round must be an ISO time like 2026-11-22T10:00:00.000Z');

/**
 * The messages of the check pipeline. Dispatcher -> checkers: `CheckJobMessage` (one per pack of
 * jobs, to every region's queue). Checkers -> result processor: `CheckResultMessage`. Dispatcher ->
 * result processor (delayed): `RoundDeadlineMessage`, which closes rounds that a region never
 * answered. Parsed with zod on receipt: a malformed message is a bug, reported, never half-applied.
 */
/** A monitor's stored check options (shared/monitors/check-options.ts), secrets still sealed. */
const StoredCheckOptions: z.ZodType<CheckOptions> = z.object({
  method: z.enum(HTTP_METHODS).optional(),
  headers: z.array(z.object({ name: z.string(), value: z.string().optional(), sealed: z.string().optional() })).optional(),
  body: z.string().optional(),
  body_content_type: z.string().optional(),
  basic_auth: z.object({ username: z.string(), password_sealed: z.string() }).optional(),
  follow_redirects: z.boolean().optional(),
  expected_status_codes: z.string().optional(),
  keyword: z.string().optional(),
  keyword_mode: z.enum(KEYWORD_MODES).optional(),
  keyword_case_sensitive: z.boolean().optional(),
  json_path: z.string().optional(),
  json_expected: z.string().optional(),
  json_match: z.enum(JSON_MATCHES).optional(),
  header_name: z.string().optional(),
  header_expected: z.string().optional(),
  header_match: z.enum(HEADER_MATCHES).optional(),
  max_response_time_ms: z.number().optional(),
});

/**
 * What a check of a type other than HTTP dials or looks up: the union of the job targets of the
 * registered types (shared/monitors/types/, `job.kind` 'target'); absent for an HTTP check of `url`.
 */
const JobTarget = z.discriminatedUnion('type', JOB_TARGET_SCHEMAS) as unknown as z.ZodType<JobTarget>;
export type { JobTarget };

/** The job target of a stored one, by its type's definition: undefined for a type checked by `url`, or never sent to a checker (heartbeats). */
export const jobTargetOf = (target: MonitorTarget | undefined): JobTarget | undefined => {
  const { job } = monitorTypeDefinition(typeOfTarget(target));
  return job.kind === 'target' && target ? (job.of(target) as JobTarget) : undefined;
};

export const CheckJob = z.object({
  userId: z.string().min(1),
  monitorId: z.string().min(1),
  url: z.string().url(),
  timeoutSeconds: z.number().int().positive(),
  slowThresholdMs: z.number().int().positive(),
  /** ISO time of the slot this check belongs to: the round id. */
  round: Round,
  /** Request options and assertions; absent for a plain GET accepting 200-399. */
  options: StoredCheckOptions.optional(),
  /** A TCP or DNS monitor's target; absent for HTTP. */
  target: JobTarget.optional(),
});
export type CheckJob = z.infer<typeof CheckJob>;

/** `pack`: the id of the message's set of rounds (result-packs.ts); optional, derived when absent. */
const Pack = z.string().min(1).optional();

export const CheckJobMessage = z.object({ kind: z.literal('check_jobs'), jobs: z.array(CheckJob).min(1), pack: Pack });
export type CheckJobMessage = z.infer<typeof CheckJobMessage>;

const CheckResultSchema = z.object({
  monitorId: z.string(),
  region: z.string(),
  round: Round,
  outcome: z.enum(CHECK_OUTCOMES),
  errorCategory: z.enum(ERROR_CATEGORIES).nullable(),
  statusCode: z.number().int().nullable(),
  timings: z.object({
    dns: z.number().nullable(),
    connect: z.number().nullable(),
    tls: z.number().nullable(),
    ttfb: z.number().nullable(),
    total: z.number(),
  }),
  checkedAt: z.string(),
  attempts: z.number().int().min(1),
  message: z.string().nullable(),
  failedAssertions: z.array(z.enum(ASSERTION_KINDS)).optional(),
  certificate: z
    .object({
      fingerprint: z.string().nullable(),
      validFrom: z.string().nullable(),
      validTo: z.string().nullable(),
      issuer: z.string().nullable(),
      subject: z.string().nullable(),
      valid: z.boolean(),
      error: z.string().nullable(),
    })
    .optional(),
});

export const CheckResultMessage = z.object({
  kind: z.literal('check_results'),
  results: z.array(z.object({ userId: z.string(), result: CheckResultSchema })).min(1),
  pack: Pack,
});
export type CheckResultMessage = z.infer<typeof CheckResultMessage>;

export const RoundDeadlineMessage = z.object({
  kind: z.literal('round_deadline'),
  rounds: z.array(z.object({ userId: z.string(), monitorId: z.string(), round: Round })).min(1),
  pack: Pack,
  /**
   * How many times the processor already sent this deadline on, later, because the results queue
   * was behind (shared/checks/deadline-postponement.ts); absent: never.
   */
  postponed: z.number().int().min(0).optional(),
});
export type RoundDeadlineMessage = z.infer<typeof RoundDeadlineMessage>;

/**
 * Heartbeat rounds (docs/checks.md "Heartbeat monitors"): no region checks a heartbeat; the result
 * processor judges each round from the monitor's last ping. The dispatcher sends one per slot,
 * delayed to it; the push route one at once when a ping changes what the monitor should show.
 */
export const HeartbeatRoundsMessage = z.object({
  kind: z.literal('heartbeat_rounds'),
  // `at`: the time to judge the round as of, when it is not the round's own (a ping's round may be
  // dated just after an applied round that is later than the ping; shared/checks/heartbeat.ts).
  rounds: z.array(z.object({ userId: z.string(), monitorId: z.string(), round: Round, at: Round.optional() })).min(1),
});
export type HeartbeatRoundsMessage = z.infer<typeof HeartbeatRoundsMessage>;

export const ResultsQueueMessage = z.discriminatedUnion('kind', [CheckResultMessage, RoundDeadlineMessage, HeartbeatRoundsMessage]);
export type ResultsQueueMessage = z.infer<typeof ResultsQueueMessage>;

/** Pack items into groups of at most `size` (SQS messages, batch writes). */
export const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};
