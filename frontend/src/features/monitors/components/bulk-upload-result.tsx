import { useEffect, useRef } from 'react';
import type { BulkUploadResult } from '../../../../../shared/monitors/bulk-upload.js';
import { countOf } from '../../../../../shared/texts.js';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon, XCircleIcon } from '../../../components/ui/icons';
import { MONITOR_TEXT } from '../texts';
import { formatInterval } from '../../../utils/monitor-format';
import { DialogActions } from './dialog-actions';

interface BulkUploadResultViewProps {
  result: BulkUploadResult;
  onUploadAnother: () => void;
  onDone: () => void;
}

const TILES = [
  { key: 'total_processed', label: 'Processed', tone: 'text-slate-900' },
  { key: 'successful', label: 'Created', tone: 'text-emerald-700' },
  { key: 'failed', label: 'Failed', tone: 'text-red-700' },
] as const;

/** Spec §2: after the upload, the totals, the monitors created and the rows refused. */
export function BulkUploadResultView({ result, onUploadAnother, onDone }: BulkUploadResultViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="space-y-5" data-testid="bulk-upload-result">
      <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        Upload complete: {result.successful} of {countOf(result.total_processed, 'monitor')} created
      </h3>
      <dl className="grid grid-cols-3 gap-3">
        {TILES.map(({ key, label, tone }) => (
          <div key={key} className="rounded-lg bg-slate-50 px-3 py-2.5 text-center ring-1 ring-slate-200">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className={`mt-0.5 text-xl font-semibold tabular-nums ${tone}`}>{result[key]}</dd>
          </div>
        ))}
      </dl>

      {result.created_monitors.length > 0 && (
        <section aria-labelledby="bulk-created">
          <h4 id="bulk-created" className="text-sm font-medium text-slate-700">
            Created monitors
          </h4>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
            {result.created_monitors.map((monitor, index) => (
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
        </section>
      )}

      {result.errors.length > 0 && (
        <section aria-labelledby="bulk-errors">
          <h4 id="bulk-errors" className="text-sm font-medium text-slate-700">
            Errors
          </h4>
          <ul className="mt-2 space-y-1.5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {result.errors.map((error, index) => (
              <li key={index} className="flex gap-2">
                <XCircleIcon className="mt-0.5 size-4 shrink-0 text-red-600" />
                <span className="min-w-0 break-words">{error}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <DialogActions>
        <Button variant="secondary" onClick={onUploadAnother}>
          {MONITOR_TEXT.uploadAnotherFile}
        </Button>
        <Button onClick={onDone}>{MONITOR_TEXT.done}</Button>
      </DialogActions>
    </div>
  );
}
