/**
 * A session's device in plain words, from the User-Agent it signed in with ("Chrome on macOS"), for
 * Settings -> Security (docs/security.md "Tokens and sessions"). Only the browser and the system are
 * named, never versions: enough to recognise one's own devices, nothing more to keep.
 */

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\/|HeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (table: ReadonlyArray<readonly [RegExp, string]>, text: string): string | null =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The words shown for a device whose User-Agent says nothing we know. */
export const UNKNOWN_DEVICE = 'Unknown device';

/** "Chrome on macOS", "Firefox", "iPhone", or "Unknown device". */
export const deviceName = (userAgent: string | null | undefined): string => {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = firstMatch(BROWSERS, text);
  const system = firstMatch(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
};
