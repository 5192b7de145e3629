import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { receiveHeartbeat } from '../../services/monitors/receive-heartbeat.js';

/**
 * The public push URL of heartbeat monitors (docs/checks.md "Heartbeat monitors"): GET or POST,
 * whichever the job's tool makes easiest (curl, wget, an HTTP client); a body is ignored. The
 * secret in the path is the authentication; the per-IP limit applies (ip-limit-rules.ts).
 */
const ping = (failed: boolean) =>
  publicApiHandler(null, async ({ pathParameters }) => ok(await receiveHeartbeat({ token: pathParameters.token ?? '', failed })));

export const heartbeatPing = ping(false);
export const heartbeatFail = ping(true);
