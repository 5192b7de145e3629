import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listPackages } from '../../services/public/list-packages.js';

export const handler = publicApiHandler(null, async () => ok(listPackages()));
