import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../config.js';
import { withoutCallLog } from './client-options.js';

let client: ApiGatewayManagementApiClient | undefined;

/**
 * The process-wide client of the WebSocket API's management endpoint (docs/live-status.md
 * "Pushes"), or null when this function has none configured (then nothing is pushed). The endpoint
 * is always explicit: on AWS the API's callback URL, locally the gateway's `/live`, where the same
 * SDK calls land (the local cloud's environment carries its dummy credentials). One attempt per
 * call, without the SDK's back-off: publish-live.ts tries a refused post once more itself, at once,
 * within its budget; past that, the 30 s poll is the retry.
 */
export const liveConnections = (): ApiGatewayManagementApiClient | null => {
  const endpoint = config().liveConnectionsEndpoint;
  if (!endpoint) return null;
  // A burst of transitions posts to many screens at once: more sockets than the SDK's default 50.
  return (client ??= withoutCallLog(
    new ApiGatewayManagementApiClient({
      region: config().region,
      endpoint,
      maxAttempts: 1,
      requestHandler: { httpAgent: { keepAlive: true, maxSockets: 200 }, httpsAgent: { keepAlive: true, maxSockets: 200 } },
    }),
  ));
};
