import { AppError } from '../../../shared/errors.js';
import type { V1ListQuery } from '../../../shared/api/v1/schemas.js';

/** What a bad `cursor` answers (docs/api.md "Pagination"). */
export const BAD_CURSOR_DETAIL = 'cursor is not valid: pass the next_cursor of the previous page, or leave it out for the first page';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

const decodeCursor = (cursor: string): string => {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!ULID.test(id) || encodeCursor(id) !== cursor) {
    throw new AppError('VALIDATION_FAILED', BAD_CURSOR_DETAIL, [{ field: 'cursor', message: BAD_CURSOR_DETAIL }]);
  }
  return id;
};

/**
 * One page of a list whose items have ULID ids, newest (greatest id) first (docs/api.md
 * "Pagination"). The cursor is the last answered id, opaque to the caller: a page starts after it,
 * so an item added or deleted between two calls neither repeats nor hides another.
 */
export const cursorPage = <T extends { id: string }>(items: readonly T[], query: V1ListQuery): { data: T[]; next_cursor: string | null } => {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const ordered = [...items].sort((a, b) => b.id.localeCompare(a.id));
  const rest = after === undefined ? ordered : ordered.filter((item) => item.id < after);
  const data = rest.slice(0, query.limit);
  const last = data.at(-1);
  return { data, next_cursor: rest.length > data.length && last ? encodeCursor(last.id) : null };
};
