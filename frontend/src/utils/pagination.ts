export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Shared pager (docs/product-rules.md "Pagination"): every number up to 5 pages, else first, last and the neighbourhood. */
export const pageItems = (current: number, pages: number): PageItem[] => {
  if (pages <= 5) return Array.from({ length: Math.max(0, pages) }, (_, i) => i + 1);
  if (current <= 3) return [1, 2, 3, 4, 'ellipsis-end', pages];
  if (current >= pages - 2) return [1, 'ellipsis-start', pages - 3, pages - 2, pages - 1, pages];
  return [1, 'ellipsis-start', current - 1, current, current + 1, 'ellipsis-end', pages];
};

/** "Showing X to Y of Z results". */
export const resultRange = (page: number, pageSize: number, total: number): { from: number; to: number } => ({
  from: total === 0 ? 0 : (page - 1) * pageSize + 1,
  to: Math.min(page * pageSize, total),
});
