import { useId, type FormEvent } from 'react';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';

interface MonitorSearchProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
}

/** docs/product-rules.md "Monitors and their states": a search box over name or URL with a clear button; Enter applies it at once. */
export function MonitorSearch({ value, onChange, onSubmit, onClear }: MonitorSearchProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form role="search" className="relative w-full sm:max-w-xs" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Search monitors by name or URL
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={200}
        autoComplete="off"
        placeholder="Search by name or URL"
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border-0 bg-white py-2 pr-9 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
      />
      {value && (
        <button
          type="button"
          onClick={onClear}
          aria-label="Clear search"
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </form>
  );
}
