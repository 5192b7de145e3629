import { config } from '../config.js';

// Emulators accept any signature; on AWS (no endpoint override) the default provider chain applies.
const EMULATOR_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** Region, plus endpoint and dummy credentials when the local cloud points the client elsewhere. */
export const clientOptions = (endpoint: string | undefined) => ({
  region: config().region,
  ...(endpoint ? { endpoint, credentials: EMULATOR_CREDENTIALS } : {}),
});
