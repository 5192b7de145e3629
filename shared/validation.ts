import { z } from 'zod';
import { validationError, type FieldProblem } from './errors.js';

/** zod issues as field problems, in the order the schema lists them. */
export const fieldProblems = (error: z.ZodError): FieldProblem[] =>
  error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : 'body',
    message: issue.message,
  }));

/** Parses or throws the 400 `AppError`, so every caller reports bad input the same way. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(fieldProblems(result.error));
  return result.data;
};

/**
 * An e-mail address field: trimmed, at most 254 characters (the SMTP limit), e-mail-shaped.
 * `label` names the field in the "is required" and "is too long" messages.
 */
export const emailAddress = (label = 'Email') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(254, `${label} is too long (254 characters at most)`)
    .pipe(z.email({ error: 'Please enter a valid email address' }));
