import { TYPE_FAILURE_TEXTS } from '../monitors/types/index.js';

/**
 * What the failures of the monitor types other than HTTP mean (docs/checks.md "Monitor types"), in
 * the words of failure-texts.ts: each type's own texts (shared/monitors/types/), merged. TCP
 * monitors share the network categories (refused, timeout, ...) with HTTP.
 */
export const MONITOR_TYPE_FAILURE_TEXTS = TYPE_FAILURE_TEXTS;
