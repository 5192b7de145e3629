import { useEffect, useRef } from 'react';
import type { BulkUploadResult } from '@shared/monitors/bulk-upload.js';
import { httpsAddedText } from '@shared/monitors/monitor-url.js';
import { countOf } from '@shared/texts.js';
import { Button } from '@/components/ui/button';
import { CreatedMonitorList, UploadTotals } from '@/components/ui/csv-upload';
import { XCircleIcon } from '@/components/ui/icons';
import { MONITOR_TEXT } from '../texts';
import { ModalActions } from '@/components/ui/modal-actions';

interface BulkUploadResultViewProps {
  result: BulkUploadResult;
  onUploadAnother: () => void;
  onDone: () => void;
}


/** docs/product-rules.md "Bulk upload": after the upload, the totals, the monitors created, the rows whose address got https:// and the rows refused. */
export function BulkUploadResultView({ result, onUploadAnother, onDone }: BulkUploadResultViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="space-y-5" data-testid="bulk-upload-result">
      <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        Upload complete: {result.successful} of {countOf(result.total_processed, 'monitor')} created
      </h3>
      <UploadTotals result={result} />

      {result.created_monitors.length > 0 && (
        <section aria-labelledby="bulk-created">
          <h4 id="bulk-created" className="text-sm font-medium text-slate-700">
            Created monitors
          </h4>
          <CreatedMonitorList monitors={result.created_monitors} className="mt-2" />
        </section>
      )}

      {result.https_added_rows.length > 0 && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="https-added">
          {httpsAddedText(result.https_added_rows)}
        </p>
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

      <ModalActions>
        <Button variant="secondary" onClick={onUploadAnother}>
          {MONITOR_TEXT.uploadAnotherFile}
        </Button>
        <Button onClick={onDone}>{MONITOR_TEXT.done}</Button>
      </ModalActions>
    </div>
  );
}
