/**
 * A remembered device as people recognise it. Browsers name a device by their client hints
 * ("Windows 15.0.0 x86 Windows Microsoft Edge/131.0;Chromium/131.0") or their user agent
 * ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) ... Chrome/131.0 ..."): this reads the browser and
 * the system out of either, and keeps any other name as it is.
 */

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\/|HeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b|\bChrome OS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b|^macOS\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (patterns: ReadonlyArray<[RegExp, string]>, text: string) => patterns.find(([pattern]) => pattern.test(text))?.[1];

export function describeDevice(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return 'Unnamed device';
  const browser = first(BROWSERS, trimmed);
  const system = first(SYSTEMS, trimmed);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? trimmed;
}
