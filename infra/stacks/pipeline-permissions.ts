/**
 * What each home-region pipeline function may do beyond consuming its own queue (which its event
 * source grants), declared per function like the API areas (api-permissions.ts; docs/security.md).
 * A function of infra/event-sources.ts without a row here stops synth, naming itself, so a new one
 * declares its own permissions; test/infra/least-privilege.test.ts checks each row against the
 * calls its bundled code makes. (The checker, in its own stack per region, may send to the results
 * queue only: checker-stack.ts.)
 *
 * - `table`: `read` or `readWrite`.
 * - `updatesByStatement`: `dynamodb:PartiQLUpdate` on the table (not its indexes): conditional
 *   updates sent as PartiQL statements in a BatchExecuteStatement (functions/repositories/update-batches.ts).
 * - `sendsTo`: the queues it puts messages on (`checks`: every region's check queue).
 * - `sendsMail`: `ses:SendEmail` from the configured sender only.
 * - `sendsRawMail`: `ses:SendRawEmail`, the same way: mails with headers of their own (a status
 *   page subscriber's `List-Unsubscribe`; docs/status-pages.md "Subscriber mails").
 * - `hidesOwnMessages`: `sqs:ChangeMessageVisibility` on its own queue (a retry's back-off); the
 *   event source mapping grants that too, this makes the function's own call explicit.
 * - `opensSecrets`: `kms:Decrypt` on the data stack's secrets key, for data keys bound to an alert
 *   channel only (`channel:*`; docs/alerts.md "Destinations and SSRF").
 * - `publishesSms`: `sns:Publish` straight to phone numbers, never to a topic or an app endpoint
 *   (function-grants.ts `grantPublishSms`).
 * - `signsLinks`: `secretsmanager:GetSecretValue` on the data stack's signing secret only, the
 *   master of the HMAC keys of links (functions/secrets/signing-key.ts): a subscriber's unsubscribe link.
 * - `publishesLive`: `execute-api:ManageConnections` on the live-status WebSocket stage only
 *   (docs/live-status.md "Pushes"; live-stack.ts `grantPublish`).
 */
export type PipelineQueue = 'checks' | 'results' | 'alerts' | 'channelDeliveries' | 'subscriberNotices';

export interface PipelinePermissions {
  table: 'read' | 'readWrite';
  updatesByStatement?: boolean;
  sendsTo: readonly PipelineQueue[];
  sendsMail: boolean;
  sendsRawMail?: boolean;
  hidesOwnMessages?: boolean;
  opensSecrets?: boolean;
  publishesSms?: boolean;
  publishesLive?: boolean;
  signsLinks?: boolean;
  /** The `cognito-idp:Admin*` actions its code sends to the user pool (the pool is the auth stack's). */
  cognito?: readonly string[];
}

export const PIPELINE_PERMISSIONS: Readonly<Record<string, PipelinePermissions>> = {
  // Pushes a monitor's state changes and its incidents to open screens. Sends a round deadline on
  // to its own queue while the queue is behind (shared/checks/deadline-postponement.ts). Writes a
  // batch's steady rounds as statements, 25 to a call (docs/PERFORMANCE.md "Steady rounds in batches").
  processor: { table: 'readWrite', updatesByStatement: true, sendsTo: ['alerts', 'results'], sendsMail: false, publishesLive: true },
  // Mails the owner and fans each alert out to its channels' deliveries (docs/alerts.md "Delivery"),
  // and an incident opened or resolved to the status pages' subscribers (docs/status-pages.md "Subscriber mails").
  mailer: { table: 'readWrite', sendsTo: ['channelDeliveries', 'subscriberNotices'], sendsMail: true, hidesOwnMessages: true },
  // A page's subscribers a slice at a time, each mail with its List-Unsubscribe headers; the next slice queued anew.
  'subscriber-mailer': { table: 'readWrite', sendsTo: ['subscriberNotices'], sendsMail: false, sendsRawMail: true, signsLinks: true },
  // One try per delivery: a retry is queued anew with its delay; e-mail channels and the "channel
  // paused" mail through SES, texts through SNS, the channel's secrets opened for the try.
  'channel-deliverer': {
    table: 'readWrite',
    sendsTo: ['channelDeliveries'],
    sendsMail: true,
    opensSecrets: true,
    publishesSms: true,
  },
  dispatcher: { table: 'read', sendsTo: ['checks', 'results'], sendsMail: false },
  'outbox-sweeper': { table: 'readWrite', sendsTo: ['alerts'], sendsMail: false },
  'delivery-sweeper': { table: 'readWrite', sendsTo: ['channelDeliveries'], sendsMail: false },
  // Reminders and escalation steps: deliveries of open incidents' follow-ups (docs/alerts.md "Alert rules").
  'alert-timers': { table: 'readWrite', sendsTo: ['channelDeliveries'], sendsMail: false },
  // Maintenance windows' boundaries: the stamps, the end-of-window alert and the owner's mails (docs/maintenance.md).
  // Page subscribers' maintenance notices are queued for the subscriber mailer.
  'maintenance-boundaries': { table: 'readWrite', sendsTo: ['alerts', 'subscriberNotices'], sendsMail: true },
  'daily-report': { table: 'readWrite', sendsTo: [], sendsMail: true },
  'weekly-report': { table: 'readWrite', sendsTo: [], sendsMail: true },
  'monthly-sla-report': { table: 'readWrite', sendsTo: [], sendsMail: true },
  // Period ends, scheduled downgrades, dunning's end and the purge of disabled monitors, with their
  // mails (docs/billing.md); the provider secret is granted by checks-home-stack.ts.
  'billing-period-end': { table: 'readWrite', sendsTo: [], sendsMail: true, publishesLive: true },
  // Erases accounts never verified in time, the Cognito identity too (docs/product-rules.md "Unverified accounts").
  'unverified-accounts': { table: 'readWrite', sendsTo: [], sendsMail: false, cognito: ['AdminDeleteUser'] },
  // The daily recount and table census: walks of the operator list partitions, COUNT queries and DescribeTable, the counters and one item written (docs/admin.md "Table size by kind").
  'table-census': { table: 'readWrite', sendsTo: [], sendsMail: false },
};

export const pipelinePermissions = (name: string): PipelinePermissions => {
  const found = PIPELINE_PERMISSIONS[name];
  if (!found) throw new Error(`Pipeline function ${name} declares no permissions: add a row to infra/stacks/pipeline-permissions.ts`);
  return found;
};
