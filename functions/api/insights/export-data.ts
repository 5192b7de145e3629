import { apiHandler } from '../../http/api-handler.js';
import { jsonDownload } from '../../http/responses.js';
import { exportData } from '../../services/insights/export-data.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => {
  const file = await exportData({ ctx, kind: pathParameters.kind });
  return jsonDownload(file.filename, file.document);
});
