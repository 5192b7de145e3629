import { vi } from 'vitest';

/**
 * A stand-in for session-repository.ts in the unit tests of the sign-in, refresh, password change
 * and password reset (docs/security.md "Tokens and sessions"): every write succeeds and a person
 * has no open sessions until a test says otherwise with `vi.mocked(...)`.
 * Use: `vi.mock('<path>/session-repository.js', () => import('./session-repository-stub.js'))`.
 */
export const createSession = vi.fn();
export const deleteSession = vi.fn();
export const findSessionByRefresh = vi.fn();
export const listSessions = vi.fn(async () => []);
export const renewSession = vi.fn();
export const markTokenPassedSecondFactor = vi.fn(async () => true);
