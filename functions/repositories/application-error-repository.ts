import type { ApplicationError, ApplicationErrorType } from '../../shared/admin/schemas.js';
import {
  APPLICATION_ERRORS_PARTITION,
  applicationErrorKey,
  applicationErrorListKeys,
  applicationErrorTypePartition,
  ENTITY,
} from '../../shared/table/keys.js';
import { numberedPage, type NumberedPage } from './index-pages.js';
import type { TableItem } from './query-all.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/**
 * Application errors (keys.ts 23-25): one item each, listed by time (GSI1) or by type (GSI2), and
 * gone after `APPLICATION_ERROR_TTL_DAYS` (DynamoDB TTL), so the lists stay a month long at most.
 */
export const APPLICATION_ERROR_TTL_DAYS = 30;

const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const toApplicationError = (item: TableItem): ApplicationError => ({
  id: String(item.id),
  error_type: item.error_type as ApplicationErrorType,
  error_message: String(item.error_message ?? ''),
  resolved: item.resolved === true,
  resolved_at: nullableString(item.resolved_at),
  resolved_by: nullableString(item.resolved_by),
  timestamp: String(item.timestamp),
  context: (item.context as Record<string, unknown> | undefined) ?? {},
  stack_trace: nullableString(item.stack_trace),
  user_id: nullableString(item.user_id),
  monitor_id: nullableString(item.monitor_id),
});

export const putApplicationError = async (error: ApplicationError): Promise<void> => {
  const expiresAt = Math.floor(new Date(error.timestamp).getTime() / 1000) + APPLICATION_ERROR_TTL_DAYS * 24 * 3600;
  await table.put({
    Item: {
      ...applicationErrorKey(error.id),
      ...applicationErrorListKeys(error.id, error.error_type),
      entity: ENTITY.applicationError,
      ...error,
      expires_at: expiresAt,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
};

export const getApplicationError = async (id: string): Promise<ApplicationError | null> => {
  const { Item } = await table.get({ Key: applicationErrorKey(id), ConsistentRead: true });
  return Item ? toApplicationError(Item) : null;
};

/**
 * A page of errors, newest first: of one type through its GSI2 partition, else through GSI1; the
 * resolved filter is applied to each page read. Totals are counted by the walk (a month at most).
 */
export const listApplicationErrors = (opts: {
  page: number;
  limit: number;
  errorType?: ApplicationErrorType;
  resolved?: boolean;
}): Promise<NumberedPage<ApplicationError>> =>
  numberedPage(
    opts.errorType
      ? { index: 'GSI2', partition: applicationErrorTypePartition(opts.errorType) }
      : { index: 'GSI1', partition: APPLICATION_ERRORS_PARTITION },
    {
      page: opts.page,
      limit: opts.limit,
      toItem: (item) => (item.entity === ENTITY.applicationError ? toApplicationError(item) : null),
      matches: opts.resolved === undefined ? undefined : (error) => error.resolved === opts.resolved,
    },
  );

/**
 * Open -> resolved, once: the condition makes a second resolve (or one racing it) fail, and there
 * is no write that sets `resolved` back to false. 'not_found' / 'already_resolved' otherwise.
 */
export const markApplicationErrorResolved = async (
  id: string,
  by: { adminId: string; at: Date },
): Promise<ApplicationError | 'not_found' | 'already_resolved'> => {
  const resolved = await resultIfAllowed(
    table.update({
      Key: applicationErrorKey(id),
      UpdateExpression: 'SET resolved = :true, resolved_at = :at, resolved_by = :by',
      ConditionExpression: 'attribute_exists(PK) AND resolved = :false',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':at': by.at.toISOString(), ':by': by.adminId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (resolved) return toApplicationError(resolved.Attributes ?? {});
  return (await getApplicationError(id)) ? 'already_resolved' : 'not_found';
};
