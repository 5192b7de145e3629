import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

const control =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-50';
// One ring colour or the other: with both classes on an element, CSS order (not class order) would win.
const valid = 'ring-slate-300 focus:ring-indigo-600';
const invalid = 'ring-red-400 focus:ring-red-500';

interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** What every control carries: its id, its ring colour, and the error (else the hint) that describes it. */
const controlProps = (id: string, { error, hint }: Pick<FieldChrome, 'error' | 'hint'>, className: string) => ({
  id,
  className: `${control} ${error ? invalid : valid} ${className}`,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

function FieldFrame({ id, label, error, hint, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, error, hint, className = '', ...props }: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <input {...controlProps(id, { error, hint }, className)} {...props} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  className = '',
  ...props
}: FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string | number; label: string; disabled?: boolean }[] }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <select {...controlProps(id, { error, hint }, className)} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, hint, className = '', ...props }: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <textarea {...controlProps(id, { error, hint }, className)} {...props} />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle; the toggle says which field it reveals to screen readers. */
export function PasswordField({ label, error, hint, className = '', ...props }: FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const Toggle = visible ? EyeOffIcon : EyeIcon;
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <div className="relative">
        <input type={visible ? 'text' : 'password'} {...controlProps(id, { error, hint }, `pr-11 ${className}`)} {...props} />
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          <Toggle className="size-5" />
        </button>
      </div>
    </FieldFrame>
  );
}
