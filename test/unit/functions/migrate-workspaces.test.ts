import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userProfilePages, type UserProfile } from '../../../functions/repositories/user-repository.js';
import { presentItemKeys, writeFoundingItemIfMissing, type FoundingItemOutcome } from '../../../functions/repositories/workspace-migration-repository.js';
import { describeMigration, migrateWorkspaces } from '../../../functions/services/operations/migrate-workspaces.js';
import { itemKeyId } from '../../../functions/repositories/batch-get.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/user-repository.js', () => ({ userProfilePages: vi.fn() }));
vi.mock('../../../functions/repositories/workspace-migration-repository.js', () => ({ presentItemKeys: vi.fn(), writeFoundingItemIfMissing: vi.fn() }));

/** The table as the migration sees it: which keys exist, and which accounts are being erased. */
let stored: Set<string>;
let erasing: Set<string>;

const givenProfiles = (...pages: UserProfile[][]) => {
  vi.mocked(userProfilePages).mockImplementation(async function* () {
    for (const page of pages) yield page;
  });
};

beforeEach(() => {
  vi.resetAllMocks();
  stored = new Set();
  erasing = new Set();
  vi.mocked(presentItemKeys).mockImplementation(async (keys) => new Set(keys.filter((key) => stored.has(`${key.PK}|${key.SK}`)).map((key) => itemKeyId(key))));
  vi.mocked(writeFoundingItemIfMissing).mockImplementation(async (userId, item): Promise<FoundingItemOutcome> => {
    if (erasing.has(userId)) return 'erasing';
    const key = `${String(item.PK)}|${String(item.SK)}`;
    if (stored.has(key)) return 'present';
    stored.add(key);
    return 'written';
  });
});

describe('migrateWorkspaces', () => {
  const ada = profile({ id: 'ada', name: 'Ada', email: 'ada@example.com' });
  const bob = profile({ id: 'bob', name: 'Bob', email: 'bob@example.com' });

  it('writes the three founding items of every account once; a second run writes nothing and says so', async () => {
    givenProfiles([ada], [bob]);
    expect(await migrateWorkspaces()).toEqual({ accounts: 2, accountsMigrated: 2, itemsWritten: 6, accountsErasing: 0 });
    expect([...stored].sort()).toEqual([
      'USER#ada|MEMBER#ada',
      'USER#ada|MEMBERSHIP#ada',
      'USER#ada|WORKSPACE',
      'USER#bob|MEMBER#bob',
      'USER#bob|MEMBERSHIP#bob',
      'USER#bob|WORKSPACE',
    ]);
    vi.mocked(writeFoundingItemIfMissing).mockClear();
    const again = await migrateWorkspaces();
    expect(again).toEqual({ accounts: 2, accountsMigrated: 0, itemsWritten: 0, accountsErasing: 0 });
    // Found present by the batch read: not one write is tried.
    expect(writeFoundingItemIfMissing).not.toHaveBeenCalled();
    expect(describeMigration(again)).toBe('Workspaces: nothing to migrate; all 2 accounts have their own workspace.');
  });

  it('gives an account left half-done only the items it lacks', async () => {
    givenProfiles([ada]);
    stored.add('USER#ada|WORKSPACE');
    const lines: string[] = [];
    const summary = await migrateWorkspaces({ log: (line) => lines.push(line) });
    expect(summary).toEqual({ accounts: 1, accountsMigrated: 1, itemsWritten: 2, accountsErasing: 0 });
    expect(vi.mocked(writeFoundingItemIfMissing).mock.calls.map(([, item]) => item.SK)).toEqual(['MEMBER#ada', 'MEMBERSHIP#ada']);
    expect(lines).toEqual(['ada: 2 founding items written']);
    expect(describeMigration(summary)).toBe('Workspaces migrated: 1 of 1 accounts got their own workspace (2 items written).');
  });

  it('skips accounts whose erasure began, whether the profile read says so or the write finds it', async () => {
    givenProfiles([profile({ id: 'gone', deletion_started_at: '2026-01-01T00:00:00.000Z' }), bob, profile({ id: 'going' })]);
    erasing.add('going');
    const summary = await migrateWorkspaces();
    expect(summary).toEqual({ accounts: 3, accountsMigrated: 1, itemsWritten: 3, accountsErasing: 2 });
    expect([...stored].every((key) => key.startsWith('USER#bob|'))).toBe(true);
    expect(vi.mocked(writeFoundingItemIfMissing).mock.calls.filter(([userId]) => userId === 'gone')).toEqual([]);
    expect(describeMigration(summary)).toBe('Workspaces migrated: 1 of 3 accounts got their own workspace (3 items written); 2 being erased were skipped.');
  });
});

describe('migrateWorkspaces and a write that finds its item already there', () => {
  it('counts an item written since the batch read as present, not as written', async () => {
    givenProfiles([profile({ id: 'cara' })]);
    // The batch read saw nothing; meanwhile another run wrote the workspace record.
    vi.mocked(presentItemKeys).mockResolvedValue(new Set());
    stored.add('USER#cara|WORKSPACE');
    expect(await migrateWorkspaces()).toEqual({ accounts: 1, accountsMigrated: 1, itemsWritten: 2, accountsErasing: 0 });
  });
});
