/**
 * The path prefixes the API answers rather than the SPA's files: the JSON API, and the public status
 * pages the API renders as HTML (docs/status-pages.md "The public page"). CloudFront routes them to
 * the API origin (infra/stacks/web-stack.ts) and the local gateway to the area handlers
 * (infra/local/gateway.ts); every route of shared/api/routes.ts starts with one of them.
 */
export const API_ORIGIN_PREFIXES = ['/api/', '/status/'] as const;
