import { monitorTemplate, type MonitorTemplate } from '../../../shared/monitors/bulk-upload.js';
import type { TierId } from '../../../shared/tiers.js';

/** The bulk-upload CSV template and its rules (shared/monitors/bulk-upload.ts builds both), fit to `tier` when given. */
export const getMonitorTemplate = (tier?: TierId): MonitorTemplate => monitorTemplate(tier);
