import { areaHandler } from '../../http/area-handler.js';
import { handler as createMonitor } from './create-monitor.js';
import { handler as forceCheck } from './force-check.js';
import { handler as listMonitors } from './list-monitors.js';

export const handler = areaHandler('monitors', { createMonitor, listMonitors, forceCheck });
