import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';
import type { BulkUploadResult } from '@shared/monitors/bulk-upload.js';
import { formatInterval } from '../../utils/monitor-format';
import { CheckCircleIcon } from './icons';

/**
 * The parts the two bulk monitor uploads share (the user's, features/monitors, and the operator's,
 * features/admin): the numbered steps, the .csv picker, the result's totals and its created monitors.
 */

/** One numbered step of an upload, its number drawn in a badge. */
export function UploadStep({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-center gap-2.5">
        <span
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
          aria-hidden="true"
        >
          {number}
        </span>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
      </div>
      {children}
    </section>
  );
}

interface CsvFileFieldProps {
  /** A new key empties the picker (Upload Another File). */
  resetKey: number;
  inputRef: Ref<HTMLInputElement>;
  /** docs/product-rules.md "Bulk upload": "Please select a CSV file" (utils/csv-file.ts), shown under the picker. */
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The "CSV file" picker: .csv files only, its problem said under it. */
export function CsvFileField({ resetKey, inputRef, error, onChange }: CsvFileFieldProps) {
  const inputId = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        CSV file
      </label>
      <input
        key={resetKey}
        ref={inputRef}
        id={inputId}
        name="file"
        type="file"
        accept=".csv,text/csv"
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={`block w-full cursor-pointer rounded-lg bg-white p-1.5 text-sm text-slate-600 ring-1 ring-inset file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${error ? 'ring-red-400' : 'ring-slate-300'}`}
      />
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

const TILES = [
  { key: 'total_processed', label: 'Processed', tone: 'text-slate-900' },
  { key: 'successful', label: 'Created', tone: 'text-emerald-700' },
  { key: 'failed', label: 'Failed', tone: 'text-red-700' },
] as const;

/** A result's three totals: processed, created, failed. */
export function UploadTotals({ result }: { result: Pick<BulkUploadResult, 'total_processed' | 'successful' | 'failed'> }) {
  return (
    <dl className="grid grid-cols-3 gap-3">
      {TILES.map(({ key, label, tone }) => (
        <div key={key} className="rounded-lg bg-slate-50 px-3 py-2.5 text-center ring-1 ring-slate-200">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className={`mt-0.5 text-xl font-semibold tabular-nums ${tone}`}>{result[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The monitors an upload created: name, URL and interval. */
export function CreatedMonitorList({ monitors, label, className = '' }: { monitors: BulkUploadResult['created_monitors']; label?: string; className?: string }) {
  return (
    <ul className={`divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200 ${className}`} aria-label={label}>
      {monitors.map((monitor, index) => (
        <li key={`${monitor.url}-${index}`} className="flex items-start gap-2.5 px-3 py-2 text-sm">
          <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{monitor.name}</p>
            <p className="truncate text-xs text-slate-500">{monitor.url}</p>
          </div>
          <span className="shrink-0 text-xs text-slate-500">every {formatInterval(monitor.check_interval)}</span>
        </li>
      ))}
    </ul>
  );
}
