import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  ContactInput,
  type ContactResult,
} from '@shared/contact/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { CheckCircleIcon } from '@/components/ui/icons';
import { useFormFields } from '@/components/ui/use-form-fields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/utils/field-errors';
import { replyPromiseText } from '@shared/support/queue.js';
import { useAuth } from '@/lib/session';
import { submitContact, submitSupportMessage } from '../api/submit-contact';

type Field = keyof ContactInput;
/** docs/product-rules.md "Contact form": the contact form is idle, sending or sent. */
type Phase = 'idle' | 'sending' | 'sent';

const EMPTY: Record<Field, string> = { name: '', email: '', subject: '', message: '' };

const SUBJECT_OPTIONS = [
  { value: '', label: 'Choose a subject' },
  ...CONTACT_SUBJECTS.map((subject) => ({ value: subject, label: CONTACT_SUBJECT_LABELS[subject] })),
];

/**
 * Sends signed in when the person is, so the account and plan go with the message. A message is
 * never lost to the session: a workspace the person no longer belongs to, or a session that ended
 * meanwhile, sends it through the public form instead (not priority, but received).
 */
const send = async (input: ContactInput, signedIn: boolean): Promise<ContactResult> => {
  if (!signedIn) return submitContact(input);
  try {
    return await submitSupportMessage(input);
  } catch (cause) {
    if (cause instanceof ApiError && (cause.status === 401 || cause.code === 'WORKSPACE_NOT_FOUND')) return submitContact(input);
    throw cause;
  }
};

export function ContactForm() {
  const { status, user } = useAuth();
  const signedIn = status === 'signed-in' && user !== null;
  const { values, errors, setErrors, field, reset, setValues } = useFormFields(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  // The promise the server made for this message (a priority message's is shorter).
  const [promise, setPromise] = useState<string>(TEXT.contactReplyPromise);
  const form = useRef<HTMLFormElement>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const focusForm = useRef(false);

  // Signed in, the form starts with the account's name and address (both may be changed).
  useEffect(() => {
    if (signedIn && user) setValues((current) => ({ ...current, name: current.name || user.name, email: current.email || user.email }));
  }, [signedIn, user, setValues, phase]);

  // Focus follows the outcome: the first field in error, the confirmation, or (after "Send another
  // message") the first field again.
  useEffect(() => {
    if (phase === 'sent') sentHeading.current?.focus();
    else if (focusForm.current) {
      focusForm.current = false;
      const fields = form.current;
      (fields?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fields?.querySelector<HTMLElement>('input'))?.focus();
    }
  }, [phase, errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ContactInput.safeParse(values);
    if (!parsed.success) {
      const problems = fieldErrors<Field>(parsed.error);
      // The schema's subject message lists the API's ids; a visitor who picked nothing needs this one.
      if (!values.subject) problems.subject = 'Please choose a subject';
      setErrors(problems);
      focusForm.current = true;
      return;
    }
    setErrors({});
    setPhase('sending');
    try {
      const result = await send(parsed.data, signedIn);
      setPromise(replyPromiseText(result));
      reset();
      setPhase('sent');
    } catch (cause) {
      setFailure(errorMessage(cause, TEXT.contactFailed));
      setPhase('idle');
    }
  };

  if (phase === 'sent') {
    return (
      <div className="flex min-h-72 flex-col items-center justify-center py-10 text-center" role="status">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircleIcon className="size-8" />
        </div>
        <h2 ref={sentHeading} tabIndex={-1} className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 outline-none">
          {TEXT.contactMessageSent}
        </h2>
        <p className="mt-2 text-slate-600" data-testid="contact-reply-promise">{promise}</p>
        <button
          type="button"
          onClick={() => {
            focusForm.current = true;
            setPhase('idle');
          }}
          className="mt-6 text-sm font-semibold text-indigo-600 hover:text-indigo-500"
        >
          {TEXT.contactSendAnother}
        </button>
      </div>
    );
  }

  return (
    <form ref={form} className="space-y-5" onSubmit={submit} noValidate aria-label="Contact form">
      <p className="-mt-4 text-sm text-slate-600">All fields are required.</p>
      {signedIn && (
        <p className="text-sm text-slate-600" data-testid="contact-signed-in">
          You are signed in, so we see your account and plan with your message: on Business and Enterprise it is
          answered as priority support.
        </p>
      )}
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" required maxLength={CONTACT_LIMITS.nameMax} {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      </div>
      <SelectField label="Subject" required options={SUBJECT_OPTIONS} {...field('subject')} />
      <TextAreaField
        label="Message"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.messageMax}
        hint={`${values.message.length.toLocaleString('en-US')} / ${CONTACT_LIMITS.messageMax.toLocaleString('en-US')} characters`}
        {...field('message')}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" loading={phase === 'sending'}>
        {phase === 'sending' ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
