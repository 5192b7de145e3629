import type { AssertionKind } from '@shared/checks/check-result.js';
import type { ExportedCheck } from '@shared/insights/schemas.js';
import type { Monitor } from '@shared/monitors/schemas.js';
import { DEFAULT_EXPECTED_STATUS_CODES } from '@shared/monitors/status-codes.js';

/** What the monitor asserts, in words (the status codes always: the default is an assertion too). */
export const configuredAssertions = (monitor: Monitor): { kind: AssertionKind; label: string }[] => {
  const list: { kind: AssertionKind; label: string }[] = [
    { kind: 'status', label: `Status code in ${monitor.expected_status_codes ?? DEFAULT_EXPECTED_STATUS_CODES}` },
  ];
  if (monitor.keyword) {
    const caseNote = monitor.keyword_case_sensitive ? ' (case sensitive)' : '';
    list.push({ kind: 'keyword', label: `Page ${monitor.keyword_mode === 'absent' ? 'does not contain' : 'contains'} "${monitor.keyword}"${caseNote}` });
  }
  if (monitor.json_path) {
    const match = monitor.json_match ?? 'exists';
    list.push({ kind: 'json_path', label: match === 'exists' ? `JSON ${monitor.json_path} exists` : `JSON ${monitor.json_path} ${match} "${monitor.json_expected ?? ''}"` });
  }
  if (monitor.header_name) {
    const match = monitor.header_match ?? 'exists';
    list.push({ kind: 'header', label: match === 'exists' ? `Header ${monitor.header_name} present` : `Header ${monitor.header_name} ${match} "${monitor.header_expected ?? ''}"` });
  }
  return list;
};

/** The newest check of each region (checks come newest first), so a verdict is about now. */
export const latestPerRegion = (checks: readonly ExportedCheck[]): ExportedCheck[] => {
  const seen = new Set<string>();
  return checks.filter((check) => !seen.has(check.region) && seen.add(check.region));
};
