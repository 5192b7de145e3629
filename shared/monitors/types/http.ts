import { z } from 'zod';
import type { MonitorTypeDefinition } from './contract.js';
import { WEBSITE_WORDING } from './wording.js';

/**
 * `http`: an HTTP(S) request to the monitor's `url` (docs/checks.md). Every monitor made before
 * types existed, and the default of every call that does not name a type. It stores no target:
 * its url is its target, and the request options and assertions are its own.
 */
const input = z.object({});

export const httpType = {
  type: 'http',
  label: 'Website (HTTP)',
  input,
  resolve: () => ({ target: undefined }),
  address: { kind: 'url' },
  saveGuard: { kind: 'url' },
  job: { kind: 'url' },
  checkOptions: 'all',
  view: { empty: {}, of: () => ({}) },
  failureTexts: {},
  wording: WEBSITE_WORDING,
  csvColumns: {},
  csvHelp: null,
} satisfies MonitorTypeDefinition<'http', undefined, typeof input.shape, Record<never, never>>;
