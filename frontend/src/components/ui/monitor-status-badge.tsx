import type { MonitorDisplayState } from '@shared/monitors/schemas.js';
import { STATE_LABEL } from '../../utils/monitor-format';
import { Badge, type BadgeTone } from './badge';

// Amber is kept for Degraded (up but slow), the state that needs a look; Paused is neutral.
const TONE: Record<MonitorDisplayState, BadgeTone> = {
  online: 'emerald',
  degraded: 'amber',
  offline: 'red',
  paused: 'slate',
  pending: 'indigo',
};

/** A monitor's display state as a dotted badge, on its card and on its details page. */
export function MonitorStatusBadge({ state }: { state: MonitorDisplayState }) {
  return (
    <Badge tone={TONE[state]} dot>
      {STATE_LABEL[state]}
    </Badge>
  );
}
