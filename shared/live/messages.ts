import { z } from 'zod';

/**
 * What the server pushes to open screens (docs/live-status.md "Pushes"): a small message naming
 * what changed, never the data itself. The screen then revalidates exactly the answers concerned
 * through the API it already reads, so a push carries no more than the API would show and a lost
 * push costs nothing but time (the 30 s poll still runs).
 */
export const MonitorChanged = z.object({ type: z.literal('monitor.changed'), monitor_id: z.string().min(1) });
export const IncidentChanged = z.object({
  type: z.literal('incident.changed'),
  incident_id: z.string().min(1),
  monitor_id: z.string().min(1),
});
export const PlanChanged = z.object({ type: z.literal('plan.changed') });

export const LiveMessage = z.discriminatedUnion('type', [MonitorChanged, IncidentChanged, PlanChanged]);
export type LiveMessage = z.infer<typeof LiveMessage>;

/**
 * One pushed frame (docs/live-status.md "Pushes"): a single message as it is, several as a JSON array
 * of them, so a publish costs one post per screen however many messages it carries.
 */
export const liveFrame = (messages: readonly LiveMessage[]): string =>
  JSON.stringify(messages.length === 1 ? messages[0] : messages);

/** A pushed frame as the browser receives it: its messages (one, or an array's), leaving out anything else. */
export const parseLiveMessages = (frame: string): LiveMessage[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame);
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((value) => {
    const message = LiveMessage.safeParse(value);
    return message.success ? [message.data] : [];
  });
};

/**
 * The WebSocket API's stage, which is also the path of the socket and of the management API
 * (`POST /<stage>/@connections/{id}`) on AWS and in the local gateway alike.
 */
export const LIVE_STAGE = 'live';

/** The query parameter that carries the Cognito access token on `$connect` (browsers cannot set headers on a WebSocket). */
export const LIVE_TOKEN_PARAMETER = 'token';

/**
 * The query parameter that names the workspace a screen watches on `$connect` (docs/live-status.md
 * "Pushes"), as `X-Workspace-Id` does for the HTTP API; without it, the person's own workspace.
 */
export const LIVE_WORKSPACE_PARAMETER = 'workspace';

/**
 * How long a connection row lives (seconds): API Gateway closes a WebSocket after two hours at
 * most, so a row whose `$disconnect` never came is gone by then (TTL).
 */
export const LIVE_CONNECTION_TTL_SECONDS = 2 * 60 * 60;
