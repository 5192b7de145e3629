import { areaHandler } from '../../http/area-handler.js';
import { handler as getMe } from './get-me.js';
import { handler as login } from './login.js';
import { handler as refreshSession } from './refresh-session.js';
import { handler as register } from './register.js';
import { handler as verifyEmail } from './verify-email.js';

export const handler = areaHandler('auth', { register, verifyEmail, login, refreshSession, getMe });
