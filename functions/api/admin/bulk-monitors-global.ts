import { BULK_UPLOAD } from '../../../shared/monitors/bulk-upload.js';
import { apiHandler } from '../../http/api-handler.js';
import { readMultipartFile } from '../../http/multipart-file.js';
import { ok } from '../../http/responses.js';
import { adminBulkUploadGlobal } from '../../services/admin/bulk-monitors.js';

/** multipart/form-data, the CSV in field `file` (with a user_email column). */
export const handler = apiHandler(null, async ({ ctx, event }) => {
  const file = await readMultipartFile(event, { field: 'file', maxBytes: BULK_UPLOAD.maxBytes });
  return ok(await adminBulkUploadGlobal({ ctx, file }));
});
