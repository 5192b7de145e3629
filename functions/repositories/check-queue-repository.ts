import {
  chunk,
  type CheckJob,
  type CheckJobMessage,
  type CheckResultMessage,
  type HeartbeatRoundsMessage,
  type RoundDeadlineMessage,
} from '../../shared/checks/check-job.js';
import { JOBS_PER_MESSAGE } from '../../shared/checks/dispatch.js';
import { packIdOf } from '../../shared/checks/result-packs.js';
import { sendAll } from './sqs-batch.js';

/** Check jobs for one region's checker, packed `JOBS_PER_MESSAGE` to a message. */
export const sendCheckJobs = async (opts: { region: string; queueUrl: string; jobs: CheckJob[]; delaySeconds: number }) =>
  sendAll({
    region: opts.region,
    queueUrl: opts.queueUrl,
    delaySeconds: opts.delaySeconds,
    bodies: chunk(opts.jobs, JOBS_PER_MESSAGE).map((jobs): CheckJobMessage => ({ kind: 'check_jobs', jobs, pack: packIdOf(jobs) })),
  });

export const sendCheckResults = async (opts: { region: string; queueUrl: string; messages: CheckResultMessage[] }) =>
  sendAll({ region: opts.region, queueUrl: opts.queueUrl, bodies: opts.messages });

export const sendRoundDeadlines = async (opts: {
  region: string;
  queueUrl: string;
  rounds: RoundDeadlineMessage['rounds'];
  delaySeconds: number;
  /** Set when the processor sends a deadline on (deadline-postponement.ts). */
  postponed?: number;
}) =>
  sendAll({
    region: opts.region,
    queueUrl: opts.queueUrl,
    delaySeconds: opts.delaySeconds,
    bodies: chunk(opts.rounds, JOBS_PER_MESSAGE).map(
      // The same chunks as the jobs' (same order, same size), so each deadline names its pack.
      (rounds): RoundDeadlineMessage => ({
        kind: 'round_deadline',
        rounds,
        pack: packIdOf(rounds),
        ...(opts.postponed === undefined ? {} : { postponed: opts.postponed }),
      }),
    ),
  });

/** Heartbeat rounds for the result processor (check-job.ts `HeartbeatRoundsMessage`), judged there from the last ping. */
export const sendHeartbeatRounds = async (opts: {
  region: string;
  queueUrl: string;
  rounds: HeartbeatRoundsMessage['rounds'];
  delaySeconds: number;
}) =>
  sendAll({
    region: opts.region,
    queueUrl: opts.queueUrl,
    delaySeconds: opts.delaySeconds,
    bodies: chunk(opts.rounds, JOBS_PER_MESSAGE).map((rounds): HeartbeatRoundsMessage => ({ kind: 'heartbeat_rounds', rounds })),
  });
