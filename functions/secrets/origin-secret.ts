import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { traced } from '../observability/tracer.js';

/**
 * The secret CloudFront adds to every request it passes to the API (docs/security.md "Abuse
 * limits"), so the API can tell a request that came through CloudFront (whose client-IP header it
 * set) from one sent straight to the execute-api endpoint (whose headers anyone chose):
 * - on AWS it is the string of the Secrets Manager secret `ORIGIN_SECRET_ID` (infra/stacks/api-stack.ts),
 *   which the web stack sets as a custom origin header; read once per cold start;
 * - locally it is `LOCAL_ORIGIN_SECRET`, which the local cloud derives from its secrets key
 *   (`local-origin-secret.ts`), and the gateway, which plays CloudFront's part there, adds it the same
 *   way (infra/local/gateway.ts);
 * - with neither (unit tests that call a handler directly) there is no edge to come through and
 *   nothing is checked; test/infra/api-stack.test.ts holds that every deployed area has the secret.
 */

const Env = z.object({
  ORIGIN_SECRET_ID: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).optional()),
  LOCAL_ORIGIN_SECRET: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
  AWS_REGION: z.string().optional(),
});

let expected: Promise<string | null> | undefined;

const readExpected = async (): Promise<string | null> => {
  const env = Env.parse(process.env);
  if (env.ORIGIN_SECRET_ID) {
    const client = traced(new SecretsManagerClient({ region: env.AWS_REGION }));
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: env.ORIGIN_SECRET_ID }));
    if (!SecretString) throw new Error('The origin secret is empty');
    return SecretString;
  }
  return env.LOCAL_ORIGIN_SECRET ?? null;
};

/** The secret a request must carry, or null where no edge is configured; read once per process. */
export const expectedOriginSecret = (): Promise<string | null> => {
  expected ??= readExpected().catch((error: unknown) => {
    expected = undefined;
    throw error;
  });
  return expected;
};

/** Whether `sent` is the expected secret, compared in constant time. */
export const isOriginSecret = (sent: string | undefined, secret: string): boolean => {
  if (sent === undefined) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Forgets the value read, for tests that change the environment. */
export const resetOriginSecretForTests = (): void => {
  expected = undefined;
};
