import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

/**
 * Loads a sample event (`events/<source>/<case>.json`) for tests and local invokes. The API Gateway
 * samples are payload format 2.0 as an HTTP API sends them: signed-in routes carry the access-token
 * claims under `requestContext.authorizer.jwt.claims`, as strings ("[admin]" for groups).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

export const sampleEventNames = (source: string): string[] =>
  fs
    .readdirSync(path.join(here, source))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''));

/** A fresh copy of `events/apigw/<name>.json`, with top-level fields replaced. */
export const apiGatewayEvent = (
  name: string,
  overrides: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> = {},
): APIGatewayProxyEventV2WithJWTAuthorizer => {
  const event = JSON.parse(fs.readFileSync(path.join(here, 'apigw', `${name}.json`), 'utf8'));
  return { ...event, ...overrides };
};

/** A fresh copy of any other sample, `events/<source>/<name>.json` (sqs, scheduler). */
export const jsonSampleEvent = <T>(source: string, name: string): T =>
  JSON.parse(fs.readFileSync(path.join(here, source, `${name}.json`), 'utf8')) as T;
