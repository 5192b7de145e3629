import { z } from 'zod';
import { logger } from '../observability/logger.js';

/**
 * The checker's switches, read from `process.env` once, on first use (like config.ts). The guard
 * itself never reads the environment: callers pass `allowLoopback` in, so a test or a save-time
 * check decides it explicitly.
 *
 * UPWATCH_ALLOW_PRIVATE_TARGETS=1 is the local-only switch of docs/security.md "SSRF": it allows loopback
 * targets (127.0.0.0/8, ::1) for demos and tests, and nothing else. The CDK stacks never set it.
 */
const Env = z.object({
  UPWATCH_ALLOW_PRIVATE_TARGETS: z
    .enum(['', '0', '1'], { error: 'must be 1 (allow loopback targets) or 0 / unset' })
    .optional(),
});

export interface CheckerConfig {
  allowLoopback: boolean;
}

export const parseCheckerConfig = (env: Record<string, string | undefined>): CheckerConfig => {
  const result = Env.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new Error(`Invalid checker configuration: ${problems.join('; ')}`);
  }
  return { allowLoopback: result.data.UPWATCH_ALLOW_PRIVATE_TARGETS === '1' };
};

let cached: CheckerConfig | undefined;

export const checkerConfig = (): CheckerConfig => {
  if (cached) return cached;
  cached = parseCheckerConfig(process.env);
  // Loud on purpose: a deployment that allows loopback targets lets monitors probe the checker.
  if (cached.allowLoopback) {
    logger.warn('UPWATCH_ALLOW_PRIVATE_TARGETS=1: checks may reach LOOPBACK targets (local use only)');
  }
  return cached;
};
