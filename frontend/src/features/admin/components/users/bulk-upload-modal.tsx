import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CsvFileField, UploadStep } from '@/components/ui/csv-upload';
import { DownloadIcon, UploadIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { csvFileProblem } from '@/utils/csv-file';
import { saveFile } from '@/utils/save-file';
import { uploadGlobalMonitors } from '../../api/upload-global-monitors';
import { uploadUserMonitors } from '../../api/upload-user-monitors';
import { ADMIN_TEXT } from '../../texts';
import type { AdminUser, GlobalBulkUploadResult, SingleUserBulkUploadResult } from '../../types';
import { adminTemplate, templateRules, type UploadMode } from '../../utils/bulk-upload';
import { adminErrorMessage } from '../../utils/errors';
import { ModalActions } from '@/components/ui/modal-actions';
import { GlobalResultView, SingleResultView } from './bulk-upload-results';
import { UserPicker } from './user-picker';

const MODES = [
  { value: 'global', label: 'Global (many users)' },
  { value: 'user', label: 'Single user' },
] as const satisfies readonly { value: UploadMode; label: string }[];

type Outcome = { mode: 'global'; result: GlobalBulkUploadResult } | { mode: 'user'; result: SingleUserBulkUploadResult; user: AdminUser };


interface BulkUploadModalProps {
  /** Opened from a user's row: single-user mode with that user chosen; else global mode. */
  initialUser: AdminUser | null;
  onClose: () => void;
  onUploaded: () => void;
}

/**
 * docs/product-rules.md "Operator bulk upload": global mode (rows name their user in `user_email`) or
 * single-user mode; the template download; a .csv-only picker; Upload stays disabled until a file
 * is chosen; then the results view. Operator uploads bypass the plan limits (docs/product-rules.md "Operator bulk upload").
 */
export function BulkUploadModal({ initialUser, onClose, onUploaded }: BulkUploadModalProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<UploadMode>(initialUser ? 'user' : 'global');
  const [user, setUser] = useState<AdminUser | null>(initialUser);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [inputKey, setInputKey] = useState(0);

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
    if (mode === 'user' && !user) {
      setFailure(ADMIN_TEXT.selectUserOrGlobal);
      return;
    }
    setUploading(true);
    try {
      setOutcome(
        mode === 'user' && user
          ? { mode, user, result: await uploadUserMonitors(user.id, file) }
          : { mode: 'global', result: await uploadGlobalMonitors(file) },
      );
      onUploaded();
    } catch (error) {
      setFailure(adminErrorMessage(error, ADMIN_TEXT.uploadFailed));
    } finally {
      setUploading(false);
    }
  };

  const uploadAnother = () => {
    setOutcome(null);
    setFile(null);
    setFileError(null);
    setInputKey((key) => key + 1);
  };

  const downloadTemplate = () => {
    const { content, filename } = adminTemplate(mode);
    saveFile(content, filename, 'text/csv');
  };

  return (
    <Modal open title="Bulk Monitor Upload" onClose={onClose}>
      {outcome ? (
        <div className="space-y-5">
          {outcome.mode === 'global' ? (
            <GlobalResultView result={outcome.result} />
          ) : (
            <SingleResultView result={outcome.result} userName={outcome.user.name} />
          )}
          <ModalActions>
            <Button variant="secondary" onClick={uploadAnother}>
              Upload Another File
            </Button>
            <Button onClick={onClose}>Done</Button>
          </ModalActions>
        </div>
      ) : (
        <form className="space-y-6" onSubmit={(event) => void upload(event)} noValidate aria-label="Bulk Monitor Upload">
          {failure && <Alert>{failure}</Alert>}
          <div className="space-y-3">
            <SegmentedControl label="Upload mode" options={MODES} value={mode} onChange={(value) => { setMode(value); setFailure(null); }} />
            <p className="text-sm text-slate-600">
              {mode === 'global'
                ? 'Each row names the user who gets the monitor in its user_email column.'
                : 'Every row becomes a monitor of the user chosen below.'}{' '}
              Plan limits do not apply.
            </p>
            {mode === 'user' && <UserPicker selected={user} onSelect={setUser} />}
          </div>

          <UploadStep number={1} title="Download the CSV template">
            <Button variant="secondary" size="sm" onClick={downloadTemplate}>
              <DownloadIcon className="size-4" />
              Download Template
            </Button>
            <ul className="list-disc space-y-1 rounded-lg bg-slate-50 py-3 pr-4 pl-8 text-sm text-slate-600 ring-1 ring-slate-200" aria-label="CSV format">
              {templateRules(mode).map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </UploadStep>

          <UploadStep number={2} title="Choose your CSV file">
            <CsvFileField resetKey={inputKey} inputRef={fileInput} error={fileError} onChange={choose} />
          </UploadStep>

          <ModalActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={uploading} disabled={!file}>
              {!uploading && <UploadIcon className="size-4" />}
              Upload
            </Button>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
