import { BULK_UPLOAD } from '../../../shared/monitors/bulk-upload.js';
import { apiHandler } from '../../http/api-handler.js';
import { readMultipartFile } from '../../http/multipart-file.js';
import { ok } from '../../http/responses.js';
import { bulkUploadMonitors } from '../../services/monitors/bulk-upload.js';

/** POST /api/monitors/bulk-upload: multipart/form-data, the CSV file in field `file`. */
export const handler = apiHandler(null, async ({ ctx, event }) => {
  const file = await readMultipartFile(event, { field: 'file', maxBytes: BULK_UPLOAD.maxBytes });
  return ok(await bulkUploadMonitors({ ctx, file }));
});
