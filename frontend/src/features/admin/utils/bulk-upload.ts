import { BULK_UPLOAD } from '@shared/monitors/bulk-upload.js';

export type UploadMode = 'global' | 'user';

/** docs/product-rules.md "Operator bulk upload": a bulk-upload result shows at most 2 errors per user, with a count of the rest. */
export const ERRORS_SHOWN_PER_USER = 2;

export const visibleErrors = (errors: readonly string[], max = ERRORS_SHOWN_PER_USER): { shown: string[]; more: number } => ({
  shown: errors.slice(0, max),
  more: Math.max(0, errors.length - max),
});

// docs/product-rules.md "Operator bulk upload": the template's samples use intervals of 60, 120 and 300 s.
const SAMPLES = [
  ['alice@example.com', 'Company website', 'https://www.example.com', 300, 30],
  ['alice@example.com', 'Online shop', 'shop.example.com', 120, 10],
  ['bob@example.com', 'Status API', 'https://api.example.com/health', 60, 10],
] as const;

/**
 * CSV rows (docs/product-rules.md "Operator bulk upload"): user_email (global mode only), name, url, check_interval, timeout. The
 * operator's template is built here from the shared column list, so it always matches the parser.
 */
export const adminTemplate = (mode: UploadMode): { filename: string; content: string } => {
  const columns = mode === 'global' ? [BULK_UPLOAD.userEmailColumn, ...BULK_UPLOAD.columns] : [...BULK_UPLOAD.columns];
  const rows = SAMPLES.map(([email, ...rest]) => (mode === 'global' ? [email, ...rest] : rest).join(','));
  return {
    filename: mode === 'global' ? 'upwatch-admin-monitors-global-template.csv' : 'upwatch-admin-monitors-template.csv',
    content: [columns.join(','), ...rows].join('\n') + '\n',
  };
};

/** The format rules under the template button, from the shared constants (docs/product-rules.md "Bulk upload"). */
export const templateRules = (mode: UploadMode): string[] => {
  const { checkInterval, timeout, defaults } = BULK_UPLOAD;
  return [
    ...(mode === 'global' ? [`${BULK_UPLOAD.userEmailColumn}: the e-mail of the user who gets the monitor (required).`] : []),
    'name and url are required; url may leave out http:// or https://.',
    `check_interval: seconds, default ${defaults.check_interval}, from ${checkInterval.min} to ${checkInterval.max}.`,
    `timeout: seconds, default ${defaults.timeout}, from ${timeout.min} to ${timeout.max}, and not above check_interval.`,
    'Plan limits do not apply to an operator upload.',
  ];
};
