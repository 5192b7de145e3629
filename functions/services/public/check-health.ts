import { AppError } from '../../../shared/errors.js';
import { logger } from '../../observability/logger.js';
import { describeTable } from '../../repositories/table-repository.js';

/** Healthy when the table answers; 503 (cause logged) when it does not. */
export const checkHealth = async (): Promise<{ status: 'ok' }> => {
  try {
    await describeTable();
  } catch (error) {
    logger.error('Health check: the table is unreachable', { error });
    throw new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.');
  }
  return { status: 'ok' };
};
