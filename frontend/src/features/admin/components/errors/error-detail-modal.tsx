import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatTimestamp } from '@/utils/time';
import { ADMIN_TEXT } from '../../texts';
import type { ApplicationError } from '../../types';
import { formatContext } from '../../utils/format';
import { OpenResolvedBadge } from '../badges';
import { DetailList } from '../list-card';
import { ModalActions } from '@/components/ui/modal-actions';

const pre = 'max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-5 whitespace-pre text-slate-100';

interface ErrorDetailModalProps {
  error: ApplicationError;
  onClose: () => void;
  /** Resolves the error; rejects with the message to show. */
  onResolve: (error: ApplicationError) => Promise<void>;
}

/**
 * An error's details (docs/product-rules.md "Application error log"): type, status, timestamp, id, message, context as formatted JSON, stack
 * trace, user id, monitor id, and Mark as Resolved while open (the list reloads and the modal closes).
 */
export function ErrorDetailModal({ error, onClose, onResolve }: ErrorDetailModalProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const context = formatContext(error.context);

  const resolve = async () => {
    setFailure(null);
    setResolving(true);
    try {
      await onResolve(error);
    } catch (reason) {
      setFailure(reason instanceof Error ? reason.message : ADMIN_TEXT.failedToResolveError);
      setResolving(false);
    }
  };

  return (
    <Modal open title="Error Details" onClose={onClose} size="lg">
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        <DetailList
          items={[
            ['Type', <code key="type" className="text-xs font-semibold">{error.error_type}</code>],
            ['Status', <OpenResolvedBadge key="status" open={!error.resolved} />],
            ['Timestamp', formatTimestamp(error.timestamp)],
            ['Error ID', <code key="id" className="text-xs break-all">{error.id}</code>],
            ['User ID', error.user_id ? <code key="uid" className="text-xs break-all">{error.user_id}</code> : '—'],
            ['Monitor ID', error.monitor_id ? <code key="mid" className="text-xs break-all">{error.monitor_id}</code> : '—'],
            ...(error.resolved && error.resolved_at
              ? ([['Resolved', `${formatTimestamp(error.resolved_at)}${error.resolved_by ? ` by ${error.resolved_by}` : ''}`]] as const)
              : []),
          ]}
        />
        <section aria-label="Message" className="space-y-1.5">
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Message</h3>
          <p className="text-sm break-words text-slate-900">{error.error_message}</p>
        </section>
        <section aria-label="Context" className="space-y-1.5">
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Context</h3>
          {context ? <pre className={pre} data-testid="error-context">{context}</pre> : <p className="text-sm text-slate-500">No context.</p>}
        </section>
        <section aria-label="Stack Trace" className="space-y-1.5">
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Stack Trace</h3>
          {error.stack_trace ? <pre className={pre}>{error.stack_trace}</pre> : <p className="text-sm text-slate-500">No stack trace.</p>}
        </section>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {!error.resolved && (
            <Button loading={resolving} onClick={() => void resolve()}>
              {ADMIN_TEXT.markAsResolved}
            </Button>
          )}
        </ModalActions>
      </div>
    </Modal>
  );
}
