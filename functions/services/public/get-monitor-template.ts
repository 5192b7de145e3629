import { monitorTemplate, type MonitorTemplate } from '../../../shared/monitors/bulk-upload.js';

/** The bulk-upload CSV template and its rules (shared/monitors/bulk-upload.ts builds both). */
export const getMonitorTemplate = (): MonitorTemplate => monitorTemplate();
