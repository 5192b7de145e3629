import { ulid } from 'ulid';
import { AppError, notFound } from '../../../shared/errors.js';
import { MonitorIdParam } from '../../../shared/monitors/schemas.js';
import type { StatusPageComponent, StatusPageComponentInput } from '../../../shared/status-pages/schemas.js';
import { DUPLICATE_COMPONENT_TEXT } from '../../../shared/status-pages/texts.js';
import { monitorKey } from '../../../shared/table/keys.js';
import { batchGetItems, itemKeyId } from '../../repositories/batch-get.js';

/** The two forms a page's components come in (docs/status-pages.md "Pages and components"). */
export interface ComponentsInput {
  monitor_ids?: string[] | undefined;
  components?: StatusPageComponentInput[] | undefined;
}

const blankToNull = (value: string | undefined): string | null => (value && value.trim() ? value.trim() : null);

/**
 * The components a create or an edit asks for, checked and completed: every monitor must be the
 * caller's (one BatchGet; any other id is a 404 "Monitor not found", as for another account's
 * item), each at most once; a display name left out is the monitor's name. A monitor the page
 * already shows keeps its component id, so links and subscriptions to it survive edits; with the
 * `monitor_ids` shorthand it also keeps its display name and group. Undefined when the input names
 * no components (an edit that leaves them as they are).
 */
export const resolveComponents = async (
  userId: string,
  input: ComponentsInput,
  existing: readonly StatusPageComponent[] = [],
): Promise<StatusPageComponent[] | undefined> => {
  const current = new Map(existing.map((component) => [component.monitor_id, component]));
  const wanted: StatusPageComponentInput[] | undefined =
    input.components ??
    input.monitor_ids?.map((monitorId) => {
      const kept = current.get(monitorId);
      return kept ? { monitor_id: monitorId, display_name: kept.display_name, ...(kept.group ? { group: kept.group } : {}) } : { monitor_id: monitorId };
    });
  if (!wanted) return undefined;

  const seen = new Set<string>();
  for (const { monitor_id: monitorId } of wanted) {
    if (seen.has(monitorId)) throw new AppError('VALIDATION_FAILED', DUPLICATE_COMPONENT_TEXT, [{ field: 'components', message: DUPLICATE_COMPONENT_TEXT }]);
    seen.add(monitorId);
    if (!MonitorIdParam.safeParse(monitorId).success) throw notFound('Monitor');
  }
  const monitors = await batchGetItems(
    wanted.map(({ monitor_id: monitorId }) => monitorKey(userId, monitorId)),
    ['name'],
  );

  return wanted.map(({ monitor_id: monitorId, display_name: displayName, group }) => {
    const monitor = monitors.get(itemKeyId(monitorKey(userId, monitorId)));
    if (!monitor) throw notFound('Monitor');
    return {
      id: current.get(monitorId)?.id ?? ulid(),
      monitor_id: monitorId,
      display_name: blankToNull(displayName) ?? String(monitor.name),
      group: blankToNull(group),
    };
  });
};
