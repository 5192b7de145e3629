import { useCallback, useState } from 'react';

/**
 * The width of an element, kept current as it resizes: the chart draws in real pixels, so text and
 * lines keep their size at any width instead of being stretched by a viewBox.
 */
export const useElementWidth = <T extends HTMLElement>() => {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
};
