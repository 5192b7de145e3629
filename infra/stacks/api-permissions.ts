import type { Area } from '../../shared/api/routes.js';

/**
 * What each API area's Lambda may do, declared per area (docs/security.md, "Least privilege"). The
 * record is keyed by every area of shared/api/routes.ts, so a new area does not compile until it
 * declares its own permissions here; test/infra/least-privilege.test.ts then bundles the area and
 * fails when a declared action is one its code never calls, or its code calls one not declared.
 *
 * - `table`: `read` (GetItem, Query, ...) or `readWrite`; every area reads the caller's profile.
 * - `cognito`: the `cognito-idp:Admin*` actions its code sends (calls a public client may make
 *   without credentials, InitiateAuth and RevokeToken, need none).
 * - `sendsMail`: `ses:SendEmail` from the configured sender only.
 * - `startsChecks`: `sqs:SendMessage` on the check pipeline's queues (force check).
 * - `sealsSecrets`: `kms:GenerateDataKey` on the data stack's monitor secrets key (never Decrypt:
 *   only the checkers open secrets; docs/checks.md "Secrets").
 */
export interface AreaPermissions {
  table: 'read' | 'readWrite';
  cognito: readonly string[];
  sendsMail: boolean;
  startsChecks: boolean;
  sealsSecrets?: boolean;
}

export const API_AREA_PERMISSIONS: Record<Area, AreaPermissions> = {
  // Contact messages and the per-IP counters are written; no Cognito, no queues.
  public: { table: 'readWrite', cognito: [], sendsMail: true, startsChecks: false },
  auth: {
    table: 'readWrite',
    cognito: [
      'AdminCreateUser',
      'AdminDeleteUser',
      'AdminDisableUser',
      'AdminEnableUser',
      'AdminGetUser',
      'AdminSetUserPassword',
      'AdminUpdateUserAttributes',
      'AdminUserGlobalSignOut',
    ],
    sendsMail: true,
    startsChecks: false,
  },
  monitors: { table: 'readWrite', cognito: [], sendsMail: false, startsChecks: true, sealsSecrets: true },
  // Reads only, but a request that fails with a 5xx is written to the application error log.
  insights: { table: 'readWrite', cognito: [], sendsMail: false, startsChecks: false },
  account: { table: 'readWrite', cognito: [], sendsMail: true, startsChecks: false },
  // Payment records, subscriptions, receipts and plan-change mails (docs/billing.md); its provider
  // secret is granted by the api stack's wireBilling.
  billing: { table: 'readWrite', cognito: [], sendsMail: true, startsChecks: false },
  // Operators change identities (edit e-mail and name, deactivate with sign-out, reactivate,
  // delete) but send no mail and start no checks (docs/admin.md).
  admin: {
    table: 'readWrite',
    cognito: ['AdminDeleteUser', 'AdminDisableUser', 'AdminEnableUser', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
    sendsMail: false,
    startsChecks: false,
  },
};
