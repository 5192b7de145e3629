/**
 * The names of the fields a partial update sent, sorted, for an audit entry's details
 * (docs/teams.md "Audit log"): names only, never values, since a channel's or monitor's settings
 * may hold a password or a token.
 */
export const sentFields = (input: object): string[] =>
  Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field)
    .sort();
