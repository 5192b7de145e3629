import { areaHandler } from '../../http/area-handler.js';
import { handler as health } from './health.js';

export const handler = areaHandler('public', { health });
