import { AppError } from '../../shared/errors.js';
import { config } from '../config.js';

/**
 * What the identity repositories share: the user pool they address, and how Cognito's errors (and
 * cognito-local's, which differ) map onto ours.
 */

export const pool = () => ({ UserPoolId: config().userPoolId });

export const errorName = (error: unknown): string => (error instanceof Error ? error.name : '');

export const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'TooManyFailedAttemptsException']);

export const throttled = (): AppError => new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');

// Cognito explains a refused password or attribute in its message ("Password did not conform with
// policy: Password not long enough"); that text is safe and useful to show. `passwordField` names
// the request field the password came in.
export const rejectedInput = (error: unknown, passwordField = 'password'): AppError | null => {
  const name = errorName(error);
  const message = error instanceof Error ? error.message.trim() : '';
  if (name === 'InvalidPasswordException') {
    const detail = message || 'The password does not meet the requirements';
    return new AppError('VALIDATION_FAILED', detail, [{ field: passwordField, message: detail }]);
  }
  if (name === 'InvalidParameterException') {
    const detail = message || 'The request was not accepted';
    return new AppError('VALIDATION_FAILED', detail, [{ field: 'body', message: detail }]);
  }
  if (THROTTLED.has(name)) return throttled();
  return null;
};

// cognito-local answers operations it lacks with HTTP 500 and `__type: "CognitoLocal#Unsupported"`.
export const isUnsupportedByEmulator = (error: unknown): boolean =>
  errorName(error) === 'Unsupported' || (error instanceof Error && error.message.startsWith('Cognito Local unsupported feature'));
