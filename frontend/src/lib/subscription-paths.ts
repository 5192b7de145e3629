// The plan calls' paths, apart from lib/subscription.ts so that modules on the first page's path
// (lib/live.ts) can name them without loading the response schemas (and zod) with it.
export const PACKAGES_PATH = '/api/subscription/packages';
export const SUBSCRIPTION_LIMITS_PATH = '/api/subscription/limits';
