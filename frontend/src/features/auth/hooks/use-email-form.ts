import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useFormFields } from '@/components/ui/use-form-fields';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/utils/field-errors';

interface EmailInput {
  email: string;
}

interface EmailFormOptions {
  /** The request's own schema (ForgotPasswordInput, ResendVerificationInput). */
  schema: z.ZodType<EmailInput>;
  /** Makes the request; resolving means it was accepted. */
  send: (input: EmailInput) => Promise<void>;
  /** Shown when the request fails without a server detail (docs/product-rules.md "Error catalogue"). */
  fallback: string;
}

/**
 * The e-mail-only forms (forgot password, resend verification): checks the address, sends it, and
 * keeps the message under the field, the failure above it and the busy state.
 */
export function useEmailForm({ schema, send, fallback }: EmailFormOptions) {
  const { values, setErrors, field, reset } = useFormFields<keyof EmailInput>({ email: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof EmailInput>(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await send(parsed.data);
    } catch (cause) {
      setFailure(errorMessage(cause, fallback));
    } finally {
      setSubmitting(false);
    }
  };

  return { field, failure, submitting, submit, reset };
}
