import type { ApiResult } from '../../http/responses.js';

/** 204: done, nothing to answer (a deletion). */
export const noContent = (): ApiResult => ({ statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' });
