import { useState } from 'react';
import { countOf } from '@shared/texts.js';
import { PRIORITY_SUPPORT_TEXT, timeLeftText, type QueueGroup } from '@shared/support/queue.js';
import { TIERS } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { formatTimestamp } from '@/utils/time';
import { useContactMessages } from '../../api/get-contact-messages';
import { markContactMessageAnswered } from '../../api/mark-contact-message-answered';
import { ADMIN_TEXT } from '../../texts';
import type { AdminContactMessage } from '../../types';
import { adminErrorMessage } from '../../utils/errors';
import { formatShortTimestamp } from '../../utils/format';
import { AdminListPanel } from '../admin-list-panel';
import { Cell, DetailList, EmptyRow, ListTable, ScreenHeader } from '../list-card';

const COLUMNS = ['From', 'Subject', 'Answer by', 'Received', 'Actions'] as const;

const GROUP_BADGE: Readonly<Record<QueueGroup, { label: string; tone: BadgeTone }>> = {
  overdue: { label: 'Overdue', tone: 'red' },
  priority: { label: 'Priority', tone: 'amber' },
  waiting: { label: 'Waiting', tone: 'slate' },
  answered: { label: 'Answered', tone: 'emerald' },
};

function QueueBadge({ group }: { group: QueueGroup }) {
  const { label, tone } = GROUP_BADGE[group];
  return (
    <Badge tone={tone} dot>
      {label}
    </Badge>
  );
}

/**
 * When a message should be answered by, and how it stands now: time left, overdue, or (in the list)
 * answered when. The message's own view names the deadline always, its answer having a line of its own.
 */
function AnswerBy({ message, inDetail = false }: { message: AdminContactMessage; inDetail?: boolean }) {
  return (
    <div className="space-y-1" data-testid="message-deadline">
      <div className="flex flex-wrap items-center gap-1.5">
        <QueueBadge group={message.queue_group} />
        {message.priority && <Badge tone="amber">{PRIORITY_SUPPORT_TEXT}</Badge>}
      </div>
      <p className="text-xs text-slate-600">
        {message.answered_at
          ? inDetail
            ? `Due ${formatShortTimestamp(message.respond_by)}`
            : `Answered ${formatShortTimestamp(message.answered_at)}`
          : `${timeLeftText(message.respond_by, new Date())} (${formatShortTimestamp(message.respond_by)})`}
      </p>
    </div>
  );
}

/**
 * The support queue (docs/product-rules.md "Priority support"; docs/admin-panel.md "Screens"): the
 * contact-form messages by time left, as the server orders them: overdue first, then priority by
 * deadline, then the rest, then the answered. Each can be read and marked answered.
 */
export function AdminMessagesView() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useContactMessages(page);
  const [open, setOpen] = useState<AdminContactMessage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);

  const answer = async (message: AdminContactMessage) => {
    setFailure(null);
    setAnswering(true);
    try {
      setOpen(await markContactMessageAnswered(message.id));
      await mutate();
    } catch (reason) {
      setFailure(adminErrorMessage(reason, ADMIN_TEXT.failedToMarkAnswered));
    } finally {
      setAnswering(false);
    }
  };

  return (
    <div className="space-y-5">
      <ScreenHeader title="Messages" description={data ? `${countOf(data.total, 'contact-form message')}, by time left` : undefined} />
      <AdminListPanel
        data={data}
        error={error}
        isLoading={isLoading}
        failedText={ADMIN_TEXT.failedToFetchMessages}
        page={page}
        onPageChange={setPage}
        skeletonColumns={COLUMNS.length}
        loadingLabel="Loading messages…"
      >
        {(list) => (
          <ListTable label="Contact messages" head={COLUMNS}>
            {list.messages.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>No messages yet.</EmptyRow>
            ) : (
              list.messages.map((message) => (
                <tr key={message.id} data-testid="message-row" data-group={message.queue_group}>
                  <Cell label="From">
                    <p className="font-medium text-slate-900">{message.name}</p>
                    <p className="text-xs text-slate-500">{message.email}</p>
                    {message.sender && <p className="text-xs text-slate-500">Signed in, {TIERS[message.sender.plan].name} plan</p>}
                  </Cell>
                  <Cell label="Subject">
                    <p className="font-medium text-slate-900 capitalize">{message.subject}</p>
                    <p className="line-clamp-1 max-w-md text-xs text-slate-500">{message.message}</p>
                  </Cell>
                  <Cell label="Answer by">
                    <AnswerBy message={message} />
                  </Cell>
                  <Cell label="Received" className="whitespace-nowrap">{formatShortTimestamp(message.created_at)}</Cell>
                  <Cell label="Actions">
                    <button
                      type="button"
                      onClick={() => {
                        setFailure(null);
                        setOpen(message);
                      }}
                      className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-indigo-600 hover:bg-indigo-50"
                    >
                      Read
                    </button>
                  </Cell>
                </tr>
              ))
            )}
          </ListTable>
        )}
      </AdminListPanel>
      {open && (
        <Modal open title={`Message from ${open.name}`} onClose={() => setOpen(null)}>
          <div className="space-y-4">
            {failure && <Alert>{failure}</Alert>}
            <DetailList
              items={[
                ['From', open.name],
                ['Subject', <span key="subject" className="capitalize">{open.subject}</span>],
                ['Email', <a key="mail" href={`mailto:${open.email}`} className="text-indigo-600 hover:underline">{open.email}</a>],
                ['Received', formatTimestamp(open.created_at)],
                ['Account', open.sender ? `Signed in, ${TIERS[open.sender.plan].name} plan (workspace ${open.sender.workspace_id})` : 'Not signed in'],
                ['Answer by', <AnswerBy key="deadline" message={open} inDetail />],
                ...(open.answered_at ? ([['Answered', `${formatTimestamp(open.answered_at)}${open.answered_by ? ` by ${open.answered_by}` : ''}`]] as const) : []),
              ]}
            />
            <p className="text-sm whitespace-pre-wrap text-slate-800">{open.message}</p>
            <ModalActions>
              <Button variant="secondary" onClick={() => setOpen(null)}>
                Close
              </Button>
              {!open.answered_at && (
                <Button loading={answering} onClick={() => void answer(open)}>
                  {ADMIN_TEXT.markAnswered}
                </Button>
              )}
            </ModalActions>
          </div>
        </Modal>
      )}
    </div>
  );
}
