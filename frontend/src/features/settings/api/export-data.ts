import { exportFileName, type ExportKind } from '@shared/insights/schemas.js';
import { downloadFrom } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

/**
 * GET /api/export/{kind}, saved as a file under the name the server gives it (Content-Disposition);
 * the same naming rule from shared/ covers an answer that carries no name.
 */
export const exportData = async (kind: ExportKind): Promise<string> => {
  const file = await downloadFrom('exportData', { kind });
  const filename = file.filename ?? exportFileName(kind, new Date());
  saveFile(file.blob, filename);
  return filename;
};
