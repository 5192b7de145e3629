import { AppError } from '../../../shared/errors.js';
import { tierHasTeams, tierOf, type Tier } from '../../../shared/tiers.js';
import { MEMBER_TEXT } from '../../../shared/workspaces/members.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import type { StoredInvitation } from '../../repositories/invitation-repository.js';

/**
 * Team seats (docs/product-rules.md "Tiers and caps", docs/teams.md "Members and invitations"): a
 * workspace holds at most its plan's `seats` people, members and pending invitations together.
 */

/** The plan of a workspace, from its account (the founder's profile). */
export const planOf = (account: UserProfile): Tier => tierOf(account.subscription_tier);

/** Invitations still waiting for an answer: an expired one no longer holds a seat. */
export const livePending = (invitations: readonly StoredInvitation[], nowEpochSeconds: number): StoredInvitation[] =>
  invitations.filter((invitation) => invitation.expires_at > nowEpochSeconds);

/** Refuses one more person when the plan has no teams or every seat is taken (403, naming the plan). */
export const assertSeatFree = (tier: Tier, used: number): void => {
  if (!tierHasTeams(tier)) throw new AppError('SEAT_LIMIT_REACHED', MEMBER_TEXT.noTeamSeats(tier));
  if (used >= tier.seats) throw new AppError('SEAT_LIMIT_REACHED', MEMBER_TEXT.seatsFull(tier));
};
