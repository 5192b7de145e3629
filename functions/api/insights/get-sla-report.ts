import { SlaReportQuery } from '../../../shared/sla/report-query.js';
import { API_SECURITY_HEADERS } from '../../../shared/web/api-security-headers.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { downloadSlaReport, getSlaReport } from '../../services/sla/sla-reports.js';

/**
 * GET /api/sla/reports/{month}: one month's report (docs/sla-reports.md "Routes"), as JSON or as the
 * PDF or CSV file the browser saves. The PDF goes base64-encoded, as API Gateway wants a binary body.
 */
export const handler = apiHandler({ query: SlaReportQuery }, async ({ ctx, query, pathParameters }) => {
  const month = pathParameters.month ?? '';
  if (query.format === 'json') return ok(await getSlaReport(ctx, month, { monitorId: query.monitor }));
  const file = await downloadSlaReport(ctx, month, { format: query.format, monitorId: query.monitor });
  return {
    statusCode: 200,
    headers: {
      ...API_SECURITY_HEADERS,
      'content-type': file.contentType,
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="${file.filename}"`,
    },
    body: file.body.toString('base64'),
    isBase64Encoded: true,
  };
});
