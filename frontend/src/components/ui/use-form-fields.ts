import { useState, type ChangeEvent } from 'react';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A form's text values and the message under each field. `field(name)` gives the props that bind
 * one TextField, PasswordField, SelectField or TextAreaField to them: its name, value, change
 * handler and error. Changing a field clears its message (the next submit checks it again).
 */
export function useFormFields<F extends string>(initial: Readonly<Record<F, string>>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<FieldElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      // The message was about what the field held: it goes as the user corrects it, not at the next submit.
      setErrors((current) => {
        if (current[name] === undefined) return current;
        const { [name]: _answered, ...rest } = current;
        return rest as Partial<Record<F, string>>;
      });
    },
    error: errors[name],
  });

  return { values, errors, setErrors, field, setValues, reset: () => setValues(initial) };
}
