import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { formatTimestamp } from '@/utils/time';
import { useContactMessages } from '../../api/get-contact-messages';
import { ADMIN_TEXT } from '../../texts';
import type { AdminContactMessage } from '../../types';
import { formatShortTimestamp } from '../../utils/format';
import { AdminListPanel } from '../admin-list-panel';
import { Cell, DetailList, EmptyRow, ListTable, ScreenHeader } from '../list-card';
import { countOf } from '@shared/texts.js';

const COLUMNS = ['From', 'Subject', 'Received', 'Actions'] as const;

/** Our addition: the contact-form messages (stored and mailed), newest first. */
export function AdminMessagesView() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useContactMessages(page);
  const [open, setOpen] = useState<AdminContactMessage | null>(null);
  return (
    <div className="space-y-5">
      <ScreenHeader title="Messages" description={data ? countOf(data.total, 'contact-form message') : undefined} />
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
                <tr key={message.id} data-testid="message-row">
                  <Cell label="From">
                    <p className="font-medium text-slate-900">{message.name}</p>
                    <p className="text-xs text-slate-500">{message.email}</p>
                  </Cell>
                  <Cell label="Subject">
                    <p className="font-medium text-slate-900 capitalize">{message.subject}</p>
                    <p className="line-clamp-1 max-w-md text-xs text-slate-500">{message.message}</p>
                  </Cell>
                  <Cell label="Received" className="whitespace-nowrap">{formatShortTimestamp(message.created_at)}</Cell>
                  <Cell label="Actions">
                    <button type="button" onClick={() => setOpen(message)} className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-indigo-600 hover:bg-indigo-50">
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
            <DetailList
              items={[
                ['From', open.name],
                ['Subject', <span key="subject" className="capitalize">{open.subject}</span>],
                ['Email', <a key="mail" href={`mailto:${open.email}`} className="text-indigo-600 hover:underline">{open.email}</a>],
                ['Received', formatTimestamp(open.created_at)],
              ]}
            />
            <p className="text-sm whitespace-pre-wrap text-slate-800">{open.message}</p>
          </div>
        </Modal>
      )}
    </div>
  );
}
