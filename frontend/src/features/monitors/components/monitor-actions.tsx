import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Monitor } from '@shared/monitors/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PauseIcon, PencilIcon, PlayIcon, TrashIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useUpdateMonitor } from '../api/update-monitor';
import { DeleteMonitorDialog } from './delete-monitor-dialog';
import { MonitorModal } from './monitor-modal';
import { useMayCall } from '@/lib/workspace';

type Dialog = 'edit' | 'delete' | null;

/**
 * The monitor page's actions (docs/product-rules.md "Monitors and their states"): Pause or Resume,
 * Edit and Delete, with the list's own dialogs, so a monitor can be handled where it is looked at.
 * Deleting leads back to the monitor list; a failed pause or resume says why beside the buttons.
 */
export function MonitorActions({ monitor }: { monitor: Monitor }) {
  const navigate = useNavigate();
  const updateMonitor = useUpdateMonitor();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [toggling, setToggling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A disabled monitor is resumed like a paused one; the server allows it when the plan has room.
  const paused = monitor.status !== 'active';
  const mayEdit = useMayCall('updateMonitor');

  const toggle = async () => {
    setFailure(null);
    setToggling(true);
    try {
      await updateMonitor(monitor.id, { status: paused ? 'active' : 'paused' });
    } catch (error) {
      setFailure(errorMessage(error, TEXT.failedToUpdateMonitorStatus));
    } finally {
      setToggling(false);
    }
  };

  // A viewer looks at the monitor without its actions (docs/teams.md "Choosing a workspace").
  if (!mayEdit) return null;
  return (
    <div className="space-y-3" data-testid="monitor-actions">
      <div className="flex flex-wrap gap-2">
        {/* Only an operator lifts their hold (docs/admin.md "Monitor holds"): no Resume that can only fail. */}
        {!monitor.operator_hold && (
          <Button variant="secondary" size="sm" loading={toggling} onClick={() => void toggle()} aria-label={`${paused ? 'Resume' : 'Pause'} ${monitor.name}`}>
            {!toggling && (paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />)}
            {paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setDialog('edit')} aria-label={`Edit ${monitor.name}`}>
          <PencilIcon className="size-4" />
          Edit
        </Button>
        <Button variant="danger" size="sm" onClick={() => setDialog('delete')} aria-label={`Delete ${monitor.name}`}>
          <TrashIcon className="size-4" />
          Delete
        </Button>
      </div>
      {failure && <Alert>{failure}</Alert>}
      {dialog === 'edit' && <MonitorModal monitor={monitor} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteMonitorDialog
          monitor={monitor}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(paths.app.monitors, { replace: true })}
        />
      )}
    </div>
  );
}
