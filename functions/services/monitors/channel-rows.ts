import { listChannels } from '../../repositories/channel-repository.js';
import type { CsvRow, RowError } from './bulk-upload-rows.js';

/**
 * The `channels` column of an upload (docs/alerts.md "Which channels a monitor uses"): each name
 * or id must be one of the owner's channels (names compared without case); a row naming one that
 * is not is refused, saying which. Rows without the column keep the account's default channels.
 */
export const resolveRowChannels = async (userId: string, rows: readonly CsvRow[]): Promise<{ rows: CsvRow[]; refused: RowError[] }> => {
  if (!rows.some((row) => row.channelNames?.length)) return { rows: [...rows], refused: [] };
  const channels = await listChannels(userId);
  const byName = new Map(channels.map((channel) => [channel.name.toLowerCase(), channel.id]));
  const ids = new Set(channels.map((channel) => channel.id));
  const resolved: CsvRow[] = [];
  const refused: RowError[] = [];
  for (const row of rows) {
    if (!row.channelNames?.length) {
      resolved.push(row);
      continue;
    }
    const found = row.channelNames.map((name) => (ids.has(name) ? name : byName.get(name.toLowerCase())));
    const unknown = row.channelNames.filter((_name, index) => !found[index]);
    if (unknown.length) {
      refused.push({
        line: row.line,
        message: `Unknown alert channel${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Use the names shown in Settings -> Notifications`,
        ...(row.userEmail !== undefined ? { userEmail: row.userEmail } : {}),
      });
    } else resolved.push({ ...row, input: { ...row.input, channel_ids: [...new Set(found as string[])] } });
  }
  return { rows: resolved, refused };
};
