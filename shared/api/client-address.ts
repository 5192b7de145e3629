/**
 * The header that carries the client's IP to the API. CloudFront's viewer-request function on
 * `/api/*` (infra/stacks/web-stack.ts) and the local gateway set it from the connection itself,
 * overwriting whatever the client sent, so per-IP limits count real clients, not CloudFront's edge
 * addresses (which are what API Gateway sees as the source). See docs/security.md for the one path
 * around it (the execute-api endpoint called directly) and how a deployment closes it.
 */
export const CLIENT_IP_HEADER = 'x-upwatch-client-ip';
