import type { ItemKey } from '../keys.js';

/**
 * Keys of a user's account: the profile, the e-mail claim, one-time tokens, settings, reports,
 * rate-limit windows and contact-form messages (patterns 1-4, 15-21). The access patterns are listed in ../keys.ts.
 */

export const userKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

/** Every user profile carries this GSI1PK (pattern 3). */
export const USER_LIST_PARTITION = 'USERS';

export const userListKey = (createdAt: string, userId: string) => ({
  GSI1PK: USER_LIST_PARTITION,
  GSI1SK: `${createdAt}#${userId}`,
});

/**
 * An operator's profile carries this GSI1PK instead (pattern 3b), so the customer list, the
 * signup counts and the tier figures never see it (docs/admin.md "Operator accounts").
 */
export const OPERATOR_LIST_PARTITION = 'OPERATORS';

/**
 * The sparse index an unverified profile carries (pattern 79, GSI2): when it is due for erasure,
 * so the hourly sweep reads only the accounts past their deadline. Removed when the address is
 * verified (docs/product-rules.md "Unverified accounts").
 */
export const UNVERIFIED_ACCOUNTS_PARTITION = 'UNVERIFIED_ACCOUNTS';

export const unverifiedAccountIndexKeys = (dueAt: string, userId: string): { GSI2PK: string; GSI2SK: string } => ({
  GSI2PK: UNVERIFIED_ACCOUNTS_PARTITION,
  GSI2SK: `${dueAt}#${userId}`,
});

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const emailKey = (email: string): ItemKey => ({
  PK: `EMAIL#${normalizeEmail(email)}`,
  SK: 'EMAIL',
});

export const tokenKey = (tokenHash: string): ItemKey => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' });

export const forceCheckLockKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'FORCE_CHECK' });

export const notificationPreferencesKey = (userId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: 'NOTIFICATION_PREFERENCES',
});

/** Which report (pattern 21): `periodStart` is the ISO start of the period it covers. */
export const reportDeliveryKey = (userId: string, kind: string, periodStart: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `REPORT#${kind}#${periodStart}`,
});

export const contactMessageKey = (messageId: string): ItemKey => ({ PK: `CONTACT#${messageId}`, SK: 'CONTACT' });

export const contactMessageListKey = (messageId: string) => ({ GSI1PK: 'CONTACT_MESSAGES', GSI1SK: messageId });

/** Every window of one rate limit for one subject (pattern 19; erased with the account, 20). */
export const rateLimitPartition = (scope: string, subject: string): string => `RATE#${scope}#${subject}`;

/**
 * `subject` is who is limited (a user id, a normalized e-mail, a client IP); `windowStart` an ISO
 * time. `from` splits a subject's window by where the uses came from (pattern 19b: an address's
 * failed sign-ins per client IP), in the subject's partition so that erasing the subject erases them.
 */
export const rateLimitKey = (scope: string, subject: string, windowStart: string, from?: string): ItemKey => ({
  PK: rateLimitPartition(scope, subject),
  SK: from === undefined ? `WINDOW#${windowStart}` : `WINDOW#${windowStart}#FROM#${from}`,
});

export const CONTACT_MESSAGES_PARTITION = 'CONTACT_MESSAGES';
