import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

const control =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none disabled:bg-slate-50';
const invalid = 'ring-red-400 focus:ring-red-500';

interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: string;
}

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
      <input
        id={id}
        className={`${control} ${error ? invalid : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...props}
      />
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
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string | number; label: string }[] }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <select
        id={id}
        className={`${control} ${error ? invalid : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
