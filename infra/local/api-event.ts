import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { Route } from '../../shared/api/routes.js';
import { routeKey } from '../../shared/api/routes.js';
import type { Claims } from './jwt-authorizer.js';

/** Content types API Gateway passes as text; anything else arrives base64-encoded. */
const isTextual = (contentType: string | undefined): boolean =>
  !contentType || /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json)/i.test(contentType);

const joinHeaderValues = (request: IncomingMessage): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
};

/** Builds the payload-format-2.0 event API Gateway's HTTP API would hand the Lambda. */
export const buildApiEvent = (opts: {
  request: IncomingMessage;
  url: URL;
  body: Buffer;
  route: Route;
  pathParameters: Record<string, string>;
  claims: Claims | null;
}): APIGatewayProxyEventV2WithJWTAuthorizer => {
  const { request, url, body, route, claims } = opts;
  const headers = joinHeaderValues(request);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const textual = isTextual(headers['content-type']);
  const now = new Date();
  const event = {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: request.headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(opts.pathParameters).length ? opts.pathParameters : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null } } : undefined,
    },
  };
  return event as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
};
