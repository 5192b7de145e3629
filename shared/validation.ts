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

/**
 * Characters a name may not hold (docs/product-rules.md "Validation rules"): C0 and C1 controls
 * (U+0000-U+001F, U+007F-U+009F: line breaks, tabs, escapes that forge lines in mails and logs)
 * and the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make a name
 * read differently from what it is ("Trojan Source").
 */
export const NAME_FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** The one error text for a name with such a character, in the forms and the API. */
export const NAME_CONTROL_CHARACTERS_TEXT = 'Names cannot contain line breaks, tabs or invisible control characters';

/**
 * The one rule for every name a person types (monitors, channels, status pages, workspaces, display
 * names, API keys, maintenance titles): the schema as given, refusing the characters above.
 */
export const plainName = (schema: z.ZodString): z.ZodString =>
  schema.refine((value) => !NAME_FORBIDDEN_CHARACTERS.test(value), { error: NAME_CONTROL_CHARACTERS_TEXT });
