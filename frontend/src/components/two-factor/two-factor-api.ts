import type { DisableTwoFactorInput, RecoveryCodes, TwoFactorCodeInput, TwoFactorSetup, TwoFactorStatus } from '@shared/auth/two-factor.js';
import { apiPath, request } from '@/lib/api-client';

/**
 * The two-factor routes (docs/security.md "Two-factor sign-in") with the session to use: the user's
 * (Settings -> Security), or the operator's (`'admin'`), whose first sign-in sets it up before the panel.
 */
export type TwoFactorSession = true | 'admin';

export const TWO_FACTOR_PATH = apiPath('getTwoFactor');

export const getTwoFactorStatus = (auth: TwoFactorSession = true): Promise<TwoFactorStatus> => request('GET', TWO_FACTOR_PATH, { auth });

export const startTwoFactorSetup = (auth: TwoFactorSession): Promise<TwoFactorSetup> =>
  request('POST', apiPath('startTwoFactorSetup'), { auth });

export const confirmTwoFactorSetup = (auth: TwoFactorSession, body: TwoFactorCodeInput): Promise<RecoveryCodes> =>
  request('POST', apiPath('confirmTwoFactorSetup'), { auth, body });

export const regenerateRecoveryCodes = (body: TwoFactorCodeInput): Promise<RecoveryCodes> =>
  request('POST', apiPath('regenerateRecoveryCodes'), { body });

export const disableTwoFactor = (body: DisableTwoFactorInput): Promise<TwoFactorStatus> => request('POST', apiPath('disableTwoFactor'), { body });
