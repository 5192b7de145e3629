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

/** A pushed frame as the browser receives it: a LiveMessage, or null for anything else (ignored). */
export const parseLiveMessage = (frame: string): LiveMessage | null => {
  try {
    const parsed = LiveMessage.safeParse(JSON.parse(frame));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
