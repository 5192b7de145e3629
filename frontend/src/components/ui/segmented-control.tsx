type Size = 'sm' | 'lg';

// Each size sets the group's and the buttons' shape; colours and the pressed look are shared.
const groupSizes: Record<Size, string> = {
  sm: 'rounded-lg',
  lg: 'rounded-full ring-1 ring-slate-200',
};

const buttonSizes: Record<Size, string> = {
  sm: 'rounded-md px-3 py-1 font-medium focus-visible:outline-offset-1',
  lg: 'rounded-full px-5 py-2 font-semibold focus-visible:outline-offset-2',
};

interface SegmentedControlProps<T extends string> {
  /** The group's accessible name, e.g. "Billing period". */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  size?: Size;
}

/** One choice out of a few, as a row of toggle buttons; the pressed one is marked for assistive technology too. */
export function SegmentedControl<T extends string>({ label, options, value, onChange, size = 'sm' }: SegmentedControlProps<T>) {
  return (
    <div role="group" aria-label={label} className={`inline-flex bg-slate-100 p-1 ${groupSizes[size]}`}>
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={`text-sm transition focus-visible:outline-2 focus-visible:outline-indigo-600 ${buttonSizes[size]} ${
              active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
