import type { MonitorDisplayState } from '../../../../../shared/monitors/schemas.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { STATE_LABEL } from '../utils/format';

const TONE: Record<MonitorDisplayState, BadgeTone> = {
  online: 'emerald',
  offline: 'red',
  paused: 'amber',
  pending: 'slate',
};

export function StatusBadge({ state }: { state: MonitorDisplayState }) {
  return (
    <Badge tone={TONE[state]} dot>
      {STATE_LABEL[state]}
    </Badge>
  );
}
