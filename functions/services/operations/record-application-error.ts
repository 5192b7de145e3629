import { ulid } from 'ulid';
import type { ApplicationErrorType } from '../../../shared/admin/schemas.js';
import { putApplicationError } from '../../repositories/application-error-repository.js';
import { logger } from '../../observability/logger.js';
import { scrubContext, scrubText } from './scrub-context.js';

/**
 * The one way to put a failure in the operators' error log (docs/admin.md "Application error log").
 * Callers (the full list by type: docs/admin.md): the API's error mapper (every 5xx), the check
 * pipeline (checker crash, a message on its way to a DLQ), every mail that failed for good (alerts,
 * contact, billing notices, report runs), auth (refused admin sign-ins, sign-in lockouts), billing
 * (refused webhooks, period-end failures).
 *
 * It never throws and never rejects: recording must not break the request or batch that failed.
 * A failure to record is logged (with the original error) and swallowed. The context is scrubbed
 * of credentials and tokens (scrub-context.ts), the message and stack too, and sizes are capped.
 */
export interface ApplicationErrorReport {
  type: ApplicationErrorType;
  /** What went wrong, for operators; defaults to the error's message. */
  message?: string;
  error?: unknown;
  context?: Record<string, unknown>;
  userId?: string | null;
  monitorId?: string | null;
}

const MAX_STACK = 4000;

const messageOf = (report: ApplicationErrorReport): string => {
  if (report.message) return report.message;
  if (report.error instanceof Error) return `${report.error.name}: ${report.error.message}`;
  if (report.error !== undefined) return String(report.error);
  return report.type;
};

const stackOf = (error: unknown): string | null => {
  if (!(error instanceof Error) || !error.stack) return null;
  const cause = error.cause instanceof Error && error.cause.stack ? `\nCaused by: ${error.cause.stack}` : '';
  return scrubText(`${error.stack}${cause}`, MAX_STACK);
};

/** Whether this function can reach the table (a checker in another region cannot). */
export const canRecordApplicationErrors = (): boolean => Boolean(process.env.TABLE_NAME);

export const recordApplicationError = async (report: ApplicationErrorReport): Promise<void> => {
  try {
    const now = new Date();
    await putApplicationError({
      id: ulid(now.getTime()),
      error_type: report.type,
      error_message: scrubText(messageOf(report), 1000),
      resolved: false,
      resolved_at: null,
      resolved_by: null,
      timestamp: now.toISOString(),
      context: scrubContext(report.context),
      stack_trace: stackOf(report.error),
      user_id: report.userId ?? null,
      monitor_id: report.monitorId ?? null,
    });
  } catch (recordingError) {
    try {
      logger.error('Could not record an application error', { type: report.type, original: messageOf(report), error: recordingError });
    } catch {
      // Even the log line failed (an unserializable value): nothing more can be done, and the caller must not see it.
    }
  }
};
