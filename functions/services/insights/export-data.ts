import { AppError } from '../../../shared/errors.js';
import {
  EXPORT_CHECKS_PER_MONITOR,
  exportFileName,
  ExportKind,
  type DataExport,
  type IncidentsExport,
  type MonitorsExport,
} from '../../../shared/insights/schemas.js';
import { latestCheckResults } from '../../repositories/check-result-repository.js';
import { listArchivedIncidents, listUserIncidents } from '../../repositories/incident-repository.js';
import { listChannels } from '../../repositories/channel-repository.js';
import { listUserMonitors } from '../../repositories/monitor-read-repository.js';
import { channelView, monitorsUsing } from '../channels/channel-view.js';
import type { CallerContext } from '../context.js';
import { toExportedCheck } from './exported-check.js';
import { readPerMonitor } from './per-monitor-reads.js';

/** `/api/export/{kind}` names a file that does not exist for any other kind: 404, like an unknown path. */
export const UNKNOWN_EXPORT_KIND_DETAIL = 'Unknown export kind: choose monitors or incidents';

export interface ExportFile {
  filename: string;
  document: DataExport;
}

/** Every monitor as the monitor list shows it, each with its latest checks (docs/product-rules.md "Export": 100). */
const exportMonitors = async (userId: string, exportedAt: string): Promise<MonitorsExport> => {
  const [monitors, channels] = await Promise.all([listUserMonitors(userId), listChannels(userId)]);
  const refs = monitors.map((monitor) => ({ monitorId: monitor.id, channelIds: monitor.channel_ids }));
  return {
    kind: 'monitors',
    exported_at: exportedAt,
    monitors: await readPerMonitor(monitors, async (monitor) => ({
      ...monitor,
      checks: (await latestCheckResults(userId, monitor.id, EXPORT_CHECKS_PER_MONITOR)).map(toExportedCheck),
    })),
    // Stored masks only: an export never opens a channel's credentials.
    channels: channels.map((channel) => channelView(channel, monitorsUsing(channel, refs))),
  };
};

/** The incidents the lists show, and the archive a downgrade to Free made (docs/product-rules.md "Retention"). */
const exportIncidents = async (userId: string, now: Date): Promise<IncidentsExport> => {
  const [incidents, archived] = await Promise.all([listUserIncidents(userId, now), listArchivedIncidents(userId, now)]);
  return { kind: 'incidents', exported_at: now.toISOString(), incidents, archived_incidents: archived };
};

/** Settings > Export Data: the caller's monitors or incidents as a JSON file named by kind and UTC date. */
export const exportData = async ({ ctx, kind, now = new Date() }: { ctx: CallerContext; kind: string | undefined; now?: Date }): Promise<ExportFile> => {
  const parsed = ExportKind.safeParse(kind);
  if (!parsed.success) throw new AppError('NOT_FOUND', UNKNOWN_EXPORT_KIND_DETAIL);
  const exportedAt = now.toISOString();
  const document =
    parsed.data === 'monitors' ? await exportMonitors(ctx.workspaceId, exportedAt) : await exportIncidents(ctx.workspaceId, now);
  return { filename: exportFileName(parsed.data, now), document };
};
