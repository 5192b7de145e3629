import { areaHandler } from '../../http/area-handler.js';
import { enforceIpLimit } from '../../http/ip-limits.js';
import { handler as changePassword } from './change-password.js';
import { handler as confirmTwoFactorSetup } from './confirm-two-factor-setup.js';
import { handler as disableTwoFactor } from './disable-two-factor.js';
import { handler as getTwoFactor } from './get-two-factor.js';
import { handler as regenerateRecoveryCodes } from './regenerate-recovery-codes.js';
import { handler as startTwoFactorSetup } from './start-two-factor-setup.js';
import { handler as checkResetLink } from './check-reset-link.js';
import { handler as deleteAccount } from './delete-account.js';
import { handler as forgotPassword } from './forgot-password.js';
import { handler as getMe } from './get-me.js';
import { handler as listSessions } from './list-sessions.js';
import { handler as login } from './login.js';
import { handler as logout } from './logout.js';
import { handler as refreshSession } from './refresh-session.js';
import { handler as register } from './register.js';
import { handler as resendVerification } from './resend-verification.js';
import { handler as resetPassword } from './reset-password.js';
import { handler as signOutEverywhere } from './sign-out-everywhere.js';
import { handler as signOutSession } from './sign-out-session.js';
import { handler as verifyEmail } from './verify-email.js';

export const handler = areaHandler(
  'auth',
  {
    register,
    verifyEmail,
    login,
    refreshSession,
    getMe,
    resendVerification,
    forgotPassword,
    resetPassword,
    checkResetLink,
    changePassword,
    deleteAccount,
    getTwoFactor,
    startTwoFactorSetup,
    confirmTwoFactorSetup,
    regenerateRecoveryCodes,
    disableTwoFactor,
    listSessions,
    signOutSession,
    signOutEverywhere,
    logout,
  },
  enforceIpLimit,
);
