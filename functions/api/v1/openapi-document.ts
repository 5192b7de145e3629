import { buildV1OpenApiDocument } from '../../../shared/api/v1/openapi-document.js';
import { publicApiHandler } from '../../http/api-handler.js';
import type { ApiResult } from '../../http/responses.js';

// Built once per Lambda instance: the document changes only with a deployment.
let body: string | undefined;

/**
 * GET /api/v1/openapi.json: public and the same for everyone, so shared caches may keep it for
 * five minutes (docs/api.md "The document").
 */
export const v1OpenApiDocument = publicApiHandler(null, async (): Promise<ApiResult> => {
  body ??= JSON.stringify(buildV1OpenApiDocument());
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
    body,
  };
});
