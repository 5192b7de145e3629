import { hkdfSync } from 'node:crypto';

/**
 * The origin secret of the local cloud (functions/secrets/origin-secret.ts): derived from its
 * secrets key, so it is never a constant in the code and changes with that setting. The local cloud
 * hands it to the handlers (`LOCAL_ORIGIN_SECRET`) and to the gateway, which adds it to every API
 * request as CloudFront does on AWS.
 */
export const localOriginSecret = (localSecretsKey: string): string =>
  Buffer.from(hkdfSync('sha256', localSecretsKey, 'upwatch-origin-v1', 'cloudfront-origin-header', 32)).toString('base64url');
