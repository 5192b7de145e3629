import { describe, expect, it } from 'vitest';
import { displayTimeZone, formatTimestamp, relativeTime } from '../../../frontend/src/utils/time';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const ago = (seconds: number): string => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says Just now for the first seconds, and for a timestamp slightly in the future', () => {
    expect(relativeTime(ago(0), NOW)).toBe('Just now');
    expect(relativeTime(ago(9), NOW)).toBe('Just now');
    expect(relativeTime(ago(-5), NOW)).toBe('Just now');
  });

  it("counts seconds until a minute, the seconds step", () => {
    expect(relativeTime(ago(10), NOW)).toBe('10 seconds ago');
    expect(relativeTime(ago(45), NOW)).toBe('45 seconds ago');
    expect(relativeTime(ago(59), NOW)).toBe('59 seconds ago');
  });

  it('counts minutes, hours and days with singular and plural', () => {
    expect(relativeTime(ago(60), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * 60), NOW)).toBe('59 minutes ago');
    expect(relativeTime(ago(3600), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 3600), NOW)).toBe('23 hours ago');
    expect(relativeTime(ago(86400), NOW)).toBe('1 day ago');
    expect(relativeTime(ago(30 * 86400), NOW)).toBe('30 days ago');
  });

  it('shows a date beyond 30 days, in the given timezone', () => {
    expect(relativeTime(ago(31 * 86400), NOW, 'UTC')).toBe('Feb 7, 2025');
  });

  it('returns nothing for an unreadable timestamp', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('displayTimeZone', () => {
  it("uses the user's timezone when it is a real zone", () => {
    expect(displayTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it("falls back to the browser's zone for a missing or unknown one", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(displayTimeZone(null)).toBe(browser);
    expect(displayTimeZone('Mars/Olympus_Mons')).toBe(browser);
  });
});

describe('formatTimestamp', () => {
  it('formats the full timestamp in the display timezone', () => {
    // ICU versions differ in the space before AM/PM (U+202F or a plain space): compare plain.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatTimestamp('2025-03-10T12:00:00Z', 'Asia/Kolkata'))).toBe('Mar 10, 2025, 5:30:00 PM GMT+5:30');
    expect(plain(formatTimestamp('2025-03-10T12:00:00Z', 'UTC'))).toBe('Mar 10, 2025, 12:00:00 PM UTC');
  });
});
