import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../shared/errors.js';
import { BAD_CURSOR_DETAIL, cursorPage } from '../../../functions/services/v1/cursor-page.js';

const ids = ['01HZ3N9RTQ9B6Q8Z5M5XG7QFB1', '01HZ3N9RTQ9B6Q8Z5M5XG7QFB3', '01HZ3N9RTQ9B6Q8Z5M5XG7QFB2', '01HZ3N9RTQ9B6Q8Z5M5XG7QFB4', '01HZ3N9RTQ9B6Q8Z5M5XG7QFB5'];
const items = ids.map((id) => ({ id }));

const refusal = (cursor: string): unknown => {
  try {
    cursorPage(items, { limit: 2, cursor });
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('cursor pages', () => {
  it('walks the list newest first, each item once, and ends with a null cursor', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = cursorPage(items, { limit: 2, cursor });
      seen.push(...page.data.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].sort().reverse());
  });

  it('has no next page when the last page is exactly full', () => {
    expect(cursorPage(items, { limit: 5 }).next_cursor).toBeNull();
    expect(cursorPage(items, { limit: 4 }).next_cursor).not.toBeNull();
  });

  it('neither repeats nor skips an item when the one the cursor names was deleted', () => {
    const first = cursorPage(items, { limit: 2 });
    const remaining = items.filter((item) => item.id !== first.data[1]!.id);
    expect(cursorPage(remaining, { limit: 2, cursor: first.next_cursor! }).data.map((item) => item.id)).toEqual([ids[1], ids[2]]);
  });

  it('refuses a cursor it did not make with a 400 naming the field', () => {
    for (const bad of ['nonsense', 'AAAA', Buffer.from('not-a-ulid').toString('base64url'), `${cursorPage(items, { limit: 1 }).next_cursor}=`]) {
      const error = refusal(bad);
      expect(isAppError(error) && error.status).toBe(400);
      expect(isAppError(error) && error.toBody()).toEqual({ detail: BAD_CURSOR_DETAIL, code: 'VALIDATION_FAILED', errors: [{ field: 'cursor', message: BAD_CURSOR_DETAIL }] });
    }
  });
});
