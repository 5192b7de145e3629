import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** docs/product-rules.md "Monitors and their states": the search is applied 500 ms after the last keystroke (or at once on Enter). */
export const SEARCH_DEBOUNCE_MS = 500;

export const SEARCH_PARAM = 'search';

/**
 * The monitor search: what the box shows (`draft`) and what the list is filtered by (`term`). The
 * term lives in the URL (?search=), so a reload, the back button and the filter links keep it;
 * applying a new term goes back to page 1.
 */
export const useMonitorSearch = () => {
  const [params, setParams] = useSearchParams();
  const term = (params.get(SEARCH_PARAM) ?? '').trim();
  const [draft, setDraft] = useState(term);
  // The term this hook last wrote; any other change of the URL (back/forward) is shown in the box.
  const written = useRef(term);

  useEffect(() => {
    if (term === written.current) return;
    written.current = term;
    setDraft(term);
  }, [term]);

  const apply = useCallback(
    (value: string) => {
      const next = value.trim();
      written.current = next;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(SEARCH_PARAM, next);
          else updated.delete(SEARCH_PARAM);
          updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (draft.trim() === term) return;
    const timer = setTimeout(() => apply(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, term, apply]);

  const applyNow = () => {
    if (draft.trim() !== term) apply(draft);
  };

  const clear = () => {
    setDraft('');
    if (term) apply('');
  };

  return { draft, setDraft, term, applyNow, clear };
};
