/**
 * An uptime percentage as the API gives it (0..100, two decimals) for display: "100%", "99.5%",
 * "66.67%"; a dash when there is no figure (a window without data is never shown as up).
 */
export const formatPercentage = (value: number | null | undefined): string => {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${Number(value.toFixed(2))}%`;
};
