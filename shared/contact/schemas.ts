import { z } from 'zod';
import { emailAddress } from '../validation.js';

/** The contact form (docs/product-rules.md "Contact form", "Validation rules"). */
export const CONTACT_SUBJECTS = ['sales', 'support', 'billing', 'partnership', 'feedback', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Readonly<Record<ContactSubject, string>> = {
  sales: 'Sales',
  support: 'Support',
  billing: 'Billing',
  partnership: 'Partnership',
  feedback: 'Feedback',
  other: 'Other',
};

export const CONTACT_LIMITS = { nameMax: 100, messageMax: 5000 } as const;

/** Messages one sender address may send per window (the form needs no account, so it is abusable). */
export const CONTACT_RATE_LIMIT = { limit: 3, windowSeconds: 60 * 60 } as const;

// The name goes into the support mail's subject line: no line breaks or other control characters.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

export const ContactInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_LIMITS.nameMax, `Name is too long (${CONTACT_LIMITS.nameMax} characters at most)`)
    .regex(NO_CONTROL_CHARACTERS, 'Name cannot contain line breaks or control characters'),
  email: emailAddress('Email'),
  subject: z.enum(CONTACT_SUBJECTS, { error: `Subject must be one of: ${CONTACT_SUBJECTS.join(', ')}` }),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_LIMITS.messageMax, `Message is too long (${CONTACT_LIMITS.messageMax} characters at most)`),
});
export type ContactInput = z.infer<typeof ContactInput>;

export interface ContactResult {
  success: true;
  message: string;
  /** Marked priority: sent signed in from a workspace whose plan has priority support (docs/product-rules.md "Priority support"). */
  priority: boolean;
  /** The message's response target in hours, which the confirmation states. */
  reply_within_hours: number;
}
