import { hkdfSync } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config.js';
import { traced } from '../observability/tracer.js';

/**
 * The server's signing secret, for values we hand out and later take back without storing them:
 * a private status page's access cookie (docs/status-pages.md "Private pages"). On AWS it is a
 * Secrets Manager secret the api stack generates (`SIGNING_SECRET_ID`), read once per cold start;
 * locally the local cloud's `UPWATCH_SIGNING_SECRET` setting (`LOCAL_SIGNING_SECRET`). Each use
 * gets its own key derived from it (HKDF, the purpose as the label), so a value signed for one
 * purpose never verifies for another.
 */

const NO_SECRET = 'No signing secret: SIGNING_SECRET_ID (AWS) or LOCAL_SIGNING_SECRET (local cloud) must be set';

const readSecret = async (secretId: string): Promise<string> => {
  const client = traced(new SecretsManagerClient({ region: config().region }));
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`The signing secret ${secretId} is empty`);
  return SecretString;
};

let secret: Promise<string> | undefined;

const signingSecret = (): Promise<string> => {
  secret ??= (async () => {
    const secretId = process.env.SIGNING_SECRET_ID?.trim();
    if (secretId) return readSecret(secretId);
    const local = process.env.LOCAL_SIGNING_SECRET;
    if (local) return local;
    throw new Error(NO_SECRET);
  })().catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
};

/** The purposes a key is derived for: one per kind of signed value. */
export type SigningPurpose = 'status-page-access';

const keys = new Map<SigningPurpose, Buffer>();

/** The 256-bit HMAC key of one purpose, derived from the signing secret on first use and kept. */
export const signingKey = async (purpose: SigningPurpose): Promise<Buffer> => {
  const known = keys.get(purpose);
  if (known) return known;
  const key = Buffer.from(hkdfSync('sha256', await signingSecret(), 'upwatch-signing', purpose, 32));
  keys.set(purpose, key);
  return key;
};
