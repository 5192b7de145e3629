import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/**
 * A message that shows until replaced or cleared; a success one hides itself after `successMs`
 * (docs/product-rules.md "Error catalogue": "shown 3 s", "shown 5 s"). Errors stay until the next attempt.
 */
export const useTimedMessage = (successMs: number) => {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: TimedMessage | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next?.tone === 'success') timer.current = setTimeout(() => setMessage(null), successMs);
    },
    [successMs],
  );

  return [message, show] as const;
};
