import { useEffect } from 'react';
import { clampPage } from '../utils/format';

/**
 * A list that shrank under the operator (an error resolved on the last page of "Open", a user
 * deleted) can leave the page number past the end: step back to the last page that exists.
 */
export function usePageInRange(page: number, pages: number | undefined, setPage: (page: number) => void): void {
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(clampPage(page, pages));
  }, [page, pages, setPage]);
}
