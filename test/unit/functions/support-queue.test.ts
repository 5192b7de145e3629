import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listAllContactMessages, type ContactMessage } from '../../../functions/repositories/contact-repository.js';
import { listSupportQueue } from '../../../functions/services/support/support-queue.js';

vi.mock('../../../functions/repositories/contact-repository.js', () => ({ listAllContactMessages: vi.fn(), markContactMessageAnswered: vi.fn() }));
vi.mock('../../../functions/services/admin/audit.js', () => ({ auditAdminAction: vi.fn() }));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn() }));

/** The operators' queue (docs/product-rules.md "Priority support"), ordered and paged with a fixed clock. */

const NOW = new Date('2026-11-28T12:00:00.000Z');
const hoursFromNow = (hours: number): string => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

const message = (id: string, respondIn: number, fields: Partial<ContactMessage> = {}): ContactMessage => ({
  id,
  name: id,
  email: `${id}@example.com`,
  subject: 'support',
  message: 'Help',
  created_at: hoursFromNow(respondIn - 24),
  priority: false,
  respond_by: hoursFromNow(respondIn),
  sender: null,
  answered_at: null,
  answered_by: null,
  ...fields,
});

beforeEach(() => {
  vi.mocked(listAllContactMessages).mockResolvedValue([
    message('answered', -10, { answered_at: hoursFromNow(-1) }),
    message('waiting', 20),
    message('priority', 3, { priority: true }),
    message('overdue', -2),
  ]);
});

describe('listSupportQueue', () => {
  it('pages the queue by time left and says where each message stands, at a fixed clock', async () => {
    const first = await listSupportQueue({ page: 1, limit: 3 }, NOW);
    expect(first).toMatchObject({ total: 4, pages: 2, page: 1 });
    expect(first.messages.map((m) => [m.id, m.queue_group])).toEqual([
      ['overdue', 'overdue'],
      ['priority', 'priority'],
      ['waiting', 'waiting'],
    ]);
    const second = await listSupportQueue({ page: 2, limit: 3 }, NOW);
    expect(second.messages.map((m) => [m.id, m.queue_group])).toEqual([['answered', 'answered']]);
  });

  it('moves a priority message to the top once its deadline passes', async () => {
    const later = new Date(NOW.getTime() + 4 * 3_600_000);
    const queue = await listSupportQueue({ page: 1, limit: 10 }, later);
    expect(queue.messages.map((m) => [m.id, m.queue_group])).toEqual([
      ['overdue', 'overdue'],
      ['priority', 'overdue'],
      ['waiting', 'waiting'],
      ['answered', 'answered'],
    ]);
  });
});
