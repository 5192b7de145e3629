import type { MonitorDisplayState } from '../../../../shared/monitors/schemas.js';
import { STATE_LABEL } from '../../utils/monitor-format';
import { Badge, type BadgeTone } from './badge';

const TONE: Record<MonitorDisplayState, BadgeTone> = {
  online: 'emerald',
  offline: 'red',
  paused: 'amber',
  pending: 'slate',
};

/** A monitor's display state as a dotted badge, on its card and on its details page. */
export function MonitorStatusBadge({ state }: { state: MonitorDisplayState }) {
  return (
    <Badge tone={TONE[state]} dot>
      {STATE_LABEL[state]}
    </Badge>
  );
}
