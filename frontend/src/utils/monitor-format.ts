import type { MonitorDisplayState } from '@shared/monitors/schemas.js';
import { countOf } from '@shared/texts.js';

/** The display states (docs/product-rules.md "Monitors and their states") (Pending before the first check), as cards, badges and the details page name them. */
export const STATE_LABEL: Readonly<Record<MonitorDisplayState, string>> = {
  online: 'Online',
  degraded: 'Degraded',
  offline: 'Offline',
  paused: 'Paused',
  pending: 'Pending',
};

/** docs/product-rules.md "Display rules": response_time is seconds, shown in whole milliseconds; a dash when there is none. */
export const formatResponseTime = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined || !Number.isFinite(seconds) ? '—' : `${Math.round(seconds * 1000)} ms`;

/** The card's interval, in minutes (docs/product-rules.md "Monitors and their states"); sub-minute intervals (business tier) in seconds. */
export const formatInterval = (seconds: number): string =>
  seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

/** The interval as the form's options name it (docs/product-rules.md "Intervals and timeouts"): 1 min, 5 min, 10 min, 15 min, 30 min, 1 hour. */
export const intervalLabel = (seconds: number): string =>
  seconds === 3600 ? '1 hour' : formatInterval(seconds);

/** A monitor's timeout: "30 seconds". */
export const timeoutLabel = (seconds: number): string => countOf(seconds, 'second');

/** A slow threshold in seconds, as short as it reads well: "5 s", "1.5 s", "0.8 s". */
export const formatSeconds = (seconds: number): string => `${Number(seconds.toFixed(3))} s`;
