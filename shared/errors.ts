/**
 * The error model. Every API error is `{ detail, code }` (plus `errors` for field problems), and the
 * UI shows `detail`. Services throw these; one mapper in `functions/` turns them into responses.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** An interval under the plan's floor is invalid input for that plan (400, naming the plan; docs/product-rules.md "Intervals and timeouts"). */
  PLAN_INTERVAL_NOT_ALLOWED: 400,
  /** A one-time link (verification, reset) that is unknown, used, of another kind or expired. */
  INVALID_TOKEN: 400,
  /** An SLA report of a month outside the plan's retention or not started yet (docs/sla-reports.md "Months"). */
  REPORT_MONTH_UNAVAILABLE: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  /** An API key that is missing, malformed, unknown, revoked or expired (docs/api.md "Authentication"). */
  API_KEY_NOT_VALID: 401,
  /** A right password for an account with two-factor sign-in, sent without a code (docs/security.md "Two-factor sign-in"). */
  TWO_FACTOR_REQUIRED: 401,
  /** A right password with a wrong, used or replayed code; counted like a wrong password. */
  TWO_FACTOR_CODE_INVALID: 401,
  FORBIDDEN: 403,
  /** An operator session that did not pass two-factor sign-in, at an admin route (docs/security.md "Two-factor sign-in"). */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  /** The caller's workspace role is below what the route needs (docs/teams.md "Roles"); the detail names both. */
  ROLE_NOT_ALLOWED: 403,
  /** A read-only API key on a route that changes something (docs/api.md "Authentication"); the detail names the scope. */
  API_KEY_SCOPE_TOO_LOW: 403,
  /** API keys on a plan without API access (docs/api.md "Authentication"); the detail names the plan. */
  PLAN_HAS_NO_API_ACCESS: 403,
  /** An analytics period the workspace's plan does not offer (docs/analytics.md "Plans"); the detail names the plan that does. */
  PLAN_HAS_NO_ADVANCED_ANALYTICS: 403,
  /** A request that reached the API without passing CloudFront (no or a wrong origin secret; docs/security.md "Abuse limits"). */
  NOT_THROUGH_EDGE: 403,
  /** SLA reports or targets on a plan without them (docs/sla-reports.md "Plans"); the detail names the plan. */
  PLAN_HAS_NO_SLA_REPORTS: 403,
  EMAIL_NOT_VERIFIED: 403,
  MONITOR_LIMIT_REACHED: 403,
  /** One more status page than the plan allows (docs/status-pages.md "Plans"). */
  STATUS_PAGE_LIMIT_REACHED: 403,
  /** An invitation on a plan without team seats, or with every seat taken (docs/teams.md "Members and invitations"). */
  SEAT_LIMIT_REACHED: 403,
  /** An invitation link opened by an account with another address; the detail names the invited one. */
  INVITATION_OTHER_ADDRESS: 403,
  NOT_FOUND: 404,
  /** The request names a workspace the caller is not (or no longer) a member of (docs/teams.md "Choosing a workspace"). */
  WORKSPACE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A POST with an Idempotency-Key whose first request is still running (docs/api.md "Idempotency"). */
  IDEMPOTENCY_KEY_IN_USE: 409,
  EMAIL_TAKEN: 409,
  /** Inviting or accepting for someone who is a member of the workspace already. */
  ALREADY_MEMBER: 409,
  /** An operator naming an account manager for a workspace whose plan has none (docs/product-rules.md "Account manager"). */
  PLAN_HAS_NO_ACCOUNT_MANAGER: 409,
  /** The change would leave the workspace without an owner (docs/teams.md "Roles"). */
  LAST_OWNER: 409,
  /** An invitation link that was accepted, revoked, has expired or never existed; the detail says which. */
  INVITATION_UNUSABLE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An Idempotency-Key sent again with a different request (docs/api.md "Idempotency"). */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldProblem {
  field: string;
  message: string;
}

export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  errors?: FieldProblem[];
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fieldProblems?: FieldProblem[],
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return this.fieldProblems?.length
      ? { detail: this.detail, code: this.code, errors: this.fieldProblems }
      : { detail: this.detail, code: this.code };
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

export const validationError = (problems: FieldProblem[]): AppError =>
  new AppError('VALIDATION_FAILED', problems.map((problem) => problem.message).join('. ') || 'Invalid input', problems);

export const notFound = (what: string): AppError => new AppError('NOT_FOUND', `${what} not found`);

export const unauthorized = (detail = 'Not authenticated'): AppError => new AppError('UNAUTHORIZED', detail);

export const forbidden = (detail = 'You are not allowed to do that'): AppError => new AppError('FORBIDDEN', detail);

/** The generic text a 500 carries; the cause goes to the log, never to the client. */
export const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side. Please try again.';
