import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_STAGE, LIVE_TOKEN_PARAMETER, LIVE_WORKSPACE_PARAMETER } from '../../shared/live/messages.js';
import type { Claims } from './jwt-authorizer.js';
import { localLambdaContext } from './lambda-context.js';
import { readCappedBody } from './request-body.js';

/**
 * The local stand-in for the API Gateway WebSocket API of live status (docs/live-status.md
 * "Pushes"): browsers connect to `/live?token=<access token>`, the token is verified as the
 * authorizer does on AWS, the workspace it names (`&workspace=`) is checked by the same function the
 * authorizer calls (functions/live/live-workspace.ts), and the SAME `$connect` / `$disconnect` handler the CDK app deploys
 * (functions/live/connections.ts) records and forgets the connection. Publishers reach the
 * connections through the management API API Gateway answers at `<stage>/@connections/{id}`
 * (POST: send, DELETE: close, GET: about), so the SDK client they use on AWS posts here unchanged.
 */
export type ConnectionHandler = (event: unknown, context?: import('aws-lambda').Context) => Promise<unknown>;

const SOCKET_PATH = `/${LIVE_STAGE}`;
const MANAGEMENT_PATH = new RegExp(`^/${LIVE_STAGE}/@connections/([^/]+)$`);
/** API Gateway refuses posts over 128 KB; our messages are a few dozen bytes. */
const MAX_POST_BYTES = 128 * 1024;
/**
 * The management API is signed with IAM on AWS; the local emulators accept any signature, so here
 * a call must at least be signed with the local cloud's credentials (the browser has none).
 */
const LOCAL_SIGNATURE = /^AWS4-HMAC-SHA256 Credential=local\//;

interface LiveConnection {
  socket: WebSocket;
  userId: string;
  /** The workspace the screen watches, as the authorizer's context carries it on AWS. */
  workspaceId: string;
  /** The session its token belongs to (functions/live/live-workspace.ts), as the authorizer's context carries it. */
  sessionId: string | undefined;
  connectedAt: Date;
  sourceIp: string;
}

const connectionEvent = (eventType: 'CONNECT' | 'DISCONNECT', connectionId: string, connection: Omit<LiveConnection, 'socket'>) => {
  const now = new Date();
  return {
    requestContext: {
      routeKey: eventType === 'CONNECT' ? '$connect' : '$disconnect',
      eventType,
      connectionId,
      connectedAt: connection.connectedAt.getTime(),
      requestTimeEpoch: now.getTime(),
      stage: LIVE_STAGE,
      apiId: 'local',
      domainName: 'localhost',
      identity: { sourceIp: connection.sourceIp },
      authorizer: { principalId: connection.userId, workspaceId: connection.workspaceId, ...(connection.sessionId ? { sessionId: connection.sessionId } : {}) },
    },
    isBase64Encoded: false,
  };
};

const refuseUpgrade = (socket: Duplex, status: 401 | 403 | 500, text: string): void => {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

const answer = (response: ServerResponse, status: number, body?: unknown, errorType?: string): void => {
  response.writeHead(status, {
    'content-type': 'application/json',
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

export const createLiveSockets = (opts: {
  handler: ConnectionHandler;
  authorize: (authorizationHeader: string | undefined) => Promise<Claims | null>;
  /** The workspace a connection may watch, or null to refuse it (functions/live/live-workspace.ts); without it, the user's own. */
  workspaceOf?: (userId: string, requested: string | null, tokenId: string | undefined) => Promise<{ workspaceId: string; sessionId: string } | null>;
  log?: (line: string) => void;
}) => {
  const server = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const connections = new Map<string, LiveConnection>();

  const forget = async (connectionId: string): Promise<void> => {
    const connection = connections.get(connectionId);
    if (!connection) return;
    connections.delete(connectionId);
    await opts.handler(connectionEvent('DISCONNECT', connectionId, connection), localLambdaContext('live-connections', 29_000)).catch((error: unknown) =>
      console.error('[gateway] $disconnect failed:', error),
    );
  };

  /** An HTTP upgrade: true when it was for the live socket (answered here), false for any other path. */
  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== SOCKET_PATH) return false;
    const token = url.searchParams.get(LIVE_TOKEN_PARAMETER);
    void (async () => {
      const claims = token ? await opts.authorize(`Bearer ${token}`) : null;
      if (!claims?.sub) return refuseUpgrade(socket, 401, 'Unauthorized');
      const requested = url.searchParams.get(LIVE_WORKSPACE_PARAMETER);
      const access = opts.workspaceOf
        ? await opts.workspaceOf(claims.sub, requested, typeof claims.jti === 'string' ? claims.jti : undefined)
        : { workspaceId: claims.sub, sessionId: undefined };
      if (!access) return refuseUpgrade(socket, 403, 'Forbidden');
      const { workspaceId, sessionId } = access;
      const connectionId = randomBytes(12).toString('base64url');
      const connection = { userId: claims.sub, workspaceId, sessionId, connectedAt: new Date(), sourceIp: (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '') };
      const result = (await opts.handler(connectionEvent('CONNECT', connectionId, connection), localLambdaContext('live-connections', 29_000))) as
        | { statusCode?: number }
        | undefined;
      if (result?.statusCode !== 200) return refuseUpgrade(socket, 403, 'Forbidden');
      server.handleUpgrade(request, socket, head, (ws) => {
        connections.set(connectionId, { ...connection, socket: ws });
        // Screens only listen; what they send is dropped, as a WebSocket API without a $default route does.
        ws.on('close', () => void forget(connectionId));
        ws.on('error', () => ws.terminate());
      });
    })().catch((error: unknown) => {
      console.error('[gateway] live $connect failed:', error);
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
    return true;
  };

  /** A management API call (`/live/@connections/{id}`): true when answered here, false for any other path. */
  const handleManagement = (request: IncomingMessage, response: ServerResponse, url: URL): boolean => {
    const match = MANAGEMENT_PATH.exec(url.pathname);
    if (!match) return false;
    void (async () => {
      if (!LOCAL_SIGNATURE.test(String(request.headers.authorization ?? ''))) {
        return answer(response, 403, { message: 'Missing Authentication Token' }, 'ForbiddenException');
      }
      const connectionId = decodeURIComponent(match[1]!);
      const connection = connections.get(connectionId);
      if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
        await readCappedBody(request, MAX_POST_BYTES);
        return answer(response, 410, { message: 'Gone' }, 'GoneException');
      }
      if (request.method === 'POST') {
        const body = await readCappedBody(request, MAX_POST_BYTES);
        if (body === 'too-large') return answer(response, 413, { message: 'Payload too large' }, 'PayloadTooLargeException');
        connection.socket.send(body.toString('utf8'));
        opts.log?.(`POST ${url.pathname} -> 200 (${body.length} bytes)`);
        return answer(response, 200);
      }
      if (request.method === 'DELETE') {
        connection.socket.close(1000);
        await forget(connectionId);
        return answer(response, 204);
      }
      if (request.method === 'GET') {
        return answer(response, 200, {
          connectedAt: connection.connectedAt.toISOString(),
          identity: { sourceIp: connection.sourceIp },
          lastActiveAt: connection.connectedAt.toISOString(),
        });
      }
      return answer(response, 405, { message: 'Method not allowed' });
    })().catch((error: unknown) => {
      console.error('[gateway] live management call failed:', error);
      if (!response.headersSent) answer(response, 500, { message: 'Internal server error' });
    });
    return true;
  };

  return {
    handleUpgrade,
    handleManagement,
    /** How many screens are connected (the benchmark reads it). */
    get size() {
      return connections.size;
    },
    /** Closes every socket (without $disconnect calls: the cloud is stopping, the rows expire). */
    close(): void {
      for (const { socket } of connections.values()) socket.terminate();
      connections.clear();
      server.close();
    },
  };
};

export type LiveSockets = ReturnType<typeof createLiveSockets>;
