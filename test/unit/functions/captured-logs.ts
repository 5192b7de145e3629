import { vi } from 'vitest';
import { logger } from '../../../functions/observability/logger.js';

/**
 * The lines the functions' logger writes while a test runs, parsed: the unit project runs with
 * POWERTOOLS_LOG_LEVEL=SILENT (vitest.config.ts), so this turns the level up, and catches what
 * Powertools writes to stdout and stderr (its own console, not the global one) and the local
 * lines (the global console). `restore()` puts
 * everything back.
 */
export const captureLogs = () => {
  const lines: string[] = [];
  const keep = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  // The local cloud's readable lines (UPWATCH_LOG_FORMAT=text) go through the global console.
  const consoleLog = vi.spyOn(console, 'log').mockImplementation(keep);
  const consoleError = vi.spyOn(console, 'error').mockImplementation(keep);
  logger.setLogLevel('DEBUG');
  // injectLambdaContext (lambda-entry.ts) puts the level back to the configured one at each
  // invocation (Powertools' debug sampling); while capturing, it stays up.
  const refresh = vi.spyOn(logger, 'refreshSampleRateCalculation').mockImplementation(() => undefined);
  return {
    lines,
    /** Every line as JSON (each must be one). */
    entries: (): Record<string, unknown>[] => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => {
      refresh.mockRestore();
      logger.setLogLevel('SILENT');
      stdout.mockRestore();
      stderr.mockRestore();
      consoleLog.mockRestore();
      consoleError.mockRestore();
    },
  };
};
