import { useSyncExternalStore } from 'react';
import { formatTimestamp, relativeTime } from '../../utils/time';

/**
 * One clock for every relative time on screen (docs/live-status.md): it ticks each second while
 * any is shown, so "Just now" becomes "12 seconds ago", then "1 minute ago", on an open screen
 * whose data has not changed (a live refresh with the same answer renders nothing new).
 */
const TICK_MS = 1_000;
const listeners = new Set<() => void>();
let ticks = 0;
let timer: ReturnType<typeof setInterval> | undefined;

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  timer ??= setInterval(() => {
    ticks += 1;
    for (const notify of listeners) notify();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};

/** Re-renders the caller each second; it reads the time itself (Date.now()). */
export const useClockTick = (): number => useSyncExternalStore(subscribe, () => ticks);

interface RelativeTimeProps {
  iso: string;
  timeZone?: string | null;
  /** Shows the full timestamp on hover (default); off where it is printed beside. */
  withTitle?: boolean;
  className?: string;
}

/** "Just now", "45 seconds ago", "5 minutes ago"... kept current while on screen. */
export function RelativeTime({ iso, timeZone, withTitle = true, className }: RelativeTimeProps) {
  useClockTick();
  return (
    <time dateTime={iso} title={withTitle ? formatTimestamp(iso, timeZone) : undefined} className={className}>
      {relativeTime(iso, Date.now(), timeZone)}
    </time>
  );
}
