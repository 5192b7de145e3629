import type { Area } from '../../shared/api/routes.js';
import type { SecretOwner } from '../constructs/function-grants.js';

/**
 * What each API area's Lambda may do, declared per area (docs/security.md, "Least privilege"). The
 * record is keyed by every area of shared/api/routes.ts, so a new area does not compile until it
 * declares its own permissions here; test/infra/least-privilege.test.ts then bundles the area and
 * fails when a declared action is one its code never calls, or its code calls one not declared.
 *
 * - `table`: `read` (GetItem, Query, ...), `readWrite`, or `singleItemWrites` (one item per write, no
 *   batch or transaction, and never into the partitions of function-grants.ts `PUBLIC_AREA_NEVER_WRITES`);
 *   every area reads the caller's profile.
 * - `cognito`: the `cognito-idp:Admin*` actions its code sends (calls a public client may make
 *   without credentials, InitiateAuth and RevokeToken, need none).
 * - `sendsMail`: `ses:SendEmail` from the configured sender only.
 * - `startsChecks`: `sqs:SendMessage` on the check pipeline's queues (force check).
 * - `sealsSecrets`: `kms:GenerateDataKey` on the data stack's secrets key, for data keys bound to
 *   what `secretsOf` names (docs/checks.md "Secrets").
 * - `opensSecrets`: `kms:Decrypt` on the same key, bound the same way. Monitor secrets are opened by
 *   the checkers only; a channel's are opened to send, which a channel test does from the API.
 * - `secretsOf`: whose secrets the two above are for (`monitor`, `channel` or `two_factor`, the encryption
 *   context's prefix), so an area that handles one kind can neither seal nor open the other.
 * - `publishesSms`: `sns:Publish` to phone numbers only (a test of an SMS channel).
 * - `publishesLive`: `execute-api:ManageConnections` on the live-status WebSocket stage only, to
 *   push changes to open screens (docs/live-status.md "Pushes"; live-stack.ts `grantPublish`).
 * - `signsLinks`: `secretsmanager:GetSecretValue` on the data stack's signing secret only, the
 *   master of the HMAC keys of links (functions/secrets/signing-key.ts): unsubscribe links, private
 *   status pages' access cookies.
 */
export interface AreaPermissions {
  table: 'read' | 'readWrite' | 'singleItemWrites';
  cognito: readonly string[];
  sendsMail: boolean;
  startsChecks: boolean;
  /**
   * `sqs:SendMessage` on the channel-deliveries queue only: an acknowledgement tells the incident's
   * channels (docs/alerts.md "Acknowledgement"). An area that `startsChecks` may send there already.
   */
  queuesDeliveries?: boolean;
  /**
   * `sqs:SendMessage` on the subscriber-notices queue only: an incident update is mailed to the
   * subscribers of the pages that show it (docs/status-pages.md "Subscriber mails").
   */
  queuesSubscriberNotices?: boolean;
  sealsSecrets?: boolean;
  opensSecrets?: boolean;
  secretsOf?: SecretOwner;
  publishesSms?: boolean;
  publishesLive?: boolean;
  signsLinks?: boolean;
}

export const API_AREA_PERMISSIONS: Record<Area, AreaPermissions> = {
  // Contact messages, the per-IP counters, and acknowledgements by link (which queue their deliveries).
  // An acknowledgement by link, and a heartbeat's ping, are pushed to open screens.
  // Its callers have no session: one item per write, never into another area's partitions.
  public: { table: 'singleItemWrites', cognito: [], sendsMail: true, startsChecks: false, queuesDeliveries: true, publishesLive: true },
  auth: {
    table: 'readWrite',
    cognito: [
      'AdminCreateUser',
      'AdminDeleteUser',
      'AdminDisableUser',
      'AdminEnableUser',
      'AdminGetUser',
      // Sign-in, and the current password of change-password and delete-account (identity-session-repository.ts).
      'AdminInitiateAuth',
      'AdminSetUserPassword',
      'AdminUpdateUserAttributes',
      'AdminUserGlobalSignOut',
    ],
    sendsMail: true,
    startsChecks: false,
    // Two-factor secrets are sealed at set-up and opened to check a code (docs/security.md "Two-factor sign-in").
    sealsSecrets: true,
    opensSecrets: true,
    secretsOf: 'two_factor',
  },
  // A monitor created, edited, paused, resumed or deleted is pushed to the user's other screens.
  monitors: { table: 'readWrite', cognito: [], sendsMail: false, startsChecks: true, sealsSecrets: true, secretsOf: 'monitor', publishesLive: true },
  // Reads only, but a request that fails with a 5xx is written to the application error log.
  // An acknowledgement from the incident page queues its channels' deliveries.
  // An incident update queues its notices to the subscribers of the pages that show it.
  insights: { table: 'readWrite', cognito: [], sendsMail: false, startsChecks: false, queuesDeliveries: true, queuesSubscriberNotices: true, publishesLive: true },
  // Alert channels too: their credentials are sealed on save and opened for a test send, which may
  // be a text message (docs/alerts.md "Destinations and SSRF").
  account: {
    table: 'readWrite',
    cognito: [],
    sendsMail: true,
    startsChecks: false,
    sealsSecrets: true,
    opensSecrets: true,
    secretsOf: 'channel',
    publishesSms: true,
  },
  // Payment records, subscriptions, receipts and plan-change mails (docs/billing.md); its provider
  // secret is granted by the api stack's wireBilling.
  // A webhook that changes the plan is pushed to open screens.
  billing: { table: 'readWrite', cognito: [], sendsMail: true, startsChecks: false, publishesLive: true },
  // Workspaces (docs/teams.md): the switcher's list, members, the audit log.
  // Invitations are mailed (docs/teams.md "Members and invitations").
  workspaces: { table: 'readWrite', cognito: [], sendsMail: true, startsChecks: false },
  // The public API (docs/api.md): the monitor services (sealing a new monitor's secrets, pushing
  // changes to open screens), an acknowledgement, which queues the incident's channels' deliveries, and
  // an incident update, which queues its notices to the subscribers of the pages that show it; a force
  // check starts checks as the monitors area's does.
  v1: { table: 'readWrite', cognito: [], sendsMail: false, startsChecks: true, queuesDeliveries: true, queuesSubscriberNotices: true, sealsSecrets: true, secretsOf: 'monitor', publishesLive: true },
  // Operators change identities (edit e-mail and name, deactivate with sign-out, reactivate,
  // delete) but send no mail and start no checks (docs/admin.md).
  admin: {
    table: 'readWrite',
    // AdminInitiateAuth: the operators' own sign-in (admin-login.ts). AdminListGroupsForUser: every admin request confirms the caller is in the admin group now (docs/security.md "Tokens and sessions").
    cognito: ['AdminDeleteUser', 'AdminDisableUser', 'AdminEnableUser', 'AdminInitiateAuth', 'AdminListGroupsForUser', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
    // The user is mailed about an operator's plan change or monitor hold (docs/admin.md "Telling the user").
    sendsMail: true,
    startsChecks: false,
    // The admin sign-in opens the operator's two-factor secret to check the code (docs/security.md "Two-factor sign-in").
    opensSecrets: true,
    secretsOf: 'two_factor',
  },
  // Status pages (docs/status-pages.md): pages, their slugs and the reads of the public page; a
  // subscriber's confirmation mail, the unsubscribe links it checks (docs/status-pages.md "Subscribers")
  // and a private page's sign-in links and access cookies ("Private pages").
  status: { table: 'readWrite', cognito: [], sendsMail: true, startsChecks: false, signsLinks: true },
};
