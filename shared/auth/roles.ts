/** The Cognito group whose members are operators (ARCHITECTURE.md §6); checked on every admin call. */
export const ADMIN_GROUP = 'admin';

/**
 * The groups in a `cognito:groups` claim. In the token it is a JSON array; API Gateway's JWT
 * authorizer flattens arrays to a string such as "[admin]" or "[admin support]"; a single group may
 * arrive bare ("admin"). All of these mean the same.
 */
export const parseGroups = (claim: unknown): string[] => {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string' && group !== '');
  if (typeof claim !== 'string') return [];
  return claim
    .trim()
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((group) => group.replace(/^"|"$/g, ''))
    .filter((group) => group !== '');
};

export const isAdminClaim = (groupsClaim: unknown): boolean => parseGroups(groupsClaim).includes(ADMIN_GROUP);
