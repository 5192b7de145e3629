import { describe, expect, it } from 'vitest';
import { decodeTime, ulid } from 'ulid';
import { WorkspaceAuditListQuery, type WorkspaceAuditEntry } from '../../../shared/workspaces/audit.js';
import { auditSkRange, decodeAuditCursor, encodeAuditCursor, INVALID_AUDIT_CURSOR_DETAIL } from '../../../functions/services/workspaces/audit-log.js';
import { workspaceAuditCsv } from '../../../functions/services/workspaces/audit-log-csv.js';
import { monitorEditChanges } from '../../../functions/services/monitors/monitor-audit.js';

/** Reading the workspace audit log (docs/teams.md "Audit log"): filters, cursor, date range, CSV, and what a monitor edit records. */

const entry = (fields: Partial<WorkspaceAuditEntry> = {}): WorkspaceAuditEntry => ({
  id: '01JDQ0000000000000000000AB',
  at: '2026-11-27T14:00:00.000Z',
  action: 'monitor.created',
  actor_id: 'user-1',
  actor_email: 'asha@example.com',
  actor_label: 'Asha Rao',
  ip: '203.0.113.7',
  target_type: 'monitor',
  target_id: 'm1',
  target_label: 'Shop',
  details: null,
  ...fields,
});

describe('the list query', () => {
  it('takes the filters, treats an empty one as none, and caps the page size', () => {
    expect(WorkspaceAuditListQuery.parse({ action: 'monitor.paused', actor: 'user-1', from: '2026-11-01T00:00:00+05:30', limit: '20' })).toEqual({
      action: 'monitor.paused',
      actor: 'user-1',
      from: '2026-11-01T00:00:00+05:30',
      limit: 20,
    });
    expect(WorkspaceAuditListQuery.parse({ action: '', actor: '', cursor: '' })).toEqual({});
    expect(WorkspaceAuditListQuery.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('refuses an unknown action, a date that is not ISO 8601, a range that ends before it starts and an unknown parameter', () => {
    expect(WorkspaceAuditListQuery.safeParse({ action: 'monitor.exploded' }).success).toBe(false);
    expect(WorkspaceAuditListQuery.safeParse({ from: 'yesterday' }).success).toBe(false);
    expect(WorkspaceAuditListQuery.safeParse({ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }).success).toBe(false);
    expect(WorkspaceAuditListQuery.safeParse({ sort: 'oldest' }).success).toBe(false);
  });
});

describe('the cursor', () => {
  it('gives back the entry id it was made from', () => {
    const id = ulid();
    expect(decodeAuditCursor(encodeAuditCursor(id))).toBe(id);
  });

  it('is a 400 when edited, truncated or made up', () => {
    const cursor = encodeAuditCursor(ulid());
    for (const tampered of [cursor.slice(0, -2), `${cursor}x`, Buffer.from('a:not-a-ulid').toString('base64url'), 'hello', Buffer.from(`b:${ulid()}`).toString('base64url')]) {
      expect(() => decodeAuditCursor(tampered)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', status: 400, detail: INVALID_AUDIT_CURSOR_DETAIL }));
    }
  });
});

describe('the date range', () => {
  it('is the whole log without dates', () => {
    expect(auditSkRange({})).toEqual({ lowestSk: 'WS_AUDIT#', highestSk: 'WS_AUDIT#~' });
  });

  it('keeps an entry written at `from` and drops one written at `to`', () => {
    const from = '2026-11-01T00:00:00.000Z';
    const to = '2026-11-02T00:00:00.000Z';
    const { lowestSk, highestSk } = auditSkRange({ from, to });
    const sk = (at: string) => `WS_AUDIT#${ulid(Date.parse(at))}`;
    const inRange = (at: string) => sk(at) >= lowestSk && sk(at) <= highestSk;
    expect(inRange(from)).toBe(true);
    expect(inRange('2026-11-01T23:59:59.999Z')).toBe(true);
    expect(inRange(to)).toBe(false);
    expect(inRange('2026-10-31T23:59:59.999Z')).toBe(false);
    expect(decodeTime(lowestSk.slice('WS_AUDIT#'.length) + '0'.repeat(16))).toBe(Date.parse(from));
  });
});

describe('the CSV export', () => {
  it('has a header row, the action in plain words, CRLF line ends and nothing a spreadsheet would run', () => {
    const csv = workspaceAuditCsv([entry({ target_label: '=HYPERLINK("http://evil")', details: { fields: ['name', 'url'] } })]);
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe('at,actor,actor_email,action,description,target_type,target,target_id,ip,details');
    expect(row).toBe(
      '2026-11-27T14:00:00.000Z,Asha Rao,asha@example.com,monitor.created,Created a monitor,monitor,"\'=HYPERLINK(""http://evil"")",m1,203.0.113.7,"{""fields"":[""name"",""url""]}"',
    );
    expect(end).toBe('');
  });
});

describe('what a monitor edit records', () => {
  const before = { id: 'm1', name: 'Shop', status: 'active' as const };

  it('a pause alone is a pause, not an edit', () => {
    expect(monitorEditChanges(before, { ...before, status: 'paused' }, { status: 'paused' })).toEqual([
      { action: 'monitor.paused', targetType: 'monitor', targetId: 'm1', targetLabel: 'Shop' },
    ]);
  });

  it('a resume with a new name is a resume and an edit that names the field, not its value', () => {
    const changes = monitorEditChanges({ ...before, status: 'paused' }, { ...before, name: 'Shop EU' }, { status: 'active', name: 'Shop EU' });
    expect(changes).toEqual([
      { action: 'monitor.resumed', targetType: 'monitor', targetId: 'm1', targetLabel: 'Shop EU' },
      { action: 'monitor.updated', targetType: 'monitor', targetId: 'm1', targetLabel: 'Shop EU', details: { fields: ['name'] } },
    ]);
  });

  it('an edit that sends the status it already had is only an edit', () => {
    expect(monitorEditChanges(before, before, { status: 'active', check_interval: 600 }).map((change) => change.action)).toEqual(['monitor.updated']);
  });
});
