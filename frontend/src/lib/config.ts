import { z } from 'zod';

/**
 * The SPA's runtime settings (docs/contracts.md "SPA runtime configuration"). One build serves the
 * local cloud and AWS: the gateway or the web stack writes /config.json, and we read it once,
 * before the first render.
 */
export const RuntimeConfig = z.object({
  /** Empty means the API is on the same origin. */
  apiUrl: z.string(),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set only locally (cognito-local); null on AWS. */
  userPoolEndpoint: z.string().nullable().optional(),
  /** Where contact-form messages go (the API's SUPPORT_EMAIL), listed on /contact; optional. */
  supportEmail: z.email().nullable().optional().catch(null),
  /** Razorpay's checkout.js for the UPI popup: the local provider's locally, Razorpay's own on AWS (docs/billing.md). */
  razorpayCheckoutUrl: z.string().nullable().optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

let loaded: RuntimeConfig | undefined;

export const loadConfig = async (): Promise<RuntimeConfig> => {
  if (loaded) return loaded;
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
  const parsed = RuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new ConfigError(`The configuration file is incomplete (check: ${fields}).`);
  }
  loaded = { ...parsed.data, apiUrl: parsed.data.apiUrl.replace(/\/+$/, '') };
  return loaded;
};

/** The loaded configuration; only valid after `loadConfig()` resolved (main.tsx awaits it). */
export const getConfig = (): RuntimeConfig => {
  if (!loaded) throw new ConfigError('Configuration read before it was loaded.');
  return loaded;
};
