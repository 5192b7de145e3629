import { randomBytes } from 'node:crypto';

/** A heartbeat monitor's push secret: 32 random bytes, base64url (43 characters); unguessable and unrelated to the monitor id. */
export const newHeartbeatToken = (): string => randomBytes(32).toString('base64url');
