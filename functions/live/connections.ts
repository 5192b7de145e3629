import type { APIGatewayProxyResult } from 'aws-lambda';
import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { logger } from '../observability/logger.js';
import { deleteLiveConnection, saveLiveConnection } from '../repositories/live-connection-repository.js';
import { attachLiveConnection } from '../repositories/session-repository.js';

/**
 * The WebSocket API's `$connect` and `$disconnect` routes (docs/live-status.md "Pushes"), on AWS
 * and in the local gateway alike. The connection was authorized before it reached here (the
 * authorizer on AWS, the gateway's JWT check locally), which put the user's id in
 * `requestContext.authorizer.principalId` and the workspace the screen watches in
 * `requestContext.authorizer.workspaceId`; API Gateway hands both to `$disconnect` too. The
 * connection is kept under that workspace, whose changes the pipeline publishes, so every member's
 * open screen is pushed to (a connection authorized before workspaces named none: its user's own).
 * Screens only listen: the API has no other route, and a message a browser sends is dropped.
 */
export const ConnectionEvent = z.object({
  requestContext: z.object({
    connectionId: z.string().min(1),
    eventType: z.enum(['CONNECT', 'DISCONNECT']),
    authorizer: z.object({ principalId: z.string().min(1), workspaceId: z.string().min(1).optional(), sessionId: z.string().min(1).optional() }),
  }),
});

export const handler = lambdaEntry(async (event: unknown): Promise<APIGatewayProxyResult> => {
  const parsed = ConnectionEvent.safeParse(event);
  if (!parsed.success) {
    logger.warn('Live connection event without a user; refused', { issues: parsed.error.issues.length });
    return { statusCode: 403, body: 'Forbidden' };
  }
  const { connectionId, eventType, authorizer } = parsed.data.requestContext;
  const watched = authorizer.workspaceId ?? authorizer.principalId;
  if (eventType === 'CONNECT') {
    await saveLiveConnection(watched, connectionId, new Date());
    // The session remembers its connections, so signing it out deletes their rows and nothing more
    // is pushed to them (docs/security.md "Tokens and sessions"). A session ended meanwhile: refused.
    if (authorizer.sessionId && !(await attachLiveConnection(authorizer.principalId, authorizer.sessionId, watched, connectionId))) {
      await deleteLiveConnection(watched, connectionId);
      return { statusCode: 403, body: 'Forbidden' };
    }
  } else await deleteLiveConnection(watched, connectionId);
  return { statusCode: 200, body: '' };
});
