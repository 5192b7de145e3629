import { BULK_UPLOAD } from '../../../shared/monitors/bulk-upload.js';
import { apiHandler } from '../../http/api-handler.js';
import { readMultipartFile } from '../../http/multipart-file.js';
import { ok } from '../../http/responses.js';
import { adminBulkUploadForUser } from '../../services/admin/bulk-monitors.js';
import { userIdFrom } from './path-ids.js';

/** multipart/form-data, the CSV in field `file`. */
export const handler = apiHandler(null, async ({ ctx, event, pathParameters }) => {
  const userId = userIdFrom(pathParameters);
  const file = await readMultipartFile(event, { field: 'file', maxBytes: BULK_UPLOAD.maxBytes });
  return ok(await adminBulkUploadForUser({ ctx, userId, file }));
});
