import { useId } from 'react';

interface ToggleProps {
  label: string;
  description: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Saving: announced, and further clicks wait. */
  busy?: boolean;
  /** Shown beside the label, e.g. "Coming Soon". */
  badge?: string;
}

/** A labelled on/off switch (role="switch"), one row of a list: the settings' preferences, a status page's options. */
export function Toggle({ label, description, checked, onChange, disabled = false, busy = false, badge }: ToggleProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <p id={labelId} className={`flex flex-wrap items-center gap-2 text-sm font-medium ${disabled ? 'text-slate-500' : 'text-slate-900'}`}>
          {label}
          {badge && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-500/20 ring-inset">
              {badge}
            </span>
          )}
        </p>
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-500">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        aria-busy={busy || undefined}
        onClick={() => onChange?.(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 ${
          checked ? 'bg-indigo-600' : 'bg-slate-300'
        } ${busy ? 'opacity-70' : ''}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
