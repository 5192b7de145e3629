import { notFound } from '../../shared/errors.js';
import { MonitorIdParam } from '../../shared/monitors/schemas.js';

/** The `{id}` of a monitor route (monitors and insights areas). Something that cannot be a monitor id is a monitor not found (404). */
export const monitorIdFrom = (pathParameters: Record<string, string>): string => {
  const parsed = MonitorIdParam.safeParse(pathParameters.id);
  if (!parsed.success) throw notFound('Monitor');
  return parsed.data;
};
