import { AppError } from '../../../shared/errors.js';
import { logError } from '../../log.js';
import { describeTable } from '../../repositories/table-repository.js';

/** Healthy when the table answers; 503 (cause logged) when it does not. */
export const checkHealth = async (): Promise<{ status: 'ok' }> => {
  try {
    await describeTable();
  } catch (error) {
    logError('Health check: the table is unreachable', error);
    throw new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.');
  }
  return { status: 'ok' };
};
