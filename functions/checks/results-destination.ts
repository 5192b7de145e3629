import { z } from 'zod';

/**
 * Where a checker (in any region) sends its results: the home region's results queue. Read from
 * `process.env` once, on first use; the checker stacks and the local cloud set both variables.
 */
const Env = z.object({
  RESULTS_QUEUE_URL: z.string({ error: 'is missing' }).url({ error: 'must be a URL' }),
  HOME_REGION: z.string({ error: 'is missing' }).min(1, 'is empty'),
});

export interface ResultsDestination {
  queueUrl: string;
  region: string;
}

export const parseResultsDestination = (env: Record<string, string | undefined>): ResultsDestination => {
  const result = Env.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new Error(`Invalid checker configuration: ${problems.join('; ')}`);
  }
  return { queueUrl: result.data.RESULTS_QUEUE_URL, region: result.data.HOME_REGION };
};

let cached: ResultsDestination | undefined;

export const resultsDestination = (): ResultsDestination => (cached ??= parseResultsDestination(process.env));
