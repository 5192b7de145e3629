import { afterEach, describe, expect, it } from 'vitest';
import { displayTimeZone, formatDate, formatTimestamp, relativeTime, setDisplayTimeZone } from '../../../frontend/src/utils/time';

// ICU versions differ in the space before AM/PM (U+202F or a plain space): compare plain.
const plain = (text: string) => text.replace(/\s/g, ' ');
const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
const NOW = Date.parse('2025-03-10T12:00:00Z');

describe('display timezone set by the session', () => {
  afterEach(() => setDisplayTimeZone(null));

  it("shows every time in the user's zone once the session sets it, without the caller naming it", () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(displayTimeZone()).toBe('Asia/Tokyo');
    expect(plain(formatTimestamp('2025-03-10T12:00:00Z'))).toBe('Mar 10, 2025, 9:00:00 PM GMT+9');
    expect(formatDate('2025-03-10T20:00:00Z')).toBe('Mar 11, 2025');
    expect(relativeTime('2025-01-01T20:00:00Z', NOW)).toBe('Jan 2, 2025');
  });

  it('treats a null zone from a caller as "not named" and still uses the user\'s zone', () => {
    setDisplayTimeZone('Asia/Kolkata');
    expect(plain(formatTimestamp('2025-03-10T12:00:00Z', null))).toBe('Mar 10, 2025, 5:30:00 PM GMT+5:30');
  });

  it('lets a caller preview another zone (the Settings sample timestamps)', () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(plain(formatTimestamp('2025-03-10T12:00:00Z', 'UTC'))).toBe('Mar 10, 2025, 12:00:00 PM UTC');
  });

  it("falls back to the browser's zone when the user has none, or one this browser does not know", () => {
    setDisplayTimeZone(null);
    expect(displayTimeZone()).toBe(browser);
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(displayTimeZone()).toBe(browser);
    expect(displayTimeZone('Mars/Olympus_Mons')).toBe(browser);
  });

  it('goes back to the browser zone on sign-out', () => {
    setDisplayTimeZone('Asia/Tokyo');
    setDisplayTimeZone(null);
    expect(displayTimeZone()).toBe(browser);
  });
});

describe('relative times (docs/product-rules.md "Display rules")', () => {
  const ago = (seconds: number): string => new Date(NOW - seconds * 1000).toISOString();

  it('reads "Just now", then seconds under a minute, then whole minutes', () => {
    expect(relativeTime(ago(1), NOW)).toBe('Just now');
    expect(relativeTime(ago(30), NOW)).toBe('30 seconds ago');
    expect(relativeTime(ago(59.9), NOW)).toBe('59 seconds ago');
    expect(relativeTime(ago(119), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(120), NOW)).toBe('2 minutes ago');
  });

  it('counts days up to and including 30, then shows the date in the display timezone', () => {
    expect(relativeTime(ago(29 * 86400 + 3600), NOW)).toBe('29 days ago');
    expect(relativeTime(ago(30 * 86400), NOW)).toBe('30 days ago');
    expect(relativeTime(ago(30 * 86400 + 1), NOW, 'UTC')).toBe('Feb 8, 2025');
  });

  it('formats nothing for a timestamp that is not one', () => {
    expect(formatDate('yesterday')).toBe('');
    expect(formatTimestamp('')).toBe('');
  });
});
