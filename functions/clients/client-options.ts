import { config } from '../config.js';

// Emulators accept any signature; on AWS (no endpoint override) the default provider chain applies.
const EMULATOR_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** Region, plus endpoint and dummy credentials when the local cloud points the client elsewhere. */
export const clientOptions = (endpoint: string | undefined) => ({
  region: config().region,
  ...(endpoint ? { endpoint, credentials: EMULATOR_CREDENTIALS } : {}),
});

/**
 * Takes the SDK's call-log middleware out of a client. It runs on every call, with or without a
 * logger, and copies the call's whole input and output through the service's schema to mask
 * sensitive fields before handing them to a logger that, by default, does nothing: for a page of
 * 1,500 items that was 8 % of the local gateway's CPU (docs/PERFORMANCE.md "Scale"). We log calls
 * ourselves where they matter.
 */
export const withoutCallLog = <C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C => {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
};
