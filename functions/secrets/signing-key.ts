import { hkdfSync } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { traced } from '../observability/tracer.js';

/**
 * Keys for HMAC signatures the server alone can make (a status page subscriber's unsubscribe link,
 * docs/status-pages.md "Subscribers"). One master secret, and one key derived from it per purpose
 * (HKDF-SHA256), so a signature made for one purpose never verifies for another:
 * - on AWS the master is the string of the Secrets Manager secret `SIGNING_SECRET_ID`, read once
 *   per cold start;
 * - locally it is the local cloud's fixed `UPWATCH_SECRETS_KEY` setting (`LOCAL_SECRETS_KEY`), the
 *   one that also seals monitor secrets there.
 */

const Env = z.object({
  SIGNING_SECRET_ID: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).optional()),
  LOCAL_SECRETS_KEY: z.string().optional(),
  AWS_REGION: z.string().optional(),
});

const NO_SECRET = 'No signing secret: SIGNING_SECRET_ID (AWS) or LOCAL_SECRETS_KEY (local cloud) must be set';

let master: Promise<string> | undefined;

const readMaster = async (): Promise<string> => {
  const env = Env.parse(process.env);
  if (env.SIGNING_SECRET_ID) {
    const client = traced(new SecretsManagerClient({ region: env.AWS_REGION }));
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: env.SIGNING_SECRET_ID }));
    if (!SecretString) throw new Error('The signing secret is empty');
    return SecretString;
  }
  if (env.LOCAL_SECRETS_KEY) return env.LOCAL_SECRETS_KEY;
  throw new Error(NO_SECRET);
};

const keys = new Map<string, Buffer>();

/** The 32-byte HMAC key of `purpose`, derived from the master secret (read once per process). */
export const signingKey = async (purpose: string): Promise<Buffer> => {
  const known = keys.get(purpose);
  if (known) return known;
  master ??= readMaster().catch((error: unknown) => {
    master = undefined;
    throw error;
  });
  const key = Buffer.from(hkdfSync('sha256', await master, 'upwatch-signing-v1', purpose, 32));
  keys.set(purpose, key);
  return key;
};
