import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { z } from 'zod';
import { traced } from '../observability/tracer.js';

/**
 * Envelope encryption of a monitor's secrets (basic-auth passwords, header values marked secret;
 * docs/checks.md "Secrets"). Each secret is sealed with its own 256-bit data key (AES-256-GCM), and
 * the data key is stored wrapped next to it:
 * - on AWS by the KMS key of the data stack (`SECRETS_KMS_KEY_ID`, in `SECRETS_KMS_REGION`, the home
 *   region): the API's monitors area may only generate data keys, the checkers may only decrypt;
 * - locally by a key derived from the local cloud's `UPWATCH_SECRETS_KEY` setting (`LOCAL_SECRETS_KEY`).
 * Both bind the sealed value to its monitor (KMS encryption context / GCM additional data), so a
 * value copied onto another monitor does not open. Format: `uw1.<k|l>.<wrapped key>.<iv>.<sealed>`
 * (base64url parts). A checker in another region opens it by calling KMS in the home region, once
 * per data key and warm Lambda (the cache below), so secrets travel to the checkers sealed.
 */

const Env = z.object({
  SECRETS_KMS_KEY_ID: z.string().trim().optional(),
  SECRETS_KMS_REGION: z.string().trim().optional(),
  LOCAL_SECRETS_KEY: z.string().optional(),
  AWS_REGION: z.string().optional(),
});

/** What sealing needs: fresh data keys, in clear and wrapped. */
export interface SealingRing {
  id: 'k' | 'l';
  newDataKey(context: string): Promise<{ plain: Buffer; wrapped: Buffer }>;
}

/** What opening needs: unwrapping a stored data key. */
export interface OpeningRing {
  id: 'k' | 'l';
  unwrap(wrapped: Buffer, context: string): Promise<Buffer>;
}

const b64 = (bytes: Buffer): string => bytes.toString('base64url');
const unb64 = (text: string): Buffer => Buffer.from(text, 'base64url');

const gcmSeal = (key: Buffer, plain: Buffer, aad: string): { iv: Buffer; sealed: Buffer } => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { iv, sealed };
};

const gcmOpen = (key: Buffer, iv: Buffer, sealed: Buffer, aad: string): Buffer => {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
};

/** The local key ring: data keys wrapped with AES-256-GCM under a key derived from the setting. */
export const localKeyRing = (secret: string): SealingRing & OpeningRing => {
  const master = Buffer.from(hkdfSync('sha256', secret, 'upwatch-local-secrets', 'monitor-secrets-v1', 32));
  return {
    id: 'l',
    newDataKey: async (context) => {
      const plain = randomBytes(32);
      const { iv, sealed } = gcmSeal(master, plain, context);
      return { plain, wrapped: Buffer.concat([iv, sealed]) };
    },
    unwrap: async (wrapped, context) => gcmOpen(master, wrapped.subarray(0, 12), wrapped.subarray(12), context),
  };
};

// The two KMS halves are separate functions so that each Lambda's bundle holds only the call it
// makes (test/infra/least-privilege.test.ts): the API's monitors area GenerateDataKey, the checker Decrypt.

/** KMS data keys under the data stack's key, bound to the monitor by the encryption context. */
export const kmsSealingRing = (client: Pick<KMSClient, 'send'>, keyId: string): SealingRing => ({
  id: 'k',
  newDataKey: async (context) => {
    const answer = await client.send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { upwatch: context } }));
    if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS returned no data key');
    return { plain: Buffer.from(answer.Plaintext), wrapped: Buffer.from(answer.CiphertextBlob) };
  },
});

/** Unwraps KMS data keys (the wrapped key names its KMS key; the context must match). */
export const kmsOpeningRing = (client: Pick<KMSClient, 'send'>): OpeningRing => ({
  id: 'k',
  unwrap: async (wrapped, context) => {
    const answer = await client.send(new DecryptCommand({ CiphertextBlob: wrapped, EncryptionContext: { upwatch: context } }));
    if (!answer.Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(answer.Plaintext);
  },
});

const NO_KEY = 'No key for monitor secrets: SECRETS_KMS_KEY_ID (AWS) or LOCAL_SECRETS_KEY (local cloud) must be set';

let sealing: SealingRing | undefined;
let opening: OpeningRing | undefined;

const kmsClient = (env: z.infer<typeof Env>): KMSClient => traced(new KMSClient({ region: env.SECRETS_KMS_REGION || env.AWS_REGION }));

const sealingRingFromEnv = (): SealingRing => {
  if (sealing) return sealing;
  const env = Env.parse(process.env);
  if (env.SECRETS_KMS_KEY_ID) sealing = kmsSealingRing(kmsClient(env), env.SECRETS_KMS_KEY_ID);
  else if (env.LOCAL_SECRETS_KEY) sealing = localKeyRing(env.LOCAL_SECRETS_KEY);
  else throw new Error(NO_KEY);
  return sealing;
};

const openingRingFromEnv = (): OpeningRing => {
  if (opening) return opening;
  const env = Env.parse(process.env);
  if (env.SECRETS_KMS_KEY_ID) opening = kmsOpeningRing(kmsClient(env));
  else if (env.LOCAL_SECRETS_KEY) opening = localKeyRing(env.LOCAL_SECRETS_KEY);
  else throw new Error(NO_KEY);
  return opening;
};

/** The context a monitor's secrets are bound to. */
export const monitorSecretContext = (monitorId: string): string => `monitor:${monitorId}`;

export const sealSecret = async (plain: string, context: string, ring: SealingRing = sealingRingFromEnv()): Promise<string> => {
  const dataKey = await ring.newDataKey(context);
  const { iv, sealed } = gcmSeal(dataKey.plain, Buffer.from(plain, 'utf8'), context);
  dataKey.plain.fill(0);
  return ['uw1', ring.id, b64(dataKey.wrapped), b64(iv), b64(sealed)].join('.');
};

/** Unwrapped data keys of this process per ring, so a warm checker asks KMS once per secret, not per check. */
const openedKeysByRing = new WeakMap<OpeningRing, Map<string, Buffer>>();
const OPENED_KEYS_MAX = 5000;

export const openSecret = async (sealedText: string, context: string, ring: OpeningRing = openingRingFromEnv()): Promise<string> => {
  const [version, ringId, wrapped, iv, sealed] = sealedText.split('.');
  if (version !== 'uw1' || ringId !== ring.id || !wrapped || !iv || !sealed) {
    throw new Error(`A sealed secret of another key ring or format (${version ?? '?'}.${ringId ?? '?'})`);
  }
  const cacheKey = `${context}|${wrapped}`;
  let openedKeys = openedKeysByRing.get(ring);
  if (!openedKeys) openedKeysByRing.set(ring, (openedKeys = new Map()));
  let key = openedKeys.get(cacheKey);
  if (!key) {
    key = await ring.unwrap(unb64(wrapped), context);
    if (openedKeys.size >= OPENED_KEYS_MAX) openedKeys.delete(openedKeys.keys().next().value!);
    openedKeys.set(cacheKey, key);
  }
  return gcmOpen(key, unb64(iv), unb64(sealed), context).toString('utf8');
};
