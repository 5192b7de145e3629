import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../shared/auth/roles.js';
import { cognito } from '../clients/cognito.js';
import { errorName, pool } from './identity-errors.js';

/**
 * Whether a person is in the admin group now, asked of Cognito (AdminListGroupsForUser), not read
 * from their token: a token keeps the groups it was issued with for its hour, so an operator
 * removed from the group would keep the panel until it expired (docs/security.md "Tokens and
 * sessions"). An identity that is gone is in no group.
 */
export const isInAdminGroupNow = async (userId: string): Promise<boolean> => {
  try {
    const { Groups = [] } = await cognito().send(new AdminListGroupsForUserCommand({ ...pool(), Username: userId, Limit: 60 }));
    return Groups.some((group) => group.GroupName === ADMIN_GROUP);
  } catch (error) {
    if (errorName(error) === 'UserNotFoundException') return false;
    throw error;
  }
};
