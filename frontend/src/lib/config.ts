/**
 * The SPA's runtime settings (docs/contracts.md "SPA runtime configuration"). One build serves the
 * local cloud and AWS: the gateway or the web stack writes /config.json, and we read it once,
 * before the first render.
 */
import { useSyncExternalStore } from 'react';

export interface RuntimeConfig {
  /** Empty means the API is on the same origin. */
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only locally (cognito-local); null on AWS. */
  userPoolEndpoint?: string | null | undefined;
  /** Where contact-form messages go (the API's SUPPORT_EMAIL), listed on /contact; optional. */
  supportEmail?: string | null | undefined;
  /** Razorpay's checkout.js for the UPI popup: the local provider's locally, Razorpay's own on AWS (docs/billing.md). */
  razorpayCheckoutUrl?: string | null | undefined;
  /**
   * The WebSocket API that pushes changes to open screens (docs/live-status.md "Pushes"):
   * `wss://...` on AWS, a same-origin path (`/live`) locally; absent, screens only poll.
   */
  liveSocketUrl?: string | null | undefined;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checked by hand rather than with zod: this runs before the first screen, and zod would add
 * ~25 kB of gzipped JavaScript to every page's first load (docs/performance-web.md).
 */
export const parseRuntimeConfig = (
  body: unknown,
): { success: true; data: RuntimeConfig } | { success: false; fields: string[] } => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { success: false, fields: ['(root)'] };
  const value = body as Record<string, unknown>;
  const text = (key: string, required: boolean): boolean =>
    typeof value[key] === 'string' && (!required || (value[key] as string).length > 0);
  const fields = [
    ...(text('apiUrl', false) ? [] : ['apiUrl']),
    ...['region', 'userPoolId', 'userPoolClientId'].filter((key) => !text(key, true)),
    ...(value.userPoolEndpoint === undefined || value.userPoolEndpoint === null || text('userPoolEndpoint', false) ? [] : ['userPoolEndpoint']),
  ];
  if (fields.length) return { success: false, fields };
  const supportEmail = typeof value.supportEmail === 'string' && EMAIL_SHAPE.test(value.supportEmail) ? value.supportEmail : null;
  return {
    success: true,
    data: {
      apiUrl: value.apiUrl as string,
      region: value.region as string,
      userPoolId: value.userPoolId as string,
      userPoolClientId: value.userPoolClientId as string,
      ...(value.userPoolEndpoint !== undefined ? { userPoolEndpoint: value.userPoolEndpoint as string | null } : {}),
      supportEmail,
      razorpayCheckoutUrl: typeof value.razorpayCheckoutUrl === 'string' ? value.razorpayCheckoutUrl : null,
      liveSocketUrl: typeof value.liveSocketUrl === 'string' && value.liveSocketUrl ? value.liveSocketUrl : null,
    },
  };
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

let loaded: RuntimeConfig | undefined;
let loading: Promise<RuntimeConfig> | undefined;
// Components showing a configured value (useRuntimeConfig), told when it arrives.
const listeners = new Set<() => void>();

const fetchConfig = async (): Promise<RuntimeConfig> => {
  let response: Response;
  try {
    response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    throw new ConfigError('The configuration could not be downloaded (network error).');
  }
  if (!response.ok) throw new ConfigError(`The configuration could not be downloaded (HTTP ${response.status}).`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('The configuration file is not valid JSON.');
  }
  const parsed = parseRuntimeConfig(body);
  if (!parsed.success) throw new ConfigError(`The configuration file is incomplete (check: ${parsed.fields.join(', ')}).`);
  loaded = { ...parsed.data, apiUrl: parsed.data.apiUrl.replace(/\/+$/, '') };
  for (const listener of listeners) listener();
  return loaded;
};

/**
 * The configuration, downloaded once: main.tsx starts it, and API calls wait for it (a prerendered
 * page is hydrated before it is in, docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml").
 */
export const loadConfig = (): Promise<RuntimeConfig> => (loading ??= fetchConfig());

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The runtime configuration for a component that may be prerendered (app/prerender.tsx): null
 * while the build renders it and while the browser hydrates that HTML, so both render the same
 * markup; the loaded configuration right after (docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml").
 */
export const useRuntimeConfig = (): RuntimeConfig | null =>
  useSyncExternalStore(
    subscribe,
    () => loaded ?? null,
    () => null,
  );

/** The loaded configuration; only valid after `loadConfig()` resolved (main.tsx and every API call await it). */
export const getConfig = (): RuntimeConfig => {
  if (!loaded) throw new ConfigError('Configuration read before it was loaded.');
  return loaded;
};
