/** The Cognito group whose members are operators (docs/product-rules.md "Operator sign-in and session"); checked on every admin call. */
export const ADMIN_GROUP = 'admin';

/**
 * The groups in a `cognito:groups` claim. In the token it is a JSON array; API Gateway's JWT
 * authorizer flattens arrays to a string such as "[admin]" or "[admin support]" (space-separated);
 * a single group may arrive bare ("admin"). A string is never read as JSON: a group may be named
 * `"admin"` (with the quotes), which API Gateway passes as `["admin"]`.
 * Only whitespace separates groups: Cognito group names cannot hold whitespace but may hold commas,
 * quotes and brackets, so a group named `x,admin` or `"admin"` is that name, never `admin`.
 */
export const parseGroups = (claim: unknown): string[] => {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string' && group !== '');
  if (typeof claim !== 'string') return [];
  const trimmed = claim.trim();
  const list = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return list.split(/\s+/).filter((group) => group !== '');
};

export const isAdminClaim = (groupsClaim: unknown): boolean => parseGroups(groupsClaim).includes(ADMIN_GROUP);
