import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { BulkUploadResult } from '@shared/monitors/bulk-upload.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CsvFileField, UploadStep } from '@/components/ui/csv-upload';
import { DownloadIcon, UploadIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import type { SubscriptionLimits } from '@shared/account/subscription.js';
import { DEFAULT_TIER, type TierId } from '@shared/tiers.js';
import { useSubscriptionLimits } from '@/lib/subscription';
import { saveFile } from '@/utils/save-file';
import { useReloadAfterUpload, uploadMonitorsCsv } from '../api/bulk-upload';
import { getMonitorTemplate, useMonitorTemplate } from '../api/get-monitor-template';
import { MONITOR_TEXT } from '../texts';
import { csvFileProblem } from '@/utils/csv-file';
import { tierCapsText, usageText } from '../utils/plan';
import { BulkUploadResultView } from './bulk-upload-result';
import { ModalActions } from '@/components/ui/modal-actions';
import { UpgradePlans } from './upgrade-plans';
import { useWorkspaceTier } from '@/lib/workspace';

// The plan caps are said once, with the user's own usage, in step 2's limits text.
const HIDDEN_INSTRUCTIONS = new Set(['plan_limits']);

/**
 * Bulk Monitor Upload (docs/product-rules.md "Bulk upload", "Error catalogue"): step 1 downloads the CSV template and shows its format
 * rules, step 2 takes a .csv file and uploads it; the result view lists what was created and
 * what was refused. Done (or closing after an upload) reloads the list. The template is the
 * user's plan's own (its sample intervals within the plan's floor), so it uploads unchanged.
 */
export function BulkUploadModal({ onClose, upgradeFirst = null }: { onClose: () => void; upgradeFirst?: string | null }) {
  const { data: limits } = useSubscriptionLimits();
  const workspaceTier = useWorkspaceTier();
  const tier = limits?.tier ?? workspaceTier ?? DEFAULT_TIER;
  // At the monitor limit no row could be added: say why and lead to upgrading instead.
  if (upgradeFirst) {
    return (
      <Modal open title={MONITOR_TEXT.upgradeYourPlan} onClose={onClose} size="lg">
        <UpgradePlans tier={tier} reason={upgradeFirst} onBack={onClose} backLabel="Close" />
      </Modal>
    );
  }
  return <BulkUploadForm onClose={onClose} tier={tier} limits={limits} />;
}

function BulkUploadForm({ onClose, tier, limits }: { onClose: () => void; tier: TierId; limits: SubscriptionLimits | undefined }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const template = useMonitorTemplate(tier);
  const reload = useReloadAfterUpload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [templateFailure, setTemplateFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<BulkUploadResult | null>(null);
  const [inputKey, setInputKey] = useState(0);

  // Upload Another File: the result view (and the focused button) is gone; continue at the picker.
  useEffect(() => {
    if (inputKey > 0) fileInput.current?.focus();
  }, [inputKey]);

  const close = () => {
    if (result) void reload();
    onClose();
  };

  const download = async () => {
    setTemplateFailure(null);
    setDownloading(true);
    try {
      const { content, filename } = await getMonitorTemplate(tier);
      saveFile(content, filename, 'text/csv');
    } catch {
      setTemplateFailure(MONITOR_TEXT.failedToFetchTemplate);
    } finally {
      setDownloading(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? csvFileProblem(chosen) : null;
    setFailure(null);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = csvFileProblem(file);
    if (problem || !file) {
      setFileError(problem);
      fileInput.current?.focus();
      return;
    }
    setUploading(true);
    try {
      setResult(await uploadMonitorsCsv(file));
      void reload();
    } catch (error) {
      // The api client words a request that could not be made as "Network error. Please try again.".
      setFailure(errorMessage(error, MONITOR_TEXT.uploadFailed));
    } finally {
      setUploading(false);
    }
  };

  const uploadAnother = () => {
    setResult(null);
    setFile(null);
    setFileError(null);
    setInputKey((key) => key + 1);
  };

  const done = () => {
    void reload();
    onClose();
  };

  const instructions = Object.entries(template.data?.instructions ?? {}).filter(([key]) => !HIDDEN_INSTRUCTIONS.has(key));

  return (
    <Modal open title="Bulk Monitor Upload" onClose={close}>
      {result ? (
        <BulkUploadResultView result={result} onUploadAnother={uploadAnother} onDone={done} />
      ) : (
        <form className="space-y-6" onSubmit={upload} noValidate aria-label="Bulk Monitor Upload">
          {failure && <Alert>{failure}</Alert>}

          <UploadStep number={1} title="Download the CSV template">
            <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download()}>
              {!downloading && <DownloadIcon className="size-4" />}
              Download Template
            </Button>
            {templateFailure && <Alert>{templateFailure}</Alert>}
            {template.error && !template.data ? (
              !templateFailure && <Alert>{MONITOR_TEXT.failedToFetchTemplate}</Alert>
            ) : !template.data ? (
              <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
                <Spinner className="size-4 text-indigo-600" />
                Loading the format instructions…
              </p>
            ) : (
              <ul className="list-disc space-y-1 rounded-lg bg-slate-50 py-3 pr-4 pl-8 text-sm text-slate-600 ring-1 ring-slate-200" aria-label="CSV format">
                {instructions.map(([key, text]) => (
                  <li key={key}>{text}</li>
                ))}
              </ul>
            )}
          </UploadStep>

          <UploadStep number={2} title="Choose your CSV file">
            <CsvFileField resetKey={inputKey} inputRef={fileInput} error={fileError} onChange={choose} />
            <div className="rounded-lg border border-indigo-100 bg-indigo-50/60 px-4 py-3 text-sm text-indigo-900" data-testid="bulk-limits">
              <p>
                <span className="font-medium">Subscription limits:</span> {tierCapsText()}.
              </p>
              {limits && <p className="mt-1 text-indigo-800">{usageText(limits)} Rows beyond your limit are not added.</p>}
            </div>
          </UploadStep>

          <ModalActions>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={uploading}>
              {!uploading && <UploadIcon className="size-4" />}
              Upload
            </Button>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
