import type { z } from 'zod';

/** First message per field of a failed zod parse, for showing under each input. */
export const fieldErrors = <K extends string>(error: z.ZodError): Partial<Record<K, string>> => {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};
